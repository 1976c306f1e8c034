//! Computer players. Each sees the game only through a [`SeatView`] (the table, the
//! discard piles, its own hand and question) and answers with an option index, like
//! a person would. The heuristic bot is the default opponent; the random bot picks
//! any legal option and is there for testing and for a gentle game; the search bot
//! (levels easy, normal, hard) thinks ahead over worlds re-dealt from its view.

mod ahead;
mod heuristic;
pub mod memory;
mod random;
pub mod view;
pub mod waste;

pub use view::SeatView;

use crate::ai::Search;
use memory::TurnMemory;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A computer player: how it thinks, and what it did this turn (so it never takes a
/// loop forever, see [`memory`]). Serde, so that a saved game keeps its bots exactly
/// as they were.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bot {
    brain: Brain,
    #[serde(default)]
    memory: TurnMemory,
    #[serde(skip)]
    scratch: Scratch,
}

/// How a bot picks among the options it considers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Brain {
    /// Picks uniformly among the legal options with its own seeded generator (boxed:
    /// it is much bigger than the other kinds).
    Random(Box<ChaCha8Rng>),
    /// Plays to win the bases it can win, breaks bases when it leads, and aims its
    /// destroy and move cards at the strongest enemy minions.
    Heuristic,
    /// Information-set Monte Carlo tree search with its budget and seed.
    Search(Search),
}

/// The name (for `simulate --bots`, not a kind to seat at a table) of the search bot
/// that was `hard` before issue 26 changed its search: 1,200 iterations, exploration
/// 0.7, uniformly random playouts two turns long ([`Search::level`]).
pub const CLASSIC: &str = "classic";

/// Which kind of bot to seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotKind {
    /// [`Bot::Random`].
    Random,
    /// [`Bot::Heuristic`].
    Heuristic,
    /// [`Bot::Search`] with a small budget.
    Easy,
    /// [`Bot::Search`] with a medium budget.
    Normal,
    /// [`Bot::Search`] with the largest budget.
    Hard,
}

impl BotKind {
    /// Every kind, with the name that selects it.
    pub const ALL: [(&'static str, BotKind); 5] = [
        ("random", BotKind::Random),
        ("heuristic", BotKind::Heuristic),
        ("easy", BotKind::Easy),
        ("normal", BotKind::Normal),
        ("hard", BotKind::Hard),
    ];

    /// The kind a name selects (`random`, `heuristic`, `easy`, `normal`, `hard`).
    pub fn parse(name: &str) -> Option<BotKind> {
        let name = name.trim().to_lowercase();
        Self::ALL.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
    }

    /// The names, for help and error messages: "random, heuristic, ...".
    pub fn names() -> String {
        Self::ALL.map(|(n, _)| n).join(", ")
    }
}

impl Bot {
    /// A new bot of this kind; `seed` makes a random bot's choices repeatable.
    pub fn new(kind: BotKind, seed: u64) -> Bot {
        Bot::thinking(match kind {
            BotKind::Random => Brain::Random(Box::new(ChaCha8Rng::seed_from_u64(seed))),
            BotKind::Heuristic => Brain::Heuristic,
            BotKind::Easy => Brain::Search(Search::level("easy", seed)),
            BotKind::Normal => Brain::Search(Search::level("normal", seed)),
            BotKind::Hard => Brain::Search(Search::level("hard", seed)),
        })
    }

    /// A bot that thinks this way, with nothing done yet this turn.
    fn thinking(brain: Brain) -> Bot {
        Bot {
            brain,
            memory: TurnMemory::default(),
            scratch: Scratch::default(),
        }
    }

    /// The bot a name selects: a kind (`random`, `heuristic`, `easy`, `normal`,
    /// `hard`), and for a search bot optionally its budget of iterations per decision
    /// after `@` (`hard@1200`), then search settings after `:` (`hard@1200:c=0.3:turns=1:playout=busy`,
    /// see [`Search::set`]). An unknown name, a budget that is not a whole number from
    /// 1 to 1,000,000 or an unknown setting is an error in words.
    pub fn named(name: &str, seed: u64) -> Result<Bot, String> {
        let mut parts = name.split(':');
        let head = parts.next().unwrap_or_default();
        let (kind_name, budget) = match head.split_once('@') {
            Some((k, b)) => (k, Some(b.trim())),
            None => (head, None),
        };
        let mut bot = if kind_name.trim().eq_ignore_ascii_case(CLASSIC) {
            Bot::thinking(Brain::Search(Search::level(CLASSIC, seed)))
        } else {
            let kind = BotKind::parse(kind_name).ok_or_else(|| {
                format!(
                    "no bot called `{}`; expected one of: {}, {CLASSIC}",
                    kind_name.trim(),
                    BotKind::names()
                )
            })?;
            Bot::new(kind, seed)
        };
        let settings: Vec<&str> = parts.collect();
        if budget.is_none() && settings.is_empty() {
            return Ok(bot);
        }
        let Brain::Search(search) = &mut bot.brain else {
            return Err(format!(
                "only a search bot (easy, normal, hard) takes a budget or settings, not `{name}`"
            ));
        };
        if let Some(budget) = budget {
            search.iterations = budget
                .parse()
                .ok()
                .filter(|n| (1..=1_000_000).contains(n))
                .ok_or_else(|| {
                    format!("`{budget}` is not a budget: expected iterations from 1 to 1000000")
                })?;
        }
        for setting in settings {
            search.set(setting)?;
        }
        Ok(bot)
    }

    /// The index of the option to answer the seat's pending question with; 0 when
    /// the seat has nothing to answer. Never the option it already took from this
    /// same position this turn, while another is left.
    pub fn choose(&mut self, view: &SeatView) -> usize {
        self.choose_counted(view).0
    }

    /// [`Self::choose`], with how many search iterations the bot ran to choose (0
    /// for a bot that does not search, or when there was nothing to weigh).
    pub fn choose_counted(&mut self, view: &SeatView) -> (usize, u32) {
        let Some(decision) = view.decision() else {
            return (0, 0);
        };
        // One option is no choice: nothing to remember.
        if decision.options.len() == 1 {
            return (0, 0);
        }
        let options = &decision.options;
        let sum = view.option_keys_sum(options);
        let place = view.fingerprint_summed(options.len(), sum, &mut self.scratch.kept);
        let fresh = self.memory.fresh(view.turn_number(), place);
        // At a fresh position the random bot draws among all the options (the same
        // draw as among the candidates, which are all of them), with no list made.
        if let (true, Brain::Random(rng)) = (fresh, &mut self.brain) {
            let i = random::choose(rng, options.len());
            self.memory
                .record(place, view.option_key(&options[i]), true);
            return (i, 0);
        }
        let mut candidates = std::mem::take(&mut self.scratch.candidates);
        if fresh {
            candidates.clear();
            candidates.extend(0..options.len());
        } else {
            // Only a position seen before needs every option's key.
            let mut keys = std::mem::take(&mut self.scratch.keys);
            view.option_keys(options, &mut keys);
            self.memory
                .candidates(place, &keys, decision, &mut candidates);
            self.scratch.keys = keys;
        }
        let (i, iterations) = match (candidates.as_slice(), &mut self.brain) {
            ([], _) => (0, 0),
            (_, Brain::Random(rng)) => (candidates[random::choose(rng, candidates.len())], 0),
            (_, Brain::Heuristic) => (heuristic::choose(view, decision, &candidates), 0),
            ([one], Brain::Search(_)) => (*one, 0),
            (_, Brain::Search(search)) => {
                (search.choose_among(view, &candidates), search.iterations)
            }
        };
        if !candidates.is_empty() {
            self.memory
                .record(place, view.option_key(&options[i]), fresh);
        }
        self.scratch.candidates = candidates;
        (i, iterations)
    }
}

/// Buffers [`Bot::choose`] fills at every decision, kept between decisions so that
/// a decision allocates nothing. Not part of what a bot is: never saved, and equal
/// whatever they hold.
#[derive(Debug, Clone, Default)]
struct Scratch {
    /// The options' keys, at a position seen before.
    keys: Vec<u64>,
    /// The options worth considering.
    candidates: Vec<usize>,
    /// What the fingerprint of the last position leaves for the next.
    kept: view::FingerprintKept,
}

impl PartialEq for Scratch {
    fn eq(&self, _: &Scratch) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(bot: &Bot) -> Option<u32> {
        match &bot.brain {
            Brain::Search(s) => Some(s.iterations),
            _ => None,
        }
    }

    #[test]
    fn a_name_may_give_a_search_bot_its_budget() {
        assert_eq!(budget(&Bot::named("hard@1200", 1).unwrap()), Some(1200));
        assert_eq!(budget(&Bot::named("Normal@7", 1).unwrap()), Some(7));
        let plain = Bot::named("hard", 1).unwrap();
        assert_eq!(budget(&plain), Some(Search::level("hard", 1).iterations));
        assert_eq!(budget(&Bot::named("heuristic", 1).unwrap()), None);
    }

    #[test]
    fn classic_is_the_hard_bot_of_before_with_any_budget_and_settings() {
        let search = |name| match Bot::named(name, 3).unwrap().brain {
            Brain::Search(s) => s,
            other => panic!("{name}: {other:?}"),
        };
        let before = Search {
            iterations: 1200,
            playout_turns: 2,
            exploration: 0.7,
            seed: 3,
            playout: crate::ai::Playout::Random,
        };
        assert_eq!(search("classic"), before);
        assert_eq!(search("Classic@1200"), before);
        let tuned = search("classic@6000:c=0.2:turns=0:playout=busy");
        assert_eq!(
            (tuned.iterations, tuned.exploration, tuned.playout_turns),
            (6000, 0.2, 0)
        );
        assert_eq!(tuned.playout, crate::ai::Playout::Busy);
    }

    /// A bot saved before the playout setting existed loads and plays as it did.
    #[test]
    fn an_old_saved_search_bot_loads_as_it_was() {
        let old =
            "(brain: Search((iterations: 1200, playout_turns: 2, exploration: 0.7, seed: 3)))";
        let bot: Bot = ron::from_str(old).unwrap();
        assert_eq!(bot, Bot::named(CLASSIC, 3).unwrap());
    }

    #[test]
    fn a_bad_name_or_budget_is_an_error_in_words() {
        for bad in [
            "hard@",
            "hard@0",
            "hard@many",
            "heuristic@300",
            "expert",
            "hard:c=x",
            "random:c=1",
        ] {
            let e = Bot::named(bad, 1).expect_err(bad);
            assert!(e.contains('`'), "{bad}: {e}");
        }
    }
}
