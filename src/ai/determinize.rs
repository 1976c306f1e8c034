//! Re-dealing what a player cannot know. Before each search iteration the bot replaces
//! every hidden arrangement with a random one drawn from what its seat could know:
//! other players' hands, decks and the cards face down under their cards in stasis are
//! pooled per player (sorted, so the real split and order leave no trace) and re-dealt
//! with the same sizes; its own deck and the base
//! deck are re-shuffled; the game's RNG is re-seeded. The search never sees the truth.

use crate::engine::{GameState, PlayerId};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A copy of `game` as `seat` might imagine it.
pub fn determinize(game: &GameState, seat: PlayerId, rng: &mut ChaCha8Rng) -> GameState {
    let mut world = game.clone();
    for (i, p) in world.players.iter_mut().enumerate() {
        if i == seat.ix() {
            p.deck.sort();
            p.deck.shuffle(rng);
            continue;
        }
        let hand_size = p.hand.len();
        let mut pool: Vec<_> = p.hand.drain(..).chain(p.deck.drain(..)).collect();
        for (_, stored) in &mut p.stored_off_table {
            pool.append(stored);
        }
        pool.sort();
        pool.shuffle(rng);
        for (host, stored) in &mut p.stored_off_table {
            let n = game.stored_under(*host).len();
            *stored = pool.split_off(pool.len() - n);
        }
        p.deck = pool.split_off(hand_size);
        p.hand = pool;
    }
    world.base_deck.sort();
    world.base_deck.shuffle(rng);
    world.rng = ChaCha8Rng::seed_from_u64(rng.gen());
    world
}
