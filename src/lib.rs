pub mod braille;
pub mod cards;
pub mod engine;
pub mod lookup;
pub mod scenario;
