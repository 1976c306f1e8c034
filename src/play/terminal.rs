//! The terminal: reading lines (with rustyline's history and tab completion, but no
//! hints and no highlighting, which make screen readers re-read the line; or plain
//! lines from standard input with `--plain`), and printing plain append-only lines,
//! wrapped at word boundaries to the terminal's width, coloured only with `--color`
//! (and never when NO_COLOR is set), and spoken when speech is on. When the output
//! cannot be written any more (closed, or a full disk) nothing more is read: the game
//! ends as at the end of input, and [`Terminal::output_failure`] says why. A line
//! longer than [`MAX_LINE`] is refused as it is read, and the line editor never waits
//! for the end of a bracketed paste (see [`editor`]).

use super::complete::Completion;
use super::setup::Console;
use super::speech::Speaker;
use super::table::{Line, LineKind};
use super::{too_long, MAX_LINE};
use crate::quote::echo;
use rustyline::history::DefaultHistory;
use rustyline::{
    Cmd, ColorMode, ConditionalEventHandler, Config, Editor, Event, EventContext, EventHandler,
    ExternalPrinter, KeyCode, KeyEvent, Modifiers, RepeatCount,
};
use std::io::{BufRead, IsTerminal, Write};
use std::sync::{Arc, Mutex};

/// Stops speech at any key press in the line editor.
struct StopOnKey(Arc<dyn Speaker>);

impl ConditionalEventHandler for StopOnKey {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, _: &EventContext) -> Option<Cmd> {
        self.0.stop();
        None
    }
}

/// How to talk to the person.
pub struct TerminalOptions {
    /// Read plain lines from standard input, no line editor.
    pub plain: bool,
    /// Colour questions and errors (unless NO_COLOR is set).
    pub color: bool,
    /// Command words Tab completes besides those of `smashup play` (the lobby's,
    /// for `smashup join`).
    pub more_commands: &'static [&'static str],
}

/// A line's colour with `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tint {
    /// As the terminal shows text.
    Plain,
    /// Bold: questions and their options.
    Bold,
    /// Red: errors.
    Red,
    /// Cyan: chat and the table's comings and goings.
    Cyan,
}

impl LineKind {
    /// The colour of this kind of line.
    pub fn tint(self) -> Tint {
        match self {
            LineKind::Question => Tint::Bold,
            LineKind::Error => Tint::Red,
            LineKind::Narration | LineKind::Answer => Tint::Plain,
        }
    }
}

/// How lines look on this terminal: wrapped to its width, coloured or not. Copied
/// freely to whatever prints lines (the network client's reader prints too).
#[derive(Debug, Clone, Copy)]
pub struct Look {
    width: Option<usize>,
    color: bool,
}

impl Look {
    /// `text` as printed: wrapped, coloured with `--color`, each piece ending in a
    /// newline.
    pub fn render(&self, tint: Tint, text: &str) -> String {
        use crossterm::style::Stylize;
        let mut out = String::new();
        for piece in wrap(text, self.width) {
            let piece = piece.as_str();
            let painted = match tint {
                _ if !self.color => piece.to_string(),
                Tint::Plain => piece.to_string(),
                Tint::Bold => piece.bold().to_string(),
                Tint::Red => piece.red().to_string(),
                Tint::Cyan => piece.cyan().to_string(),
            };
            out.push_str(&painted);
            out.push('\n');
        }
        out
    }
}

/// Said for an input line that is not UTF-8 text: it is skipped, and nothing changes.
const NOT_TEXT: &str = "That line is not valid text (UTF-8), so it was not read; nothing changed.";

/// Standard input and output, as the game's console.
pub struct Terminal {
    editor: Option<Editor<Completion, DefaultHistory>>,
    stdin: std::io::StdinLock<'static>,
    echo: bool,
    look: Look,
    speaker: Arc<dyn Speaker>,
    names: Arc<Mutex<Vec<String>>>,
    /// The first failure to write to the output: from then on nothing is read.
    write_failed: Option<std::io::Error>,
    first_words: Arc<Mutex<Vec<String>>>,
}

/// The line editor: history and completion of `names`, no colour, a key press stops
/// speech. Bracketed paste is off, and the sequence that starts one (`ESC[200~`) is
/// bound to nothing: rustyline would otherwise read everything after it, Enter,
/// Ctrl-C and Ctrl-D included, as pasted text until an end that may never come. A
/// paste then arrives as typed keys, each line its own answer.
pub fn editor(
    names: &Arc<Mutex<Vec<String>>>,
    first_words: &Arc<Mutex<Vec<String>>>,
    more_commands: &'static [&'static str],
    speaker: &Arc<dyn Speaker>,
) -> Option<Editor<Completion, DefaultHistory>> {
    let config = Config::builder()
        .auto_add_history(true)
        .color_mode(ColorMode::Disabled)
        .bracketed_paste(false)
        .build();
    let mut e = Editor::with_config(config).ok()?;
    e.set_helper(Some(Completion {
        names: Arc::clone(names),
        first_words: Arc::clone(first_words),
        more_commands,
    }));
    e.bind_sequence(PASTE_START, EventHandler::Simple(Cmd::Noop));
    e.bind_sequence(
        Event::Any,
        EventHandler::Conditional(Box::new(StopOnKey(Arc::clone(speaker)))),
    );
    Some(e)
}

/// The key rustyline reads for the start of a bracketed paste.
const PASTE_START: KeyEvent = KeyEvent(KeyCode::BracketedPasteStart, Modifiers::NONE);

impl Terminal {
    /// The words Tab completes at the start of a line, instead of the game's commands
    /// (the table companion's).
    pub fn set_first_words(&self, words: Vec<String>) {
        if let Ok(mut w) = self.first_words.lock() {
            *w = words;
        }
    }

    /// The completion words, shared: whoever learns what is in the game now (the
    /// network client's reader) refreshes them.
    pub fn completion_names(&self) -> Arc<Mutex<Vec<String>>> {
        Arc::clone(&self.names)
    }

    /// The names Tab completes after a command: what is in the game now.
    pub fn set_names(&self, names: Vec<String>) {
        if let Ok(mut n) = self.names.lock() {
            *n = names;
        }
    }

    /// Sets the terminal up; falls back to plain lines if the line editor cannot start.
    pub fn new(options: &TerminalOptions, speaker: Arc<dyn Speaker>) -> Terminal {
        let interactive = std::io::stdin().is_terminal();
        let names = Arc::new(Mutex::new(Vec::new()));
        let first_words = Arc::new(Mutex::new(Vec::new()));
        let editor = if options.plain || !interactive {
            None
        } else {
            editor(&names, &first_words, options.more_commands, &speaker)
        };
        let out_terminal = std::io::stdout().is_terminal();
        // `--plain` is never wrapped: a braille display or screen reader wraps for
        // itself, and a line cut at the terminal's width can split a code from its name.
        let width = if out_terminal && !options.plain {
            crossterm::terminal::size()
                .ok()
                .map(|(w, _)| w as usize)
                .filter(|&w| w >= 20)
        } else {
            None
        };
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Terminal {
            editor,
            stdin: std::io::stdin().lock(),
            echo: !interactive,
            look: Look {
                width,
                color: options.color && !no_color,
            },
            speaker,
            names,
            write_failed: None,
            first_words,
        }
    }

    /// Why the output could not be written, unless it was only closed (nobody reads
    /// any more, which ends the game quietly): the line to say on standard error.
    pub fn output_failure(&self) -> Option<String> {
        self.write_failed
            .as_ref()
            .filter(|e| !crate::output::closed(e))
            .map(crate::output::failure)
    }

    fn print(&mut self, kind: LineKind, text: &str) {
        if self.write_failed.is_some() {
            return;
        }
        let mut out = std::io::stdout().lock();
        let written = out
            .write_all(self.look.render(kind.tint(), text).as_bytes())
            .and_then(|()| out.flush());
        if let Err(e) = written {
            self.write_failed = Some(e);
        }
    }

    /// How lines look here, for printing from elsewhere.
    pub fn look(&self) -> Look {
        self.look
    }

    /// True when lines are read with the line editor (not `--plain`).
    pub fn editing(&self) -> bool {
        self.editor.is_some()
    }

    /// Something that prints whole lines from another thread above the line being
    /// edited, without breaking it; `None` without the line editor, where printing to
    /// standard output is already safe.
    pub fn external_printer(&mut self) -> Option<Box<dyn ExternalPrinter + Send>> {
        let printer = self.editor.as_mut()?.create_external_printer().ok()?;
        Some(Box::new(printer))
    }

    /// Prints a speech problem once, if there is one.
    pub fn speech_problems(&mut self) {
        if let Some(p) = self.speaker.take_problem() {
            self.print(LineKind::Error, &p);
        }
    }
}

impl Console for Terminal {
    fn show(&mut self, lines: &[Line]) {
        for line in lines {
            self.print(line.kind, &line.text);
            self.speaker.say(&line.text);
        }
        self.speech_problems();
    }

    fn read(&mut self) -> Option<String> {
        if self.write_failed.is_some() {
            return None;
        }
        let line = if self.editor.is_some() {
            loop {
                let Some(read) = self.editor.as_mut().map(|e| e.readline("> ")) else {
                    break None;
                };
                match read {
                    Ok(line) if line.len() > MAX_LINE => {
                        self.print(LineKind::Error, &too_long(line.len()))
                    }
                    Ok(line) => break Some(line),
                    Err(rustyline::error::ReadlineError::Interrupted) => break Some("quit".into()),
                    Err(rustyline::error::ReadlineError::Io(e))
                        if e.kind() == std::io::ErrorKind::InvalidData =>
                    {
                        self.print(LineKind::Error, NOT_TEXT);
                    }
                    Err(_) => break None,
                }
            }
        } else {
            loop {
                if !self.echo {
                    // Typed at a terminal with --plain: the same prompt as the line editor.
                    let mut out = std::io::stdout().lock();
                    let _ = write!(out, "> ").and_then(|()| out.flush());
                }
                let mut bytes = Vec::new();
                // Room for the longest line and its "\r\n"; anything longer is refused.
                let cap = MAX_LINE + 2;
                match std::io::Read::take(&mut self.stdin, cap as u64).read_until(b'\n', &mut bytes)
                {
                    Ok(0) | Err(_) => break None,
                    Ok(n) => {
                        if n == cap && !bytes.ends_with(b"\n") {
                            // Not read any further than the cap: the rest is skipped.
                            let rest = self.stdin.skip_until(b'\n').unwrap_or(0);
                            let length = n + rest.saturating_sub(1);
                            self.print(LineKind::Error, &too_long(length));
                            continue;
                        }
                        let Ok(line) = String::from_utf8(bytes) else {
                            self.print(LineKind::Error, NOT_TEXT);
                            continue;
                        };
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if self.echo {
                            self.print(LineKind::Answer, &format!("> {}", echo(&line)));
                        }
                        break Some(line);
                    }
                }
            }
        };
        // A typed line stops speech; the end of input lets the last lines finish.
        if line.is_some() {
            self.speaker.stop();
        }
        line
    }
}

/// Clears the visible screen (not the scrollback a screen reader reads): when the
/// keyboard is passed in hot-seat, for sighted players at the same table.
/// Nothing is sent when the output is not a terminal (a file, a pipe, a speech
/// program): there is no screen to clear, and an escape code would be read as text.
pub fn clear_screen() {
    use crossterm::{cursor::MoveTo, execute, terminal::Clear, terminal::ClearType};
    if !std::io::stdout().is_terminal() {
        return;
    }
    let _ = execute!(std::io::stdout(), Clear(ClearType::All), MoveTo(0, 0));
}

/// Splits a line to fit `width` columns, at spaces only; a word longer than the width
/// stands alone on its line, whole.
pub fn wrap(text: &str, width: Option<usize>) -> Vec<String> {
    let Some(width) = width else {
        return vec![text.to_string()];
    };
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split(' ') {
        let needed = current.chars().count() + 1 + word.chars().count();
        if !current.is_empty() && needed > width {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    lines.push(current);
    lines
}

#[cfg(test)]
mod tests {
    use super::{editor, wrap, PASTE_START};
    use crate::play::speech::{Silent, Speaker};
    use rustyline::{Cmd, EventHandler};
    use std::sync::{Arc, Mutex};

    #[test]
    fn the_start_of_a_paste_is_bound_to_nothing() {
        // Issue 27: `ESC[200~` with no end made rustyline read Enter, Ctrl-C and Ctrl-D
        // as pasted text. Bound to nothing, it is ignored and every key works.
        let speaker: Arc<dyn Speaker> = Arc::new(Silent);
        let mut e = editor(
            &Arc::new(Mutex::new(Vec::new())),
            &Arc::new(Mutex::new(Vec::new())),
            &[],
            &speaker,
        )
        .expect("the editor starts");
        let bound = e.bind_sequence(PASTE_START, EventHandler::Simple(Cmd::Noop));
        assert!(matches!(bound, Some(EventHandler::Simple(Cmd::Noop))));
    }

    #[test]
    fn wraps_at_spaces_never_mid_word() {
        let text = "Bot 2 plays Pirate King on Tortuga; Tortuga now 14 of 21.";
        let lines = wrap(text, Some(20));
        assert!(lines.iter().all(|l| l.chars().count() <= 20));
        assert_eq!(lines.join(" "), text);
        assert_eq!(
            wrap("Supercalifragilistic word", Some(8))[0],
            "Supercalifragilistic"
        );
        assert_eq!(wrap(text, None), vec![text.to_string()]);
    }
}
