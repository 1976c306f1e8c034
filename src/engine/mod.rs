//! The rules engine: the game as data plus a step function.
//!
//! [`GameState`] is plain data with its own seeded RNG; it never does I/O. It exposes
//! the one pending [`Decision`] (who chooses, and the numbered legal options) and
//! takes an answer with [`GameState::answer`], returning typed [`Event`]s. The
//! command line, the bots and the tests all drive it the same way.

mod affects;
mod aims;
pub mod board;
pub mod decision;
pub mod defs;
mod destruction;
pub mod effect;
pub mod events;
mod fits;
pub mod flow;
pub mod in_play;
pub mod interp;
pub mod name;
mod off_top;
mod owned;
mod plays;
pub mod position;
pub mod prog;
mod ready;
mod scoring;
pub mod setup;
mod shields;
pub mod stamp;
pub mod stasis;
pub mod state;
mod unmet;
mod verbs;
pub mod whereabouts;
pub mod window;

pub use decision::{Ask, Choice, Decision, PlayTo};
pub use events::Event;
pub use flow::AnswerError;
pub use scoring::Placing;
pub use setup::{GameConfig, SetupError};
pub use shields::{Protected, Protection};
pub use state::{GameState, Phase, PlayerId, Uid};
