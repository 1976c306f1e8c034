//! A program waiting to run, as tasks and triggered abilities hold it: most are the
//! card data's own abilities, shared with every game rather than copied into each
//! task (copying and freeing them was a large part of the engine's work); the few
//! made while playing (a base's ability offered as a "may", a loaded game's) are
//! owned. Either way it reads, compares and saves as the program itself.

use super::effect::Effect;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A program of the effect language, shared from the card data or owned.
#[derive(Clone)]
pub enum Prog {
    /// Part of a card's or base's definition, which lasts as long as the process.
    Shared(&'static Effect),
    /// A program made during play, or read from a saved game.
    Owned(Box<Effect>),
}

impl Prog {
    /// The program.
    pub fn get(&self) -> &Effect {
        match self {
            Prog::Shared(e) => e,
            Prog::Owned(e) => e,
        }
    }

    /// An owned program.
    pub fn owned(effect: Effect) -> Prog {
        Prog::Owned(Box::new(effect))
    }

    /// The program by value: copied when it is shared.
    pub fn into_effect(self) -> Effect {
        match self {
            Prog::Shared(e) => e.clone(),
            Prog::Owned(e) => *e,
        }
    }
}

impl From<Effect> for Prog {
    fn from(effect: Effect) -> Prog {
        Prog::owned(effect)
    }
}

impl PartialEq for Prog {
    fn eq(&self, other: &Prog) -> bool {
        self.get() == other.get()
    }
}

impl std::fmt::Debug for Prog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

impl Serialize for Prog {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.get().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Prog {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Effect::deserialize(d).map(Prog::owned)
    }
}
