//! Why a condition of an ability did not hold, as a typed reason ([`Unmet`]): the
//! engine names which part failed and the numbers it compared, and narration words
//! it ("it needs at least 2 minions and finds 1", "it is not your turn"). Asked only
//! after [`GameState::cond`] has said no, so the rules never depend on it.

use super::effect::{Amount, Cond, Target};
use super::events::{Counted, Unmet};
use super::interp::{pool, Ctx};
use super::state::GameState;

impl GameState {
    /// Why `c` does not hold now (called when it does not).
    pub(super) fn unmet(&self, c: &Cond, ctx: &Ctx) -> Unmet {
        match c {
            Cond::Exists(sel) => Unmet::NoneFits(pool(sel)),
            Cond::MyTurn => Unmet::NotYourTurn,
            Cond::PlayCardsPhase => Unmet::NotPlayCards,
            Cond::NoMinionPlayedThisTurn => Unmet::MinionPlayedAlready,
            Cond::IsMinion(_) => Unmet::NotAMinion,
            // "1 at least as many as the minions played": too many were played.
            Cond::AtLeast(Amount::Const(k), b) => Unmet::TooMany {
                have: self.amount(b, ctx),
                limit: k + 1,
                of: counted(b),
            },
            // "until another player has fewer cards in hand": one has already.
            Cond::AtLeast(Amount::MinHandSize(_), _) => Unmet::FewerInAnotherHand,
            Cond::AtLeast(a, b) => Unmet::TooFew {
                have: self.amount(a, ctx),
                need: self.amount(b, ctx),
                of: counted(a),
            },
            Cond::Equal(a, b) => Unmet::NotExactly {
                have: self.amount(a, ctx),
                need: self.amount(b, ctx),
                of: counted(a),
            },
            // The first part that fails; of two alternatives, the first.
            Cond::And(a, _) if !self.cond(a, ctx) => self.unmet(a, ctx),
            Cond::And(_, b) => self.unmet(b, ctx),
            Cond::Or(a, _) => self.unmet(a, ctx),
            Cond::Not(inner) => self.unmet_not(inner, ctx),
            Cond::InDiscard(_) => Unmet::NotInDiscard,
            Cond::InPlay(_) => Unmet::NotInPlay,
            Cond::InHand(_) => Unmet::NotInHand,
            Cond::YouAre(_) => Unmet::NotOneOf,
            Cond::YouControl(_) => Unmet::NotYourMinion,
            Cond::CanPlay(_) | Cond::CanPlayNow { .. } => Unmet::CannotPlay,
            Cond::InPlaySinceTurnStart(_) => Unmet::ArrivedThisTurn,
            Cond::PlayedAnotherMinionHere | Cond::HavePlayedAnotherMinionHere => {
                Unmet::NoOtherPlayedHere
            }
            Cond::PlayedMinionElsewhere => Unmet::NonePlayedElsewhere,
            Cond::MinionsPlayedHere { count: 1, .. } => Unmet::NotFirstHere,
            Cond::StasisEmptiedThisTurn => Unmet::NoStasisEmptied,
            Cond::PlayedOffTop(_) => Unmet::NotPlayedOffTop,
            Cond::Matches(..) | Cond::DestroyedHereThisTurn(_) => Unmet::NotTheKind,
            Cond::Same(_, Target::Here) => Unmet::AnotherBase,
            Cond::Same(_, Target::This | Target::AttachedTo) => Unmet::AnotherCard,
            Cond::MinionsPlayedHere { .. }
            | Cond::ModeIs(_)
            | Cond::Same(..)
            | Cond::LeftStasisThisTurn(_)
            | Cond::PlayedFromOwnHand(_) => Unmet::Other,
        }
    }

    /// Why `not inner` does not hold: `inner` does.
    fn unmet_not(&self, inner: &Cond, ctx: &Ctx) -> Unmet {
        match inner {
            Cond::Exists(sel) => Unmet::SomeFits(pool(sel)),
            Cond::MyTurn => Unmet::YourTurn,
            // "lower than the most powerful there": none there is more powerful.
            Cond::AtLeast(_, Amount::MaxPower(sel)) => Unmet::NoneFits(pool(sel)),
            Cond::AtLeast(a, b) => Unmet::TooMany {
                have: self.amount(a, ctx),
                limit: self.amount(b, ctx),
                of: counted(a),
            },
            Cond::YouAre(_) => Unmet::OneOf,
            Cond::Same(_, Target::This) => Unmet::ThisCard,
            Cond::InPlay(_) => Unmet::StaysInPlay,
            Cond::PlayedFromOwnHand(_) => Unmet::PlayedFromHand,
            Cond::Not(c) => self.unmet(c, ctx),
            _ => Unmet::Other,
        }
    }
}

/// What a number counts, when narration can name it.
fn counted(a: &Amount) -> Counted {
    match a {
        Amount::Count(sel) => Counted::Cards(pool(sel)),
        Amount::MinionsPlayedThisTurn => Counted::MinionsPlayed,
        Amount::BreakpointOf(_) => Counted::Breakpoint,
        Amount::PowerOf(_) => Counted::Power,
        _ => Counted::Other,
    }
}
