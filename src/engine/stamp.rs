//! Change stamps: a number a part of the game takes afresh from one counter for the
//! whole process at every change, so that whoever kept something worked out from it
//! knows, by the stamp alone, that the part has not changed since.
//!
//! The bots' loop rule keeps its hashes of the table and the zones by these stamps
//! (see [`crate::bots::SeatView::fingerprint`]). A stamp is never saved and never
//! compared as part of the game: it says nothing about the rules. A copy of a game
//! keeps its stamps (it holds the very same cards), and a copy and its original,
//! each changed afterwards, take two different new stamps, so no two different
//! contents ever share one. A game made or loaded anew starts with a stamp no other
//! has had.

use std::sync::atomic::{AtomicU64, Ordering};

/// The last stamp handed out (0: none yet; no part ever has stamp 0).
static LAST: AtomicU64 = AtomicU64::new(0);

/// The stamp of a part of the game: equal stamps mean equal contents. Ordered as
/// handed out: a later change has a greater stamp.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stamp(u64);

impl Stamp {
    /// A stamp no part has had before.
    pub fn fresh() -> Stamp {
        Stamp(LAST.fetch_add(1, Ordering::Relaxed) + 1)
    }

    /// Notes a change: a stamp no part has had before.
    pub fn renew(&mut self) {
        *self = Stamp::fresh();
    }

    /// A stamp that no part has, for a keeper that has kept nothing yet.
    pub const NONE: Stamp = Stamp(0);
}

/// A new part's stamp is fresh.
impl Default for Stamp {
    fn default() -> Stamp {
        Stamp::fresh()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy keeps its stamp; a change takes one no one had, on either side.
    #[test]
    fn a_change_takes_a_stamp_no_one_had() {
        let mut a = Stamp::default();
        let mut b = a;
        assert_eq!(a, b);
        a.renew();
        b.renew();
        assert_ne!(a, b);
        assert_ne!(a, Stamp::NONE);
        assert_ne!(Stamp::default(), Stamp::default());
    }
}
