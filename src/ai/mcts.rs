//! Information-set Monte Carlo tree search (single observer) over the engine's own
//! decision interface. Every decision is a branch, targets and bases included. Each
//! iteration re-deals the hidden cards (see [`super::determinize`]), walks the tree
//! choosing by UCB1 among the options legal in that deal (counting availability),
//! adds one node, plays a short random playout and scores it with [`super::eval`].
//! Edges are keyed by the option itself, not its number, since deals differ.

use super::eval::rewards;
use crate::bots::SeatView;
use crate::engine::Choice;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Search settings (serde: a saved game keeps its bots).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Search {
    /// Iterations per decision (the budget; deterministic for a seed).
    pub iterations: u32,
    /// Turns a playout runs past the searched position before it is scored.
    pub playout_turns: u32,
    /// UCB1 exploration constant.
    pub exploration: f64,
    /// The bot's own seed.
    pub seed: u64,
    /// How a playout picks its answers (absent in older saves: uniformly at random).
    #[serde(default)]
    pub playout: Playout,
}

/// How a playout answers the questions past the tree.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Playout {
    /// Any legal option, uniformly.
    #[default]
    Random,
    /// In the Play Cards phase, never ends the turn while a card can be played or
    /// used; otherwise any legal option, uniformly (see [`super::playout`]).
    Busy,
}

impl Search {
    /// The settings of a level: `easy`, `normal`, `classic` (the `hard` of before
    /// issue 26, kept so that matches can be played against it), anything else is
    /// `hard`. Every level but `hard` searches as `classic` does, with its own budget;
    /// `hard` spends five times the budget, and explores less (exploration 0.25, not
    /// 0.7): the rewards sit near one half and differ little from move to move, so
    /// the wider exploration spread the visits almost evenly whatever the budget
    /// (README, "Speed").
    pub fn level(name: &str, seed: u64) -> Search {
        let (iterations, exploration) = match name {
            "easy" => (60, 0.7),
            "normal" => (300, 0.7),
            "classic" => (1200, 0.7),
            _ => (6000, 0.25),
        };
        Search {
            iterations,
            playout_turns: 2,
            exploration,
            seed,
            playout: Playout::Random,
        }
    }

    /// Changes one setting named in a bot's name (`c=0.3`, `turns=1`,
    /// `playout=busy`); an unknown setting or value is an error in words.
    pub fn set(&mut self, setting: &str) -> Result<(), String> {
        let bad = || {
            format!(
                "`{setting}` is not a search setting: expected c=NUMBER (exploration), \
                 turns=NUMBER (playout turns) or playout=random|busy"
            )
        };
        let (key, value) = setting.split_once('=').ok_or_else(bad)?;
        match key.trim() {
            "c" => {
                self.exploration = value
                    .trim()
                    .parse()
                    .ok()
                    .filter(|c: &f64| (0.0..=10.0).contains(c))
                    .ok_or_else(bad)?
            }
            "turns" => {
                self.playout_turns = value
                    .trim()
                    .parse()
                    .ok()
                    .filter(|t| *t <= 20)
                    .ok_or_else(bad)?
            }
            "playout" => {
                self.playout = match value.trim() {
                    "random" => Playout::Random,
                    "busy" => Playout::Busy,
                    _ => return Err(bad()),
                }
            }
            _ => return Err(bad()),
        }
        Ok(())
    }
}

struct Edge {
    choice: Choice,
    /// [`choice_key`] of the choice: edges are matched to a deal's options by it
    /// first, and by the choice itself only when the keys agree.
    key: u64,
    child: usize,
    visits: u32,
    available: u32,
    reward: f64,
}

#[derive(Default)]
struct Node {
    edges: Vec<Edge>,
}

/// A choice as a number, equal for equal choices (a card choice packed whole with
/// the card itself, any other hashed: see [`crate::fingerprint::choice_word`]), so
/// that matching choices compares numbers.
fn choice_key(choice: &Choice) -> u64 {
    crate::fingerprint::choice_word(choice, |card| u64::from(card.0))
}

/// Buffers one search fills at every step of the tree, kept for the whole search.
#[derive(Default)]
struct Scratch {
    /// The options' [`choice_key`]s.
    keys: Vec<u64>,
    /// Per option, true when an edge of the node is that choice.
    covered: Vec<bool>,
    /// Per edge of the node, the first option that is its choice, if any.
    option_of: Vec<Option<usize>>,
    /// The options not yet tried from the node (and, at the root, considered).
    fresh: Vec<usize>,
}

impl Scratch {
    /// Matches the edges of `node` to this deal's `options`.
    fn matched(&mut self, node: &Node, options: &[Choice]) {
        self.keys.clear();
        self.keys.extend(options.iter().map(choice_key));
        self.covered.clear();
        self.covered.resize(options.len(), false);
        self.option_of.clear();
        for e in &node.edges {
            let mut first = None;
            for (i, &k) in self.keys.iter().enumerate() {
                if k == e.key && options[i] == e.choice {
                    first = first.or(Some(i));
                    self.covered[i] = true;
                }
            }
            self.option_of.push(first);
        }
    }
}

/// Answers a playout gives at most: a random playout stuck in a loop within one turn
/// stops there and is scored as it stands.
const PLAYOUT_ANSWERS: u32 = 500;

impl Search {
    /// The option index the seat picks at its pending decision. The search sees only
    /// the seat's view: every world it explores is re-dealt from it.
    pub fn choose(&self, view: &SeatView) -> usize {
        let all: Vec<usize> = view
            .decision()
            .map_or(Vec::new(), |d| (0..d.options.len()).collect());
        self.choose_among(view, &all)
    }

    /// The option index the seat picks among `candidates` (indices into its pending
    /// decision's options: the bot's loop rule may leave some out).
    pub fn choose_among(&self, view: &SeatView, candidates: &[usize]) -> usize {
        let Some(root) = view.decision() else {
            return 0;
        };
        if let [one] = candidates {
            return *one;
        }
        let wanted: Vec<&Choice> = candidates
            .iter()
            .filter_map(|&i| root.options.get(i))
            .collect();
        if wanted.is_empty() {
            return 0;
        }
        let wanted_keys: Vec<u64> = wanted.iter().map(|c| choice_key(c)).collect();
        let is_wanted = |key: u64, choice: &Choice| {
            wanted_keys
                .iter()
                .zip(&wanted)
                .any(|(&k, w)| k == key && *w == choice)
        };
        let mut rng = ChaCha8Rng::seed_from_u64(
            self.seed
                ^ (view.turn_number() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
                ^ (root.options.len() as u64) << 32,
        );
        let mut nodes: Vec<Node> = vec![Node::default()];
        let mut scratch = Scratch::default();
        // What each answer told, unread: one list for the whole search.
        let mut told = Vec::new();
        let mut path: Vec<(usize, usize, usize)> = Vec::new();
        for _ in 0..self.iterations {
            let mut world = view.imagine(&mut rng);
            let horizon = world.turn.number + self.playout_turns;
            path.clear();
            let mut node = 0;
            while let Some(d) = world.pending() {
                let actor = d.player.ix();
                let options = &d.options;
                scratch.matched(&nodes[node], options);
                for (e, at) in nodes[node].edges.iter_mut().zip(&scratch.option_of) {
                    if at.is_some() {
                        e.available += 1;
                    }
                }
                // At the root, only the options the bot considers.
                scratch.fresh.clear();
                scratch.fresh.extend((0..options.len()).filter(|&i| {
                    !scratch.covered[i] && (node != 0 || is_wanted(scratch.keys[i], &options[i]))
                }));
                let (edge, index) = if !scratch.fresh.is_empty() {
                    let index = scratch.fresh[rng.gen_range(0..scratch.fresh.len())];
                    nodes.push(Node::default());
                    let child = nodes.len() - 1;
                    nodes[node].edges.push(Edge {
                        choice: options[index].clone(),
                        key: scratch.keys[index],
                        child,
                        visits: 0,
                        available: 1,
                        reward: 0.0,
                    });
                    (nodes[node].edges.len() - 1, index)
                } else {
                    let edge = self.select(&nodes[node], &scratch.option_of);
                    (
                        edge,
                        scratch.option_of.get(edge).copied().flatten().unwrap_or(0),
                    )
                };
                path.push((node, edge, actor));
                if world.answer_into(index, &mut told).is_err() {
                    break;
                }
                let expanded = nodes[node].edges[edge].visits == 0;
                node = nodes[node].edges[edge].child;
                if expanded {
                    break;
                }
            }
            let mut answers = 0;
            while let Some(d) = world.pending() {
                if world.turn.number > horizon || answers >= PLAYOUT_ANSWERS {
                    break;
                }
                answers += 1;
                let i = match self.playout {
                    Playout::Random => rng.gen_range(0..d.options.len()),
                    Playout::Busy => super::playout::busy(d, &mut rng),
                };
                if world.answer_into(i, &mut told).is_err() {
                    break;
                }
            }
            let reward = rewards(&world);
            for &(node, edge, actor) in &path {
                let e = &mut nodes[node].edges[edge];
                e.visits += 1;
                e.reward += reward[actor];
            }
        }
        let best = nodes[0]
            .edges
            .iter()
            .filter(|e| is_wanted(e.key, &e.choice))
            .max_by(|a, b| a.visits.cmp(&b.visits).then(a.reward.total_cmp(&b.reward)));
        best.and_then(|e| root.options.iter().position(|c| *c == e.choice))
            .unwrap_or(candidates[0])
    }

    /// The edge with the best UCB1 score among those legal in this deal (`option_of`:
    /// per edge, the option that is its choice, if any).
    fn select(&self, node: &Node, option_of: &[Option<usize>]) -> usize {
        let mut best = (0, f64::MIN);
        for (i, (e, at)) in node.edges.iter().zip(option_of).enumerate() {
            if at.is_none() {
                continue;
            }
            let score = if e.visits == 0 {
                f64::MAX
            } else {
                e.reward / e.visits as f64
                    + self.exploration * ((e.available.max(1) as f64).ln() / e.visits as f64).sqrt()
            };
            if score > best.1 {
                best = (i, score);
            }
        }
        best.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse_and_bad_ones_are_errors_in_words() {
        let mut s = Search::level("classic", 1);
        for setting in ["c=0.25", "turns=1", "playout=busy"] {
            s.set(setting).unwrap();
        }
        assert_eq!(
            (s.exploration, s.playout_turns, s.playout),
            (0.25, 1, Playout::Busy)
        );
        for bad in ["c", "c=-1", "c=x", "turns=99", "playout=smart", "depth=2"] {
            let e = s.set(bad).expect_err(bad);
            assert!(e.contains('`'), "{bad}: {e}");
        }
    }

    /// A search saved before the playout setting existed loads as it played then.
    #[test]
    fn an_old_saved_search_loads_with_random_playouts() {
        let old = "(iterations: 1200, playout_turns: 2, exploration: 0.7, seed: 5)";
        let s: Search = ron::from_str(old).unwrap();
        assert_eq!(s, Search::level("classic", 5));
        let again: Search = ron::from_str(&ron::to_string(&s).unwrap()).unwrap();
        assert_eq!(again, s);
    }
}
