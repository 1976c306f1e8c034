//! The card data against the reference tables: every faction's cards with their copies
//! and powers, every base with its breakpoint and VP values.
//!
//! The tables are read from `../shared/reference/cards/*.md` when that folder is beside
//! the repository (as on CI), and from the committed snapshot
//! `tests/data/reference-tables.tsv` otherwise; a test keeps the snapshot equal to the
//! markdown. `UPDATE_REFERENCE_SNAPSHOT=1 cargo test --test reference_tables` rewrites it.

use smashup::cards::model::Kind;
use smashup::cards::Catalog;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn reference_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/reference/cards")
}

fn snapshot_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/reference-tables.tsv")
}

fn cells(line: &str) -> Vec<String> {
    line.trim()
        .trim_matches('|')
        .split('|')
        .map(|c| c.trim().to_string())
        .collect()
}

/// A table's name cell without a trailing note in brackets: "Tortuga (Pirates)",
/// "Flor Loca (later printing: La Torcha)".
fn without_note(cell: &str) -> &str {
    match cell.rfind(" (") {
        Some(i) if cell.ends_with(')') => &cell[..i],
        _ => cell,
    }
}

/// One row per card (faction, name, copies, power or "action") and per base (name,
/// breakpoint, VP values), from the markdown tables. Appendices (titans, reworks) and
/// the engine-notes sections are skipped.
fn rows_from_markdown(dir: &Path) -> BTreeSet<String> {
    let mut rows = BTreeSet::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("reference folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut section = String::new();
        let mut table = String::new();
        for line in text.lines() {
            if let Some(h) = line.strip_prefix("## ") {
                section = h.trim().to_string();
                table.clear();
                continue;
            }
            if let Some(h) = line.strip_prefix("### ") {
                table = h.trim().to_string();
                continue;
            }
            if !line.starts_with('|') {
                continue;
            }
            let c = cells(line);
            if section == "Bases" && table.is_empty() && c.len() >= 4 {
                let Ok(breakpoint) = c[1].parse::<u32>() else {
                    continue;
                };
                let name = without_note(&c[0]);
                let vp: Vec<&str> = c[2].split('/').map(str::trim).collect();
                rows.insert(format!("base\t{name}\t{breakpoint}\t{}", vp.join("\t")));
            } else if table == "Minions" || table == "Actions" {
                let Ok(copies) = c[0].parse::<u32>() else {
                    continue;
                };
                let kind = if table == "Minions" {
                    c[2].clone()
                } else {
                    "action".to_string()
                };
                let name = without_note(&c[1]);
                rows.insert(format!("card\t{section}\t{name}\t{copies}\t{kind}"));
            }
        }
    }
    rows
}

fn rows_from_catalog(catalog: &Catalog) -> BTreeSet<String> {
    let mut rows = BTreeSet::new();
    for faction in &catalog.factions {
        for card in &faction.cards {
            let kind = match card.kind {
                Kind::Minion { power } => power.to_string(),
                Kind::Action { .. } => "action".to_string(),
            };
            rows.insert(format!(
                "card\t{}\t{}\t{}\t{kind}",
                faction.name, card.name, card.copies
            ));
        }
    }
    for base in &catalog.bases {
        rows.insert(format!(
            "base\t{}\t{}\t{}\t{}\t{}",
            base.name, base.breakpoint, base.vp[0], base.vp[1], base.vp[2]
        ));
    }
    rows
}

fn snapshot() -> BTreeSet<String> {
    std::fs::read_to_string(snapshot_path())
        .expect("tests/data/reference-tables.tsv")
        .lines()
        .map(str::to_string)
        .collect()
}

fn diff(label_a: &str, a: &BTreeSet<String>, label_b: &str, b: &BTreeSet<String>) -> String {
    let mut out = String::new();
    for row in a.difference(b) {
        out.push_str(&format!("only in {label_a}: {row}\n"));
    }
    for row in b.difference(a) {
        out.push_str(&format!("only in {label_b}: {row}\n"));
    }
    out
}

#[test]
fn snapshot_matches_the_reference_markdown() {
    let dir = reference_dir();
    if !dir.is_dir() {
        eprintln!(
            "note: {} not found; the snapshot is used as it is",
            dir.display()
        );
        return;
    }
    let markdown = rows_from_markdown(&dir);
    if std::env::var_os("UPDATE_REFERENCE_SNAPSHOT").is_some() {
        let text: String = markdown.iter().map(|r| format!("{r}\n")).collect();
        std::fs::write(snapshot_path(), text).unwrap();
    }
    let d = diff("markdown", &markdown, "snapshot", &snapshot());
    assert!(d.is_empty(), "the snapshot is out of date:\n{d}");
}

#[test]
fn every_card_and_base_matches_the_reference_tables() {
    let catalog = Catalog::embedded().expect("embedded catalog loads");
    let expected = if reference_dir().is_dir() {
        rows_from_markdown(&reference_dir())
    } else {
        snapshot()
    };
    let d = diff(
        "reference",
        &expected,
        "cards/",
        &rows_from_catalog(&catalog),
    );
    assert!(d.is_empty(), "card data differs from the reference:\n{d}");
}

/// The faction totals the reference states, including the unusual splits.
#[test]
fn faction_totals_match_the_reference() {
    let catalog = Catalog::embedded().unwrap();
    // (faction, minion cards, action cards, total printed minion power)
    let expected = [
        ("Aliens", 10, 10, 28),
        ("Dinosaurs", 10, 10, 32),
        ("Ninjas", 10, 10, 30),
        ("Pirates", 10, 10, 30),
        ("Robots", 18, 2, 38),
        ("Tricksters", 10, 10, 30),
        ("Wizards", 10, 10, 24),
        ("Zombies", 10, 10, 27),
        ("Princesses", 6, 14, 30),
        ("Action Heroes", 6, 14, 30),
    ];
    for (name, minions, actions, power) in expected {
        let f = catalog.factions.iter().find(|f| f.name == name).unwrap();
        let count = |minion: bool| -> u32 {
            f.cards
                .iter()
                .filter(|c| c.is_minion() == minion)
                .map(|c| c.copies)
                .sum()
        };
        let total: u32 = f
            .cards
            .iter()
            .filter_map(|c| c.power().map(|p| p * c.copies))
            .sum();
        assert_eq!(
            (count(true), count(false), total),
            (minions, actions, power),
            "{name}"
        );
    }
    for f in &catalog.factions {
        let cards: u32 = f.cards.iter().map(|c| c.copies).sum();
        assert_eq!(cards, 20, "{} has 20 cards", f.name);
    }
}

#[test]
fn twenty_four_factions_and_forty_eight_bases() {
    let catalog = Catalog::embedded().unwrap();
    assert_eq!(catalog.factions.len(), 24);
    assert_eq!(catalog.bases.len(), 48);
    for f in &catalog.factions {
        let bases = catalog.bases.iter().filter(|b| b.faction == f.id).count();
        assert_eq!(bases, 2, "{} has two bases", f.name);
    }
}
