//! The look-up answers as text: one card's block, a faction's reference sheet, the
//! list of factions and of bases. Plain lines, most important word first, so that a
//! screen reader or a speech line reads the code and name before anything else.

use crate::cards::model::{Base, Card, Faction, Kind, PlayTarget, SetId};
use crate::cards::query::Entry;
use crate::cards::Catalog;

/// One line of a reference sheet: the card's label, and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetEntry {
    /// `pm5 Pirate King, power 5, 1 copy` or `b21 Tortuga, VP 4, 3, 2`.
    pub heading: String,
    /// The ability.
    pub body: String,
}

fn copies(n: u32) -> String {
    if n == 1 {
        "1 copy".into()
    } else {
        format!("{n} copies")
    }
}

/// "Minion, power 5, 1 copy, Special" or "standard action, 2 copies".
fn kind_phrase(card: &Card) -> String {
    let mut parts = vec![match card.kind {
        Kind::Minion { power } => format!("minion, power {power}"),
        Kind::Action { play } => play.describe(),
    }];
    parts.push(copies(card.copies));
    parts.extend(card.labels.iter().map(|l| l.name().to_string()));
    parts.join(", ")
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The full look-up answer for one card or base.
pub fn describe(catalog: &Catalog, entry: Entry<'_>) -> Vec<String> {
    match entry {
        Entry::Card(card) => describe_card(catalog, card),
        Entry::Base(base) => describe_base(catalog, base),
    }
}

fn faction_name<'a>(catalog: &'a Catalog, id: &'a str) -> &'a str {
    catalog.faction(id).map_or(id, |f| f.name.as_str())
}

fn describe_card(catalog: &Catalog, card: &Card) -> Vec<String> {
    let mut lines = vec![
        format!("{} {}", card.code, card.name),
        format!(
            "{}, {}.",
            faction_name(catalog, &card.faction),
            card.set.name()
        ),
        format!("{}.", capitalised(&kind_phrase(card))),
        format!("Ability: {}", card.text),
    ];
    tail(
        &mut lines,
        &card.aliases,
        &card.clarifications,
        &card.errata,
    );
    lines
}

fn describe_base(catalog: &Catalog, base: &Base) -> Vec<String> {
    let mut lines = vec![
        crate::cards::query::base_label(base),
        format!(
            "Base, {}, comes with the {}.",
            base.set.name(),
            faction_name(catalog, &base.faction)
        ),
        format!(
            "Breakpoint {}. VP: {} for first, {} for second, {} for third.",
            base.breakpoint, base.vp[0], base.vp[1], base.vp[2]
        ),
        format!("Ability: {}", base.text),
    ];
    tail(
        &mut lines,
        &base.aliases,
        &base.clarifications,
        &base.errata,
    );
    lines
}

fn tail(
    lines: &mut Vec<String>,
    aliases: &[String],
    clarifications: &[String],
    errata: &Option<String>,
) {
    lines.extend(clarifications.iter().map(|c| format!("Clarification: {c}")));
    if let Some(e) = errata.as_deref().filter(|e| !wording_only(e)) {
        lines.push(format!("Errata, current official text, not used here: {e}"));
    }
    if !aliases.is_empty() {
        lines.push(format!("Also called: {}.", aliases.join(", ")));
    }
}

/// True for an errata note that only rewords the card: nothing to hear at the table.
fn wording_only(errata: &str) -> bool {
    let e = errata.to_lowercase();
    e.contains("wording only") || e.contains("works the same")
}

/// A numbered list of several matches, for the person to pick from.
pub fn numbered(catalog: &Catalog, entries: &[Entry<'_>]) -> Vec<String> {
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let owner = match e {
                Entry::Card(c) => faction_name(catalog, &c.faction).to_string(),
                Entry::Base(b) => format!("base, {}", b.set.name()),
            };
            format!("{}. {} ({owner})", i + 1, e.label())
        })
        .collect()
}

/// A faction's cards in sheet order: minions from the highest power down (then by
/// name), then actions by name.
pub fn sheet_order(faction: &Faction) -> Vec<&Card> {
    let mut cards: Vec<&Card> = faction.cards.iter().collect();
    cards.sort_by(|a, b| {
        let rank = |c: &Card| match c.kind {
            Kind::Minion { power } => (0, u32::MAX - power),
            Kind::Action { .. } => (1, 0),
        };
        rank(a).cmp(&rank(b)).then_with(|| a.name.cmp(&b.name))
    });
    cards
}

/// The reference-sheet entries of a faction, in sheet order. The heading leaves out
/// the labels, which the ability text already begins with.
pub fn faction_sheet(faction: &Faction) -> Vec<SheetEntry> {
    sheet_order(faction)
        .into_iter()
        .map(|card| {
            let kind = match card.kind {
                Kind::Minion { power } => format!("power {power}, "),
                Kind::Action {
                    play: PlayTarget::Standard,
                } => String::new(),
                Kind::Action { play } => format!("{}, ", play.describe()),
            };
            SheetEntry {
                heading: format!("{} {}, {kind}{}", card.code, card.name, copies(card.copies)),
                body: card.text.clone(),
            }
        })
        .collect()
}

/// The sheet's opening line: "Pirates, letter p, Core Set: 10 minions, 10 actions."
pub fn faction_heading(faction: &Faction) -> String {
    let minions: u32 = faction
        .cards
        .iter()
        .filter(|c| c.is_minion())
        .map(|c| c.copies)
        .sum();
    let actions: u32 = faction
        .cards
        .iter()
        .filter(|c| !c.is_minion())
        .map(|c| c.copies)
        .sum();
    format!(
        "{}, letter {}, {}: {minions} minions, {actions} actions.",
        faction.name,
        faction.letter,
        faction.set.name()
    )
}

/// The reference-sheet entry of a base. Commas keep the breakpoint and VP values
/// apart: in braille, numbers separated only by spaces read as one spaced number.
pub fn base_entry(base: &Base) -> SheetEntry {
    let [first, second, third] = base.vp;
    SheetEntry {
        heading: format!("{} {}, VP {first}, {second}, {third}", base.code, base.name),
        body: base.text.clone(),
    }
}

/// One line a faction: "p Pirates, Core Set".
pub fn faction_list(catalog: &Catalog) -> Vec<String> {
    catalog
        .factions
        .iter()
        .map(|f| format!("{} {}, {}", f.letter, f.name, f.set.name()))
        .collect()
}

/// One line a base, optionally of one set, starting with its braille-edition label:
/// "b21 Tortuga, VP 4, 3, 2: ability".
pub fn base_list(catalog: &Catalog, set: Option<SetId>) -> Vec<String> {
    catalog
        .bases
        .iter()
        .filter(|b| set.is_none_or(|s| b.set == s))
        .map(|b| format!("{}: {}", crate::cards::query::base_label(b), b.text))
        .collect()
}
