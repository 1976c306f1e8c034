//! Hidden information never leaks through narration: many seeded games between bots,
//! each batch of events narrated as each seat would hear it (one person with bots) and
//! as the shared screen of a hot-seat game hears it (no one's hand), and no line names
//! a card that listener may not see. A card may be named when the rules make it public
//! (on the table, in a discard pile, played, revealed, discarded, used) or when the
//! listener is its owner (their hand, their deck, their draws).

mod leak_check;

use leak_check::{allowed, leaked};
use smashup::bots::{Bot, BotKind, SeatView};
use smashup::engine::{GameState, PlayerId};
use smashup::play::describe::Words;
use smashup::play::narrate::{narrate, Scene, Verbosity};
use smashup::play::seat::Seat;
use smashup::sim;

/// Games per player count; each is narrated to every seat and to the shared screen.
const GAMES: u64 = 40;
/// Answers after which a game is left (a bot caught in a loop is another issue's).
const MAX_ANSWERS: usize = 3000;

fn check_game(players: usize, seed: u64) {
    let config = sim::random_config(seed, players, &sim::complete_factions()).unwrap();
    let mut game = GameState::new(&config).unwrap();
    let seats: Vec<Seat> = (0..players)
        .map(|i| Seat::person(format!("Player {}", i + 1)))
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
                    codes: true,
                    ..Words::new(&game, &seats, viewer)
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
