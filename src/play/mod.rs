//! Playing a game by ear: `smashup` or `smashup play`. The set-up questions, the
//! conversation (every decision one question with numbered options, commands that
//! ask about the game at any time), narration of every event with the actor first,
//! bots for the other seats, hot-seat hand-overs, saving, undo and speech.
//!
//! The parts: [`setup`] (questions before the game and the formal draft), [`table`]
//! (the game and what the keyboard is asked), [`prompt`] (questions and their
//! entries), [`commands`] (what a line means), [`pick`] (number, code or name),
//! [`queries`] (hand, bases, card, ...), [`narrate`] (events to sentences),
//! [`describe`] (names of things), [`save`], [`speech`] and [`terminal`].

pub mod commands;
pub mod complete;
pub mod describe;
pub mod draft;
pub mod narrate;
pub mod pick;
pub mod prompt;
pub mod queries;
pub mod recap;
pub mod refusal;
pub mod rules;
pub mod save;
pub mod seat;
pub mod settings;
pub mod setup;
pub mod speech;
pub mod table;
pub mod terminal;
pub mod traps;

use crate::bots::BotKind;
use crate::quote::echo;
use commands::Command;
use narrate::Verbosity;
use setup::{Console, SetupEnd, SetupFlags};
use speech::Speaker;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use table::{Line, LineKind, Table};

/// How lines reach the person, the same flags for `smashup play`, `smashup join` and
/// `smashup table`: the line editor or plain lines, speech, card codes.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ReaderArgs {
    /// Read plain lines from standard input, without the line editor (automatic when
    /// standard input is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// Speak through the system voice (needs a build with --features speech).
    #[arg(long)]
    pub speech: bool,
    /// Speak each line by piping it to this program, e.g. espeak-ng, "spd-say -e", say.
    #[arg(long, value_name = "CMD")]
    pub speech_command: Option<String>,
    /// Card codes first (on, the default, for the braille set) or names only (off);
    /// smashup play and smashup table remember it for later.
    #[arg(long, value_name = "on|off", value_parser = ["on", "off"])]
    pub codes: Option<String>,
}

impl ReaderArgs {
    /// The voice the flags ask for (none without them).
    pub fn speaker(&self) -> Arc<dyn Speaker> {
        speech::from_flags(self.speech, self.speech_command.as_deref())
    }
}

/// The flags of `smashup play` (and of `smashup` with no command).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PlayArgs {
    /// How many players, 2 to 4.
    #[arg(long, value_name = "N")]
    pub players: Option<usize>,
    /// How many of the players are bots (the people sit first).
    #[arg(long, value_name = "N")]
    pub bots: Option<usize>,
    /// Your two factions (letter, id or name), e.g. pirates,ninjas; list two more per
    /// further seat to choose theirs too. The rest are drawn at random.
    #[arg(long, value_delimiter = ',', value_name = "A,B")]
    pub factions: Vec<String>,
    /// The game's seed: the same seed and answers give the same game.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Choose factions with the formal draft.
    #[arg(long)]
    pub draft: bool,
    /// Use every base of every set, not only those of the factions in play.
    #[arg(long)]
    pub all_bases: bool,
    /// The VP that ends the game, 5 to 50 (15 when not given).
    #[arg(long, value_name = "N")]
    pub vp: Option<u32>,
    /// Plain lines, speech, card codes.
    #[command(flatten)]
    pub reader: ReaderArgs,
    /// Go on with a saved game.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Colour questions and errors (never when NO_COLOR is set).
    #[arg(long)]
    pub color: bool,
    /// Where the game is saved at the end of every turn (default: in your data folder).
    #[arg(long, value_name = "FILE")]
    pub autosave: Option<PathBuf>,
    /// How the bots play: heuristic (default), random, or the search bot at easy,
    /// normal or hard.
    #[arg(long, value_name = "KIND", value_parser = ["heuristic", "random", "easy", "normal", "hard"])]
    pub bot: Option<String>,
    /// The people's names, in seat order, e.g. Ann,Ben (hot-seat).
    #[arg(long, value_delimiter = ',', value_name = "A,B")]
    pub names: Vec<String>,
    /// Clear the screen when the keyboard is passed in hot-seat (for sighted friends
    /// at the same table; no effect with --plain or when the output is not a terminal).
    #[arg(long)]
    pub clear_on_pass: bool,
    /// Say what changed since your last turn at the start of each of your turns.
    #[arg(long)]
    pub recap: bool,
    /// How much is narrated: brief, normal or full.
    #[arg(long, value_name = "LEVEL", value_parser = ["brief", "normal", "full"])]
    pub verbosity: Option<String>,
}

impl PlayArgs {
    /// The bot kind asked for: `--bot`, or the heuristic bot.
    pub fn bot_name(&self) -> &str {
        self.bot.as_deref().unwrap_or("heuristic")
    }
}

/// Where the autosave goes: `--autosave FILE`, or else `file` in the user's data folder
/// (`$XDG_DATA_HOME`, `~/.local/share` or `%APPDATA%`), under `smashup/`. Checked by
/// writing a test file there, so that a folder that cannot be used is said at the
/// start, not when the game is left.
pub(crate) fn autosave_place(given: Option<&Path>, file: &str) -> Result<PathBuf, String> {
    let path = match given {
        Some(path) => path.to_path_buf(),
        None => {
            let dir = data_folder().ok_or("no data folder is known (HOME is not set)")?;
            std::fs::create_dir_all(&dir).map_err(|e| {
                format!(
                    "cannot make the folder {}: {e}",
                    echo(&dir.display().to_string())
                )
            })?;
            dir.join(file)
        }
    };
    let mut probe = path.as_os_str().to_owned();
    probe.push(format!(".{}.tmp", std::process::id()));
    std::fs::write(&probe, b"")
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|e| {
            format!(
                "cannot write next to {}: {e}",
                echo(&path.display().to_string())
            )
        })?;
    Ok(path)
}

/// An autosave file this game alone writes: the file's lock (`FILE.lock`, held until
/// the game ends), so that two games at once never share one autosave. The default
/// file taken, the next free `autosave-2.ron`, `autosave-3.ron` ... is used and said;
/// a file named with `--autosave` that another game holds is refused.
struct AutosaveLock {
    path: PathBuf,
    _lock: std::fs::File,
}

fn lock_autosave(path: PathBuf, named: bool) -> Result<(AutosaveLock, Option<String>), String> {
    let try_lock = |p: &Path| -> Result<Option<std::fs::File>, String> {
        let mut lock = p.as_os_str().to_owned();
        lock.push(".lock");
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(PathBuf::from(lock))
            .map_err(|e| format!("cannot lock {}: {e}", echo(&p.display().to_string())))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(file)),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(format!(
                "cannot lock {}: {e}",
                echo(&p.display().to_string())
            )),
        }
    };
    if let Some(lock) = try_lock(&path)? {
        return Ok((AutosaveLock { path, _lock: lock }, None));
    }
    let shown = echo(&path.display().to_string());
    if named {
        return Err(format!("another game is autosaving to {shown}"));
    }
    for n in 2..=20 {
        let other = path.with_file_name(format!("autosave-{n}.ron"));
        if let Some(lock) = try_lock(&other)? {
            let note = format!(
                "Another game is autosaving to {shown}: this one autosaves to {}.",
                echo(&other.display().to_string())
            );
            return Ok((
                AutosaveLock {
                    path: other,
                    _lock: lock,
                },
                Some(note),
            ));
        }
    }
    Err(format!("twenty other games are autosaving next to {shown}"))
}

/// The user's data folder for the game (`$XDG_DATA_HOME`, `~/.local/share` or
/// `%APPDATA%`, then `smashup/`), whether or not it exists yet.
pub fn data_folder() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = env("XDG_DATA_HOME")
        .or_else(|| env("HOME").map(|h| h.join(".local").join("share")))
        .or_else(|| env("APPDATA"))?;
    Some(base.join("smashup"))
}

/// The user's data folder for the game, created if missing.
fn data_dir() -> Option<PathBuf> {
    let dir = data_folder()?;
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir)
}

/// The set-up flags given with `--load`, which a saved game does not take.
fn setup_flags_with_load(args: &PlayArgs) -> Vec<&'static str> {
    let given = [
        ("--players", args.players.is_some()),
        ("--bots", args.bots.is_some()),
        ("--factions", !args.factions.is_empty()),
        ("--seed", args.seed.is_some()),
        ("--draft", args.draft),
        ("--vp", args.vp.is_some()),
        ("--all-bases", args.all_bases),
        ("--names", !args.names.is_empty()),
        ("--bot", args.bot.is_some()),
    ];
    given
        .iter()
        .filter(|(_, on)| *on)
        .map(|(f, _)| *f)
        .collect()
}

/// Whether codes lead lines: `--codes` if given (and then remembered), else the
/// remembered setting; a line to show if it could not be remembered.
pub(crate) fn codes_setting(flag: Option<&str>) -> (bool, Option<String>) {
    let file = data_dir().map(|d| settings::path_in(&d));
    let mut kept = file.as_deref().map(settings::read).unwrap_or_default();
    let Some(flag) = flag else {
        return (kept.codes, None);
    };
    kept.codes = flag == "on";
    let problem = file.and_then(|f| {
        settings::write(&f, kept)
            .err()
            .map(|e| format!("The codes setting is not remembered: {e}."))
    });
    (kept.codes, problem)
}

/// The longest line the game reads, in bytes: far more than any answer or command,
/// and short enough that no look-up takes long.
pub const MAX_LINE: usize = 4096;

/// Said for a line longer than [`MAX_LINE`]: it is not read, and nothing changes.
pub fn too_long(bytes: usize) -> String {
    format!(
        "That line is too long ({bytes} bytes; at most {MAX_LINE}), so it was not read; nothing changed."
    )
}

/// Handles one typed line: speech commands here, the rest at the table. A line
/// longer than [`MAX_LINE`] is refused before anything else is done with it.
pub fn respond(table: &mut Table, speaker: &dyn Speaker, line: &str) -> Vec<Line> {
    if line.len() > MAX_LINE {
        return vec![Line {
            kind: LineKind::Error,
            text: too_long(line.len()),
        }];
    }
    match commands::parse(line) {
        Err(e) => vec![Line {
            kind: LineKind::Error,
            text: e,
        }],
        Ok(command) => match speech_command(speaker, &command) {
            Some(lines) => lines,
            None => table.command(command),
        },
    }
}

/// The answer to a speech command (`stop`, `rate N`, `speech test`), which the
/// player's own machine handles (over the network too); `None` for other commands.
pub fn speech_command(speaker: &dyn Speaker, command: &Command) -> Option<Vec<Line>> {
    let line_of = |kind, text: String| Some(vec![Line { kind, text }]);
    match command {
        Command::Stop => {
            speaker.stop();
            line_of(LineKind::Answer, "Stopped.".into())
        }
        Command::Rate(n) => match speaker.set_rate(*n) {
            Ok(text) => line_of(LineKind::Answer, text),
            Err(e) => line_of(LineKind::Error, e),
        },
        Command::SpeechTest => {
            if speaker.is_on() {
                line_of(
                    LineKind::Answer,
                    "Speech test: Bot 2 plays Pirate King on Tortuga; Tortuga now 14 of 21.".into(),
                )
            } else {
                line_of(
                    LineKind::Error,
                    "Speech is off: start with --speech or --speech-command CMD to hear the game."
                        .into(),
                )
            }
        }
        _ => None,
    }
}

/// Plays a game at the terminal; the process exit code. When the output cannot be
/// written the game ends as at the end of input (autosaved); a closed output is
/// quiet, any other failure (a full disk) an error and [`crate::output::WRITE_FAILED`].
pub fn run(args: &PlayArgs) -> u8 {
    let speaker = args.reader.speaker();
    let options = terminal::TerminalOptions {
        plain: args.reader.plain,
        color: args.color,
        more_commands: &[],
    };
    let mut term = terminal::Terminal::new(&options, Arc::clone(&speaker));
    let code = play(args, &mut term, &speaker);
    match term.output_failure() {
        Some(failure) => {
            crate::output::error_line(&failure);
            crate::output::WRITE_FAILED
        }
        None => code,
    }
}

/// [`run`] on a terminal set up.
fn play(args: &PlayArgs, term: &mut terminal::Terminal, speaker: &Arc<dyn Speaker>) -> u8 {
    // A missing voice is said first, before any question.
    term.speech_problems();
    let place = autosave_place(args.autosave.as_deref(), "autosave.ron")
        .and_then(|path| lock_autosave(path, args.autosave.is_some()));
    let autosave_lock = match place {
        Ok((lock, note)) => {
            if let Some(note) = note {
                term.show(&[Line {
                    kind: LineKind::Answer,
                    text: note,
                }]);
            }
            Some(lock)
        }
        Err(e) => {
            term.show(&[Line {
                kind: LineKind::Error,
                text: format!(
                    "Autosave is off: {e}. Keep the game with the save command: save FILE."
                ),
            }]);
            None
        }
    };
    // Held until the game ends: no other game autosaves to this file meanwhile.
    let autosave = autosave_lock.as_ref().map(|l| l.path.clone());
    let verbosity = args
        .verbosity
        .as_deref()
        .and_then(Verbosity::parse)
        .unwrap_or(Verbosity::Normal);
    let (codes, codes_problem) = codes_setting(args.reader.codes.as_deref());
    if let Some(p) = codes_problem {
        term.show(&[Line {
            kind: LineKind::Error,
            text: p,
        }]);
    }
    let ignored = setup_flags_with_load(args);
    if args.load.is_some() && !ignored.is_empty() {
        term.show(&[Line {
            kind: LineKind::Error,
            text: format!(
                "Ignored with --load: {}; a saved game keeps its own set-up.",
                ignored.join(", ")
            ),
        }]);
    }
    let mut table = match &args.load {
        Some(path) => match save::read(path) {
            Ok((save, game)) => Table::load(save, game, autosave),
            Err(e) => {
                eprintln!("Error: {e}.");
                return 1;
            }
        },
        None => {
            let flags = SetupFlags {
                players: args.players,
                bots: args.bots,
                factions: args.factions.clone(),
                seed: args.seed,
                draft: args.draft,
                all_bases: args.all_bases,
                vp: args.vp,
                names: args.names.clone(),
                ask_people: true,
                bot: match BotKind::parse(args.bot_name()) {
                    Some(kind) => kind,
                    None => {
                        eprintln!(
                            "Error: no bot called \"{}\"; expected one of: {}.",
                            args.bot_name(),
                            BotKind::names()
                        );
                        return 2;
                    }
                },
            };
            let ready = match setup::setup(&flags, term) {
                Ok(ready) => ready,
                Err(SetupEnd::Left) => {
                    term.show(&[Line {
                        kind: LineKind::Answer,
                        text: "No game started.".into(),
                    }]);
                    return 0;
                }
                Err(SetupEnd::Bad(e)) => {
                    eprintln!("Error: {e}");
                    return 2;
                }
            };
            match Table::new(&ready.config, ready.seats, verbosity, autosave) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("Error: {e}.");
                    return 2;
                }
            }
        }
    };
    // A saved game keeps its verbosity unless another is asked for now.
    if args.load.is_some() && args.verbosity.is_some() {
        table.command(Command::Verbosity(Some(verbosity)));
    }
    table.set_codes(codes);
    table.set_auto_recap(args.recap);
    let opening = table.start();
    term.show(&opening);
    while !table.finished() {
        term.set_names(table.names_in_game());
        let passing = table.passing_to().is_some();
        let lines = match term.read() {
            Some(line) => respond(&mut table, speaker.as_ref(), &line),
            None => table.command(Command::Quit),
        };
        // Handing the keyboard over: what was on the screen (a hand) is cleared just
        // before "Pass to ...", for sighted players at the same table.
        let handing_over = !passing && table.passing_to().is_some();
        match lines.split_last() {
            Some((pass, before)) if handing_over && args.clear_on_pass && !args.reader.plain => {
                term.show(before);
                terminal::clear_screen();
                term.show(std::slice::from_ref(pass));
            }
            _ => term.show(&lines),
        }
    }
    speaker.finish(std::time::Duration::from_secs(5));
    term.speech_problems();
    0
}
