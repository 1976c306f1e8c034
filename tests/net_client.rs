//! `smashup join` through the binary in `--plain` mode, against small scripted servers
//! written here: the opening lines it sends (framing, name, settings, `sit`), framed
//! lines shown plain (no `prompt` or `words` lines, no tabs), a lost connection taken
//! back with the seat token, a server that never comes back, a `bye` line that ends
//! the client without connecting again, bad addresses; and on a
//! real `smashup serve`: TLS with a self-signed certificate (accepted with `--tls-ca`,
//! refused without), and a whole game with a raw-socket player and a bot, checked for
//! leaks of hidden cards.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

#[path = "leak_check/mod.rs"]
mod leak_check;
#[allow(dead_code)] // the page port is read by tests/net_serve only
#[path = "net_common/mod.rs"]
mod net_common;
use net_common::Server;

const WAIT: Duration = Duration::from_secs(20);

/// The client running, its standard output arriving line by line.
struct Client {
    child: Child,
    stdin: ChildStdin,
    out: Receiver<String>,
    seen: Vec<String>,
}

fn join(args: &[&str]) -> Client {
    let mut child = Command::new(env!("CARGO_BIN_EXE_smashup"))
        .arg("join")
        .args(args)
        .arg("--plain")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let out = lines_of(child.stdout.take().unwrap());
    Client {
        child,
        stdin,
        out,
        seen: Vec::new(),
    }
}

fn lines_of(r: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(r).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

impl Client {
    /// Waits for a line containing `text`; panics with what was seen if none comes.
    fn expect(&mut self, text: &str) -> String {
        let start = Instant::now();
        while start.elapsed() < WAIT {
            if let Ok(line) = self.out.recv_timeout(Duration::from_millis(100)) {
                self.seen.push(line.clone());
                if line.contains(text) {
                    return line;
                }
            }
        }
        panic!("no line with {text:?}; seen: {:#?}", self.seen);
    }

    fn type_line(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
    }

    /// The exit status, waiting at most `bound`.
    fn status(&mut self, bound: Duration) -> Option<i32> {
        let start = Instant::now();
        while start.elapsed() < bound {
            if let Some(s) = self.child.try_wait().unwrap() {
                return s.code();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        None
    }

    /// Everything left on standard output and standard error after the end.
    fn rest(&mut self) -> (Vec<String>, String) {
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut e, &mut err);
        }
        while let Ok(line) = self.out.recv_timeout(Duration::from_millis(200)) {
            self.seen.push(line);
        }
        (self.seen.clone(), err)
    }
}

/// A scripted server's end of one connection.
struct Peer {
    lines: BufReader<TcpStream>,
    out: TcpStream,
}

impl Peer {
    fn accept(listener: &TcpListener) -> Peer {
        let (s, _) = listener.accept().unwrap();
        s.set_read_timeout(Some(WAIT)).unwrap();
        Peer {
            lines: BufReader::new(s.try_clone().unwrap()),
            out: s,
        }
    }

    fn read(&mut self) -> String {
        let mut line = String::new();
        self.lines.read_line(&mut line).unwrap();
        line.trim_end().to_string()
    }

    fn send(&mut self, lines: &[&str]) {
        for l in lines {
            writeln!(self.out, "{l}").unwrap();
        }
    }
}

fn listener() -> (TcpListener, String) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap().to_string();
    (l, addr)
}

#[test]
fn the_client_sits_shows_framed_lines_plain_and_takes_its_seat_back() {
    let (listener, addr) = listener();
    let server = std::thread::spawn(move || {
        let mut peer = Peer::accept(&listener);
        let opening: Vec<String> = (0..6).map(|_| peer.read()).collect();
        peer.send(&[
            "lobby\tYou sit at table 3 in seat 1 as Ann. Your seat token is T0K3N: resume T0K3N gets this seat back.",
            "words\tplay\tend\tGremlin",
            "narration\tBen plays Gremlin.",
            "question\tYour turn 2: play a card by its number, or end.",
            "option\t1. pm3 Saucy Wench, minion, power 3",
            "option\t2. end: stop playing cards this turn",
            "prompt\tYour answer> ",
        ]);
        let answer = peer.read();
        drop(peer);
        // The connection is lost; the client comes back with its token.
        let mut again = Peer::accept(&listener);
        let rejoin: Vec<String> = (0..6).map(|_| again.read()).collect();
        again.send(&["lobby\tAnn is back.", "prompt\t> "]);
        let last = again.read();
        again.send(&["lobby\tGoodbye."]);
        (opening, answer, rejoin, last)
    });
    let mut client = join(&[
        &addr,
        "--name",
        "Ann",
        "--table",
        "3",
        "--code",
        "abc",
        "--verbosity",
        "brief",
        "--codes",
        "off",
        "--recap",
    ]);
    client.expect("1. pm3 Saucy Wench");
    client.expect("2. end");
    client.type_line("1");
    client.expect("lost");
    client.expect("Ann is back.");
    client.type_line("stop");
    client.expect("Stopped.");
    client.type_line("quit");
    assert_eq!(client.status(WAIT), Some(0));
    let (seen, err) = client.rest();
    let (opening, answer, rejoin, last) = server.join().unwrap();
    assert_eq!(
        opening,
        [
            "frames on",
            "name Ann",
            "verbosity brief",
            "codes off",
            "recap on",
            "sit 3 abc"
        ]
    );
    assert_eq!(answer, "1");
    assert_eq!(
        rejoin,
        [
            "frames on",
            "name Ann",
            "verbosity brief",
            "codes off",
            "recap on",
            "resume T0K3N"
        ]
    );
    assert_eq!(last, "quit");
    assert!(seen.iter().any(|l| l == "Ben plays Gremlin."), "{seen:#?}");
    // Plain lines only: no framing words, no prompts, no completion words.
    for line in &seen {
        assert!(
            !line.contains('\t') && !line.contains("Your answer>"),
            "{line:?}"
        );
        assert!(!line.contains('\u{1b}'), "escape code in {line:?}");
    }
    assert!(err.is_empty(), "{err}");
}

#[test]
fn a_connection_that_does_not_come_back_ends_the_client_with_a_failure() {
    let (listener, addr) = listener();
    let server = std::thread::spawn(move || {
        let mut peer = Peer::accept(&listener);
        peer.send(&["lobby\tWelcome. Your name?"]);
        let first = peer.read();
        // The server goes away for good: the listener closes too.
        drop(listener);
        first
    });
    let mut client = join(&[&addr]);
    client.expect("Welcome.");
    let lost = client.expect("lost");
    assert!(
        lost.starts_with(&format!("Connection to {addr} lost")),
        "{lost}"
    );
    client.expect("Gave up");
    assert_eq!(client.status(WAIT), Some(1));
    let (seen, err) = client.rest();
    assert_eq!(server.join().unwrap(), "frames on");
    assert!(!err.contains("panicked"), "{err}");
    assert!(seen.iter().all(|l| !l.contains("panicked")));
}

#[test]
fn a_bye_line_is_shown_and_ends_the_client_without_connecting_again() {
    let (listener, addr) = listener();
    let server = std::thread::spawn(move || {
        let mut peer = Peer::accept(&listener);
        let first = peer.read();
        peer.send(&["lobby\tWelcome.", "bye\tToo many lines too fast; goodbye."]);
        drop(peer);
        // The listener stays open: a client that tried again would be accepted.
        listener.set_nonblocking(true).unwrap();
        let start = Instant::now();
        let mut again = false;
        while start.elapsed() < Duration::from_secs(3) {
            again |= listener.accept().is_ok();
            std::thread::sleep(Duration::from_millis(50));
        }
        (first, again)
    });
    let mut client = join(&[&addr]);
    client.expect("Welcome.");
    client.expect("Too many lines too fast; goodbye.");
    assert_eq!(client.status(WAIT), Some(1));
    let (seen, err) = client.rest();
    let (first, again) = server.join().unwrap();
    assert_eq!(first, "frames on");
    assert!(!again, "the client connected again after a bye");
    assert!(seen.iter().all(|l| !l.contains("lost")), "{seen:#?}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_bad_or_refused_address_is_one_line_and_a_failure() {
    // A port nobody listens on: bound, then closed.
    let (listener, addr) = listener();
    drop(listener);
    for (address, code) in [(addr.as_str(), 1), ("localhost:notaport", 2), ("host:0", 2)] {
        let out = Command::new(env!("CARGO_BIN_EXE_smashup"))
            .args(["join", address, "--plain"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{address}: {err}");
        assert_eq!(err.lines().count(), 1, "{address}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.stdout.is_empty());
    }
}

mod tls {
    use super::*;

    /// A self-signed certificate for 127.0.0.1 and localhost, as PEM: (cert, key).
    fn self_signed() -> (String, String) {
        let names = vec!["localhost".to_string(), "127.0.0.1".to_string()];
        let key = rcgen::generate_simple_self_signed(names).unwrap();
        (key.cert.pem(), key.key_pair.serialize_pem())
    }

    #[test]
    fn tls_with_the_servers_certificate_works_and_without_it_is_refused() {
        let (cert, key) = self_signed();
        let dir = tempfile::tempdir().unwrap();
        let (cert_file, key_file) = (dir.path().join("server.pem"), dir.path().join("key.pem"));
        std::fs::write(&cert_file, &cert).unwrap();
        std::fs::write(&key_file, &key).unwrap();
        let (cert, key) = (cert_file.to_str().unwrap(), key_file.to_str().unwrap());
        let server = Server::start(dir.path(), &["--tls-cert", cert, "--tls-key", key]);
        let addr = server.addr();

        let ca = cert_file.to_str().unwrap();
        let mut client = join(&[&addr, "--tls", "--tls-ca", ca, "--name", "Ann"]);
        client.expect("Hello, Ann.");
        client.type_line("tables");
        client.expect("No tables yet");
        client.type_line("quit");
        assert_eq!(client.status(WAIT), Some(0));

        // Without the certificate it is not trusted: one line, nothing sent in clear.
        let out = Command::new(env!("CARGO_BIN_EXE_smashup"))
            .args(["join", &addr, "--tls", "--plain"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("TLS:"), "{err}");
        assert!(out.stdout.is_empty());
        drop(server);
    }
}

/// A game on a real `smashup serve`: one person through `smashup join`, one through a
/// raw socket as `nc` would (plain lines), and a bot, played to the end; neither
/// person's lines name a card of another seat that they may not know.
mod real_server {
    use super::*;
    use crate::leak_check;
    use smashup::engine::{GameState, PlayerId, Uid};
    use std::collections::HashSet;

    /// The server's flags here: scripted people answer faster than any person.
    const FAST: &[&str] = &["--flood-rate", "100000"];

    /// A scripted person reading plain lines: answers a question with its first
    /// option's number; true when the line says the game is over.
    struct Script {
        in_options: bool,
    }

    impl Script {
        fn heard(&mut self, line: &str) -> (Option<String>, bool) {
            let digits = |n: &&str| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit());
            // An entry line ("1. yes"), or a question said on one line ("Do it? 1.
            // yes; 2. no.", "1 action left. 4 options: 2. na Poison; 5. end.").
            let inline = [": ", "? ", ". "].iter().find_map(|mark| {
                line.match_indices(mark).find_map(|(at, _)| {
                    line[at + 2..]
                        .split_once(". ")
                        .map(|(n, _)| n)
                        .filter(digits)
                })
            });
            let number = line
                .split_once(". ")
                .map(|(n, _)| n)
                .filter(digits)
                .or(inline);
            let answer = match number {
                Some(n) if !self.in_options => Some(n.to_string()),
                _ => None,
            };
            self.in_options = number.is_some();
            (answer, line.starts_with("Game over"))
        }
    }

    /// The table number and code in "Table 4 is set up; its join code is 482911. ...".
    fn table_and_code(line: &str) -> (String, String) {
        let id = line
            .split("Table ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .unwrap();
        let code = line.split("join code is ").nth(1).unwrap();
        let code: String = code.chars().take_while(|c| c.is_alphanumeric()).collect();
        (id.to_string(), code)
    }

    /// Every card `viewer` may have known at some point of the saved game.
    fn known_in_game(save: &std::path::Path, viewer: PlayerId) -> (GameState, HashSet<Uid>) {
        let (file, _) = smashup::play::save::read(save).unwrap();
        let mut game = GameState::new(&file.config).unwrap();
        let events = game.take_events();
        let mut ok = leak_check::allowed(&game, &game, &events, Some(viewer));
        for &a in &file.answers {
            let before = game.clone();
            let events = game.answer(a as usize).unwrap();
            ok.extend(leak_check::allowed(&before, &game, &events, Some(viewer)));
        }
        (game, ok)
    }

    #[test]
    fn idling_in_the_lobby_is_said_and_ends_the_client_with_a_failure() {
        let dir = tempfile::tempdir().unwrap();
        let server = Server::start(dir.path(), &["--lobby-idle", "1"]);
        let addr = server.addr();
        let mut client = join(&[&addr, "--name", "Ann"]);
        client.expect("Hello, Ann.");
        client.expect("Idle in the lobby for 1 seconds; goodbye.");
        assert_eq!(client.status(WAIT), Some(1));
        let (seen, err) = client.rest();
        assert!(
            seen.iter().all(|l| !l.contains("trying to connect again")),
            "{seen:#?}"
        );
        assert!(!err.contains("panicked"), "{err}");
        drop(server);
    }

    #[test]
    fn a_join_client_a_raw_socket_and_a_bot_play_a_game_to_the_end() {
        let dir = tempfile::tempdir().unwrap();
        let server = Server::start(dir.path(), FAST);
        let addr = server.addr();

        // Ben, with a raw socket and plain lines, sets the table up.
        let ben = TcpStream::connect(&addr).unwrap();
        ben.set_read_timeout(Some(WAIT)).unwrap();
        let mut ben_out = ben.try_clone().unwrap();
        let ben_in = lines_of(ben);
        let mut ben_seen = Vec::new();
        let ben_wait = |text: &str, seen: &mut Vec<String>| loop {
            let line = ben_in
                .recv_timeout(WAIT)
                .unwrap_or_else(|_| panic!("Ben waited for {text:?}: {seen:#?}"));
            seen.push(line.clone());
            if line.contains(text) {
                return line;
            }
        };
        writeln!(ben_out, "name Ben\nnew --players 3 --bots 1 --seed 21").unwrap();
        let made = ben_wait("join code is", &mut ben_seen);
        let (id, code) = table_and_code(&made);

        // Ann sits down through the client.
        let mut ann = join(&[&addr, "--name", "Ann", "--table", &id, "--code", &code]);
        ann.expect("Your seat token is");
        ben_wait("Ann sits down", &mut ben_seen);
        writeln!(ben_out, "start").unwrap();

        let ben_player = std::thread::spawn(move || {
            let mut script = Script { in_options: false };
            loop {
                let Ok(line) = ben_in.recv_timeout(Duration::from_secs(120)) else {
                    panic!(
                        "Ben heard nothing for two minutes: {:#?}",
                        &ben_seen[ben_seen.len().saturating_sub(30)..]
                    );
                };
                ben_seen.push(line.clone());
                let (answer, over) = script.heard(&line);
                if over {
                    return (ben_seen, ben_out);
                }
                if let Some(a) = answer {
                    writeln!(ben_out, "{a}").unwrap();
                }
            }
        });
        let mut script = Script { in_options: false };
        loop {
            let Ok(line) = ann.out.recv_timeout(Duration::from_secs(120)) else {
                panic!(
                    "Ann heard nothing for two minutes: {:#?}",
                    &ann.seen[ann.seen.len().saturating_sub(30)..]
                );
            };
            ann.seen.push(line.clone());
            let (answer, over) = script.heard(&line);
            if over {
                break;
            }
            if let Some(a) = answer {
                ann.type_line(&a);
            }
        }
        let (ben_seen, mut ben_out) = ben_player.join().unwrap();

        // Each person heard their own game, and nothing of the others' hidden cards
        // (checked before they leave: a finished table is forgotten once everyone has).
        let save = dir.path().join(format!("table-{id}.ron"));
        for (seen, viewer) in [(&ben_seen, PlayerId(0)), (&ann.seen, PlayerId(1))] {
            assert!(seen.iter().any(|l| l.starts_with("Game over")));
            let (game, ok) = known_in_game(&save, viewer);
            for line in seen {
                assert!(!line.contains('\t'), "framing on a plain line: {line:?}");
                if let Some(name) = leak_check::leaked(&game, line, &ok) {
                    panic!("seat {} heard {name}: {line}", viewer.0 + 1);
                }
            }
        }
        writeln!(ben_out, "quit\nquit").unwrap();
        ann.type_line("quit");
        assert_eq!(ann.status(WAIT), Some(0));
        let (_, err) = ann.rest();
        assert!(err.is_empty(), "{err}");
        assert!(server.log.lock().unwrap().contains("game over"));
    }

    #[test]
    fn the_client_takes_its_seat_back_when_the_server_is_killed_and_restarted() {
        let dir = tempfile::tempdir().unwrap();
        let mut server = Server::start(dir.path(), FAST);
        let addr = server.addr();
        let mut ann = join(&[&addr, "--name", "Ann"]);
        ann.expect("Hello, Ann.");
        ann.type_line("new --players 2 --bots 1 --seed 5");
        let token = ann.expect("Your seat token is");
        ann.type_line("start");
        ann.expect("Your turn");
        // The server dies mid-game and comes back on the same port with its data.
        server.kill();
        ann.expect(&format!("Connection to {addr} lost"));
        let _server = Server::start_on(dir.path(), server.port, FAST);
        ann.expect(&format!("Connected again to {addr}"));
        let again = ann.expect("Your seat token is");
        assert_eq!(again, token, "the same seat, by its token");
        ann.expect("Your turn");
        ann.type_line("score");
        ann.expect("15 VP wins");
        ann.type_line("quit");
        assert_eq!(ann.status(WAIT), Some(0));
        let (_, err) = ann.rest();
        assert!(err.is_empty(), "{err}");
    }
}
