//! The lobby: names, tables, codes, seats, the creator's start, who and say.

use super::support::{new_table, Server};

#[test]
fn the_lobby_refuses_what_it_should_and_tells_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let mut ann = server.client();
    assert!(ann.wait_for("Your name?", 10).is_some());
    let code = new_table(&mut ann, "Ann", "--players 3 --bots 0 --seed 9");
    assert!(ann
        .wait_for("Type start when everyone is seated", 10)
        .is_some());
    // A bare first line is the name.
    let mut ben = server.client();
    ben.send("Ben");
    assert!(ben.wait_for("Hello, Ben.", 10).is_some());
    ben.send("tables");
    let listed = ben.wait_for("Table 1:", 10).expect("a table listed");
    assert!(
        listed.contains("3 players, 0 bots, 2 seats free; waiting to start; created by Ann"),
        "{listed}"
    );
    assert!(!listed.contains(&code), "the listing never says the code");
    ben.send("sit 1 000000");
    assert!(ben.wait_for("Wrong code for table 1", 10).is_some());
    ben.send("sit 7 000000");
    assert!(ben.wait_for("No table \"7\"", 10).is_some());
    ben.send("say hello");
    assert!(ben.wait_for("Sit at a table first", 10).is_some());
    ben.send(&format!("join 1 {code}"));
    assert!(ben
        .wait_for("You sit at table 1 in seat 2 as Ben", 10)
        .is_some());
    assert!(ben
        .wait_for("Waiting for the table's creator to start", 10)
        .is_some());
    assert!(ann.wait_for("Ben sits down in seat 2.", 10).is_some());
    ben.send("start");
    assert!(ben
        .wait_for("Only the table's creator, Ann, can start the game.", 10)
        .is_some());
    // The same name while Ann is here: the seat is taken.
    let mut fake = server.client();
    fake.send("name Ann");
    fake.send(&format!("sit 1 {code}"));
    assert!(fake.wait_for("Seat taken", 10).is_some());
    // Chat, escaped.
    ann.send("say nice one\u{1b}[2J");
    assert!(ben.wait_for("Ann says: nice one\\u{1b}[2J", 10).is_some());
    assert!(ann.wait_for("Ann says: nice one", 10).is_some());
    ann.send("who");
    assert!(ann.wait_for("Seat 1: Ann, here (you).", 10).is_some());
    assert!(ann.wait_for("Seat 2: Ben, here.", 10).is_some());
    assert!(ann.wait_for("Seat 3: free.", 10).is_some());
    // The third seat, then no more.
    let mut cat = server.client();
    cat.send("Cat");
    cat.send(&format!("sit 1 {code}"));
    assert!(cat
        .wait_for("You sit at table 1 in seat 3 as Cat", 10)
        .is_some());
    fake.send("name Dan");
    fake.send(&format!("sit 1 {code}"));
    assert!(fake.wait_for("Table 1 has no seat free", 10).is_some());
    // At the table, lobby commands wait; a seat answers only its own question.
    cat.send("tables");
    assert!(cat.wait_for("type quit to leave it first", 10).is_some());
    cat.send("hand");
    assert!(cat.wait_for("The game has not started yet", 10).is_some());
    ann.send("start");
    assert!(ben.wait_for("New game, seed 9", 10).is_some());
    assert!(server
        .log
        .lock()
        .unwrap()
        .contains("table 1: started by Ann"));
    cat.skip();
    cat.send("1");
    let refused = cat
        .wait_for("Not your question", 10)
        .or_else(|| cat.wait_for("Turn", 1));
    assert!(refused.is_some(), "{:?}", cat.lines);
    // Settings per seat.
    ben.send("codes off");
    assert!(ben.wait_for("Codes off.", 10).is_some());
    ben.send("save");
    assert!(ben
        .wait_for("The server saves this table after every answer", 10)
        .is_some());
    ben.send("undo");
    assert!(ben
        .wait_for("Undo is off at a networked table", 10)
        .is_some());
    // `new` without flags asks the numbered questions of `smashup play`.
    let mut eve = server.client();
    eve.send("Eve");
    eve.send("new --seed 4");
    assert!(eve.wait_for("How many players?", 10).is_some());
    eve.send("2");
    assert!(eve.wait_for("How many of them are bots?", 10).is_some());
    eve.send("1");
    assert!(eve.wait_for("How are factions chosen?", 10).is_some());
    eve.send("choose");
    assert!(eve
        .wait_for("Table 2 is set up; its join code is", 10)
        .is_some());
    assert!(eve
        .wait_for("You sit at table 2 in seat 1 as Eve", 10)
        .is_some());
    // Leaving before the end keeps the seat; quitting the lobby closes the connection.
    ben.send("quit");
    assert!(ben.wait_for("your seat is kept", 10).is_some());
    assert!(ann.wait_for("Ben left the table.", 10).is_some());
    ben.send("quit");
    assert!(ben.wait_for("Goodbye.", 10).is_some());
    assert!(ben.wait_closed(10));
}
