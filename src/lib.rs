pub mod braille;
pub mod cards;
pub mod lookup;
pub mod engine;
