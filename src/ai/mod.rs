//! The search bot: information-set Monte Carlo tree search that never sees hidden
//! cards, with levels `easy`, `normal` and `hard` set by its iteration budget.

pub mod determinize;
pub mod eval;
pub mod mcts;
pub mod playout;

pub use mcts::{Playout, Search};
