//! Faults: a person drops and comes back (by name and code, and by token), and a
//! server killed with SIGKILL mid-game resumes its table when started again.

use super::support::{new_table, play_to_end, seat_token, sit, Player, Server};

#[test]
fn a_dropped_seat_is_kept_and_taken_back_by_name_and_by_token() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &["--bot-after", "0"]);
    let mut ann = server.client();
    let code = new_table(&mut ann, "Ann", "--players 3 --bots 1 --seed 3");
    let (mut ben, sat) = sit(&server, "Ben", false, &format!("1 {code}"));
    let ben_token = seat_token(&sat);
    ann.send("start");
    assert!(ben.wait_for("New game, seed 3", 10).is_some());
    // Ben drops mid-game: Ann hears it.
    drop(ben);
    assert!(ann.wait_for("Ben left the table.", 10).is_some());
    // Back by name and code: a summary and where the game waits.
    let mut ben = server.client();
    ben.send("Ben");
    ben.send(&format!("sit 1 {code}"));
    assert!(ben
        .wait_for("You sit at table 1 in seat 2 as Ben", 10)
        .is_some());
    let summary = ben.wait_for("Turn 1", 10).expect("a summary");
    assert!(
        summary.contains("VP") && summary.contains("Your hand: "),
        "{summary}"
    );
    assert!(ann.wait_for("Ben is back.", 10).is_some());
    // Someone else cannot take the seat while Ben is here.
    let mut eve = server.client();
    eve.send("Ben");
    eve.send(&format!("sit 1 {code}"));
    assert!(eve.wait_for("Seat taken", 10).is_some());
    drop(eve);
    // Back by token.
    drop(ben);
    assert!(ann.wait_for("Ben left the table.", 10).is_some());
    let mut ben = server.client();
    ben.send(&format!("resume {ben_token}"));
    assert!(ben
        .wait_for("You sit at table 1 in seat 2 as Ben", 10)
        .is_some());
    assert!(ben.wait_for("Turn 1", 10).is_some());
    assert!(ann.wait_for("Ben is back.", 10).is_some());
    // Gone again: the creator hands the seat to a bot (after 0 seconds here), and
    // Ann plays on to the end with two bots.
    drop(ben);
    assert!(ann.wait_for("Ben left the table.", 10).is_some());
    let mut ben_again = server.client();
    ben_again.send("name Ben");
    ann.send("bot Ben");
    assert!(ann
        .wait_for("A bot plays for Ben from now on.", 10)
        .is_some());
    ben_again.send(&format!("sit 1 {code}"));
    assert!(ben_again.wait_for("no seat free", 10).is_some());
    let mut ann = Player::new(ann, false);
    ann.nudge();
    assert!(
        play_to_end(&mut [&mut ann], 60, 3000),
        "Ann's game ends: {:?}",
        &ann.client.lines[ann.client.lines.len().saturating_sub(20)..]
    );
}

#[test]
fn a_server_killed_mid_game_resumes_its_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(dir.path(), &[]);
    let mut ann = server.client();
    let code = new_table(&mut ann, "Ann", "--players 2 --bots 1 --seed 5");
    ann.send("start");
    assert!(ann.wait_for("New game, seed 5", 10).is_some());
    // A few answers, then the server dies without warning.
    let mut player = Player::new(ann, false);
    player.nudge();
    let end = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while player.answers < 6 && std::time::Instant::now() < end {
        player.step();
    }
    assert!(player.answers >= 6);
    std::thread::sleep(std::time::Duration::from_millis(300));
    player.client.skip();
    player.client.send("status");
    let before = player.client.wait_for("Turn ", 10).expect("status");
    server.kill();
    drop(player);

    let server = Server::start(dir.path(), &[]);
    assert!(
        server.log.lock().unwrap().contains("1 table restored") || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            server.log.lock().unwrap().contains("1 table restored")
        }
    );
    let mut ann = server.client();
    ann.send("Ann");
    ann.send("tables");
    assert!(ann.wait_for("Table 1: 2 players, 1 bot", 10).is_some());
    // The old code still works, and the game is where it was.
    ann.send("sit 1 000000");
    assert!(ann.wait_for("Wrong code for table 1", 10).is_some());
    ann.send(&format!("sit 1 {code}"));
    assert!(ann
        .wait_for("You sit at table 1 in seat 1 as Ann", 10)
        .is_some());
    let summary = ann.wait_for("VP:", 10).expect("a summary");
    assert!(summary.starts_with("Turn "), "{summary}");
    ann.skip();
    ann.send("status");
    let after = ann.wait_for("Turn ", 10).expect("status");
    assert_eq!(before, after, "the game resumes where it was");
    let mut ann = Player::new(ann, false);
    ann.nudge();
    assert!(
        play_to_end(&mut [&mut ann], 60, 3000),
        "the resumed game ends"
    );
}
