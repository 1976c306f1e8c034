//! Building a game from a described position (players' zones, bases with their
//! cards, whose turn and which phase), for scenario tests and rulings.

use super::defs::{defs, DefId};
use super::state::{
    ActionInPlay, Allowance, BaseInPlay, CardInst, GameState, MinionInPlay, Phase, Player,
    PlayerId, Turn, Uid,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// One player's part of a position. Cards are card ids; decks are top first.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PlayerSpec {
    /// The two faction ids (for cards that name factions).
    pub factions: Vec<String>,
    /// Cards in hand.
    pub hand: Vec<String>,
    /// The deck, top first.
    pub deck: Vec<String>,
    /// The discard pile.
    pub discard: Vec<String>,
    /// Victory points.
    pub vp: u32,
}

/// An action on a base or a minion.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionSpec {
    /// The card id.
    pub card: String,
    /// Owner and controller (seat from 0).
    pub owner: u8,
    /// A faction it named when played.
    #[serde(default)]
    pub named: Option<String>,
}

/// A minion on a base.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinionSpec {
    /// The card id.
    pub card: String,
    /// Its owner (seat from 0).
    pub owner: u8,
    /// Its controller, when not the owner.
    #[serde(default)]
    pub controller: Option<u8>,
    /// +1 power counters.
    #[serde(default)]
    pub counters: u32,
    /// Actions attached to it.
    #[serde(default)]
    pub actions: Vec<ActionSpec>,
}

/// A base in play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BaseSpec {
    /// The base id.
    pub base: String,
    /// Minions on it.
    #[serde(default)]
    pub minions: Vec<MinionSpec>,
    /// Actions played on the base.
    #[serde(default)]
    pub actions: Vec<ActionSpec>,
}

/// Whose turn and where in it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnSpec {
    /// Whose turn (seat from 0).
    #[serde(default)]
    pub player: u8,
    /// The phase the position starts in. `Setup` is the deal itself: opening hands
    /// without a minion are offered the mulligan before the first turn.
    #[serde(default = "TurnSpec::default_phase")]
    pub phase: Phase,
    /// The turn number.
    #[serde(default = "TurnSpec::default_number")]
    pub number: u32,
    /// The normal minion play is still available.
    #[serde(default = "TurnSpec::yes")]
    pub minion_play: bool,
    /// The normal action play is still available.
    #[serde(default = "TurnSpec::yes")]
    pub action_play: bool,
    /// Minions already played this turn.
    #[serde(default)]
    pub minions_played: u32,
}

impl TurnSpec {
    fn default_phase() -> Phase {
        Phase::PlayCards
    }
    fn default_number() -> u32 {
        1
    }
    fn yes() -> bool {
        true
    }
}

impl Default for TurnSpec {
    fn default() -> Self {
        TurnSpec {
            player: 0,
            phase: Phase::PlayCards,
            number: 1,
            minion_play: true,
            action_play: true,
            minions_played: 0,
        }
    }
}

/// A whole position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The players, by seat.
    pub players: Vec<PlayerSpec>,
    /// Bases in play.
    pub bases: Vec<BaseSpec>,
    /// The base deck, top first.
    #[serde(default)]
    pub base_deck: Vec<String>,
    /// The turn.
    #[serde(default)]
    pub turn: TurnSpec,
    /// The RNG seed.
    #[serde(default)]
    pub seed: u64,
    /// The base discard pile (scored bases), for positions where the base deck runs out.
    #[serde(default)]
    pub base_discard: Vec<String>,
    /// Extra plays some effect has just granted, to be used at once or lost, offered
    /// first (in this order) when the position starts: e.g. an action played during
    /// another player's turn (Augmentation, Howl).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub play_now: Vec<PlayNowSpec>,
}

/// An extra play granted to a player, to be used at once or lost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayNowSpec {
    /// Who may play (seat from 0).
    pub player: u8,
    /// A minion (true) or an action (false).
    pub minion: bool,
}

impl GameState {
    /// The game a position describes, run on to its first question.
    pub fn from_position(pos: &Position) -> Result<GameState, String> {
        let mut cards: Vec<CardInst> = Vec::new();
        let n = pos.players.len();
        if !(1..=4).contains(&n) {
            return Err(format!("a position needs 1 to 4 players, not {n}"));
        }
        let seat = |s: u8| -> Result<PlayerId, String> {
            if (s as usize) < n {
                Ok(PlayerId(s))
            } else {
                Err(format!("there is no player {s} (seats are 0 to {})", n - 1))
            }
        };
        let mut players = Vec::new();
        for (i, p) in pos.players.iter().enumerate() {
            let owner = Some(PlayerId(i as u8));
            let mut zone = |ids: &[String]| -> Result<Vec<Uid>, String> {
                ids.iter().map(|id| add(&mut cards, id, owner)).collect()
            };
            players.push(Player {
                factions: p.factions.clone(),
                hand: zone(&p.hand)?,
                deck: zone(&p.deck)?,
                discard: zone(&p.discard)?,
                vp: p.vp,
                stasis: Vec::new(),
            });
        }
        let mut bases = Vec::new();
        for b in &pos.bases {
            let card = add(&mut cards, &b.base, None)?;
            let action =
                |cards: &mut Vec<CardInst>, a: &ActionSpec| -> Result<ActionInPlay, String> {
                    Ok(ActionInPlay {
                        card: add(cards, &a.card, Some(seat(a.owner)?))?,
                        controller: seat(a.owner)?,
                        named: a.named.clone(),
                        stored: Vec::new(),
                        since_turn: 0,
                    })
                };
            let actions = b
                .actions
                .iter()
                .map(|a| action(&mut cards, a))
                .collect::<Result<_, _>>()?;
            let mut minions = Vec::new();
            for m in &b.minions {
                let attached = m
                    .actions
                    .iter()
                    .map(|a| action(&mut cards, a))
                    .collect::<Result<_, _>>()?;
                minions.push(MinionInPlay {
                    card: add(&mut cards, &m.card, Some(seat(m.owner)?))?,
                    controller: seat(m.controller.unwrap_or(m.owner))?,
                    counters: m.counters,
                    attached,
                    stored: Vec::new(),
                });
            }
            bases.push(BaseInPlay {
                card,
                minions,
                actions,
            });
        }
        let base_deck = pos
            .base_deck
            .iter()
            .map(|id| add(&mut cards, id, None))
            .collect::<Result<_, _>>()?;
        let base_discard: Vec<Uid> = pos
            .base_discard
            .iter()
            .map(|id| add(&mut cards, id, None))
            .collect::<Result<_, _>>()?;
        for c in &cards {
            if c.def.def().card().is_some() != c.owner.is_some() {
                return Err(format!(
                    "`{}` is in the wrong place for its kind",
                    c.def.def().id()
                ));
            }
        }
        let t = &pos.turn;
        let mut allowances = Vec::new();
        for (minion, available) in [(true, t.minion_play), (false, t.action_play)] {
            if available {
                allowances.push(Allowance::normal(minion));
            }
        }
        let mut state = GameState::assemble(
            ChaCha8Rng::seed_from_u64(pos.seed),
            cards,
            players,
            bases,
            base_deck,
            Turn {
                player: seat(t.player)?,
                number: t.number,
                phase: t.phase,
                allowances,
                minions_played: t.minions_played,
                used: Vec::new(),
                decisions: 0,
                loop_stopped: false,
            },
        );
        state.base_discard = base_discard;
        // A position in the Setup phase is the deal itself: the opening hands are
        // checked for the no-minion mulligan before the first turn. Any other phase
        // is past it.
        if t.phase != Phase::Setup {
            state.mulligan_asked = (0..n as u8).map(PlayerId).collect();
        }
        for grant in pos.play_now.iter().rev() {
            let allowance = Allowance {
                minion: grant.minion,
                normal: false,
                power_at_most: None,
                only_on: None,
                only_where_no_minion: false,
                from_discard: false,
            };
            state.stack.push(super::flow::Task::ImmediatePlay(
                seat(grant.player)?,
                allowance,
            ));
        }
        state.advance();
        Ok(state)
    }
}

/// Adds one physical card of this id.
fn add(cards: &mut Vec<CardInst>, id: &str, owner: Option<PlayerId>) -> Result<Uid, String> {
    let def: DefId = defs()
        .find(id)
        .ok_or_else(|| format!("unknown card id `{id}`"))?;
    cards.push(CardInst { def, owner });
    Ok(Uid(cards.len() as u16 - 1))
}
