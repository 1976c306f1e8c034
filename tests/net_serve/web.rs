//! The web page's side of `smashup serve`: with `--http PORT` the page and its
//! WebSocket have a port of their own and the game port speaks lines at once, never
//! looking for a browser; without it one port serves both. And the panels (`panels
//! on`): a framed seat gets its own hand, the bases and the scores after every
//! change, also while others play, and never another seat's hand.

use super::game::heard_of;
use super::leak_check::leaked;
use super::support::{new_table, play_to_end, sit, Player, Server};
use smashup::engine::PlayerId;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;
use tokio_tungstenite::tungstenite::{self, Message};

/// What an HTTP GET of `path` on `port` answers.
fn get(port: u16, path: &str) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    out
}

#[test]
fn with_http_the_page_has_its_own_port_and_the_game_port_speaks_lines() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &["--http", "0"]);
    assert_ne!(server.web_port, server.port);
    let page = get(server.web_port, "/");
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    assert!(page.contains("role=\"log\""));

    // The game port takes even a browser's first line for a line client's.
    let mut line_client = server.client();
    line_client.send("GET / HTTP/1.1");
    assert!(line_client.wait_for("Smash Up server", 10).is_some());
    line_client.skip();
    assert!(!line_client.lines.iter().any(|l| l.starts_with("HTTP/")));

    // The WebSocket on the page's port carries the line protocol.
    let stream = TcpStream::connect(("127.0.0.1", server.web_port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let url = format!("ws://127.0.0.1:{}/ws", server.web_port);
    let (mut ws, _) = tungstenite::client(url.as_str(), stream).expect("the WebSocket opens");
    ws.send(Message::text("frames on")).unwrap();
    let mut heard = Vec::new();
    while !heard.iter().any(|l: &String| l == "lobby\tFrames on.") {
        match ws.read() {
            Ok(Message::Text(t)) => heard.push(t.to_string()),
            Ok(_) => {}
            Err(e) => panic!("the WebSocket read failed: {e}; heard {heard:?}"),
        }
    }
    assert!(heard[0].starts_with("Smash Up server"), "{heard:?}");
}

#[test]
fn without_http_one_port_serves_the_page_and_the_lines() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    assert_eq!(server.web_port, server.port);
    assert!(get(server.port, "/").starts_with("HTTP/1.1 200 OK"));
    let mut line_client = server.client();
    assert!(line_client.wait_for("Smash Up server", 10).is_some());
}

/// The lines of every `panel<TAB>NAME<TAB>...` line of `lines` for panel `name`.
fn panels<'a>(lines: &'a [String], name: &str) -> Vec<Vec<&'a str>> {
    let head = format!("panel\t{name}\t");
    lines
        .iter()
        .filter_map(|l| l.strip_prefix(&head))
        .map(|rest| rest.split('\t').collect())
        .collect()
}

#[test]
fn panels_follow_the_game_for_each_seat_alone() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let mut ann = server.client();
    ann.send("frames on");
    ann.send("panels on");
    let code = new_table(&mut ann, "Ann", "--players 3 --bots 1 --seed 11");
    let (mut ben, sat) = sit(&server, "Ben", true, &format!("1 {code}"));
    assert!(sat.contains("You sit at table 1 in seat 2"), "{sat}");
    // Ben asks at the table, as a setting of his seat.
    ben.send("panels on");
    assert!(ben.wait_for("Panels on", 10).is_some());
    ann.send("start");
    let mut ann = Player::new(ann, true);
    let mut ben = Player::new(ben, true);
    assert!(play_to_end(&mut [&mut ann, &mut ben], 120, 5000));

    for (who, seat) in [(&ann, 0u8), (&ben, 1u8)] {
        let lines = &who.client.lines;
        let hands = panels(lines, "hand");
        assert!(hands.len() > 3, "seat {seat} gets its hand as it changes");
        assert!(hands.iter().all(|h| h[0].starts_with("Your hand, ")));
        assert!(panels(lines, "bases").len() > 3);
        assert!(panels(lines, "scores").len() > 1);
        // Nothing the seat may not know, in any line (panels included).
        let (game, ok) = heard_of(&dir.path().join("table-1.ron"), PlayerId(seat));
        for line in lines {
            let text = line.split_once('\t').map_or(line.as_str(), |(_, t)| t);
            if let Some(name) = leaked(&game, text, &ok) {
                panic!("seat {seat} heard {name:?}: {line:?}");
            }
        }
        // A panel is sent again only when it has changed.
        for name in ["hand", "bases", "scores"] {
            let all = panels(lines, name);
            assert!(all.windows(2).all(|w| w[0] != w[1]), "{name} sent twice");
        }
    }

    // Ann's bases change while Ben or the bot plays: a bases panel arrives between
    // the start of another's turn and her next question.
    let lines = &ann.client.lines;
    let others = lines.iter().enumerate().filter(|(_, l)| {
        l.starts_with("narration\tTurn ")
            && (l.contains("Ben's turn") || l.contains("Bot 3's turn"))
    });
    let followed = others.filter(|(i, _)| {
        lines[i + 1..]
            .iter()
            .take_while(|l| !l.starts_with("question\t"))
            .any(|l| l.starts_with("panel\tbases\t"))
    });
    assert!(followed.count() > 2, "Ann's bases follow the others' turns");

    // Ben never gets a line of Ann's hand.
    let ann_hand: Vec<&str> = panels(&ann.client.lines, "hand")
        .into_iter()
        .flat_map(|h| h.into_iter().skip(1))
        .collect();
    assert!(!ann_hand.is_empty());
    for line in &ben.client.lines {
        assert!(
            !line.split('\t').any(|part| ann_hand.contains(&part)),
            "Ben got a line of Ann's hand: {line:?}"
        );
    }
}
