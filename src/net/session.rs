//! One person's connection, from greeting to goodbye: lines are read with their
//! limits (length, text, rate, idling in the lobby), lobby commands are answered here,
//! and at a table every other line goes to the table (`NetTable::line`), which answers
//! it through the person's own view of the game.

use super::conn::{read_line, write_loop, Conn, Incoming};
use super::lobby::{self, SetupStep, SetupTalk, Shared, HELP};
use super::server::{Server, FLOOD_BURST};
use super::table::{event, NetTable, Settings};
use super::{Kind, MAX_LINE};
use crate::quote::{echo, quote};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, BufReader};
use tokio::sync::Notify;

/// The longest name a person may take, in characters.
pub const MAX_NAME: usize = 24;

/// Where a connection is.
enum Place {
    /// In the lobby.
    Lobby,
    /// Answering the set-up questions of a new table.
    SettingUp(SetupTalk),
    /// At a table, in a seat.
    Seated { table: Shared, id: u32, seat: usize },
}

/// One connection's conversation.
struct Session {
    conn: Conn,
    server: Arc<Server>,
    name: Option<String>,
    place: Place,
    settings: Settings,
}

/// Counts lines against [`FLOOD_BURST`] and the server's flood rate
/// ([`super::server::FLOOD_RATE`] unless told).
struct Flood {
    tokens: f64,
    rate: f64,
    at: Instant,
}

impl Flood {
    /// False once the client sends faster than allowed.
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(FLOOD_BURST);
        self.at = now;
        self.tokens -= 1.0;
        self.tokens >= 0.0
    }
}

/// Serves one connection until it ends.
pub async fn run<S>(stream: S, server: Arc<Server>)
where
    S: AsyncRead + AsyncWrite + Send + Unpin + 'static,
{
    let (rd, wr) = tokio::io::split(stream);
    let kill = Arc::new(Notify::new());
    let (conn, rx) = Conn::new(server.next_conn_id(), Arc::clone(&kill));
    let writer = tokio::spawn(write_loop(wr, rx, Arc::clone(&kill)));
    let mut session = Session {
        conn,
        server,
        name: None,
        place: Place::Lobby,
        settings: Settings::default(),
    };
    session.greet();
    let mut reader = BufReader::new(rd);
    let mut buf = Vec::new();
    let mut flood = Flood {
        tokens: FLOOD_BURST,
        rate: session.server.flood_rate,
        at: Instant::now(),
    };
    let mut last = Instant::now();
    let goodbye = loop {
        let idle = !matches!(session.place, Place::Seated { .. });
        let deadline = last + session.server.lobby_idle;
        let read = tokio::select! {
            _ = kill.notified() => break None,
            _ = tokio::time::sleep_until(deadline.into()), if idle => {
                break Some(format!(
                    "Idle in the lobby for {} seconds; goodbye.",
                    session.server.lobby_idle.as_secs()
                ));
            }
            r = read_line(&mut reader, &mut buf) => r,
        };
        last = Instant::now();
        if !flood.take() {
            break Some("Too many lines too fast; goodbye.".to_string());
        }
        match read {
            Err(_) | Ok(Incoming::End) => break None,
            Ok(Incoming::TooLong) => session.error(format!(
                "Line refused: longer than {MAX_LINE} bytes; nothing changed."
            )),
            Ok(Incoming::NotText) => {
                session.error("Line refused: it is not UTF-8 text; nothing changed.".into())
            }
            Ok(Incoming::Line(text)) => {
                if !session.handle(&text).await {
                    break Some("Goodbye.".to_string());
                }
            }
        }
    };
    session.leave().await;
    if let Some(text) = goodbye {
        session.conn.send(Kind::Bye, text);
    }
    drop(session);
    let abort = writer.abort_handle();
    if tokio::time::timeout(Duration::from_secs(5), writer)
        .await
        .is_err()
    {
        abort.abort();
        return;
    }
    // The goodbye is sent and the socket half closed; what the client still sends
    // is read and dropped for a moment, so that closing does not reset the
    // connection before the client has read its last line.
    let _ = tokio::time::timeout(LINGER, async {
        let mut sink = [0u8; 8192];
        let mut left = LINGER_BYTES;
        while left > 0 {
            match tokio::io::AsyncReadExt::read(&mut reader, &mut sink).await {
                Ok(0) | Err(_) => break,
                Ok(n) => left = left.saturating_sub(n),
            }
        }
    })
    .await;
}

/// How long a closing connection's last bytes are read and dropped.
const LINGER: Duration = Duration::from_secs(1);
/// How many of them at most.
const LINGER_BYTES: usize = 1 << 20;

impl Session {
    fn greet(&self) {
        let open = self.server.lobby.all().len();
        self.lobby(format!(
            "Smash Up server, {open} table{} open. Type help for the commands.",
            if open == 1 { "" } else { "s" }
        ));
        self.lobby("Your name? Type it, or name NAME.".into());
        self.prompt();
    }

    fn lobby(&self, text: String) {
        self.conn.send(Kind::Lobby, text);
    }

    fn error(&self, text: String) {
        self.conn.send(Kind::Error, text);
        self.prompt();
    }

    fn prompt(&self) {
        if !matches!(self.place, Place::Seated { .. }) {
            self.conn.send(Kind::Prompt, "lobby> ");
        }
    }

    /// Handles one line; false when the person leaves the server.
    async fn handle(&mut self, line: &str) -> bool {
        let text = line.trim();
        let (word, rest) = match text.split_once(char::is_whitespace) {
            Some((w, r)) => (w.to_lowercase(), r.trim()),
            None => (text.to_lowercase(), ""),
        };
        if word == "frames" {
            match rest.to_lowercase().as_str() {
                "on" | "off" => {
                    self.conn.frames(rest.eq_ignore_ascii_case("on"));
                    self.lobby(format!("Frames {}.", rest.to_lowercase()));
                    match &self.place {
                        Place::Seated { table, seat, .. } => {
                            let mut t = table.lock().await;
                            t.forget_words(*seat);
                            t.prompts(Some(*seat));
                        }
                        _ => {
                            self.conn.send(Kind::Words, lobby::LOBBY_WORDS.join("\t"));
                            self.prompt();
                        }
                    }
                }
                _ => self.error("Expected on or off after frames.".into()),
            }
            return true;
        }
        if let Place::SettingUp(_) = self.place {
            self.set_up(Some(text.to_string())).await;
            return true;
        }
        if let Place::Seated { .. } = self.place {
            return self.at_table(&word, rest, text).await;
        }
        if let Some(reply) = self.settings.apply(text) {
            match reply {
                Ok(l) => {
                    self.conn.send(Kind::Answer, l);
                    self.prompt();
                }
                Err(e) => self.error(e),
            }
            return true;
        }
        match word.as_str() {
            "" => self.prompt(),
            "help" | "?" => {
                for l in HELP {
                    self.conn.send(Kind::Answer, l);
                }
                self.prompt();
            }
            "name" => self.take_name(rest),
            "tables" => self.tables().await,
            "new" => {
                if self.named() {
                    match SetupTalk::begin(rest) {
                        Ok(talk) => {
                            self.place = Place::SettingUp(talk);
                            self.set_up(None).await;
                        }
                        Err(e) => self.error(e),
                    }
                }
            }
            "sit" | "join" => self.sit(rest).await,
            "resume" => self.resume(rest).await,
            "who" | "say" | "start" | "bot" => self.error(format!(
                "Sit at a table first to use {word}: sit TABLE CODE."
            )),
            "quit" | "exit" if rest.is_empty() => return false,
            _ if self.name.is_none() => self.take_name(text),
            _ => self.error(format!(
                "No lobby command {}. Type help for the commands.",
                quote(&word)
            )),
        }
        true
    }

    fn named(&self) -> bool {
        if self.name.is_none() {
            self.error("Say your name first: name NAME.".into());
        }
        self.name.is_some()
    }

    fn take_name(&mut self, name: &str) {
        let name = name.trim();
        let bad = name.is_empty()
            || name.chars().count() > MAX_NAME
            || name.chars().any(|c| c.is_control())
            || name.to_lowercase().starts_with("bot ");
        if bad {
            self.error(format!(
                "Not a usable name: {}. Expected up to {MAX_NAME} letters, digits and spaces, not starting with Bot.",
                quote(name)
            ));
            return;
        }
        self.name = Some(name.to_string());
        self.conn.send(
            Kind::Lobby,
            format!("Hello, {name}. Type tables for the open tables, new for a new one, or sit TABLE CODE."),
        );
        self.prompt();
    }

    async fn tables(&self) {
        let mut lines = Vec::new();
        for t in self.server.lobby.all() {
            lines.push(t.lock().await.listing());
        }
        if lines.is_empty() {
            lines.push("No tables yet: type new to set one up.".into());
        }
        for l in lines {
            self.conn.send(Kind::Answer, l);
        }
        self.prompt();
    }

    /// A line (or none, at the start) for the set-up questions of a new table.
    async fn set_up(&mut self, line: Option<String>) {
        let Place::SettingUp(talk) = &mut self.place else {
            return;
        };
        let given = talk.given_pairs();
        match talk.step(line) {
            SetupStep::Asking(lines) => {
                for l in &lines {
                    self.conn.send(super::conn::kind_of(l), l.text.clone());
                }
                self.prompt();
            }
            SetupStep::Left => {
                self.place = Place::Lobby;
                self.lobby("No table set up.".into());
                self.prompt();
            }
            SetupStep::Bad(e) => {
                self.place = Place::Lobby;
                self.error(e);
            }
            SetupStep::Ready(ready, bot) => {
                let creator = self.name.clone().unwrap_or_default();
                let code = lobby::code();
                let dir = self.server.lobby.dir.clone();
                let shared = self.server.lobby.add(|id| {
                    NetTable::new(
                        id,
                        code.clone(),
                        creator.clone(),
                        ready.config,
                        &ready.seats,
                        bot,
                        dir,
                    )
                    .with_given(given)
                    .with_draft(ready.draft)
                });
                let t = shared.lock().await;
                let id = t.id;
                event(&format!("table {id}: created by {creator}"));
                self.lobby(format!(
                    "Table {id} is set up; its join code is {code}. The others sit down with: sit {id} {code}"
                ));
                self.place = Place::Lobby;
                self.seat_at(&shared, t, &creator, None);
            }
        }
    }

    async fn sit(&mut self, rest: &str) {
        if !self.named() {
            return;
        }
        let rest = rest.trim();
        let (number, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let after = after.trim_start();
        let (code, factions) = after.split_once(char::is_whitespace).unwrap_or((after, ""));
        if number.is_empty() || code.is_empty() {
            self.error("Expected a table number and its code: sit 3 482911 (then, if you like, your factions: sit 3 482911 pirates,ninjas).".into());
            return;
        }
        let factions = Some(factions.trim()).filter(|f| !f.is_empty());
        let Some(shared) = number.parse().ok().and_then(|n| self.server.lobby.table(n)) else {
            self.error(format!(
                "No table {}. Type tables for the open tables.",
                quote(number)
            ));
            return;
        };
        let name = self.name.clone().unwrap_or_default();
        let t = shared.lock().await;
        if t.code != code.trim() {
            drop(t);
            self.error(format!(
                "Wrong code for table {}; ask its creator for it.",
                echo(number)
            ));
            return;
        }
        self.seat_at(&shared, t, &name, factions);
    }

    /// Sits this connection's person at the table `shared` (locked as `t`) as `name`,
    /// choosing `factions` at once if given: the connection is then seated there; if
    /// the table refuses, the one line why, and it stays in the lobby.
    fn seat_at(
        &mut self,
        shared: &Shared,
        mut t: tokio::sync::MutexGuard<'_, NetTable>,
        name: &str,
        factions: Option<&str>,
    ) {
        match t.sit(name, self.conn.clone(), self.settings) {
            Ok(seat) => {
                let id = t.id;
                if let Some(factions) = factions {
                    if let Err(e) = t.choose_factions(seat, factions) {
                        t.tell(seat, Kind::Error, e);
                    }
                    t.prompts(Some(seat));
                }
                drop(t);
                self.place = Place::Seated {
                    table: Arc::clone(shared),
                    id,
                    seat,
                };
            }
            Err(e) => {
                drop(t);
                self.error(e);
            }
        }
    }

    async fn resume(&mut self, rest: &str) {
        let token = rest.trim();
        if token.is_empty() {
            self.error("Expected your seat token: resume TOKEN.".into());
            return;
        }
        for shared in self.server.lobby.all() {
            let mut t = shared.lock().await;
            if let Some(seat) = t.resume(token, self.conn.clone(), self.settings) {
                let id = t.id;
                self.name = t.seat_person(seat);
                drop(t);
                self.place = Place::Seated {
                    table: shared,
                    id,
                    seat,
                };
                return;
            }
        }
        self.error("No seat has that token. Sit again with sit TABLE CODE under your name.".into());
    }

    /// A line from a person at a table; false when they leave the server.
    async fn at_table(&mut self, word: &str, rest: &str, text: &str) -> bool {
        let Place::Seated { table, id, seat } = &self.place else {
            return true;
        };
        let (shared, id, seat) = (Arc::clone(table), *id, *seat);
        let mut t = shared.lock().await;
        if !t.holds(seat, self.conn.id) {
            drop(t);
            self.place = Place::Lobby;
            self.error(format!(
                "You are no longer seated at table {id}; you are in the lobby."
            ));
            return true;
        }
        match word {
            "who" if rest.is_empty() => t.who(seat),
            "say" => {
                if rest.is_empty() {
                    t.tell(
                        seat,
                        Kind::Error,
                        "Expected something to say: say nice one.".into(),
                    );
                } else {
                    t.say(seat, rest);
                }
            }
            "start" if rest.is_empty() => {
                if let Err(e) = t.start(seat) {
                    t.tell(seat, Kind::Error, e);
                }
            }
            "factions" => {
                if let Err(e) = t.choose_factions(seat, rest) {
                    t.tell(seat, Kind::Error, e);
                }
            }
            "bot" => {
                let after = self.server.bot_after;
                if let Err(e) = t.hand_to_bot(seat, rest, after) {
                    t.tell(seat, Kind::Error, e);
                }
            }
            "quit" | "exit" | "leave" if rest.is_empty() => {
                let started = t.started();
                t.leave(seat, self.conn.id);
                let closed = t.closed;
                drop(t);
                if closed {
                    self.server.lobby.remove(id);
                }
                self.place = Place::Lobby;
                self.lobby(if started {
                    format!("You left table {id}; your seat is kept: sit {id} CODE or resume TOKEN gets it back. Type quit again to leave the server.")
                } else {
                    format!("You left table {id}. Type quit again to leave the server.")
                });
                self.prompt();
                return true;
            }
            "tables" | "new" | "sit" | "join" | "resume" | "name" => {
                t.tell(
                    seat,
                    Kind::Error,
                    format!("You are at table {id}: type quit to leave it first."),
                );
            }
            "help" | "?" if rest.is_empty() => {
                for l in HELP {
                    t.tell(seat, Kind::Answer, l.to_string());
                }
                if t.started() {
                    t.line(seat, "help");
                    return true;
                }
            }
            _ => {
                t.line(seat, text);
                return true;
            }
        }
        t.prompts(Some(seat));
        true
    }

    /// The connection ends: its seat is kept (or freed before the start).
    async fn leave(&mut self) {
        if let Place::Seated { table, id, seat } = &self.place {
            let mut t = table.lock().await;
            t.leave(*seat, self.conn.id);
            if t.closed {
                drop(t);
                self.server.lobby.remove(*id);
            }
        }
        self.place = Place::Lobby;
    }
}
