//! `smashup join HOST[:PORT]`: sitting at a table of a `smashup serve` server, with the
//! same REPL as `smashup play` (the line editor with Tab completion, `--plain`,
//! `--color`, speech on this machine). The parts: [`wire`] (the address, TCP and TLS),
//! [`session`] (the conversation, across lost connections) and [`screen`] (printing
//! and speaking the server's lines while the person types).
//!
//! Two threads: the keyboard's (the line editor blocks) and the network's (tokio).
//! Typed lines go to the network through a channel; the server's lines are printed
//! above the line being edited.

pub mod screen;
pub mod session;
pub mod wire;

use crate::play::commands::{self, Command};
use crate::play::setup::Console;
use crate::play::terminal::{Terminal, TerminalOptions};
use crate::play::{speech_command, ReaderArgs};
use screen::Screen;
use session::{Session, Typed};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use wire::Target;

/// The lobby's command words, completed by Tab besides those of `smashup play`.
pub const LOBBY_WORDS: &[&str] = &[
    "tables", "new", "sit", "join", "resume", "start", "who", "say", "bot", "name", "codes",
];

/// The flags of `smashup join`.
#[derive(Debug, Clone, clap::Args)]
pub struct JoinArgs {
    /// The server: HOST or HOST:PORT (port 7777 when not given), e.g. 192.168.1.20 or
    /// games.example.org:7777.
    #[arg(value_name = "HOST[:PORT]")]
    pub address: String,
    /// Your name at the table.
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// Sit at this table (with --code).
    #[arg(long, value_name = "N", requires = "code")]
    pub table: Option<String>,
    /// The table's join code (with --table).
    #[arg(long, value_name = "CODE", requires = "table")]
    pub code: Option<String>,
    /// Connect with TLS, checking the server's certificate.
    #[arg(long)]
    pub tls: bool,
    /// With --tls: trust the certificate in this PEM file (a self-signed server's).
    #[arg(long, value_name = "FILE", requires = "tls")]
    pub tls_ca: Option<PathBuf>,
    /// Plain lines, speech, card codes (at this seat).
    #[command(flatten)]
    pub reader: ReaderArgs,
    /// Colour lines by kind: questions, errors, chat (never when NO_COLOR is set).
    #[arg(long)]
    pub color: bool,
    /// How much is narrated at this seat: brief, normal or full.
    #[arg(long, value_name = "LEVEL", value_parser = ["brief", "normal", "full"])]
    pub verbosity: Option<String>,
    /// Say what changed since your last turn at the start of each of your turns.
    #[arg(long)]
    pub recap: bool,
}

impl JoinArgs {
    /// The seat settings the flags ask for, as the commands that set them.
    fn settings(&self) -> Vec<String> {
        let mut lines = Vec::new();
        lines.extend(self.name.as_ref().map(|n| format!("name {n}")));
        lines.extend(self.verbosity.as_ref().map(|v| format!("verbosity {v}")));
        lines.extend(self.reader.codes.as_ref().map(|c| format!("codes {c}")));
        if self.recap {
            lines.push("recap on".into());
        }
        lines
    }
}

/// The first connection made, and what making it again needs.
struct Reached {
    target: Target,
    tls: Option<tokio_rustls::TlsConnector>,
    runtime: tokio::runtime::Runtime,
    first: Box<dyn wire::Wire>,
}

/// Reads the address and TLS flags and connects; `Err` is the one line to print and
/// the exit status (2 for flags that do not make sense, 1 for a server not reached).
fn reach(args: &JoinArgs) -> Result<Reached, (String, u8)> {
    let target = Target::parse(&args.address, crate::net::DEFAULT_PORT).map_err(|e| (e, 2))?;
    let tls = args
        .tls
        .then(|| wire::tls_connector(args.tls_ca.as_deref()))
        .transpose()
        .map_err(|e| (e, 2))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| (format!("Cannot start the network: {e}."), 1))?;
    let first = runtime
        .block_on(wire::connect(&target, tls.as_ref()))
        .map_err(|e| (e, 1))?;
    Ok(Reached {
        target,
        tls,
        runtime,
        first,
    })
}

/// Joins a server and plays; the process exit status (0 when the person left, 1
/// when the server could not be reached or was lost, 2 for bad flags).
pub fn run(args: &JoinArgs) -> u8 {
    let reached = match reach(args) {
        Ok(r) => r,
        Err((line, code)) => {
            eprintln!("{line}");
            return code;
        }
    };
    let speaker = args.reader.speaker();
    let options = TerminalOptions {
        plain: args.reader.plain,
        color: args.color,
        more_commands: LOBBY_WORDS,
    };
    let mut term = Terminal::new(&options, Arc::clone(&speaker));
    let tty = term.editing().then(SavedTty::save).flatten();
    let screen = Arc::new(Screen::new(
        term.look(),
        term.external_printer(),
        speaker,
        term.completion_names(),
    ));
    screen.problems();
    let settings = args.settings();
    let mut opening = settings.clone();
    if let (Some(table), Some(code)) = (&args.table, &args.code) {
        opening.push(format!("sit {table} {code}"));
    }
    let session = Session {
        target: reached.target,
        tls: reached.tls,
        opening,
        settings,
        screen: Arc::clone(&screen),
    };
    let (typed, heard) = tokio::sync::mpsc::unbounded_channel();
    let (ended, end) = std::sync::mpsc::channel();
    let ending = Arc::clone(&screen);
    let first = reached.first;
    reached.runtime.spawn(async move {
        let code = session.run(first, heard).await;
        // The keyboard's thread may be waiting in the line editor: the program ends
        // here, with the terminal as it was.
        if ended.send(code).is_err() || code != 0 {
            leave(&ending, tty.as_ref(), code);
        }
    });
    read_keyboard(&mut term, &screen, &typed);
    let _ = typed.send(Typed::Leave);
    let code = end.recv_timeout(Duration::from_secs(5)).unwrap_or(0);
    screen.finish();
    code
}

/// Sends the typed lines to the server until `quit` or the end of input; the speech
/// commands are answered here, on the person's own machine.
fn read_keyboard(
    term: &mut Terminal,
    screen: &Screen,
    typed: &tokio::sync::mpsc::UnboundedSender<Typed>,
) {
    while let Some(line) = term.read() {
        if let Ok(command) = commands::parse(&line) {
            if command == Command::Quit {
                return;
            }
            if let Some(lines) = speech_command(screen.speaker(), &command) {
                screen.show_local(&lines);
                continue;
            }
        }
        if typed.send(Typed::Line(line)).is_err() {
            return;
        }
    }
}

/// Ends the program from the network's thread: the last lines spoken, the terminal
/// put back as it was before the line editor took it.
fn leave(screen: &Screen, tty: Option<&SavedTty>, code: u8) -> ! {
    screen.finish();
    if let Some(t) = tty {
        t.restore();
    }
    std::process::exit(code.into())
}

/// The terminal's settings at the start (`stty -g`), to put back if the program must
/// end while the line editor holds the terminal in raw mode.
struct SavedTty(String);

impl SavedTty {
    fn save() -> Option<SavedTty> {
        if !cfg!(unix) {
            return None;
        }
        let out = std::process::Command::new("stty")
            .arg("-g")
            .stdin(std::process::Stdio::inherit())
            .stderr(std::process::Stdio::null())
            .output()
            .ok()?;
        let saved = String::from_utf8(out.stdout).ok()?.trim().to_string();
        (out.status.success() && !saved.is_empty()).then_some(SavedTty(saved))
    }

    fn restore(&self) {
        let _ = std::process::Command::new("stty")
            .arg(&self.0)
            .stdin(std::process::Stdio::inherit())
            .stderr(std::process::Stdio::null())
            .status();
    }
}
