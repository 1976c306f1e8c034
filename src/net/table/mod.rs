//! A networked table: the game's one writer. It owns the engine's state, and each
//! seat taken by a person has its own view of the game (a `play` table that narrates
//! to that seat alone, with that seat's settings, and parses that seat's lines). A line
//! from a seat goes to its view; the answers it gives are applied to the table's game
//! and followed by every other view, each narrating them to its own seat; then the
//! bots answer their questions the same way. Nothing a seat may not know reaches it.

mod draft;
mod factions;
mod keep;
mod panels;

use super::conn::{kind_of, Conn};
pub use super::settings::Settings;
use super::store::{self, SeatRecord, TableRecord};
use super::Kind;
use crate::bots::{Bot, BotKind, SeatView};
use crate::engine::{GameConfig, GameState, PlayerId};
use crate::play::commands::{self, Command, COMMANDS};
use crate::play::narrate::Verbosity;
use crate::play::save::{self, SaveFile};
use crate::play::seat::Seat as PlaySeat;
use crate::play::table::{Line, Table as View};
use crate::quote::echo;
use crate::sim::TURN_LIMIT;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// One seat of a networked table.
pub struct NetSeat {
    /// The person's name once someone sits here; `None` while free (or a bot's seat).
    pub name: Option<String>,
    /// A people seat (false: a bot from the set-up, or handed to one).
    pub person: bool,
    /// What gets this seat back (`resume TOKEN`).
    pub token: String,
    /// The person's connection while they are here.
    conn: Option<Conn>,
    /// When the person's connection went.
    gone_since: Option<Instant>,
    settings: Settings,
    /// This seat's view of the game, once it has started.
    view: Option<View>,
    /// The completion words last sent, sent again only when they change.
    words: Vec<String>,
    /// The game was waiting for this seat when its last prompt was sent.
    asked: bool,
    /// The two factions chosen for this seat before the start (`None`: drawn).
    factions: Option<[String; 2]>,
    /// The panels last sent (`panels on`), sent again only when they change.
    panels: Vec<String>,
}

/// The game, once started: the engine's state and everything a save holds.
struct Running {
    game: GameState,
    seats: Vec<PlaySeat>,
    answers: Vec<u32>,
}

/// One table of the lobby.
pub struct NetTable {
    /// Its number in the lobby.
    pub id: u32,
    /// What must be said to sit down or to read it.
    pub code: String,
    /// Who created it (and may start it and hand seats to bots).
    pub creator: String,
    config: GameConfig,
    bot: BotKind,
    seats: Vec<NetSeat>,
    game: Option<Running>,
    /// Where the table is saved (`DIR/table-N.ron` and `DIR/table-N.seats.ron`).
    dir: Option<PathBuf>,
    /// The table has been given up (everyone left before it started).
    pub closed: bool,
    /// Answers were given since the game was last written.
    unsaved: bool,
    /// The factions are drafted after `start` (`new --draft`).
    drafts: bool,
    /// The draft under way, between `start` and the game.
    drafting: Option<crate::play::draft::Draft>,
}

/// Says one line on stderr: the server's log of table events.
pub fn event(text: &str) {
    eprintln!("{text}");
}

impl NetTable {
    /// A new table set up by `creator`: the seats of `template` that are people wait
    /// for people to sit; the others are bots of kind `bot`.
    pub fn new(
        id: u32,
        code: String,
        creator: String,
        config: GameConfig,
        template: &[PlaySeat],
        bot: BotKind,
        dir: Option<PathBuf>,
    ) -> NetTable {
        let seats = template
            .iter()
            .map(|s| NetSeat {
                name: None,
                person: s.is_human(),
                token: super::lobby::token(),
                conn: None,
                gone_since: None,
                settings: Settings::default(),
                view: None,
                words: Vec::new(),
                asked: false,
                factions: None,
                panels: Vec::new(),
            })
            .collect();
        let mut table = NetTable {
            id,
            code,
            creator,
            config,
            bot,
            seats,
            game: None,
            dir,
            closed: false,
            unsaved: false,
            drafts: false,
            drafting: None,
        };
        table.save_seats();
        table
    }

    // ----- the lobby's questions -----

    /// One line for `tables`: players, bots, seats free, started or not.
    pub fn listing(&self) -> String {
        let people = self.seats.iter().filter(|s| s.person).count();
        let bots = self.seats.len() - people;
        let free = self.free_seats();
        let state = match &self.game {
            None if self.drafting.is_some() => self.draft_listing(),
            None if self.drafts => "waiting to start, factions drafted".into(),
            None => "waiting to start".into(),
            Some(r) if r.game.pending().is_none() => "game over".into(),
            Some(_) => "playing".into(),
        };
        let sets = self.sets();
        let sets = if sets.is_empty() {
            String::new()
        } else {
            format!("; factions from {}", sets.join(", "))
        };
        format!(
            "Table {}: {} players, {}, {} free; {state}{sets}; created by {}; first to {} VP.",
            self.id,
            self.seats.len(),
            count(bots, "bot"),
            count(free, "seat"),
            self.creator,
            self.config.vp_goal,
        )
    }

    fn free_seats(&self) -> usize {
        match self.begun() {
            true => 0,
            false => self
                .seats
                .iter()
                .filter(|s| s.person && s.name.is_none())
                .count(),
        }
    }

    /// True while the person at `seat` is connected through `conn_id`.
    pub fn holds(&self, seat: usize, conn_id: u64) -> bool {
        self.seats[seat]
            .conn
            .as_ref()
            .is_some_and(|c| c.id == conn_id)
    }

    /// The name of the person at `seat`.
    pub fn seat_person(&self, seat: usize) -> Option<String> {
        self.seats[seat].name.clone()
    }

    /// True once the game has started.
    pub fn started(&self) -> bool {
        self.game.is_some()
    }

    // ----- sitting down, leaving, coming back -----

    /// Sits `name` down: back in their own seat if it is theirs and empty, else in a
    /// free seat before the start. The seat's number.
    pub fn sit(&mut self, name: &str, conn: Conn, settings: Settings) -> Result<usize, String> {
        let mine = self.seats.iter().position(|s| {
            s.person
                && s.name
                    .as_deref()
                    .is_some_and(|n| n.eq_ignore_ascii_case(name))
        });
        let seat = match mine {
            Some(s) if self.seats[s].conn.is_some() => {
                return Err(format!(
                    "Seat taken: {name} is already at table {}. Sit with another name, or resume with your seat token.",
                    self.id
                ))
            }
            Some(s) => s,
            None => match self.seats.iter().position(|s| s.person && s.name.is_none()) {
                Some(s) if !self.begun() => s,
                _ => {
                    return Err(format!(
                        "Table {} has no seat free{}.",
                        self.id,
                        if self.begun() {
                            " (the game has started; only its players can sit again)"
                        } else {
                            ""
                        }
                    ))
                }
            },
        };
        self.seats[seat].name = Some(name.to_string());
        self.save_seats();
        self.arrive(seat, conn, settings);
        Ok(seat)
    }

    /// Gets a seat back by its token; the seat's number.
    pub fn resume(&mut self, token: &str, conn: Conn, settings: Settings) -> Option<usize> {
        let seat = self
            .seats
            .iter()
            .position(|s| s.person && s.name.is_some() && s.token == token)?;
        if let Some(old) = self.seats[seat].conn.take() {
            old.send(
                Kind::Lobby,
                "Your seat was taken back with its token; goodbye.",
            );
        }
        self.arrive(seat, conn, settings);
        Some(seat)
    }

    fn arrive(&mut self, seat: usize, conn: Conn, settings: Settings) {
        let back = self.seats[seat].gone_since.take().is_some() || self.seats[seat].view.is_some();
        let name = self.seat_name(seat);
        let s = &mut self.seats[seat];
        s.conn = Some(conn);
        s.settings = settings;
        s.words.clear();
        s.panels.clear();
        let token = s.token.clone();
        self.tell(
            seat,
            Kind::Lobby,
            format!(
                "You sit at table {} in seat {} as {name}. Your seat token is {token}: resume {token} gets this seat back.",
                self.id,
                seat + 1
            ),
        );
        let said = if back {
            format!("{name} is back.")
        } else {
            format!("{name} sits down in seat {}.", seat + 1)
        };
        self.tell_others(seat, Kind::Lobby, &said);
        event(&format!("table {}: {said}", self.id));
        self.apply_settings(seat);
        if let Some(view) = self.seats[seat].view.as_mut() {
            let lines = view.rejoin();
            self.send_lines(seat, &lines);
        } else if self.drafting.is_some() {
            self.draft_status(seat);
        } else if self.game.is_none() {
            let wait = if name.eq_ignore_ascii_case(&self.creator) {
                "Type start when everyone is seated; bots take the free seats. Meanwhile: who, say TEXT."
            } else {
                "Waiting for the table's creator to start. Meanwhile: who, say TEXT."
            };
            self.tell(seat, Kind::Lobby, wait.to_string());
        }
        self.prompts(Some(seat));
    }

    /// The person at `seat` left (or their connection went): before the start their
    /// seat is free again; after it, the seat is kept for them.
    pub fn leave(&mut self, seat: usize, conn_id: u64) {
        if self.seats[seat].conn.as_ref().map(|c| c.id) != Some(conn_id) {
            return;
        }
        let name = self.seat_name(seat);
        let begun = self.begun();
        let s = &mut self.seats[seat];
        s.conn = None;
        if !begun {
            s.name = None;
            s.token = super::lobby::token();
            let said = format!("{name} left the table; seat {} is free.", seat + 1);
            self.tell_others(seat, Kind::Lobby, &said);
            event(&format!("table {}: {said}", self.id));
            if self.seats.iter().all(|s| s.conn.is_none()) {
                self.closed = true;
                event(&format!("table {}: closed, nobody is seated", self.id));
                self.remove_files();
            } else {
                self.save_seats();
            }
            return;
        }
        s.gone_since = Some(Instant::now());
        let said = format!("{name} left the table.");
        self.tell_others(seat, Kind::Lobby, &said);
        event(&format!("table {}: {said}", self.id));
        let over = self
            .game
            .as_ref()
            .is_some_and(|r| r.game.pending().is_none());
        if over && self.seats.iter().all(|s| s.conn.is_none()) {
            self.closed = true;
            event(&format!(
                "table {}: closed, its game is over and everyone has left",
                self.id
            ));
            self.remove_files();
        }
    }

    /// Sends the completion words (and the panels) again at the next prompt (a
    /// client has just asked for frames).
    pub fn forget_words(&mut self, seat: usize) {
        self.seats[seat].words.clear();
        self.seats[seat].panels.clear();
    }

    // ----- the creator's commands -----

    /// Starts the game: the free seats go to bots. `by` is the seat asking.
    pub fn start(&mut self, by: usize) -> Result<(), String> {
        self.creator_only(by, "start the game")?;
        if self.begun() {
            return Err("The game has already started.".into());
        }
        for (i, s) in self.seats.iter_mut().enumerate() {
            if s.name.is_none() {
                s.person = false;
                s.name = Some(format!("Bot {}", i + 1));
            }
        }
        if self.drafts {
            self.begin_draft();
            return Ok(());
        }
        self.launch()
    }

    /// Starts the game itself, with every seat's factions settled.
    fn launch(&mut self) -> Result<(), String> {
        self.settle_factions()?;
        let names: Vec<String> = (0..self.seats.len()).map(|i| self.seat_name(i)).collect();
        let seats: Vec<PlaySeat> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| PlaySeat {
                name: names[i].clone(),
                bot: (!s.person)
                    .then(|| Bot::new(self.bot, self.config.seed.wrapping_add(i as u64))),
            })
            .collect();
        let game =
            GameState::new(&self.config).map_err(|e| format!("The game cannot start: {e}."))?;
        for i in 0..self.seats.len() {
            if !self.seats[i].person {
                continue;
            }
            let mut view = View::new(&self.config, seats.clone(), Verbosity::Normal, None)
                .map_err(|e| format!("The game cannot start: {e}."))?;
            view.set_here(PlayerId(i as u8));
            self.seats[i].view = Some(view);
            self.apply_settings(i);
        }
        let mut game = game;
        game.take_events();
        self.game = Some(Running {
            game,
            seats,
            answers: Vec::new(),
        });
        event(&format!(
            "table {}: started by {} with {}",
            self.id,
            self.creator,
            names.join(", ")
        ));
        for i in 0..self.seats.len() {
            if let Some(view) = self.seats[i].view.as_mut() {
                let lines = view.start();
                self.send_lines(i, &lines);
            }
        }
        self.save_seats();
        self.run_bots();
        Ok(())
    }

    /// The creator hands the seat of `name`, gone longer than `after`, to a bot.
    pub fn hand_to_bot(&mut self, by: usize, name: &str, after: Duration) -> Result<(), String> {
        self.creator_only(by, "hand a seat to a bot")?;
        let seat = self
            .seats
            .iter()
            .position(|s| {
                s.person
                    && s.name
                        .as_deref()
                        .is_some_and(|n| n.eq_ignore_ascii_case(name))
            })
            .ok_or_else(|| format!("No person called {} at this table.", echo(name)))?;
        if !self.begun() {
            return Err("The game has not started: free seats go to bots at the start.".into());
        }
        match self.seats[seat].gone_since {
            None => {
                return Err(format!(
                    "{} is here: only a seat whose person has gone can go to a bot.",
                    self.seat_name(seat)
                ))
            }
            Some(t) if t.elapsed() < after => {
                return Err(format!(
                    "{} left {} seconds ago; a seat goes to a bot after {} seconds.",
                    self.seat_name(seat),
                    t.elapsed().as_secs(),
                    after.as_secs()
                ))
            }
            Some(_) => {}
        }
        if let Some(running) = self.game.as_mut() {
            running.seats[seat].bot = Some(Bot::new(
                self.bot,
                self.config.seed.wrapping_add(seat as u64),
            ));
        }
        let s = &mut self.seats[seat];
        s.person = false;
        s.view = None;
        s.gone_since = None;
        let said = format!("A bot plays for {} from now on.", self.seat_name(seat));
        self.tell_all(Kind::Lobby, &said);
        event(&format!("table {}: {said}", self.id));
        self.save_seats();
        self.run_bots();
        self.draft_on();
        Ok(())
    }

    fn creator_only(&self, by: usize, what: &str) -> Result<(), String> {
        if self.seat_name(by).eq_ignore_ascii_case(&self.creator) {
            Ok(())
        } else {
            Err(format!(
                "Only the table's creator, {}, can {what}.",
                self.creator
            ))
        }
    }

    // ----- talk -----

    /// `who`: every seat, who sits there and whether they are connected.
    pub fn who(&self, asker: usize) {
        let mut lines = vec![format!("Table {}, created by {}:", self.id, self.creator)];
        if self.drafts && !self.started() {
            lines.push(self.draft_progress());
        }
        for (i, s) in self.seats.iter().enumerate() {
            let what = match (&s.name, s.person) {
                (None, true) => "free".to_string(),
                (None, false) => "a bot".to_string(),
                (Some(n), false) => format!("{n}, a bot"),
                (Some(n), true) if s.conn.is_some() => format!("{n}, here"),
                (Some(n), true) => match s.gone_since {
                    Some(t) => format!("{n}, gone for {} seconds", t.elapsed().as_secs()),
                    None => format!("{n}, not here"),
                },
            };
            let you = if i == asker { " (you)" } else { "" };
            lines.push(format!(
                "Seat {}: {what}{you}. {}.",
                i + 1,
                self.factions_of(i)
            ));
        }
        for l in lines {
            self.tell(asker, Kind::Answer, l);
        }
    }

    /// `say TEXT`: "Ann says: TEXT" to everyone at the table.
    pub fn say(&self, from: usize, text: &str) {
        let line = format!("{} says: {}", self.seat_name(from), echo(text.trim()));
        self.tell_all(Kind::Chat, &line);
    }

    // ----- the game -----

    /// A line from the person at `seat`: a setting or a command of `smashup play`.
    pub fn line(&mut self, seat: usize, text: &str) {
        if let Some(reply) = self.seats[seat].settings.apply(text) {
            match reply {
                Ok(l) => self.tell(seat, Kind::Answer, l),
                Err(e) => self.tell(seat, Kind::Error, e),
            }
            self.apply_settings(seat);
            self.prompts(Some(seat));
            return;
        }
        if self.drafting.is_some() {
            self.draft_line(seat, text);
            self.prompts(Some(seat));
            return;
        }
        let command = match commands::parse(text) {
            Ok(Command::Save(_)) => Err(format!(
                "The server saves this table after every answer (table-{}.ron in its data folder); there is nothing to save here.",
                self.id
            )),
            Ok(Command::Stop | Command::Rate(_) | Command::SpeechTest) => Err(
                "Speech runs on your own machine: smashup join --speech, or your screen reader.".into(),
            ),
            other => other,
        };
        let command = match command {
            Ok(c) => c,
            Err(e) => {
                self.tell(seat, Kind::Error, e);
                self.prompts(Some(seat));
                return;
            }
        };
        let Some(view) = self.seats[seat].view.as_mut() else {
            self.tell(
                seat,
                Kind::Error,
                "The game has not started yet: who, say TEXT, or start (the creator).".into(),
            );
            self.prompts(Some(seat));
            return;
        };
        let given = view.answers_given().len();
        let lines = view.command(command);
        let answers = view.answers_given()[given..].to_vec();
        self.send_lines(seat, &lines);
        for index in answers {
            self.commit(Some(seat), index);
        }
        self.run_bots();
        self.prompts(Some(seat));
    }

    /// Applies one answer to the game and has every other view follow it.
    fn commit(&mut self, from: Option<usize>, index: u32) {
        let Some(running) = self.game.as_mut() else {
            return;
        };
        if let Err(e) = running.game.answer(index as usize) {
            event(&format!("table {}: an answer was refused: {e}", self.id));
            return;
        }
        running.answers.push(index);
        self.unsaved = true;
        for i in 0..self.seats.len() {
            if Some(i) == from {
                continue;
            }
            if let Some(view) = self.seats[i].view.as_mut() {
                let lines = view.follow(index as usize);
                self.send_lines(i, &lines);
            }
        }
        self.send_panels();
        if self
            .game
            .as_ref()
            .is_some_and(|r| r.game.pending().is_none())
        {
            let winner = self
                .game
                .as_ref()
                .and_then(|r| r.game.winner)
                .map(|p| self.seat_name(p.ix()));
            event(&format!(
                "table {}: game over{}",
                self.id,
                winner.map_or(String::new(), |w| format!(", {w} won"))
            ));
        }
    }

    /// Lets the bots answer their questions until a person must, then saves the
    /// table: once for a person's answer and the bots' answers it brings. A search
    /// bot thinks off the async threads, so no other table waits for it.
    fn run_bots(&mut self) {
        self.bots_answer();
        self.autosave();
    }

    fn bots_answer(&mut self) {
        loop {
            let Some(running) = self.game.as_mut() else {
                return;
            };
            let Some(d) = running.game.pending() else {
                return;
            };
            if running.game.turn.number > TURN_LIMIT {
                return;
            }
            let p = d.player;
            let game = &running.game;
            let Some(bot) = running.seats[p.ix()].bot.as_mut() else {
                return;
            };
            let slow = matches!(self.bot, BotKind::Easy | BotKind::Normal | BotKind::Hard);
            let index = if slow {
                tokio::task::block_in_place(|| bot.choose(&SeatView::new(game, p)))
            } else {
                bot.choose(&SeatView::new(game, p))
            };
            self.commit(None, index as u32);
        }
    }

    /// A rich client's prompt and completion words: the prompt for the seat that
    /// sent a line (`from`) and for a seat the game now begins to wait for; the words
    /// whenever they change.
    pub fn prompts(&mut self, from: Option<usize>) {
        let waiting = match &self.drafting {
            Some(d) => d.turn(),
            None => self
                .game
                .as_ref()
                .and_then(|r| r.game.pending().map(|d| d.player.ix())),
        };
        for i in 0..self.seats.len() {
            let Some(conn) = self.seats[i].conn.clone() else {
                continue;
            };
            let words = self.words(i);
            if words != self.seats[i].words {
                conn.send(Kind::Words, words.join("\t"));
                self.seats[i].words = words;
            }
            let asked = waiting == Some(i);
            if from == Some(i) || (asked && !self.seats[i].asked) {
                conn.send(Kind::Prompt, if asked { "Your answer> " } else { "> " });
            }
            self.seats[i].asked = asked;
        }
        self.send_panels();
    }

    /// The words that complete a line at this seat now.
    fn words(&self, seat: usize) -> Vec<String> {
        let mut words: Vec<String> = super::lobby::TABLE_WORDS
            .iter()
            .map(|w| w.to_string())
            .chain(COMMANDS.iter().map(|c| c.name.to_string()))
            .collect();
        if let Some(view) = &self.seats[seat].view {
            words.extend(view.names_in_game());
        }
        if let Some(draft) = &self.drafting {
            words.extend(draft.entries().into_iter().flat_map(|(_, _, keys)| keys));
        }
        words
    }

    // ----- sending -----

    fn seat_name(&self, seat: usize) -> String {
        self.seats[seat]
            .name
            .clone()
            .unwrap_or_else(|| format!("Seat {}", seat + 1))
    }

    fn apply_settings(&mut self, seat: usize) {
        let s = &mut self.seats[seat];
        let settings = s.settings;
        if let Some(view) = s.view.as_mut() {
            view.set_codes(settings.codes);
            view.set_auto_recap(settings.recap);
            // The view answers `verbosity` with a line; this seat has just heard one.
            let _ = view.command(Command::Verbosity(Some(settings.verbosity)));
        }
    }

    fn send_lines(&self, seat: usize, lines: &[Line]) {
        if let Some(conn) = &self.seats[seat].conn {
            for l in lines {
                conn.send(kind_of(l), l.text.clone());
            }
        }
    }

    /// One line to the person at `seat`, if connected.
    pub fn tell(&self, seat: usize, kind: Kind, text: String) {
        if let Some(conn) = &self.seats[seat].conn {
            conn.send(kind, text);
        }
    }

    fn tell_others(&self, seat: usize, kind: Kind, text: &str) {
        for (i, s) in self.seats.iter().enumerate() {
            if let (true, Some(conn)) = (i != seat, &s.conn) {
                conn.send(kind, text);
            }
        }
    }

    fn tell_all(&self, kind: Kind, text: &str) {
        for s in &self.seats {
            if let Some(conn) = &s.conn {
                conn.send(kind, text);
            }
        }
    }
}

/// "1 bot", "2 bots".
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
