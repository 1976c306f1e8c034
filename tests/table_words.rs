//! The new pieces of state said in words at the table: who controls a minion and
//! until when (Kitty Cats), and the mode an action was played with (Enchantment).

use smashup::engine::{Choice, GameState, PlayTo, PlayerId};
use smashup::play::describe::Words;
use smashup::play::seat::Seat;

fn answer(game: &mut GameState, pick: impl Fn(&Choice) -> bool) {
    game.answer_first(pick).unwrap();
}

/// You (`faction` and Pirates) hold `card`; Bot 2's Invader is at Jungle Oasis, the one
/// base.
fn against_an_invader(faction: &str, card: &str) -> GameState {
    GameState::from_position_ron(&format!(
        r#"(
        players: [
            (factions: ["{faction}", "pirates"], hand: ["{card}"]),
            (factions: ["aliens", "dinosaurs"]),
        ],
        bases: [(base: "bases.jungle_oasis", minions: [(card: "aliens.invader", owner: 1)])],
    )"#
    ))
    .unwrap()
}

fn base_lines(game: &GameState, seats: &[Seat]) -> Vec<String> {
    let w = Words {
        show_codes: false,
        ..Words::new(game, seats, Some(PlayerId(0)))
    };
    w.base_detail(1, &game.bases[0])
}

#[test]
fn a_minion_taken_for_the_turn_says_its_owner_and_until_when() {
    let mut g = against_an_invader("kitty_cats", "kitty_cats.cats_paw");
    answer(&mut g, |c| matches!(c, Choice::Play { .. }));
    let seats = Seat::people(&["You", "Bot 2"]);
    let lines = base_lines(&g, &seats);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("owned by Bot 2, controlled until the end of the turn")),
        "{lines:?}"
    );
}

#[test]
fn an_action_played_with_a_mode_says_the_mode() {
    let mut g = against_an_invader("fairies", "fairies.enchantment");
    let base = g.bases[0].card;
    answer(
        &mut g,
        |c| matches!(c, Choice::Play { to: Some(PlayTo::Base(b)), .. } if *b == base),
    );
    answer(&mut g, |c| matches!(c, Choice::Mode { index: 1, .. }));
    let seats = Seat::people(&["You", "Bot 2"]);
    let lines = base_lines(&g, &seats);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("chosen: every minion here has -1 power")),
        "{lines:?}"
    );
    assert_eq!(g.power(g.bases[0].minions[0].card), 2);
}

#[test]
fn taking_control_is_said_with_its_cause_and_end_and_so_is_giving_it_back() {
    use smashup::play::narrate::{narrate, Scene, Verbosity};
    let mut g = against_an_invader("kitty_cats", "kitty_cats.cats_paw");
    let seats = Seat::people(&["You", "Bot 2"]);
    let say = |g: &GameState, before: &GameState, events: &[smashup::engine::Event]| {
        let scene = Scene {
            before,
            words: Words {
                show_codes: false,
                ..Words::new(g, &seats, Some(PlayerId(0)))
            },
            actor: PlayerId(0),
            scoring: &[],
            texts: false,
        };
        narrate(&scene, events, Verbosity::Normal)
    };
    let before = g.clone();
    let events = g
        .answer_first(|c| matches!(c, Choice::Play { .. }))
        .unwrap();
    let lines = say(&g, &before, &events);
    assert!(
        lines.contains(
            &"Cat's Paw: you control Bot 2's Invader until the end of the turn.".to_string()
        ),
        "{lines:?}"
    );
    let before = g.clone();
    let end = g.pending().unwrap().options.len() - 1;
    let mut events = g.answer(end).unwrap();
    while g.pending().is_some_and(|d| d.player != PlayerId(1)) {
        events.extend(g.answer(0).unwrap());
    }
    let lines = say(&g, &before, &events);
    assert!(
        lines
            .iter()
            .any(|l| l == "Control ends: Bot 2's Invader is back with Bot 2."),
        "{lines:?}"
    );
}

/// Stored cards lie face down (rulebook "Stored Cards"): their owner hears them named
/// (`base N`, `card X`), everyone else only counts them.
#[test]
fn a_stored_card_is_named_only_to_its_owner() {
    let g = GameState::from_position_ron(
        r#"(
        players: [
            (factions: ["action_heroes", "pirates"]),
            (factions: ["aliens", "dinosaurs"]),
        ],
        bases: [(base: "bases.jungle_oasis", minions: [
            (card: "action_heroes.kickboxbro", owner: 0, stored: ["pirates.cannon"]),
        ])],
    )"#,
    )
    .unwrap();
    let seats = Seat::people(&["You", "Bot 2"]);
    let words = |viewer: u8| Words {
        show_codes: false,
        ..Words::new(&g, &seats, Some(PlayerId(viewer)))
    };
    let owner = words(0).base_detail(1, &g.bases[0]).join(" ");
    assert!(owner.contains("stored under it: Cannon"), "{owner}");
    let other = words(1).base_detail(1, &g.bases[0]).join(" ");
    assert!(other.contains("1 stored card under it"), "{other}");
    assert!(!other.contains("Cannon"), "{other}");
    let owner = smashup::play::queries::card(&words(0), "cannon")
        .unwrap()
        .join(" ");
    assert!(
        owner.contains("Stored under Kickboxbro, face down."),
        "{owner}"
    );
    let other = smashup::play::queries::card(&words(1), "cannon")
        .unwrap()
        .join(" ");
    assert!(!other.contains("Stored under"), "{other}");
}

/// A card stored from a hand is not named to the others: "Kickboxbro: Bot 2 stores 1
/// card from their hand under Kickboxbro."
#[test]
fn storing_from_a_hand_is_told_without_the_card() {
    use smashup::play::narrate::{narrate, Scene, Verbosity};
    let mut g = GameState::from_position_ron(
        r#"(
        players: [
            (factions: ["aliens", "dinosaurs"]),
            (factions: ["action_heroes", "pirates"], hand: ["pirates.cannon"], deck: ["pirates.dinghy", "pirates.shanghai"]),
        ],
        bases: [(base: "bases.jungle_oasis", minions: [(card: "action_heroes.kickboxbro", owner: 1)])],
        turn: (player: 1),
    )"#,
    )
    .unwrap();
    answer(&mut g, |c| matches!(c, Choice::EndTurn));
    if g.pending()
        .is_some_and(|d| d.options.contains(&Choice::Yes))
    {
        answer(&mut g, |c| *c == Choice::Yes);
    }
    let before = g.clone();
    let events = g.answer_first(|c| matches!(c, Choice::Card(_))).unwrap();
    let seats = Seat::people(&["You", "Bot 2"]);
    let scene = Scene {
        before: &before,
        words: Words {
            show_codes: false,
            ..Words::new(&g, &seats, Some(PlayerId(0)))
        },
        actor: PlayerId(1),
        scoring: &[],
        texts: false,
    };
    let lines = narrate(&scene, &events, Verbosity::Normal);
    assert!(
        lines.contains(
            &"Kickboxbro: Bot 2 stores 1 card from their hand under Kickboxbro.".to_string()
        ),
        "{lines:?}"
    );
    assert!(!lines.join(" ").contains("Cannon"), "{lines:?}");
}
