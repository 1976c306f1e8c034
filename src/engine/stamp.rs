//! Change stamps: a number a part of the game takes afresh at every change, never
//! handed out twice in the process, so that whoever kept something worked out from it
//! knows, by the stamp alone, that the part has not changed since.
//!
//! The bots' loop rule keeps its hashes of the table and the zones by these stamps
//! (see [`crate::bots::SeatView::fingerprint`]). A stamp is never saved and never
//! compared as part of the game: it says nothing about the rules. A copy of a game
//! keeps its stamps (it holds the very same cards), and a copy and its original,
//! each changed afterwards, take two different new stamps, so no two different
//! contents ever share one. A game made or loaded anew starts with a stamp no other
//! has had.
//!
//! Each thread hands out stamps from a block of its own, taken from one counter for
//! the whole process only when its block runs out: a change is a write to the
//! thread's own memory, not to a counter that every thread writes (two threads
//! playing games at once, `simulate` on both cores, took that counter's memory from
//! each other at every change, issue 26). Stamps are unique, not ordered: a later
//! change on another thread may take a smaller number.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// How many stamps a thread takes at a time.
const BLOCK: u64 = 1 << 16;

/// The last stamp handed out in a block to any thread (0: none yet; no part ever
/// has stamp 0).
static LAST: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The next stamp of this thread's block, and the end of the block (both 0 until
    /// the thread takes its first).
    static NEXT: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

/// The stamp of a part of the game: equal stamps mean equal contents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp(u64);

impl Stamp {
    /// A stamp no part has had before: the next of this thread's block, a new block
    /// when it has run out.
    pub fn fresh() -> Stamp {
        NEXT.with(|next| {
            let (mut n, mut end) = next.get();
            if n == end {
                n = LAST.fetch_add(BLOCK, Ordering::Relaxed) + 1;
                end = n + BLOCK;
            }
            next.set((n + 1, end));
            Stamp(n)
        })
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

    /// Stamps taken on several threads at once, past the end of their blocks, are
    /// never the same twice.
    #[test]
    fn threads_never_hand_out_the_same_stamp() {
        let per_thread = (BLOCK + BLOCK / 2) as usize;
        let mut all: Vec<Stamp> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(move || (0..per_thread).map(|_| Stamp::fresh()).collect::<Vec<_>>())
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().unwrap())
                .collect()
        });
        all.sort_unstable_by_key(|s| s.0);
        all.dedup();
        assert_eq!(all.len(), 4 * per_thread);
        assert!(!all.contains(&Stamp::NONE));
    }
}
