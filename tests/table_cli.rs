//! The table companion (`smashup table`) through the binary with piped input: a
//! scripted three-player table compared with its golden transcript in
//! `tests/transcripts/` (two scorings with ties, War Raptors and The Central Brain
//! read by the engine, Poison and a power counter, a replacement base, undo, save and
//! load, "did you mean"), and the autosave picked up by a second run.
//!
//! After a deliberate change to what the companion says, look at the new transcript
//! and accept it: `INSTA_UPDATE=always cargo test --test table_cli`.

use cli::{session, stdout_of};
use std::path::Path;

mod cli;

/// Runs `smashup table` in `dir` with `input`; standard output.
fn table(dir: &Path, input: &str) -> String {
    table_with(dir, &[], input)
}

/// Runs `smashup table ARGS` in `dir` with `input`; standard output.
fn table_with(dir: &Path, args: &[&str], input: &str) -> String {
    stdout_of(session(dir, "table", "table.ron").args(args), input)
}

#[test]
fn a_three_player_table_through_two_scorings() {
    let dir = tempfile::tempdir().unwrap();
    let script = include_str!("data/table/three_players.txt");
    let transcript = table(dir.path(), script);
    // Every line typed is answered, and nothing typed ends the table early.
    assert!(transcript.ends_with("Goodbye. The table is saved in table.ron.\n"));
    insta::with_settings!({snapshot_path => "transcripts", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("table_three_players", transcript);
    });
}

#[test]
fn the_autosave_is_there_for_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    table(
        dir.path(),
        "player Ann pirates ninjas\nplayer Ben robots wizards\nbase b21\nann plays pm5 on tortuga\n",
    );
    let out = table(dir.path(), "load\nbases\nundo\nbases\nquit\n");
    assert!(
        out.contains("The last table is saved in table.ron: type load to go on with it."),
        "{out}"
    );
    assert!(out.contains("Loaded table.ron."), "{out}");
    assert!(out.contains("1. Tortuga, 5 of 21; Ann, 5 power."), "{out}");
    // Undo goes back to the empty table from before the load.
    assert!(out.contains("Undone: load table.ron."), "{out}");
    assert!(out.contains("No players yet"), "{out}");
}

#[test]
fn bad_lines_are_one_line_each_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let setup = "player Ann pirates ninjas\nplayer Ben robots wizards\nbase b21\nann plays pm5 on tortuga\n";
    let bad = [
        "zzz",
        "ann plays",
        "ann plays pm5 on nowhere",
        "ann plays rm4 on tortuga",
        "destroy nothing",
        "move pirate king",
        "move pirate king to tortuga",
        "counter -1 on pirate king",
        "score nowhere",
        "base b99",
        "vp ann -3",
        "turn zed",
        "player Ann zombies aliens",
        "player Cat pirates pirates",
        "load missing.ron",
        "\u{1b}[2J",
    ];
    let out = table(
        dir.path(),
        &format!("{setup}{}\nbases\nquit\n", bad.join("\n")),
    );
    let lines: Vec<&str> = out.lines().collect();
    for b in bad {
        let at = lines
            .iter()
            .position(|l| *l == format!("> {}", smashup::quote::echo(b)))
            .unwrap_or_else(|| panic!("{b} not echoed: {out}"));
        assert!(
            lines[at + 1..].first().is_some_and(|l| !l.starts_with('>')),
            "{b}"
        );
        assert!(
            lines[at + 2].starts_with('>'),
            "{b}: more than one line: {out}"
        );
    }
    assert!(
        out.contains("> bases\n1. Tortuga, 5 of 21; Ann, 5 power.\n"),
        "{out}"
    );
}

#[test]
fn codes_off_names_cards_alone_and_a_replacement_comes_first() {
    let dir = tempfile::tempdir().unwrap();
    let out = table_with(
        dir.path(),
        &["--codes", "off"],
        "player Ann pirates ninjas\nbase b21\nbase b12\nann plays pm5 on tortuga\nscore jungle\nann plays pm3 on tortuga\nbases\nnone\nscore\n",
    );
    assert!(
        out.contains("Ann plays Pirate King on Tortuga. Tortuga, 5 of 21."),
        "{out}"
    );
    // While Jungle Oasis waits for its replacement, a play is not taken: the question again.
    assert!(
        out.contains("> ann plays pm3 on tortuga\nWhich base replaces Jungle Oasis? Type its code or name, or none.\n"),
        "{out}"
    );
    // A question is answered, then the question again.
    assert!(
        out.contains("1. Tortuga, 5 of 21; Ann, 5 power.\nWhich base replaces Jungle Oasis?"),
        "{out}"
    );
    assert!(
        out.contains("> none\nNo base replaces Jungle Oasis.\nScore: Ann, no VP."),
        "{out}"
    );
}

#[test]
fn a_base_code_of_several_sets_is_a_numbered_choice() {
    let dir = tempfile::tempdir().unwrap();
    let out = table(dir.path(), "base b21\nbase b21 2\nbase b21 9\nquit\n");
    assert!(
        out.contains(
            "\"b21\" could be 1. b21 Tortuga 4 3 2, Core Set; 2. b21 Great White North, Eh? 2 3 1,"
        ),
        "{out}"
    );
    assert!(
        out.contains("> base b21 2\nb21 Great White North, Eh? is base 1.\n"),
        "{out}"
    );
    assert!(
        out.contains("\"b21\" lists 4 bases: expected a number from 1 to 4 after it."),
        "{out}"
    );
}

#[test]
fn a_code_of_several_cards_is_a_numbered_choice_in_a_play() {
    let dir = tempfile::tempdir().unwrap();
    let out = table(
        dir.path(),
        "player Ann pirates ninjas\nbase b21\nann plays pa on tortuga\nann plays pa 9 on tortuga\nann pa 7 tortuga\nquit\n",
    );
    assert!(
        out.contains("\"pa\" could be 1. pa Broadside; 2. pa Cannon;"),
        "{out}"
    );
    assert!(
        out.contains(": type it with the number, for example pa 1, or more of the name."),
        "{out}"
    );
    assert!(
        out.contains("\"pa\" lists 8 cards: expected a number from 1 to 8 after it."),
        "{out}"
    );
    assert!(
        out.contains("> ann pa 7 tortuga\nAnn plays pa Shanghai; it goes to Ann's discard pile."),
        "{out}"
    );
}
