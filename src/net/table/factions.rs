//! Each seat's own two factions before the start: `factions A,B` (or `sit TABLE CODE
//! A,B`) chooses them, the creator's `new --factions` gives them to the first seats,
//! and at `start` every seat without a choice keeps the factions drawn when the table
//! was set up, drawn again only where someone chose one of them. The game's set-up
//! then holds every seat's final pair, so its save replays as any other.

use super::*;
use crate::play::setup::faction_id;
use crate::sim::complete_factions;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A faction's name as the game says it.
fn faction_name(id: &str) -> String {
    crate::engine::defs::defs()
        .catalog
        .faction(id)
        .map_or_else(|| id.to_string(), |f| f.name.clone())
}

/// "Pirates and Ninjas".
fn pair_name(pair: &[String; 2]) -> String {
    format!("{} and {}", faction_name(&pair[0]), faction_name(&pair[1]))
}

impl NetTable {
    /// The creator's `new --factions`: the first `pairs` seats keep the factions the
    /// set-up gave them as their choice (until the person there chooses others).
    pub fn with_given(mut self, pairs: usize) -> NetTable {
        for (seat, pair) in self.seats.iter_mut().zip(&self.config.factions).take(pairs) {
            seat.factions = Some(pair.clone());
        }
        self.save_seats();
        self
    }

    /// `factions A,B` from the person at `seat`: their two factions, by letter, id or
    /// name; one line saying what was expected when they cannot have them.
    pub fn choose_factions(&mut self, seat: usize, text: &str) -> Result<(), String> {
        if self.started() {
            return Err("The game has started: factions are chosen before it.".into());
        }
        if self.drafts {
            return Err("This table drafts its factions: after start, each person picks one at a time when asked.".into());
        }
        let typed: Vec<&str> = text
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .collect();
        let [a, b] = typed[..] else {
            return Err(
                "Expected two factions after a comma: factions pirates,ninjas (letters, ids or names)."
                    .into(),
            );
        };
        let pool = complete_factions();
        let pair = [faction_id(a, &pool)?, faction_id(b, &pool)?];
        if pair[0] == pair[1] {
            return Err(format!(
                "{} is named twice: choose two different factions.",
                faction_name(&pair[0])
            ));
        }
        for id in &pair {
            let holder =
                self.seats.iter().enumerate().find(|(i, s)| {
                    *i != seat && s.factions.as_ref().is_some_and(|p| p.contains(id))
                });
            if let Some((i, _)) = holder {
                return Err(format!(
                    "{} is taken: {} has it. Choose another; who shows every seat's factions.",
                    faction_name(id),
                    self.seat_name(i)
                ));
            }
        }
        let said = format!("{} chooses {}.", self.seat_name(seat), pair_name(&pair));
        self.seats[seat].factions = Some(pair);
        self.tell(
            seat,
            Kind::Lobby,
            format!("Your factions: {}.", self.factions_of(seat)),
        );
        self.tell_others(seat, Kind::Lobby, &said);
        event(&format!("table {}: {said}", self.id));
        self.save_seats();
        Ok(())
    }

    /// What `who` says of a seat's factions.
    pub(super) fn factions_of(&self, seat: usize) -> String {
        match (&self.game, &self.seats[seat].factions) {
            (Some(_), _) => pair_name(&self.config.factions[seat]),
            (None, _) if self.drafts => self.drafted_by(seat),
            (None, Some(pair)) => pair_name(pair),
            (None, None) => "Factions drawn at start".into(),
        }
    }

    /// The sets the table's known factions come from (every seat's once started,
    /// else the chosen ones), in the catalog's order of sets.
    pub(super) fn sets(&self) -> Vec<&'static str> {
        let drafted: Vec<String> = (0..self.seats.len())
            .flat_map(|i| {
                self.drafting
                    .as_ref()
                    .map(|d| d.picked(i))
                    .unwrap_or_default()
            })
            .collect();
        let known: Vec<&String> = match self.game {
            Some(_) => self.config.factions.iter().flatten().collect(),
            None if self.drafts => drafted.iter().collect(),
            None => self
                .seats
                .iter()
                .flat_map(|s| s.factions.iter().flatten())
                .collect(),
        };
        let catalog = crate::engine::defs::defs().catalog;
        let mut sets: Vec<_> = known
            .iter()
            .filter_map(|id| catalog.faction(id).map(|f| f.set))
            .collect();
        sets.sort();
        sets.dedup();
        sets.into_iter().map(|s| s.name()).collect()
    }

    /// Puts every seat's final factions into the set-up, at the start: the chosen
    /// pairs, and for the others those drawn at set-up, a faction someone chose
    /// being drawn again (from the table's seed, so the same table starts the same).
    pub(super) fn settle_factions(&mut self) -> Result<(), String> {
        let mut used: Vec<String> = Vec::new();
        for (seat, s) in self.seats.iter().enumerate() {
            if let Some(pair) = &s.factions {
                self.config.factions[seat] = pair.clone();
                used.extend(pair.iter().cloned());
            }
        }
        let drawn: Vec<usize> = (0..self.seats.len())
            .filter(|&i| self.seats[i].factions.is_none())
            .collect();
        let planned: Vec<String> = drawn
            .iter()
            .flat_map(|&i| self.config.factions[i].iter().cloned())
            .collect();
        let mut pool = complete_factions();
        pool.sort();
        let mut rng = ChaCha8Rng::seed_from_u64(self.config.seed ^ 0x5ea7_fac7);
        for &seat in &drawn {
            for k in 0..2 {
                let id = self.config.factions[seat][k].clone();
                if !used.contains(&id) {
                    used.push(id);
                    continue;
                }
                let free: Vec<&String> = pool
                    .iter()
                    .filter(|f| !used.contains(f) && !planned.contains(f))
                    .collect();
                if free.is_empty() {
                    return Err("The game cannot start: too few factions are left to draw.".into());
                }
                let id = free[rng.gen_range(0..free.len())].clone();
                self.config.factions[seat][k] = id.clone();
                used.push(id);
            }
        }
        Ok(())
    }
}
