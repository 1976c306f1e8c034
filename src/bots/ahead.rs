//! Looking one play ahead: before the heuristic bot makes a play or answers a card's
//! question, it imagines the answer in a world re-dealt from its own view (see
//! [`SeatView::imagine`]: it never sees a hidden card) and follows the resolution to
//! its end, judged by the wasted-play measure ([`super::waste`]). A play that changes
//! nothing, or only hurts its own side, in every world it imagines is not worth its
//! card.

use super::view::SeatView;
use super::waste::{OpenPlay, Verdict};
use crate::engine::{Decision, Uid};

/// Worlds imagined before a play is called wasted: what it does may hang on hidden
/// cards (a deck's order, another player's hand), so one unlucky deal is not enough.
const WORLDS: u64 = 3;

/// Answers an imagined resolution gives at most; past them (a loop) the play is
/// taken as useful, since nothing can be told.
const MAX_ANSWERS: u32 = 200;

/// How answering option `index` of the seat's question would go, `source` being the
/// card played or the card whose ability asks; `answer` answers every later question
/// of the resolution (anyone's) in the imagined world. Useful when it is in any world.
pub(super) fn judge(
    view: &SeatView,
    index: usize,
    source: Uid,
    answer: &mut dyn FnMut(&SeatView, &Decision) -> usize,
) -> Verdict {
    let seat = view.seat();
    let mut worst = Verdict::Nothing;
    for mut world in view.worlds(index, WORLDS) {
        let mut play = OpenPlay::from_here(&world, seat, source);
        let mut next = index;
        let mut answers = 0;
        loop {
            match world.answer(next) {
                Ok(events) => play.see(&world, &events),
                Err(_) => return Verdict::Useful,
            }
            answers += 1;
            if play.resolved(&world) {
                break;
            }
            let Some(d) = world.pending() else { break };
            if answers >= MAX_ANSWERS {
                return Verdict::Useful;
            }
            next = if d.options.len() == 1 {
                0
            } else {
                answer(&SeatView::new(&world, d.player), d)
            };
        }
        match play.verdict(&world) {
            Verdict::Useful => return Verdict::Useful,
            Verdict::SelfHarm => worst = Verdict::SelfHarm,
            Verdict::Nothing => {}
        }
    }
    worst
}
