//! Which bases are ready to score: their total power at or over their breakpoint,
//! read once a turn in the Score Bases phase. Most bases are far from it, so a bound
//! on the total that asks no filter and reads no amount rules them out first; the
//! exact total ([`GameState::sum_power_at`]) is summed only when the bound cannot.
//! Nothing is kept: both are worked out at every read.

use super::board::may_change;
use super::effect::{Amount, BaseSel, Selector, Static};
use super::state::{GameState, Lasting, Uid};

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

    /// True when the total power at base index `b` is at least `breakpoint`. Most
    /// bases are far from it: a bound on the total ([`Self::power_bound_at`]) that
    /// asks no filter and reads no amount proves it false first when it can; the
    /// total is summed only when it cannot.
    fn reached(&self, b: usize, breakpoint: i32, counts: &TableCounts) -> bool {
        let bound = self.power_bound_at(b, counts);
        // In the unit tests, the bound is checked against the total at every read.
        #[cfg(test)]
        if let Some(bound) = bound {
            let total = self.sum_power_at(b, None);
            assert!(
                bound >= total,
                "power bound {bound} below the total {total}"
            );
        }
        if bound.is_some_and(|most| most < breakpoint) {
            return false;
        }
        self.sum_power_at(b, None) >= breakpoint
    }

    /// At least the total power at base index `b` ([`Self::sum_power_at`] for all
    /// players), or none when some power static's amount has no bound here
    /// ([`amount_bound`]). Each minion's power is bounded by its printed power, its
    /// counters, every lasting raise of it and every power static that may reach it
    /// ([`may_change`]) at its amount's bound, penalties and protections left out
    /// (a penalty is at most 0 and a protection only takes a change away).
    fn power_bound_at(&self, b: usize, counts: &TableCounts) -> Option<i32> {
        let reads = self.power_reads(b, None);
        let here = self.bases[b].card;
        let minions_here = i32::try_from(self.bases[b].minions.len()).unwrap_or(i32::MAX);
        let mut all = 0i32;
        for m in &self.bases[b].minions {
            let printed = self.printed_power(m.card);
            let mut most = printed.saturating_add(i32::try_from(m.counters).unwrap_or(i32::MAX));
            if reads.lasting {
                for l in &self.lasting {
                    match l.what {
                        Lasting::Power { minion, amount }
                        | Lasting::PowerHere { minion, amount, .. }
                            if minion == m.card =>
                        {
                            most = most.saturating_add(amount.max(0))
                        }
                        Lasting::OthersPowerWhereAction { amount, .. } => {
                            most = most.saturating_add(amount.max(0))
                        }
                        _ => {}
                    }
                }
            }
            for (src, st) in reads.statics.clone() {
                if !may_change(&src, st, m.card, here) {
                    continue;
                }
                let at = (src.base == here).then_some(minions_here);
                let raise = match st {
                    Static::Power { amount, .. } | Static::AttachedPower(amount) => {
                        amount_bound(amount, counts, at)?
                    }
                    Static::StartingPowerAtLeast(amount) => {
                        amount_bound(amount, counts, at)?.saturating_sub(printed)
                    }
                    _ => continue,
                };
                most = most.saturating_add(raise.max(0));
            }
            all = all.saturating_add(most.max(0));
        }
        Some(all)
    }
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
        let count = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
        TableCounts {
            minions: count(minions),
            actions: count(actions),
        }
    }
}

/// At least what `amount` can be now, whoever reads it (no condition asked, no filter
/// tested), for the kinds a power static uses; none for any other kind. `here`: how
/// many minions are at the base of the card whose ability it is, if known (a count
/// of the minions "here" counts no more, and none in stasis).
fn amount_bound(amount: &Amount, counts: &TableCounts, here: Option<i32>) -> Option<i32> {
    let minions = |on: &BaseSel| match on {
        BaseSel::Here => here.unwrap_or(counts.minions),
        _ => counts.minions,
    };
    match amount {
        Amount::Const(n) => Some(*n),
        Amount::When(_, a) => Some(amount_bound(a, counts, here)?.max(0)),
        Amount::Sum(parts) => parts.iter().try_fold(0i32, |all, a| {
            Some(all.saturating_add(amount_bound(a, counts, here)?))
        }),
        Amount::Count(sel) => match &**sel {
            Selector::Minions(f) => Some(minions(&f.on)),
            Selector::Actions(_) => Some(counts.actions),
            _ => None,
        },
        // The most minions one player has at some bases: at most every minion there.
        Amount::MostMinionsOfOnePlayer(spec) => Some(minions(&spec.1)),
        _ => None,
    }
}
