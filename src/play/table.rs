//! One game in progress and the conversation around it: the engine's state, who sits
//! where, the narration log, and what the keyboard is being asked. Lines go in, lines
//! come out; bots answer their own questions as soon as they are asked, so one typed
//! line can bring a whole bot turn of narration. Nothing here reads or prints: the
//! terminal (or a test) does that.

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
        let mut table = Table::with(
            game,
            save.config,
            save.answers,
            save.seats,
            save.verbosity,
            save.log,
            autosave,
        );
        table.intro("Saved game loaded");
        table.summary();
        table
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

    /// Handles one understood command and returns what to print.
    pub fn command(&mut self, command: Command) -> Vec<Line> {
        if let Some(p) = self.passing_to() {
            if is_private(&command) {
                self.error(format!(
                    "Press Enter once {} has the keyboard; nothing else is read now.",
                    self.seats[p.ix()].name
                ));
                return std::mem::take(&mut self.out);
            }
        }
        match command {
            Command::Answer(text) => self.on_answer(&text),
            Command::Play(text) => self.on_play(&text),
            Command::Use(card) => self.on_use(card.as_deref()),
            Command::End => self.on_end(),
            Command::Undo => self.on_undo(),
            Command::Hand => {
                let full = self.verbosity == Verbosity::Full;
                let lines = queries::hand(&self.words(self.reader()), full);
                self.reply(lines)
            }
            Command::Bases => {
                let lines = queries::bases(&self.words(self.reader()));
                self.answers(lines)
            }
            Command::Base(b) => {
                let lines = queries::base(&self.words(self.reader()), &b);
                self.reply(lines)
            }
            Command::Score => {
                let lines = queries::score(&self.words(self.reader()));
                self.answers(lines)
            }
            Command::Card(c) => {
                let lines = queries::card(&self.words(self.reader()), &c);
                self.reply(lines)
            }
            Command::Deck => {
                let lines = queries::decks(&self.words(self.reader()));
                self.answers(lines)
            }
            Command::Discard(who) => {
                let lines = queries::discard(&self.words(self.reader()), who.as_deref());
                self.reply(lines)
            }
            Command::Log(n) => self.on_log(n),
            Command::Recap => self.on_recap(),
            Command::Rules(topic) => {
                let lines = super::rules::rules(topic.as_deref());
                self.reply(lines)
            }
            Command::Repeat => self.on_repeat(),
            Command::Status => self.on_status(),
            Command::Options => self.on_options(),
            Command::Help(topic) => {
                let lines = commands::help(topic.as_deref());
                self.reply(lines)
            }
            Command::Save(file) => self.on_save(file.as_deref()),
            Command::Verbosity(v) => {
                if let Some(v) = v {
                    self.verbosity = v;
                }
                self.answer_line(format!("Verbosity {}.", self.verbosity.name()));
            }
            Command::Quit => self.on_quit(),
            Command::Stop | Command::Rate(_) | Command::SpeechTest => {
                self.error("Speech is handled by the terminal, not the table.".into())
            }
        }
        std::mem::take(&mut self.out)
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

    fn show_menu(&mut self, menu: &Menu) {
        for l in menu.lines() {
            self.push(LineKind::Question, l);
        }
    }

    // ----- who is who -----

    fn humans(&self) -> Vec<PlayerId> {
        (0..self.seats.len() as u8)
            .map(PlayerId)
            .filter(|p| self.seats[p.ix()].is_human())
            .collect()
    }

    /// Who narration calls "you": the only person at the table, if there is one.
    fn narration_viewer(&self) -> Option<PlayerId> {
        match self.humans().as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Whose screen it is now: the person being asked, or the one who has the keyboard.
    fn reader(&self) -> Option<PlayerId> {
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
            game: &self.game,
            seats: &self.seats,
            viewer,
            codes: self.verbosity == Verbosity::Full,
            show_codes: self.codes,
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
                "Bases: {}. First to 15 VP wins. Type help for the commands, rules for the rules.",
                bases.join("; ")
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

    // ----- the game moving on -----

    /// Lets bots answer until a person must, then asks that person (after a hand-over
    /// when several people share the keyboard).
    fn advance(&mut self) {
        loop {
            let Some(d) = self.game.pending() else {
                self.over();
                return;
            };
            if self.game.turn.number > TURN_LIMIT {
                self.error(format!(
                    "The game stopped: no winner after {TURN_LIMIT} turns."
                ));
                self.over();
                return;
            }
            let p = d.player;
            if let Some(bot) = self.seats[p.ix()].bot.as_mut() {
                let i = bot.choose(&SeatView::new(&self.game, p));
                if let Err(e) = self.apply(p, i) {
                    self.error(format!("A bot's answer was refused ({e}); the game stops."));
                    self.prompt = Prompt::Over;
                    return;
                }
                continue;
            }
            if self.humans().len() > 1 && self.keyboard != Some(p) {
                self.prompt = Prompt::PassTo(p);
                let name = self.seats[p.ix()].name.clone();
                self.push(
                    LineKind::Question,
                    format!("Pass to {name}, then press Enter."),
                );
                return;
            }
            self.prompt = Prompt::Decision;
            self.ask();
            return;
        }
    }

    /// The game has ended: it stays open for questions about it until `quit`.
    fn over(&mut self) {
        if self.prompt != Prompt::Over {
            self.prompt = Prompt::Over;
            self.push(
                LineKind::Question,
                "The game is over. Look back with score, bases, log or recap; type quit to leave."
                    .into(),
            );
        }
    }

    /// Prints the current question.
    fn ask(&mut self) {
        if let Some(menu) = self.menu() {
            self.show_menu(&menu);
        }
    }

    /// The menu of the current prompt.
    fn menu(&self) -> Option<Menu> {
        let d = self.game.pending()?;
        let w = self.words(Some(d.player));
        match &self.prompt {
            Prompt::Decision => Some(prompt::decision_menu(
                d,
                &w,
                self.verbosity,
                &self.missed.new_cards(&self.game, d.player),
            )),
            Prompt::Where { card, options } => Some(prompt::where_menu(d, &w, *card, options)),
            Prompt::UseWhich { options } => Some(prompt::use_menu(d, &w, options)),
            Prompt::ConfirmEnd { end, what } => Some(prompt::confirm_end_menu(*end, what)),
            Prompt::PassTo(_) | Prompt::Over => None,
        }
    }

    /// Answers the pending question for `actor` and narrates what happened.
    fn apply(&mut self, actor: PlayerId, index: usize) -> Result<(), crate::engine::AnswerError> {
        let before = self.game.clone();
        let events = self.game.answer(index)?;
        // Only options that exist are accepted, and no question has 4 billion.
        self.answers.push(index as u32);
        self.narrate(&before, actor, &events);
        Ok(())
    }

    /// Narrates a batch of events, logs it, and keeps undo and the autosave up to date.
    fn narrate(&mut self, before: &GameState, actor: PlayerId, events: &[Event]) {
        let viewer = self.narration_viewer();
        let scene = Scene {
            before,
            words: self.words(viewer),
            actor,
            scoring: &self.scoring,
            texts: self.verbosity == Verbosity::Full,
        };
        let lines = narrate(&scene, events, self.verbosity);
        // The log is a history: every outcome with card codes, no phases.
        let history = Scene {
            words: Words {
                codes: true,
                ..self.words(viewer)
            },
            texts: false,
            ..scene
        };
        let logged = narrate(&history, events, Verbosity::Normal);
        self.log.extend(logged);
        self.keep_for_recap(before, events);
        for l in lines {
            self.last_narration.push(l.clone());
            self.push(LineKind::Narration, l);
        }
        let mut turn_ended = false;
        for e in events {
            match e {
                Event::BaseScored { base, .. } => self.scoring.push(*base),
                Event::BaseReplaced { old, .. } => self.scoring.retain(|b| b != old),
                _ => {}
            }
            let hidden = match e {
                Event::TurnStarted { .. } | Event::GameOver { .. } => {
                    turn_ended = true;
                    self.undo.clear();
                    self.undo_blocked = None;
                    None
                }
                Event::Drew { .. } => Some("a card was drawn"),
                Event::Revealed { .. } => Some("a card was revealed"),
                Event::Shuffled { .. } => Some("a deck was shuffled"),
                Event::LookedAtHand { .. } => Some("a hand was looked at"),
                _ => None,
            };
            if let Some(reason) = hidden {
                self.undo.clear();
                self.undo_blocked = Some(reason);
            }
        }
        if turn_ended {
            self.autosave_now();
        }
    }

    /// Says the recap at the start of a person's turn when asked to (`--recap`).
    fn keep_for_recap(&mut self, before: &GameState, events: &[Event]) {
        for p in self.missed.record(before, events) {
            let person = self.seats[p.ix()].is_human();
            if self.auto_recap && person && self.narration_viewer() == Some(p) {
                let lines = self.missed.lines(p, &self.words(Some(p)));
                for l in lines {
                    self.push(LineKind::Narration, l);
                }
            }
        }
    }

    fn autosave_now(&mut self) {
        let Some(path) = self.autosave.clone() else {
            return;
        };
        if let Err(e) = save::write(&path, &self.save_file()) {
            if !self.autosave_failed {
                self.autosave_failed = true;
                self.error(format!("Autosave failed: {e}. The game goes on."));
            }
        }
    }

    /// A person answers the pending question with option `index`.
    fn answer_human(&mut self, index: usize) {
        let Some(d) = self.game.pending() else {
            return;
        };
        let player = d.player;
        if player == self.game.turn.player && matches!(d.ask, Ask::Main | Ask::ExtraNow) {
            let what = d
                .options
                .get(index)
                .map(|o| self.words(Some(player)).option(o))
                .unwrap_or_default();
            self.undo.push(Snapshot {
                answers: self.answers.len(),
                seats: self.seats.clone(),
                log_len: self.log.len(),
                scoring: self.scoring.clone(),
                what,
            });
        }
        self.last_narration.clear();
        self.prompt = Prompt::Decision;
        if let Err(e) = self.apply(player, index) {
            self.error(format!("That answer was refused: {e}."));
        }
        self.advance();
    }

    // ----- answering -----

    fn on_answer(&mut self, text: &str) {
        match self.prompt.clone() {
            Prompt::PassTo(p) => {
                if text.trim().is_empty() {
                    self.keyboard = Some(p);
                    self.prompt = Prompt::Decision;
                    let name = self.seats[p.ix()].name.clone();
                    self.answer_line(format!("{name} has the keyboard."));
                    if self.game.pending().is_some_and(|d| d.ask != Ask::Main) {
                        let full = self.verbosity == Verbosity::Full;
                        let lines = queries::hand(&self.words(Some(p)), full);
                        self.reply(lines);
                    }
                    self.ask();
                } else {
                    let name = self.seats[p.ix()].name.clone();
                    self.error(format!(
                        "Press Enter once {name} has the keyboard; nothing else is read now."
                    ));
                }
            }
            Prompt::Over => self.error(
                "The game is over: type quit to leave, or log, score or bases to look back.".into(),
            ),
            _ => {
                let Some(menu) = self.menu() else { return };
                match pick(text, &menu.items()) {
                    Ok(k) => {
                        let act = menu.entries[k].act.clone();
                        self.act(act);
                    }
                    Err(e) => self.error(e),
                }
            }
        }
    }

    fn act(&mut self, act: Act) {
        match act {
            Act::Answer(i) => self.answer_human(i),
            Act::Play { card, options } => {
                if let [one] = options.as_slice() {
                    self.answer_human(*one);
                } else {
                    self.prompt = Prompt::Where { card, options };
                    self.ask();
                }
            }
            Act::Cannot(message) => self.error(message),
            Act::Use(options) => {
                if let [one] = options.as_slice() {
                    self.answer_human(*one);
                } else {
                    self.prompt = Prompt::UseWhich { options };
                    self.ask();
                }
            }
            Act::End(end) => {
                let check = match (&self.prompt, self.game.pending()) {
                    (Prompt::ConfirmEnd { .. }, _) | (_, None) => None,
                    (_, Some(d)) => prompt::still_playable(d, &self.game),
                };
                match check {
                    Some(what) => {
                        self.prompt = Prompt::ConfirmEnd { end, what };
                        self.ask();
                    }
                    None => self.answer_human(end),
                }
            }
            Act::Back => {
                self.prompt = Prompt::Decision;
                self.ask();
            }
        }
    }

    /// The pending question when a person is answering it, with a line saying why not
    /// otherwise.
    fn human_decision(&mut self, what: &str) -> Option<Ask> {
        match (&self.prompt, self.game.pending()) {
            (Prompt::Over, _) | (_, None) => {
                self.error(format!("You cannot {what}: the game is over."));
                None
            }
            (_, Some(d)) => Some(d.ask.clone()),
        }
    }

    fn on_play(&mut self, text: &str) {
        let Some(ask) = self.human_decision("play a card now") else {
            return;
        };
        if !matches!(ask, Ask::Main | Ask::ExtraNow) {
            self.error(
                "You cannot play a card now: answer the question first (type options to hear it)."
                    .into(),
            );
            return;
        }
        if text.trim().is_empty() {
            self.error("Expected a card after play: its hand position, code or name, for example: play 1 on 2.".into());
            return;
        }
        // The main question's entries, whatever follow-up is open: a failed play
        // leaves the conversation where it was.
        let Some(menu) = self.game.pending().map(|d| {
            let new = self.missed.new_cards(&self.game, d.player);
            prompt::decision_menu(d, &self.words(Some(d.player)), self.verbosity, &new)
        }) else {
            return;
        };
        let items = menu.items();
        // The whole text names the card, or the text before some " on " does.
        let lower = text.to_lowercase();
        let any_play = menu
            .entries
            .iter()
            .any(|e| matches!(e.act, Act::Play { .. }));
        if ask == Ask::ExtraNow && !any_play {
            // One card's extra play: the question is only where.
            match lower.rfind(" on ") {
                Some(at) => self.on_answer(&text[at + 4..]),
                None => self.ask(),
            }
            return;
        }
        let mut splits = vec![(text.to_string(), None)];
        for (at, _) in lower.match_indices(" on ") {
            splits.push((text[..at].to_string(), Some(text[at + 4..].to_string())));
        }
        let first_error = pick(text, &items).err();
        for (card_text, target) in splits {
            let Ok(k) = pick(&card_text, &items) else {
                continue;
            };
            match menu.entries[k].act.clone() {
                Act::Play { card, options } => match target {
                    None => self.act(Act::Play { card, options }),
                    Some(t) => {
                        let d = self.game.pending().expect("asked above");
                        let w = self.words(Some(d.player));
                        let where_menu = prompt::where_menu(d, &w, card, &options);
                        let found = pick(&t, &where_menu.items())
                            .map(|j| where_menu.entries[j].act.clone());
                        match found {
                            Ok(Act::Answer(i)) => self.answer_human(i),
                            Ok(_) => self.act(Act::Play { card, options }),
                            Err(e) => self.error(format!(
                                "{} cannot go on {}. {e}",
                                w.labelled(card),
                                quote(t.trim())
                            )),
                        }
                    }
                },
                Act::Cannot(message) => self.error(message),
                _ => self
                    .error("play takes a card from your hand: its position, code or name.".into()),
            }
            return;
        }
        self.error(first_error.unwrap_or_else(|| "Expected a card to play.".into()));
    }

    fn on_use(&mut self, card: Option<&str>) {
        if self.human_decision("use an ability now").is_none() {
            return;
        }
        let d = self.game.pending().expect("checked above");
        let options: Vec<usize> = d
            .options
            .iter()
            .enumerate()
            .filter(|(_, o)| matches!(o, crate::engine::Choice::Use { .. }))
            .map(|(i, _)| i)
            .collect();
        if options.is_empty() {
            self.error("Nothing to use now: no Talent or Special can be used.".into());
            return;
        }
        match card {
            None => self.act(Act::Use(options)),
            Some(text) => {
                let w = self.words(Some(d.player));
                let menu = prompt::use_menu(d, &w, &options);
                match pick(text, &menu.items()) {
                    Ok(k) => {
                        let act = menu.entries[k].act.clone();
                        self.act(act);
                    }
                    Err(e) => self.error(e),
                }
            }
        }
    }

    fn on_end(&mut self) {
        let Some(ask) = self.human_decision("end now") else {
            return;
        };
        let end = self.game.pending().and_then(|d| {
            d.options
                .iter()
                .position(|o| *o == crate::engine::Choice::EndTurn)
        });
        match (ask, end) {
            (Ask::Main, Some(end)) => self.act(Act::End(end)),
            _ => self.error(
                "Nothing to end now: answer the question first (type options to hear it).".into(),
            ),
        }
    }

    fn on_undo(&mut self) {
        let mine = self
            .game
            .pending()
            .is_some_and(|d| d.player == self.game.turn.player)
            && self.prompt != Prompt::Over;
        if !mine {
            self.error("Undo works only in your own turn, for your own actions.".into());
            return;
        }
        match self.undo.pop() {
            Some(s) => {
                // Replay all but the answers given since: the game as it was then.
                match save::replay(&self.config, &self.answers[..s.answers]) {
                    Ok(game) => {
                        self.game = game;
                        self.answers.truncate(s.answers);
                    }
                    Err(e) => {
                        self.error(format!("Cannot undo: the game does not replay ({e})."));
                        return;
                    }
                }
                self.seats = s.seats;
                self.scoring = s.scoring;
                self.log.truncate(s.log_len);
                self.last_narration.clear();
                self.prompt = Prompt::Decision;
                self.answer_line(format!("Undone: {}.", s.what));
                self.advance();
            }
            None => self.error(match self.undo_blocked {
                Some(reason) => format!(
                    "Cannot undo: {reason} since your last action, and what was seen cannot be unseen."
                ),
                None => "Nothing to undo: you have not played anything this turn.".into(),
            }),
        }
    }

    // ----- questions about the game -----

    fn on_recap(&mut self) {
        match self.reader() {
            Some(p) => {
                let lines = self.missed.lines(p, &self.words(Some(p)));
                self.answers(lines);
            }
            None => self.error("No recap: no person is at the keyboard now.".into()),
        }
    }

    fn on_log(&mut self, n: usize) {
        if self.log.is_empty() {
            self.answer_line("Nothing has happened yet.".into());
            return;
        }
        let start = self.log.len().saturating_sub(n);
        let lines: Vec<String> = self.log[start..]
            .iter()
            .enumerate()
            .map(|(i, l)| format!("{}. {l}", start + i + 1))
            .collect();
        self.answers(lines);
    }

    fn on_repeat(&mut self) {
        if self.last_narration.is_empty() {
            self.answer_line("Nothing new was narrated since your last answer.".into());
        }
        for l in self.last_narration.clone() {
            self.push(LineKind::Narration, l);
        }
        self.ask();
    }

    fn on_status(&mut self) {
        let w = self.words(self.reader());
        let turn = &self.game.turn;
        let whose = if Some(turn.player) == w.viewer {
            "your turn".to_string()
        } else {
            format!("{}'s turn", w.name(turn.player))
        };
        let phase = match turn.phase {
            crate::engine::Phase::Setup => "setting up".to_string(),
            crate::engine::Phase::StartTurn => "start of turn".to_string(),
            crate::engine::Phase::PlayCards => {
                format!("play cards, {}", prompt::plays_left(&self.game))
            }
            crate::engine::Phase::ScoreBases => "scoring bases".to_string(),
            crate::engine::Phase::Draw => "drawing".to_string(),
            crate::engine::Phase::EndTurn => "end of turn".to_string(),
            crate::engine::Phase::Over => "game over".to_string(),
        };
        let mut lines = vec![format!("Turn {}, {whose}: {phase}.", turn.number)];
        let waiting = match (&self.prompt, self.game.pending()) {
            (Prompt::Over, _) | (_, None) => match self.game.winner {
                Some(p) => format!("The game is over: {} won.", w.player(p)),
                None => "The game has stopped.".to_string(),
            },
            (Prompt::PassTo(p), _) => format!("Waiting for {} to take the keyboard.", w.name(*p)),
            (_, Some(_)) => match self.menu() {
                Some(menu) => format!("Waiting for your answer: {}", menu.header),
                None => String::new(),
            },
        };
        lines.push(waiting);
        let scores: Vec<String> = (0..self.game.players.len() as u8)
            .map(|p| w.player_vp(PlayerId(p)))
            .collect();
        lines.push(format!(
            "VP: {}. Seed {}. Verbosity {}.",
            scores.join("; "),
            self.seed,
            self.verbosity.name()
        ));
        self.answers(lines);
    }

    fn on_options(&mut self) {
        match self.menu() {
            Some(menu) => {
                self.show_menu(&menu);
                let more = match (&self.prompt, self.game.pending().map(|d| &d.ask)) {
                    (Prompt::Decision, Some(Ask::Main)) => {
                        "Also: play N on BASE, use, end, undo, and the questions: hand, bases, base N, score, card X, deck, discard, log, recap, rules, status, help."
                    }
                    _ => "Also: hand, bases, base N, score, card X, deck, discard, log, recap, rules, status, help.",
                };
                self.answer_line(more.into());
            }
            None => match self.prompt {
                Prompt::PassTo(p) => {
                    let name = self.seats[p.ix()].name.clone();
                    self.answer_line(format!("Pass to {name}, then press Enter."));
                }
                _ => self.answer_line(
                    "The game is over: quit, or look back with log, score and bases.".into(),
                ),
            },
        }
    }

    // ----- keeping the game -----

    fn on_save(&mut self, file: Option<&str>) {
        let name = file.unwrap_or(DEFAULT_SAVE);
        if quote(name) != format!("\"{name}\"") {
            self.error(format!(
                "Not saved: {} is not a usable file name (control characters, or too long).",
                quote(name)
            ));
            return;
        }
        let path = Path::new(name).to_path_buf();
        match save::write(&path, &self.save_file()) {
            Ok(()) => self.answer_line(format!(
                "Saved to {}. Go on with it later: smashup play --load {}",
                path.display(),
                path.display()
            )),
            Err(e) => self.error(format!("Not saved: {e}.")),
        }
    }

    fn on_quit(&mut self) {
        self.quit = true;
        if self.prompt == Prompt::Over {
            self.answer_line("Goodbye.".into());
            return;
        }
        match self.autosave.clone() {
            Some(path) => match save::write(&path, &self.save_file()) {
                Ok(()) => self.answer_line(format!(
                    "Saved to {}. Go on with it later: smashup play --load {}. Goodbye.",
                    path.display(),
                    path.display()
                )),
                Err(e) => self.error(format!("Not saved: {e}. Goodbye.")),
            },
            None => self.answer_line("Goodbye; this game was not saved.".into()),
        }
    }
}

/// Commands that would show the hand or answer for a player, refused while the
/// keyboard is being handed over.
fn is_private(command: &Command) -> bool {
    match command {
        Command::Answer(text) => !text.trim().is_empty(),
        Command::Play(_)
        | Command::Use(_)
        | Command::End
        | Command::Hand
        | Command::Card(_)
        | Command::Recap
        | Command::Undo => true,
        _ => false,
    }
}
