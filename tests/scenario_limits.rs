//! Scenario files with numbers no game can hold are refused in one line naming the
//! file, never wrapped round (a card number past 65,535, a count past u32, a power
//! change past any game); so are impossible placements (issue 27): an action placed
//! as a minion, a minion as an action, an unknown faction, the same base twice.

use assert_cmd::Command;

fn run(name: &str, text: &str) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    std::fs::write(&file, text).unwrap();
    let out = Command::cargo_bin("smashup")
        .unwrap()
        .arg("scenario")
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(stdout.contains(name), "the file is named: {stdout}");
    (out.status.success(), stdout)
}

fn with_minion(extra: &str) -> String {
    format!(
        r#"Scenario(name: "limits", position: (
            players: [(factions: ["pirates", "ninjas"]), (factions: ["aliens", "dinosaurs"])],
            bases: [(base: "bases.tortuga", minions: [(card: "aliens.collector", owner: 1{extra})])],
        ), steps: [])"#
    )
}

#[test]
fn counters_past_any_game_are_refused_not_wrapped() {
    let (ok, out) = run("counters.ron", &with_minion(", counters: 4294967295"));
    assert!(!ok);
    assert!(
        out.contains("the counters on aliens.collector is 4294967295; at most 10000"),
        "{out}"
    );
    let (ok, out) = run("wrap.ron", &with_minion(", counters: 4294967296"));
    assert!(!ok);
    assert!(out.contains("wrap.ron:3:"), "{out}");
    assert!(out.contains("out of bounds"), "{out}");
}

#[test]
fn vp_past_any_game_is_refused() {
    let text = r#"Scenario(name: "limits", position: (
        players: [(factions: ["pirates", "ninjas"], vp: 4000000000), (factions: ["aliens", "dinosaurs"])],
        bases: [(base: "bases.tortuga")],
    ), steps: [])"#;
    let (ok, out) = run("vp.ron", text);
    assert!(!ok);
    assert!(out.contains("player 0's VP is 4000000000"), "{out}");
}

#[test]
fn more_cards_than_card_numbers_are_refused() {
    let deck = vec!["\"pirates.saucy_wench\""; 70_000].join(",");
    let text = format!(
        r#"Scenario(name: "limits", position: (
            players: [(factions: ["pirates", "ninjas"], deck: [{deck}]), (factions: ["aliens", "dinosaurs"])],
            bases: [(base: "bases.tortuga")],
        ), steps: [])"#
    );
    let (ok, out) = run("cards.ron", &text);
    assert!(!ok);
    assert!(out.contains("too many cards: at most 65535"), "{out}");
}

#[test]
fn a_power_change_past_any_game_is_refused_not_wrapped() {
    // Issue 27: a power of 2,147,483,646 plus a minion's 2 wrapped round to a wrong value.
    let text = r#"Scenario(name: "limits", position: (
        players: [(factions: ["pirates", "ninjas"]), (factions: ["aliens", "dinosaurs"])],
        bases: [(base: "bases.tortuga", minions: [(card: "aliens.collector", owner: 1)])],
        lasting: [Power(minion: "aliens.collector", amount: 2147483646)],
    ), steps: [])"#;
    let (ok, out) = run("power.ron", text);
    assert!(!ok);
    assert!(
        out.contains("the power change of aliens.collector is 2147483646; at most 10000"),
        "{out}"
    );
    let (ok, out) = run(
        "breakpoint.ron",
        &text
            .replace(
                "Power(minion: \"aliens.collector\"",
                "Breakpoint(base: \"bases.tortuga\"",
            )
            .replace("2147483646", "-2147483648"),
    );
    assert!(!ok);
    assert!(out.contains("is -2147483648"), "{out}");
}

/// A two-player position with `bases` as its bases and `factions` as the first
/// player's.
fn position(factions: &str, bases: &str) -> String {
    format!(
        r#"Scenario(name: "limits", position: (
            players: [(factions: [{factions}]), (factions: ["aliens", "dinosaurs"])],
            bases: [{bases}],
        ), steps: [])"#
    )
}

#[test]
fn impossible_placements_are_refused_in_one_line() {
    let cases = [
        (
            "action_as_minion.ron",
            position(
                r#""pirates", "ninjas""#,
                r#"(base: "bases.tortuga", minions: [(card: "pirates.broadside", owner: 0)])"#,
            ),
            "`pirates.broadside` is an action and cannot be placed as a minion",
        ),
        (
            "minion_as_action.ron",
            position(
                r#""pirates", "ninjas""#,
                r#"(base: "bases.tortuga", actions: [(card: "pirates.pirate_king", owner: 0)])"#,
            ),
            "`pirates.pirate_king` is a minion and cannot be placed as an action",
        ),
        (
            "minion_on_minion.ron",
            position(
                r#""pirates", "ninjas""#,
                r#"(base: "bases.tortuga", minions: [(card: "aliens.collector", owner: 1, actions: [(card: "ninjas.ninja_master", owner: 0)])])"#,
            ),
            "`ninjas.ninja_master` is a minion and cannot be placed as an action",
        ),
        (
            "faction.ron",
            position(r#""pirates", "vikings""#, r#"(base: "bases.tortuga")"#),
            "player 0's faction `vikings` is not a faction",
        ),
        (
            "twice.ron",
            position(
                r#""pirates", "ninjas""#,
                r#"(base: "bases.tortuga"), (base: "bases.tortuga")"#,
            ),
            "base `bases.tortuga` is placed twice",
        ),
    ];
    for (name, text, expected) in cases {
        let (ok, out) = run(name, &text);
        assert!(!ok, "{name} passed");
        assert!(out.contains(expected), "{name}: {out}");
        let fail: Vec<&str> = out.lines().filter(|l| l.starts_with("FAIL")).collect();
        assert_eq!(fail.len(), 1, "{name}: one line: {out}");
        assert!(fail[0].contains(name), "{name}: the file is named: {out}");
    }
}
