//! Why a condition of an ability did not hold, as a typed reason ([`Unmet`]): the
//! engine names which part failed and the numbers it compared, and narration words
//! it ("it needs at least 2 minions and finds 1", "it is not your turn"). Asked only
//! after [`GameState::cond`] has said no, so the rules never depend on it.

use super::effect::{Amount, Cond};
use super::events::{Pool, Unmet};
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
            Cond::AtLeast(a, b) => Unmet::TooMany {
                have: self.amount(a, ctx),
                limit: self.amount(b, ctx),
                of: counted(a),
            },
            Cond::YouAre(_) => Unmet::OneOf,
            Cond::PlayedFromOwnHand(_) => Unmet::PlayedFromHand,
            Cond::Not(c) => self.unmet(c, ctx),
            _ => Unmet::Other,
        }
    }
}

/// What a number counts, when it is a count of cards.
fn counted(a: &Amount) -> Pool {
    match a {
        Amount::Count(sel) => pool(sel),
        _ => Pool::Other,
    }
}
