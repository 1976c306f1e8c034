//! Reading and checking card files: from the copy compiled into the binary, or from a
//! folder a person is editing (`--cards DIR`). Every problem is a [`LoadError`] that
//! names the file, line and column; nothing here panics on bad data.

use super::model::{Base, BaseSet, Faction, Kind};
use super::validate::{self, out_of_range};
use super::Catalog;
use crate::engine::effect::Ability;
use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_cards.rs"));
}

/// A problem in a card file, located as precisely as we can.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The file, as given (`cards/pirates.ron`).
    pub file: String,
    /// 1-based line, 0 when the problem is not tied to a line.
    pub line: usize,
    /// 1-based column, 0 when unknown.
    pub column: usize,
    /// What is wrong, in one line.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}: {}", self.file, self.message),
            (l, 0) => write!(f, "{}:{}: {}", self.file, l, self.message),
            (l, c) => write!(f, "{}:{}:{}: {}", self.file, l, c, self.message),
        }
    }
}

impl std::error::Error for LoadError {}

/// The catalog compiled into the binary. Its abilities are not walked again at every
/// start (it costs more than the look-up itself): the test suite loads the same
/// files with [`from_sources`], which checks them.
pub fn embedded() -> Result<Catalog, LoadError> {
    load(
        embedded::FILES
            .iter()
            .map(|(name, text)| (name.to_string(), text.to_string())),
        false,
    )
}

/// Reads every `*.ron` file of `dir`.
pub fn from_dir(dir: &Path) -> Result<Catalog, LoadError> {
    let dir_name = dir.display().to_string();
    let io_error = |e: std::io::Error| LoadError {
        file: dir_name.clone(),
        line: 0,
        column: 0,
        message: format!("cannot read the card folder: {e}"),
    };
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map_err(io_error)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    let mut sources = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).map_err(|e| LoadError {
            file: path.display().to_string(),
            line: 0,
            column: 0,
            message: format!("cannot read: {e}"),
        })?;
        sources.push((path.display().to_string(), text));
    }
    if sources.is_empty() {
        return Err(LoadError {
            file: dir_name,
            line: 0,
            column: 0,
            message: "no .ron card files in this folder".into(),
        });
    }
    from_sources(sources)
}

/// Parses and checks a set of (file name, contents). Files named `bases-*.ron` hold a
/// set's bases; every other file holds one faction.
pub fn from_sources(
    sources: impl IntoIterator<Item = (String, String)>,
) -> Result<Catalog, LoadError> {
    load(sources, true)
}

/// [`from_sources`]; with `abilities` false, the variables and numbers inside
/// abilities are not checked (see [`embedded`]).
fn load(
    sources: impl IntoIterator<Item = (String, String)>,
    abilities: bool,
) -> Result<Catalog, LoadError> {
    let mut catalog = Catalog::default();
    let mut base_files = Vec::new();
    for (file, text) in sources {
        let stem = Path::new(&file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if let Some(set_key) = stem.strip_prefix("bases-") {
            let set: BaseSet = parse(&file, &text)?;
            if set.set.key() != set_key {
                return Err(at(
                    &file,
                    &text,
                    "set:",
                    format!(
                        "this file holds {:?} bases, but its name says `{set_key}`; name it bases-{}.ron",
                        set.set,
                        set.set.key()
                    ),
                ));
            }
            base_files.push((file, text, set));
        } else {
            let faction: Faction = parse(&file, &text)?;
            check_faction(&file, &text, &stem, &faction, &catalog, abilities)?;
            catalog.factions.push(fill_faction(faction));
        }
    }
    for (file, text, set) in base_files {
        for base in set.bases {
            check_base(&file, &text, &base, &catalog, abilities)?;
            catalog.bases.push(Base {
                set: set.set,
                ..base
            });
        }
    }
    let definitions = catalog.cards().count() + catalog.bases.len();
    if definitions > usize::from(u16::MAX) {
        return Err(LoadError {
            file: "the card data".into(),
            line: 0,
            column: 0,
            message: format!(
                "{definitions} cards and bases; at most {} can be told apart",
                u16::MAX
            ),
        });
    }
    catalog
        .factions
        .sort_by(|a, b| (a.set, a.name.as_str()).cmp(&(b.set, b.name.as_str())));
    catalog
        .bases
        .sort_by(|a, b| (a.set, a.name.as_str()).cmp(&(b.set, b.name.as_str())));
    Ok(catalog)
}

fn parse<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, LoadError> {
    ron::from_str(text).map_err(|e| LoadError {
        file: file.to_string(),
        line: e.position.line,
        column: e.position.col,
        message: e.code.to_string(),
    })
}

/// An error at the first line holding `needle` (an id, usually), or at no line.
fn at(file: &str, text: &str, needle: &str, message: String) -> LoadError {
    let line = text
        .lines()
        .position(|l| l.contains(needle))
        .map_or(0, |i| i + 1);
    LoadError {
        file: file.to_string(),
        line,
        column: 0,
        message,
    }
}

/// An error at the first line holding `needle` from the line of `card` (its quoted
/// id) onwards: a field of that card, or a word in its abilities.
fn at_in_card(file: &str, text: &str, card: &str, needle: &str, message: String) -> LoadError {
    let start = text.lines().position(|l| l.contains(card)).unwrap_or(0);
    let line = text
        .lines()
        .enumerate()
        .skip(start)
        .find(|(_, l)| l.contains(needle))
        .map_or(start + 1, |(i, _)| i + 1);
    LoadError {
        file: file.to_string(),
        line,
        column: 0,
        message,
    }
}

/// The numbers and variables of one card or base (see [`validate`]): the first
/// problem, placed in the file. `abilities` None: not checked.
fn check_numbers(
    file: &str,
    text: &str,
    card: &str,
    name: &str,
    numbers: &[(&str, Option<String>)],
    abilities: Option<&[Ability]>,
) -> Result<(), LoadError> {
    for (field, problem) in numbers {
        if let Some(problem) = problem {
            return Err(at_in_card(
                file,
                text,
                card,
                field,
                format!("{name}: {problem}"),
            ));
        }
    }
    match abilities.and_then(validate::abilities) {
        Some((problem, needle)) => Err(at_in_card(
            file,
            text,
            card,
            &needle,
            format!("{name}: {problem}"),
        )),
        None => Ok(()),
    }
}

fn fill_faction(mut faction: Faction) -> Faction {
    for card in &mut faction.cards {
        card.faction = faction.id.clone();
        card.set = faction.set;
    }
    faction
}

fn check_faction(
    file: &str,
    text: &str,
    stem: &str,
    faction: &Faction,
    catalog: &Catalog,
    check_abilities: bool,
) -> Result<(), LoadError> {
    let fail = |needle: &str, message: String| Err(at(file, text, needle, message));
    if faction.id != stem {
        return fail(
            "id:",
            format!(
                "faction id `{}` must match the file name `{stem}.ron`",
                faction.id
            ),
        );
    }
    if let Some(other) = catalog.factions.iter().find(|f| f.letter == faction.letter) {
        return fail(
            "letter:",
            format!(
                "letter '{}' is already used by {}",
                faction.letter, other.name
            ),
        );
    }
    let mut ids = BTreeSet::new();
    for card in &faction.cards {
        let needle = format!("\"{}\"", card.id);
        let prefix = format!("{}.", faction.id);
        if !card.id.starts_with(&prefix) {
            return fail(
                &needle,
                format!("card id `{}` must start with `{prefix}`", card.id),
            );
        }
        if !ids.insert(card.id.as_str()) {
            return fail(&needle, format!("card id `{}` appears twice", card.id));
        }
        let power = match card.kind {
            Kind::Minion { power } => out_of_range("its power", power, &validate::POWER),
            Kind::Action { .. } => None,
        };
        check_numbers(
            file,
            text,
            &needle,
            &card.name,
            &[
                (
                    "copies:",
                    out_of_range("its number of copies", card.copies, &validate::COPIES),
                ),
                ("power:", power),
            ],
            check_abilities.then_some(&card.abilities[..]),
        )?;
        let expected = match card.kind {
            Kind::Minion { power } => format!("{}m{power}", faction.letter),
            Kind::Action { .. } => format!("{}a", faction.letter),
        };
        if card.code != expected {
            return fail(
                &needle,
                format!(
                    "{} has code `{}`, expected `{expected}` (letter, m or a, minion power)",
                    card.name, card.code
                ),
            );
        }
        if card.name.trim().is_empty() || card.text.trim().is_empty() {
            return fail(&needle, format!("{} needs a name and a text", card.id));
        }
    }
    let deck: u64 = faction.cards.iter().map(|c| u64::from(c.copies)).sum();
    let deck = u32::try_from(deck).unwrap_or(u32::MAX);
    if let Some(problem) = out_of_range("its deck", deck, &validate::DECK) {
        return fail("cards:", format!("{}: {problem} cards", faction.name));
    }
    Ok(())
}

fn check_base(
    file: &str,
    text: &str,
    base: &Base,
    catalog: &Catalog,
    check_abilities: bool,
) -> Result<(), LoadError> {
    let needle = format!("\"{}\"", base.id);
    let fail = |message: String| Err(at(file, text, &needle, message));
    if !base.id.starts_with("bases.") {
        return fail(format!("base id `{}` must start with `bases.`", base.id));
    }
    if catalog.bases.iter().any(|b| b.id == base.id) {
        return fail(format!("base id `{}` appears twice", base.id));
    }
    let vp = base
        .vp
        .iter()
        .find_map(|&v| out_of_range("a VP value", v, &validate::VP));
    check_numbers(
        file,
        text,
        &needle,
        &base.name,
        &[
            (
                "breakpoint:",
                out_of_range("its breakpoint", base.breakpoint, &validate::BREAKPOINT),
            ),
            ("vp:", vp),
        ],
        check_abilities.then_some(&base.abilities[..]),
    )?;
    if base.code != format!("b{}", base.breakpoint) {
        return fail(format!(
            "{} has code `{}`, expected `b{}` (b and the breakpoint)",
            base.name, base.code, base.breakpoint
        ));
    }
    if catalog.faction(&base.faction).is_none() {
        return fail(format!(
            "{} names faction `{}`, which no faction file defines",
            base.name, base.faction
        ));
    }
    if base.text.trim().is_empty() {
        return fail(format!("{} needs a text", base.id));
    }
    Ok(())
}
