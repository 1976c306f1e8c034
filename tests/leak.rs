//! Hidden information never leaks through narration: many seeded games between bots,
//! each batch of events narrated as each seat would hear it (one person with bots) and
//! as the shared screen of a hot-seat game hears it (no one's hand), and no line names
//! a card that listener may not see. A card may be named when the rules make it public
//! (on the table, in a discard pile, played, revealed, discarded, used) or when the
//! listener is its owner (their hand, their deck, their draws).

use smashup::bots::{Bot, BotKind, SeatView};
use smashup::engine::state::Loc;
use smashup::engine::{Event, GameState, PlayerId, Uid};
use smashup::play::describe::Words;
use smashup::play::narrate::{narrate, Scene, Verbosity};
use smashup::play::seat::Seat;
use smashup::sim;
use std::collections::HashSet;

/// Games per player count; each is narrated to every seat and to the shared screen.
const GAMES: u64 = 40;
/// Answers after which a game is left (a bot caught in a loop is another issue's).
const MAX_ANSWERS: usize = 3000;

/// The names a listener may hear in this batch: public cards before or after it, the
/// cards the events make public, and the listener's own.
fn allowed(
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
            | Event::Returned { card }
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
            Event::LookedAtHand { player, target } if Some(*player) == viewer => {
                ok.extend(&after.players[target.ix()].hand)
            }
            _ => {}
        }
    }
    ok
}

/// A card name in `line` that the listener may not hear, if any.
fn leaked(game: &GameState, line: &str, ok: &HashSet<Uid>) -> Option<String> {
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

fn check_game(players: usize, seed: u64) {
    let config = sim::random_config(seed, players, &sim::complete_factions()).unwrap();
    let mut game = GameState::new(&config).unwrap();
    let seats: Vec<Seat> = (0..players)
        .map(|i| Seat {
            name: format!("Player {}", i + 1),
            bot: None,
        })
        .collect();
    let mut bots: Vec<Bot> = (0..players)
        .map(|i| {
            let kind = if (seed + i as u64).is_multiple_of(2) {
                BotKind::Heuristic
            } else {
                BotKind::Random
            };
            Bot::new(kind, seed + i as u64)
        })
        .collect();
    let mut before = game.clone();
    let mut events = game.take_events();
    for _ in 0..MAX_ANSWERS {
        let listeners = std::iter::once(None).chain((0..players as u8).map(|p| Some(PlayerId(p))));
        for viewer in listeners {
            let scene = Scene {
                before: &before,
                words: Words {
                    game: &game,
                    seats: &seats,
                    viewer,
                    codes: true,
                    show_codes: true,
                },
                actor: before.turn.player,
                scoring: &[],
                texts: false,
            };
            let ok = allowed(&before, &game, &events, viewer);
            for line in narrate(&scene, &events, Verbosity::Full) {
                if let Some(name) = leaked(&game, &line, &ok) {
                    panic!("seed {seed}, {players} players, listener {viewer:?}: \"{line}\" names {name}");
                }
            }
        }
        let Some(d) = game.pending() else { return };
        let p = d.player;
        let i = bots[p.ix()].choose(&SeatView::new(&game, p));
        before = game.clone();
        events = game.answer(i).unwrap();
    }
}

#[test]
fn no_narration_line_names_a_card_its_listener_may_not_see() {
    for players in 2..=4 {
        for seed in 0..GAMES {
            check_game(players, seed * 7 + players as u64);
        }
    }
}
