//! What each seat has missed since its last turn: `recap` (in a few lines, the cards
//! played at each base, the minions destroyed or moved, the bases scored and the VP
//! gained) and the cards drawn since, which the main question marks new. Only public
//! things go in a recap (plays, destructions, moves, scoring), so it can be read to
//! anyone.

use super::describe::{and_list, grouped, sentence, Words};
use crate::engine::events::Zone;
use crate::engine::{Event, GameState, PlayerId, Uid};
use serde::{Deserialize, Serialize};

/// What happened since one player's last turn began.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Recap {
    /// Cards played: by whom, which, and the base it went to (if any).
    plays: Vec<(PlayerId, Uid, Option<Uid>)>,
    /// Minions destroyed, with their owners.
    destroyed: Vec<(Uid, PlayerId)>,
    /// Minions moved, and the base each went to.
    moved: Vec<(Uid, Uid)>,
    /// Bases scored.
    scored: Vec<Uid>,
    /// VP gained by each player, in the order they were first gained.
    vp: Vec<(PlayerId, u32)>,
}

impl Recap {
    /// Keeps the public outcomes of a batch of events (`before` is the game before them).
    pub fn record(&mut self, before: &GameState, events: &[Event]) {
        for e in events {
            match e {
                Event::Played {
                    player, card, to, ..
                } => {
                    let base = match to {
                        Some(Zone::Base(b)) => Some(*b),
                        Some(Zone::Minion(m)) => before.base_of(*m),
                        _ => None,
                    };
                    self.plays.push((*player, *card, base));
                }
                Event::Destroyed { card, .. } => {
                    self.destroyed.push((*card, before.owner(*card)));
                }
                Event::Moved { card, to, .. } => self.moved.push((*card, *to)),
                Event::BaseScored { base, .. } => self.scored.push(*base),
                Event::GainedVp { player, amount, .. } => {
                    match self.vp.iter_mut().find(|(p, _)| p == player) {
                        Some((_, n)) => *n += amount,
                        None => self.vp.push((*player, *amount)),
                    }
                }
                _ => {}
            }
        }
    }

    /// The recap, a line per subject; one line when nothing happened.
    pub fn lines(&self, w: &Words) -> Vec<String> {
        let name = |c: Uid| w.game.def(c).name().to_string();
        let mut lines = Vec::new();
        let mut players: Vec<PlayerId> = Vec::new();
        for (p, _, _) in &self.plays {
            if !players.contains(p) {
                players.push(*p);
            }
        }
        for p in players {
            let mut places: Vec<Option<Uid>> = Vec::new();
            for (q, _, b) in &self.plays {
                if *q == p && !places.contains(b) {
                    places.push(*b);
                }
            }
            let parts: Vec<String> = places
                .iter()
                .map(|b| {
                    let cards: Vec<String> = self
                        .plays
                        .iter()
                        .filter(|(q, _, x)| *q == p && x == b)
                        .map(|(_, c, _)| name(*c))
                        .collect();
                    let cards = and_list(&grouped(&cards));
                    match b {
                        Some(b) => format!("{cards} on {}", name(*b)),
                        None => cards,
                    }
                })
                .collect();
            lines.push(format!(
                "{} played {}.",
                sentence(&w.player(p)),
                parts.join("; ")
            ));
        }
        if !self.destroyed.is_empty() {
            let names: Vec<String> = self
                .destroyed
                .iter()
                .map(|&(c, owner)| format!("{} {}", w.possessive(owner), name(c)))
                .collect();
            lines.push(format!("Destroyed: {}.", and_list(&grouped(&names))));
        }
        if !self.moved.is_empty() {
            let names: Vec<String> = self
                .moved
                .iter()
                .map(|&(c, to)| format!("{} to {}", name(c), name(to)))
                .collect();
            lines.push(format!("Moved: {}.", and_list(&names)));
        }
        let gains: Vec<String> = self
            .vp
            .iter()
            .map(|&(p, n)| format!("{n} VP for {}", w.player(p)))
            .collect();
        if !self.scored.is_empty() {
            let names: Vec<String> = self.scored.iter().map(|&b| name(b)).collect();
            let mut line = format!("Scored: {}.", and_list(&names));
            if !gains.is_empty() {
                line.push_str(&format!(" Gained: {}.", and_list(&gains)));
            }
            lines.push(line);
        } else if !gains.is_empty() {
            lines.push(format!("Gained: {}.", and_list(&gains)));
        }
        if lines.is_empty() {
            return vec!["Nothing was played since your last turn.".to_string()];
        }
        lines.insert(0, "Since your last turn:".to_string());
        lines
    }
}

/// Every seat's recap and its hand at the end of its last turn.
#[derive(Debug, Clone, Default)]
pub struct SinceLastTurn {
    recaps: Vec<Recap>,
    hands: Vec<Option<Vec<Uid>>>,
}

impl SinceLastTurn {
    /// Nothing missed yet, for `seats` seats.
    pub fn new(seats: usize) -> SinceLastTurn {
        SinceLastTurn {
            recaps: vec![Recap::default(); seats],
            hands: vec![None; seats],
        }
    }

    /// Keeps a batch of events for every seat but the one whose turn it is (so an undone
    /// play is never in a recap), and notes the hand a seat ends its turn with. The
    /// players whose turn began in the batch.
    pub fn record(&mut self, before: &GameState, events: &[Event]) -> Vec<PlayerId> {
        let last = before.turn.player;
        for (i, r) in self.recaps.iter_mut().enumerate() {
            if last.ix() != i {
                r.record(before, events);
            }
        }
        let mut began = Vec::new();
        for e in events {
            if let Event::TurnStarted { player, .. } = e {
                if last != *player {
                    self.hands[last.ix()] = Some(before.players[last.ix()].hand.clone());
                    self.recaps[last.ix()] = Recap::default();
                }
                began.push(*player);
            }
        }
        began
    }

    /// A seat's recap, as it reads to that seat.
    pub fn lines(&self, p: PlayerId, w: &Words) -> Vec<String> {
        self.recaps[p.ix()].lines(w)
    }

    /// The cards in a seat's hand drawn since the end of its last turn.
    pub fn new_cards(&self, game: &GameState, p: PlayerId) -> Vec<Uid> {
        match &self.hands[p.ix()] {
            Some(then) => game.players[p.ix()]
                .hand
                .iter()
                .copied()
                .filter(|c| !then.contains(c))
                .collect(),
            None => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, BotKind};
    use crate::engine::GameConfig;
    use crate::play::seat::Seat;

    #[test]
    fn a_recap_groups_plays_by_player_and_base_and_says_vp_apart_from_names() {
        let config = GameConfig::two_players(5, 1);
        let game = GameState::new(&config).unwrap();
        let seats = vec![
            Seat::person("You"),
            Seat::bot("Bot 2", Bot::new(BotKind::Heuristic, 1)),
        ];
        let base = game.bases[0].card;
        let [a, b] = [game.players[1].hand[0], game.players[1].hand[1]];
        let played = |card| Event::Played {
            player: PlayerId(1),
            card,
            to: Some(Zone::Base(base)),
            from: Zone::Hand,
            by: None,
        };
        let events = vec![
            played(a),
            played(b),
            Event::BaseScored {
                base,
                ranks: vec![(PlayerId(1), 9, 3)],
            },
            Event::GainedVp {
                player: PlayerId(1),
                amount: 3,
                total: 3,
                by: Some(base),
            },
        ];
        let mut missed = SinceLastTurn::new(2);
        missed.record(&game, &events);
        let w = Words::new(&game, &seats, Some(PlayerId(0)));
        let name = |c: Uid| game.def(c).name().to_string();
        let cards = and_list(&grouped(&[name(a), name(b)]));
        assert_eq!(
            missed.lines(PlayerId(0), &w),
            vec![
                "Since your last turn:".to_string(),
                format!("Bot 2 played {cards} on {}.", name(base)),
                format!("Scored: {}. Gained: 3 VP for Bot 2.", name(base)),
            ]
        );
    }
}
