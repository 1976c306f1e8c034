//! How fast the engine plays: one step of the game (an answer and everything it sets
//! off), listing the main question's options, the notes on those that will do
//! nothing (imagined for a person, see `smashup::play::traps`), and a whole random
//! game (2 players, every complete faction). Run with `cargo bench --bench engine`; `smashup simulate`
//! gives the games per second quoted in the README.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use smashup::engine::{Ask, GameState};
use smashup::sim::{complete_factions, play_random, random_config};
use std::time::Duration;

/// A game of seed 1 played at random up to its first main question after `turns`
/// turns: a table with cards on it.
fn mid_game(turns: u32) -> GameState {
    let config = random_config(1, 2, &complete_factions()).unwrap();
    let mut game = GameState::new(&config).unwrap();
    let mut k = 0usize;
    while let Some(d) = game.pending() {
        if game.turn.number > turns && d.ask == Ask::Main {
            return game;
        }
        // A fixed, varied answer: the bench needs a position, not a good one.
        k = k.wrapping_mul(31).wrapping_add(7);
        let i = k % d.options.len();
        game.answer(i).unwrap();
    }
    panic!("the game ended before turn {turns}")
}

fn step(c: &mut Criterion) {
    let game = mid_game(10);
    let end = game.pending().unwrap().options.len() - 1;
    c.bench_function("state step: end the turn (mid-game)", |b| {
        b.iter_batched(
            || game.clone(),
            |mut g| g.answer(end).unwrap().len(),
            BatchSize::SmallInput,
        )
    });
}

fn options(c: &mut Criterion) {
    let game = mid_game(10);
    let player = game.turn.player;
    c.bench_function("main question's options (mid-game)", |b| {
        b.iter(|| game.main_options(player).len())
    });
}

fn traps(c: &mut Criterion) {
    let game = mid_game(10);
    let d = game.pending().unwrap();
    let name = format!(
        "traps of the main question, {} options (mid-game)",
        d.options.len()
    );
    c.bench_function(&name, |b| {
        b.iter(|| smashup::play::traps::Traps::of(&game, d))
    });
}

fn whole_game(c: &mut Criterion) {
    let config = random_config(1, 2, &complete_factions()).unwrap();
    c.bench_function("random game (2 players, seed 1)", |b| {
        b.iter(|| play_random(&config, |_, _| {}).unwrap().turns)
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(5)).sample_size(50);
    targets = step, options, traps, whole_game
}
criterion_main!(benches);
