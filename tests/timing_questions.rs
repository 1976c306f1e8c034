//! The questions of the timing model ("Me First!") as a person hears them: what comes
//! first, an optional ability round, which extra play a card uses, and a pause. Each is a
//! numbered list whose entries can also be picked by card name, and every bot answers it.

use smashup::bots::{Bot, BotKind, SeatView};
use smashup::engine::{Ask, GameState, PlayerId};
use smashup::play::describe::Words;
use smashup::play::narrate::Verbosity;
use smashup::play::pick::pick;
use smashup::play::prompt::decision_menu;
use smashup::play::seat::Seat;
use smashup::scenario::{parse, run};

/// Runs a scenario file's steps and returns the game at its last question.
fn at(file: &str) -> GameState {
    let text = std::fs::read_to_string(file).unwrap();
    let scenario = parse(file, &text).unwrap();
    run(&scenario).unwrap()
}

/// A position with the game's first question pending.
fn position(ron: &str) -> GameState {
    GameState::from_position_ron(ron).unwrap()
}

fn words<'a>(game: &'a GameState, seats: &'a [Seat]) -> Words<'a> {
    Words {
        codes: true,
        ..Words::new(game, seats, Some(PlayerId(0)))
    }
}

const TAR_PITS_AND_ARCHIVE: &str = r#"(
    players: [
        (factions: ["pirates", "ninjas"], hand: ["pirates.saucy_wench"]),
        (factions: ["robots", "aliens"], discard: ["aliens.probe"]),
    ],
    bases: [
        (base: "bases.tar_pits", minions: [(card: "robots.microbot_archive", owner: 1)]),
        (base: "bases.jungle_oasis"),
    ],
)"#;

/// Plays Saucy Wench onto the Archive: the order question is then pending.
fn order_question() -> GameState {
    let mut game = position(TAR_PITS_AND_ARCHIVE);
    for _ in 0..2 {
        let d = game.pending().unwrap().clone();
        let i = match d.ask {
            Ask::Main => 0,
            _ => d
                .options
                .iter()
                .position(|o| matches!(o, smashup::engine::Choice::Card(_)))
                .unwrap(),
        };
        game.answer(i).unwrap();
    }
    assert_eq!(game.pending().unwrap().ask, Ask::Order);
    game
}

#[test]
fn the_order_question_names_each_ability_by_card_and_what_it_does() {
    let game = order_question();
    let seats = Seat::people(&["You", "Bot 2"]);
    let w = words(&game, &seats);
    let menu = decision_menu(game.pending().unwrap(), &w, Verbosity::Normal, &[]);
    assert!(
        menu.header
            .contains("Several abilities happen at once. Choose what happens first"),
        "{}",
        menu.header
    );
    let labels: Vec<&str> = menu.entries.iter().map(|e| e.label.as_str()).collect();
    assert!(labels[0].starts_with("b16 Tar Pits, for "), "{labels:?}");
    assert!(
        labels[0].contains("bottom of its owner's deck"),
        "{labels:?}"
    );
    assert!(labels[1].starts_with("rm1 Microbot Archive"), "{labels:?}");
    assert!(labels[1].contains("draw a card"), "{labels:?}");
    // Answerable by number, code or name prefix.
    let items = menu.items();
    assert_eq!(pick("2", &items), Ok(1));
    assert_eq!(pick("tar", &items), Ok(0));
    assert_eq!(pick("b16", &items), Ok(0));
    assert_eq!(pick("microbot", &items), Ok(1));
}

#[test]
fn every_bot_answers_the_order_question() {
    for kind in [BotKind::Random, BotKind::Heuristic, BotKind::Easy] {
        let mut game = order_question();
        let mut bot = Bot::new(kind, 3);
        let d = game.pending().unwrap().clone();
        let view = SeatView::new(&game, d.player);
        let i = bot.choose(&view);
        assert!(i < d.options.len(), "{kind:?}");
        game.answer(i).unwrap();
        assert_ne!(game.pending().unwrap().ask, Ask::Order, "{kind:?}");
    }
}

#[test]
fn the_optional_round_and_the_which_play_question_read_as_choices() {
    let seats = Seat::people(&["You", "Bot 2"]);
    let game = at("tests/scenarios/rulebook/me_first_optional_abilities_go_round_the_table.ron");
    // The scenario ends at player 0's main question; rebuild the round from its start.
    assert_eq!(game.pending().unwrap().ask, Ask::Main);
    let mut game = position(
        r#"(
        players: [
            (factions: ["pirates", "ninjas"], hand: ["pirates.powderkeg"]),
            (factions: ["aliens", "ninjas"]),
        ],
        bases: [
            (base: "bases.tar_pits",
                minions: [(card: "ninjas.ninja_acolyte", owner: 0), (card: "aliens.collector", owner: 1)],
                actions: [(card: "ninjas.infiltrate", owner: 0), (card: "ninjas.infiltrate", owner: 1)]),
            (base: "bases.jungle_oasis"),
        ],
        lasting: [
            Ignoring(base: "bases.tar_pits", player: 0, by: "ninjas.infiltrate"),
            Ignoring(base: "bases.tar_pits", player: 1, by: "ninjas.infiltrate"),
        ],
    )"#,
    );
    game.answer(0).unwrap();
    let w = words(&game, &seats);
    let menu = decision_menu(game.pending().unwrap(), &w, Verbosity::Normal, &[]);
    assert!(menu
        .header
        .contains("may use one of these abilities now, or pass"));
    assert_eq!(menu.entries.last().unwrap().label, "pass");

    let mut game = position(
        r#"(
        players: [
            (factions: ["tricksters", "robots"], hand: ["tricksters.enshrouding_mist", "robots.zapbot", "robots.zapbot"]),
            (factions: ["ninjas", "aliens"]),
        ],
        bases: [(base: "bases.jungle_oasis"), (base: "bases.the_grey_opal")],
    )"#,
    );
    let play = |game: &mut GameState, base: usize, card: usize| {
        let d = game.pending().unwrap().clone();
        let to = game.bases[base].card;
        let hand = game.players[0].hand.clone();
        let i = d
            .options
            .iter()
            .position(|o| {
                *o == smashup::engine::Choice::Play {
                    card: hand[card],
                    to: Some(smashup::engine::PlayTo::Base(to)),
                }
            })
            .unwrap();
        game.answer(i).unwrap();
    };
    play(&mut game, 0, 0);
    play(&mut game, 1, 0);
    play(&mut game, 0, 0);
    let w = words(&game, &seats);
    let menu = decision_menu(game.pending().unwrap(), &w, Verbosity::Normal, &[]);
    assert!(menu.header.contains("fits more than one of your plays"));
    let labels: Vec<&str> = menu.entries.iter().map(|e| e.label.as_str()).collect();
    assert!(
        labels.contains(&"the extra minion play from rm2 Zapbot, power 2 or less"),
        "{labels:?}"
    );
    assert!(
        labels.iter().any(|l| l.starts_with(
            "the extra minion play from ta Enshrouding Mist, only on b12 Jungle Oasis"
        )),
        "{labels:?}"
    );
}

/// A base about to score, its winner holding Total Sellout: the after-scoring
/// question of What Were We Thinking? comes once the VP are awarded.
const SELLOUT: &str = r#"(
    players: [
        (factions: ["rock_stars", "ninjas"], hand: ["rock_stars.total_sellout"],
            deck: ["ninjas.shinobi", "ninjas.tiger_assassin", "ninjas.ninja_acolyte"]),
        (factions: ["robots", "aliens"]),
    ],
    bases: [
        (base: "bases.jungle_oasis", minions: [
            (card: "ninjas.ninja_master", owner: 0),
            (card: "ninjas.ninja_master", owner: 0),
            (card: "ninjas.ninja_master", owner: 0),
        ]),
        (base: "bases.tar_pits"),
    ],
    turn: (player: 1, phase: ScoreBases),
)"#;

#[test]
fn the_after_scoring_question_reads_as_a_choice_and_every_bot_answers_it() {
    let game = position(SELLOUT);
    let d = game.pending().unwrap().clone();
    assert!(matches!(d.ask, Ask::AfterScoring { .. }), "{:?}", d.ask);
    assert_eq!(d.player, PlayerId(0));
    let seats = Seat::people(&["You", "Bot 2"]);
    let w = words(&game, &seats);
    let menu = decision_menu(&d, &w, Verbosity::Normal, &[]);
    assert!(
        menu.header
            .contains("Jungle Oasis has scored: use a Special, or pass?"),
        "{}",
        menu.header
    );
    let items = menu.items();
    assert_eq!(pick("total", &items), Ok(0));
    for kind in [BotKind::Random, BotKind::Heuristic, BotKind::Easy] {
        let mut game = position(SELLOUT);
        let mut bot = Bot::new(kind, 3);
        let view = SeatView::new(&game, PlayerId(0));
        let i = bot.choose(&view);
        assert!(i < d.options.len(), "{kind:?}");
        game.answer(i).unwrap();
        assert!(
            !matches!(
                game.pending().map(|d| &d.ask),
                Some(Ask::AfterScoring { .. })
            ),
            "{kind:?}"
        );
    }
}

/// Issue 22: a card that the choosing ability cannot affect is still offered, and its
/// option says why choosing it will have no effect.
#[test]
fn an_option_that_will_have_no_effect_says_why() {
    let mut game = position(
        r#"(
        players: [
            (factions: ["mythic_horses", "pirates"], hand: ["mythic_horses.freedom_power"]),
            (factions: ["princesses", "aliens"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", minions: [(card: "aliens.invader", owner: 1, actions: [(card: "princesses.heirloom", owner: 1)])], actions: [(card: "aliens.jammed_signal", owner: 1)]),
            (base: "bases.beautiful_castle", minions: [(card: "dinosaurs.king_rex", owner: 1)]),
        ],
    )"#,
    );
    game.answer(0).unwrap();
    assert!(matches!(game.pending().unwrap().ask, Ask::Choose { .. }));
    let seats = Seat::people(&["You", "Bot 2"]);
    let w = words(&game, &seats);
    let menu = decision_menu(game.pending().unwrap(), &w, Verbosity::Normal, &[]);
    let labels: Vec<&str> = menu.entries.iter().map(|e| e.label.as_str()).collect();
    let heirloom = labels
        .iter()
        .find(|l| l.contains("Heirloom") && l.contains("no effect"))
        .unwrap_or_else(|| panic!("{labels:?}"));
    assert!(
        heirloom.ends_with("Heirloom, cannot be destroyed: its own ability"),
        "{heirloom}"
    );
    let jammed = labels
        .iter()
        .find(|l| l.contains("Jammed Signal"))
        .unwrap_or_else(|| panic!("{labels:?}"));
    assert!(!jammed.contains("no effect"), "{jammed}");
}
