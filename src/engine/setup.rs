//! Setting up a game: decks from two factions each, the base deck from the sets of
//! the chosen factions (or every base), players + 1 bases in play, five cards each;
//! then the optional no-minion mulligan and the first turn.

use super::defs::{defs, Def, DefId};
use super::state::{CardInst, GameState, Phase, Player, PlayerId, Turn, Uid};
use crate::cards::model::SetId;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// How to set a game up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameConfig {
    /// The seed of the game's RNG.
    pub seed: u64,
    /// Each player's two faction ids, by seat.
    pub factions: Vec<[String; 2]>,
    /// Use every base of every set instead of the chosen factions' sets.
    pub all_bases: bool,
    /// Let different players use the same faction (two boxes).
    pub shared_factions: bool,
    /// The first player; random when not given.
    pub first_player: Option<u8>,
    /// The VP that ends the game (`--vp N`; saves from before it: 15).
    #[serde(default = "super::flow::default_vp_goal")]
    pub vp_goal: u32,
}

impl GameConfig {
    /// Two players, Pirates and Ninjas against Aliens and Dinosaurs, the core bases: the
    /// small known table that unit tests and examples start from.
    pub fn two_players(seed: u64, first_player: u8) -> GameConfig {
        GameConfig {
            seed,
            factions: vec![
                ["pirates".into(), "ninjas".into()],
                ["aliens".into(), "dinosaurs".into()],
            ],
            all_bases: false,
            shared_factions: false,
            first_player: Some(first_player),
            vp_goal: super::flow::DEFAULT_VP_GOAL,
        }
    }
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

impl GameState {
    /// A new game, waiting for its first decision.
    pub fn new(config: &GameConfig) -> Result<GameState, SetupError> {
        let n = config.factions.len();
        if !(2..=4).contains(&n) {
            return Err(SetupError(format!("a game needs 2 to 4 players, not {n}")));
        }
        if !super::flow::VP_GOALS.contains(&config.vp_goal) {
            return Err(SetupError(format!(
                "a VP goal of {} is not allowed: expected {} to {}",
                config.vp_goal,
                super::flow::VP_GOALS.start(),
                super::flow::VP_GOALS.end()
            )));
        }
        let decks = decks();
        // Each seat's two factions, found once: by seat, in the order given.
        let mut chosen: Vec<&FactionDeck> = Vec::with_capacity(2 * n);
        for (seat, pair) in config.factions.iter().enumerate() {
            if pair[0] == pair[1] {
                return Err(SetupError(format!(
                    "player {} has {} twice: choose two different factions",
                    seat + 1,
                    pair[0]
                )));
            }
            for f in pair {
                let Some(faction) = decks.faction(f) else {
                    return Err(SetupError(format!("unknown faction `{f}`")));
                };
                if !config.shared_factions && chosen.iter().any(|c| c.id == f) {
                    return Err(SetupError(format!(
                        "{f} is taken by two players; allow shared factions to play with two boxes"
                    )));
                }
                chosen.push(faction);
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
        let size: usize = chosen.iter().map(|f| f.cards.len()).sum();
        let mut cards = Vec::with_capacity(size + decks.bases.len());
        let mut players = Vec::with_capacity(n);
        for ((seat, pair), both) in config.factions.iter().enumerate().zip(chosen.chunks(2)) {
            let owner = PlayerId(seat as u8);
            let both = merged(&both[0].cards, &both[1].cards);
            let mut deck = Vec::with_capacity(both.len());
            for def in both {
                deck.push(Uid(cards.len() as u16));
                cards.push(CardInst {
                    def,
                    owner: Some(owner),
                });
            }
            deck.shuffle(&mut rng);
            players.push(Player {
                factions: pair.to_vec(),
                hand: Vec::new(),
                deck,
                discard: Vec::new(),
                vp: 0,
                stasis: Vec::new(),
                stored_off_table: Vec::new(),
            });
        }
        let mut base_deck = Vec::with_capacity(decks.bases.len());
        for &(def, set) in &decks.bases {
            if config.all_bases || chosen.iter().any(|f| f.set == set) {
                base_deck.push(Uid(cards.len() as u16));
                cards.push(CardInst { def, owner: None });
            }
        }
        base_deck.shuffle(&mut rng);
        let first = match config.first_player {
            Some(p) if (p as usize) < n => PlayerId(p),
            Some(p) => return Err(SetupError(format!("there is no player {}", p + 1))),
            None => PlayerId(rng.gen_range(0..n) as u8),
        };
        let bases = base_deck
            .drain(..(n + 1).min(base_deck.len()))
            .map(|card| super::state::BaseInPlay {
                card,
                minions: Vec::new(),
                actions: Vec::new(),
                played_here: Vec::new(),
            })
            .collect();
        let mut state = GameState::assemble(
            rng,
            cards,
            players,
            bases,
            base_deck,
            Turn {
                player: first,
                number: 0,
                phase: Phase::Setup,
                allowances: Vec::new(),
                minions_played: 0,
                played_minions: vec![0; n],
                played_on: Vec::new(),
                cards_played: vec![(0, 0); n],
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
        state.vp_goal = config.vp_goal;
        for seat in 0..n {
            state.draw(PlayerId(seat as u8), 5);
        }
        state.advance();
        Ok(state)
    }

    /// The events since the game began or since the last answer.
    pub fn take_events(&mut self) -> Vec<super::events::Event> {
        self.told += self.events.len() as u64;
        std::mem::take(&mut self.events)
    }
}

/// The definitions' decks, worked out once per process (the definitions never change
/// once the first game is set up): each faction's cards, a card with several copies
/// once per copy, and the bases that can be dealt, each in definition order, so that
/// setting a game up walks no definition and compares no faction name per card.
struct Decks {
    /// Every faction of the catalog, in its order.
    factions: Vec<FactionDeck>,
    /// The bases the engine knows (`Base::implemented`), with their sets.
    bases: Vec<(DefId, SetId)>,
}

/// One faction of the catalog, as set-up reads it.
struct FactionDeck {
    /// Its id.
    id: &'static str,
    /// The set it comes in: its bases can be dealt.
    set: SetId,
    /// Its cards in definition order.
    cards: Vec<DefId>,
}

impl Decks {
    /// The faction with this id, if the catalog has it.
    fn faction(&self, id: &str) -> Option<&FactionDeck> {
        self.factions.iter().find(|f| f.id == id)
    }
}

/// The cards of two factions as one deck, in definition order, as the two factions'
/// cards come in the definitions (a card's copies are one id repeated: any order
/// among them is the same). Each list is in that order already, and a faction's
/// cards come together in the definitions, so the one that begins first and then the
/// other are in order: sorted only if not.
fn merged(a: &[DefId], b: &[DefId]) -> Vec<DefId> {
    let (first, then) = if b.first() < a.first() {
        (b, a)
    } else {
        (a, b)
    };
    let mut both = Vec::with_capacity(a.len() + b.len());
    both.extend_from_slice(first);
    both.extend_from_slice(then);
    if !both.is_sorted() {
        both.sort_unstable();
    }
    both
}

/// The process's [`Decks`].
fn decks() -> &'static Decks {
    static DECKS: OnceLock<Decks> = OnceLock::new();
    DECKS.get_or_init(|| {
        let mut decks = Decks {
            factions: defs()
                .catalog
                .factions
                .iter()
                .map(|f| FactionDeck {
                    id: &f.id,
                    set: f.set,
                    cards: Vec::new(),
                })
                .collect(),
            bases: Vec::new(),
        };
        for (i, def) in defs().all.iter().enumerate() {
            let id = DefId(i as u16);
            match def {
                Def::Card(c) => {
                    // A card of no faction of the catalog could never be dealt.
                    if let Some(f) = decks.factions.iter_mut().find(|f| f.id == c.faction) {
                        f.cards.extend(std::iter::repeat_n(id, c.copies as usize));
                    }
                }
                Def::Base(b) if b.implemented() => decks.bases.push((id, b.set)),
                Def::Base(_) => {}
            }
        }
        decks
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two different factions' deck from the kept lists is every copy of their cards in
    /// definition order, as a walk of every definition finds them; the bases kept are
    /// those a walk finds implemented.
    #[test]
    fn the_kept_decks_are_the_definitions_walked() {
        let all = &defs().all;
        let ids: Vec<&str> = defs()
            .catalog
            .factions
            .iter()
            .map(|f| f.id.as_str())
            .collect();
        // A player's two factions are never the same one (set-up refuses it).
        for a in &ids {
            for b in ids.iter().filter(|b| *b != a) {
                let walked: Vec<DefId> = all
                    .iter()
                    .enumerate()
                    .flat_map(|(i, d)| match d {
                        Def::Card(c) if c.faction == *a || c.faction == *b => {
                            std::iter::repeat_n(DefId(i as u16), c.copies as usize)
                        }
                        _ => std::iter::repeat_n(DefId(0), 0),
                    })
                    .collect();
                let faction = |id: &str| &decks().faction(id).unwrap().cards;
                let kept = merged(faction(a), faction(b));
                assert_eq!(kept, walked, "{a} and {b}");
            }
        }
        let bases: Vec<DefId> = all
            .iter()
            .enumerate()
            .filter(|(_, d)| matches!(d, Def::Base(b) if b.implemented()))
            .map(|(i, _)| DefId(i as u16))
            .collect();
        let kept: Vec<DefId> = decks().bases.iter().map(|&(d, _)| d).collect();
        assert_eq!(kept, bases);
    }
}
