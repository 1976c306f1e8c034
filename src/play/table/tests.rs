//! The conversation at a table set up from a scenario's position: what a person
//! typing at a given moment hears (refusals, names that fit several cards, misspellings).

use super::*;
use crate::play::speech::Silent;

/// A two-seat table at this position (a scenario's `position: (...)`), Ann to answer.
fn table(position: &str) -> Table {
    let text = format!("Scenario(name: \"t\", position: {position}, steps: [])");
    let s = crate::scenario::parse("t", &text).unwrap();
    let game = crate::scenario::run(&s).unwrap();
    let seats = vec![
        Seat {
            name: "Ann".into(),
            bot: None,
        },
        Seat {
            name: "Bob".into(),
            bot: None,
        },
    ];
    let mut t = Table::at_position(game, seats);
    t.keyboard = Some(PlayerId(0));
    t
}

fn say(t: &mut Table, line: &str) -> String {
    crate::play::respond(t, &Silent, line)
        .iter()
        .map(|l| l.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_play_refused_on_a_base_in_play_names_what_forbids_it() {
    let mut t = table(
        r#"(
        players: [
            (factions: ["dinosaurs", "aliens"], hand: ["dinosaurs.war_raptor"]),
            (factions: ["teddy_bears", "pirates"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", actions: [(card: "teddy_bears.bear_picnic", owner: 1)]),
            (base: "bases.tortuga"),
        ],
    )"#,
    );
    let before = ron::to_string(t.game()).unwrap();
    let out = say(&mut t, "play raptor on tortuga");
    assert_eq!(
        out,
        "dm2 War Raptor cannot go on b21 Tortuga: Bob's Bear Picnic on Jungle Oasis keeps your minions of power 2 or less to that base."
    );
    assert_eq!(ron::to_string(t.game()).unwrap(), before);
}

#[test]
fn the_where_question_names_the_base_that_forbids_the_play() {
    let mut t = table(
        r#"(
        players: [
            (factions: ["dinosaurs", "aliens"], hand: ["dinosaurs.war_raptor"]),
            (factions: ["teddy_bears", "pirates"]),
        ],
        bases: [(base: "bases.ice_castle"), (base: "bases.tortuga"), (base: "bases.jungle_oasis")],
    )"#,
    );
    let before = ron::to_string(t.game()).unwrap();
    let out = say(&mut t, "play raptor");
    assert!(
        out.starts_with("Where do you play dm2 War Raptor?"),
        "{out}"
    );
    let out = say(&mut t, "ice castle");
    assert!(out.starts_with("dm2 War Raptor cannot go on "), "{out}");
    assert!(
        out.ends_with("Ice Castle lets you play no minion there."),
        "{out}"
    );
    assert_eq!(ron::to_string(t.game()).unwrap(), before);
}

#[test]
fn a_name_that_fits_two_cards_is_never_guessed() {
    let mut t = table(
        r#"(
        players: [
            (factions: ["dinosaurs", "pirates"], hand: ["dinosaurs.king_rex", "pirates.first_mate", "pirates.pirate_king"]),
            (factions: ["wizards", "aliens"]),
        ],
        bases: [(base: "bases.the_homeworld"), (base: "bases.tortuga")],
    )"#,
    );
    let out = say(&mut t, "play king");
    assert_eq!(
        out,
        "\"king\" could be 1. dm7 King Rex, or 3. pm5 Pirate King: type the number."
    );
    // "mate" is First Mate's word, not the code "ma" run into a name.
    let out = say(&mut t, "play mate on tortuga");
    assert!(out.starts_with("Ann plays First Mate on Tortuga"), "{out}");
}

#[test]
fn a_misspelt_play_gets_did_you_mean() {
    let mut t = table(
        r#"(
        players: [
            (factions: ["wizards", "aliens"], hand: ["wizards.neophyte"]),
            (factions: ["dinosaurs", "pirates"]),
        ],
        bases: [(base: "bases.the_homeworld"), (base: "bases.tortuga")],
    )"#,
    );
    let out = say(&mut t, "play neofyte on homewrld");
    assert!(out.contains("Did you mean Neophyte?"), "{out}");
    let out = say(&mut t, "play neophyte on homewrld");
    assert!(out.contains("Did you mean The Homeworld?"), "{out}");
}
