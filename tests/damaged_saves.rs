//! Damaged saves (issue 11): a save cut short at every tenth of its length, single
//! and multiple byte flips from a seeded generator, and hand edits that describe an
//! impossible game. Each file either loads into a consistent game (the replay of its
//! answers, which then plays on) or is refused with one line naming the file; none
//! panics or hangs.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use smashup::bots::{Bot, BotKind};
use smashup::engine::GameConfig;
use smashup::play::narrate::Verbosity;
use smashup::play::respond;
use smashup::play::save::{self, SaveFile};
use smashup::play::seat::Seat;
use smashup::play::speech::Silent;
use smashup::play::table::Table;
use std::path::Path;

/// A game a few turns in, a person against a bot, as a save.
fn good_save() -> SaveFile {
    let seats = vec![
        Seat {
            name: "Ann".into(),
            bot: None,
        },
        Seat {
            name: "Bot 2".into(),
            bot: Some(Bot::new(BotKind::Heuristic, 5)),
        },
    ];
    let config = GameConfig {
        seed: 11,
        factions: vec![
            ["pirates".into(), "ninjas".into()],
            ["aliens".into(), "dinosaurs".into()],
        ],
        all_bases: false,
        shared_factions: false,
        first_player: None,
    };
    let mut t = Table::new(&config, seats, Verbosity::Normal, None).unwrap();
    t.start();
    for _ in 0..6 {
        for line in ["1", "1", "end", "yes"] {
            respond(&mut t, &Silent, line);
        }
    }
    t.save_file()
}

fn text_of(save: &SaveFile) -> String {
    ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default()).unwrap()
}

/// Loads `bytes` as a save: either a consistent game that plays on, or one line
/// naming the file. The description says what the file was, for failures.
fn loads_or_is_refused(dir: &Path, bytes: &[u8], what: &str) -> bool {
    let path = dir.join("damaged.ron");
    std::fs::write(&path, bytes).unwrap();
    match save::read(&path) {
        Ok((save, game)) => {
            assert_eq!(save.seats.len(), game.players.len(), "{what}");
            assert_eq!(save::check(&game), save.check, "{what}");
            assert!(
                game.pending().is_some() || game.winner.is_some(),
                "{what}: nothing asked and no winner"
            );
            let mut table = Table::load(save, game, None);
            table.start();
            for line in ["status", "hand", "bases", "1", "end", "yes"] {
                respond(&mut table, &Silent, line);
            }
            true
        }
        Err(e) => {
            assert!(!e.contains('\n'), "{what}: more than one line: {e}");
            assert!(
                e.contains("damaged.ron"),
                "{what}: the file is not named: {e}"
            );
            false
        }
    }
}

#[test]
fn a_good_save_replays_to_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let save = good_save();
    assert!(save.answers.len() > 20, "{} answers", save.answers.len());
    assert!(loads_or_is_refused(
        dir.path(),
        text_of(&save).as_bytes(),
        "the good save"
    ));
}

#[test]
fn a_save_cut_short_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = text_of(&good_save());
    for tenth in 0..10 {
        let cut = &text.as_bytes()[..text.len() * tenth / 10];
        let loaded = loads_or_is_refused(dir.path(), cut, &format!("cut at {tenth}0%"));
        assert!(!loaded, "a save cut at {tenth}0% loaded");
    }
}

#[test]
fn flipped_bytes_load_a_consistent_game_or_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = text_of(&good_save()).into_bytes();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let (mut loaded, mut refused) = (0, 0);
    for round in 0..300 {
        let mut bytes = text.clone();
        let flips = if round % 3 == 0 {
            1
        } else {
            rng.gen_range(2..8)
        };
        for _ in 0..flips {
            let at = rng.gen_range(0..bytes.len());
            bytes[at] ^= 1 << rng.gen_range(0..8);
        }
        let what = format!("round {round}, {flips} flips");
        if loads_or_is_refused(dir.path(), &bytes, &what) {
            loaded += 1;
        } else {
            refused += 1;
        }
    }
    assert!(refused > 0 && loaded + refused == 300);
}

#[test]
fn impossible_contents_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = good_save();
    type Edit = fn(&mut SaveFile);
    let edits: [(&str, Edit, &str); 9] = [
        (
            "answer out of range",
            |s| s.answers[3] = 9999,
            "answer 4 of",
        ),
        (
            "answers past the end",
            |s| s.answers.extend(std::iter::repeat_n(0, 100_000)),
            "does not fit",
        ),
        (
            "one seat too few",
            |s| {
                s.seats.pop();
            },
            "1 seats for 2 players",
        ),
        (
            "one player",
            |s| {
                s.config.factions.pop();
                s.seats.pop();
            },
            "2 to 4 players",
        ),
        (
            "a faction twice",
            |s| s.config.factions[1] = s.config.factions[0].clone(),
            "damaged",
        ),
        (
            "an unknown faction",
            |s| s.config.factions[1][0] = "vikings".into(),
            "vikings",
        ),
        (
            "no such first player",
            |s| s.config.first_player = Some(5),
            "no player 6",
        ),
        ("another seed", |s| s.config.seed += 1, "damaged"),
        ("another check", |s| s.check ^= 1, "no longer replays"),
    ];
    for (what, edit, expected) in edits {
        let mut save = good.clone();
        edit(&mut save);
        let path = dir.path().join("damaged.ron");
        std::fs::write(&path, text_of(&save)).unwrap();
        let err = save::read(&path)
            .err()
            .unwrap_or_else(|| panic!("{what} loaded"));
        assert!(err.contains(expected), "{what}: {err}");
        assert!(!err.contains('\n'), "{what}: {err}");
    }
    // Text edits: an older format, a field that is not in the format, not text at all.
    let text = text_of(&good);
    for (what, bytes, expected) in [
        (
            "format 1",
            text.replacen("format: 2", "format: 1", 1).into_bytes(),
            "save format 1",
        ),
        (
            "an unknown field",
            text.replacen("format: 2,", "format: 2, game: (),", 1)
                .into_bytes(),
            "damaged",
        ),
        ("not text", vec![0xff, 0xfe, 0x28], "not a saved game"),
    ] {
        let path = dir.path().join("damaged.ron");
        std::fs::write(&path, bytes).unwrap();
        let err = save::read(&path)
            .err()
            .unwrap_or_else(|| panic!("{what} loaded"));
        assert!(err.contains(expected), "{what}: {err}");
        assert!(!err.contains('\n'), "{what}: {err}");
    }
}

#[test]
fn saving_never_replaces_a_folder_and_cleans_old_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let save = good_save();
    let folder = dir.path().join("folder.ron");
    std::fs::create_dir(&folder).unwrap();
    let err = save::write(&folder, &save).unwrap_err();
    assert!(err.contains("not a regular file"), "{err}");
    assert!(folder.is_dir());
    let path = dir.path().join("game.ron");
    let leftover = dir.path().join("game.ron.4242.tmp");
    std::fs::write(&leftover, "half a save").unwrap();
    let other = dir.path().join("other.ron.1.tmp");
    std::fs::write(&other, "someone else's").unwrap();
    save::write(&path, &save).unwrap();
    assert!(!leftover.exists());
    assert!(other.exists());
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !names.iter().any(|n| n.starts_with("game.ron.")),
        "{names:?}"
    );
    assert!(save::read(&path).is_ok());
}
