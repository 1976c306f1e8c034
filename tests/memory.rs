//! How much memory the game takes (issue 26): the bytes of a game state mid-game, in
//! memory and serialized, and the most memory a `hard` bot's decision holds at once.
//! Measured by counting what this test binary's allocator hands out; the figures are
//! printed (`cargo test --test memory -- --nocapture`) and kept under generous bounds.

use smashup::ai::Search;
use smashup::bots::SeatView;
use smashup::engine::{Ask, GameState};
use smashup::sim::{complete_factions, random_config};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The system allocator, counting the bytes live now and the most live since the
/// last [`reset_peak`].
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// The tests measure one at a time (the counters are shared by every thread).
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn reset_peak() -> usize {
    let live = LIVE.load(Ordering::Relaxed);
    PEAK.store(live, Ordering::Relaxed);
    live
}

/// A game of seed 1 (2 players, every complete faction) played with fixed, varied
/// answers up to its first main question after turn 10: a table with cards on it.
fn mid_game() -> GameState {
    let config = random_config(1, 2, &complete_factions()).unwrap();
    let mut game = GameState::new(&config).unwrap();
    let mut k = 0usize;
    while let Some(d) = game.pending() {
        if game.turn.number > 10 && d.ask == Ask::Main {
            return game;
        }
        k = k.wrapping_mul(31).wrapping_add(7);
        let i = k % d.options.len();
        game.answer(i).unwrap();
    }
    panic!("the game ended before turn 10")
}

#[test]
fn a_game_state_is_small() {
    let _one = ONE_AT_A_TIME.lock().unwrap();
    let game = mid_game();
    let before = LIVE.load(Ordering::Relaxed);
    let copy = game.clone();
    let heap = LIVE.load(Ordering::Relaxed) - before;
    let inline = std::mem::size_of::<GameState>();
    let ron = ron::to_string(&copy).unwrap().len();
    let json = serde_json::to_string(&copy).unwrap().len();
    println!(
        "A game state at turn {} (2 players): {inline} bytes inline, {heap} on the heap; serialized {ron} bytes of RON, {json} of JSON.",
        game.turn.number
    );
    assert!(inline + heap < 64 * 1024, "{} bytes", inline + heap);
}

#[test]
fn a_hard_decision_stays_small() {
    let _one = ONE_AT_A_TIME.lock().unwrap();
    let game = mid_game();
    let seat = game.pending().unwrap().player;
    let search = Search::level("hard", 1);
    let base = reset_peak();
    let i = search.choose(&SeatView::new(&game, seat));
    let peak = PEAK.load(Ordering::Relaxed) - base;
    println!(
        "A hard decision ({} iterations, {} options): at most {peak} bytes held at once.",
        search.iterations,
        game.pending().unwrap().options.len()
    );
    assert!(i < game.pending().unwrap().options.len());
    assert!(peak < 256 * 1024 * 1024, "{peak} bytes");
}
