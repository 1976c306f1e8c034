//! smashup-access: the Smash Up card game for blind and low-vision players. The card
//! database and look-up, the braille reference sheets, the rules engine, the bots and
//! the accessible front end.

pub mod ai;
pub mod bots;
pub mod braille;
pub mod cards;
pub mod companion;
pub mod engine;
pub mod fingerprint;
pub mod lookup;
pub mod net;
pub mod output;
pub mod play;
pub mod quote;
pub mod scenario;
pub mod sim;
