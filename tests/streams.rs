//! Streams and input (issue 11): a closed output ends a command quietly, a line that is
//! not UTF-8 is refused and the game goes on, an unusable autosave folder is said once
//! at the start, `--cards DIR` reaches every command, and typed control characters
//! and very long input are never shown back raw. Issue 27: `play` stops when its
//! output is closed while input goes on, a full disk is an error with a non-zero exit,
//! names and a saved log are shown escaped, a line past 4096 bytes is refused and `--load` refuses a
//! pipe.

use assert_cmd::Command;
use cli::stdout_of;
use std::io::{BufRead, Write};
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

#[allow(dead_code)] // session: these tests give their own flags
mod cli;
#[cfg(unix)]
mod named_pipe;

/// `smashup` run in `dir` (its data folder there too), never in colour.
fn smashup(dir: &Path) -> Command {
    let mut cmd = cli::smashup(dir);
    cmd.env("NO_COLOR", "1");
    cmd
}

const GAME: &[&str] = &[
    "play",
    "--plain",
    "--players",
    "2",
    "--bots",
    "1",
    "--factions",
    "pirates,ninjas",
    "--seed",
    "7",
];

/// `smashup play` with `input`: standard output, after checking it exited well.
fn play(dir: &Path, extra: &[&str], input: &[u8]) -> String {
    stdout_of(smashup(dir).args(GAME).args(extra), input)
}

#[test]
fn a_closed_output_ends_every_command_quietly() {
    let bin = assert_cmd::cargo::cargo_bin("smashup");
    for args in [
        &["faction", "pirates"][..],
        &["bases"],
        &["card", "pa"],
        &["simulate", "--games", "3"],
    ] {
        let mut child = std::process::Command::new(&bin)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Nobody reads: like `| head -0`.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_ne!(out.status.code(), Some(101), "{args:?}: {err}");
    }
}

#[test]
fn a_line_that_is_not_text_is_refused_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let out = play(
        dir.path(),
        &["--autosave", "autosave.ron"],
        b"hand\n\xff\xfeplay\nstatus\nquit\n",
    );
    let refused: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("not valid text"))
        .collect();
    assert_eq!(refused.len(), 1, "{out}");
    let after = out.split(refused[0]).nth(1).unwrap();
    assert!(after.contains("> status"), "{out}");
    assert!(after.contains("your turn: play cards"), "{out}");
}

#[test]
fn an_unusable_autosave_folder_is_said_once_at_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_folder = dir.path().join("file");
    std::fs::write(&not_a_folder, "").unwrap();
    let out = smashup(dir.path())
        .args(GAME)
        .env("XDG_DATA_HOME", &not_a_folder)
        .write_stdin("hand\nend\nyes\nquit\n")
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.starts_with("Autosave is off: "), "{out}");
    assert_eq!(out.matches("Autosave").count(), 1, "{out}");
}

#[test]
fn the_given_card_data_is_used_by_play_simulate_and_scenario() {
    let dir = tempfile::tempdir().unwrap();
    let cards = dir.path().join("cards");
    std::fs::create_dir(&cards).unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    for entry in std::fs::read_dir(source).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_owned();
        // A renamed card, and a dinosaur whose text no longer matches its (empty)
        // abilities: the Dinosaurs are then not complete, so not simulated.
        let text = std::fs::read_to_string(&path)
            .unwrap()
            .replace("name: \"Saucy Wench\"", "name: \"Saucy Wenchling\"")
            .replace(
                "id: \"pirates.saucy_wench\"",
                "id: \"pirates.saucy_wenchling\"",
            );
        let text = if name == "dinosaurs.ron" {
            text.replace("text: \"No ability.\"", "text: \"Roars.\"")
        } else {
            text
        };
        std::fs::write(cards.join(name), text).unwrap();
    }
    let with_cards = ["--cards", "cards"];
    let out = play(
        dir.path(),
        &["--cards", "cards", "--autosave", "autosave.ron"],
        b"hand\nquit\n",
    );
    assert!(out.contains("Saucy Wenchling"), "{out}");
    let out = smashup(dir.path())
        .args(with_cards)
        .args(["simulate", "--games", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Factions: "), "{text}");
    assert!(
        !text.lines().next().unwrap().contains("dinosaurs"),
        "{text}"
    );
    // A scenario that only the given data can pass: the card's id is new there.
    std::fs::write(
        dir.path().join("wenchling.ron"),
        r#"Scenario(
            name: "the given data",
            position: (
                players: [
                    (factions: ["pirates", "ninjas"], hand: ["pirates.saucy_wenchling"]),
                    (factions: ["aliens", "dinosaurs"]),
                ],
                bases: [(base: "bases.the_homeworld"), (base: "bases.jungle_oasis")],
            ),
            steps: [Check(HandSize(0, 1))],
        )"#,
    )
    .unwrap();
    for (args, expected) in [(&with_cards[..], "PASS"), (&[][..], "FAIL")] {
        let out = smashup(dir.path())
            .args(args)
            .args(["scenario", "wenchling.ron"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with(expected), "{args:?}: {text}");
    }
}

#[test]
fn typed_control_characters_and_long_input_are_shown_escaped_and_cut() {
    let dir = tempfile::tempdir().unwrap();
    let long = "x".repeat(3000);
    let input = format!("card \u{1b}[31mzz\u{7}\n{long}\nquit\n");
    let out = play(
        dir.path(),
        &["--autosave", "autosave.ron"],
        input.as_bytes(),
    );
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out}");
    assert!(
        out.contains("No card matches \"\\u{1b}[31mzz\\u{7}\""),
        "{out}"
    );
    let cut = format!(
        "Nothing here matches \"{}…\" (3000 characters)",
        "x".repeat(60)
    );
    assert!(out.contains(&cut), "{out}");
    assert!(out.lines().all(|l| l.chars().count() < 400), "{out}");
    let out = smashup(dir.path()).args(["card", &long]).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("(3000 characters)") && err.len() < 400,
        "{err}"
    );
}

/// Waits for `child` to end; a hang (far past any real run) kills it and fails.
fn ends(child: &mut std::process::Child, what: &str) -> std::process::ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{what} did not end");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn play_stops_when_its_output_is_closed_while_input_goes_on() {
    // Issue 27: `yes 1 | smashup play ... | head -1` ran until killed.
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("smashup"))
        .current_dir(dir.path())
        .args(GAME)
        .args(["--autosave", "autosave.ron"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Like `yes 1`: answers for as long as anyone reads them.
    let yes = std::thread::spawn(move || while stdin.write_all(b"1\n").is_ok() {});
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty());
    // Like `head -1`: the output is closed after one line.
    let status = ends(&mut child, "play with its output closed");
    yes.join().unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert!(status.success(), "{status}: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_full_disk_is_an_error_with_a_non_zero_exit() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("smashup");
    let game: Vec<&str> = GAME
        .iter()
        .copied()
        .chain(["--autosave", "a.ron"])
        .collect();
    for args in [
        &["faction", "pirates"][..],
        &["card", "pa"],
        &["simulate", "--games", "1"],
        &game,
    ] {
        let out = std::process::Command::new(&bin)
            .current_dir(dir.path())
            .args(args)
            .stdin(Stdio::null())
            .stdout(std::fs::OpenOptions::new().write(true).open(full).unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(74), "{args:?}: {err}");
        assert!(err.contains("cannot write the output"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn names_are_shown_escaped_from_the_flags_the_question_and_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let raw = |out: &str| out.contains('\u{1b}') || out.contains('\u{7}');
    // --names, for two people at one keyboard.
    let two = ["play", "--plain", "--players", "2", "--seed", "7"];
    let factions = ["--factions", "pirates,ninjas,robots,wizards"];
    let out = smashup(dir.path())
        .args(two)
        .args(factions)
        .args(["--bots", "0", "--names", "Ann\u{1b}[2J\u{7},Ben"])
        .args(["--autosave", "names.ron"])
        .write_stdin("\nstatus\nquit\n")
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(!raw(&out), "{out}");
    assert!(out.contains("Ann\\u{1b}[2J\\u{7}"), "{out}");
    // The set-up question.
    let out = smashup(dir.path())
        .args(two)
        .args(factions)
        .args(["--autosave", "asked.ron"])
        .write_stdin("0\nBen\u{1b}]0;x\u{7}\n\nquit\n")
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(!raw(&out), "{out}");
    assert!(out.contains("Ben\\u{1b}]0;x\\u{7}"), "{out}");
    // A save with a name written into it raw.
    let saved = std::fs::read_to_string(dir.path().join("names.ron")).unwrap();
    // In the file the backslashes are written twice (RON); the edit puts raw codes in.
    let edited = saved
        .replace("Ann\\\\u{1b}[2J\\\\u{7}", "Cy\u{1b}[2J\u{7}")
        .replace("log: [", "log: [\n        \"Zed\u{1b}[2J\u{7} was here.\",");
    assert_ne!(saved, edited);
    std::fs::write(dir.path().join("edited.ron"), edited).unwrap();
    let out = smashup(dir.path())
        .args([
            "play",
            "--plain",
            "--load",
            "edited.ron",
            "--autosave",
            "b.ron",
        ])
        .write_stdin("status\nlog 100\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Zed\\u{1b}[2J\\u{7} was here."), "{text}");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!raw(&text), "{text}");
    assert!(text.contains("Cy\\u{1b}[2J\\u{7}"), "{text}");
}

#[test]
fn a_line_past_the_limit_is_refused_and_the_game_goes_on() {
    // Issue 27: a 4 MB line typed into `card` took 14 s.
    let dir = tempfile::tempdir().unwrap();
    let input = format!("card {}\nstatus\nquit\n", "x".repeat(4 << 20));
    let out = play(dir.path(), &["--autosave", "a.ron"], input.as_bytes());
    let refused: Vec<&str> = out.lines().filter(|l| l.contains("too long")).collect();
    assert_eq!(refused.len(), 1, "{}", &out[..out.len().min(2000)]);
    assert!(
        refused[0].contains(&format!("({} bytes; at most 4096)", (4 << 20) + 5)),
        "{}",
        refused[0]
    );
    let after = out.split(refused[0]).nth(1).unwrap();
    assert!(after.contains("> status"), "{out}");
}

#[cfg(unix)]
#[test]
fn load_refuses_a_pipe_at_once() {
    let dir = tempfile::tempdir().unwrap();
    if named_pipe::make(dir.path(), "fifo.ron").is_none() {
        return;
    }
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("smashup"))
        .current_dir(dir.path())
        .args(["play", "--plain", "--load", "fifo.ron"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = ends(&mut child, "--load on a pipe");
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(1), "{err}");
    assert!(err.contains("fifo.ron is not a regular file"), "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_paste_start_with_no_end_never_freezes_the_line_editor() {
    // Issue 27: after `ESC[200~` the line editor read Enter, Ctrl-C and Ctrl-D as pasted
    // text, waiting for an end that never came. Run on a terminal (util-linux `script`).
    let dir = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("smashup");
    let command = format!(
        "'{}' play --players 2 --bots 1 --factions pirates,ninjas --seed 7 --autosave a.ron",
        bin.display()
    );
    let Ok(mut child) = std::process::Command::new("script")
        .current_dir(dir.path())
        .args(["-qfec", &command, "/dev/null"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        return; // no `script` here
    };
    // The input ends at once (as Ctrl-D would), which the old editor took as pasted
    // text too: it hung. Now the paste start is ignored, `status` is answered, and the
    // end of input ends the game.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"\x1b[200~status\rquit\r").unwrap();
    drop(stdin);
    let status = ends(&mut child, "the line editor after a paste start");
    let mut out = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut out).unwrap();
    assert!(status.success(), "{out}");
    assert!(
        out.contains("Waiting for your answer"),
        "status was answered: {out}"
    );
    assert!(out.contains("Goodbye"), "{out}");
}
