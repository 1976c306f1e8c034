//! Scenario files with numbers no game can hold are refused in one line naming the
//! file, never wrapped round (a card number past 65,535, a count past u32).

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
