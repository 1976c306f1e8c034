//! Scripted raw-socket clients that read with short timeouts (every wait is bounded
//! by time), beside the server process of `net_common`.

pub use super::net_common::Server;

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// A raw socket, as `nc` would be: what it received, line by line.
pub struct Client {
    stream: TcpStream,
    partial: Vec<u8>,
    /// Every line received.
    pub lines: Vec<String>,
    /// Lines before this one were already looked at by `wait_for`.
    mark: usize,
}

impl Client {
    /// Connects to the server on `port`.
    pub fn connect(port: u16) -> Client {
        let stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_millis(15)))
            .unwrap();
        Client {
            stream,
            partial: Vec::new(),
            lines: Vec::new(),
            mark: 0,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        let _ = self.stream.write_all(format!("{line}\n").as_bytes());
    }

    /// Sends raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.stream.write_all(bytes)
    }

    /// Reads what has arrived (until a short quiet); the new lines, and false once
    /// the server has closed the connection.
    pub fn poll(&mut self) -> (Vec<String>, bool) {
        let mut new = Vec::new();
        let mut open = true;
        let mut chunk = [0u8; 65536];
        loop {
            match self.stream.read(&mut chunk) {
                Ok(0) => {
                    open = false;
                    break;
                }
                Ok(n) => self.partial.extend_from_slice(&chunk[..n]),
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => break,
                Err(_) => {
                    open = false;
                    break;
                }
            }
        }
        while let Some(at) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=at).collect();
            let text = String::from_utf8_lossy(&line[..at]).into_owned();
            new.push(text.clone());
            self.lines.push(text);
        }
        (new, open)
    }

    /// Waits up to `secs` for a line containing `needle` after the last one found;
    /// that line.
    pub fn wait_for(&mut self, needle: &str, secs: u64) -> Option<String> {
        let end = Instant::now() + Duration::from_secs(secs);
        loop {
            if let Some(k) = self.lines[self.mark..]
                .iter()
                .position(|l| l.contains(needle))
            {
                self.mark += k + 1;
                return Some(self.lines[self.mark - 1].clone());
            }
            let (_, open) = self.poll();
            if Instant::now() > end || (!open && self.partial.is_empty()) {
                let (_, _) = self.poll();
                return self.lines[self.mark..]
                    .iter()
                    .find(|l| l.contains(needle))
                    .cloned();
            }
        }
    }

    /// Reads what has arrived and forgets it for `wait_for`.
    pub fn skip(&mut self) {
        self.poll();
        self.mark = self.lines.len();
    }

    /// Waits up to `secs` for the server to close the connection.
    pub fn wait_closed(&mut self, secs: u64) -> bool {
        let end = Instant::now() + Duration::from_secs(secs);
        while Instant::now() < end {
            if !self.poll().1 {
                return true;
            }
        }
        false
    }
}

/// The number of the option a scripted person takes: the first one that is not
/// using a Talent (which could be used again and again), else the first ("3. cm3
/// Muffin ..." gives "3").
pub fn first_number(options: &[String]) -> Option<String> {
    let number = |o: &String| o.chars().take_while(char::is_ascii_digit).collect();
    options
        .iter()
        .find(|o| {
            !o.split_once(". ")
                .is_some_and(|(_, t)| t.starts_with("use "))
        })
        .or(options.first())
        .map(number)
}

/// True for a numbered option line.
pub fn is_option(line: &str) -> bool {
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && line[digits..].starts_with(". ")
}

/// A person who answers every question with its first option: plain lines (read
/// as a block that ends in options) or framed ones (answered at the prompt).
pub struct Player {
    /// The socket.
    pub client: Client,
    framed: bool,
    options: Vec<String>,
    /// Answers sent.
    pub answers: usize,
    /// The game-over line has arrived.
    pub over: bool,
}

impl Player {
    /// A player on `client`, framed or plain.
    pub fn new(client: Client, framed: bool) -> Player {
        Player {
            client,
            framed,
            options: Vec::new(),
            answers: 0,
            over: false,
        }
    }

    /// Reads and answers; true if anything arrived.
    pub fn step(&mut self) -> bool {
        let (new, _) = self.client.poll();
        let mut answer_now = false;
        for line in &new {
            let (kind, text) = match (self.framed, line.split_once('\t')) {
                (true, Some((k, t))) => (k, t),
                _ => ("", line.as_str()),
            };
            if text.contains("The game is over.") {
                self.over = true;
            }
            if self.framed {
                match kind {
                    "option" => self.options.push(text.to_string()),
                    "question" => self.options.clear(),
                    "prompt" if text.starts_with("Your answer") => answer_now = true,
                    _ => {}
                }
            } else if is_option(text) {
                self.options.push(text.to_string());
            } else {
                self.options.clear();
            }
        }
        if !self.framed && new.is_empty() && !self.options.is_empty() {
            answer_now = true;
        }
        if answer_now && !self.over {
            if let Some(n) = first_number(&self.options) {
                self.client.send(&n);
                self.answers += 1;
            }
            self.options.clear();
        }
        !new.is_empty()
    }
}

impl Player {
    /// Asks for the question again (after a quiet spell).
    pub fn nudge(&mut self) {
        self.client
            .send(if self.framed { "options" } else { "repeat" });
    }
}

/// Plays `players` until each has heard the game end, nudging them after a quiet
/// spell; bounded by `secs` and by `max_answers`.
pub fn play_to_end(players: &mut [&mut Player], secs: u64, max_answers: usize) -> bool {
    let end = Instant::now() + Duration::from_secs(secs);
    let mut quiet_since = Instant::now();
    while Instant::now() < end {
        let mut any = false;
        for p in players.iter_mut() {
            any |= p.step();
        }
        if players.iter().all(|p| p.over) {
            return true;
        }
        if players.iter().map(|p| p.answers).sum::<usize>() > max_answers {
            return false;
        }
        if any {
            quiet_since = Instant::now();
        } else if quiet_since.elapsed() > Duration::from_millis(700) {
            for p in players.iter_mut() {
                p.nudge();
            }
            quiet_since = Instant::now();
        }
    }
    false
}

/// Signs `client` in as `name` and sets up a table with `flags`; its join code.
pub fn new_table(client: &mut Client, name: &str, flags: &str) -> String {
    client.send(&format!("name {name}"));
    client.send(&format!("new {flags}"));
    let line = client
        .wait_for("join code is ", 10)
        .expect("the table is set up");
    line.split("join code is ")
        .nth(1)
        .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
        .expect("a code")
        .to_string()
}

/// A new client signed in as `name` (framed when `framed`) that sits down with
/// `sit ARGS` ("1 CODE", and factions if any): the client and its "You sit at table
/// ..." line.
pub fn sit(server: &Server, name: &str, framed: bool, args: &str) -> (Client, String) {
    let mut client = server.client();
    if framed {
        client.send("frames on");
    }
    client.send(&format!("name {name}"));
    client.send(&format!("sit {args}"));
    let sat = client
        .wait_for("You sit at table ", 10)
        .unwrap_or_else(|| panic!("{name} sits"));
    (client, sat)
}

/// The seat token in a "You sit at table ..." line.
pub fn seat_token(line: &str) -> String {
    line.split("resume ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .expect("a token")
        .to_string()
}

impl Server {
    /// A raw-socket client connected to it.
    pub fn client(&self) -> Client {
        Client::connect(self.port)
    }
}
