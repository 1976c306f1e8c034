//! One game in progress and the conversation around it: the engine's state, who sits
//! where, the narration log, and what the keyboard is being asked. Lines go in, lines
//! come out; bots answer their own questions as soon as they are asked, so one typed
//! line can bring a whole bot turn of narration. Nothing here reads or prints: the
//! terminal (or a test) does that. At a networked table (`smashup serve`) each person's
//! seat has a table of its own, its view ([`Table::set_here`]): it narrates to that seat
//! alone, parses that seat's lines, and follows the answers given elsewhere
//! ([`Table::follow`]).

mod drive;
#[cfg(test)]
pub(crate) mod tests;
mod typed;

use super::commands::{self, Command};
use super::describe::{sentence, Words};
use super::narrate::{narrate, Scene, Verbosity};
use super::pick::pick;
use super::prompt::{self, Act, Menu, Prompt};
use super::queries;
use super::recap::SinceLastTurn;
use super::save::{self, SaveFile};
use super::seat::Seat;
use crate::bots::SeatView;
use crate::engine::{Ask, Event, GameConfig, GameState, PlayerId, SetupError};
use crate::quote::quote;
use crate::sim::TURN_LIMIT;
use std::path::{Path, PathBuf};

/// What a line is, for colour and for tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// What happened in the game.
    Narration,
    /// A question or one of its numbered entries.
    Question,
    /// The answer to a command.
    Answer,
    /// What was expected instead of what was typed; nothing changed.
    Error,
}

/// One line of output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Its kind.
    pub kind: LineKind,
    /// Its text, one line, no escape codes.
    pub text: String,
}

/// The file `save` writes when no file is named.
pub const DEFAULT_SAVE: &str = "smashup-save.ron";

/// Where the game was before one of your actions, for `undo`: the game itself is
/// the set-up replayed with the answers given until then.
struct Snapshot {
    answers: usize,
    seats: Vec<Seat>,
    log_len: usize,
    scoring: Vec<crate::engine::Uid>,
    what: String,
}

/// A game being played at this keyboard.
pub struct Table {
    game: GameState,
    config: GameConfig,
    /// Every answer given so far, bots' included: with `config`, the whole game.
    answers: Vec<u32>,
    seats: Vec<Seat>,
    seed: u64,
    verbosity: Verbosity,
    log: Vec<String>,
    autosave: Option<PathBuf>,
    autosave_failed: bool,
    prompt: Prompt,
    keyboard: Option<PlayerId>,
    undo: Vec<Snapshot>,
    undo_blocked: Option<&'static str>,
    last_narration: Vec<String>,
    /// Bases that scored and have not been replaced yet (their abilities still run).
    scoring: Vec<crate::engine::Uid>,
    quit: bool,
    out: Vec<Line>,
    /// Card codes lead lists and answers (off with `--codes off`).
    codes: bool,
    /// Say the recap at the start of each person's turn (`--recap`).
    auto_recap: bool,
    /// What each seat has missed since its last turn: its recap and its new cards.
    missed: SinceLastTurn,
    /// A new game's deal, narrated when the game starts.
    opening: Option<Vec<Event>>,
    /// The main question's entries as last heard, by name, with the turn and the
    /// player: asked again in that turn, it is said in one line (what changed).
    main_heard: Option<(u32, PlayerId, Vec<String>)>,
    /// The turn in which "where do you play" was last read whole: asked again in that
    /// turn, it is one line.
    where_heard: Option<u32>,
    /// The "may"s a person said "not this turn" to: the turn, who, the card. The
    /// table answers no to them until the turn ends.
    declined: Vec<(u32, PlayerId, crate::engine::Uid)>,
    /// Cards whose ability at the start or end of a turn has been told doing nothing
    /// once: later, when it again has nothing to do, it is not told every turn.
    quiet_told: Vec<crate::engine::Uid>,
    /// At a networked table: the one seat this table is the view of. Only that seat
    /// answers here; the others answer elsewhere (`follow`), and the narration is told
    /// to that seat ("you"), naming only what it may know.
    here: Option<PlayerId>,
}

impl Table {
    /// A new game; its opening (the deal) is narrated when it [`start`](Table::start)s.
    pub fn new(
        config: &GameConfig,
        seats: Vec<Seat>,
        verbosity: Verbosity,
        autosave: Option<PathBuf>,
    ) -> Result<Table, SetupError> {
        let mut game = GameState::new(config)?;
        let events = game.take_events();
        let mut table = Table::with(
            game,
            config.clone(),
            Vec::new(),
            seats,
            verbosity,
            Vec::new(),
            autosave,
        );
        table.opening = Some(events);
        Ok(table)
    }

    /// A saved game, to go on with: the save and the game its answers replay to
    /// (see [`save::read`]).
    pub fn load(save: SaveFile, game: GameState, autosave: Option<PathBuf>) -> Table {
        let mut table = Table::from_save(save, game, autosave);
        table.undo_from_save();
        table.intro("Saved game loaded");
        table.summary();
        table
    }

    /// After loading, `undo` can take back the plays of the turn in progress made before
    /// the save: the save is a replay, so the answers are replayed once more to find
    /// where each of the person's plays this turn began (and whether a card was drawn,
    /// revealed or shuffled since, which stops undo as in the game itself).
    fn undo_from_save(&mut self) {
        let Ok(mut game) = GameState::new(&self.config) else {
            return;
        };
        game.take_events();
        // Each play this turn: where it starts, what it was, and the log lines since.
        let mut plays: Vec<(usize, String)> = Vec::new();
        let mut logged: Vec<usize> = Vec::new();
        let mut blocked = None;
        let viewer = self.narration_viewer();
        for (k, &a) in self.answers.iter().enumerate() {
            let Some(d) = game.pending().cloned() else {
                return;
            };
            let person = self.seats[d.player.ix()].is_human();
            if person && d.player == game.turn.player && matches!(d.ask, Ask::Main | Ask::ExtraNow)
            {
                let w = Words {
                    show_codes: self.codes,
                    ..Words::new(&game, &self.seats, Some(d.player))
                };
                let what = d.options.get(a as usize).map(|o| w.option(o));
                plays.push((k, what.unwrap_or_default()));
            }
            let before = game.clone();
            let Ok(events) = game.answer(a as usize) else {
                return;
            };
            let history = Scene {
                before: &before,
                words: Words {
                    codes: true,
                    show_codes: self.codes,
                    ..Words::new(&game, &self.seats, viewer)
                },
                actor: d.player,
                scoring: &[],
                texts: false,
            };
            logged.push(narrate(&history, &events, Verbosity::Normal).len());
            for e in &events {
                let hidden = match e {
                    Event::TurnStarted { .. } | Event::GameOver { .. } => {
                        plays.clear();
                        blocked = None;
                        continue;
                    }
                    Event::Drew { .. } => "a card was drawn",
                    Event::Revealed { .. } => "a card was revealed",
                    Event::Shuffled { .. } => "a deck was shuffled",
                    Event::LookedAtHand { .. } => "a hand was looked at",
                    _ => continue,
                };
                plays.clear();
                blocked = Some(hidden);
            }
        }
        let log_len = self.log.len();
        self.undo = plays
            .into_iter()
            .map(|(answers, what)| Snapshot {
                answers,
                seats: self.seats.clone(),
                log_len: log_len.saturating_sub(logged[answers..].iter().sum::<usize>()),
                scoring: Vec::new(),
                what,
            })
            .collect();
        self.undo_blocked = blocked;
    }

    /// A game set up from a scenario's position, for tests of the conversation at
    /// a given table (it cannot be undone or saved: it has no set-up to replay).
    #[cfg(test)]
    pub(crate) fn at_position(game: GameState, seats: Vec<Seat>) -> Table {
        let config = GameConfig::two_players(0, 0);
        Table::with(
            game,
            config,
            Vec::new(),
            seats,
            Verbosity::Normal,
            Vec::new(),
            None,
        )
    }

    /// The table of a save at the game its answers replay to: its set-up, answers,
    /// seats, verbosity and log.
    fn from_save(save: SaveFile, game: GameState, autosave: Option<PathBuf>) -> Table {
        Table::with(
            game,
            save.config,
            save.answers,
            save.seats,
            save.verbosity,
            save.log,
            autosave,
        )
    }

    fn with(
        game: GameState,
        config: GameConfig,
        answers: Vec<u32>,
        seats: Vec<Seat>,
        verbosity: Verbosity,
        log: Vec<String>,
        autosave: Option<PathBuf>,
    ) -> Table {
        let seats_len = seats.len();
        // Names and the log from a save (or any caller) are shown as text, never as
        // terminal codes.
        let log = log.iter().map(|l| crate::quote::escape(l)).collect();
        let seats = seats
            .into_iter()
            .map(|s| Seat {
                name: crate::quote::name(&s.name),
                ..s
            })
            .collect();
        Table {
            game,
            seed: config.seed,
            config,
            answers,
            seats,
            verbosity,
            log,
            autosave,
            autosave_failed: false,
            prompt: Prompt::Decision,
            keyboard: None,
            undo: Vec::new(),
            undo_blocked: None,
            last_narration: Vec::new(),
            scoring: Vec::new(),
            quit: false,
            out: Vec::new(),
            codes: true,
            auto_recap: false,
            missed: SinceLastTurn::new(seats_len),
            opening: None,
            main_heard: None,
            where_heard: None,
            declined: Vec::new(),
            quiet_told: Vec::new(),
            here: None,
        }
    }

    /// Card codes lead lists and answers (true), or names only (false, `--codes off`).
    pub fn set_codes(&mut self, codes: bool) {
        self.codes = codes;
    }

    /// Says the recap at the start of each person's turn (`--recap`).
    pub fn set_auto_recap(&mut self, on: bool) {
        self.auto_recap = on;
    }

    /// One networked seat's view of a saved game (a server restarting); nothing is
    /// said until the seat comes back ([`Table::rejoin`]). Its log starts empty.
    pub fn load_view(save: SaveFile, game: GameState, here: PlayerId) -> Table {
        let save = SaveFile {
            log: Vec::new(),
            ..save
        };
        let mut table = Table::from_save(save, game, None);
        table.here = Some(here);
        table.advance();
        table.out.clear();
        table
    }

    /// Makes this table one networked seat's view of the game (see [`Table::follow`]);
    /// set before [`Table::start`].
    pub fn set_here(&mut self, seat: PlayerId) {
        self.here = Some(seat);
    }

    /// Every answer given so far, bots' included: with the set-up, the whole game.
    pub fn answers_given(&self) -> &[u32] {
        &self.answers
    }

    /// A networked seat's view: the seat whose turn it is to answer (`here` or not)
    /// answered `index` elsewhere; narrates it to this seat and moves on. The lines to
    /// send to this seat.
    pub fn follow(&mut self, index: usize) -> Vec<Line> {
        if let Some(d) = self.game.pending() {
            let p = d.player;
            if let Err(e) = self.apply(p, index) {
                self.error(format!("An answer from elsewhere was refused ({e})."));
            }
            self.advance();
        }
        std::mem::take(&mut self.out)
    }

    /// Where the game stands in one paragraph, and the question if this seat is
    /// being asked (for a seat coming back to a networked table).
    pub fn rejoin(&mut self) -> Vec<Line> {
        self.summary();
        match self.prompt {
            Prompt::Elsewhere(p) => {
                let name = self.seats[p.ix()].name.clone();
                self.answer_line(format!("Waiting for {name} to answer."));
            }
            Prompt::Over => self.over_line(),
            // Coming back, the question is read whole.
            _ => {
                if let Some(menu) = self.menu() {
                    self.show_menu(&menu);
                }
            }
        }
        std::mem::take(&mut self.out)
    }

    /// Runs the bots until a person must answer, and returns everything to print.
    pub fn start(&mut self) -> Vec<Line> {
        // A new game's deal is narrated now, once the settings are made.
        if let Some(events) = self.opening.take() {
            self.intro("New game");
            let before = self.game.clone();
            self.narrate(&before, self.game.turn.player, &events);
        }
        self.advance();
        std::mem::take(&mut self.out)
    }

    /// True once the player quit: after the game is over, questions about it (score,
    /// log, bases, recap) are still answered until then.
    pub fn finished(&self) -> bool {
        self.quit
    }

    /// The names and codes of what the reader may name now (for Tab completion).
    pub fn names_in_game(&self) -> Vec<String> {
        super::complete::names_in_game(&self.words(self.reader()))
    }

    /// The game, for tests and saving.
    pub fn game(&self) -> &GameState {
        &self.game
    }

    /// Everything needed to go on with the game later.
    pub fn save_file(&self) -> SaveFile {
        SaveFile {
            format: save::FORMAT,
            version: env!("CARGO_PKG_VERSION").to_string(),
            config: self.config.clone(),
            seats: self.seats.clone(),
            verbosity: self.verbosity,
            answers: self.answers.clone(),
            check: save::check(&self.game),
            log: self.log.clone(),
        }
    }

    // ----- output -----

    fn push(&mut self, kind: LineKind, text: String) {
        self.out.push(Line { kind, text });
    }

    fn error(&mut self, text: String) {
        self.push(LineKind::Error, text);
    }

    fn answer_line(&mut self, text: String) {
        self.push(LineKind::Answer, text);
    }

    fn answers(&mut self, lines: Vec<String>) {
        for l in lines {
            self.answer_line(l);
        }
    }

    fn reply(&mut self, lines: Result<Vec<String>, String>) {
        match lines {
            Ok(lines) => self.answers(lines),
            Err(e) => self.error(e),
        }
    }

    /// Reads a question whole.
    fn show_menu(&mut self, menu: &Menu) {
        let mut menu = menu.clone();
        menu.inline = self.here.is_none();
        let menu = &menu;
        if let Some((turn, player)) = self.main_asked() {
            let (_, names) = prompt::main_again(menu, &self.words(Some(player)), &[]);
            self.main_heard = Some((turn, player, names));
        }
        for l in menu.lines() {
            self.push(LineKind::Question, l);
        }
    }

    /// The turn and the player when the main question is the one asked now.
    fn main_asked(&self) -> Option<(u32, PlayerId)> {
        let d = self.game.pending()?;
        (self.prompt == Prompt::Decision && d.ask == Ask::Main)
            .then_some((self.game.turn.number, d.player))
    }

    // ----- who is who -----

    fn humans(&self) -> Vec<PlayerId> {
        (0..self.seats.len() as u8)
            .map(PlayerId)
            .filter(|p| self.seats[p.ix()].is_human())
            .collect()
    }

    /// Who narration calls "you": the networked seat this view is for, or the only
    /// person at the table, if there is one.
    fn narration_viewer(&self) -> Option<PlayerId> {
        if self.here.is_some() {
            return self.here;
        }
        match self.humans().as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Whose screen it is now: the person being asked, or the one who has the keyboard.
    fn reader(&self) -> Option<PlayerId> {
        if self.here.is_some() {
            return self.here;
        }
        if self.passing_to().is_some() {
            return None;
        }
        match self.game.pending() {
            Some(d) if self.seats[d.player.ix()].is_human() && self.prompt != Prompt::Over => {
                Some(d.player)
            }
            _ => self.narration_viewer().or(self.keyboard),
        }
    }

    /// The person the keyboard is being handed to, while the game waits for Enter.
    pub fn passing_to(&self) -> Option<PlayerId> {
        match self.prompt {
            Prompt::PassTo(p) => Some(p),
            _ => None,
        }
    }

    fn words(&self, viewer: Option<PlayerId>) -> Words<'_> {
        Words {
            codes: self.verbosity == Verbosity::Full,
            show_codes: self.codes,
            ..Words::new(&self.game, &self.seats, viewer)
        }
    }

    fn intro(&mut self, what: &str) {
        let w = self.words(self.narration_viewer());
        let players: Vec<String> = (0..self.game.players.len() as u8)
            .map(PlayerId)
            .map(|p| {
                let factions: Vec<String> = self.game.players[p.ix()]
                    .factions
                    .iter()
                    .map(|f| w.faction(f))
                    .collect();
                format!("{}: {}", sentence(&w.player(p)), factions.join(" and "))
            })
            .collect();
        let bases: Vec<String> = self
            .game
            .bases
            .iter()
            .map(|b| {
                format!(
                    "{}, breakpoint {}",
                    w.game.def(b.card).name(),
                    self.game.breakpoint(b.card)
                )
            })
            .collect();
        let lines = [
            format!("{what}, seed {}. {}.", self.seed, players.join("; ")),
            format!(
                "Bases: {}. First to {} VP wins. Type help for the commands, rules for the rules.",
                bases.join("; "),
                self.game.vp_goal
            ),
        ];
        for l in lines {
            self.push(LineKind::Narration, l);
        }
    }

    /// Where a loaded game stands, in one paragraph.
    fn summary(&mut self) {
        let line = queries::summary(&self.words(self.narration_viewer()));
        self.push(LineKind::Narration, line);
    }
}
