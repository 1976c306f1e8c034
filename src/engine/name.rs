//! The names a program of the effect language binds values to ("m", "base", ...), and
//! the factions it names. They come from the card data and the engine's own code and
//! are few (a save holds answers, not states or programs, so no file a player hands
//! the program adds names), so each text is kept once for the whole process, in a
//! slot of its own: a bound value then carries its name as one pointer to that slot
//! (8 bytes where a `&str` is 16: a name rides in every bound value and every task of
//! the task loop, which moves them often), copied without touching the text and most
//! often compared by address.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

/// A name bound in a program (or a faction id): a pointer to the slot that keeps its
/// text for the rest of the process. The same text is most often the same slot.
#[derive(Clone, Copy)]
pub struct Name(&'static &'static str);

/// The names the engine's own code binds values to as it runs (a card's program
/// reads them): each a slot of its own, so that naming one costs nothing, where a
/// name made from its text looks its slot up in the table of every name (a lock and
/// a search, for every binding). The table holds these slots from the start, so
/// the card data's names with the same text are these very slots.
pub static ACTION: Name = Name(&"action");
/// See [`ACTION`].
pub static BASE: Name = Name(&"base");
/// See [`ACTION`].
pub static CONTROLLER: Name = Name(&"controller");
/// See [`ACTION`].
pub static DISCARDED: Name = Name(&"discarded");
/// See [`ACTION`].
pub static PLAYER: Name = Name(&"player");
/// See [`ACTION`].
pub static REMOVED: Name = Name(&"removed");

/// Every name made so far: its text, and the slot a [`Name`] points to.
fn names() -> &'static Mutex<BTreeMap<&'static str, &'static &'static str>> {
    static NAMES: OnceLock<Mutex<BTreeMap<&'static str, &'static &'static str>>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let known = [&ACTION, &BASE, &CONTROLLER, &DISCARDED, &PLAYER, &REMOVED];
        Mutex::new(known.iter().map(|n| (n.as_str(), n.0)).collect())
    })
}

impl Name {
    /// The name with this text, read from data (kept for the rest of the process the
    /// first time).
    pub fn new(text: &str) -> Name {
        Name::kept(text, |text| Box::leak(text.to_owned().into_boxed_str()))
    }

    /// The name with this text; `keep` makes a lasting copy of the text the first time.
    fn kept(text: &str, keep: impl FnOnce(&str) -> &'static str) -> Name {
        let mut names = names().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&slot) = names.get(text) {
            return Name(slot);
        }
        let kept = keep(text);
        let slot: &'static &'static str = Box::leak(Box::new(kept));
        names.insert(kept, slot);
        Name(slot)
    }

    /// Its text.
    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// The name an "up to N" choice binding `self` keeps its earlier picks under
    /// (`picked:` and its own name): made once per name and then remembered by the
    /// thread, so that a further pick neither writes the text out nor searches the
    /// table of every name.
    pub fn picked(self) -> Name {
        thread_local! {
            static MADE: std::cell::RefCell<Vec<(Name, Name)>> =
                const { std::cell::RefCell::new(Vec::new()) };
        }
        MADE.with_borrow_mut(|made| {
            if let Some(&(_, p)) = made.iter().find(|(n, _)| std::ptr::eq(n.0, self.0)) {
                return p;
            }
            let p = Name::new(&format!("{PICKED}{self}"));
            made.push((self, p));
            p
        })
    }

    /// True for a name made by [`Name::picked`].
    pub fn is_picked(self) -> bool {
        self.starts_with(PICKED)
    }
}

/// What every [`Name::picked`] begins with.
const PICKED: &str = "picked:";

impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        std::ptr::eq(self.0, other.0) || *self.0 == *other.0
    }
}

impl Eq for Name {}

/// Hashed as its text is (a `String` holding it hashes the same).
impl std::hash::Hash for Name {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.as_str().hash(h)
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        *self.0 == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == *other
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

/// One of the engine's own names, written in its code (its text is not copied).
impl From<&'static str> for Name {
    fn from(text: &'static str) -> Name {
        Name::kept(text, |_| text)
    }
}

impl From<&Name> for Name {
    fn from(name: &Name) -> Name {
        *name
    }
}

impl std::fmt::Debug for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (*self.0).fmt(f)
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Ok(Name::new(&text))
    }
}

#[cfg(test)]
mod tests {
    use super::Name;

    #[test]
    fn the_same_text_is_the_same_name() {
        let a = Name::new("minion");
        let b = Name::new(&String::from("minion"));
        assert_eq!(a, b);
        assert_ne!(a, Name::new("base"));
        assert_eq!(a, "minion");
        assert_eq!(a, Name::from("minion"));
        assert_eq!(ron::to_string(&a).unwrap(), "\"minion\"");
        assert_eq!(ron::from_str::<Name>("\"minion\"").unwrap(), a);
        assert_eq!(format!("{a:?} {a}"), "\"minion\" minion");
        assert_eq!(std::mem::size_of::<Name>(), 8);
    }

    /// A choice's name for its earlier picks is the one its text always gave.
    #[test]
    fn a_picked_name_is_the_name_of_its_text() {
        let m = Name::new("m");
        for _ in 0..2 {
            assert_eq!(m.picked(), Name::new("picked:m"));
            assert!(std::ptr::eq(m.picked().0, Name::new("picked:m").0));
        }
        assert!(m.picked().is_picked());
        assert!(!m.is_picked());
    }

    /// The engine's own names are the slots the data's names with their text get.
    #[test]
    fn a_known_name_is_the_slot_of_its_text() {
        for known in [super::ACTION, super::BASE, super::PLAYER, super::REMOVED] {
            assert!(std::ptr::eq(known.0, Name::new(known.as_str()).0));
            assert!(std::ptr::eq(known.0, Name::from(known.as_str()).0));
        }
    }
}
