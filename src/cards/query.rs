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

    /// The label as said: `pm5 Pirate King`, `b21 Tortuga, VP 4, 3, 2` (the braille
    /// card's "4 3 2" with its numbers kept apart, as on our sheets).
    pub fn label(&self) -> String {
        match self {
            Entry::Card(c) => format!("{} {}", c.code, c.name),
            Entry::Base(b) => base_label(b),
        }
    }

    fn aliases(&self) -> &'a [String] {
        match self {
            Entry::Card(c) => &c.aliases,
            Entry::Base(b) => &b.aliases,
        }
    }

    /// Every form a query may equal or begin: names, aliases, labels, and the entry's
    /// head on our braille sheets (`b21 Tortuga, VP 4, 3, 2`, `pm5 Pirate King,
    /// power 5, 1 copy`).
    fn names(&self) -> Vec<String> {
        let mut names = vec![self.name().to_string(), self.label()];
        names.extend(self.aliases().iter().cloned());
        match self {
            Entry::Base(b) => {
                // As printed on the braille card: `b21 Tortuga 4 3 2`.
                names.push(b.label());
                names.push(format!("{} {}", b.name, b.label()));
            }
            Entry::Card(c) => {
                if let super::model::Kind::Minion { power } = c.kind {
                    let copies = if c.copies == 1 { "copy" } else { "copies" };
                    names.push(format!(
                        "{} {}, power {power}, {} {copies}",
                        c.code, c.name, c.copies
                    ));
                }
            }
        }
        names
    }
}

/// A base as said and as on our braille sheets: `b21 Tortuga, VP 4, 3, 2` (never
/// "4 3 2": numbers side by side run together when spoken).
pub fn base_label(b: &Base) -> String {
    format!(
        "{} {}, VP {}, {}, {}",
        b.code, b.name, b.vp[0], b.vp[1], b.vp[2]
    )
}

/// What a look-up found.
#[derive(Debug, Clone, PartialEq)]
pub enum Found<'a> {
    /// One or more entries, best first.
    Matches(Vec<Entry<'a>>),
    /// Nothing, but one card is clearly the closest to what was typed: a misspelling.
    Closest(Entry<'a>),
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

/// The one matcher for everything a person names, in look-ups and in the game: the
/// indices of the candidates `query` names, from the first of these that finds any:
/// an exact code or name; a code followed by the start of a name; the start of a code
/// or name; every word of the query starting some word of a name. Case, spaces and
/// punctuation never matter. `codes` and `names` give each candidate's words.
pub fn matching<T>(
    all: &[T],
    query: &str,
    codes: impl Fn(&T) -> Vec<String>,
    names: impl Fn(&T) -> Vec<String>,
) -> Vec<usize> {
    let q = normalize(query);
    if q.is_empty() {
        return Vec::new();
    }
    let codes: Vec<Vec<String>> = all
        .iter()
        .map(|t| codes(t).iter().map(|c| normalize(c)).collect())
        .collect();
    let names: Vec<Vec<String>> = all.iter().map(names).collect();
    let keys: Vec<Vec<String>> = names
        .iter()
        .map(|n| n.iter().map(|k| normalize(k)).collect())
        .collect();
    let pick = |keep: &dyn Fn(usize) -> bool| -> Vec<usize> {
        (0..all.len()).filter(|&i| keep(i)).collect()
    };
    let exact = pick(&|i| codes[i].contains(&q) || keys[i].contains(&q));
    if !exact.is_empty() {
        return exact;
    }
    let mut words = query.split_whitespace();
    if let (Some(first), rest) = (words.next(), words.collect::<Vec<_>>().join(" ")) {
        let (code, rest) = (normalize(first), normalize(&rest));
        if !rest.is_empty() && codes.iter().any(|c| c.contains(&code)) {
            let by_code_and_name =
                pick(&|i| codes[i].contains(&code) && keys[i].iter().any(|k| k.starts_with(&rest)));
            if !by_code_and_name.is_empty() {
                return by_code_and_name;
            }
        }
    }
    // A code is only a code when the whole word is one: "mate" is not "ma Teaching
    // Power" read without its space, so a key led by the code is begun only by a
    // query led by that whole code.
    let first_word = query.split_whitespace().next().map(normalize);
    let led_by_code = |i: usize, raw: &str| {
        raw.split_whitespace()
            .next()
            .map(normalize)
            .is_some_and(|w| codes[i].contains(&w))
            && raw.split_whitespace().nth(1).is_some()
    };
    let prefix = pick(&|i| {
        codes[i].iter().any(|c| !c.is_empty() && c.starts_with(&q))
            || names[i].iter().zip(&keys[i]).any(|(raw, k)| {
                k.starts_with(&q)
                    && (!led_by_code(i, raw)
                        || first_word.as_ref().is_some_and(|w| codes[i].contains(w)))
            })
    });
    let query_words: Vec<String> = query
        .split_whitespace()
        .map(normalize)
        .filter(|w| !w.is_empty())
        .collect();
    // Every word of the query begins some word of a name: said with the prefixes, so
    // "king" is King Rex and Pirate King, never one of them guessed.
    let by_words = pick(&|i| {
        let name_words: Vec<String> = names[i]
            .iter()
            .flat_map(|n| n.split_whitespace().map(normalize).collect::<Vec<_>>())
            .collect();
        !query_words.is_empty()
            && query_words
                .iter()
                .all(|q| name_words.iter().any(|w| w.starts_with(q.as_str())))
    });
    let mut found = prefix;
    for i in by_words {
        if !found.contains(&i) {
            found.push(i);
        }
    }
    found
}

/// How much closer than the next the closest name must be to be taken as meant.
const CLEARLY_CLOSEST: f64 = 0.05;
/// How close a name must be to a misspelling to be taken as meant at all.
const CLOSE_ENOUGH: f64 = 0.85;

/// How like a name a normalised misspelling is: the best of the whole name and of
/// each of its endings by words ("homewrld" is much like The Homeworld's "homeworld").
fn likeness(name: &str, q: &str) -> f64 {
    let words: Vec<&str> = name.split_whitespace().collect();
    (0..words.len().max(1))
        .map(|k| strsim::jaro_winkler(&normalize(&words[k.min(words.len())..].join(" ")), q))
        .fold(0.0, f64::max)
}

/// The one name, of `names`, clearly closest to a misspelt `query` ("piret king" for
/// Pirate King): close enough, and clearly closer than any other.
pub fn clearly_closest<'a>(names: &[&'a str], query: &str) -> Option<&'a str> {
    let q = normalize(query);
    let mut scored: Vec<(f64, &str)> = names.iter().map(|n| (likeness(n, &q), *n)).collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.dedup_by(|a, b| normalize(a.1) == normalize(b.1));
    match scored.as_slice() {
        [(best, name), rest @ ..]
            if *best >= CLOSE_ENOUGH
                && rest.first().is_none_or(|r| best - r.0 >= CLEARLY_CLOSEST) =>
        {
            Some(name)
        }
        _ => None,
    }
}

/// Finds what `query` names with [`matching`], over every code, name, alias and
/// label (also the form of our braille sheets: `b21 Tortuga, VP 4, 3, 2`). Nothing
/// found gives the one clearly closest card if there is one, else the closest names.
pub fn find<'a>(catalog: &'a Catalog, query: &str) -> Found<'a> {
    let all: Vec<Entry<'a>> = entries(catalog).collect();
    let found = matching(&all, query, |e| vec![e.code().to_string()], |e| e.names());
    if !found.is_empty() {
        return Found::Matches(found.into_iter().map(|i| all[i]).collect());
    }
    if normalize(query).is_empty() {
        return Found::Nothing {
            closest: Vec::new(),
        };
    }
    let names: Vec<&str> = all.iter().map(|e| e.name()).collect();
    if let Some(name) = clearly_closest(&names, query) {
        if let Some(e) = all.iter().find(|e| e.name() == name) {
            return Found::Closest(*e);
        }
    }
    Found::Nothing {
        closest: closest(names.into_iter(), &normalize(query), 3),
    }
}

/// What `query` names when it may end in a number picking from a list: the query
/// whole, if it is exactly a code, name or label (`pm 3`, `b21 Tortuga 4 3 2`); else, when it ends in a number and the words
/// before it list several entries, the entry with that number in their list (`pa 3`:
/// the third of the eight cards `pa` lists). A number past the list's end is an error
/// in words; anything else is [`find`] of the whole query.
pub fn find_numbered<'a>(catalog: &'a Catalog, query: &str) -> Result<Found<'a>, String> {
    let whole = find(catalog, query);
    let q = normalize(query);
    let exact = |e: &Entry| normalize(e.code()) == q || e.names().iter().any(|n| normalize(n) == q);
    if matches!(&whole, Found::Matches(found) if found.iter().all(exact)) {
        return Ok(whole);
    }
    let Some((rest, last)) = query.trim().rsplit_once(char::is_whitespace) else {
        return Ok(whole);
    };
    let (Ok(n), Found::Matches(list)) = (last.parse::<usize>(), find(catalog, rest)) else {
        return Ok(whole);
    };
    if list.len() < 2 {
        return Ok(whole);
    }
    match n.checked_sub(1).and_then(|i| list.get(i)) {
        Some(entry) => Ok(Found::Matches(vec![*entry])),
        None => Err(format!(
            "{} lists {} cards: expected a number from 1 to {} after it.",
            crate::quote::quote(rest.trim()),
            list.len(),
            list.len()
        )),
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
