//! Bases: ready to score, scored (places and VP in one line), the minions cleared
//! to the discard piles, and the base that replaces it.

use super::{cause, say, Said, Scene, Verbosity, Words};
use crate::engine::events::Zone;
use crate::engine::state::Loc;
use crate::engine::{Event, PlayerId, Uid};
use crate::play::describe::sentence;
use crate::play::describe::{and_list, count};

/// "Tortuga is ready to score: 23 of 21." (normal: the scoring line follows).
pub(super) fn ready(scene: &Scene, base: Uid) -> Said {
    let w = &scene.words;
    say(
        Verbosity::Normal,
        format!(
            "{} is ready to score: {} of {}.",
            w.card(base),
            scene.before.base_power(base).max(w.game.base_power(base)),
            scene.before.breakpoint(base)
        ),
        vec![],
    )
}

/// "Tortuga scores: Bot 2 first with 14 power, 4 VP; you second with 9, 3 VP.", then
/// the minions cleared. The VP of the places follow as events of their own; they are
/// in this line already, so they are skipped: the count of events used is returned.
pub(super) fn scored(
    scene: &Scene,
    events: &[Event],
    base: Uid,
    ranks: &[(PlayerId, i32, u32)],
) -> (Vec<Said>, usize) {
    let w = &scene.words;
    let places = ["first", "second", "third", "fourth"];
    let parts: Vec<String> = ranks
        .iter()
        .map(|&(p, power, vp)| {
            let above = ranks.iter().filter(|r| r.1 > power).count();
            let place = places.get(above).copied().unwrap_or("last");
            format!("{} {place} with {power} power, {vp} VP", w.player(p))
        })
        .collect();
    let text = if parts.is_empty() {
        format!("{} scores: no one has minions there.", w.card(base))
    } else {
        format!("{} scores: {}.", w.card(base), parts.join("; "))
    };
    // The places' VP, in rank order, right after the scoring (none for 0 VP).
    let mut used = 1;
    for &(p, _, vp) in ranks.iter().filter(|r| r.2 > 0) {
        match events.get(used) {
            Some(Event::GainedVp { player, amount, .. }) if *player == p && *amount == vp => {
                used += 1
            }
            _ => break,
        }
    }
    let mut out = vec![say(Verbosity::Brief, text, vec![])];
    out.extend(cleared(scene, events, base));
    (out, used)
}

/// The minions that went to the discard piles when a base scored, by owner.
fn cleared(scene: &Scene, events: &[Event], base: Uid) -> Option<Said> {
    let w = &scene.words;
    let destroyed: Vec<Uid> = events
        .iter()
        .filter_map(|e| match e {
            Event::Destroyed { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    let mut there: Vec<Uid> = scene
        .before
        .base_index(base)
        .map(|b| {
            scene.before.bases[b]
                .minions
                .iter()
                .map(|m| m.card)
                .collect()
        })
        .unwrap_or_default();
    for e in events {
        match e {
            Event::Played {
                card,
                to: Some(Zone::Base(b)),
                ..
            }
            | Event::Moved { card, to: b, .. }
                if *b == base =>
            {
                there.push(*card)
            }
            _ => {}
        }
    }
    let gone: Vec<Uid> = there
        .into_iter()
        .filter(|c| !destroyed.contains(c))
        .filter(|&c| matches!(w.game.locate(c), Loc::Discard(_)))
        .collect();
    if gone.is_empty() {
        return None;
    }
    let mut parts = Vec::new();
    for p in (0..w.game.players.len() as u8).map(PlayerId) {
        let n = gone.iter().filter(|&&c| w.game.owner(c) == p).count();
        if n > 0 {
            let whose = if Some(p) == w.viewer {
                "of yours".to_string()
            } else {
                format!("of {}", w.possessive(p))
            };
            parts.push(format!("{} {whose}", count(n, "minion")));
        }
    }
    Some(say(
        Verbosity::Brief,
        format!(
            "From {} to the discard piles: {}.",
            w.card(base),
            and_list(&parts)
        ),
        vec![],
    ))
}

/// "b21 Tortuga replaces Jungle Oasis." (its code is its breakpoint; "Tortuga replaces
/// Jungle Oasis, breakpoint 21." without codes); swapped by a card: "Terraforming: b21
/// Tortuga replaces Jungle Oasis; Jungle Oasis is shuffled into the base deck."
pub(super) fn replaced(scene: &Scene, old: Uid, new: Option<Uid>, by: Option<Uid>) -> Said {
    let w = &scene.words;
    let text = match new {
        Some(new) => {
            let shuffled = if by.is_some() {
                format!("; {} is shuffled into the base deck", w.card(old))
            } else {
                String::new()
            };
            // "b21 Tortuga replaces Jungle Oasis": the code says the breakpoint.
            let bp = w
                .breakpoint_words(new)
                .map_or(String::new(), |bp| format!(", {bp}"));
            format!(
                "{} replaces {}{bp}{shuffled}.",
                w.labelled_base(new),
                w.card(old)
            )
        }
        None => format!("{} is gone and no base replaces it.", w.card(old)),
    };
    say(Verbosity::Brief, super::caused(w, by, &text), vec![])
}

/// "Idaho Smith: Temple of Goju comes into play as an additional base, breakpoint 18."
pub(super) fn base_added(scene: &Scene, base: Uid, by: Option<Uid>) -> Said {
    let w = &scene.words;
    say(
        Verbosity::Brief,
        sentence(&format!(
            "{}{} comes into play as an additional base, breakpoint {}.",
            cause(w, by),
            w.card(base),
            w.game.breakpoint(base)
        )),
        vec![],
    )
}

/// "Glory Hound: you put a base on the bottom of the base deck." Which base is
/// known only to the player who looked, so it is not named.
pub(super) fn base_to_bottom(w: &Words, player: PlayerId, by: Option<Uid>) -> Said {
    say(
        Verbosity::Brief,
        sentence(&format!(
            "{}{} a base on the bottom of the base deck and the other back on top.",
            cause(w, by),
            w.acts(player, "put")
        )),
        vec![],
    )
}

/// "Lost City: Tortuga is revealed from the base deck."
pub(super) fn base_revealed(w: &Words, base: Uid, by: Option<Uid>) -> Said {
    let text = format!("{} is revealed from the base deck.", w.card(base));
    say(Verbosity::Brief, super::caused(w, by, &text), vec![])
}

/// Bases one player put back on top of the base deck in a row, one line: "School of
/// Wizardry: Bot 2 puts 3 bases back on top of the base deck in an order of their
/// choice." Which bases, in which order, is theirs to know.
pub(super) fn bases_to_top(w: &Words, events: &[Event]) -> (Said, usize) {
    let first = &events[0];
    let Event::BaseToTop { player, by } = *first else {
        unreachable!("called on a base put on top")
    };
    let run = events.iter().take_while(|e| *e == first).count();
    let bases = match run {
        1 => "a base".to_string(),
        n => count(n, "base"),
    };
    let text = format!(
        "{} {bases} back on top of the base deck in an order of {} choice.",
        w.acts(player, "put"),
        super::own_possessive(w, player, player)
    );
    (
        say(Verbosity::Brief, super::caused(w, by, &text), vec![]),
        run,
    )
}

/// "Lost City: Tortuga goes to the base discard pile."
pub(super) fn base_discarded(w: &Words, base: Uid, by: Option<Uid>) -> Said {
    say(
        Verbosity::Brief,
        sentence(&format!(
            "{}{} goes to the base discard pile.",
            cause(w, by),
            w.card(base)
        )),
        vec![],
    )
}

/// "Nuke It From Orbit: The Central Brain is destroyed with every card on it, without
/// scoring."
pub(super) fn base_destroyed(w: &Words, base: Uid, by: Uid) -> Said {
    say(
        Verbosity::Brief,
        sentence(&format!(
            "{}{} is destroyed with every card on it, without scoring.",
            cause(w, Some(by)),
            w.card(base)
        )),
        vec![],
    )
}
