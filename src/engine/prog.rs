//! A program waiting to run, as tasks, triggered abilities and questions hold it:
//! most are the card data's own abilities (or parts of them), shared with every game
//! rather than copied into each task (copying and freeing them was a large part of
//! the engine's work); the few made while playing (a base's ability offered as a
//! "may", a loaded game's) are owned. Either way it reads, compares and saves as the
//! program itself.

use super::effect::Effect;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Part of the card data, shared from the definitions or owned.
#[derive(Clone)]
pub enum Held<T: 'static> {
    /// Part of a card's or base's definition, which lasts as long as the process.
    Shared(&'static T),
    /// Made during play, or read from a saved game.
    Owned(Box<T>),
}

/// A program of the effect language, shared from the card data or owned.
pub type Prog = Held<Effect>;

impl<T: Clone> Held<T> {
    /// The value.
    pub fn get(&self) -> &T {
        match self {
            Held::Shared(t) => t,
            Held::Owned(t) => t,
        }
    }

    /// An owned value.
    pub fn owned(t: T) -> Held<T> {
        Held::Owned(Box::new(t))
    }

    /// The value itself: copied when it is shared.
    pub fn into_inner(self) -> T {
        match self {
            Held::Shared(t) => t.clone(),
            Held::Owned(t) => *t,
        }
    }

    /// A part of it, held the same way (copied out when it is owned).
    pub fn part<U: Clone>(&self, of: impl for<'b> Fn(&'b T) -> &'b U) -> Held<U> {
        match self {
            Held::Shared(t) => Held::Shared(of(t)),
            Held::Owned(t) => Held::owned(of(t).clone()),
        }
    }

    /// A part of it that is held itself, if `of` finds one: shared when this is
    /// shared, else held as the part is (a shared part of an owned value stays
    /// shared).
    pub fn held_part<U: Clone>(
        &self,
        of: impl for<'b> Fn(&'b T) -> Option<&'b Held<U>>,
    ) -> Option<Held<U>> {
        match self {
            Held::Shared(t) => of(t).map(|u| Held::Shared(u.get())),
            Held::Owned(t) => of(t).cloned(),
        }
    }
}

impl<T: Clone> std::ops::Deref for Held<T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.get()
    }
}

impl Prog {
    /// The program by value: copied when it is shared.
    pub fn into_effect(self) -> Effect {
        self.into_inner()
    }
}

/// How a running program hands on its parts: by reference when the program is
/// shared, as copies when it is owned (the owned one is dropped once it has run).
pub trait Parts<'a>: Copy {
    /// A part of the running program.
    fn of<T: Clone>(self, part: &'a T) -> Held<T>;

    /// A program that is part of the running one.
    fn prog(self, part: &'a Effect) -> Prog {
        self.of(part)
    }

    /// A part of the running program that is held itself ([`Held`] inside the
    /// program): shared when the program is, else held as the part is.
    fn held<T: Clone>(self, part: &'a Held<T>) -> Held<T>;
}

/// The parts of a shared program, shared.
#[derive(Clone, Copy)]
pub struct SharedParts;

impl Parts<'static> for SharedParts {
    fn of<T: Clone>(self, part: &'static T) -> Held<T> {
        Held::Shared(part)
    }

    fn held<T: Clone>(self, part: &'static Held<T>) -> Held<T> {
        Held::Shared(part.get())
    }
}

/// The parts of an owned program, copied.
#[derive(Clone, Copy)]
pub struct OwnedParts;

impl<'a> Parts<'a> for OwnedParts {
    fn of<T: Clone>(self, part: &'a T) -> Held<T> {
        Held::owned(part.clone())
    }

    fn held<T: Clone>(self, part: &'a Held<T>) -> Held<T> {
        part.clone()
    }
}

impl<T: Clone + PartialEq> PartialEq for Held<T> {
    fn eq(&self, other: &Held<T>) -> bool {
        self.get() == other.get()
    }
}

impl<T: Clone + std::fmt::Debug> std::fmt::Debug for Held<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

impl<T: Clone + Serialize> Serialize for Held<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.get().serialize(s)
    }
}

impl<'de, T: Clone + Deserialize<'de>> Deserialize<'de> for Held<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Held::owned)
    }
}
