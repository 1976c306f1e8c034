//! What a listener may hear: the cards whose names a line of narration may hold (public
//! ones, and the listener's own), and the first card name in a line that is not one of
//! them. Shared by the leak test of the narration and the networked game's test.

use smashup::engine::state::Loc;
use smashup::engine::{Event, GameState, PlayerId, Uid};
use std::collections::HashSet;

/// The names a listener may hear in this batch: public cards before or after it, the
/// cards the events make public, and the listener's own.
pub fn allowed(
    before: &GameState,
    after: &GameState,
    events: &[Event],
    viewer: Option<PlayerId>,
) -> HashSet<Uid> {
    let mut ok = HashSet::new();
    for game in [before, after] {
        for c in (0..game.cards.len() as u16).map(Uid) {
            let public = match game.locate(c) {
                Loc::Hand(p) | Loc::Deck(p) => Some(p) == viewer,
                _ => true,
            };
            if public {
                ok.insert(c);
            }
        }
    }
    for e in events {
        match e {
            Event::Played { card, .. }
            | Event::Revealed { card, .. }
            | Event::Used { card, .. }
            | Event::Returned { card, .. }
            | Event::Destroyed { card, .. }
            | Event::ActionDestroyed { card, .. } => {
                ok.insert(*card);
            }
            Event::Discarded { cards, .. } => ok.extend(cards),
            // Turned over off the top of a deck, for everyone to see (and so known
            // as they are shuffled back).
            // A card name that is part of an ability's printed words (Hive Queen's
            // "Egg Field") names no particular card.
            Event::OthersPowerWhereAction { action, .. } => ok.extend(
                (0..after.cards.len() as u16)
                    .map(Uid)
                    .filter(|&c| after.def(c).name() == action.as_str()),
            ),
            Event::RevealedFromTop { cards, by, .. } | Event::ShuffledBack { cards, by, .. } => {
                ok.extend(cards);
                ok.insert(*by);
            }
            Event::Drew { player, cards, .. } if Some(*player) == viewer => ok.extend(cards),
            Event::LookedAtHand { player, target, .. } if Some(*player) == viewer => {
                ok.extend(&after.players[target.ix()].hand)
            }
            _ => {}
        }
    }
    ok
}

/// A card name in `line` that the listener may not hear, if any.
pub fn leaked(game: &GameState, line: &str, ok: &HashSet<Uid>) -> Option<String> {
    let name = |c: Uid| game.def(c).name().to_string();
    let mut allowed: Vec<String> = ok.iter().map(|&c| name(c)).collect();
    allowed.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let mut rest = line.to_string();
    for n in &allowed {
        rest = rest.replace(n.as_str(), "#");
    }
    (0..game.cards.len() as u16)
        .map(Uid)
        .filter(|c| !ok.contains(c))
        .map(name)
        .find(|n| rest.contains(n.as_str()))
}
