pub mod cards;
pub mod lookup;
