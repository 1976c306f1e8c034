//! Changes an ability makes to the numbers of the game: power, breakpoints, extra
//! plays and VP. Each line says its cause first ("Archmage: you get an extra action
//! play."), and the same change repeated is one line ("you get 2 extra action plays").

use super::{base_then, cause, own_possessive, say, Said, Scene, Verbosity};
use crate::engine::effect::Static;
use crate::engine::interp::Ctx;
use crate::engine::{Event, GameState, PlayerId, Uid};
use crate::play::describe::sentence;

/// Power changes of one amount by one cause in a row, one line: "Augmentation:
/// Laseratops gets +4 power, now 8." or "Rampage: +1 power for 3 minions: ...".
pub(super) fn power_changed(scene: &Scene, events: &[Event]) -> (Said, usize) {
    let w = &scene.words;
    let Event::PowerChanged { amount, by, .. } = events[0] else {
        unreachable!("called on a power change")
    };
    let cards: Vec<Uid> = events
        .iter()
        .map_while(|e| match e {
            Event::PowerChanged {
                card,
                amount: a,
                by: b,
            } if *a == amount && *b == by => Some(*card),
            _ => None,
        })
        .collect();
    let bases: Vec<Uid> = cards.iter().filter_map(|&c| base_then(scene, c)).collect();
    let now = |c: Uid| match w.game.minion(c) {
        Some(_) => format!(", now {}", w.game.power(c)),
        None => String::new(),
    };
    let text = match cards.as_slice() {
        [one] if by == Some(*one) => format!(
            "{} {} gets {amount:+} power from its own ability{}.",
            w.card(*one),
            w.place(*one),
            now(*one)
        ),
        [one] => format!(
            "{}{} gets {amount:+} power{}.",
            cause(w, by),
            w.owned_card(*one, scene.actor),
            now(*one)
        ),
        many => {
            let names: Vec<String> = many
                .iter()
                .map(|&c| format!("{}{}", w.owned_card(c, scene.actor), now(c)))
                .collect();
            format!(
                "{}{amount:+} power for {} minions: {}.",
                cause(w, by),
                many.len(),
                names.join("; ")
            )
        }
    };
    (say(Verbosity::Brief, sentence(&text), bases), cards.len())
}

/// "Rampage: Tortuga's breakpoint is 5 lower this turn, now 16."
pub(super) fn breakpoint_changed(scene: &Scene, base: Uid, amount: i32, by: Option<Uid>) -> Said {
    let w = &scene.words;
    let direction = if amount < 0 { "lower" } else { "higher" };
    say(
        Verbosity::Brief,
        sentence(&format!(
            "{}{}'s breakpoint is {} {direction} this turn, now {}.",
            cause(w, by),
            w.card(base),
            amount.abs(),
            w.game.breakpoint(base)
        )),
        vec![],
    )
}

/// Extra plays of one kind for one player by one cause in a row, one line:
/// "Archmage: you get an extra action play.", "you get 2 extra minion plays".
pub(super) fn extra_play(scene: &Scene, events: &[Event]) -> (Said, usize) {
    let w = &scene.words;
    let Event::ExtraPlay { player, minion, by } = events[0] else {
        unreachable!("called on an extra play")
    };
    let run = events.iter().take_while(|e| *e == &events[0]).count();
    let what = if minion { "minion" } else { "action" };
    let plays = if run == 1 {
        format!("an extra {what} play")
    } else {
        format!("{run} extra {what} plays")
    };
    let text = format!("{}{} {plays}.", cause(w, by), gets(scene, player));
    (say(Verbosity::Brief, sentence(&text), vec![]), run)
}

/// "Wraithrustlers HQ: you get an extra minion or action play on your next turn."
pub(super) fn extra_play_next_turn(
    scene: &Scene,
    player: PlayerId,
    either: bool,
    minion: bool,
    by: Option<Uid>,
) -> Said {
    let what = crate::play::describe::play_kind(either, minion);
    let w = &scene.words;
    let text = format!(
        "{}{} an extra {what} play on {} next turn.",
        cause(w, by),
        gets(scene, player),
        own_possessive(w, player, player)
    );
    say(Verbosity::Brief, sentence(&text), vec![])
}

/// "Cat's Paw: Bot 2 controls your Pinkie until the end of the turn." when taken;
/// "Control ends: Bot 2's Invader is back with Bot 2." when it ends.
pub(super) fn control_changed(scene: &Scene, card: Uid, player: PlayerId, by: Option<Uid>) -> Said {
    let w = &scene.words;
    let whose = w.owned_card(card, scene.actor);
    let text = match by {
        Some(_) if Some(player) == w.viewer => format!(
            "{}you control {whose} {}.",
            cause(w, by),
            w.control_until(card)
        ),
        Some(_) => format!(
            "{}{} controls {whose} {}.",
            cause(w, by),
            w.name(player),
            w.control_until(card)
        ),
        None => format!("control ends: {whose} is back with {}.", w.player(player)),
    };
    say(
        Verbosity::Brief,
        sentence(&text),
        base_then(scene, card).into_iter().collect(),
    )
}

/// "End of turn" or "Start of turn", for a lasting change that ends then.
fn ends_when(at_start: bool) -> &'static str {
    if at_start {
        "Start of turn"
    } else {
        "End of turn"
    }
}

/// Lasting power changes that end together, one line: "End of turn: Laseratops's +4
/// power ends, now 4." or "End of turn: power changes end for 2 minions: Laseratops,
/// now 4; Armor Stego, now 3." (several on one minion are one change).
pub(super) fn power_change_ended(scene: &Scene, events: &[Event]) -> (Said, usize) {
    let w = &scene.words;
    let Event::PowerChangeEnded { at_start, .. } = events[0] else {
        unreachable!("called on a power change ending")
    };
    let mut ended: Vec<(Uid, i32)> = Vec::new();
    let used = events
        .iter()
        .map_while(|e| match e {
            Event::PowerChangeEnded {
                card,
                amount,
                at_start: a,
            } if *a == at_start => Some((*card, *amount)),
            _ => None,
        })
        .inspect(
            |&(card, amount)| match ended.iter_mut().find(|(c, _)| *c == card) {
                Some((_, total)) => *total += amount,
                None => ended.push((card, amount)),
            },
        )
        .count();
    let when = ends_when(at_start);
    let text = match ended.as_slice() {
        [(card, amount)] => format!(
            "{when}: {}'s {amount:+} power ends, now {}.",
            w.owned_card(*card, scene.actor),
            w.game.power(*card)
        ),
        many => {
            let names: Vec<String> = many
                .iter()
                .map(|&(c, _)| format!("{}, now {}", w.owned_card(c, scene.actor), w.game.power(c)))
                .collect();
            format!(
                "{when}: power changes end for {} minions: {}.",
                many.len(),
                names.join("; ")
            )
        }
    };
    let bases = ended
        .iter()
        .filter_map(|&(c, _)| w.game.base_of(c))
        .collect();
    (say(ended_level(at_start), text, bases), used)
}

/// "End of turn: Tortuga's breakpoint is back to 21." (or "... 5 lower no more, now
/// 18" while other changes remain).
pub(super) fn breakpoint_change_ended(
    scene: &Scene,
    base: Uid,
    amount: i32,
    at_start: bool,
) -> Said {
    let w = &scene.words;
    let now = w.game.breakpoint(base);
    let printed = w.game.def(base).base().map(|b| b.breakpoint as i32);
    let when = ends_when(at_start);
    let text = if printed == Some(now) {
        format!("{when}: {}'s breakpoint is back to {now}.", w.card(base))
    } else {
        let direction = if amount < 0 { "lower" } else { "higher" };
        format!(
            "{when}: {}'s breakpoint is {} {direction} no more, now {now}.",
            w.card(base),
            amount.abs()
        )
    };
    say(ended_level(at_start), text, vec![base])
}

/// A change that ends with the turn it was for is expected, and told from normal
/// verbosity (with the bases' new totals); one that lasted into another turn ends
/// unheralded, and is told at brief too.
fn ended_level(at_start: bool) -> Verbosity {
    if at_start {
        Verbosity::Brief
    } else {
        Verbosity::Normal
    }
}

/// "Mark of Sleep: Bot 2 cannot play actions on their next turn."
pub(super) fn no_actions_next_turn(scene: &Scene, player: PlayerId, by: Uid) -> Said {
    let w = &scene.words;
    let text = format!(
        "{}{} cannot play actions on {} next turn.",
        cause(w, Some(by)),
        w.player(player),
        own_possessive(w, player, player)
    );
    say(Verbosity::Brief, sentence(&text), vec![])
}

/// "you get", "Bot 2 gets", lower-case so that a cause may come first.
fn gets(scene: &Scene, player: PlayerId) -> String {
    let w = &scene.words;
    if Some(player) == w.viewer {
        "you get".to_string()
    } else {
        format!("{} gets", w.name(player))
    }
}

/// "Factory 436-1337: Bot 2 gains 1 VP, 5 in all." (VP from a base's places are in
/// its scoring line instead).
pub(super) fn gained_vp(
    scene: &Scene,
    player: PlayerId,
    amount: u32,
    total: u32,
    by: Option<Uid>,
) -> Said {
    let w = &scene.words;
    let gains = if Some(player) == w.viewer {
        "you gain".to_string()
    } else {
        format!("{} gains", w.name(player))
    };
    say(
        Verbosity::Brief,
        sentence(&format!(
            "{}{gains} {amount} VP, {total} in all.",
            cause(w, by)
        )),
        vec![],
    )
}

/// "Fun Bear: Fun Bear gains a power counter; counters now 2, power 4."
pub(super) fn counters_changed(
    scene: &Scene,
    card: Uid,
    amount: i32,
    total: u32,
    by: Option<Uid>,
) -> Said {
    let w = &scene.words;
    let what = match amount {
        1 => "gains a +1 power counter".to_string(),
        n if n > 1 => format!("gains {n} +1 power counters"),
        -1 => "loses a +1 power counter".to_string(),
        n => format!("loses {} +1 power counters", -n),
    };
    say(
        Verbosity::Brief,
        sentence(&format!(
            "{}{} {what}; counters now {total}, power {}.",
            cause(w, by),
            w.owned_card(card, scene.actor),
            w.game.power(card)
        )),
        base_then(scene, card).into_iter().collect(),
    )
}

/// "Always Get Our Man: Bot 2's Collector will be destroyed at the end of the turn."
pub(super) fn end_of_turn_scheduled(scene: &Scene, by: Uid, card: Option<Uid>) -> Said {
    let w = &scene.words;
    let what = match card {
        Some(c) => format!(
            "{} will be destroyed at the end of the turn",
            w.owned_card(c, scene.actor)
        ),
        None => "the rest happens at the end of the turn".to_string(),
    };
    say(
        Verbosity::Brief,
        sentence(&format!("{}{what}.", cause(w, Some(by)))),
        vec![],
    )
}

/// "Hive Queen: until the start of Bot 2's next turn, other players' minions have -1
/// power at each base with Bot 2's Egg Field."
pub(super) fn others_power_where_action(
    scene: &Scene,
    player: PlayerId,
    action: &str,
    amount: i32,
    by: Uid,
) -> Said {
    let w = &scene.words;
    let whose = w.possessive(player);
    say(
        Verbosity::Brief,
        sentence(&format!(
            "{}until the start of {whose} next turn, other players' minions have {amount:+} power at each base with {whose} {action}.",
            cause(w, Some(by)),
        )),
        vec![],
    )
}

/// How an Ongoing card in play at `game` changes its base's breakpoint: (base, change
/// in its breakpoint, the starting breakpoint it sets). None when it changes nothing
/// there (Turn Up to 11 on a base already starting at 21 or more).
fn breakpoint_effect(game: &GameState, card: Uid) -> Option<(Uid, i32, Option<i32>)> {
    let base = game.base_of(card)?;
    let printed = game.def(base).base().map_or(0, |b| b.breakpoint as i32);
    let mut change = 0;
    let mut starting = None;
    for (src, st) in game.statics_on(base).filter(|(src, _)| src.card == card) {
        match st {
            Static::Breakpoint(amount) => change += game.amount(amount, &Ctx::for_source(&src)),
            Static::StartingBreakpointAtLeast(n) if *n > printed => {
                change += n - printed;
                starting = Some(*n);
            }
            _ => {}
        }
    }
    (change != 0).then_some((base, change, starting))
}

/// The card a leaving event takes out of play (a destroyed minion, a card returned,
/// placed or shuffled away from play), if it was in play before the batch and has not
/// been told leaving already.
pub(super) fn left_play(scene: &Scene, e: &Event, told: &[Uid]) -> Option<Uid> {
    let card = match e {
        Event::Destroyed { card, .. }
        | Event::ActionDestroyed { card, .. }
        | Event::Returned { card, .. }
        | Event::Placed { card, .. }
        | Event::ShuffledIntoDeck { card, .. } => *card,
        _ => return None,
    };
    let was = scene.before.on_table(card);
    (was && !scene.words.game.on_table(card) && !told.contains(&card)).then_some(card)
}

/// How an Ongoing card changed its place in play, for [`ongoing_changes`].
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Went {
    /// It came into play.
    Arrived,
    /// It left play (destroyed, returned, discarded, shuffled away).
    Left,
    /// It moved to another base (with the minion it is on, or itself).
    Moved,
}

/// What an Ongoing card's coming, going or moving does to breakpoints and to other
/// minions' power, cause first: "Slimy: Tortuga's breakpoint is 3 higher, now 24.",
/// "Hissy Fit: -1 power for 2 minions: ...", "Slimy has left: Tortuga's breakpoint
/// is back to 21.", "War Raptor has left: -1 power for Bot 2's War Raptor, now 2."
pub(super) fn ongoing_changes(scene: &Scene, card: Uid, went: Went) -> Vec<Said> {
    let mut out = Vec::new();
    if went != Went::Arrived {
        out.extend(ongoing_breakpoint(scene, card, went, false));
    }
    if went != Went::Left {
        out.extend(ongoing_breakpoint(scene, card, went, true));
    }
    out.extend(ongoing_power(scene, card, went));
    out
}

/// "Slimy: Tortuga's breakpoint is 3 higher, now 24." when an Ongoing card that changes
/// a breakpoint comes into play (`arrived`: at its base now); "Turn Up to 11: Tortuga
/// starts at breakpoint 21, now 21."; and, as it leaves (its base before), "Slimy has
/// left: Tortuga's breakpoint is back to 21." (or "is 3 lower again, now 24" while
/// other changes remain).
fn ongoing_breakpoint(scene: &Scene, card: Uid, went: Went, arrived: bool) -> Option<Said> {
    let w = &scene.words;
    let game = if arrived { w.game } else { scene.before };
    let (base, change, starting) = breakpoint_effect(game, card)?;
    let now = w.game.breakpoint(base);
    let printed = w.game.def(base).base().map(|b| b.breakpoint as i32);
    let gone = if went == Went::Moved {
        "has moved away"
    } else {
        "has left"
    };
    let text = match (arrived, starting) {
        (true, Some(n)) => format!(
            "{}: {} starts at breakpoint {n}, now {now}.",
            w.card(card),
            w.card(base)
        ),
        (true, None) => format!(
            "{}: {}'s breakpoint is {} {}, now {now}.",
            w.card(card),
            w.card(base),
            change.abs(),
            if change < 0 { "lower" } else { "higher" }
        ),
        (false, _) if printed == Some(now) => format!(
            "{} {gone}: {}'s breakpoint is back to {now}.",
            w.card(card),
            w.card(base),
        ),
        (false, _) => format!(
            "{} {gone}: {}'s breakpoint is {} {} again, now {now}.",
            w.card(card),
            w.card(base),
            change.abs(),
            if change < 0 { "higher" } else { "lower" }
        ),
    };
    w.game
        .base_index(base)
        .is_some()
        .then(|| say(Verbosity::Brief, text, vec![]))
}

/// The power an Ongoing card gives or takes from other minions in play, told as it
/// comes, goes or moves: one line per change, the minions in table order ("Hissy
/// Fit: -1 power for 2 minions: Bot 2's Pirate King, now 4; Bot 2's Buccaneer, now
/// 2."). Minions that came or went in the same batch are told by their own lines.
fn ongoing_power(scene: &Scene, card: Uid, went: Went) -> Vec<Said> {
    let w = &scene.words;
    let gives_power = w.game.def(card).abilities().iter().any(|a| {
        matches!(
            a.statics,
            Some(Static::Power { .. }) | Some(Static::AttachedPower(_))
        )
    });
    if !gives_power {
        return Vec::new();
    }
    // The minion an action was just played on: its play's line says it (host_power).
    let host = (went == Went::Arrived)
        .then(|| host_of(w.game, card))
        .flatten();
    let mut changes: Vec<(i32, Vec<Uid>)> = Vec::new();
    for m in w
        .game
        .bases
        .iter()
        .flat_map(|b| b.minions.iter().map(|m| m.card))
    {
        if m == card || Some(m) == host || scene.before.minion(m).is_none() {
            continue;
        }
        let delta = w.game.power_given_by(m, card) - scene.before.power_given_by(m, card);
        if delta == 0 {
            continue;
        }
        match changes.iter_mut().find(|(d, _)| *d == delta) {
            Some((_, cards)) => cards.push(m),
            None => changes.push((delta, vec![m])),
        }
    }
    let lead = match went {
        Went::Arrived => w.card(card),
        Went::Left => format!("{} has left", w.card(card)),
        Went::Moved => format!("{} has moved", w.card(card)),
    };
    changes
        .into_iter()
        .map(|(delta, cards)| {
            let named: Vec<String> = cards
                .iter()
                .map(|&c| format!("{}, now {}", w.owned_card(c, scene.actor), w.game.power(c)))
                .collect();
            let text = match named.as_slice() {
                [one] => format!("{lead}: {delta:+} power for {one}."),
                many => format!(
                    "{lead}: {delta:+} power for {} minions: {}.",
                    many.len(),
                    many.join("; ")
                ),
            };
            let bases = cards.iter().filter_map(|&c| w.game.base_of(c)).collect();
            say(Verbosity::Brief, text, bases)
        })
        .collect()
}

/// The minion an action in play is attached to.
fn host_of(game: &GameState, card: Uid) -> Option<Uid> {
    match game.locate(card) {
        crate::engine::state::Loc::OnMinion(b, m, _) => Some(game.bases[b].minions[m].card),
        _ => None,
    }
}

/// What an action played onto a minion does to that minion's power, to end the play's
/// line: "; Laseratops has -4 power, now 0" (none when it changes no power).
pub(super) fn host_power(scene: &Scene, card: Uid) -> Option<String> {
    let w = &scene.words;
    let host = host_of(w.game, card)?;
    scene.before.minion(host)?;
    let delta = w.game.power_given_by(host, card) - scene.before.power_given_by(host, card);
    (delta != 0).then(|| {
        format!(
            "; {} has {delta:+} power, now {}",
            w.card(host),
            w.game.power(host)
        )
    })
}
