//! How good a position looks for each player, for the ends of search playouts: VP
//! already won, plus the VP each base is on its way to giving (by current place,
//! scaled by how close the base is to scoring). Only public information is read.

use crate::engine::{GameState, PlayerId};

/// How far each base is on its way to scoring, from 0 to 1 (its total power over its
/// breakpoint), read once for every player; 0 for a base with no minion, which
/// gives no one anything.
fn progress(game: &GameState, powers: &[(i32, Vec<i32>)]) -> Vec<f64> {
    game.bases
        .iter()
        .zip(powers)
        .map(|(base, (total, _))| {
            if base.minions.is_empty() {
                return 0.0;
            }
            let total = (*total).max(0) as f64;
            let breakpoint = game.breakpoint(base.card).max(1) as f64;
            (total / breakpoint).min(1.0)
        })
        .collect()
}

/// The estimated final VP of `player`, from the bases' powers
/// ([`GameState::powers_by_base`]) and [`progress`].
fn value(game: &GameState, player: PlayerId, powers: &[(i32, Vec<i32>)], progress: &[f64]) -> f64 {
    let mut v = game.players[player.ix()].vp as f64;
    for ((base, (_, each)), progress) in game.bases.iter().zip(powers).zip(progress) {
        if !base.minions.iter().any(|m| m.controller == player) {
            continue;
        }
        let Some(def) = game.def(base.card).base() else {
            continue;
        };
        let mine = each[player.ix()];
        let above = (0..each.len())
            .filter(|&q| q != player.ix() && each[q] > mine)
            .count();
        let points = def.vp.get(above).copied().unwrap_or(0) as f64;
        v += points * (0.35 + 0.65 * progress);
    }
    v
}

/// Each player's reward in [0, 1]: 1 or 0 once the game is won, otherwise a smooth
/// function of their lead over the best other player.
pub fn rewards(game: &GameState) -> Vec<f64> {
    let n = game.players.len();
    if let Some(w) = game.winner {
        return (0..n)
            .map(|i| if i == w.ix() { 1.0 } else { 0.0 })
            .collect();
    }
    let powers = game.powers_by_base();
    let progress = progress(game, &powers);
    let values: Vec<f64> = (0..n as u8)
        .map(|p| value(game, PlayerId(p), &powers, &progress))
        .collect();
    (0..n)
        .map(|i| {
            let best_other = values
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &v)| v)
                .fold(f64::MIN, f64::max);
            1.0 / (1.0 + (-(values[i] - best_other) / 3.0).exp())
        })
        .collect()
}
