//! The look-up commands through the real binary: every query form, the numbered list
//! for several matches, the closest names for none, and the JSON format.

use assert_cmd::Command;
use predicates::prelude::*;

fn smashup() -> Command {
    Command::cargo_bin("smashup").unwrap()
}

fn stdout_of(args: &[&str]) -> String {
    let out = smashup().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn code_alone_finds_the_one_card() {
    let out = stdout_of(&["card", "pm5"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "pm5 Pirate King");
    assert_eq!(lines[1], "Pirates, Core Set.");
    assert!(lines[2].starts_with("Minion, power 5, 1 copy"));
    assert!(lines[3].starts_with("Ability: Special: when a base is about to score"));
}

#[test]
fn code_with_several_cards_prints_a_numbered_list() {
    let out = stdout_of(&["card", "pa"]);
    assert!(out.starts_with("8 cards match \"pa\":\n1. pa Broadside (Pirates)\n"));
    assert!(out.contains("\n2. pa Cannon (Pirates)\n"));
}

#[test]
fn code_plus_name_picks_one_card() {
    let out = stdout_of(&["card", "pa", "Cannon"]);
    assert!(out.starts_with("pa Cannon\nPirates, Core Set.\n"));
    // The same as one quoted argument.
    assert_eq!(out, stdout_of(&["card", "pa Cannon"]));
}

#[test]
fn base_label_with_vp_values_finds_the_base() {
    let out = stdout_of(&["card", "b21", "Tortuga", "4", "3", "2"]);
    assert!(out.starts_with("b21 Tortuga, VP 4, 3, 2\nBase, Core Set, comes with the Pirates.\n"));
    assert!(out.contains("Breakpoint 21. VP: 4 for first, 3 for second, 2 for third."));
    let by_code = stdout_of(&["card", "b21"]);
    assert!(by_code.contains("b21 Tortuga, VP 4, 3, 2"), "{by_code}");
}

#[test]
fn names_ignore_case_and_punctuation() {
    assert!(stdout_of(&["card", "dartagnan"]).starts_with("qm4 D'Artagnan\n"));
    assert!(stdout_of(&["card", "full", "sail"]).starts_with("pa Full Sail\n"));
    assert!(stdout_of(&["card", "FULL SAIL"]).starts_with("pa Full Sail\n"));
    assert!(stdout_of(&["card", "tooth and claw and guns"])
        .starts_with("da Tooth and Claw... and Guns\n"));
}

#[test]
fn a_prefix_of_a_name_finds_the_card() {
    assert!(stdout_of(&["card", "pirate k"]).starts_with("pm5 Pirate King\n"));
    assert!(stdout_of(&["card", "tortu"]).starts_with("b21 Tortuga, VP 4, 3, 2\n"));
}

#[test]
fn a_prefix_shared_by_several_lists_them() {
    let out = stdout_of(&["card", "pm"]);
    assert!(out.starts_with("4 cards match \"pm\":\n"), "{out}");
}

#[test]
fn a_word_that_begins_several_names_lists_them_all() {
    // Never one guessed: King Rex and Pirate King (and Mushroom Kingdom) are listed.
    let out = stdout_of(&["card", "king"]);
    assert!(out.contains("dm7 King Rex"), "{out}");
    assert!(out.contains("pm5 Pirate King"), "{out}");
}

#[test]
fn a_code_is_a_code_only_as_a_whole_word() {
    // "mate" is First Mate, not the code "ma" run into Teaching Power.
    assert!(stdout_of(&["card", "mate"]).starts_with("pm2 First Mate\n"));
    assert!(stdout_of(&["card", "ma teach"]).starts_with("ma Teaching Power\n"));
}

#[test]
fn a_misspelt_name_with_an_article_is_found() {
    let out = stdout_of(&["card", "homewrld"]);
    assert!(
        out.starts_with("Closest match: b23 The Homeworld, VP 4, 2, 1\n"),
        "{out}"
    );
}

#[test]
fn a_word_inside_a_name_finds_the_card() {
    assert!(stdout_of(&["card", "sail"]).starts_with("pa Full Sail\n"));
}

#[test]
fn an_alias_finds_the_printed_card() {
    let out = stdout_of(&["card", "cut lass"]);
    assert!(out.starts_with("pm3 Saucy Wench\n"), "{out}");
    assert!(out.contains("Also called: Cut Lass."));
}

#[test]
fn clarifications_and_errata_follow_the_ability() {
    let out = stdout_of(&["card", "buccaneer"]);
    let ability = out.find("Ability:").unwrap();
    let clarification = out.find("Clarification:").unwrap();
    let errata = out.find("Errata").unwrap();
    assert!(ability < clarification && clarification < errata);
}

#[test]
fn no_match_prints_the_closest_names_and_exits_1() {
    smashup()
        .args(["card", "xyzzy"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "No card matches \"xyzzy\". Closest: ",
        ));
}

#[test]
fn a_misspelling_with_one_clearly_closest_card_answers_with_it() {
    for (typed, card) in [
        ("piret king", "pm5 Pirate King"),
        ("sauci wench", "pm3 Saucy Wench"),
    ] {
        let out = stdout_of(&["card", typed]);
        assert!(
            out.starts_with(&format!("Closest match: {card}\n")),
            "{typed}: {out}"
        );
    }
}

#[test]
fn a_base_is_found_as_written_on_our_braille_sheets() {
    for typed in ["b21 tortuga, vp 4, 3, 2", "Tortuga 4 3 2"] {
        let out = stdout_of(&["card", typed]);
        assert!(
            out.starts_with("b21 Tortuga, VP 4, 3, 2\n"),
            "{typed}: {out}"
        );
    }
}

#[test]
fn an_errata_that_only_rewords_is_not_read_out() {
    let out = stdout_of(&["card", "scout"]);
    assert!(!out.contains("Errata"), "{out}");
}

#[test]
fn json_format_gives_the_card_data() {
    let out = stdout_of(&["card", "pm5", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v[0]["id"], "pirates.pirate_king");
    assert_eq!(v[0]["kind"]["Minion"]["power"], 5);
    assert_eq!(v[0]["faction"], "pirates");
    assert_eq!(v[0]["set"], "Core");
    let many: serde_json::Value =
        serde_json::from_str(&stdout_of(&["--format", "json", "card", "pa"])).unwrap();
    assert_eq!(many.as_array().unwrap().len(), 8);
}

#[test]
fn factions_lists_twenty_four_lines() {
    let out = stdout_of(&["factions"]);
    assert_eq!(out.lines().count(), 24);
    assert!(out.starts_with("a Aliens, Core Set\n"));
    assert!(out.contains("\nq Musketeers, World Tour: International Incident\n"));
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&["factions", "--format", "json"])).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 24);
}

#[test]
fn faction_sheet_orders_minions_by_power_then_actions_by_name() {
    let out = stdout_of(&["faction", "pirates"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "Pirates, letter p, Core Set: 10 minions, 10 actions."
    );
    let codes: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["pm5", "pm4", "pm3", "pm2", "pa", "pa", "pa", "pa", "pa", "pa", "pa", "pa"]
    );
    assert!(lines[1].starts_with("pm5 Pirate King, power 5, 1 copy: "));
    assert!(lines[5].starts_with("pa Broadside, 2 copies: "));
    assert!(lines[12].starts_with("pa Swashbuckling, 1 copy: "));
}

#[test]
fn faction_by_letter_or_prefix() {
    assert!(stdout_of(&["faction", "q"]).starts_with("Musketeers, letter q,"));
    assert!(stdout_of(&["faction", "rock"]).starts_with("Rock Stars, letter o,"));
    smashup()
        .args(["faction", "m"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Mythic Horses"));
    smashup()
        .args(["faction", "ro"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("could be: Robots, Rock Stars"));
    smashup()
        .args(["faction", "zzz"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("No faction matches \"zzz\"."));
}

#[test]
fn bases_one_a_line_and_by_set() {
    let all = stdout_of(&["bases"]);
    assert_eq!(all.lines().count(), 48);
    let core = stdout_of(&["bases", "--set", "core"]);
    assert_eq!(core.lines().count(), 16);
    assert!(core.contains("b21 Tortuga, VP 4, 3, 2: Once this base has scored"));
    assert_eq!(stdout_of(&["bases", "--set", "world"]).lines().count(), 8);
    smashup()
        .args(["bases", "--set", "nope"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("No set matches \"nope\"."));
}

#[test]
fn output_is_plain_text() {
    for args in [
        &["card", "pm5"][..],
        &["faction", "ninjas"],
        &["bases"],
        &["factions"],
    ] {
        let out = stdout_of(args);
        assert!(
            !out.chars()
                .any(|c| c == '\x1b' || (c.is_control() && c != '\n')),
            "{args:?} printed a control character"
        );
    }
}

#[test]
fn a_number_after_a_list_picks_from_it() {
    let out = stdout_of(&["card", "pa", "3"]);
    assert!(out.starts_with("pa Dinghy\n"), "{out}");
    // A query that is itself a code or label keeps its meaning.
    assert!(stdout_of(&["card", "pm", "3"]).starts_with("pm3 Saucy Wench\n"));
    assert!(stdout_of(&["card", "b21", "Tortuga", "4", "3", "2"]).starts_with("b21 Tortuga"));
    smashup()
        .args(["card", "pa", "9"])
        .assert()
        .code(1)
        .stderr("\"pa\" lists 8 cards: expected a number from 1 to 8 after it.\n");
}

#[test]
fn rules_outside_a_game_say_a_topic_or_the_list() {
    let scoring = stdout_of(&["rules", "scoring"]);
    assert!(scoring.starts_with(
        "A base scores once the power of all minions on it reaches its breakpoint.\n"
    ));
    assert_eq!(stdout_of(&["rules", "breakpoint"]), scoring);
    assert_eq!(stdout_of(&["rules", "3"]), scoring);
    let list = stdout_of(&["rules"]);
    assert!(
        list.starts_with("Rules: type rules and a topic, for example rules scoring.\n1. turn\n")
    );
    smashup()
        .args(["rules", "zzz"])
        .assert()
        .code(1)
        .stdout(list)
        .stderr(predicate::str::starts_with(
            "No rules topic \"zzz\". Expected a topic",
        ));
}
