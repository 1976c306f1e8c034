//! Rust hooks for cards whose rule is awkward to write as data. A hook may compute a
//! number or a program to run next; it never changes the game or asks a question:
//! the program it returns does that, through the verbs.

use super::effect::Effect;
use super::interp::Ctx;
use super::state::GameState;

/// A number computed by the named hook.
pub fn amount(_state: &GameState, name: &str, _ctx: &Ctx) -> i32 {
    unknown(name);
    0
}

/// The program the named hook computes.
pub fn program(_state: &GameState, name: &str, _ctx: &Ctx) -> Effect {
    unknown(name);
    Effect::Nothing
}

fn unknown(name: &str) {
    debug_assert!(false, "unknown hook `{name}`");
}
