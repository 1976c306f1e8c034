//! The play command's flags and the commands added for playing by ear, through the
//! binary: bot levels, speech that lets the last lines finish, the bases dealt, the
//! set-up checks, names, codes, recap, rules, a loaded game's summary, and the lines a
//! person hears across a scripted game at each verbosity.

use cli::session;
use std::path::Path;

#[allow(dead_code)] // stdout_of: these tests read the exit status themselves
mod cli;

/// `smashup play ARGS` with `input`: (status, stdout, stderr).
fn run(dir: &Path, args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let out = session(dir, "play", "autosave.ron")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const TWO: [&str; 6] = [
    "--players",
    "2",
    "--factions",
    "pirates,ninjas,aliens,dinosaurs",
    "--seed",
    "7",
];

#[test]
fn every_bot_the_help_offers_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    for bot in ["heuristic", "random", "easy", "normal", "hard"] {
        let (code, out, err) = run(
            dir.path(),
            &[&TWO[..], &["--bots", "0", "--bot", bot]].concat(),
            "quit\n",
        );
        assert_eq!(code, Some(0), "{bot}: {err}");
        assert!(out.starts_with("New game, seed 7."), "{bot}: {out}");
    }
}

#[cfg(unix)]
#[test]
fn speech_says_the_last_lines_and_reports_no_failure() {
    let dir = tempfile::tempdir().unwrap();
    let spoken = dir.path().join("spoken.txt");
    let command = format!("cat >> '{}'", spoken.display());
    let (code, out, err) = run(
        dir.path(),
        &[&TWO[..], &["--bots", "2", "--speech-command", &command]].concat(),
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let said = std::fs::read_to_string(&spoken).unwrap();
    assert!(said.contains("Game over:"), "{said}");
    assert!(said.trim_end().ends_with("Goodbye."), "{said}");
    assert!(
        !out.contains("failed") && !err.contains("failed"),
        "{out}{err}"
    );
}

#[test]
fn every_base_dealt_does_what_it_says() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = smashup::cards::Catalog::embedded().unwrap();
    for seed in 0..20 {
        let seed = seed.to_string();
        let (_, out, _) = run(
            dir.path(),
            &[
                "--players",
                "4",
                "--bots",
                "0",
                "--factions",
                "pirates,ninjas,aliens,dinosaurs,robots,wizards,zombies,tricksters",
                "--all-bases",
                "--seed",
                &seed,
            ],
            "quit\n",
        );
        let bases = out.lines().find(|l| l.starts_with("Bases: ")).unwrap();
        for base in &catalog.bases {
            if bases.contains(&format!(" {},", base.name)) {
                assert!(base.implemented(), "{} dealt: {bases}", base.name);
            }
        }
    }
}

#[test]
fn set_up_mistakes_are_said_at_once() {
    let dir = tempfile::tempdir().unwrap();
    // A faction name is checked before any question is asked.
    let (code, out, err) = run(dir.path(), &["--factions", "nonsense"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("No faction \"nonsense\""), "{err}");
    assert!(!out.contains("How many players?"), "{out}");
    // The input ending at a set-up question says no game started.
    let (code, out, _) = run(dir.path(), &[], "");
    assert_eq!(code, Some(0));
    assert!(out.trim_end().ends_with("No game started."), "{out}");
    // Set-up flags with --load are said to be ignored.
    run(
        dir.path(),
        &[&TWO[..], &["--bots", "1"]].concat(),
        "save s.ron\nquit\n",
    );
    let (code, out, _) = run(
        dir.path(),
        &[
            "--load",
            "s.ron",
            "--players",
            "3",
            "--seed",
            "2",
            "--bot",
            "hard",
        ],
        "quit\n",
    );
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with(
            "Ignored with --load: --players, --seed, --bot; a saved game keeps its own set-up."
        ),
        "{out}"
    );
    // A faction given twice is refused before any question.
    let (code, out, err) = run(dir.path(), &["--factions", "pirates,pirates"], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--factions: Pirates is given twice (as \"pirates\")"),
        "{err}"
    );
    assert!(!out.contains("How many players?"), "{out}");
}

#[test]
fn a_loaded_game_is_summed_up_in_one_paragraph() {
    let dir = tempfile::tempdir().unwrap();
    run(
        dir.path(),
        &[&TWO[..], &["--bots", "1"]].concat(),
        "save s.ron\nquit\n",
    );
    let (_, out, _) = run(dir.path(), &["--load", "s.ron"], "quit\n");
    let summary = out.lines().nth(2).unwrap();
    assert!(
        summary.starts_with("Turn 2, your turn. VP: You, 0 VP; Bot 2, 0 VP. Bases: "),
        "{out}"
    );
    assert!(summary.ends_with("Your hand: 5 cards."), "{summary}");
}

#[test]
fn hot_seat_names_and_clearing_the_screen() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, _) = run(
        dir.path(),
        &[
            &TWO[..],
            &[
                "--bots",
                "0",
                "--names",
                "Ann,Ben",
                "--clear-on-pass",
                "--plain",
            ],
        ]
        .concat(),
        "\nend\nyes\n\nquit\n",
    );
    assert_eq!(code, Some(0));
    assert!(out.contains("Pass to Ann, then press Enter."), "{out}");
    assert!(out.contains("Pass to Ben, then press Enter."), "{out}");
    // --plain never clears: no escape codes.
    assert!(!out.contains('\u{1b}'), "{out}");
    // Without it the screen is cleared before each hand-over, but only on a
    // terminal: into a pipe or a file no escape code is ever sent.
    let (_, out, _) = run(
        dir.path(),
        &[
            &TWO[..],
            &["--bots", "0", "--names", "Ann,Ben", "--clear-on-pass"],
        ]
        .concat(),
        "\nend\nyes\n\nquit\n",
    );
    assert!(out.contains("Pass to Ann, then press Enter."), "{out}");
    assert!(!out.contains('\u{1b}'), "{out:?}");
    let (code, _, err) = run(
        dir.path(),
        &[&TWO[..], &["--bots", "1", "--names", "Ann,Ben"]].concat(),
        "",
    );
    assert_eq!(code, Some(2));
    assert!(err.contains("--names: 2 given for 1 person"), "{err}");
}

#[test]
fn codes_off_puts_names_first_and_is_remembered() {
    let dir = tempfile::tempdir().unwrap();
    let args = [&TWO[..], &["--bots", "1"]].concat();
    let (_, on, _) = run(dir.path(), &args, "hand\nquit\n");
    assert!(on.contains("1. pm3 Saucy Wench"), "{on}");
    let (_, off, _) = run(
        dir.path(),
        &[&args[..], &["--codes", "off"]].concat(),
        "hand\nquit\n",
    );
    assert!(off.contains("1. Saucy Wench, minion"), "{off}");
    assert!(!off.contains("pm3"), "{off}");
    // Remembered for the next game.
    let (_, again, _) = run(dir.path(), &args, "hand\nquit\n");
    assert!(!again.contains("pm3"), "{again}");
}

#[test]
fn recap_and_rules_at_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let (_, out, _) = run(
        dir.path(),
        &[&TWO[..], &["--bots", "1", "--recap"]].concat(),
        "recap\nrules\nrules scoring\nrules zzz\nquit\n",
    );
    assert!(
        out.contains("Since your last turn:\nBot 2 played Laseratops on Cave of Shinies."),
        "{out}"
    );
    // The recap comes after the last bot's turn is told, its draw included (issue 23).
    let draw = out.find("Bot 2 draws 2 cards.").expect("the bot's draw");
    let recap = out.find("Since your last turn:").expect("the recap");
    assert!(draw < recap, "{out}");
    assert!(out.contains("Rules: type rules and a topic"), "{out}");
    assert!(
        out.contains("A base scores once the power of all minions on it reaches its breakpoint."),
        "{out}"
    );
    assert!(out.contains("No rules topic \"zzz\"."), "{out}");
}

/// The person's part of the counted game: play the first thing listed where it may
/// go first, end the turn, confirm; over and over until the game ends.
fn counted_script() -> String {
    "1\n1\nend\nyes\n".repeat(200)
}

/// Lines a person hears until the game is over: every printed line but their own
/// typing.
fn heard(out: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    for l in out.lines().filter(|l| !l.starts_with("> ")) {
        lines.push(l);
        if l.starts_with("Game over:") {
            break;
        }
    }
    lines
}

/// Heard before the second pass on playing by ear (same script, seed and factions):
/// brief, normal, full.
const BEFORE: [usize; 3] = [874, 976, 1140];

#[test]
fn lines_heard_across_a_scripted_game_at_each_verbosity() {
    let dir = tempfile::tempdir().unwrap();
    let mut counts = Vec::new();
    let mut outcomes = Vec::new();
    for v in ["brief", "normal", "full"] {
        let (_, out, _) = run(
            dir.path(),
            &[&TWO[..], &["--bots", "1", "--verbosity", v]].concat(),
            &counted_script(),
        );
        let lines = heard(&out);
        assert!(
            lines.last().unwrap().starts_with("Game over:"),
            "{v}: {out}"
        );
        counts.push(lines.len());
        // The outcomes said, whatever the verbosity: plays, draws, returns, VP, scores.
        let said = lines
            .iter()
            .copied()
            .filter(|l| {
                [
                    "plays ",
                    "draw",
                    "returns",
                    " VP, ",
                    " scores: ",
                    "destroys",
                ]
                .iter()
                .any(|w| l.contains(w))
            })
            .map(|l| {
                l.split("; ")
                    .next()
                    .unwrap_or(l)
                    .trim_end_matches('.')
                    .to_string()
            })
            .collect::<Vec<String>>();
        outcomes.push(said);
    }
    eprintln!("Lines heard, brief, normal, full: now {counts:?}, before {BEFORE:?}.");
    assert_eq!(outcomes[0], outcomes[1], "brief drops no outcome");
    assert!(
        counts[0] <= counts[1] && counts[1] <= counts[2],
        "{counts:?}"
    );
    for (now, before) in counts.iter().zip(BEFORE) {
        assert!(*now < before, "{counts:?} against {BEFORE:?}");
    }
}

#[test]
fn names_match_by_any_word_in_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let (_, out, _) = run(
        dir.path(),
        &[&TWO[..], &["--bots", "1"]].concat(),
        "base goju\ncard saucy\nplay wench on goju\nbase shinies\nplay poisen\nquit\n",
    );
    assert!(
        out.contains("> base goju\n2. Temple of Goju, 0 of 18."),
        "{out}"
    );
    // Copies in hand are said once.
    assert!(out.contains("In your hand, 2 copies.\n"), "{out}");
    assert!(
        out.contains("You play Saucy Wench on Temple of Goju"),
        "{out}"
    );
    assert!(out.contains("Bot 2, 4 power: Laseratops 4."), "{out}");
    assert!(
        out.contains("Nothing here matches \"poisen\". Did you mean Poison?"),
        "{out}"
    );
}

#[test]
fn two_games_at_once_never_share_one_autosave() {
    use std::io::{BufRead, Write};
    let dir = tempfile::tempdir().unwrap();
    // Games autosaving to the default file in the data folder.
    let game = || {
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("smashup"));
        cmd.current_dir(dir.path())
            .env("XDG_DATA_HOME", dir.path().join("data"))
            .arg("play")
            .args([&TWO[..], &["--bots", "1", "--plain"]].concat())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped());
        cmd
    };
    // The first game holds the default autosave file while it runs.
    let mut first = game().spawn().unwrap();
    let mut lines = std::io::BufReader::new(first.stdout.take().unwrap()).lines();
    let opening = lines.next().unwrap().unwrap();
    assert!(opening.starts_with("New game"), "{opening}");
    let mut second = game().spawn().unwrap();
    second.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let out = String::from_utf8(second.wait_with_output().unwrap().stdout).unwrap();
    let said = out.lines().next().unwrap();
    assert!(
        said.starts_with("Another game is autosaving to ") && said.ends_with("autosave-2.ron."),
        "{out}"
    );
    // A file named with --autosave that another game holds is refused.
    let mut third = game()
        .args(["--autosave", "data/smashup/autosave.ron"])
        .spawn()
        .unwrap();
    third.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let out = String::from_utf8(third.wait_with_output().unwrap().stdout).unwrap();
    assert!(
        out.starts_with("Autosave is off: another game is autosaving to "),
        "{out}"
    );
    drop(first.stdin.take());
    assert!(first.wait().unwrap().success());
    let data = dir.path().join("data").join("smashup");
    assert!(data.join("autosave.ron").is_file());
    assert!(data.join("autosave-2.ron").is_file());
}

#[test]
fn undo_after_loading_takes_back_plays_made_before_the_save() {
    let dir = tempfile::tempdir().unwrap();
    let args = [&TWO[..], &["--bots", "1"]].concat();
    let (_, out, _) = run(dir.path(), &args, "play 1 on 1\nsave game.ron\nquit\n");
    assert!(
        out.contains("You play Saucy Wench on School of Wizardry"),
        "{out}"
    );
    let (_, out, _) = run(
        dir.path(),
        &["--load", "game.ron"],
        "undo\nundo\nhand\nquit\n",
    );
    assert!(
        out.contains("Undone: play pm3 Saucy Wench on b20 School of Wizardry."),
        "{out}"
    );
    assert!(
        out.contains("Nothing to undo: you have not played anything this turn."),
        "{out}"
    );
    assert!(out.contains("Your hand, 5 cards:"), "{out}");
}
