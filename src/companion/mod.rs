//! `smashup table`: the companion for a game played with real cards. The people at
//! the table say in short lines what happens ("ann plays pm5 on tortuga", "destroy
//! king rex", "score tortuga") and ask what they need ("bases", "who wins tortuga",
//! "score"); the table is kept as an engine position, so every power, breakpoint and
//! VP said is the engine's own reading of the rules.
//!
//! The parts: [`parse`] (what a line means), [`find`] (what a text names at the
//! table), [`tracker`] (the table as data, and its engine position), [`changes`]
//! (commands that change the table), [`answers`] (questions put into words),
//! [`reminders`] (abilities a change sets off) and [`file`] (saving). This file holds the conversation: undo, autosave after every
//! change, the replacement base asked after a scoring, and the terminal loop with the
//! game's line editor and speech.

pub mod answers;
pub mod changes;
pub mod file;
pub mod find;
pub mod parse;
pub mod reminders;
pub mod tracker;

use crate::cards::Catalog;
use crate::play::setup::Console;
use crate::play::table::{Line, LineKind};
use crate::play::terminal;
use answers::Names;
use parse::Command;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tracker::Tracker;

/// The flags of `smashup table`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct TableArgs {
    /// Plain lines, speech, card codes.
    #[command(flatten)]
    pub reader: crate::play::ReaderArgs,
    /// Where the table is saved after every change (default: table.ron in your data folder).
    #[arg(long, value_name = "FILE")]
    pub autosave: Option<PathBuf>,
    /// Go on with a saved table.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
}

/// The commands, one a line, for `help`.
const HELP: &[&str] = &[
    "Set-up: player NAME FACTION FACTION, for example player Ann pirates ninjas; base CODE or NAME, for example base b21.",
    "Plays: ann plays pm5 on tortuga, or ann pm5 tortuga; ben plays poison on king rex; a standard action, ann plays broadside, goes to the discard pile.",
    "Changes: destroy CARD; return CARD (to its owner's hand); move CARD to BASE; counter +1 on CARD (or -1); +2 CARD until end of turn; ann takes control of CARD; vp ann +2.",
    "Turns: turn ben starts Ben's turn and ends the changes until the end of the turn; turn says whose turn it is.",
    "Scoring: score BASE gives the VP by place, clears the base and asks for the base that replaces it.",
    "Questions: bases; base BASE (its cards, numbered); cards (every card on the table, numbered); who wins BASE (or every base); score; card N, CODE or NAME (card pa lists eight, then card 3 picks one); rules TOPIC.",
    "Cards on the table: by their number in cards, a code, any word of the name, or NAME on BASE for one copy of several.",
    "Also: undo (the last change), save FILE, load FILE (the autosave with no FILE), stop (speech), quit. The table is saved after every change.",
];

/// The companion's state: the table, what undo goes back to, and how to speak.
pub struct Companion {
    table: Tracker,
    /// The table before each change, with the line that made it.
    history: Vec<(Tracker, String)>,
    catalog: Catalog,
    codes: bool,
    autosave: Option<PathBuf>,
    /// The last look-up that listed several cards, for `card N` just after it.
    last_lookup: Option<String>,
}

/// A reply to one line.
pub struct Reply {
    /// What to show.
    pub lines: Vec<Line>,
    /// The person asked to leave.
    pub quit: bool,
}

fn line(kind: LineKind, text: impl Into<String>) -> Line {
    Line {
        kind,
        text: text.into(),
    }
}

fn lines(kind: LineKind, texts: Vec<String>) -> Vec<Line> {
    texts.into_iter().map(|t| line(kind, t)).collect()
}

impl Companion {
    /// An empty table.
    pub fn new(catalog: Catalog, codes: bool, autosave: Option<PathBuf>) -> Companion {
        Companion {
            table: Tracker::default(),
            history: Vec::new(),
            catalog,
            codes,
            autosave,
            last_lookup: None,
        }
    }

    /// The first lines: what this is and how to begin.
    pub fn opening(&self) -> Vec<Line> {
        let mut out = vec![
            line(LineKind::Answer, "Table companion: keep a game played with real cards. Type help for the commands."),
            line(LineKind::Question, "First the players: player, a name and two factions, for example player Ann pirates ninjas. Then the bases: base and a code or name, for example base b21."),
        ];
        if let Some(path) = self.autosave.as_ref().filter(|p| p.is_file()) {
            out.push(line(
                LineKind::Answer,
                format!(
                    "The last table is saved in {}: type load to go on with it.",
                    path.display()
                ),
            ));
        }
        out
    }

    /// Names of things at the table now, for Tab completion.
    pub fn names_in_play(&self) -> Vec<String> {
        let names = self.names();
        let mut out: Vec<String> = self.table.players.iter().map(|p| p.name.clone()).collect();
        out.extend(self.table.bases.iter().map(|b| names.name(&b.base)));
        out.extend(
            self.table
                .spots()
                .into_iter()
                .map(|s| names.name(self.table.card_at(s).0)),
        );
        out
    }

    /// The words a line may start with, for Tab: the commands and the players.
    pub fn first_words(&self) -> Vec<String> {
        let mut out: Vec<String> = parse::WORDS.iter().map(|w| w.to_string()).collect();
        out.extend(self.table.players.iter().map(|p| p.name.clone()));
        out
    }

    fn names(&self) -> Names<'_> {
        Names {
            catalog: &self.catalog,
            codes: self.codes,
        }
    }

    /// Handles one typed line.
    pub fn respond(&mut self, text: &str) -> Reply {
        let players: Vec<String> = self.table.players.iter().map(|p| p.name.clone()).collect();
        let parsed = parse::parse(text, &players);
        let lookup = self.last_lookup.take();
        let mut out = match (&self.table.replacing, parsed) {
            (Some(_), Ok(Command::Quit)) => return self.quit(),
            // A scored base is replaced before anything else is played.
            (Some(_), Ok(Command::Play { .. })) => Vec::new(),
            // While a scored base waits for its replacement, a line that is no
            // command names the new base (or none).
            (Some(_), Err(_)) => self.replace(text),
            (_, Ok(Command::Quit)) => return self.quit(),
            (_, Ok(command)) => self.command(text, command, lookup),
            (None, Err(e)) => vec![line(LineKind::Error, e)],
        };
        if let (Some(_), Some(old)) = (&self.table.replacing, self.table.scored.last()) {
            let ask = changes::replacement_question(&self.names(), old);
            if out.last().is_none_or(|l| l.text != ask) {
                out.push(line(LineKind::Question, ask));
            }
        }
        Reply {
            lines: out,
            quit: false,
        }
    }

    fn quit(&mut self) -> Reply {
        let text = match &self.autosave {
            Some(path) => format!("Goodbye. The table is saved in {}.", path.display()),
            None => "Goodbye.".to_string(),
        };
        Reply {
            lines: vec![line(LineKind::Answer, text)],
            quit: true,
        }
    }

    /// The answer to the replacement question: a base, or none.
    fn replace(&mut self, text: &str) -> Vec<Line> {
        let word = text.trim().to_ascii_lowercase();
        let mut out = if ["none", "no", "skip", "nothing"].contains(&word.as_str()) {
            self.change(text, |t, n| Ok(changes::no_replacement(t, n)))
        } else {
            self.change(text, |t, n| changes::put_base(t, n, text))
        };
        if self.table.replacing.is_none() {
            let game = self.table.game();
            if let Ok(game) = game {
                out.extend(lines(LineKind::Answer, answers::score(&self.table, &game)));
            }
        }
        out
    }

    /// Runs one command.
    fn command(&mut self, text: &str, command: Command, lookup: Option<String>) -> Vec<Line> {
        use changes as c;
        match command {
            Command::Player { name, factions } => {
                self.change(text, |t, n| c::add_player(t, n, &name, &factions))
            }
            Command::Base(what) => {
                let names = self.names();
                match find::base_in_play(&self.table, &names, &what) {
                    Ok(b) => self.ask(|t, g, n| Ok(answers::base(t, g, n, b))),
                    Err(_) => self.replace_or_put(text, &what),
                }
            }
            Command::Play { player, words } => {
                self.change(text, |t, n| c::play(t, n, player, &words))
            }
            Command::Destroy(card) => self.change(text, |t, n| c::destroy(t, n, &card)),
            Command::Return(card) => self.change(text, |t, n| c::return_to_hand(t, n, &card)),
            Command::Move { card, to } => {
                self.change(text, |t, n| c::move_minion(t, n, &card, &to))
            }
            Command::Counter { amount, card } => {
                self.change(text, |t, n| c::counter(t, n, amount, &card))
            }
            Command::ThisTurn { amount, card } => {
                self.change(text, |t, n| c::this_turn(t, n, amount, &card))
            }
            Command::Control { player, card } => {
                self.change(text, |t, n| c::control(t, n, player, &card))
            }
            Command::Turn(None) => {
                let said = match self.table.turn {
                    Some(seat) => format!("{}'s turn.", self.table.players[seat].name),
                    None => "Nobody's turn yet: type turn and a name.".to_string(),
                };
                vec![line(LineKind::Answer, said)]
            }
            Command::Turn(Some(who)) => self.change(text, |t, _| {
                let seat = find::player(t, &who)?;
                Ok(c::turn(t, seat))
            }),
            Command::Vp { player, amount } => self.change(text, |t, _| {
                let seat = find::player(t, &player)?;
                c::vp(t, seat, amount)
            }),
            Command::Bases => self.ask(|t, g, n| Ok(answers::bases(t, g, n))),
            Command::Cards => self.ask(|t, g, n| Ok(answers::cards(t, g, n))),
            Command::WhoWins(base) => self.who_wins(base.as_deref()),
            Command::Score(Some(base)) => self.change(text, |t, n| c::score(t, n, &base)),
            Command::Score(None) => self.ask(|t, g, _| Ok(answers::score(t, g))),
            Command::Card(what) => self.card(&what, lookup),
            Command::Rules(topic) => match crate::play::rules::rules(topic.as_deref()) {
                Ok(said) => lines(LineKind::Answer, said),
                Err(e) => vec![line(LineKind::Error, e)],
            },
            Command::Help => lines(
                LineKind::Answer,
                HELP.iter().map(|h| h.to_string()).collect(),
            ),
            Command::Undo => self.undo(),
            Command::Save(file) => self.save(file.as_deref()),
            Command::Load(file) => match (file, &self.autosave) {
                (Some(f), _) => self.load(Path::new(&f)),
                (None, Some(auto)) => self.load(&auto.clone()),
                (None, None) => vec![line(
                    LineKind::Error,
                    "Expected load and a file: the autosave is off.",
                )],
            },
            Command::Stop => vec![line(LineKind::Answer, "Stopped.")],
            Command::Quit => Vec::new(),
        }
    }

    /// `who wins [BASE]`: the places if the base (or each base) scored now.
    fn who_wins(&self, base: Option<&str>) -> Vec<Line> {
        self.ask(|t, g, n| {
            let which: Vec<usize> = match base {
                Some(text) => vec![find::base_in_play(t, n, text)?],
                None if t.bases.is_empty() => {
                    return Err("No bases yet: type base and a code or name.".into())
                }
                None => (0..t.bases.len()).collect(),
            };
            let mut out = Vec::new();
            for b in which {
                out.push(format!("{}. If it scored now:", answers::total(t, g, n, b)));
                out.extend(answers::placings(t, g, b, false));
            }
            Ok(out)
        })
    }

    /// `save [FILE]`.
    fn save(&self, file: Option<&str>) -> Vec<Line> {
        let path = PathBuf::from(file.unwrap_or(file::DEFAULT_FILE));
        match file::write(&path, &self.table) {
            Ok(()) => vec![line(
                LineKind::Answer,
                format!("Saved in {}.", path.display()),
            )],
            Err(e) => vec![line(LineKind::Error, format!("Not saved: {e}."))],
        }
    }

    /// `base X` for a base not in play: put out (in a scored base's place if one waits).
    fn replace_or_put(&mut self, text: &str, what: &str) -> Vec<Line> {
        if self.table.replacing.is_some() {
            self.replace(what)
        } else {
            self.change(text, |t, n| changes::put_base(t, n, what))
        }
    }

    /// A question about the table, answered from the engine's game.
    fn ask(
        &self,
        f: impl FnOnce(&Tracker, &crate::engine::GameState, &Names) -> Result<Vec<String>, String>,
    ) -> Vec<Line> {
        let names = self.names();
        match self.table.game().and_then(|g| f(&self.table, &g, &names)) {
            Ok(said) => lines(LineKind::Answer, said),
            Err(e) => vec![line(LineKind::Error, e)],
        }
    }

    /// A change to the table: made, checked by building the engine's game, kept for
    /// undo and saved; or, when impossible, undone at once with one line saying why.
    fn change(
        &mut self,
        text: &str,
        f: impl FnOnce(&mut Tracker, &Names) -> Result<Vec<String>, String>,
    ) -> Vec<Line> {
        let before = self.table.clone();
        let names = Names {
            catalog: &self.catalog,
            codes: self.codes,
        };
        let done = f(&mut self.table, &names).and_then(|said| {
            if self.table.players.is_empty() {
                Ok(said)
            } else {
                self.table.game().map(|_| said)
            }
        });
        match done {
            Ok(said) => {
                self.history.push((before, text.trim().to_string()));
                let mut out = lines(LineKind::Narration, said);
                out.extend(self.autosave());
                out
            }
            Err(e) => {
                self.table = before;
                vec![line(LineKind::Error, e)]
            }
        }
    }

    /// Saves to the autosave file; a line only if that failed.
    fn autosave(&self) -> Option<Line> {
        let path = self.autosave.as_ref()?;
        file::write(path, &self.table)
            .err()
            .map(|e| line(LineKind::Error, format!("Autosave failed: {e}.")))
    }

    fn undo(&mut self) -> Vec<Line> {
        let Some((before, text)) = self.history.pop() else {
            return vec![line(LineKind::Error, "Nothing to undo.")];
        };
        self.table = before;
        let mut out = vec![line(LineKind::Narration, format!("Undone: {text}."))];
        out.extend(self.autosave());
        out
    }

    /// Loads a saved table (undo goes back to the table before).
    pub fn load(&mut self, path: &Path) -> Vec<Line> {
        match file::read(path) {
            Ok(table) => {
                let before = std::mem::replace(&mut self.table, table);
                self.history
                    .push((before, format!("load {}", path.display())));
                let mut out = vec![line(
                    LineKind::Narration,
                    format!("Loaded {}.", path.display()),
                )];
                if !self.table.players.is_empty() {
                    out.extend(self.ask(|t, g, n| {
                        let mut said = answers::score(t, g);
                        said.truncate(1);
                        said.extend(answers::bases(t, g, n));
                        Ok(said)
                    }));
                }
                out.extend(self.autosave());
                out
            }
            Err(e) => vec![line(LineKind::Error, format!("Not loaded: {e}."))],
        }
    }

    /// `card X`: a number right after a list picks from it; another number is a card
    /// on the table (with where it is); anything else a look-up.
    fn card(&mut self, what: &str, lookup: Option<String>) -> Vec<Line> {
        let names = self.names();
        let is_number = what.trim().parse::<usize>().is_ok();
        let result = match (&lookup, is_number) {
            (Some(list), true) => find::look_up(&names, &format!("{list} {}", what.trim())),
            (_, true) => self.table.game().and_then(|game| {
                let spot = find::on_table(&self.table, &names, what)?;
                let id = self.table.card_at(spot).0;
                let card = self
                    .catalog
                    .card(id)
                    .ok_or_else(|| format!("{id} is not in the card data."))?;
                let mut said =
                    crate::lookup::describe(&self.catalog, crate::cards::query::Entry::Card(card));
                said.push(format!(
                    "On the table: {}, on {}.",
                    answers::card_line(&self.table, &game, &names, spot),
                    names.name(&self.table.bases[spot.base()].base)
                ));
                Ok(said)
            }),
            (_, false) => find::look_up(&names, what),
        };
        match result {
            Ok(said) => {
                if said.len() > 1 && said[0].contains(" cards match ") {
                    self.last_lookup = Some(what.trim().to_string());
                }
                lines(LineKind::Answer, said)
            }
            Err(e) => vec![line(LineKind::Error, e)],
        }
    }
}

/// Runs the companion at the terminal; the process exit code.
pub fn run(args: &TableArgs, catalog: Catalog) -> u8 {
    let speaker = args.reader.speaker();
    let options = terminal::TerminalOptions {
        plain: args.reader.plain,
        color: false,
        more_commands: &[],
    };
    let mut term = terminal::Terminal::new(&options, Arc::clone(&speaker));
    term.speech_problems();
    let autosave = match crate::play::autosave_place(args.autosave.as_deref(), "table.ron") {
        Ok(path) => Some(path),
        Err(e) => {
            term.show(&[line(
                LineKind::Error,
                format!("Autosave is off: {e}. Keep the table with the save command: save FILE."),
            )]);
            None
        }
    };
    let (codes, problem) = crate::play::codes_setting(args.reader.codes.as_deref());
    if let Some(p) = problem {
        term.show(&[line(LineKind::Error, p)]);
    }
    let mut companion = Companion::new(catalog, codes, autosave);
    term.show(&companion.opening());
    if let Some(path) = &args.load {
        term.show(&companion.load(path));
    }
    loop {
        term.set_names(companion.names_in_play());
        term.set_first_words(companion.first_words());
        let Some(text) = term.read() else {
            break;
        };
        if text.trim().eq_ignore_ascii_case("stop") {
            speaker.stop();
        }
        let reply = companion.respond(&text);
        term.show(&reply.lines);
        if reply.quit {
            break;
        }
    }
    speaker.finish(std::time::Duration::from_secs(5));
    term.speech_problems();
    0
}
