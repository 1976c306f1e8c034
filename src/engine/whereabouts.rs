//! Where each card was last found, so that [`GameState::locate`] is usually one
//! look-up instead of a search of the whole table. A remembered place is only a hint:
//! it is checked against the zones every time it is read (a card still at that spot
//! is there), and a wrong or missing hint falls back to the full search, whose answer
//! is remembered. No writer of the zones has to keep it, so it can never be stale;
//! it is not saved (a loaded or newly built game starts with no hints).

use super::board::Loc;
use super::state::{GameState, PlayerId, Uid};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

/// One remembered place per card (indexed by [`Uid`]), packed in a word: a kind in
/// the low 4 bits, then three small numbers of 8 bits (player or base, minion or
/// position in a pile, action). Zero means "not known". Atomic so that a game read
/// through a shared reference can still note what it found.
#[derive(Default)]
pub struct Whereabouts(OnceLock<Box<[AtomicU32]>>);

const HAND: u32 = 1;
const DECK: u32 = 2;
const DISCARD: u32 = 3;
const BASE: u32 = 4;
const MINION: u32 = 5;
const ON_BASE: u32 = 6;
const ON_MINION: u32 = 7;
const STASIS: u32 = 8;

/// A place packed in a word; `None` for a place not worth remembering (stored under
/// a card or elsewhere: those are not checkable in one step) or numbers too large.
fn pack(loc: Loc, at: usize) -> Option<u32> {
    let word = |kind: u32, x: usize, y: usize, z: usize| {
        (x < 16 && y < 256 && z < 256)
            .then_some(kind | (x as u32) << 4 | (y as u32) << 12 | (z as u32) << 20)
    };
    match loc {
        Loc::Hand(p) => word(HAND, p.ix(), at.min(255), 0),
        Loc::Deck(p) => word(DECK, p.ix(), at.min(255), 0),
        Loc::Discard(p) => word(DISCARD, p.ix(), at.min(255), 0),
        Loc::Stasis(p) => word(STASIS, p.ix(), at.min(255), 0),
        Loc::Base(b) => word(BASE, b, 0, 0),
        Loc::Minion(b, m) => word(MINION, b, m, 0),
        Loc::OnBase(b, a) => word(ON_BASE, b, a, 0),
        Loc::OnMinion(b, m, a) => word(ON_MINION, b, m, a),
        Loc::Stored(_) | Loc::Elsewhere => None,
    }
}

impl Whereabouts {
    fn slot(&self, card: Uid, cards: usize) -> Option<&AtomicU32> {
        self.0
            .get_or_init(|| (0..cards).map(|_| AtomicU32::new(0)).collect())
            .get(card.0 as usize)
    }

    /// Notes that `card` is at `loc` (`at`: its position in a pile, 0 otherwise).
    pub(super) fn remember(&self, game: &GameState, card: Uid, loc: Loc, at: usize) {
        if let Some(slot) = self.slot(card, game.cards.len()) {
            slot.store(pack(loc, at).unwrap_or(0), Ordering::Relaxed);
        }
    }

    /// Where `card` is, if its remembered place still holds it.
    pub(super) fn check(&self, game: &GameState, card: Uid) -> Option<Loc> {
        let word = self.slot(card, game.cards.len())?.load(Ordering::Relaxed);
        let (x, y, z) = (
            (word >> 4 & 0xf) as usize,
            (word >> 12 & 0xff) as usize,
            (word >> 20 & 0xff) as usize,
        );
        let pile = |kind: u32, pile: &[Uid]| -> Option<Loc> {
            let p = PlayerId(x as u8);
            let loc = match kind {
                HAND => Loc::Hand(p),
                DECK => Loc::Deck(p),
                _ => Loc::Discard(p),
            };
            if pile.get(y) == Some(&card) {
                return Some(loc);
            }
            // Moved within its pile (a card above it left): look there only.
            let at = pile.iter().position(|&c| c == card)?;
            self.remember(game, card, loc, at);
            Some(loc)
        };
        let player = || game.players.get(x);
        let base = || game.bases.get(x);
        match word & 0xf {
            HAND => pile(HAND, &player()?.hand),
            DECK => pile(DECK, &player()?.deck),
            DISCARD => pile(DISCARD, &player()?.discard),
            STASIS => player()?
                .stasis
                .iter()
                .any(|&(c, _)| c == card)
                .then_some(Loc::Stasis(PlayerId(x as u8))),
            BASE => (base()?.card == card).then_some(Loc::Base(x)),
            MINION => (base()?.minions.get(y)?.card == card).then_some(Loc::Minion(x, y)),
            ON_BASE => (base()?.actions.get(y)?.card == card).then_some(Loc::OnBase(x, y)),
            ON_MINION => (base()?.minions.get(y)?.attached.get(z)?.card == card)
                .then_some(Loc::OnMinion(x, y, z)),
            _ => None,
        }
    }
}

/// A copy keeps the hints: they describe the copied zones just as well.
impl Clone for Whereabouts {
    fn clone(&self) -> Self {
        let copy = Whereabouts::default();
        if let Some(words) = self.0.get() {
            let _ = copy.0.set(
                words
                    .iter()
                    .map(|w| AtomicU32::new(w.load(Ordering::Relaxed)))
                    .collect(),
            );
        }
        copy
    }
}

impl std::fmt::Debug for Whereabouts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Whereabouts")
    }
}
