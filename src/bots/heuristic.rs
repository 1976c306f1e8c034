//! The heuristic bot: scores every option with simple table sense and takes the
//! best, the first of equals. It plays minions where it can win a base, breaks a base
//! only when it leads there, avoids breaking bases for others, aims destroy, move and
//! return effects at the strongest enemy minions and discards its weakest cards.
//! Before a play or a card's question it looks one play ahead ([`super::ahead`]) and
//! passes over an answer that would be a wasted play ([`super::waste`]).

use super::ahead;
use super::view::SeatView;
use super::waste::Verdict;
use crate::cards::model::{Kind, MinionOwner, PlayTarget};
use crate::engine::effect::Purpose;
use crate::engine::{Ask, Choice, Decision, PlayTo, PlayerId, Uid};

/// How deep the bot looks ahead: its own questions inside an imagined resolution are
/// answered with a look of their own, one level down; deeper, by score alone.
const LOOK_DEPTH: u8 = 2;

/// The index of the option to take among `candidates` (indices into the options):
/// the best-scoring one, the first of equals, unless looking ahead shows it wasted
/// (see [`choose_looking`]).
pub(super) fn choose(view: &SeatView, decision: &Decision, candidates: &[usize]) -> usize {
    choose_looking(view, decision, candidates, 0)
}

/// The best-scoring option, looked at one play ahead ([`ahead::judge`]). A play (a
/// card, a Special, a Talent) that would be wasted is passed over for the next best,
/// down to ending the turn or passing. Inside a resolution, the best answer stays
/// unless it is wasted while another answer is useful, or it only hurts the bot's
/// own side while it may decline.
fn choose_looking(view: &SeatView, decision: &Decision, candidates: &[usize], depth: u8) -> usize {
    let order = ranked(view, decision, candidates);
    let first = order.first().copied().unwrap_or(0);
    if depth >= LOOK_DEPTH || order.len() < 2 {
        return first;
    }
    let judge = |i: usize| -> Option<Verdict> {
        let source = resolving_card(decision, &decision.options[i])?;
        // A minion played onto a base stays there: useful without a look.
        if let Choice::Play {
            to: Some(PlayTo::Base(_)),
            ..
        } = decision.options[i]
        {
            if view
                .def(source)
                .is_some_and(|d| d.card().is_some_and(|c| c.is_minion()))
            {
                return Some(Verdict::Useful);
            }
        }
        let mut answer = |v: &SeatView, d: &Decision| {
            let all: Vec<usize> = (0..d.options.len()).collect();
            if v.seat() == view.seat() {
                choose_looking(v, d, &all, depth + 1)
            } else {
                ranked(v, d, &all).first().copied().unwrap_or(0)
            }
        };
        Some(ahead::judge(view, i, source, &mut answer))
    };
    if is_turn_level(&decision.ask) {
        for &i in &order {
            match judge(i) {
                None | Some(Verdict::Useful) => return i,
                Some(_) => {}
            }
        }
        return first;
    }
    let Some(top) = judge(first) else {
        return first;
    };
    if top == Verdict::Useful {
        return first;
    }
    let declines = |i: &usize| decision.options[*i].declines();
    if let Some(&useful) = order
        .iter()
        .skip(1)
        .filter(|i| !declines(i))
        .find(|&&i| judge(i) == Some(Verdict::Useful))
    {
        return useful;
    }
    match order.iter().find(|i| declines(i)) {
        Some(&decline) if top == Verdict::SelfHarm => decline,
        _ => first,
    }
}

/// The candidates, best score first (the first of equals first).
fn ranked(view: &SeatView, decision: &Decision, candidates: &[usize]) -> Vec<usize> {
    // A move of this seat's own minions to one place the card names (Rick Roll, Tour
    // Bus, Palooza, Idaho Smith) gathers them there: moving the strongest is then good,
    // not a loss. Moves to "some other base" (Full Sail) keep the old caution.
    let gather = matches!(&decision.ask, Ask::Choose { purpose: Some(Purpose::Move), source }
            if gathers_to_one_place(view, source))
        && decision.options.iter().all(|o| match o {
            Choice::Card(c) => view.table_controller(*c) == Some(view.seat()),
            _ => true,
        });
    let mut scored: Vec<(i64, usize)> = candidates
        .iter()
        .map(|&i| {
            let score = match &decision.options[i] {
                Choice::Card(c) if gather => 5 + view.power(*c) as i64,
                option => score(view, &decision.ask, option),
            };
            (score, i)
        })
        .collect();
    // Stable: equals keep their order.
    scored.sort_by_key(|s| std::cmp::Reverse(s.0));
    scored.into_iter().map(|(_, i)| i).collect()
}

/// True for a question between plays (the main one, an extra play now, a round of
/// Specials), where what is chosen is a play.
fn is_turn_level(ask: &Ask) -> bool {
    matches!(
        ask,
        Ask::Main | Ask::ExtraNow | Ask::BeforeScoring { .. } | Ask::AfterScoring { .. }
    )
}

/// The card whose resolution answering `option` starts or goes on with: the card
/// played or used at a question between plays, the card asking in a card's question.
/// None for a decline and for questions not looked ahead at (windows, orders,
/// discards).
fn resolving_card(decision: &Decision, option: &Choice) -> Option<Uid> {
    if option.declines() {
        return None;
    }
    match (&decision.ask, option) {
        (ask, Choice::Play { card, .. } | Choice::Use { card, .. }) if is_turn_level(ask) => {
            Some(*card)
        }
        (
            Ask::Choose { source, .. }
            | Ask::May { source }
            | Ask::ChooseOne { source }
            | Ask::ChooseNumber { source },
            _,
        ) => Some(*source),
        _ => None,
    }
}

fn score(view: &SeatView, ask: &Ask, option: &Choice) -> i64 {
    match (ask, option) {
        (Ask::Mulligan, Choice::Yes) => 1,
        // A base lowering its own breakpoint (Building Rooftop) helps whoever leads there.
        (Ask::May { source }, Choice::Yes) if lowers_own_breakpoint(view, *source) => {
            let (mine, best_other) = standing(view, *source);
            if mine > best_other {
                1
            } else {
                -1
            }
        }
        // A minion of ours on a base we win now stays there rather than leave it for
        // stasis (Sidelined Girlfriend).
        (Ask::May { source }, Choice::Yes)
            if leaves_for_stasis(view, *source) && winning_where(view, *source) =>
        {
            -1
        }
        (Ask::May { .. }, Choice::Yes) => 1,
        // Adding a counter to one's own card in stasis only delays it (Lifelong Bully).
        (Ask::ChooseOne { .. }, Choice::Mode { label, .. })
            if label.contains("more stasis counter") =>
        {
            -1
        }
        (Ask::BeforeScoring { base }, Choice::Use { card, .. }) => special_gain(view, *base, *card),
        (Ask::Choose { purpose, source }, _) => pick(view, *purpose, *source, option),
        (Ask::DiscardToTen, Choice::Card(c)) => -card_value(view, *c),
        // A power to play off the top: the one the deck holds most of, the higher of
        // equals.
        (Ask::ChooseNumber { .. }, Choice::Number(n)) => {
            view.deck_minions_of_power(*n) as i64 * 10 + *n as i64
        }
        (_, Choice::Use { card, .. }) if destroys_its_base(view, *card) => {
            // Nuke a base only where someone else leads.
            let (mine, best_other) = view.base_of(*card).map_or((0, 0), |b| standing(view, b));
            if best_other > mine {
                30 + (best_other - mine) as i64
            } else {
                -5
            }
        }
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
        // A card played from stasis is an extra card: free, so before the hand's.
        (_, Choice::Play { card, to }) if view.stasis_counters(*card).is_some() => {
            play_value(view, *card, *to) + 5
        }
        (_, Choice::Play { card, to }) => play_value(view, *card, *to),
        (_, Choice::Use { card, .. }) if view.stasis_counters(*card).is_some() => {
            strike_value(view, *card)
        }
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

/// True for a base one of whose abilities lowers its own breakpoint for the turn
/// (Building Rooftop).
fn lowers_own_breakpoint(view: &SeatView, source: Uid) -> bool {
    use crate::engine::effect::{Effect, Target};
    fn lowers(e: &Effect) -> bool {
        match e {
            Effect::BreakpointThisTurn {
                base: Target::Here, ..
            } => true,
            Effect::May(inner) => lowers(inner),
            Effect::If { then, .. } => lowers(then),
            Effect::ForEach { body, .. } => lowers(body),
            Effect::Seq(parts) => parts.iter().any(lowers),
            _ => false,
        }
    }
    view.def(source)
        .filter(|d| d.base().is_some())
        .is_some_and(|d| d.abilities().iter().any(|a| lowers(&a.effect)))
}

/// True for a card or base whose ability acts just after a base scores (Jungle Camp,
/// Walk Away... Slowly): what it takes from that base would otherwise be discarded.
fn acts_after_scoring(view: &SeatView, source: Uid) -> bool {
    use crate::engine::effect::Trigger;
    view.def(source).is_some_and(|def| {
        def.abilities().iter().any(|a| {
            matches!(
                a.when,
                Trigger::AfterThisBaseScores | Trigger::AfterScoringFromHand
            )
        })
    })
}

/// True for a card whose Talent only transfers the card itself to another minion
/// (Ladybug, Leaf Armor), or pays one of its own counters to move itself (Alien Life
/// Form): moving it round gains nothing, so the bot leaves it where it is rather
/// than narrate pointless moves.
fn only_moves_itself(view: &SeatView, card: Uid) -> bool {
    use crate::engine::effect::{Amount, Effect, Target};
    talent_does(view, card, |e| match e {
        Effect::Transfer {
            action: Target::This,
            ..
        } => true,
        Effect::AddCounters {
            what: Target::This,
            amount: Amount::Const(n),
        } => *n < 0,
        _ => false,
    })
}

/// True for a card played only through its Special (Final Stand, Hidden Ninja).
fn special_only(view: &SeatView, card: Uid) -> bool {
    use crate::engine::effect::Static;
    view.def(card).is_some_and(|d| {
        d.abilities()
            .iter()
            .any(|a| a.statics == Some(Static::PlayedOnlyThroughSpecial))
    })
}

/// True for a card whose Talent destroys the base it is on (Nuke It From Orbit).
fn destroys_its_base(view: &SeatView, card: Uid) -> bool {
    use crate::engine::effect::Effect;
    talent_does(view, card, |e| matches!(e, Effect::DestroyBase(_)))
}

/// True when a card's Talent program does what `verb` looks for, in a sequence, a
/// condition, a choice or "do X to do Y".
fn talent_does(
    view: &SeatView,
    card: Uid,
    verb: fn(&crate::engine::effect::Effect) -> bool,
) -> bool {
    use crate::engine::effect::{Effect, Trigger};
    fn does(e: &Effect, verb: fn(&Effect) -> bool) -> bool {
        verb(e)
            || match e {
                Effect::Seq(parts) => parts.iter().any(|p| does(p, verb)),
                Effect::If { then, .. } => does(then, verb),
                Effect::ToDo { first, then } => does(first, verb) || does(then, verb),
                Effect::Choose(c) => does(&c.then, verb),
                _ => false,
            }
    }
    view.def(card).is_some_and(|def| {
        def.abilities()
            .iter()
            .any(|a| a.when == Trigger::Talent && does(&a.effect, verb))
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

/// True when this seat's minion is on a base that is ready to score and that it wins.
fn winning_where(view: &SeatView, card: Uid) -> bool {
    view.table_controller(card) == Some(view.seat())
        && view.base_of(card).is_some_and(|b| {
            let (mine, best_other) = standing(view, b);
            mine > best_other && view.base_power(b) >= view.breakpoint(b)
        })
}

/// True for a minion whose own on-play "may" sends it from its base into stasis.
fn leaves_for_stasis(view: &SeatView, card: Uid) -> bool {
    use crate::engine::effect::{Effect, Target, Trigger};
    fn sends_itself(e: &Effect) -> bool {
        match e {
            Effect::PutInStasis {
                card: Target::This, ..
            } => true,
            Effect::May(inner) => sends_itself(inner),
            Effect::If { then, .. } => sends_itself(then),
            _ => false,
        }
    }
    view.def(card).is_some_and(|d| {
        d.abilities()
            .iter()
            .any(|a| a.when == Trigger::OnPlay && sends_itself(&a.effect))
    })
}

/// True for a card in stasis that gains from other cards' stasis counters coming off
/// (Lightning Strike catches them).
fn collects_counters(view: &SeatView, card: Uid) -> bool {
    use crate::engine::effect::Trigger;
    view.def(card).is_some_and(|d| {
        d.abilities()
            .iter()
            .any(|a| a.when == Trigger::StasisCountersRemovedElsewhere)
    })
}

/// Spending an action play on a card in stasis that lowers a breakpoint by its
/// counters (Lightning Strike): worth it only when it lets a base this seat leads
/// score this turn; otherwise the action play is kept.
fn strike_value(view: &SeatView, card: Uid) -> i64 {
    let cut = view.stasis_counters(card).unwrap_or(0).min(5) as i32;
    let makes_one_score = view.bases().iter().any(|b| {
        let (mine, best_other) = standing(view, b.card);
        let power = view.base_power(b.card);
        let bp = view.breakpoint(b.card);
        mine > best_other && power < bp && power >= bp - cut
    });
    if makes_one_score {
        90
    } else {
        -1
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
                // Back to hand from a base that has scored: saved from the discard pile
                // (Jungle Camp, Walk Away... Slowly), the strongest first.
                Some(Purpose::Return) if ours && in_play && acts_after_scoring(view, source) => {
                    5 + view.power(*c) as i64
                }
                // An action stored is a later extra action; a minion stored is lost.
                Some(Purpose::Store) => match view.def(*c).and_then(|d| d.card()) {
                    Some(card) if !card.is_minion() => 5 + card_value(view, *c),
                    _ => -5,
                },
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
                // Counters off a card in stasis: the one nearest to coming back, never
                // a card that collects counters (Lightning Strike).
                Some(Purpose::StasisCounters) if collects_counters(view, *c) => -5,
                Some(Purpose::StasisCounters) => {
                    10 + card_value(view, *c) - view.stasis_counters(*c).unwrap_or(0) as i64
                }
                // Into stasis: a card that can come back out of it, not one played only
                // through its Special (Final Stand), which would only be discarded.
                Some(Purpose::IntoStasis) if special_only(view, *c) => -5,
                Some(Purpose::Power | Purpose::Transfer | Purpose::BreakpointByPower)
                    if in_play =>
                {
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
        // Lowering a breakpoint: where this seat leads, the nearer to scoring the better.
        Choice::Base(b) if purpose == Some(Purpose::LowerBreakpoint) => {
            let (mine, best_other) = standing(view, *b);
            let lead = if mine > best_other { 100 } else { 0 };
            lead + view.base_power(*b) as i64 - view.breakpoint(*b) as i64
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
