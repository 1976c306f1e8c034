//! `simulate` plays random games on several threads at once (issue 26): a game is
//! decided by its seed alone, so the games, the totals and every line but the time
//! must be the same whatever the number of threads.

use smashup::sim;

/// `smashup simulate` with `args`: how it ended and what it wrote.
fn run(args: &[&str]) -> std::process::Output {
    assert_cmd::Command::cargo_bin("smashup")
        .unwrap()
        .arg("simulate")
        .args(args)
        .output()
        .unwrap()
}

/// `smashup simulate` with `args`: its standard output, after checking it exited well.
fn simulate(args: &[&str]) -> String {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The output without the numbers that measure time: the rate line keeps its games,
/// threads and turns per game.
fn without_timing(out: &str) -> String {
    out.lines()
        .map(|line| match line.split_once(" in ") {
            Some((head, rest)) if line.contains("games per second") => {
                let turns = rest.split(", ").find(|p| p.contains("turns per game"));
                format!("{head}: {}", turns.unwrap_or_default())
            }
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_records_are_the_same_on_any_number_of_threads() {
    let pool = sim::complete_factions();
    for players in [2, 3] {
        let one_by_one: Vec<_> = (0..7)
            .map(|k| {
                let config = sim::random_config(40 + k, players, &pool).unwrap();
                sim::play_random(&config, |_, _| {})
            })
            .collect();
        for threads in [1, 2, 3, 16] {
            let together = sim::play_random_games(40, 7, players, &pool, threads);
            assert_eq!(together, one_by_one, "{players} players, {threads} threads");
        }
    }
}

#[test]
fn the_command_says_the_same_on_one_thread_and_on_four() {
    let one = simulate(&["--games", "9", "--seed", "5", "--threads", "1"]);
    let four = simulate(&["--games", "9", "--seed", "5", "--threads", "4"]);
    assert!(one.contains("9 random games, 1 at a time, in "), "{one}");
    assert!(four.contains("9 random games, 4 at a time, in "), "{four}");
    assert_eq!(
        without_timing(&one).replace("1 at a time", "N"),
        without_timing(&four).replace("4 at a time", "N")
    );
}

/// `smashup simulate` with `args`, which it must refuse: its standard error.
fn refused(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn no_threads_and_threads_for_a_match_are_refused() {
    let err = refused(&["--games", "2", "--threads", "0"]);
    assert!(
        err.starts_with("error: invalid value '0' for '--threads"),
        "{err}"
    );
    // A match times each decision: it plays one game at a time, and says so.
    let err = refused(&["--bots", "random,random", "--threads", "2"]);
    let first = err.lines().next().unwrap_or_default();
    assert!(first.contains("cannot be used with"), "{err}");
    assert!(
        first.contains("'--bots") && first.contains("'--threads"),
        "{err}"
    );
}
