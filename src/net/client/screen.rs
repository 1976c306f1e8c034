//! What the client shows and says: the server's lines arrive while the person types,
//! so they are printed above the line being edited (rustyline's external printer)
//! without breaking it, coloured by kind with `--color`, and spoken on this machine;
//! a question and its options are spoken before the narration still waiting. The
//! `words` lines refresh Tab completion; `prompt` lines are not printed.

use crate::net::Kind;
use crate::play::speech::Speaker;
use crate::play::table::Line;
use crate::play::terminal::{Look, Tint};
use rustyline::ExternalPrinter;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// The person's screen and voice, shared by the reader of the server's lines and the
/// reader of the keyboard.
pub struct Screen {
    printer: Mutex<Option<Box<dyn ExternalPrinter + Send>>>,
    look: Look,
    speaker: Arc<dyn Speaker>,
    names: Arc<Mutex<Vec<String>>>,
}

/// The colour of a kind of line with `--color`.
fn tint(kind: Kind) -> Tint {
    match kind {
        Kind::Question | Kind::Option => Tint::Bold,
        Kind::Error | Kind::Bye => Tint::Red,
        Kind::Chat | Kind::Lobby => Tint::Cyan,
        Kind::Narration | Kind::Answer | Kind::Prompt | Kind::Words | Kind::Panel => Tint::Plain,
    }
}

impl Screen {
    /// A screen printing through `printer` when the line editor runs (else straight to
    /// standard output), speaking through `speaker`, completing from `names`.
    pub fn new(
        look: Look,
        printer: Option<Box<dyn ExternalPrinter + Send>>,
        speaker: Arc<dyn Speaker>,
        names: Arc<Mutex<Vec<String>>>,
    ) -> Screen {
        Screen {
            printer: Mutex::new(printer),
            look,
            speaker,
            names,
        }
    }

    /// The voice, for the speech commands typed here.
    pub fn speaker(&self) -> &dyn Speaker {
        self.speaker.as_ref()
    }

    fn print(&self, tint: Tint, text: &str) {
        let rendered = self.look.render(tint, text);
        if let Ok(mut printer) = self.printer.lock() {
            if let Some(p) = printer.as_mut() {
                if p.print(rendered.clone()).is_ok() {
                    return;
                }
            }
        }
        let mut out = std::io::stdout().lock();
        let _ = out
            .write_all(rendered.as_bytes())
            .and_then(|()| out.flush());
    }

    /// Shows one line from the server.
    pub fn show(&self, kind: Kind, text: &str) {
        match kind {
            // `smashup join` never asks for panels: the hand is one command away.
            Kind::Prompt | Kind::Panel => return,
            Kind::Words => {
                if let Ok(mut names) = self.names.lock() {
                    *names = text
                        .split('\t')
                        .filter(|w| !w.is_empty())
                        .map(String::from)
                        .collect();
                }
                return;
            }
            Kind::Question | Kind::Option => self.speaker.say_first(text),
            _ => self.speaker.say(text),
        }
        self.print(tint(kind), text);
        self.problems();
    }

    /// Shows lines made here (the answers to speech commands), spoken too.
    pub fn show_local(&self, lines: &[Line]) {
        for line in lines {
            self.print(line.kind.tint(), &line.text);
            self.speaker.say(&line.text);
        }
        self.problems();
    }

    /// Shows a line about the connection itself (lost, back, leaving), spoken.
    pub fn note(&self, text: &str) {
        self.show(Kind::Error, text);
    }

    /// Prints a speech problem once, if there is one.
    pub fn problems(&self) {
        if let Some(p) = self.speaker.take_problem() {
            self.print(Tint::Red, &p);
        }
    }

    /// Lets the last lines be spoken (at most a few seconds) before the program ends.
    pub fn finish(&self) {
        self.speaker.finish(std::time::Duration::from_secs(3));
    }
}

/// Splits a line from the server into its kind and text: `KIND<TAB>TEXT` once framing
/// is on; a line without a known kind (the greeting before `frames on` took effect) is
/// narration, whole.
pub fn unframe(line: &str) -> (Kind, &str) {
    match line.split_once('\t') {
        Some((word, text)) => match Kind::from_word(word) {
            Some(kind) => (kind, text),
            None => (Kind::Narration, line),
        },
        None => (Kind::Narration, line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framed_lines_split_and_plain_ones_are_narration() {
        assert_eq!(
            unframe("question\tYour turn."),
            (Kind::Question, "Your turn.")
        );
        assert_eq!(unframe("words\tplay\tend"), (Kind::Words, "play\tend"));
        assert_eq!(
            unframe("Welcome to smashup."),
            (Kind::Narration, "Welcome to smashup.")
        );
        assert_eq!(unframe("odd\tline"), (Kind::Narration, "odd\tline"));
    }
}
