//! The formal draft of the rulebook: "Randomly determine who goes first. The first
//! player chooses one faction. Choice continues clockwise. When everyone has chosen
//! one faction, the last player chooses a second faction. Choice continues in reverse
//! order." (core-set-accessible-edition.txt, "For formal play"). The first picker also
//! plays first. This one helper holds whose pick it is, the factions still free, the
//! random picks (the "random" answer and the bots') and the lines that ask and tell;
//! `smashup play` runs it at one keyboard ([`super::setup`]) and `smashup serve` one
//! pick at a time over the network. It is plain data, so a server keeps a draft over a
//! restart, and every random pick comes from the seed and the pick's number, so a
//! draft read back goes on exactly as it would have.

use super::pick::{pick, Item};
use super::table::{Line, LineKind};
use crate::engine::defs::defs;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A formal draft under way: who picks first, the factions still free and every pick
/// so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// The game's seed, from which the first picker and every random pick come.
    seed: u64,
    /// How many players draft.
    players: usize,
    /// The seat that picks first, and so plays first.
    pub first: usize,
    /// The factions still free, in name order.
    free: Vec<String>,
    /// The factions picked so far, in the order they were picked.
    picks: Vec<String>,
}

/// A faction's name as the game says it.
pub fn faction_name(id: &str) -> String {
    defs()
        .catalog
        .faction(id)
        .map_or_else(|| id.to_string(), |f| f.name.clone())
}

/// The entries of a question choosing one of `free`: random first, then each faction
/// (number, label, the words that name it).
pub fn faction_entries(free: &[String]) -> Vec<(usize, String, Vec<String>)> {
    let catalog = defs().catalog;
    let mut entries = vec![(1, "random".to_string(), vec!["random".to_string()])];
    for id in free {
        if let Some(f) = catalog.faction(id) {
            entries.push((
                entries.len() + 1,
                format!("{} {}, {}", f.letter, f.name, f.set.name()),
                vec![f.letter.to_string(), f.id.clone(), f.name.clone()],
            ));
        }
    }
    entries
}

/// A numbered question as lines: its header, then one line per entry ("2. a Aliens,
/// Core Set"), the kinds a rich client tells apart.
pub fn question_lines(question: &str, entries: &[(usize, String, Vec<String>)]) -> Vec<Line> {
    let mut lines = vec![Line {
        kind: LineKind::Question,
        text: question.to_string(),
    }];
    lines.extend(entries.iter().map(|(n, label, _)| Line {
        kind: LineKind::Question,
        text: format!("{n}. {label}"),
    }));
    lines
}

/// The words that answer a numbered question, for [`pick`].
pub fn entry_items(entries: &[(usize, String, Vec<String>)]) -> Vec<Item> {
    entries
        .iter()
        .map(|(n, _, keys)| Item::new(*n, keys))
        .collect()
}

impl Draft {
    /// A draft among `players` seats of the factions in `free`; the first picker is
    /// drawn from `seed`.
    pub fn new(players: usize, mut free: Vec<String>, seed: u64) -> Draft {
        free.sort_by_key(|id| faction_name(id));
        let first = ChaCha8Rng::seed_from_u64(seed ^ 0xfac7_0125).gen_range(0..players.max(1));
        Draft {
            seed,
            players,
            first,
            free,
            picks: Vec::new(),
        }
    }

    /// The seat making pick `k` (from 0): clockwise from the first picker, then back.
    fn seat_of(&self, k: usize) -> usize {
        let round = if k < self.players {
            k
        } else {
            2 * self.players - 1 - k
        };
        (self.first + round) % self.players
    }

    /// The seat whose pick it is; `None` once every seat has two factions.
    pub fn turn(&self) -> Option<usize> {
        (self.picks.len() < self.total()).then(|| self.seat_of(self.picks.len()))
    }

    /// How many picks have been made.
    pub fn made(&self) -> usize {
        self.picks.len()
    }

    /// How many picks the draft has: two per seat.
    pub fn total(&self) -> usize {
        2 * self.players
    }

    /// The factions `seat` has drafted so far.
    pub fn picked(&self, seat: usize) -> Vec<String> {
        self.picks
            .iter()
            .enumerate()
            .filter(|(k, _)| self.seat_of(*k) == seat)
            .map(|(_, id)| id.clone())
            .collect()
    }

    /// The current question's entries: random, then each faction still free.
    pub fn entries(&self) -> Vec<(usize, String, Vec<String>)> {
        faction_entries(&self.free)
    }

    /// The current question, asked of `name` (`None`: the only person, at one keyboard).
    pub fn question(name: Option<&str>) -> String {
        match name {
            Some(n) => format!("{n}, draft a faction."),
            None => "Draft a faction.".to_string(),
        }
    }

    /// The current question and its numbered options, asked of `name`.
    pub fn question_lines(&self, name: Option<&str>) -> Vec<Line> {
        question_lines(&Draft::question(name), &self.entries())
    }

    /// Which entry of the current question `text` names (number, letter or a name's
    /// start), or the line saying what was expected.
    pub fn answer(&self, text: &str) -> Result<usize, String> {
        pick(text, &entry_items(&self.entries()))
    }

    /// Makes the current pick with entry `choice` of [`Draft::entries`] (0: random);
    /// the faction picked.
    pub fn take(&mut self, choice: usize) -> String {
        let i = match choice {
            0 => self.random_index(),
            k => (k - 1).min(self.free.len().saturating_sub(1)),
        };
        let id = self.free.remove(i);
        self.picks.push(id.clone());
        id
    }

    /// Makes the current pick at random, as a bot does; the faction picked.
    pub fn take_random(&mut self) -> String {
        self.take(0)
    }

    fn random_index(&self) -> usize {
        let salt = (self.picks.len() as u64 + 1) << 40;
        ChaCha8Rng::seed_from_u64(self.seed ^ 0xfac7_0125 ^ salt).gen_range(0..self.free.len())
    }

    /// Every seat's two factions, once the draft is over.
    pub fn factions(&self) -> Option<Vec<[String; 2]>> {
        if self.turn().is_some() {
            return None;
        }
        Some(
            (0..self.players)
                .map(|s| {
                    let p = self.picked(s);
                    [p[0].clone(), p[1].clone()]
                })
                .collect(),
        )
    }

    /// The opening line: who picks first.
    pub fn opening(first_name: &str) -> String {
        format!("Draft: {first_name} picks first and will play first.")
    }

    /// The line everyone hears of a pick: "Ann drafts Pirates." (`who` None: "You
    /// draft Pirates.", for the only person at one keyboard).
    pub fn pick_line(who: Option<&str>, id: &str) -> String {
        match who {
            Some(n) => format!("{n} drafts {}.", faction_name(id)),
            None => format!("You draft {}.", faction_name(id)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool() -> Vec<String> {
        [
            "pirates",
            "ninjas",
            "zombies",
            "robots",
            "aliens",
            "dinosaurs",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    }

    #[test]
    fn the_picks_go_round_and_back() {
        let mut d = Draft::new(3, pool(), 7);
        let first = d.first;
        let order: Vec<usize> = (0..6)
            .map(|_| {
                let seat = d.turn().unwrap();
                d.take(1);
                seat
            })
            .collect();
        let f = |k: usize| (first + k) % 3;
        assert_eq!(order, vec![f(0), f(1), f(2), f(2), f(1), f(0)]);
        assert_eq!(d.turn(), None);
        let factions = d.factions().unwrap();
        let mut all: Vec<String> = factions.iter().flatten().cloned().collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 6);
    }

    #[test]
    fn random_picks_follow_the_seed_and_the_pick_number() {
        let mut a = Draft::new(2, pool(), 3);
        let mut b = a.clone();
        a.take(2);
        b.take(2);
        assert_eq!(a.take_random(), b.take_random());
        assert_eq!(a, b);
    }

    #[test]
    fn answers_by_letter_or_name_start() {
        let d = Draft::new(2, pool(), 1);
        let k = d.answer("pira").unwrap();
        assert_eq!(d.entries()[k].2[1], "pirates");
        assert!(d.answer("pirats").unwrap_err().contains("Did you mean"));
        assert!(d.answer("0").is_err());
    }
}
