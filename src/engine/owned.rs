//! What each player's own cards can do: the kinds of ability ([`Trigger::bit`]s) of
//! every card a player owns, wherever it is. A game's cards never change after it
//! is made (only where they are), so this is worked out once, the first time it is
//! read, and a walk of a player's pile looking for one kind of ability is skipped
//! when none of their cards has it (a discard pile walked for Specials used from it:
//! Tenacious Z, the only one, is in few games).
//!
//! Never saved: a loaded game works it out again; a copy keeps it (it holds the very
//! same cards).

use super::defs::defs;
use super::state::{CardInst, GameState, PlayerId};
use std::sync::OnceLock;

/// By seat, the kinds of ability of the cards that player owns (see the module).
#[derive(Default, Clone)]
pub struct OwnedKinds(OnceLock<Vec<u64>>);

impl std::fmt::Debug for OwnedKinds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OwnedKinds")
    }
}

/// The kinds of ability of each owner's cards, by seat, read from the cards.
fn gather(cards: &[CardInst]) -> Vec<u64> {
    let mut kinds = Vec::new();
    for c in cards {
        let Some(owner) = c.owner else {
            continue;
        };
        if kinds.len() <= owner.ix() {
            kinds.resize(owner.ix() + 1, 0);
        }
        kinds[owner.ix()] |= defs().triggers[c.def.0 as usize];
    }
    kinds
}

impl GameState {
    /// True when some card `player` owns has an ability of one of these kinds (a set
    /// of [`Trigger::bit`]s), wherever it is. In debug builds checked against the
    /// cards read afresh.
    ///
    /// [`Trigger::bit`]: super::effect::Trigger::bit
    pub(super) fn owns_card_with(&self, player: PlayerId, kinds: u64) -> bool {
        let owned = self.owned_kinds.0.get_or_init(|| gather(&self.cards));
        #[cfg(debug_assertions)]
        assert_eq!(*owned, gather(&self.cards), "owned kinds stale");
        owned.get(player.ix()).is_some_and(|k| k & kinds != 0)
    }
}
