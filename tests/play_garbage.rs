//! Garbage at every kind of prompt: the main question, "where?", "end anyway?", a
//! card's choice, a may, a Special before scoring, discarding down to ten, the
//! hot-seat hand-over. Each bad line must print exactly one error line and leave the
//! game (and the question being asked) exactly as it was. Then the game goes on with
//! plain answers until it ends.

use smashup::bots::{Bot, BotKind};
use smashup::engine::GameConfig;
use smashup::play::narrate::Verbosity;
use smashup::play::respond;
use smashup::play::seat::Seat;
use smashup::play::speech::Silent;
use smashup::play::table::{LineKind, Table};
use std::collections::BTreeSet;

const GARBAGE: &[&str] = &[
    "xyzzy",
    "0",
    "99",
    "-3",
    "",
    "!!!",
    "play",
    "play 99",
    "play zzz on nowhere",
    "use zzz",
    "base 99",
    "base",
    "card",
    "card qqqqqqq",
    "discard nobody",
    "log x",
    "rate fast",
    "rate 500",
    "verbosity loud",
    "speech now",
    "help nothing",
    "rate 50",
    "speech test",
];

fn table(seed: u64, humans: usize) -> Table {
    let seats = (0..2)
        .map(|i| Seat {
            name: if i < humans {
                format!("P{}", i + 1)
            } else {
                format!("Bot {}", i + 1)
            },
            bot: (i >= humans).then(|| Bot::new(BotKind::Heuristic, seed + i as u64)),
        })
        .collect();
    let factions = if seed.is_multiple_of(2) {
        [["pirates", "ninjas"], ["aliens", "dinosaurs"]]
    } else {
        [["aliens", "dinosaurs"], ["pirates", "ninjas"]]
    };
    let config = GameConfig {
        seed,
        factions: factions
            .iter()
            .map(|p| [p[0].to_string(), p[1].to_string()])
            .collect(),
        all_bases: false,
        shared_factions: false,
        first_player: None,
        vp_goal: 15,
    };
    Table::new(&config, seats, Verbosity::Normal, None).unwrap()
}

fn state(t: &Table) -> String {
    ron::to_string(t.game()).unwrap()
}

fn text(lines: &[smashup::play::table::Line]) -> String {
    lines
        .iter()
        .map(|l| l.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// What kind of prompt the `options` output shows.
fn kind(t: &Table, options: &str) -> String {
    if options.starts_with("Where do you play") {
        "where".into()
    } else if options.contains("End your turn anyway?") {
        "end anyway".into()
    } else if options.starts_with("Which do you use?") {
        "use which".into()
    } else if options.starts_with("Pass to") {
        "hand-over".into()
    } else {
        match t.game().pending() {
            Some(d) => format!("{:?}", d.ask)
                .split([' ', '{'])
                .next()
                .unwrap()
                .to_string(),
            None => "over".into(),
        }
    }
}

/// Plays one game, feeding garbage at every prompt; the kinds of prompt met.
fn garbage_game(seed: u64, humans: usize) -> BTreeSet<String> {
    let speaker = Silent;
    let mut t = table(seed, humans);
    t.start();
    let mut kinds = BTreeSet::new();
    let answers = ["1", "1", "end", "yes", ""];
    let mut next = 0;
    for _ in 0..4000 {
        // Over, the game stays open for questions; garbage is still refused then.
        if t.finished() || t.game().pending().is_none() {
            let out = respond(&mut t, &speaker, "zzz");
            assert_eq!(out.len(), 1, "seed {seed}: {out:?}");
            assert_eq!(out[0].kind, LineKind::Error, "seed {seed}: {out:?}");
            return kinds;
        }
        let options = text(&respond(&mut t, &speaker, "options"));
        kinds.insert(kind(&t, &options));
        let before = state(&t);
        for g in GARBAGE {
            if options.starts_with("Pass to") && g.is_empty() {
                continue; // Enter is the answer there.
            }
            let out = respond(&mut t, &speaker, g);
            assert_eq!(out.len(), 1, "seed {seed}, {g:?} at {options}: {out:?}");
            assert_eq!(out[0].kind, LineKind::Error, "seed {seed}, {g:?}: {out:?}");
            assert_eq!(state(&t), before, "seed {seed}: {g:?} changed the game");
        }
        let again = text(&respond(&mut t, &speaker, "options"));
        assert_eq!(again, options, "seed {seed}: garbage changed the question");
        respond(&mut t, &speaker, answers[next % answers.len()]);
        next += 1;
    }
    panic!("seed {seed}: the game did not end");
}

#[test]
fn garbage_at_every_prompt_changes_nothing() {
    let mut kinds = BTreeSet::new();
    for seed in 1..=3 {
        kinds.extend(garbage_game(seed, 1));
    }
    kinds.extend(garbage_game(9, 2));
    for needed in ["Main", "where", "end anyway", "Choose", "hand-over"] {
        assert!(kinds.contains(needed), "no {needed} prompt met: {kinds:?}");
    }
}

#[test]
fn a_saved_game_loads_exactly_as_it_was() {
    let speaker = Silent;
    let mut t = table(3, 1);
    t.start();
    for line in ["1", "1", "end", "yes", "1", "1"] {
        respond(&mut t, &speaker, line);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    smashup::play::save::write(&path, &t.save_file()).unwrap();
    let (save, game) = smashup::play::save::read(&path).unwrap();
    let loaded = Table::load(save, game, None);
    assert_eq!(state(&loaded), state(&t));
    assert_eq!(
        ron::to_string(&loaded.save_file().seats).unwrap(),
        ron::to_string(&t.save_file().seats).unwrap()
    );
}

#[test]
fn undo_takes_back_a_play_but_not_a_draw() {
    let speaker = Silent;
    // Find a seed where the person moves first with a minion to play.
    let mut t = table(2, 1);
    t.start();
    let fresh = state(&t);
    let out = text(&respond(&mut t, &speaker, "1"));
    let out = if out.contains("Where do you play") {
        text(&respond(&mut t, &speaker, "1"))
    } else {
        out
    };
    assert!(out.contains("You play"), "{out}");
    assert_ne!(state(&t), fresh);
    let undone = text(&respond(&mut t, &speaker, "undo"));
    assert!(undone.starts_with("Undone: play "), "{undone}");
    assert_eq!(state(&t), fresh);
    let nothing = respond(&mut t, &speaker, "undo");
    assert_eq!(nothing[0].kind, LineKind::Error);
    // Ending the turn draws cards: after that, nothing of it can be undone.
    respond(&mut t, &speaker, "end");
    respond(&mut t, &speaker, "yes");
    let refused = respond(&mut t, &speaker, "undo");
    assert_eq!(refused[0].kind, LineKind::Error, "{refused:?}");
}
