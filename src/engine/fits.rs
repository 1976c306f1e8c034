//! How the plays left fit a card, from the play and the card's definition alone:
//! its kind, printed power and name, whether its play needs a place tested, and
//! which of two plays allows more. What a listing of plays (see `plays`) reads once
//! for a zone or once for the process, never card by card.

use super::effect::Static;
use super::state::Allowance;
use crate::cards::model::Card;

/// What a listing needs of a definition: how its card is played, worked out once
/// with the definitions ([`super::defs::Defs::plays`]; definitions never change).
/// A listing works out once a zone what it does with the cards of each kind (see
/// `plays`), so that a card is listed by its kind alone.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) enum PlayKind {
    /// Not played from the main question: a base, or a card only its own Special
    /// plays (see [`kind_playable`]).
    #[default]
    Never,
    /// A minion.
    Minion,
    /// An action played on its own (or into stasis), not on a base or a minion.
    Alone,
    /// An action played on a base or a minion.
    Placed,
}

impl PlayKind {
    /// Every kind, in the order of their numbers (`kind as usize`).
    pub(super) const ALL: [PlayKind; 4] = [
        PlayKind::Never,
        PlayKind::Minion,
        PlayKind::Alone,
        PlayKind::Placed,
    ];
}

/// The [`PlayKind`] of a faction card's definition.
pub(super) fn play_kind_of(c: &Card) -> PlayKind {
    use crate::cards::model::{Kind, PlayTarget};
    if !kind_playable(c, false) {
        return PlayKind::Never;
    }
    match c.kind {
        Kind::Minion { .. } => PlayKind::Minion,
        Kind::Action {
            play: PlayTarget::Standard | PlayTarget::IntoStasis,
        } => PlayKind::Alone,
        Kind::Action { .. } => PlayKind::Placed,
    }
}

/// How the plays left of a listing fit a card of one kind (a minion or not) from one
/// zone, whatever the card ([`fits_card`] and the play's [`target_free`] for every
/// card of the kind), or that it depends on the card.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum KindFit {
    /// No play fits.
    None,
    /// Some play fits, none of them every place (or the card is from the discard
    /// pile): its places are checked against the plays.
    Places,
    /// A play fits it wherever it goes.
    Anywhere,
    /// A play tests the card's printed power or name: asked card by card.
    ByCard,
}

/// The [`KindFit`] of the plays `allowances` for a card of this kind from the hand
/// or, `from_discard`, the discard pile.
pub(super) fn kind_fit(allowances: &[Allowance], minion: bool, from_discard: bool) -> KindFit {
    let (mut some, mut anywhere, mut by_card) = (false, false, false);
    for a in allowances {
        // The tests of `fits_card` other than power and name.
        if !(a.fits_kind(minion) && (a.from_discard == from_discard || from_discard)) {
            continue;
        }
        if a.power_at_most.is_some() || a.named.is_some() {
            by_card = true;
        } else {
            some = true;
            anywhere |= !from_discard && target_free(a);
        }
    }
    match (anywhere, by_card, some) {
        (true, _, _) => KindFit::Anywhere,
        (false, true, _) => KindFit::ByCard,
        (false, false, true) => KindFit::Places,
        (false, false, false) => KindFit::None,
    }
}

/// The tests of play `a` that depend only on the card, not on where it goes: its
/// kind, where it comes from (`borrow`: a discard-pile minion may use a hand play),
/// its printed power and its name.
pub(super) fn fits_card(a: &Allowance, c: &Card, from_discard: bool, borrow: bool) -> bool {
    a.fits_kind(c.is_minion())
        && (a.from_discard == from_discard || borrow)
        && a.power_at_most
            .is_none_or(|m| c.power().is_some_and(|p| p <= m))
        && a.named.is_none_or(|n| n == *c.name)
}

/// How the plays left fit card `def` from the hand or, `from_discard`, the discard
/// pile (a discard-pile minion may borrow a hand play where a card allows it): none
/// when no play fits it; else whether one fits it wherever it goes.
pub(super) fn card_fit(allowances: &[Allowance], def: &Card, from_discard: bool) -> Option<bool> {
    let mut fits = allowances
        .iter()
        .filter(|a| fits_card(a, def, from_discard, from_discard));
    let first = fits.next()?;
    Some(!from_discard && (target_free(first) || fits.any(target_free)))
}

/// [`GameState::may_play_kind`](super::state::GameState) for a card's definition.
pub(super) fn kind_playable(def: &Card, no_actions: bool) -> bool {
    (def.is_minion() || !no_actions)
        && !def
            .abilities
            .iter()
            .any(|a| matches!(a.statics, Some(Static::PlayedOnlyThroughSpecial)))
}

/// True for a play whose tests do not depend on where the card goes (see
/// `GameState::fits_target` (in `plays`)).
pub(super) fn target_free(a: &Allowance) -> bool {
    !a.onto_others_minion
        && a.must_affect.is_none()
        && a.only_on.is_none()
        && !a.only_where_no_minion
        && !a.only_where_minion
}

/// True when play `a` allows every play that `b` allows.
pub(super) fn covers(a: &Allowance, b: &Allowance) -> bool {
    (a.either || (!b.either && a.minion == b.minion))
        && a.from_discard == b.from_discard
        && a.power_at_most
            .is_none_or(|m| b.power_at_most.is_some_and(|n| n <= m))
        && a.only_on.is_none_or(|x| b.only_on == Some(x))
        && a.named.as_ref().is_none_or(|n| b.named.as_ref() == Some(n))
        && (!a.onto_others_minion || b.onto_others_minion)
        && a.must_affect.is_none_or(|x| b.must_affect == Some(x))
        && (!a.only_where_no_minion || b.only_where_no_minion)
        && (!a.only_where_minion || b.only_where_minion)
}
