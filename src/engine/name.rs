//! The names a program of the effect language binds values to ("m", "base", ...), and
//! the factions it names. They come from the card data and the engine's own code and
//! are few (a save holds answers, not states or programs, so no file a player hands
//! the program adds names), so each text read is kept once for the whole process: a
//! bound value then carries its name as a reference, copied without touching the text
//! and most often compared by address (copying the names of every bound value for
//! every step of a program was much of the engine's allocation).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeSet;
use std::sync::{Mutex, OnceLock};

/// A name bound in a program (or a faction id). Names read from data are kept once
/// per process, so the same name is most often the same reference; the engine's own
/// names are its literals.
#[derive(Clone, Copy)]
pub struct Name(&'static str);

/// Every name made so far.
fn names() -> &'static Mutex<BTreeSet<&'static str>> {
    static NAMES: OnceLock<Mutex<BTreeSet<&'static str>>> = OnceLock::new();
    NAMES.get_or_init(|| Mutex::new(BTreeSet::new()))
}

impl Name {
    /// The name with this text, read from data (kept for the rest of the process the
    /// first time).
    pub fn new(text: &str) -> Name {
        let mut names = names().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&known) = names.get(text) {
            return Name(known);
        }
        let kept: &'static str = Box::leak(text.to_owned().into_boxed_str());
        names.insert(kept);
        Name(kept)
    }

    /// Its text.
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        std::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl Eq for Name {}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

/// One of the engine's own names, written in its code.
impl From<&'static str> for Name {
    fn from(text: &'static str) -> Name {
        Name(text)
    }
}

impl From<&Name> for Name {
    fn from(name: &Name) -> Name {
        *name
    }
}

impl std::fmt::Debug for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
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
    }
}
