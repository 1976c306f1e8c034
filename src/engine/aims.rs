//! What an action's on-play program can aim at, read from the program before it
//! runs: whether it can directly affect minions at all (Token of Affection's search),
//! and whether it could affect one given minion (an extra action that must affect
//! that minion: Biding Time). Asked while plays are listed (see `plays`).

use super::effect::Trigger;
use super::interp::Ctx;
use super::state::{GameState, PlayerId, Uid};

impl GameState {
    /// True when an action's on-play program can directly affect minions: it chooses or
    /// goes through them, or destroys a group of them (an action that directly affects
    /// a minion: Token of Affection's search).
    pub(super) fn may_aim_at_minions(&self, card: Uid) -> bool {
        self.def(card)
            .abilities()
            .iter()
            .any(|a| a.when == Trigger::OnPlay && reaches_minions(&a.effect, true))
    }

    /// True when `player`'s action `card` could directly affect `focus` through its
    /// on-play program: some minion choice (or "each minion") at the top of the
    /// program takes `focus`, or a minion choice depends on an earlier pick and
    /// cannot be judged before it (Natural Selection). An extra action that must
    /// directly affect a minion is refused otherwise: Disintegrator (power 3 or less)
    /// cannot be Biding Time's extra action on a minion raised to 5, else its choice,
    /// finding that minion not among its candidates, would take another one.
    pub(super) fn may_aim_at(&self, card: Uid, player: PlayerId, focus: Uid) -> bool {
        let ctx = Ctx::new(card, player, None);
        self.def(card)
            .abilities()
            .iter()
            .any(|a| a.when == Trigger::OnPlay && self.aims_at(&a.effect, focus, &ctx))
    }

    /// [`Self::may_aim_at`] for one program.
    fn aims_at(&self, effect: &super::effect::Effect, focus: Uid, ctx: &Ctx) -> bool {
        use super::effect::{Effect, Selector};
        let takes = |from: &Selector| match from {
            Selector::Minions(f) => self.minion_matches(f, focus, ctx),
            _ => false,
        };
        match effect {
            // What comes after a pick may depend on it: judged leniently.
            Effect::Choose(c) => {
                takes(&c.from) || aims_at_minions(&c.then) || aims_at_minions(&c.otherwise)
            }
            Effect::ForEach { each, body, .. } => takes(each) || aims_at_minions(body),
            Effect::Seq(parts) => parts.iter().any(|e| self.aims_at(e, focus, ctx)),
            Effect::ChooseOne(modes) => modes.iter().any(|m| self.aims_at(&m.effect, focus, ctx)),
            Effect::May(e) => self.aims_at(e, focus, ctx),
            Effect::If {
                then, otherwise, ..
            } => self.aims_at(then, focus, ctx) || self.aims_at(otherwise, focus, ctx),
            other => aims_at_minions(other),
        }
    }
}

/// True for a program that picks, or goes through, minions in play, one by one: what
/// an action needs for its minion choices to be held to one minion.
pub(super) fn aims_at_minions(effect: &super::effect::Effect) -> bool {
    reaches_minions(effect, false)
}

/// [`aims_at_minions`]; with `groups`, also a program that destroys a whole group of
/// minions at once (Broadside): it directly affects them too (reference, Musketeers
/// clarifications: a group its text names counts), so Token of Affection finds it,
/// though such a group cannot be held to one minion.
pub(super) fn reaches_minions(effect: &super::effect::Effect, groups: bool) -> bool {
    use super::effect::{Effect, Selector};
    let go = |e: &Effect| reaches_minions(e, groups);
    match effect {
        Effect::Choose(c) => {
            matches!(c.from, Selector::Minions(_)) || go(&c.then) || go(&c.otherwise)
        }
        Effect::ForEach { each, body, .. } => matches!(**each, Selector::Minions(_)) || go(body),
        Effect::DestroyAll(each) => groups && matches!(**each, Selector::Minions(_)),
        Effect::Seq(parts) => parts.iter().any(go),
        Effect::ChooseOne(modes) => modes.iter().any(|m| go(&m.effect)),
        Effect::May(e) => go(e),
        Effect::If {
            then, otherwise, ..
        } => go(then) || go(otherwise),
        Effect::Bind { then, .. } | Effect::Let { then, .. } => go(then),
        Effect::ToDo { first, then } => go(first) || go(then),
        _ => false,
    }
}
