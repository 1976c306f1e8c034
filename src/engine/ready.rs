//! Which bases are ready to score: their total power at or over their breakpoint,
//! read once a turn in the Score Bases phase. Most bases are far from it, and a few
//! are surely over it: two bounds on the total, worked out in one walk of the base
//! that asks no filter and reads no amount, decide them first. The few left are
//! close to it: the same bounds with each power static's amount read exactly (once,
//! where the total reads it once for each minion it reaches) decide about half of
//! them, and the exact total ([`GameState::sum_power_at`]) is summed only for the
//! rest. Nothing is kept: all are worked out at every read.

use super::board::Source;
use super::effect::{Amount, BaseSel, PlayerSel, Selector, Static, Target};
use super::interp::Ctx;
use super::state::{BaseInPlay, GameState, Lasting, Uid};

impl GameState {
    /// Bases whose total power has reached their breakpoint, in table order.
    pub fn ready_bases(&self) -> Vec<Uid> {
        let counts = TableCounts::of(self);
        self.bases
            .iter()
            .enumerate()
            .filter(|&(i, b)| {
                self.reached(i, self.breakpoint_from(b.card, self.statics_at(i)), &counts)
            })
            .map(|(_, b)| b.card)
            .collect()
    }

    /// True when the total power at base index `b` is at least `breakpoint`. The
    /// bounds on the total ([`Self::power_bounds_at`]) decide it when they can, first
    /// with each amount at its loosest, then, when those do not decide, with each
    /// amount read exactly (once, however many minions it reaches); the total is
    /// summed only when neither does.
    fn reached(&self, b: usize, breakpoint: i32, counts: &TableCounts) -> bool {
        // No minion, no power: nothing to bound.
        if self.bases[b].minions.is_empty() {
            return breakpoint <= 0;
        }
        let loose = self.power_bounds_at(b, |_, amount, near| {
            (amount_bound(amount, counts, near), amount_least(amount))
        });
        if let Some(reached) = loose.reach(breakpoint) {
            return reached;
        }
        // An amount reads the same for every minion it reaches: power reads it with
        // its card's context ([`Self::power`]).
        let exact = self.power_bounds_at(b, |src, amount, _| {
            let n = self.amount(amount, &Ctx::for_source(src));
            (Some(n), Some(n))
        });
        exact
            .reach(breakpoint)
            .unwrap_or_else(|| self.sum_power_at(b, None) >= breakpoint)
    }

    /// The least and the most the total power at base index `b` can be
    /// ([`Self::sum_power_at`] for all players), in one walk of its minions, the
    /// lasting effects and the power statics that may reach a minion there, each read
    /// once: every minion's printed power and counters; each lasting change and each
    /// static counted for every minion here it may reach (whose controller it may
    /// take, when its filter says), a raise at its amount's most for the most and
    /// nothing for the least (a protection may stop it), a penalty at its amount's
    /// least for the least and nothing for the most. No other filter is asked (a
    /// minion it leaves out only makes the bound looser) and no power is clamped (a
    /// minion's power is never below zero, so the total is at least the sum of the
    /// unclamped ones). `read` gives the most and the least each amount can be, for
    /// the card whose ability it is and what it may count at this base, if that card
    /// is here; a bound is none when an amount has none.
    fn power_bounds_at(
        &self,
        b: usize,
        read: impl Fn(&Source, &Amount, Option<&Near>) -> (Option<i32>, Option<i32>),
    ) -> Bounds {
        let base = &self.bases[b];
        let everyone = count(base.minions.len());
        // Summed wide: no printed power or counter is below zero, so none can wrap round.
        let (mut printed, mut highest) = (0i64, 0i32);
        for m in &base.minions {
            let own = self.printed_power(m.card);
            highest = highest.max(own);
            printed += i64::from(own) + i64::from(m.counters);
        }
        let printed = i32::try_from(printed).unwrap_or(i32::MAX);
        let mut bounds = Bounds {
            least: Some(printed),
            most: Some(printed),
        };
        let here_is = |card: Uid| base.minions.iter().any(|m| m.card == card);
        for l in &self.lasting {
            let (amount, reach) = match l.what {
                Lasting::Power { minion, amount } if here_is(minion) => (amount, 1),
                Lasting::PowerHere {
                    minion,
                    amount,
                    base: at,
                } if at == base.card && here_is(minion) => (amount, 1),
                Lasting::OthersPowerWhereAction { amount, .. } => (amount, everyone),
                _ => continue,
            };
            bounds.add(Some(amount), Some(amount), reach);
        }
        let statics = self.power_statics_at(b);
        let closed = statics.clone().all(|(_, st)| match st {
            Static::StartingPowerAtLeast(amount) => starting_from_here(amount),
            _ => true,
        });
        let near = Near {
            minions: everyone,
            starting: closed.then_some(highest),
        };
        for (src, st) in statics {
            let near = (src.base == base.card).then_some(&near);
            match st {
                Static::Power { to, amount } => {
                    let reach = match (&to.is, &to.controller) {
                        (Some(Target::This), _) => 1,
                        (_, PlayerSel::You) => count_of(base, |p| p == src.controller),
                        (_, PlayerSel::Others) => count_of(base, |p| p != src.controller),
                        _ => everyone,
                    };
                    let (most, least) = read(&src, amount, near);
                    bounds.add(most, least, reach);
                }
                Static::AttachedPower(amount) => {
                    let (most, least) = read(&src, amount, near);
                    bounds.add(most, least, 1);
                }
                // Its own starting power raised to at least the amount: never lowered.
                Static::StartingPowerAtLeast(amount) => {
                    let printed = self.printed_power(src.card);
                    let raise = read(&src, amount, near)
                        .0
                        .map(|n| n.saturating_sub(printed));
                    bounds.add(raise, Some(0), 1);
                }
                _ => {}
            }
        }
        // In the unit tests, the bounds are checked against the total at every read.
        #[cfg(test)]
        {
            let total = self.sum_power_at(b, None);
            assert!(
                bounds.least.is_none_or(|least| least <= total),
                "power bound {bounds:?} above the total {total}"
            );
            assert!(
                bounds.most.is_none_or(|most| most >= total),
                "power bound {bounds:?} below the total {total}"
            );
        }
        bounds
    }
}

/// The least and the most a base's total power can be ([`GameState::power_bounds_at`]):
/// none when not known.
#[derive(Debug)]
struct Bounds {
    least: Option<i32>,
    most: Option<i32>,
}

impl Bounds {
    /// Whether a total within these bounds reaches `breakpoint`, when they tell.
    fn reach(&self, breakpoint: i32) -> Option<bool> {
        if self.least.is_some_and(|least| least >= breakpoint) {
            return Some(true);
        }
        if self.most.is_some_and(|most| most < breakpoint) {
            return Some(false);
        }
        None
    }

    /// A change of power to `reach` minions, of at most `most` and at least `least`
    /// each: a raise counts for the most, a penalty for the least.
    fn add(&mut self, most: Option<i32>, least: Option<i32>, reach: i32) {
        self.most = match (self.most, most) {
            (Some(all), Some(n)) => Some(all.saturating_add(n.max(0).saturating_mul(reach))),
            _ => None,
        };
        self.least = match (self.least, least) {
            (Some(all), Some(n)) => Some(all.saturating_add(n.min(0).saturating_mul(reach))),
            _ => None,
        };
    }
}

/// How many minions at `base` have a controller `whose` takes.
fn count_of(base: &BaseInPlay, whose: impl Fn(super::state::PlayerId) -> bool) -> i32 {
    count(base.minions.iter().filter(|m| whose(m.controller)).count())
}

/// A number of cards as an amount.
fn count(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// How many cards of each kind are on the table (and in stasis), the bounds of what
/// a count of them can be ([`amount_bound`]).
struct TableCounts {
    /// Minions on the table and cards in stasis (a count of minions may count the
    /// minions in stasis).
    minions: i32,
    /// Actions on the table, on bases and on minions.
    actions: i32,
}

impl TableCounts {
    fn of(game: &GameState) -> TableCounts {
        let (mut minions, mut actions) = (0usize, 0usize);
        for base in game.bases.iter() {
            minions += base.minions.len();
            actions += base.actions.len();
            actions += base.minions.iter().map(|m| m.attached.len()).sum::<usize>();
        }
        minions += game.players.iter().map(|p| p.stasis.len()).sum::<usize>();
        TableCounts {
            minions: count(minions),
            actions: count(actions),
        }
    }
}

/// What an amount read by a card at the base being bounded may count there.
struct Near {
    /// How many minions are there (a count of the minions "here" counts no more,
    /// and none in stasis).
    minions: i32,
    /// The most a minion's starting power there can be, when known: the highest
    /// printed power there, when every static there that raises a starting power
    /// raises it to the highest starting power among the minions there
    /// ([`starting_from_here`]), so that none can be raised above it.
    starting: Option<i32>,
}

/// True for an amount that is the highest starting power among some minions at the
/// base of the card that reads it (Lovey Bear's).
fn starting_from_here(amount: &Amount) -> bool {
    matches!(amount, Amount::MaxStartingPower(sel)
        if matches!(&**sel, Selector::Minions(f) if f.on == BaseSel::Here))
}

/// The most `amount` can be now, whoever reads it (no condition asked, no filter
/// tested), for the kinds a power static uses; none for any other kind. `near`: what
/// it may count at the base of the card whose ability it is, if that is the base
/// being bounded.
fn amount_bound(amount: &Amount, counts: &TableCounts, near: Option<&Near>) -> Option<i32> {
    let minions = |on: &BaseSel| match (on, near) {
        (BaseSel::Here, Some(near)) => near.minions,
        _ => counts.minions,
    };
    match amount {
        Amount::Const(n) => Some(*n),
        Amount::When(_, a) => Some(amount_bound(a, counts, near)?.max(0)),
        Amount::Sum(parts) => parts.iter().try_fold(0i32, |all, a| {
            Some(all.saturating_add(amount_bound(a, counts, near)?))
        }),
        Amount::Count(sel) => match &**sel {
            Selector::Minions(f) => Some(minions(&f.on)),
            Selector::Actions(_) => Some(counts.actions),
            _ => None,
        },
        // The most minions one player has at some bases: at most every minion there.
        Amount::MostMinionsOfOnePlayer(spec) => Some(minions(&spec.1)),
        _ if starting_from_here(amount) => near?.starting,
        _ => None,
    }
}

/// The least `amount` can be now ([`amount_bound`]'s other side: a condition may
/// fail, a count may count nothing); none for a kind it does not know.
fn amount_least(amount: &Amount) -> Option<i32> {
    match amount {
        Amount::Const(n) => Some(*n),
        Amount::When(_, a) => Some(amount_least(a)?.min(0)),
        Amount::Sum(parts) => parts
            .iter()
            .try_fold(0i32, |all, a| Some(all.saturating_add(amount_least(a)?))),
        Amount::Count(_) | Amount::MostMinionsOfOnePlayer(_) | Amount::MaxStartingPower(_) => {
            Some(0)
        }
        _ => None,
    }
}
