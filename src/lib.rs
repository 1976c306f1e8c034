pub mod cards;
