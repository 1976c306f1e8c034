//! Building a game from a described position (players' zones, bases with their
//! cards, whose turn and which phase), for scenario tests and rulings.

use super::defs::{defs, DefId};
use super::state::{
    ActionInPlay, Allowance, BaseInPlay, CardInst, Expiry, GameState, Ignoring, Lasting,
    LastingEffect, MinionInPlay, Phase, Player, PlayerId, Turn, Uid,
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
    /// Cards in stasis in front of the player, with their stasis counters.
    pub stasis: Vec<(String, u32)>,
    /// Cards stored under a card of `stasis` (named by id; the first copy there).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stored_in_stasis: Vec<(String, Vec<String>)>,
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
    /// Cards stored under it (owned by the action's owner).
    #[serde(default)]
    pub stored: Vec<String>,
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
    /// Cards stored under it (owned by the minion's owner).
    #[serde(default)]
    pub stored: Vec<String>,
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
    /// Lasting effects already in force, instead of replaying the cards that made
    /// them: a power change until the end of the turn (Howl), a breakpoint change,
    /// a player who may ignore a base (Infiltrate), a Talent used this turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lasting: Vec<LastingSpec>,
    /// Phases the game stops before (each answered with `Continue`), so that checks
    /// can read the state at that moment: e.g. `[Draw]` to look before the draw.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pause_at: Vec<Phase>,
}

/// A lasting effect already in force in a position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum LastingSpec {
    /// The first copy in play of this minion has `amount` more power until the end
    /// of this turn.
    Power { minion: String, amount: i32 },
    /// The minion at this place (the base's index in `bases` and the minion's in its
    /// `minions`, from 0) has `amount` more power until the end of this turn: for one
    /// copy of several, as a table tracker says which.
    PowerAt {
        base: usize,
        minion: usize,
        amount: i32,
    },
    /// This base's breakpoint changes by `amount` until the end of this turn.
    Breakpoint { base: String, amount: i32 },
    /// This player may ignore this base's ability through this card in play on it
    /// (Infiltrate), until the start of their next turn.
    Ignoring {
        base: String,
        player: u8,
        by: String,
    },
    /// The Talent of the first copy in play of this card was used this turn.
    TalentUsed(String),
    /// A once-per-turn key already used this turn.
    Used(String),
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
    /// The game a position written in RON describes (tests and rulings write them by
    /// hand); a position that does not parse or cannot be set up is an error in words.
    pub fn from_position_ron(text: &str) -> Result<GameState, String> {
        let pos: Position = ron::from_str(text).map_err(|e| e.to_string())?;
        GameState::from_position(&pos)
    }

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
        in_range("the turn number", pos.turn.number)?;
        in_range("minions_played", pos.turn.minions_played)?;
        check_bases_once(pos)?;
        let mut players = Vec::new();
        for (i, p) in pos.players.iter().enumerate() {
            in_range(&format!("player {i}'s VP"), p.vp)?;
            if let Some(f) = p
                .factions
                .iter()
                .find(|f| defs().catalog.faction(f).is_none())
            {
                return Err(format!("player {i}'s faction `{f}` is not a faction"));
            }
            let owner = Some(PlayerId(i as u8));
            let mut zone = |ids: &[String]| -> Result<Vec<Uid>, String> {
                ids.iter().map(|id| add(&mut cards, id, owner)).collect()
            };
            let hand = zone(&p.hand)?;
            let deck = zone(&p.deck)?;
            let discard = zone(&p.discard)?;
            let mut stasis = Vec::new();
            for (id, counters) in &p.stasis {
                in_range(&format!("the stasis counters on {id}"), *counters)?;
                stasis.push((add(&mut cards, id, owner)?, *counters));
            }
            let mut stored_off_table = Vec::new();
            for (host, under) in &p.stored_in_stasis {
                let def = defs().find(host);
                let host = stasis
                    .iter()
                    .map(|&(c, _)| c)
                    .find(|&c| Some(cards[c.0 as usize].def) == def)
                    .ok_or_else(|| format!("{host} is not in stasis"))?;
                let under = under
                    .iter()
                    .map(|id| add(&mut cards, id, owner))
                    .collect::<Result<Vec<_>, _>>()?;
                stored_off_table.push((host, under));
            }
            players.push(Player {
                factions: p.factions.clone(),
                hand,
                deck,
                discard,
                vp: p.vp,
                stasis,
                stored_off_table,
            });
        }
        let mut bases = Vec::new();
        for b in &pos.bases {
            let card = add(&mut cards, &b.base, None)?;
            let action =
                |cards: &mut Vec<CardInst>, a: &ActionSpec| -> Result<ActionInPlay, String> {
                    let owner = Some(seat(a.owner)?);
                    placed_as(&a.card, false)?;
                    Ok(ActionInPlay {
                        card: add(cards, &a.card, owner)?,
                        controller: seat(a.owner)?,
                        named: a.named.clone(),
                        stored: a
                            .stored
                            .iter()
                            .map(|id| add(cards, id, owner))
                            .collect::<Result<_, _>>()?,
                        since_turn: 0,
                        mode: None,
                    })
                };
            let actions = b
                .actions
                .iter()
                .map(|a| action(&mut cards, a))
                .collect::<Result<_, _>>()?;
            let mut minions = Vec::new();
            for m in &b.minions {
                in_range(&format!("the counters on {}", m.card), m.counters)?;
                let attached = m
                    .actions
                    .iter()
                    .map(|a| action(&mut cards, a))
                    .collect::<Result<_, _>>()?;
                let owner = Some(seat(m.owner)?);
                placed_as(&m.card, true)?;
                let card = add(&mut cards, &m.card, owner)?;
                let stored = m
                    .stored
                    .iter()
                    .map(|id| add(&mut cards, id, owner))
                    .collect::<Result<_, _>>()?;
                minions.push(MinionInPlay {
                    card,
                    controller: seat(m.controller.unwrap_or(m.owner))?,
                    counters: m.counters,
                    attached,
                    stored,
                    since_turn: 0,
                    played_from: None,
                });
            }
            bases.push(BaseInPlay {
                card,
                minions,
                actions,
                played_here: Vec::new(),
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
                played_on: Vec::new(),
                cards_played: vec![(0, 0); n],
                played_minions: (0..n)
                    .map(|i| {
                        if i == t.player as usize {
                            t.minions_played
                        } else {
                            0
                        }
                    })
                    .collect(),
                used: Vec::new(),
                decisions: 0,
                loop_stopped: false,
                stasis_emptied: false,
                left_stasis: Vec::new(),
                moved: Vec::new(),
                played_cards: Vec::new(),
                destroyed_actions: Vec::new(),
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
                named: None,
                onto_others_minion: false,
                must_affect: None,
                minion: grant.minion,
                normal: false,
                power_at_most: None,
                only_on: None,
                only_where_no_minion: false,
                only_where_minion: false,
                from_discard: false,
                source: None,
                either: false,
            };
            state.stack.push(super::flow::Task::ImmediatePlay(
                seat(grant.player)?,
                allowance,
            ));
        }
        for spec in &pos.lasting {
            apply_lasting(&mut state, spec, seat)?;
        }
        state.pause_at = pos.pause_at.clone();
        state.advance();
        Ok(state)
    }
}

/// Puts one lasting effect of a position in force.
fn apply_lasting(
    state: &mut GameState,
    spec: &LastingSpec,
    seat: impl Fn(u8) -> Result<PlayerId, String>,
) -> Result<(), String> {
    let in_play = |state: &GameState, id: &str| -> Result<Uid, String> {
        (0..state.cards.len() as u16)
            .map(Uid)
            .find(|&c| state.def(c).id() == id && state.on_table(c))
            .ok_or_else(|| format!("`{id}` is not in play"))
    };
    let base = |state: &GameState, id: &str| -> Result<Uid, String> {
        state
            .bases
            .iter()
            .map(|b| b.card)
            .find(|&b| state.def(b).id() == id)
            .ok_or_else(|| format!("base `{id}` is not in play"))
    };
    let this_turn = Expiry::EndOfTurn(state.turn.number);
    match spec {
        LastingSpec::Power { minion, amount } => {
            change_in_range(&format!("the power change of {minion}"), *amount)?;
            let m = in_play(state, minion)?;
            state.lasting.push(LastingEffect {
                what: Lasting::Power {
                    minion: m,
                    amount: *amount,
                },
                until: this_turn,
            });
        }
        LastingSpec::PowerAt {
            base,
            minion,
            amount,
        } => {
            let m = state
                .bases
                .get(*base)
                .and_then(|b| b.minions.get(*minion))
                .map(|m| m.card)
                .ok_or_else(|| format!("there is no minion {minion} on base {base}"))?;
            state.lasting.push(LastingEffect {
                what: Lasting::Power {
                    minion: m,
                    amount: *amount,
                },
                until: this_turn,
            });
        }
        LastingSpec::Breakpoint { base: id, amount } => {
            change_in_range(&format!("the breakpoint change of {id}"), *amount)?;
            let b = base(state, id)?;
            state.lasting.push(LastingEffect {
                what: Lasting::Breakpoint {
                    base: b,
                    amount: *amount,
                },
                until: this_turn,
            });
        }
        LastingSpec::Ignoring {
            base: id,
            player,
            by,
        } => {
            let ignoring = Ignoring {
                base: base(state, id)?,
                player: seat(*player)?,
                by: in_play(state, by)?,
            };
            state.ignoring.push(ignoring);
        }
        LastingSpec::TalentUsed(id) => {
            let c = in_play(state, id)?;
            state.turn.used.push(super::flow::talent_key(c));
        }
        LastingSpec::Used(key) => state.turn.used.push(key.clone()),
    }
    Ok(())
}

/// Adds one physical card of this id.
fn add(cards: &mut Vec<CardInst>, id: &str, owner: Option<PlayerId>) -> Result<Uid, String> {
    let def: DefId = defs()
        .find(id)
        .ok_or_else(|| format!("unknown card id `{id}`"))?;
    let uid = u16::try_from(cards.len())
        .map_err(|_| format!("too many cards: at most {} in one position", u16::MAX))?;
    cards.push(CardInst { def, owner });
    Ok(Uid(uid))
}

/// The largest count a position may give (power counters, VP, minions played):
/// far above any real game, and far below where arithmetic would wrap.
const MAX_COUNT: u32 = 10_000;

/// Refuses a count no game can reach.
fn in_range(what: &str, n: u32) -> Result<(), String> {
    if n > MAX_COUNT {
        Err(format!("{what} is {n}; at most {MAX_COUNT} is allowed"))
    } else {
        Ok(())
    }
}

/// Refuses a change of power or breakpoint no game can reach, either way.
fn change_in_range(what: &str, n: i32) -> Result<(), String> {
    in_range(what, n.unsigned_abs())
        .map_err(|_| format!("{what} is {n}; at most {MAX_COUNT} either way is allowed"))
}

/// Refuses a card placed as the other kind: an action as a minion on a base, or a
/// minion as an action on a base or a minion. (A base placed as either, or an unknown
/// id, is refused where the card is added.)
fn placed_as(id: &str, minion: bool) -> Result<(), String> {
    let kind = |m: bool| if m { "a minion" } else { "an action" };
    match defs().find(id).and_then(|d| d.def().card()) {
        Some(card) if card.is_minion() != minion => Err(format!(
            "`{id}` is {} and cannot be placed as {}",
            kind(card.is_minion()),
            kind(minion)
        )),
        _ => Ok(()),
    }
}

/// Refuses a base named twice among the bases in play, the base deck and the base
/// discard pile: each base is one card.
fn check_bases_once(pos: &Position) -> Result<(), String> {
    let all: Vec<&String> = pos
        .bases
        .iter()
        .map(|b| &b.base)
        .chain(&pos.base_deck)
        .chain(&pos.base_discard)
        .collect();
    match all.iter().enumerate().find(|(i, b)| all[..*i].contains(b)) {
        Some((_, b)) => Err(format!("base `{b}` is placed twice; each base is one card")),
        None => Ok(()),
    }
}
