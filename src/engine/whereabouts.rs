//! Where each card is, by card: the zone only (a player's hand, deck, discard pile or
//! stasis; a base in play; on base X; on minion X; stored under card X; elsewhere),
//! so that [`GameState::locate`] is one look-up and, for a card on the table, a scan
//! of the one base or minion it is on for its position (positions in a `Vec` shift
//! whenever an earlier card leaves; zones do not).
//!
//! Only the engine's zone writers keep it: each one notes a card's new zone as it
//! moves the card ([`GameState::moved_to`]). The table is built from the zones when
//! first read (a new, loaded or copied-without-it game), is never saved, and code
//! outside the engine that rearranges zones itself (the search bot's re-deal) drops
//! it with [`GameState::zones_rearranged`]. In debug builds every `locate` checks its
//! answer against a search of the whole table, so every unit test and scenario checks
//! that no writer forgot; a position not found where the zone says falls back to
//! that search in release builds.

use super::board::Loc;
use super::stamp::Stamp;
use super::state::{ActionInPlay, GameState, MinionInPlay, PlayerId, Uid};
use std::sync::OnceLock;

/// The zone a card is in. Cards on the table name the card they are on (a base or
/// a minion), not a position, so that no other card's move changes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// In no zone kept here (base deck and discard, box, set aside, resolving).
    Elsewhere,
    /// In its owner's hand.
    Hand(PlayerId),
    /// In its owner's deck.
    Deck(PlayerId),
    /// In its owner's discard pile.
    Discard(PlayerId),
    /// In stasis, in front of its owner.
    Stasis(PlayerId),
    /// A base in play.
    Base,
    /// A minion on this base.
    Minion(Uid),
    /// An action on this base.
    OnBase(Uid),
    /// An action on this minion.
    OnMinion(Uid),
    /// Stored under this card.
    Stored(Uid),
}

/// One [`Spot`] per card (indexed by [`Uid`]), built from the zones when first read;
/// and each player's hand's and discard pile's [`Stamp`]s, renewed by every move
/// noted of a card into or out of them and by every rearrangement.
#[derive(Default, Clone)]
pub struct Whereabouts(OnceLock<Vec<Spot>>, ZoneStamps);

/// Each player's hand's and discard pile's change stamps (see
/// [`GameState::piles_stamps`]).
#[derive(Default, Clone)]
struct ZoneStamps {
    /// The stamp of every hand and discard pile no card entered or left since the
    /// game was made, loaded or rearranged.
    start: Stamp,
    /// By seat, the stamps of the player's hand and discard pile since a card last
    /// entered or left them (none past the last seat with such a move: `start`).
    moved: Vec<[Stamp; 2]>,
}

impl ZoneStamps {
    /// Notes that a card entered or left `spot`, if it is a hand or a discard pile.
    #[inline]
    fn renew(&mut self, spot: Spot) {
        match spot {
            Spot::Hand(p) => self.renew_pile(p, 0),
            Spot::Discard(p) => self.renew_pile(p, 1),
            _ => {}
        }
    }

    /// Notes that a card entered or left `player`'s hand (`pile` 0) or discard pile (1).
    /// Kept small (about 18,000 calls in 50 games): the seat's first move, which makes
    /// room for its stamps, is out of line.
    fn renew_pile(&mut self, player: PlayerId, pile: usize) {
        match self.moved.get_mut(player.ix()) {
            Some(stamps) => stamps[pile].renew(),
            None => self.renew_first(player, pile),
        }
    }

    /// [`Self::renew_pile`] for a seat with no move noted yet.
    #[cold]
    #[inline(never)]
    fn renew_first(&mut self, player: PlayerId, pile: usize) {
        self.moved.resize(player.ix() + 1, [self.start; 2]);
        self.moved[player.ix()][pile].renew();
    }

    /// Notes that any zone may have changed.
    fn renew_all(&mut self) {
        self.start.renew();
        self.moved.clear();
    }
}

impl std::fmt::Debug for Whereabouts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Whereabouts")
    }
}

impl Whereabouts {
    /// The zone of every card, built from the zones if not kept yet.
    fn spots(&self, game: &GameState) -> &[Spot] {
        self.0.get_or_init(|| survey(game))
    }
}

/// Every card's zone, read from the zones. Written from the least likely place to
/// the first place [`GameState::search_for`] looks, so that a card found twice (it
/// never should be) gets the answer the search gives.
fn survey(game: &GameState) -> Vec<Spot> {
    let mut spots = vec![Spot::Elsewhere; game.cards.len()];
    let mut set = |card: Uid, spot: Spot| {
        if let Some(s) = spots.get_mut(card.0 as usize) {
            *s = spot;
        }
    };
    for p in &game.players {
        for (host, under) in &p.stored_off_table {
            under.iter().for_each(|&c| set(c, Spot::Stored(*host)));
        }
    }
    for base in &game.bases {
        for m in &base.minions {
            m.stored.iter().for_each(|&c| set(c, Spot::Stored(m.card)));
            for a in &m.attached {
                a.stored.iter().for_each(|&c| set(c, Spot::Stored(a.card)));
            }
        }
        for a in &base.actions {
            a.stored.iter().for_each(|&c| set(c, Spot::Stored(a.card)));
        }
    }
    for (i, p) in game.players.iter().enumerate().rev() {
        let id = PlayerId(i as u8);
        let own = |c: &&Uid| game.cards.get(c.0 as usize).and_then(|c| c.owner) == Some(id);
        for &(c, _) in &p.stasis {
            if own(&&c) {
                set(c, Spot::Stasis(id));
            }
        }
        p.deck
            .iter()
            .filter(own)
            .for_each(|&c| set(c, Spot::Deck(id)));
        p.discard
            .iter()
            .filter(own)
            .for_each(|&c| set(c, Spot::Discard(id)));
        p.hand
            .iter()
            .filter(own)
            .for_each(|&c| set(c, Spot::Hand(id)));
    }
    for base in game.bases.iter().rev() {
        base.actions
            .iter()
            .for_each(|a| set(a.card, Spot::OnBase(base.card)));
        for m in base.minions.iter().rev() {
            m.attached
                .iter()
                .for_each(|a| set(a.card, Spot::OnMinion(m.card)));
            set(m.card, Spot::Minion(base.card));
        }
        set(base.card, Spot::Base);
    }
    spots
}

impl GameState {
    /// Where a card is now: its zone from the table of zones, and for a card on the
    /// table its position there.
    pub fn locate(&self, card: Uid) -> Loc {
        let loc = match self.locate_by_zone(card) {
            Some(loc) => loc,
            None => self.locate_by_search(card),
        };
        #[cfg(debug_assertions)]
        assert_eq!(loc, self.search_for(card), "whereabouts of {card:?} stale");
        loc
    }

    /// The zone a card is in, without its position on the table: one look-up in
    /// the table of zones, for callers that need only the kind of place (is it on
    /// the table, in stasis, stored), not a scan of a base for the card. In debug
    /// builds checked against a search of the whole table, as [`Self::locate`].
    pub fn spot_of(&self, card: Uid) -> Spot {
        let spot = self
            .whereabouts
            .spots(self)
            .get(card.0 as usize)
            .copied()
            .unwrap_or(Spot::Elsewhere);
        #[cfg(debug_assertions)]
        assert_eq!(
            spot,
            self.spot_at(self.search_for(card)),
            "whereabouts of {card:?} stale"
        );
        spot
    }

    /// The zone of a card found at `loc` (for the debug builds' check).
    #[cfg(debug_assertions)]
    fn spot_at(&self, loc: Loc) -> Spot {
        match loc {
            Loc::Elsewhere => Spot::Elsewhere,
            Loc::Hand(p) => Spot::Hand(p),
            Loc::Deck(p) => Spot::Deck(p),
            Loc::Discard(p) => Spot::Discard(p),
            Loc::Stasis(p) => Spot::Stasis(p),
            Loc::Stored(host) => Spot::Stored(host),
            Loc::Base(_) => Spot::Base,
            Loc::Minion(b, _) => Spot::Minion(self.bases[b].card),
            Loc::OnBase(b, _) => Spot::OnBase(self.bases[b].card),
            Loc::OnMinion(b, m, _) => Spot::OnMinion(self.bases[b].minions[m].card),
        }
    }

    /// Where a card is if it lies in a hand or a discard pile (always its owner's),
    /// as a function of the card: one look-up in the table of zones, fetched once for
    /// all the cards asked about (the bots' keys of their options). In debug builds
    /// checked against a search of the whole table, as [`Self::locate`].
    #[inline(always)]
    pub fn in_hand_or_discard(&self) -> impl Fn(Uid) -> Option<Loc> + '_ {
        let spots = self.whereabouts.spots(self);
        move |card| {
            let held = match spots.get(card.0 as usize) {
                Some(Spot::Hand(p)) => Some(Loc::Hand(*p)),
                Some(Spot::Discard(p)) => Some(Loc::Discard(*p)),
                _ => None,
            };
            #[cfg(debug_assertions)]
            {
                let searched = Some(self.search_for(card))
                    .filter(|l| matches!(l, Loc::Hand(_) | Loc::Discard(_)));
                assert_eq!(held, searched, "whereabouts of {card:?} stale");
            }
            held
        }
    }

    /// [`Self::search_for`], kept out of line: only a card not at the position its
    /// zone says (a writer forgot to note a move) or out of range gets here.
    #[cold]
    #[inline(never)]
    fn locate_by_search(&self, card: Uid) -> Loc {
        self.search_for(card)
    }

    /// [`Self::locate`] through the table of zones; `None` when a card is not at
    /// the position its zone says.
    #[inline]
    fn locate_by_zone(&self, card: Uid) -> Option<Loc> {
        let spot = *self.whereabouts.spots(self).get(card.0 as usize)?;
        let base = |b: Uid| self.bases.iter().position(|x| x.card == b);
        Some(match spot {
            Spot::Elsewhere => Loc::Elsewhere,
            Spot::Hand(p) => Loc::Hand(p),
            Spot::Deck(p) => Loc::Deck(p),
            Spot::Discard(p) => Loc::Discard(p),
            Spot::Stasis(p) => Loc::Stasis(p),
            Spot::Stored(host) => Loc::Stored(host),
            Spot::Base => Loc::Base(base(card)?),
            Spot::Minion(at) => {
                let b = base(at)?;
                Loc::Minion(b, self.minion_index(b, card)?)
            }
            Spot::OnBase(at) => {
                let b = base(at)?;
                let a = self.bases[b].actions.iter().position(|a| a.card == card)?;
                Loc::OnBase(b, a)
            }
            Spot::OnMinion(host) => {
                let Spot::Minion(at) = *self.whereabouts.spots(self).get(host.0 as usize)? else {
                    return None;
                };
                let b = base(at)?;
                let m = self.minion_index(b, host)?;
                let attached = &self.bases[b].minions[m].attached;
                Loc::OnMinion(b, m, attached.iter().position(|a| a.card == card)?)
            }
        })
    }

    /// The position of a minion on the base at index `b`.
    fn minion_index(&self, b: usize, card: Uid) -> Option<usize> {
        self.bases[b].minions.iter().position(|m| m.card == card)
    }

    /// Notes that a zone writer has just moved `card` to `spot` (out of every zone:
    /// [`Spot::Elsewhere`]). Every change of a card's zone in the engine calls this.
    #[inline]
    pub(super) fn moved_to(&mut self, card: Uid, spot: Spot) {
        let Whereabouts(spots, stamps) = &mut self.whereabouts;
        stamps.renew(spot);
        // The zone it leaves, when known; else any hand or pile may have lost it.
        match spots.get_mut().and_then(|s| s.get_mut(card.0 as usize)) {
            Some(s) => stamps.renew(std::mem::replace(s, spot)),
            None => stamps.renew_all(),
        }
    }

    /// [`Self::moved_to`] for several cards.
    pub(super) fn all_moved_to(&mut self, cards: &[Uid], spot: Spot) {
        for &c in cards {
            self.moved_to(c, spot);
        }
    }

    /// Notes that the cards of a base that has left play have been taken off the
    /// table together, each with what is on or under it (each then goes to a zone of
    /// its own, noted as it does).
    ///
    /// Noted one by one, in a fixed order: the minions, then the actions on them,
    /// then those on the base, each card before the cards under it.
    pub(super) fn lifted_off(&mut self, minions: &[MinionInPlay], actions: &[ActionInPlay]) {
        let mut gone = |card: Uid, stored: &[Uid]| {
            self.moved_to(card, Spot::Elsewhere);
            self.all_moved_to(stored, Spot::Elsewhere);
        };
        for m in minions {
            gone(m.card, &m.stored);
        }
        for a in minions.iter().flat_map(|m| &m.attached).chain(actions) {
            gone(a.card, &a.stored);
        }
    }

    /// Drops the table of zones, to be built again from the zones when next read: for
    /// code outside the engine that has rearranged the zones itself (re-dealing
    /// hidden cards for a search).
    pub fn zones_rearranged(&mut self) {
        self.whereabouts.0.take();
        self.whereabouts.1.renew_all();
    }

    /// The change stamps of `player`'s hand and discard pile: each the same at two
    /// moments only if no card entered or left that hand or pile in between, so it
    /// holds the same cards (in some order). Every zone writer notes its moves
    /// ([`Self::moved_to`]), which renews the stamps of the zones a card leaves and
    /// enters.
    pub fn piles_stamps(&self, player: PlayerId) -> [Stamp; 2] {
        let stamps = &self.whereabouts.1;
        stamps
            .moved
            .get(player.ix())
            .copied()
            .unwrap_or([stamps.start; 2])
    }

    /// Every card's zone read afresh from the zones (for the tests).
    #[cfg(test)]
    pub(super) fn surveyed(&self) -> Vec<Spot> {
        survey(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After every answer of many random games of 2, 3 and 4 players, every card's
    /// kept zone is the zone read afresh from the table, and `locate` answers for
    /// every card as a search of the whole table does.
    #[test]
    fn the_table_of_zones_is_never_stale() {
        crate::sim::check_every_answer_of_random_games(0..12, |game| {
            let fresh = game.surveyed();
            for (c, spot) in fresh.iter().enumerate() {
                let card = Uid(c as u16);
                assert_eq!(game.spot_of(card), *spot, "{card:?}");
                assert_eq!(game.locate(card), game.search_for(card));
            }
        });
    }

    /// The table is not saved, and a game read back builds it from its zones.
    #[test]
    fn a_loaded_game_builds_the_table_again() {
        let config = crate::sim::random_config(5, 3, &crate::sim::complete_factions()).unwrap();
        let game = GameState::new(&config).unwrap();
        let card = game.players[1].hand[0];
        assert_eq!(game.locate(card), Loc::Hand(PlayerId(1)));
        let back: GameState = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        assert!(back.whereabouts.0.get().is_none());
        assert_eq!(back.locate(card), Loc::Hand(PlayerId(1)));
    }
}
