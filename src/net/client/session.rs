//! One person's conversation with the server, over as many connections as it takes:
//! the opening lines (`frames on`, the name, the seat settings, `sit`), the server's
//! lines to the screen, the typed lines to the server, and, when the connection is
//! lost, a few tries to connect again and take the seat back with its token.

use super::screen::{unframe, Screen};
use super::wire::{connect, Target, Wire};
use crate::net::Kind;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio_rustls::TlsConnector;

/// The longest line read from the server; anything longer is cut there.
const MAX_SERVER_LINE: u64 = 1 << 20;

/// The pauses before each try to connect again after the connection is lost.
const RETRIES: [Duration; 4] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(3),
    Duration::from_secs(4),
];

/// How long the server has to say goodbye after `quit`.
const GOODBYE: Duration = Duration::from_secs(3);

/// What the keyboard sends to the conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// A line for the server.
    Line(String),
    /// `quit` or the end of input: leave politely.
    Leave,
}

/// How a connection ended.
enum End {
    /// The person left.
    Left,
    /// The connection was lost; why.
    Lost(String),
    /// The server closed it on purpose, having said why (a `bye` line).
    Closed,
}

/// Everything needed to talk to the server again after a lost connection.
pub struct Session {
    /// Where the server is.
    pub target: Target,
    /// TLS, with `--tls`.
    pub tls: Option<TlsConnector>,
    /// The lines sent first, after `frames on`: name, settings, then `sit` if asked.
    pub opening: Vec<String>,
    /// The lines sent again after connecting again: name and settings (not `sit`).
    pub settings: Vec<String>,
    /// Where the lines go.
    pub screen: Arc<Screen>,
}

/// The seat token in a line such as "Your seat token is K7Q2: resume K7Q2 gets this
/// seat back.", if it has one.
pub fn seat_token(line: &str) -> Option<String> {
    let lower = line.to_lowercase();
    let at = lower.find("token is ")? + "token is ".len();
    let token: String = line[at..]
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    (!token.is_empty()).then_some(token)
}

impl Session {
    /// Talks to the server over `wire`, then over new connections while the
    /// connection is lost and found again; the exit status: 0 when the person left, 1
    /// when the server could not be reached again or closed the connection on purpose
    /// (its `bye` line says why; no new connection is tried then).
    pub async fn run(self, wire: Box<dyn Wire>, mut typed: UnboundedReceiver<Typed>) -> u8 {
        let mut token = None;
        let mut wire = wire;
        let mut opening = self.opening.clone();
        loop {
            match self.converse(wire, &opening, &mut typed, &mut token).await {
                End::Left => return 0,
                // Connecting again would only be closed again: the reason is shown.
                End::Closed => return 1,
                End::Lost(why) => self.screen.note(&format!(
                    "Connection to {} lost ({why}); trying to connect again.",
                    self.target
                )),
            }
            match self.reconnect(&mut typed).await {
                Reconnect::Back(w) => {
                    wire = w;
                    opening = self.settings.clone();
                    match &token {
                        Some(t) => opening.push(format!("resume {t}")),
                        None => opening.extend(
                            self.opening
                                .iter()
                                .filter(|l| l.starts_with("sit "))
                                .cloned(),
                        ),
                    }
                    self.screen
                        .show(Kind::Lobby, &format!("Connected again to {}.", self.target));
                }
                Reconnect::Left => return 0,
                Reconnect::Failed(why) => {
                    self.screen.note(&format!(
                        "{why} Gave up after {} tries; leaving.",
                        RETRIES.len()
                    ));
                    return 1;
                }
            }
        }
    }

    /// One connection: the opening lines, then the server's lines and the typed ones
    /// until the person leaves or the connection is lost.
    async fn converse(
        &self,
        wire: Box<dyn Wire>,
        opening: &[String],
        typed: &mut UnboundedReceiver<Typed>,
        token: &mut Option<String>,
    ) -> End {
        let (read, mut write) = tokio::io::split(wire);
        // A line arrives in pieces while typed lines go out: `bytes` keeps the piece
        // read so far, and the limit cuts a line that never ends.
        let mut reader = BufReader::new(read).take(MAX_SERVER_LINE);
        let mut bytes = Vec::new();
        let mut first = vec!["frames on".to_string()];
        first.extend(opening.iter().cloned());
        for line in first {
            if let Err(e) = write.write_all(format!("{line}\n").as_bytes()).await {
                return End::Lost(e.to_string());
            }
        }
        let mut leaving = false;
        loop {
            reader.set_limit(MAX_SERVER_LINE.saturating_sub(bytes.len() as u64).max(1));
            tokio::select! {
                read = reader.read_until(b'\n', &mut bytes) => {
                    match read {
                        Ok(0) | Err(_) if leaving => return End::Left,
                        Ok(0) => return End::Lost("the server closed it".into()),
                        Err(e) => return End::Lost(e.to_string()),
                        Ok(_) if bytes.ends_with(b"\n") || bytes.len() as u64 >= MAX_SERVER_LINE => {
                            let kind = self.heard(&bytes, token);
                            bytes.clear();
                            if kind == Kind::Bye {
                                return if leaving { End::Left } else { End::Closed };
                            }
                        }
                        Ok(_) => {}
                    }
                }
                sent = typed.recv(), if !leaving => {
                    let line = match sent {
                        Some(Typed::Line(line)) => line,
                        // At a table the first `quit` leaves the table (the seat is
                        // kept), the second the server.
                        Some(Typed::Leave) | None => {
                            leaving = true;
                            "quit\nquit".to_string()
                        }
                    };
                    if let Err(e) = write.write_all(format!("{line}\n").as_bytes()).await {
                        if leaving {
                            return End::Left;
                        }
                        return End::Lost(e.to_string());
                    }
                }
                _ = tokio::time::sleep(GOODBYE), if leaving => return End::Left,
            }
        }
    }

    /// Shows one line from the server, keeping the seat token when it is given; the
    /// line's kind.
    fn heard(&self, bytes: &[u8], token: &mut Option<String>) -> Kind {
        let text = String::from_utf8_lossy(bytes);
        let text = text.trim_end_matches(['\n', '\r']);
        let (kind, text) = unframe(text);
        if kind == Kind::Lobby {
            if let Some(t) = seat_token(text) {
                *token = Some(t);
            }
        }
        self.screen.show(kind, text);
        kind
    }

    /// Tries to connect again a few times; lines typed meanwhile are not sent.
    async fn reconnect(&self, typed: &mut UnboundedReceiver<Typed>) -> Reconnect {
        let mut why = String::new();
        for pause in RETRIES {
            let wait = tokio::time::sleep(pause);
            tokio::pin!(wait);
            loop {
                tokio::select! {
                    _ = &mut wait => break,
                    sent = typed.recv() => match sent {
                        Some(Typed::Line(_)) => self.screen.note("Not connected now; that line was not sent."),
                        Some(Typed::Leave) | None => return Reconnect::Left,
                    },
                }
            }
            match connect(&self.target, self.tls.as_ref()).await {
                Ok(w) => return Reconnect::Back(w),
                Err(e) => why = e,
            }
        }
        Reconnect::Failed(why)
    }
}

/// How trying to connect again ended.
enum Reconnect {
    Back(Box<dyn Wire>),
    Left,
    Failed(String),
}

#[cfg(test)]
mod tests {
    use super::seat_token;

    #[test]
    fn the_seat_token_is_found_in_the_sitting_line() {
        assert_eq!(
            seat_token("You sit at table 3 in seat 2 as Ann. Your seat token is K7Q2-X9: resume K7Q2-X9 gets this seat back.").as_deref(),
            Some("K7Q2-X9")
        );
        assert_eq!(seat_token("Ann says: what is a token?"), None);
    }
}
