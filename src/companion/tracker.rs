//! The physical table as typed in: the players with their factions and VP, the bases
//! with the cards on them (minions with their owner, controller, power counters and
//! attached actions; actions on bases), whose turn it is and the changes that last
//! until the end of the turn. It is plain data, saved as RON, and turned into an engine
//! [`Position`] whenever a number is wanted, so that the engine, not this module, says
//! what every card's power and every base's breakpoint are. Hands and decks are not
//! known at a physical table and are left empty.

use crate::engine::position::{
    ActionSpec, BaseSpec, LastingSpec, MinionSpec, PlayerSpec, Position, TurnSpec,
};
use crate::engine::state::Phase;
use crate::engine::GameState;
use serde::{Deserialize, Serialize};

/// One person at the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    /// Their name as typed at set-up.
    pub name: String,
    /// Their two faction ids.
    pub factions: Vec<String>,
    /// Victory points.
    pub vp: u32,
    /// Card ids in their discard pile, as known at the table (cards that left play).
    pub discard: Vec<String>,
}

/// An action in play: its card id and its owner (who played it; they control it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Action {
    /// The card id.
    pub card: String,
    /// The seat of its owner.
    pub owner: usize,
}

/// A minion on a base.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Minion {
    /// The card id.
    pub card: String,
    /// The seat of its owner.
    pub owner: usize,
    /// The seat of its controller (the owner unless someone took control).
    pub controller: usize,
    /// +1 power counters on it.
    pub counters: u32,
    /// Power added or taken until the end of this turn.
    pub this_turn: i32,
    /// Actions played on it.
    pub actions: Vec<Action>,
}

/// A base in play with what is on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Base {
    /// The base id.
    pub base: String,
    /// Minions on it, in the order they came.
    pub minions: Vec<Minion>,
    /// Actions played on the base itself.
    pub actions: Vec<Action>,
}

/// Where one card on the table is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// Minion `minion` of base `base`.
    Minion { base: usize, minion: usize },
    /// Action `action` on minion `minion` of base `base`.
    OnMinion {
        base: usize,
        minion: usize,
        action: usize,
    },
    /// Action `action` on base `base` itself.
    OnBase { base: usize, action: usize },
}

impl Spot {
    /// The base the card is on.
    pub fn base(self) -> usize {
        match self {
            Spot::Minion { base, .. } | Spot::OnMinion { base, .. } | Spot::OnBase { base, .. } => {
                base
            }
        }
    }
}

/// The whole table.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Tracker {
    /// The people, in seat order.
    pub players: Vec<Seat>,
    /// The bases in play, in table order.
    pub bases: Vec<Base>,
    /// Whose turn (a seat), once someone has said.
    pub turn: Option<usize>,
    /// The turn's number, from 1 (counted by `turn` commands).
    pub turn_number: u32,
    /// Scored bases, in the order they scored.
    pub scored: Vec<String>,
    /// The table position of a scored base whose replacement is still to be named.
    pub replacing: Option<usize>,
}

impl Tracker {
    /// Every card on the table in table order (base by base: each minion followed by
    /// the actions on it, then the base's own actions): the order `cards` numbers them.
    pub fn spots(&self) -> Vec<Spot> {
        let mut out = Vec::new();
        for (b, base) in self.bases.iter().enumerate() {
            for (m, minion) in base.minions.iter().enumerate() {
                out.push(Spot::Minion { base: b, minion: m });
                for a in 0..minion.actions.len() {
                    out.push(Spot::OnMinion {
                        base: b,
                        minion: m,
                        action: a,
                    });
                }
            }
            for a in 0..base.actions.len() {
                out.push(Spot::OnBase { base: b, action: a });
            }
        }
        out
    }

    /// The card id at a spot, and its owner.
    pub fn card_at(&self, spot: Spot) -> (&str, usize) {
        match spot {
            Spot::Minion { base, minion } => {
                let m = &self.bases[base].minions[minion];
                (&m.card, m.owner)
            }
            Spot::OnMinion {
                base,
                minion,
                action,
            } => {
                let a = &self.bases[base].minions[minion].actions[action];
                (&a.card, a.owner)
            }
            Spot::OnBase { base, action } => {
                let a = &self.bases[base].actions[action];
                (&a.card, a.owner)
            }
        }
    }

    /// Takes a card off the table; a minion takes its actions with it. The minion (or
    /// action) and, for a minion, the actions that were on it.
    pub fn take(&mut self, spot: Spot) -> Taken {
        match spot {
            Spot::Minion { base, minion } => Taken::Minion(self.bases[base].minions.remove(minion)),
            Spot::OnMinion {
                base,
                minion,
                action,
            } => Taken::Action(self.bases[base].minions[minion].actions.remove(action)),
            Spot::OnBase { base, action } => Taken::Action(self.bases[base].actions.remove(action)),
        }
    }

    /// Puts what was taken into its owners' discard piles (a minion's actions go to
    /// theirs).
    pub fn discard(&mut self, taken: Taken) {
        match taken {
            Taken::Minion(m) => {
                self.players[m.owner].discard.push(m.card);
                for a in m.actions {
                    self.players[a.owner].discard.push(a.card);
                }
            }
            Taken::Action(a) => self.players[a.owner].discard.push(a.card),
        }
    }

    /// The engine position of the table: the bases with their cards, VP and discard
    /// piles, whose turn, and the power changes that last this turn; hands and decks
    /// empty (unknown). It stops before scoring, so that building it changes nothing.
    pub fn position(&self) -> Position {
        let action = |a: &Action| ActionSpec {
            card: a.card.clone(),
            owner: a.owner as u8,
            named: None,
            stored: Vec::new(),
        };
        let mut lasting = Vec::new();
        let bases = self
            .bases
            .iter()
            .enumerate()
            .map(|(b, base)| BaseSpec {
                base: base.base.clone(),
                minions: base
                    .minions
                    .iter()
                    .enumerate()
                    .map(|(m, minion)| {
                        if minion.this_turn != 0 {
                            lasting.push(LastingSpec::PowerAt {
                                base: b,
                                minion: m,
                                amount: minion.this_turn,
                            });
                        }
                        MinionSpec {
                            card: minion.card.clone(),
                            owner: minion.owner as u8,
                            controller: Some(minion.controller as u8),
                            counters: minion.counters,
                            actions: minion.actions.iter().map(action).collect(),
                            stored: Vec::new(),
                        }
                    })
                    .collect(),
                actions: base.actions.iter().map(action).collect(),
            })
            .collect();
        Position {
            players: self
                .players
                .iter()
                .map(|p| PlayerSpec {
                    factions: p.factions.clone(),
                    discard: p.discard.clone(),
                    vp: p.vp,
                    ..PlayerSpec::default()
                })
                .collect(),
            bases,
            base_deck: Vec::new(),
            turn: TurnSpec {
                player: self.turn.unwrap_or(0) as u8,
                number: self.turn_number.max(1),
                ..TurnSpec::default()
            },
            seed: 0,
            base_discard: self.scored.clone(),
            play_now: Vec::new(),
            lasting,
            pause_at: vec![Phase::ScoreBases, Phase::Draw, Phase::EndTurn],
        }
    }

    /// The engine's game at this table, to read numbers from; an error in words when
    /// the engine cannot hold it (no players yet).
    pub fn game(&self) -> Result<GameState, String> {
        if self.players.is_empty() {
            return Err("No players yet: type player, a name and two factions, for example player Ann pirates ninjas.".into());
        }
        GameState::from_position(&self.position())
    }
}

/// A card taken off the table.
#[derive(Debug, Clone, PartialEq)]
pub enum Taken {
    /// A minion, with the actions that were on it.
    Minion(Minion),
    /// An action.
    Action(Action),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(name: &str, factions: &[&str]) -> Seat {
        Seat {
            name: name.into(),
            factions: factions.iter().map(|f| f.to_string()).collect(),
            vp: 0,
            discard: Vec::new(),
        }
    }

    fn minion(card: &str, owner: usize) -> Minion {
        Minion {
            card: card.into(),
            owner,
            controller: owner,
            counters: 0,
            this_turn: 0,
            actions: Vec::new(),
        }
    }

    #[test]
    fn the_engine_reads_ongoing_power_counters_and_this_turn() {
        let mut t = Tracker {
            players: vec![
                seat("Ann", &["dinosaurs", "pirates"]),
                seat("Ben", &["ninjas", "robots"]),
            ],
            ..Tracker::default()
        };
        t.bases.push(Base {
            base: "bases.tortuga".into(),
            minions: vec![
                minion("dinosaurs.war_raptor", 0),
                minion("dinosaurs.war_raptor", 0),
                minion("ninjas.ninja_master", 1),
            ],
            actions: Vec::new(),
        });
        t.bases[0].minions[2].counters = 1;
        t.bases[0].minions[2].this_turn = 2;
        let game = t.game().unwrap();
        let base = game.bases[0].card;
        // Two War Raptors: 2 printed and 2 for the raptors there, each.
        assert_eq!(game.player_power(base, crate::engine::PlayerId(0)), 8);
        // Ninja Master 5, a counter and 2 this turn.
        assert_eq!(game.player_power(base, crate::engine::PlayerId(1)), 8);
        assert_eq!(game.breakpoint(base), 21);
        // Tied first: both get first place's VP and the place below is skipped.
        let places: Vec<(u32, u32)> = game
            .placings(base)
            .iter()
            .map(|p| (p.place, p.vp))
            .collect();
        assert_eq!(places, vec![(1, 4), (1, 4)]);
        // Three counters instead of the change this turn: still tied; a third player is third.
        t.bases[0].minions[2].this_turn = 0;
        t.bases[0].minions[2].counters = 3;
        t.players.push(seat("Cat", &["wizards", "zombies"]));
        t.bases[0].minions.push(minion("wizards.chronomage", 2));
        let game = t.game().unwrap();
        let places: Vec<(u32, u32)> = game
            .placings(base)
            .iter()
            .map(|p| (p.place, p.vp))
            .collect();
        assert_eq!(places, vec![(1, 4), (1, 4), (3, 2)]);
        // Building the position scored nothing and moved nothing.
        assert_eq!(game.bases[0].minions.len(), 4);
        assert_eq!(game.players[0].vp, 0);
    }
}
