//! The terminal: reading lines (with rustyline's history and tab completion, but no
//! hints and no highlighting, which make screen readers re-read the line; or plain
//! lines from standard input with `--plain`), and printing plain append-only lines,
//! wrapped at word boundaries to the terminal's width, coloured only with `--color`
//! (and never when NO_COLOR is set), and spoken when speech is on.

use super::complete::Completion;
use super::setup::Console;
use super::speech::Speaker;
use super::table::{Line, LineKind};
use crate::quote::echo;
use rustyline::history::DefaultHistory;
use rustyline::{
    Cmd, ColorMode, ConditionalEventHandler, Config, Editor, Event, EventContext, EventHandler,
    ExternalPrinter, RepeatCount,
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
}

impl Terminal {
    /// The names Tab completes after a command: what is in the game now.
    pub fn set_names(&self, names: Vec<String>) {
        if let Ok(mut n) = self.names.lock() {
            *n = names;
        }
    }

    /// The completion words, shared: whoever learns what is in the game now (the
    /// network client's reader) refreshes them.
    pub fn completion_names(&self) -> Arc<Mutex<Vec<String>>> {
        Arc::clone(&self.names)
    }

    /// Sets the terminal up; falls back to plain lines if the line editor cannot start.
    pub fn new(options: &TerminalOptions, speaker: Arc<dyn Speaker>) -> Terminal {
        let interactive = std::io::stdin().is_terminal();
        let names = Arc::new(Mutex::new(Vec::new()));
        let editor = if options.plain || !interactive {
            None
        } else {
            let config = Config::builder()
                .auto_add_history(true)
                .color_mode(ColorMode::Disabled)
                .bracketed_paste(false)
                .build();
            Editor::with_config(config).ok().map(|mut e| {
                e.set_helper(Some(Completion {
                    names: Arc::clone(&names),
                    more_commands: options.more_commands,
                }));
                e.bind_sequence(
                    Event::Any,
                    EventHandler::Conditional(Box::new(StopOnKey(Arc::clone(&speaker)))),
                );
                e
            })
        };
        let out_terminal = std::io::stdout().is_terminal();
        let width = if out_terminal {
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
        }
    }

    fn print(&self, kind: LineKind, text: &str) {
        let mut out = std::io::stdout().lock();
        let _ = out
            .write_all(self.look.render(kind.tint(), text).as_bytes())
            .and_then(|()| out.flush());
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
        let line = if self.editor.is_some() {
            loop {
                let Some(read) = self.editor.as_mut().map(|e| e.readline("> ")) else {
                    break None;
                };
                match read {
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
                let mut bytes = Vec::new();
                match self.stdin.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break None,
                    Ok(_) => {
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
pub fn clear_screen() {
    use crossterm::{cursor::MoveTo, execute, terminal::Clear, terminal::ClearType};
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
    use super::wrap;

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
