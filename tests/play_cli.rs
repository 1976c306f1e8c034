//! The game through the binary in `--plain` mode: complete scripted games with fixed
//! seeds compared with the golden transcripts in `tests/transcripts/` (bots against
//! bots, and a person against a bot), no escape codes anywhere, garbage at the set-up
//! questions and the hand-over, and damaged save files.
//!
//! After a deliberate change to the narration or to the cards these games use, look
//! at the new transcripts and accept them: `INSTA_UPDATE=always cargo test --test play_cli`.

use cli::{session, smashup, stdout_of};
use std::path::Path;

mod cli;

/// Runs `smashup play ARGS` with `input` and returns standard output.
fn play(dir: &Path, args: &[&str], input: &str) -> String {
    stdout_of(session(dir, "play", "autosave.ron").args(args), input)
}

const FOUR: &str = "pirates,ninjas,aliens,dinosaurs";

/// A two-player game with the factions fixed by `FOUR`, `bots` of them bots.
fn play_four(dir: &Path, bots: u8, seed: u64, input: &str) -> String {
    let (bots, seed) = (bots.to_string(), seed.to_string());
    let args = [
        "--players",
        "2",
        "--bots",
        &bots,
        "--factions",
        FOUR,
        "--seed",
        &seed,
    ];
    play(dir, &args, input)
}

fn golden(name: &str, transcript: &str) {
    insta::with_settings!({snapshot_path => "transcripts", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, transcript);
    });
}

/// The end of a game: the game stays open for questions until `quit`; the scripted
/// answers typed after it ended are each refused in one line, and are cut from a
/// golden transcript after checking just that (the review at the very end is kept).
fn cut_after_game_over(out: &str) -> String {
    const OVER: &str = "The game is over. Look back with";
    let lines: Vec<&str> = out.lines().collect();
    let Some(end) = lines.iter().position(|l| l.starts_with(OVER)) else {
        return out.to_string();
    };
    let first = format!("> {}", REVIEW.lines().next().unwrap_or_default());
    let review = lines
        .iter()
        .rposition(|l| *l == first)
        .unwrap_or(lines.len())
        .max(end + 1);
    for l in &lines[end + 1..review] {
        assert!(
            l.starts_with("> ") || l.starts_with("The game is over") || l.starts_with("You cannot"),
            "after the game: {l}"
        );
    }
    let mut kept: Vec<&str> = lines[..=end].to_vec();
    kept.extend(&lines[review..]);
    kept.join("\n") + "\n"
}

/// What the person asks once the game is over, at the end of the script.
const REVIEW: &str = "score\nbases\nrecap\nlog 4\nquit\n";

/// Where the script's person is asked for several cards at once (the hand limit):
/// the place in the script and how many.
const SEVERAL: [(usize, usize); 9] = [
    (53, 2),
    (66, 2),
    (83, 2),
    (112, 2),
    (117, 2),
    (126, 2),
    (135, 2),
    (156, 3),
    (173, 2),
];

/// The person's script: a tour of the commands, then "1", "1", "end", "yes" over and
/// over, which always moves the game on (play the first card on the first base or
/// answer the first option, end the turn, confirm), so the game runs to its end; then
/// a look back at the game. Where the hand limit asks for several cards at once, the
/// first ones listed ("1 2"), typed where the question comes up (`SEVERAL`).
fn human_script() -> String {
    let mut lines: Vec<&str> = vec![
        "help",
        "hand",
        "bases",
        "base 1",
        "score",
        "status",
        "deck",
        "discard",
        "discard 2",
        "card 1",
        "card pirate king",
        "log 3",
        "options",
        "play 4",
        "undo",
        "undo",
        "play 1",
        "back",
        "play 1 on 2",
        "base 2",
        "card saucy",
        "undo",
        "play saucy on temple",
        "verbosity full",
        "end",
        "no",
        "repeat",
        "verbosity normal",
        "save saved.ron",
    ];
    for _ in 0..200 {
        lines.extend(["1", "1", "end", "yes"]);
    }
    let mut lines: Vec<String> = lines.into_iter().map(str::to_string).collect();
    for (at, wanted) in SEVERAL {
        let numbers: Vec<String> = (1..=wanted).map(|n| n.to_string()).collect();
        lines.insert(at, numbers.join(" "));
    }
    lines.join("\n") + "\n" + REVIEW
}

#[test]
fn bots_against_bots_play_a_whole_game() {
    let dir = tempfile::tempdir().unwrap();
    let out = play_four(dir.path(), 2, 1, "");
    assert!(out.contains("Game over:"), "{out}");
    golden("bots_vs_bots_seed_1", &out);
}

#[test]
fn a_person_plays_a_whole_game_against_a_bot() {
    let dir = tempfile::tempdir().unwrap();
    let out = play_four(dir.path(), 1, 7, &human_script());
    assert!(out.contains("Game over:"), "{out}");
    assert!(out.ends_with("> quit\nGoodbye.\n"), "{out}");
    assert!(dir.path().join("saved.ron").exists());
    assert!(dir.path().join("autosave.ron").exists());
    golden("human_vs_bot_seed_7", &cut_after_game_over(&out));
}

#[test]
fn no_line_has_an_escape_code_unless_colour_is_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let runs = [
        play_four(dir.path(), 1, 2, &human_script()),
        play(
            dir.path(),
            &[
                "--players",
                "3",
                "--bots",
                "3",
                "--seed",
                "5",
                "--verbosity",
                "full",
            ],
            "",
        ),
    ];
    for out in &runs {
        for line in out.lines() {
            assert!(!line.contains('\u{1b}'), "escape code in: {line:?}");
            assert!(
                line.chars().all(|c| !c.is_control()),
                "control character in: {line:?}"
            );
        }
    }
    let no_color = smashup(dir.path())
        .args([
            "play",
            "--players",
            "2",
            "--bots",
            "2",
            "--seed",
            "3",
            "--color",
            "--autosave",
            "a.ron",
        ])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&no_color.stdout).contains('\u{1b}'));
}

#[test]
fn garbage_at_the_setup_questions_prints_what_was_expected() {
    let dir = tempfile::tempdir().unwrap();
    // players, bots, method, first and second faction; each after some garbage.
    let input = "9\nfive\n\n2\n-1\nx\n1\nzz\n1\n42\npirates\n!!!\nnin\nquit\n";
    let out = play(dir.path(), &["--seed", "11"], input);
    let errors = out
        .lines()
        .filter(|l| {
            l.starts_with("There is no")
                || l.starts_with("Nothing here")
                || l.starts_with("Expected")
        })
        .count();
    assert!(errors >= 7, "{out}");
    assert!(out.contains("You: Pirates and Ninjas"), "{out}");
}

#[test]
fn the_formal_draft_asks_in_snake_order() {
    let dir = tempfile::tempdir().unwrap();
    let out = play(
        dir.path(),
        &["--players", "2", "--bots", "1", "--draft", "--seed", "4"],
        "1\n1\nquit\n",
    );
    assert!(out.contains("Draft: "), "{out}");
    let picks = out
        .lines()
        .filter(|l| l.starts_with("You draft ") || l.starts_with("Bot 2 drafts "))
        .filter(|l| !l.contains("new hand"))
        .count();
    assert_eq!(picks, 4, "{out}");
    assert_eq!(out.matches("Draft a faction.").count(), 2, "{out}");
}

#[test]
fn hot_seat_hides_the_hand_until_the_keyboard_is_passed() {
    let dir = tempfile::tempdir().unwrap();
    let out = play_four(dir.path(), 0, 4, "hand\n1\n\nend\nyes\nquit\n");
    let pass = out.find("Pass to").expect("a hand-over");
    let first_hand = out.find("1. ").expect("a hand");
    assert!(pass < first_hand, "{out}");
    assert!(out.contains("Press Enter once"), "{out}");
    assert!(
        !out.contains("draws 5 cards:"),
        "drawn cards are never narrated in hot-seat: {out}"
    );
}

#[test]
fn damaged_save_files_are_refused_with_the_problem_named() {
    let dir = tempfile::tempdir().unwrap();
    play_four(dir.path(), 1, 8, "save good.ron\nquit\n");
    let good = std::fs::read_to_string(dir.path().join("good.ron")).unwrap();
    std::fs::write(dir.path().join("cut.ron"), &good[..good.len() / 2]).unwrap();
    std::fs::write(dir.path().join("junk.ron"), "not a game").unwrap();
    for (file, expected) in [
        ("cut.ron", "cut.ron is not a saved game or is damaged: line"),
        (
            "junk.ron",
            "junk.ron is not a saved game or is damaged: line 1",
        ),
        ("missing.ron", "cannot read missing.ron"),
    ] {
        let out = smashup(dir.path())
            .args(["play", "--load", file])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // The good file loads and goes on where it was.
    let out = play(dir.path(), &["--load", "good.ron"], "status\nquit\n");
    assert!(out.starts_with("Saved game loaded, seed 8."), "{out}");
}

#[test]
fn a_vp_goal_of_five_ends_the_game_at_five_and_is_saved_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let watch = [
        "--players",
        "2",
        "--bots",
        "2",
        "--vp",
        "5",
        "--seed",
        "7",
        "--factions",
        FOUR,
    ];
    let out = play(dir.path(), &watch, "");
    assert!(out.contains("First to 5 VP wins."), "{out}");
    let over = out
        .lines()
        .find(|l| l.starts_with("Game over: "))
        .unwrap_or_else(|| panic!("the game ends: {out}"));
    let best = over
        .split(", ")
        .filter_map(|p| p.split_whitespace().next()?.parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    assert!((5..15).contains(&best), "{over}");

    // A saved game keeps its goal; wrong goals are one line.
    let out = play(
        dir.path(),
        &[
            "--players",
            "2",
            "--bots",
            "1",
            "--vp",
            "9",
            "--seed",
            "4",
            "--factions",
            FOUR,
        ],
        "save nine.ron\nquit\n",
    );
    assert!(out.contains("First to 9 VP wins."), "{out}");
    let saved = std::fs::read_to_string(dir.path().join("nine.ron")).unwrap();
    assert!(saved.contains("vp_goal: 9"), "{saved}");
    let out = play(dir.path(), &["--load", "nine.ron"], "score\nquit\n");
    assert!(out.contains("First to 9 VP wins."), "{out}");
    assert!(
        out.contains("9 VP wins, checked at the end of a turn."),
        "{out}"
    );
    for bad in ["4", "51"] {
        let out = smashup(dir.path())
            .args(["play", "--vp", bad, "--players", "2", "--bots", "2"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("expected a VP goal from 5 to 50"), "{err}");
    }
}
