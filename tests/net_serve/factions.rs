//! Each person chooses their own two factions at a networked table before the start:
//! `factions A,B` or `sit TABLE CODE A,B`, a clash refused, `who` and `tables` telling
//! them, the game starting with them, and its save replaying after a restart.

use super::support::{new_table, Server};

#[test]
fn people_choose_their_own_factions_and_the_game_starts_with_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(dir.path(), &[]);
    let mut ann = server.client();
    assert!(ann.wait_for("Your name?", 10).is_some());
    let code = new_table(&mut ann, "Ann", "--players 3 --bots 1 --seed 11");
    assert!(ann
        .wait_for("Type start when everyone is seated", 10)
        .is_some());
    ann.send("factions pirates,ninjas");
    assert!(ann
        .wait_for("Your factions: Pirates and Ninjas.", 10)
        .is_some());
    let mut ben = server.client();
    ben.send("Ben");
    ben.send("sit 1");
    assert!(ben
        .wait_for("Expected a table number and its code", 10)
        .is_some());
    // The short form, with a faction Ann has: refused in one line naming her.
    ben.send(&format!("sit 1 {code} pirates,robots"));
    assert!(ben
        .wait_for("You sit at table 1 in seat 2 as Ben", 10)
        .is_some());
    assert!(ben.wait_for("Pirates is taken: Ann has it.", 10).is_some());
    ben.send("factions pirats,robots");
    let miss = ben.wait_for("No faction", 10).expect("a miss");
    assert!(miss.contains("did you mean Pirates?"), "{miss}");
    ben.send("factions zombies");
    assert!(ben.wait_for("Expected two factions", 10).is_some());
    ben.send("factions z,robots");
    assert!(ben
        .wait_for("Your factions: Zombies and Robots.", 10)
        .is_some());
    assert!(ann
        .wait_for("Ben chooses Zombies and Robots.", 10)
        .is_some());
    ben.send("who");
    assert!(ben
        .wait_for("Seat 1: Ann, here. Pirates and Ninjas.", 10)
        .is_some());
    assert!(ben
        .wait_for("Seat 2: Ben, here (you). Zombies and Robots.", 10)
        .is_some());
    assert!(ben
        .wait_for("Seat 3: a bot. Factions drawn at start.", 10)
        .is_some());
    let mut cat = server.client();
    cat.send("Cat");
    cat.send("tables");
    let listed = cat.wait_for("Table 1:", 10).expect("a table listed");
    assert!(listed.contains("factions from Core Set;"), "{listed}");

    ann.send("start");
    let line = ann
        .wait_for(
            "You: Pirates and Ninjas; Ben: Zombies and Robots; Bot 3: ",
            20,
        )
        .expect("the start names everyone's factions");
    let bot = line.split("Bot 3: ").nth(1).unwrap_or_default();
    for taken in ["Pirates", "Ninjas", "Zombies", "Robots"] {
        assert!(
            !bot.contains(taken),
            "the bot drew a chosen faction: {line}"
        );
    }
    assert!(ben
        .wait_for("Ann: Pirates and Ninjas; You: Zombies and Robots", 20)
        .is_some());
    ann.send("factions aliens,dinosaurs");
    assert!(ann
        .wait_for("The game has started: factions are chosen before it.", 10)
        .is_some());

    // The table's save replays with the chosen factions after a crash.
    server.kill();
    let server = Server::start(dir.path(), &[]);
    let mut ann = server.client();
    ann.send("Ann");
    ann.send(&format!("sit 1 {code}"));
    assert!(ann
        .wait_for("You sit at table 1 in seat 1 as Ann", 10)
        .is_some());
    ann.send("who");
    let ben_seat = ann.wait_for("Seat 2: Ben", 10).expect("Ben's seat");
    assert!(ben_seat.ends_with(". Zombies and Robots."), "{ben_seat}");
}

#[test]
fn the_creators_factions_still_go_to_the_first_seats() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let mut ann = server.client();
    let code = new_table(
        &mut ann,
        "Ann",
        "--players 2 --bots 0 --seed 3 --factions pirates,ninjas,zombies,robots",
    );
    let mut ben = server.client();
    ben.send("Ben");
    ben.send(&format!("sit 1 {code}"));
    ben.send("who");
    assert!(ben
        .wait_for("Seat 2: Ben, here (you). Zombies and Robots.", 10)
        .is_some());
    // Ben chooses his own instead; Ann's are hers.
    ben.send("factions ninjas,robots");
    assert!(ben.wait_for("Ninjas is taken: Ann has it.", 10).is_some());
    ben.send("factions aliens,robots");
    assert!(ben
        .wait_for("Your factions: Aliens and Robots.", 10)
        .is_some());
    ann.send("start");
    assert!(ann
        .wait_for("You: Pirates and Ninjas; Ben: Aliens and Robots", 20)
        .is_some());
}
