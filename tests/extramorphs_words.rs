//! The Extramorphs' new moments said in words at the table: cards revealed off the
//! top of a deck and shuffled back, a base destroyed and a card boxed, Hive Queen's
//! -1 at the Egg Field bases, and a minion that arrived this turn.

use smashup::engine::{Choice, Event, GameState, PlayerId};
use smashup::play::describe::Words;
use smashup::play::narrate::{narrate, Scene, Verbosity};
use smashup::play::seat::Seat;

fn words<'a>(game: &'a GameState, seats: &'a [Seat]) -> Words<'a> {
    Words {
        show_codes: false,
        ..Words::new(game, seats, Some(PlayerId(0)))
    }
}

/// Answers with the first option `pick` accepts; the events and the game before.
fn answer(game: &mut GameState, pick: impl Fn(&Choice) -> bool) -> (GameState, Vec<Event>) {
    let before = game.clone();
    let events = game.answer_first(pick).unwrap();
    (before, events)
}

fn said(before: &GameState, game: &GameState, events: &[Event]) -> Vec<String> {
    let seats = Seat::people(&["You", "Bot 2"]);
    let scene = Scene {
        before,
        words: words(game, &seats),
        actor: PlayerId(0),
        scoring: &[],
        texts: false,
    };
    narrate(&scene, events, Verbosity::Normal)
}

#[test]
fn cards_revealed_off_the_top_and_shuffled_back_are_named_with_their_cause() {
    let mut g = GameState::from_position_ron(
        r#"(
        players: [
            (factions: ["extramorphs", "robots"], deck: ["robots.zapbot", "robots.warbot"]),
            (factions: ["ninjas", "pirates"]),
        ],
        bases: [(base: "bases.jungle_oasis", minions: [(card: "extramorphs.chestbreaker", owner: 0)]), (base: "bases.tar_pits")],
    )"#,
    ).unwrap();
    answer(&mut g, |c| matches!(c, Choice::Use { .. }));
    let (before, events) = answer(&mut g, |c| *c == Choice::Number(4));
    let lines = said(&before, &g, &events);
    assert_eq!(lines[0], "Chestbreaker: You name power 4.");
    assert!(
        lines
            .iter()
            .any(|l| l == "Chestbreaker: You reveal Zapbot, Warbot off the top of your deck."),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "Chestbreaker: Zapbot is shuffled back into your deck."),
        "{lines:?}"
    );
}

#[test]
fn a_nuked_base_is_said_destroyed_replaced_and_the_card_boxed() {
    let mut g = GameState::from_position_ron(
        r#"(
        players: [
            (factions: ["extramorphs", "robots"]),
            (factions: ["ninjas", "pirates"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", actions: [(card: "extramorphs.nuke_it_from_orbit", owner: 0)]),
            (base: "bases.tar_pits"),
        ],
        base_deck: ["bases.the_great_library"],
    )"#,
    ).unwrap();
    let (before, events) = answer(&mut g, |c| matches!(c, Choice::Use { .. }));
    let lines = said(&before, &g, &events);
    assert!(
        lines.iter().any(|l| l
            == "Nuke It From Orbit: Jungle Oasis is destroyed with every card on it, without scoring."),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("The Great Library replaces Jungle Oasis")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("out of the game")),
        "{lines:?}"
    );
    let seats = Seat::people(&["You", "Bot 2"]);
    let nuke = g.boxed[0];
    assert_eq!(words(&g, &seats).place(nuke), "in the box, out of the game");
}

#[test]
fn hive_queen_says_the_minus_one_and_base_detail_shows_it() {
    let mut g = GameState::from_position_ron(
        r#"(
        players: [
            (factions: ["extramorphs", "robots"], hand: ["extramorphs.chestbreaker"]),
            (factions: ["ninjas", "pirates"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", minions: [(card: "extramorphs.hive_queen", owner: 0), (card: "pirates.first_mate", owner: 1)],
                actions: [(card: "extramorphs.egg_field", owner: 0)]),
            (base: "bases.tar_pits"),
        ],
    )"#,
    ).unwrap();
    let (before, events) = answer(&mut g, |c| matches!(c, Choice::Use { .. }));
    let lines = said(&before, &g, &events);
    assert!(
        lines.iter().any(|l| l
            == "Hive Queen: until the start of your next turn, other players' minions have -1 power at each base with your Egg Field."),
        "{lines:?}"
    );
    answer(&mut g, |c| matches!(c, Choice::Play { .. }));
    let seats = Seat::people(&["You", "Bot 2"]);
    let detail = words(&g, &seats).base_detail(1, &g.bases[0]);
    assert!(
        detail.iter().any(|l| l
            == "Minions of players other than you have -1 power here, through your Egg Field, until the start of your turn."),
        "{detail:?}"
    );
    assert!(
        detail
            .iter()
            .any(|l| l.contains("First Mate") && l.contains("power 1 (printed 2)")),
        "{detail:?}"
    );
    assert!(
        detail
            .iter()
            .any(|l| l.contains("Chestbreaker") && l.ends_with("arrived this turn.")),
        "{detail:?}"
    );
}
