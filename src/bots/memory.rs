//! What a bot has done this turn, so that no bot takes a loop forever: a bot never
//! makes the same choice twice from the same visible position in one turn. A loop
//! (a card that comes back and is played again, the same extra play granted again)
//! returns to a position already seen, so the second time round the bot does
//! something else. Positions are kept as fingerprints: a hash of what the seat sees.

use crate::engine::Decision;
use serde::{Deserialize, Serialize};

/// The choices one bot made this turn, by position.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnMemory {
    /// The turn these choices were made in.
    turn: u32,
    /// (fingerprint of the position, key of the option taken there).
    taken: Vec<(u64, u64)>,
}

impl TurnMemory {
    /// True when nothing was taken from this position yet in `turn` (the choices of
    /// an earlier turn are forgotten here): then every option is worth considering.
    pub fn fresh(&mut self, turn: u32, place: u64) -> bool {
        if turn != self.turn {
            self.turn = turn;
            self.taken.clear();
        }
        !self.taken.iter().any(|&(p, _)| p == place)
    }

    /// The options worth considering at a position that is not [`Self::fresh`], as
    /// indices into `into` (emptied first): those not taken from it already (`keys`
    /// names each option, see [`super::SeatView::option_key`]); when every option
    /// was, the ones that decline (end the turn, pass, no, done), or else all of them
    /// (a question that must be answered).
    pub fn candidates(&self, place: u64, keys: &[u64], decision: &Decision, into: &mut Vec<usize>) {
        into.clear();
        let all = 0..decision.options.len().min(keys.len());
        into.extend(
            all.clone()
                .filter(|&i| !self.taken.contains(&(place, keys[i]))),
        );
        if !into.is_empty() {
            return;
        }
        into.extend(all.clone().filter(|&i| decision.options[i].declines()));
        if into.is_empty() {
            into.extend(all);
        }
    }

    /// Remembers that the option with this key was taken at this position, `fresh`
    /// as [`Self::fresh`] said of it (then it cannot be remembered already).
    pub fn record(&mut self, place: u64, key: u64, fresh: bool) {
        if fresh || !self.taken.contains(&(place, key)) {
            self.taken.push((place, key));
        }
    }
}
