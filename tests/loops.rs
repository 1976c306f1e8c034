//! Loops (issue 11): a player may repeat a loop, but no bot takes one forever, and
//! the engine's valve ends a turn that runs past its bound on decisions. The loop
//! position is the scenario `mechanics/loop_microbot_guard_homeworld_theyre_coming`.

use smashup::bots::{Bot, BotKind, SeatView};
use smashup::engine::flow::TURN_DECISION_LIMIT;
use smashup::engine::{Choice, Event, GameState, Phase, PlayerId};
use smashup::{scenario, sim};
use std::path::Path;

/// The loop position after the scenario's own steps: Player 1 may play Microbot
/// Guard from the discard pile again, and it comes back every time.
fn loop_position() -> GameState {
    let file = "tests/scenarios/mechanics/loop_microbot_guard_homeworld_theyre_coming.ron";
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let text = std::fs::read_to_string(path).unwrap();
    let s = scenario::parse(file, &text).unwrap();
    scenario::run(&s).unwrap()
}

/// True when the option plays a card from the discard pile (the Guard, round again).
fn replays_from_discard(game: &GameState, choice: &Choice) -> bool {
    match choice {
        Choice::Play { card, .. } => game.players[0].discard.contains(card),
        _ => false,
    }
}

#[test]
fn the_valve_ends_a_turn_a_player_keeps_looping() {
    let mut game = loop_position();
    let turn = game.turn.number;
    let mut stopped = Vec::new();
    let mut answers = 0;
    while game.turn.number == turn && game.turn.phase == Phase::PlayCards {
        assert!(
            answers < TURN_DECISION_LIMIT * 2,
            "the turn did not end after {answers} answers"
        );
        let d = game.pending().expect("a question in the Play Cards phase");
        // The looping player: the Guard again whenever it is offered.
        let i = d
            .options
            .iter()
            .position(|o| replays_from_discard(&game, o))
            .unwrap_or(0);
        let events = game.answer(i).unwrap();
        answers += 1;
        stopped.extend(
            events
                .into_iter()
                .filter(|e| matches!(e, Event::LoopStopped { .. })),
        );
    }
    assert_eq!(
        stopped,
        vec![Event::LoopStopped {
            player: PlayerId(0)
        }]
    );
    assert!(
        answers >= TURN_DECISION_LIMIT - 2,
        "stopped after {answers}"
    );
}

#[test]
fn every_bot_leaves_the_loop_by_itself() {
    for kind in [BotKind::Heuristic, BotKind::Random, BotKind::Easy] {
        for seed in 0..3 {
            let mut game = loop_position();
            let turn = game.turn.number;
            let mut bot = Bot::new(kind, seed);
            let mut answers = 0;
            while game.turn.number == turn {
                let Some(d) = game.pending() else { break };
                assert_eq!(d.player, PlayerId(0), "only the looping player is asked");
                let i = bot.choose(&SeatView::new(&game, PlayerId(0)));
                let events = game.answer(i).unwrap();
                answers += 1;
                assert!(
                    !events
                        .iter()
                        .any(|e| matches!(e, Event::LoopStopped { .. })),
                    "{kind:?} (seed {seed}) needed the valve"
                );
                if game.turn.phase != Phase::PlayCards {
                    break;
                }
            }
            assert!(
                answers < 20,
                "{kind:?} (seed {seed}) took {answers} answers"
            );
        }
    }
}

#[test]
fn the_seed_77_match_finishes_without_the_valve() {
    let pool = sim::complete_factions();
    let names = ["random".to_string(), "heuristic".to_string()];
    let report = sim::run_match(&names, 1000, 77, &pool).unwrap();
    assert_eq!(report.games, 1000);
    assert!(report.loop_seeds.is_empty(), "{:?}", report.loop_seeds);
    assert!(report.most_in_a_turn < TURN_DECISION_LIMIT / 5);
}

#[test]
fn the_seed_571_game_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let out = assert_cmd::Command::cargo_bin("smashup")
        .unwrap()
        .current_dir(dir.path())
        .args(["play", "--plain", "--players", "2", "--bots", "1"])
        .args([
            "--factions",
            "pirates,wizards,robots,zombies",
            "--seed",
            "571",
        ])
        .args(["--autosave", "autosave.ron"])
        .timeout(std::time::Duration::from_secs(60))
        .write_stdin("")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Goodbye"), "{text}");
    assert!(!text.contains("stops a loop"), "{text}");
}
