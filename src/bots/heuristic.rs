//! The heuristic bot: scores every option with simple table sense and takes the
//! best, the first of equals. It plays minions where it can win a base, breaks a base
//! only when it leads there, avoids breaking bases for others, aims destroy, move and
//! return effects at the strongest enemy minions and discards its weakest cards.

use super::view::SeatView;
use crate::cards::model::{Kind, MinionOwner, PlayTarget};
use crate::engine::effect::Purpose;
use crate::engine::{Ask, Choice, Decision, PlayTo, PlayerId, Uid};

/// The index of the best-scoring option among `candidates` (indices into the
/// options), the first of equals.
pub(super) fn choose(view: &SeatView, decision: &Decision, candidates: &[usize]) -> usize {
    // A move of this seat's own minions to one place the card names (Rick Roll, Tour
    // Bus, Palooza, Idaho Smith) gathers them there: moving the strongest is then good,
    // not a loss. Moves to "some other base" (Full Sail) keep the old caution.
    let gather = matches!(&decision.ask, Ask::Choose { purpose: Some(Purpose::Move), source }
            if gathers_to_one_place(view, source))
        && decision.options.iter().all(|o| match o {
            Choice::Card(c) => view.table_controller(*c) == Some(view.seat()),
            _ => true,
        });
    let mut best = (i64::MIN, candidates.first().copied().unwrap_or(0));
    for &i in candidates {
        let score = match &decision.options[i] {
            Choice::Card(c) if gather => 5 + view.power(*c) as i64,
            option => score(view, &decision.ask, option),
        };
        if score > best.0 {
            best = (score, i);
        }
    }
    best.1
}

fn score(view: &SeatView, ask: &Ask, option: &Choice) -> i64 {
    match (ask, option) {
        (Ask::Mulligan, Choice::Yes) => 1,
        (Ask::May { .. }, Choice::Yes) => 1,
        (Ask::BeforeScoring { base }, Choice::Use { card, .. }) => special_gain(view, *base, *card),
        (Ask::Choose { purpose, source }, _) => pick(view, *purpose, *source, option),
        (Ask::DiscardToTen, Choice::Card(c)) => -card_value(view, *c),
        // "Choose up to one" (Watson): doing neither is the last resort; destroying
        // one of our own actions only pays with one that rewards it.
        (Ask::ChooseOne { .. }, Choice::Mode { label, .. }) if label == "neither" => -1,
        (Ask::ChooseOne { source }, Choice::Mode { label, .. })
            if label.starts_with("destroy one of your actions") =>
        {
            if own_payoff_action_at(view, *source) {
                2
            } else {
                -1
            }
        }
        (Ask::ScoreWhich, Choice::Base(b)) => {
            let (mine, best_other) = standing(view, *b);
            (mine - best_other) as i64
        }
        (_, Choice::Play { card, to }) => play_value(view, *card, *to),
        (_, Choice::Use { card, .. }) if only_moves_itself(view, *card) => -1,
        (_, Choice::Use { .. }) => 22,
        _ => 0,
    }
}

/// True when a card's (or base's) text moves minions to one place it names: "to this
/// base", "to it,", "to here", "to that new base".
fn gathers_to_one_place(view: &SeatView, source: &Uid) -> bool {
    let Some(def) = view.def(*source) else {
        return false;
    };
    let text = def
        .card()
        .map(|c| c.text.as_str())
        .or_else(|| def.base().map(|b| b.text.as_str()))
        .unwrap_or("")
        .to_lowercase();
    ["to this base", "to it,", "to here", "to that new base"]
        .iter()
        .any(|t| text.contains(t))
}

/// True for a card whose Talent only transfers the card itself to another minion
/// (Ladybug, Leaf Armor): moving it round one's own minions gains nothing, so the
/// bot leaves it where it is rather than narrate pointless moves.
fn only_moves_itself(view: &SeatView, card: Uid) -> bool {
    use crate::engine::effect::{Effect, Target, Trigger};
    let Some(def) = view.def(card) else {
        return false;
    };
    def.abilities().iter().any(|a| {
        a.when == Trigger::Talent
            && matches!(&a.effect, Effect::Choose(c)
                if matches!(&c.then, Effect::Transfer { action: Target::This, .. }))
    })
}

/// This seat's power on a base and the best power of anyone else there.
fn standing(view: &SeatView, base: Uid) -> (i32, i32) {
    let me = view.seat();
    let best_other = (0..view.players() as u8)
        .map(PlayerId)
        .filter(|&p| p != me)
        .map(|p| view.player_power(base, p))
        .max()
        .unwrap_or(0);
    (view.player_power(base, me), best_other)
}

/// First-place VP of a base.
fn first_vp(view: &SeatView, base: Uid) -> i64 {
    view.def(base)
        .and_then(|d| d.base())
        .map_or(0, |b| b.vp[0] as i64)
}

/// How good it is to add `power` of ours to a base.
fn add_power_value(view: &SeatView, base: Uid, power: i32) -> i64 {
    let (mine, best_other) = standing(view, base);
    let after = mine + power;
    let breaks = view.base_power(base) + power >= view.breakpoint(base);
    let vp = first_vp(view, base);
    if breaks {
        if after > best_other {
            100 + vp * 10 + power as i64
        } else if after == best_other {
            40 + vp
        } else {
            -20
        }
    } else {
        let lead = if after > best_other { 10 } else { 0 };
        let closeness = (view.base_power(base) * 10 / view.breakpoint(base).max(1)) as i64;
        20 + lead + vp + closeness + power as i64
    }
}

fn play_value(view: &SeatView, card: Uid, to: Option<PlayTo>) -> i64 {
    let Some(def) = view.def(card).and_then(|d| d.card()) else {
        return 0;
    };
    match (def.kind, to) {
        (Kind::Minion { power }, Some(PlayTo::Base(b))) => add_power_value(view, b, power as i32),
        (Kind::Minion { power }, _) => 20 + power as i64,
        (
            Kind::Action {
                play: PlayTarget::OnMinion { whose, .. },
            },
            Some(PlayTo::Minion(m)),
        ) => {
            let ours = view.controller(m) == Some(view.seat());
            let hurts = match whose {
                MinionOwner::Others => true,
                MinionOwner::Own => false,
                MinionOwner::Any => harmful(&def.text),
            };
            match (hurts, ours) {
                (true, false) => 30 + enemy_threat(view, m),
                (false, true) => {
                    30 + view
                        .base_of(m)
                        .map_or(0, |b| add_power_value(view, b, 1) / 10)
                }
                _ => -10,
            }
        }
        (Kind::Action { .. }, Some(PlayTo::Base(b))) => {
            let (mine, best_other) = standing(view, b);
            25 + (mine - best_other).clamp(-5, 5) as i64
        }
        (Kind::Action { .. }, _) => 25,
    }
}

/// True when a card's text reads as bad for the minion it is played on: it destroys,
/// or takes power away ("-2 power"), and is not a shield that stops abilities
/// affecting the minion (Tooth and Claw, whose own destruction is its protection).
fn harmful(text: &str) -> bool {
    let text = text.to_lowercase();
    let bytes = text.as_bytes();
    let shields = ["is stopped", "not affect", "cannot be destroyed"]
        .iter()
        .any(|s| text.contains(s));
    !shields
        && (text.contains("destroy")
            || text.contains("cancel")
            || bytes
                .windows(2)
                .any(|w| w[0] == b'-' && w[1].is_ascii_digit()))
}

/// True when a card's chosen base loses every minion on it (Crop Circles): a base to
/// aim at where others lead, never where this seat wins.
fn clears_base(view: &SeatView, source: Uid) -> bool {
    view.def(source).and_then(|d| d.card()).is_some_and(|c| {
        let text = c.text.to_lowercase();
        text.contains("every minion on it") || text.contains("each minion on it")
    })
}

/// How much an enemy minion hurts us: its power, more where its controller leads.
fn enemy_threat(view: &SeatView, minion: Uid) -> i64 {
    let power = view.power(minion) as i64;
    let leading = view.base_of(minion).is_some_and(|b| {
        let (mine, best_other) = standing(view, b);
        best_other > mine
    });
    power + if leading { 5 } else { 0 }
}

/// How much a card in hand is worth keeping.
fn card_value(view: &SeatView, card: Uid) -> i64 {
    view.def(card)
        .and_then(|d| d.card())
        .map_or(0, |c| c.power().map_or(3, |p| p as i64))
}

/// Using a Special as `base` is about to score: worth it when the card's power
/// would lift us to first place there, or for an action while someone else leads.
fn special_gain(view: &SeatView, base: Uid, card: Uid) -> i64 {
    let (mine, best_other) = standing(view, base);
    if mine > best_other {
        return -1;
    }
    let power = view
        .def(card)
        .and_then(|d| d.card())
        .and_then(|c| c.power());
    match power {
        Some(p) if mine + p as i32 >= best_other => 10,
        Some(_) => -1,
        None => 5,
    }
}

/// True for a card with an ability of its own that happens once it is destroyed or
/// leaves play (Librarian Haunt, Slimy, Demon Dogs, Ancient Sumerian God).
fn pays_off_when_destroyed(view: &SeatView, card: Uid) -> bool {
    use crate::engine::effect::Trigger;
    view.def(card).is_some_and(|d| {
        d.abilities()
            .iter()
            .any(|a| matches!(a.when, Trigger::AfterDestroyed | Trigger::AfterLeavesPlay))
    })
}

/// True when this seat has an action that pays off when destroyed on the base
/// itself where `card` is (Watson's choice).
fn own_payoff_action_at(view: &SeatView, card: Uid) -> bool {
    let base = view.base_of(card);
    view.bases()
        .iter()
        .filter(|b| Some(b.card) == base)
        .flat_map(|b| &b.actions)
        .any(|a| a.controller == view.seat() && pays_off_when_destroyed(view, a.card))
}

/// Scores an option of a card's choice by what the choice is for.
fn pick(view: &SeatView, purpose: Option<Purpose>, source: Uid, option: &Choice) -> i64 {
    let me = view.seat();
    match option {
        Choice::Done | Choice::Pass | Choice::No => 0,
        Choice::Card(c) => {
            let ours = view.table_controller(*c).is_none_or(|p| p == me);
            let in_play = view.table_controller(*c).is_some();
            match purpose {
                Some(
                    Purpose::Destroy
                    | Purpose::Move
                    | Purpose::Return
                    | Purpose::PlaceOnBottom
                    | Purpose::Take
                    | Purpose::Target
                    | Purpose::Control
                    | Purpose::Weaken,
                ) if in_play => {
                    if ours
                        && pays_off_when_destroyed(view, *c)
                        && purpose == Some(Purpose::Destroy)
                    {
                        // One of our own actions that rewards its destruction (a
                        // Wraith: Librarian Haunt draws, Demon Dogs plays its minion):
                        // the best of ours to give up when a cost must be paid.
                        -20
                    } else if ours {
                        -50 - view.power(*c) as i64
                    } else {
                        10 + enemy_threat(view, *c)
                    }
                }
                // A card of ours out of play sent under the deck: the weakest, and
                // only a weak one when it may stay (Granny, Attic Treasures).
                Some(Purpose::Discard | Purpose::PlaceOnBottom) => 1 - card_value(view, *c),
                Some(Purpose::Rescue) => 5 + card_value(view, *c),
                Some(Purpose::Power | Purpose::Transfer) if in_play => {
                    let base_bonus = view.base_of(*c).map_or(0, |b| first_vp(view, b));
                    if ours {
                        20 + base_bonus
                    } else {
                        5 + enemy_threat(view, *c)
                    }
                }
                _ => 1 + card_value(view, *c),
            }
        }
        Choice::Base(b) if clears_base(view, source) => {
            let (mine, best_other) = standing(view, *b);
            1 + (best_other - mine + 20).max(0) as i64
        }
        Choice::Base(b) => {
            let (mine, best_other) = standing(view, *b);
            1 + (mine - best_other + 20).max(0) as i64 + first_vp(view, *b)
        }
        Choice::Player(p) => {
            if *p == me {
                -1
            } else {
                1 + view.vp(*p) as i64
            }
        }
        _ => 1,
    }
}
