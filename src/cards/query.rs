//! Finding cards, bases and factions from what a person types: a braille-edition code
//! (`pm5`, `b21`), a code plus a name (`pa Cannon`, `b21 Tortuga 4 3 2`), a name, or a
//! prefix of any of these, ignoring case and punctuation (`dartagnan`, `full sail`).

use super::model::{Base, Card, Faction, SetId};
use super::Catalog;

/// A card or a base: what a look-up can find.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Entry<'a> {
    /// A faction card.
    Card(&'a Card),
    /// A base.
    Base(&'a Base),
}

impl<'a> Entry<'a> {
    /// The braille-edition code (`pm5`, `pa`, `b21`).
    pub fn code(&self) -> &'a str {
        match self {
            Entry::Card(c) => &c.code,
            Entry::Base(b) => &b.code,
        }
    }

    /// The printed name.
    pub fn name(&self) -> &'a str {
        match self {
            Entry::Card(c) => &c.name,
            Entry::Base(b) => &b.name,
        }
    }

    /// The stable id.
    pub fn id(&self) -> &'a str {
        match self {
            Entry::Card(c) => &c.id,
            Entry::Base(b) => &b.id,
        }
    }

    /// The label as on the braille edition: `pm5 Pirate King`, `b21 Tortuga 4 3 2`.
    pub fn label(&self) -> String {
        match self {
            Entry::Card(c) => format!("{} {}", c.code, c.name),
            Entry::Base(b) => b.label(),
        }
    }

    fn aliases(&self) -> &'a [String] {
        match self {
            Entry::Card(c) => &c.aliases,
            Entry::Base(b) => &b.aliases,
        }
    }

    /// Every normalised form a query may equal or begin: names, aliases, labels.
    fn keys(&self) -> Vec<String> {
        let mut keys = vec![normalize(self.name()), normalize(&self.label())];
        keys.extend(self.aliases().iter().map(|a| normalize(a)));
        if let Entry::Base(b) = self {
            keys.push(normalize(&format!("{} {}", b.name, b.label())));
        }
        keys
    }
}

/// What a look-up found.
#[derive(Debug, Clone, PartialEq)]
pub enum Found<'a> {
    /// One or more entries, best first.
    Matches(Vec<Entry<'a>>),
    /// Nothing; the closest names, best first.
    Nothing { closest: Vec<String> },
}

/// Lower-case letters and digits only: "D'Artagnan" and "dartagnan" compare equal.
pub fn normalize(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Every card and base, in catalog order.
pub fn entries(catalog: &Catalog) -> impl Iterator<Item = Entry<'_>> {
    catalog
        .cards()
        .map(Entry::Card)
        .chain(catalog.bases.iter().map(Entry::Base))
}

/// Finds what `query` names. Tries, in order, and stops at the first that matches:
/// an exact code, name, alias or label; a code followed by the start of a name; the
/// start of a code, name, alias or label; every word of the query starting a word of
/// the name. Nothing found gives the closest names by edit similarity.
pub fn find<'a>(catalog: &'a Catalog, query: &str) -> Found<'a> {
    let q = normalize(query);
    if q.is_empty() {
        return Found::Nothing {
            closest: Vec::new(),
        };
    }
    let all: Vec<Entry<'a>> = entries(catalog).collect();
    let pick = |keep: &dyn Fn(&Entry<'a>) -> bool| -> Vec<Entry<'a>> {
        all.iter().copied().filter(|e| keep(e)).collect()
    };

    let exact = pick(&|e| e.code() == q || e.keys().contains(&q));
    if !exact.is_empty() {
        return Found::Matches(exact);
    }

    let mut words = query.split_whitespace();
    if let (Some(first), rest) = (words.next(), words.collect::<Vec<_>>().join(" ")) {
        let code = normalize(first);
        let rest = normalize(&rest);
        if !rest.is_empty() && all.iter().any(|e| e.code() == code) {
            let by_code_and_name =
                pick(&|e| e.code() == code && e.keys().iter().any(|k| k.starts_with(&rest)));
            if !by_code_and_name.is_empty() {
                return Found::Matches(by_code_and_name);
            }
        }
    }

    let prefix = pick(&|e| e.code().starts_with(&q) || e.keys().iter().any(|k| k.starts_with(&q)));
    if !prefix.is_empty() {
        return Found::Matches(prefix);
    }

    let query_words: Vec<String> = query.split_whitespace().map(normalize).collect();
    let by_words = pick(&|e| {
        let name_words: Vec<String> = e.name().split_whitespace().map(normalize).collect();
        query_words
            .iter()
            .all(|q| !q.is_empty() && name_words.iter().any(|w| w.starts_with(q.as_str())))
    });
    if !by_words.is_empty() {
        return Found::Matches(by_words);
    }

    Found::Nothing {
        closest: closest(all.iter().map(|e| e.name()), &q, 3),
    }
}

/// The `n` names most similar to the normalised query, most similar first.
pub fn closest<'a>(names: impl Iterator<Item = &'a str>, q: &str, n: usize) -> Vec<String> {
    let mut scored: Vec<(f64, &str)> = names
        .map(|name| (strsim::jaro_winkler(&normalize(name), q), name))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(n)
        .map(|(_, name)| name.to_string())
        .collect()
}

/// Why a faction look-up found no single faction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FactionMiss {
    /// Several factions start that way: their names.
    Ambiguous(Vec<String>),
    /// None does: the closest names.
    Unknown(Vec<String>),
}

/// Finds a faction by letter, id, name, or the start of its name.
pub fn find_faction<'a>(catalog: &'a Catalog, query: &str) -> Result<&'a Faction, FactionMiss> {
    let q = normalize(query);
    let factions = &catalog.factions;
    let exact = factions.iter().find(|f| {
        (q.chars().count() == 1 && q.starts_with(f.letter))
            || normalize(&f.id) == q
            || normalize(&f.name) == q
    });
    if let Some(f) = exact {
        return Ok(f);
    }
    let starts: Vec<&Faction> = factions
        .iter()
        .filter(|f| !q.is_empty() && normalize(&f.name).starts_with(&q))
        .collect();
    match starts.as_slice() {
        [one] => Ok(one),
        [] => Err(FactionMiss::Unknown(closest(
            factions.iter().map(|f| f.name.as_str()),
            &q,
            3,
        ))),
        many => Err(FactionMiss::Ambiguous(
            many.iter().map(|f| f.name.clone()).collect(),
        )),
    }
}

/// Finds a set by its key (`core`, `wwwt`, `ppsu`, `world-tour`, `emd`) or the start of its name.
pub fn find_set(query: &str) -> Option<SetId> {
    let q = normalize(query);
    SetId::ALL
        .into_iter()
        .find(|s| normalize(s.key()) == q || (!q.is_empty() && normalize(s.name()).starts_with(&q)))
}
