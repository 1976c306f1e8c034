//! Malformed card data: every problem is one error line naming the file, the line and,
//! where the parser knows it, the column; never a panic. Also the `--cards DIR` path.

use assert_cmd::Command;
use predicates::prelude::*;
use smashup::cards::load::{self, LoadError};
use std::path::Path;

const PIRATES: &str = include_str!("../cards/pirates.ron");
const BASES: &str = include_str!("../cards/bases-core.ron");

/// Loads Pirates (with `edit` applied) alone; the bases need every core faction, so
/// they are left out unless a test adds them.
fn load_pirates(edit: impl Fn(&str) -> String) -> Result<(), LoadError> {
    load::from_sources([("cards/pirates.ron".to_string(), edit(PIRATES))]).map(|_| ())
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn the_pirates_file_alone_loads() {
    load_pirates(str::to_string).unwrap();
}

#[test]
fn unknown_field_names_file_line_and_column() {
    let err = load_pirates(|t| t.replacen("copies: 1,", "copies: 1, powr: 3,", 1)).unwrap_err();
    assert_eq!(err.file, "cards/pirates.ron");
    assert_eq!(err.line, line_of(PIRATES, "copies: 1,"));
    assert!(err.column > 0);
    assert!(err.message.contains("powr"), "{err}");
    assert!(err
        .to_string()
        .starts_with(&format!("cards/pirates.ron:{}:", err.line)));
}

#[test]
fn missing_field_is_an_error() {
    let err = load_pirates(|t| t.replacen("            copies: 4,\n", "", 1)).unwrap_err();
    assert!(err.message.contains("copies"), "{err}");
    assert!(err.line > 0, "{err}");
}

#[test]
fn bad_value_is_an_error() {
    let err = load_pirates(|t| t.replacen("Minion(power: 5)", "Minion(power: -5)", 1)).unwrap_err();
    assert_eq!(err.line, line_of(PIRATES, "Minion(power: 5)"));
    let err = load_pirates(|t| t.replacen("play: Standard", "play: Sideways", 1)).unwrap_err();
    assert!(err.message.contains("Sideways"), "{err}");
}

#[test]
fn wrong_code_names_the_card_line() {
    let err = load_pirates(|t| t.replacen("code: \"pm5\"", "code: \"pm6\"", 1)).unwrap_err();
    assert_eq!(err.line, line_of(PIRATES, "\"pirates.pirate_king\""));
    assert!(err.message.contains("expected `pm5`"), "{err}");
}

#[test]
fn duplicate_id_and_foreign_prefix_are_errors() {
    let err = load_pirates(|t| t.replacen("pirates.cannon", "pirates.dinghy", 1)).unwrap_err();
    assert!(err.message.contains("appears twice"), "{err}");
    let err = load_pirates(|t| t.replacen("pirates.cannon", "ninjas.cannon", 1)).unwrap_err();
    assert!(err.message.contains("must start with `pirates.`"), "{err}");
}

#[test]
fn faction_id_must_match_the_file_name() {
    let err =
        load::from_sources([("cards/corsairs.ron".to_string(), PIRATES.to_string())]).unwrap_err();
    assert!(err.message.contains("corsairs.ron"), "{err}");
}

#[test]
fn a_base_of_an_unknown_faction_is_an_error() {
    let err = load::from_sources([
        ("cards/pirates.ron".to_string(), PIRATES.to_string()),
        ("cards/bases-core.ron".to_string(), BASES.to_string()),
    ])
    .unwrap_err();
    assert_eq!(err.file, "cards/bases-core.ron");
    assert!(
        err.message.contains("which no faction file defines"),
        "{err}"
    );
    assert!(err.line > 0);
}

#[test]
fn base_file_must_be_named_for_its_set() {
    let err =
        load::from_sources([("cards/bases-emd.ron".to_string(), BASES.to_string())]).unwrap_err();
    assert!(err.message.contains("bases-core.ron"), "{err}");
}

#[test]
fn cards_folder_option_reads_edited_files_and_reports_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    for entry in std::fs::read_dir(&cards).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    let pirates = dir.path().join("pirates.ron");
    let edited = PIRATES.replacen("Pirate King", "Pirate Emperor", 1);
    std::fs::write(&pirates, edited).unwrap();
    Command::cargo_bin("smashup")
        .unwrap()
        .args(["--cards", dir.path().to_str().unwrap(), "card", "pm5"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("pm5 Pirate Emperor\n"));

    std::fs::write(
        &pirates,
        PIRATES.replacen("copies: 1,", "copies: \"one\",", 1),
    )
    .unwrap();
    let line = line_of(PIRATES, "copies: 1,");
    Command::cargo_bin("smashup")
        .unwrap()
        .args(["--cards", dir.path().to_str().unwrap(), "card", "pm5"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(format!(
            "Error: card data: {}:{line}:",
            pirates.display()
        )));
}

#[test]
fn an_empty_or_missing_folder_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let err = load::from_dir(dir.path()).unwrap_err();
    assert!(err.message.contains("no .ron card files"), "{err}");
    let err = load::from_dir(&dir.path().join("nope")).unwrap_err();
    assert!(err.message.contains("cannot read the card folder"), "{err}");
}

/// Every card file of `cards/`, with `edit` applied to the one named `file`.
fn load_all_with(file: &str, edit: impl Fn(&str) -> String) -> Result<(), LoadError> {
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let mut sources = Vec::new();
    for entry in std::fs::read_dir(&cards).unwrap() {
        let path = entry.unwrap().path();
        let name = format!("cards/{}", path.file_name().unwrap().to_string_lossy());
        let text = std::fs::read_to_string(&path).unwrap();
        let text = if name == file { edit(&text) } else { text };
        sources.push((name, text));
    }
    load::from_sources(sources).map(|_| ())
}

#[test]
fn copies_and_power_past_any_deck_are_refused_at_their_line() {
    // Issue 27: 70,000 copies of Saucy Wench set up a game of "Saucy Wench" bases.
    let err = load_pirates(|t| t.replacen("copies: 3,", "copies: 70000,", 1)).unwrap_err();
    assert_eq!(err.file, "cards/pirates.ron");
    assert_eq!(err.line, line_of(PIRATES, "copies: 3,"));
    assert!(
        err.message
            .contains("Saucy Wench: its number of copies is 70000; it must be 1 to 20"),
        "{err}"
    );
    let err = load_pirates(|t| t.replacen("copies: 3,", "copies: 0,", 1)).unwrap_err();
    assert!(err.message.contains("is 0"), "{err}");
    let err = load_pirates(|t| t.replacen("Minion(power: 5)", "Minion(power: 2147483647)", 1))
        .unwrap_err();
    assert_eq!(err.line, line_of(PIRATES, "Minion(power: 5)"));
    assert!(err.message.contains("its power is 2147483647"), "{err}");
}

#[test]
fn every_card_file_passes_every_check() {
    // The built-in copy of these files is not walked again at every start
    // (`load::embedded`): this is where its abilities' variables and numbers are checked.
    load_all_with("", str::to_string).unwrap();
}

#[test]
fn a_deck_past_40_cards_is_refused() {
    let err = load_pirates(|t| t.replace("copies: 1,", "copies: 20,")).unwrap_err();
    assert_eq!(err.line, line_of(PIRATES, "cards: ["));
    assert!(err.message.starts_with("Pirates: its deck is "), "{err}");
    assert!(err.message.ends_with("it must be 1 to 40 cards"), "{err}");
}

#[test]
fn breakpoints_and_vp_past_any_base_are_refused_at_their_line() {
    let err = load_all_with("cards/bases-core.ron", |t| {
        t.replacen("breakpoint: 23,", "breakpoint: 4000000,", 1)
    })
    .unwrap_err();
    assert_eq!(err.file, "cards/bases-core.ron");
    assert_eq!(err.line, line_of(BASES, "breakpoint: 23,"));
    assert!(err.message.contains("its breakpoint is 4000000"), "{err}");
    let err = load_all_with("cards/bases-core.ron", |t| {
        t.replacen("vp: (4, 2, 1),", "vp: (4, 2000, 1),", 1)
    })
    .unwrap_err();
    assert_eq!(err.line, line_of(BASES, "vp: (4, 2, 1),"));
    assert!(err.message.contains("a VP value is 2000"), "{err}");
}

#[test]
fn numbers_inside_abilities_are_bounded() {
    let err = load_pirates(|t| {
        t.replacen(
            "power_at_most: Some(Const(2)))), bind: \"m\",",
            "power_at_most: Some(Const(2000000000)))), bind: \"m\",",
            1,
        )
    })
    .unwrap_err();
    assert_eq!(err.line, line_of(PIRATES, "Some(Const(2)))), bind: \"m\","));
    assert!(err.message.contains("the number 2000000000"), "{err}");
}

#[test]
fn an_undefined_variable_is_refused_at_its_line() {
    // Issue 27: `Destroy(Var("nope"))` loaded, and did nothing in the game.
    let err = load_pirates(|t| {
        t.replacen(
            "purpose: Some(Destroy), then: Destroy(Var(\"m\")),",
            "purpose: Some(Destroy), then: Destroy(Var(\"nope\")),",
            1,
        )
    })
    .unwrap_err();
    assert_eq!(err.file, "cards/pirates.ron");
    assert_eq!(
        err.line,
        line_of(
            PIRATES,
            "purpose: Some(Destroy), then: Destroy(Var(\"m\")),"
        )
    );
    assert!(err.message.starts_with("Saucy Wench: "), "{err}");
    assert!(err.message.contains("\"nope\""), "{err}");
    // Named outside the choice that binds it: after it, in the same sequence.
    let err = load_pirates(|t| {
        t.replacen(
            "then: Destroy(Var(\"m\")),\n                ))),",
            "then: Nothing,\n                ))),\n                (when: OnPlay, effect: Destroy(Var(\"m\"))),",
            1,
        )
    })
    .unwrap_err();
    assert!(err.message.contains("\"m\""), "{err}");
}
