//! The card database: every faction card and base of the five sets, loaded from the
//! RON files of `cards/`, and the look-up that finds cards by braille-edition code or name.

pub mod load;
pub mod model;
pub mod query;
pub mod validate;

use model::{Base, Card, Faction, SetId};

/// Every faction and base we know, sorted by set and then by name.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    /// The factions, each with its cards.
    pub factions: Vec<Faction>,
    /// Every base of every set.
    pub bases: Vec<Base>,
}

impl Catalog {
    /// The catalog compiled into the binary. It is checked by the test suite, so a
    /// failure here is a build defect; callers still get the error rather than a panic.
    pub fn embedded() -> Result<Catalog, load::LoadError> {
        load::embedded()
    }

    /// Every faction card, faction by faction.
    pub fn cards(&self) -> impl Iterator<Item = &Card> {
        self.factions.iter().flat_map(|f| f.cards.iter())
    }

    /// The faction with this id.
    pub fn faction(&self, id: &str) -> Option<&Faction> {
        self.factions.iter().find(|f| f.id == id)
    }

    /// The card with this id.
    pub fn card(&self, id: &str) -> Option<&Card> {
        self.cards().find(|c| c.id == id)
    }

    /// The base with this id.
    pub fn base(&self, id: &str) -> Option<&Base> {
        self.bases.iter().find(|b| b.id == id)
    }

    /// The bases of one set.
    pub fn bases_of(&self, set: SetId) -> impl Iterator<Item = &Base> {
        self.bases.iter().filter(move |b| b.set == set)
    }
}
