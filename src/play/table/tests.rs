//! The conversation at a table set up from a scenario's position: what a person
//! typing at a given moment hears (refusals, names that fit several cards, misspellings).

use super::*;
use crate::play::speech::Silent;

/// A two-seat table at this position (a scenario's `position: (...)`), Ann to answer.
pub(crate) fn table(position: &str) -> Table {
    let game = GameState::from_position_ron(position).unwrap();
    let seats = Seat::people(&["Ann", "Bob"]);
    let mut t = Table::at_position(game, seats);
    t.keyboard = Some(PlayerId(0));
    t
}

pub(crate) fn say(t: &mut Table, line: &str) -> String {
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
        out.starts_with("Where do you play dm2 War Raptor, or back?"),
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

/// Ann draws to 12 cards at her Draw phase (eight Probes, a Scout, an Invader and
/// two from her deck): the hand limit asks her to discard 2.
const TWELVE_CARDS: &str = r#"(
        players: [
            (factions: ["dinosaurs", "aliens"],
             hand: ["aliens.probe", "aliens.probe", "aliens.probe", "aliens.probe", "aliens.probe", "aliens.probe", "aliens.probe", "aliens.probe", "aliens.scout", "aliens.invader"],
             deck: ["dinosaurs.king_rex", "dinosaurs.laseratops"]),
            (factions: ["ninjas", "pirates"], deck: ["pirates.cannon", "pirates.dinghy"]),
        ],
        bases: [(base: "bases.tar_pits"), (base: "bases.jungle_oasis")],
        turn: (player: 0, phase: Draw),
    )"#;

#[test]
fn the_hand_limit_is_one_question_answered_with_several_cards() {
    let mut t = table(TWELVE_CARDS);
    let menu = t.menu().unwrap();
    assert_eq!(
        menu.header,
        "Ann: You have 12 cards: discard 2. Name 2: numbers, codes or names, separated by spaces or commas."
    );
    let before = ron::to_string(t.game()).unwrap();
    for (typed, said) in [
        (
            "1 2 3",
            "Expected 2, separated by spaces or commas; you named 3. Nothing was chosen.",
        ),
        (
            "9,9",
            "\"9\" was named twice. Nothing was chosen: name 2 different ones.",
        ),
    ] {
        assert_eq!(say(&mut t, typed), said);
        assert_eq!(ron::to_string(t.game()).unwrap(), before);
    }
    let out = say(&mut t, "zzz 1");
    assert!(out.starts_with("Nothing here matches \"zzz\""), "{out}");
    assert!(
        out.ends_with("Nothing was chosen: name 2, separated by spaces or commas."),
        "{out}"
    );
    assert_eq!(ron::to_string(t.game()).unwrap(), before);
    // A name said twice is two copies; the engine is answered once per card.
    let out = say(&mut t, "probe, probe");
    assert!(out.contains("Pass to Bob"), "{out}");
    let discard = &t.game().players[0].discard;
    assert_eq!(discard.len(), 2);
    assert!(discard.iter().all(|&c| t.game().def(c).name() == "Probe"));
}

#[test]
fn fewer_cards_than_asked_for_are_a_start() {
    let mut t = table(TWELVE_CARDS);
    let out = say(&mut t, "scout");
    assert!(
        out.contains(
            "Ann discards Scout.\nAnn: You have 11 cards, more than 10: discard one.\n1. aa Probe"
        ),
        "{out}"
    );
    let out = say(&mut t, "invader");
    assert!(out.contains("Pass to Bob"), "{out}");
}

#[test]
fn cards_chosen_one_after_another_are_one_question() {
    let mut t = table(
        r#"(
        players: [
            (factions: ["grannies", "aliens"],
             hand: ["grannies.attic_treasures", "aliens.probe", "aliens.scout", "aliens.invader", "aliens.collector"],
             deck: ["aliens.probe", "aliens.probe", "aliens.probe"]),
            (factions: ["ninjas", "pirates"]),
        ],
        bases: [(base: "bases.tar_pits"), (base: "bases.jungle_oasis")],
    )"#,
    );
    let out = say(&mut t, "play attic");
    assert!(
        out.contains("Ann plays Attic Treasures.\nAnn: ga Attic Treasures: choose 3 cards to put on the bottom of its owner's deck. Name 3: numbers, codes or names, separated by spaces or commas.\n1. "),
        "{out}"
    );
    let out = say(&mut t, "4 scout 1");
    assert!(out.contains("Attic Treasures: Ann draws 3 cards."), "{out}");
    let deck = &t.game().players[0].deck;
    let bottom: Vec<&str> = deck[deck.len() - 3..]
        .iter()
        .map(|&c| t.game().def(c).name())
        .collect();
    assert_eq!(bottom.len(), 3, "{bottom:?}");
    assert!(
        bottom.contains(&"Collector") && bottom.contains(&"Scout"),
        "{bottom:?}"
    );
}

#[test]
fn before_the_first_turn_the_summary_and_status_say_the_mulligans_come_first() {
    // Ann's opening hand has no minion: she is asked about the mulligan before turn 1.
    let mut t = table(
        r#"(
        players: [
            (factions: ["dinosaurs", "aliens"],
             hand: ["aliens.probe", "aliens.beam_up", "aliens.crop_circles", "aliens.invasion", "aliens.disintegrator"],
             deck: ["dinosaurs.king_rex"]),
            (factions: ["ninjas", "pirates"],
             hand: ["ninjas.ninja_master", "pirates.cannon", "pirates.dinghy", "pirates.shanghai", "pirates.broadside"]),
        ],
        bases: [(base: "bases.tar_pits"), (base: "bases.jungle_oasis")],
        turn: (player: 0, phase: Setup),
    )"#,
    );
    // What a seat coming back to a networked table hears first (and `--load` says).
    let rejoined: Vec<String> = t.rejoin().into_iter().map(|l| l.text).collect();
    assert!(
        rejoined[0].starts_with("Before the first turn: mulligans. VP: "),
        "{rejoined:?}"
    );
    let status = say(&mut t, "status");
    assert!(
        status.starts_with("Before the first turn: mulligans.\n"),
        "{status}"
    );
    for said in rejoined.iter().chain([&status]) {
        assert!(!said.contains("Turn 0"), "{said}");
    }
}

/// A table at this position with Ann to answer and Bob a bot (with nothing in hand,
/// Bob's turns pass at once).
fn table_with_bot(position: &str) -> Table {
    let mut t = table(position);
    t.seats[1].bot = Some(crate::bots::Bot::new(crate::bots::BotKind::Heuristic, 1));
    t
}

/// Ends Ann's turn, saying yes if asked to confirm; everything heard until she is
/// asked again.
fn end_turn(t: &mut Table) -> String {
    let mut out = say(t, "end");
    if out.contains("End your turn anyway?") {
        out.push('\n');
        out.push_str(&say(t, "yes"));
    }
    out
}

#[test]
fn not_this_turn_holds_for_the_turn_and_is_asked_again_next_turn() {
    let mut t = table_with_bot(
        r#"(
        players: [
            (factions: ["princesses", "wizards"], hand: ["wizards.time_loop", "wizards.summon"],
             deck: ["wizards.summon", "wizards.summon"]),
            (factions: ["aliens", "pirates"]),
        ],
        bases: [(base: "bases.jungle_oasis", actions: [(card: "princesses.woodland_helpers", owner: 0)])],
    )"#,
    );
    let may = |t: &Table| {
        t.game()
            .pending()
            .is_some_and(|d| matches!(d.ask, Ask::May { .. }))
    };
    let out = say(&mut t, "play time loop");
    assert!(may(&t), "{out}");
    assert!(out.contains("not this turn"), "{out}");
    let out = say(&mut t, "not this turn");
    assert!(!may(&t), "{out}");
    // The same "may" later this turn is answered no by the table, not asked.
    let out = say(&mut t, "play summon");
    assert!(!may(&t), "{out}");
    assert_eq!(t.game().turn.player, PlayerId(0));
    // Ann's next turn: asked again.
    end_turn(&mut t);
    assert_eq!(
        (t.game().turn.player, t.game().turn.number),
        (PlayerId(0), 3)
    );
    let out = say(&mut t, "play summon");
    assert!(may(&t), "{out}");
    assert!(out.contains("not this turn"), "{out}");
}

#[test]
fn read_n_on_a_card_s_question_reads_that_option_s_card() {
    let mut t = table(
        r#"(
        players: [
            (factions: ["dinosaurs", "aliens"], hand: ["dinosaurs.augmentation"]),
            (factions: ["pirates", "ninjas"]),
        ],
        bases: [(base: "bases.jungle_oasis", minions: [
            (card: "dinosaurs.war_raptor", owner: 0),
            (card: "pirates.first_mate", owner: 1),
        ])],
    )"#,
    );
    say(&mut t, "play augmentation");
    let d = t.game().pending().unwrap().clone();
    assert!(matches!(d.ask, Ask::Choose { .. }), "{d:?}");
    let before = ron::to_string(t.game()).unwrap();
    let mut heard = Vec::new();
    for (n, option) in d.options.iter().enumerate() {
        let crate::engine::Choice::Card(card) = option else {
            panic!("a card's question lists cards: {option:?}");
        };
        let name = t.game().def(*card).name().to_string();
        let read = say(&mut t, &format!("read {}", n + 1));
        assert!(read.contains(&name), "read {}: {read}", n + 1);
        assert_eq!(say(&mut t, &format!("? {}", n + 1)), read);
        heard.push(read);
    }
    assert_eq!(heard.len(), 2);
    assert_ne!(heard[0], heard[1]);
    // Reading answers nothing: the question is still the same.
    assert_eq!(ron::to_string(t.game()).unwrap(), before);
}

#[test]
fn an_ability_at_the_turn_s_end_with_nothing_to_do_is_told_once_a_game() {
    let mut t = table_with_bot(include_str!(
        "../../../tests/data/positions/commandbro_with_first_mate.ron"
    ));
    let quiet = "Commandbro: nothing happens";
    // Ann's turn (another minion of hers there) and Bob's (not her turn): told once.
    let out = end_turn(&mut t);
    assert_eq!(out.matches(quiet).count(), 1, "{out}");
    assert!(
        out.contains("Commandbro: nothing happens, it needs exactly 1 minion and finds 2."),
        "{out}"
    );
    assert_eq!(t.game().turn.number, 3);
    let out = end_turn(&mut t);
    assert!(!out.contains(quiet), "{out}");
}
