//! Card definitions for the engine: the built-in catalog, loaded once and shared by
//! every game, and a compact [`DefId`] for each card and base. Saves write the
//! stable card id, not the index, so data edits never break a save.

use super::effect::{Ability, Trigger};
use super::fits::{play_kind_of, PlayKind};
use crate::cards::model::{Base, Card};
use crate::cards::Catalog;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::OnceLock;

/// A card or base definition, by index into [`Defs::all`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DefId(pub u16);

/// A faction card or a base.
#[derive(Debug, Clone, Copy)]
pub enum Def {
    /// A faction card.
    Card(&'static Card),
    /// A base.
    Base(&'static Base),
}

impl Def {
    /// The stable id.
    pub fn id(&self) -> &'static str {
        match self {
            Def::Card(c) => &c.id,
            Def::Base(b) => &b.id,
        }
    }

    /// The printed name.
    pub fn name(&self) -> &'static str {
        match self {
            Def::Card(c) => &c.name,
            Def::Base(b) => &b.name,
        }
    }

    /// The abilities in the effect language.
    pub fn abilities(&self) -> &'static [Ability] {
        match self {
            Def::Card(c) => &c.abilities,
            Def::Base(b) => &b.abilities,
        }
    }

    /// The faction card, if this is one.
    pub fn card(&self) -> Option<&'static Card> {
        match self {
            Def::Card(c) => Some(c),
            Def::Base(_) => None,
        }
    }

    /// The base, if this is one.
    pub fn base(&self) -> Option<&'static Base> {
        match self {
            Def::Base(b) => Some(b),
            Def::Card(_) => None,
        }
    }
}

/// Every definition of the built-in catalog.
pub struct Defs {
    /// The catalog they come from.
    pub catalog: &'static Catalog,
    /// Cards then bases.
    pub all: Vec<Def>,
    /// For each definition, the kinds of moment its abilities wait for, one bit per
    /// [`Trigger`] ([`Trigger::bit`]): most cards wait for few, so that looking for
    /// the abilities in play that wait for an event (or for the Ongoing statics, when
    /// power is read) skips the others without reading their abilities; the
    /// [`PLAY_RULE`] bit for an Ongoing static that forbids or allows plays at its
    /// base, and the [`PROTECTS`] bit for one that protects cards. Definitions never
    /// change, so this cannot go stale.
    pub triggers: Vec<u64>,
    /// For each definition, how its card is played from the main question (a minion,
    /// an action played on its own or on a place, or never), so that a listing reads
    /// no definition for it.
    pub(super) plays: Vec<PlayKind>,
}

/// A bit of [`Defs::triggers`] that is no kind of moment: the definition has an
/// Ongoing static that forbids or allows plays at its base (Overrun, Block the Path,
/// Magic Ward, Bear Picnic, playing minions from the discard pile there), so that a
/// listing of plays reads the statics in play only when a card there has one.
pub(super) const PLAY_RULE: u64 = 1 << 63;

/// A bit of [`Defs::triggers`] that is no kind of moment: the definition has an
/// Ongoing static that keeps cards from being destroyed or stops an ability once
/// ([`super::shields::protects`]: Warbot, Pony Land, Too Cute, Tooth and Claw...
/// Hideout), so that destroying or affecting a minion reads the statics in play for
/// them only when a card there has one.
pub(super) const PROTECTS: u64 = 1 << 62;

// No kind of moment is the play-rule or the protection bit.
const _: () = assert!(Trigger::AfterYouDestroyCardHere.bit() < PROTECTS);

static DEFS: OnceLock<Defs> = OnceLock::new();

/// The shared definitions. The built-in catalog is checked by the test suite; if it
/// could not load, that is a build defect, reported with the file and line.
pub fn defs() -> &'static Defs {
    DEFS.get_or_init(|| {
        Defs::of(Catalog::embedded().unwrap_or_else(|e| panic!("built-in card data: {e}")))
    })
}

/// Makes every game of this process use `catalog` instead of the built-in card data
/// (`--cards DIR`). Only before the first game: afterwards the data cannot change.
pub fn use_catalog(catalog: Catalog) -> Result<(), String> {
    DEFS.set(Defs::of(catalog))
        .map_err(|_| "the card data is already in use".to_string())
}

impl Defs {
    /// The definitions of a catalog, kept for the life of the process.
    fn of(catalog: Catalog) -> Defs {
        let catalog: &'static Catalog = Box::leak(Box::new(catalog));
        let all = catalog
            .cards()
            .map(Def::Card)
            .chain(catalog.bases.iter().map(Def::Base))
            .collect::<Vec<Def>>();
        let triggers = all
            .iter()
            .map(|d| d.abilities().iter().fold(0, |bits, a| bits | kinds_of(a)))
            .collect();
        let plays = all
            .iter()
            .map(|d| d.card().map_or(PlayKind::Never, play_kind_of))
            .collect();
        Defs {
            catalog,
            all,
            triggers,
            plays,
        }
    }
}

/// One ability's bits of [`Defs::triggers`].
fn kinds_of(a: &Ability) -> u64 {
    let rule = a.statics.as_ref().is_some_and(super::plays::is_play_rule);
    let protects = a.statics.as_ref().is_some_and(super::shields::protects);
    a.kinds() | if rule { PLAY_RULE } else { 0 } | if protects { PROTECTS } else { 0 }
}

impl Defs {
    /// The definition of an id.
    pub fn get(&self, id: DefId) -> Def {
        self.all[id.0 as usize]
    }

    /// The [`DefId`] of a stable id.
    pub fn find(&self, id: &str) -> Option<DefId> {
        self.all
            .iter()
            .position(|d| d.id() == id)
            .map(|i| DefId(i as u16))
    }
}

impl DefId {
    /// Its definition.
    pub fn def(self) -> Def {
        defs().get(self)
    }

    /// True when the definition has an Ongoing static.
    pub fn has_statics(self) -> bool {
        self.waits_for(Trigger::Static.bit())
    }

    /// True when one of the definition's abilities waits for one of these kinds of
    /// moment (a set of [`Trigger::bit`]s).
    pub fn waits_for(self, kinds: u64) -> bool {
        defs().triggers[self.0 as usize] & kinds != 0
    }
}

impl super::state::GameState {
    /// True when the definition of `card` has an ability that waits for `when`: a card
    /// without one need not be asked for its live abilities.
    pub(super) fn waits_for(&self, card: super::state::Uid, when: Trigger) -> bool {
        self.cards[card.0 as usize].def.waits_for(when.bit())
    }
}

impl Serialize for DefId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.def().id())
    }
}

impl<'de> Deserialize<'de> for DefId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = String::deserialize(d)?;
        defs()
            .find(&id)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown card id `{id}`")))
    }
}
