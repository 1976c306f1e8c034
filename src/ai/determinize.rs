//! Re-dealing what a player cannot know. Before each search iteration the bot replaces
//! every hidden arrangement with a random one drawn from what its seat could know:
//! other players' hands and decks are pooled per player (sorted, so the real split and
//! order leave no trace) and re-dealt with the same sizes; its own deck and the base
//! deck are re-shuffled; the game's RNG is re-seeded. Cards another player has stored
//! face down under cards in play (Kickboxbro) or under their cards in stasis (Help
//! From the Past) join that player's pool, and their places are filled from it first.
//! The search never sees the truth.

use crate::engine::{GameState, PlayerId, Uid};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A copy of `game` as `seat` might imagine it.
pub fn determinize(game: &GameState, seat: PlayerId, rng: &mut ChaCha8Rng) -> GameState {
    let mut world = game.clone();
    for i in 0..world.players.len() {
        let p = &mut world.players[i];
        if i == seat.ix() {
            p.deck.sort();
            p.deck.shuffle(rng);
            continue;
        }
        let hand_size = p.hand.len();
        let mut pool: Vec<_> = p.hand.drain(..).chain(p.deck.drain(..)).collect();
        let mut stored = stored_places(&mut world, PlayerId(i as u8));
        pool.extend(stored.iter().map(|c| **c));
        pool.sort();
        pool.shuffle(rng);
        for place in stored.iter_mut() {
            if let Some(c) = pool.pop() {
                **place = c;
            }
        }
        let p = &mut world.players[i];
        p.deck = pool.split_off(hand_size);
        p.hand = pool;
    }
    world.base_deck.sort();
    world.base_deck.shuffle(rng);
    world.rng = ChaCha8Rng::seed_from_u64(rng.gen());
    world.zones_rearranged();
    world
}

/// The places of the cards `owner` has stored under cards in play, face down
/// (rulebook "Stored Cards"): under minions, under actions on them, under actions on
/// bases, under cards in stasis.
fn stored_places(world: &mut GameState, owner: PlayerId) -> Vec<&mut Uid> {
    let cards = &world.cards;
    world
        .bases
        .iter_mut()
        .flat_map(|b| {
            let under_minions = b.minions.iter_mut().flat_map(|m| {
                let attached = m.attached.iter_mut().flat_map(|a| a.stored.iter_mut());
                m.stored.iter_mut().chain(attached)
            });
            under_minions.chain(b.actions.iter_mut().flat_map(|a| a.stored.iter_mut()))
        })
        .chain(world.players.iter_mut().flat_map(|p| {
            p.stored_off_table
                .iter_mut()
                .flat_map(|(_, stored)| stored.iter_mut())
        }))
        .filter(|c| cards[c.0 as usize].owner == Some(owner))
        .collect()
}
