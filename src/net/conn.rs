//! One client's socket, both ways: lines read with a bound (a line longer than
//! [`MAX_LINE`] is skipped without being kept, bytes that are not UTF-8 are named as
//! such), and lines written through a bounded queue by a writer task of their own, so
//! that a client that stops reading is dropped and never stalls its table.

use super::{Kind, MAX_LINE};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::{mpsc, Notify};

/// Lines waiting to be written to one client before it counts as not reading and is
/// dropped.
pub const OUT_QUEUE: usize = 2048;

/// How long one write to a client may take before it counts as gone.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// What goes to a client's writer, in order.
#[derive(Debug)]
pub enum Out {
    /// One line of this kind.
    Line(Kind, String),
    /// Framing on (`KIND<TAB>TEXT`) or off (plain lines) from here on.
    Frames(bool),
}

/// Where a table or the lobby sends one client's lines: cheap to clone, never blocks.
#[derive(Clone)]
pub struct Conn {
    /// Which connection this is (numbered from 1 as they arrive).
    pub id: u64,
    tx: mpsc::Sender<Out>,
    kill: Arc<Notify>,
}

impl Conn {
    /// A connection's sending side and what its writer reads; `kill` is told when the
    /// client does not keep up.
    pub fn new(id: u64, kill: Arc<Notify>) -> (Conn, mpsc::Receiver<Out>) {
        let (tx, rx) = mpsc::channel(OUT_QUEUE);
        (Conn { id, tx, kill }, rx)
    }

    /// Queues one line; a client whose queue is full is dropped.
    pub fn send(&self, kind: Kind, text: impl Into<String>) {
        self.queue(Out::Line(kind, text.into()));
    }

    /// Switches framing for the lines queued after this.
    pub fn frames(&self, on: bool) {
        self.queue(Out::Frames(on));
    }

    fn queue(&self, out: Out) {
        if self.tx.try_send(out).is_err() {
            self.kill.notify_one();
        }
    }
}

/// The kind of a line of the game's output, for framing: a question's numbered
/// entries are options.
pub fn kind_of(line: &crate::play::table::Line) -> Kind {
    use crate::play::table::LineKind;
    match line.kind {
        LineKind::Narration => Kind::Narration,
        LineKind::Answer => Kind::Answer,
        LineKind::Error => Kind::Error,
        LineKind::Question => {
            let digits = line.text.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 && line.text[digits..].starts_with(". ") {
                Kind::Option
            } else {
                Kind::Question
            }
        }
    }
}

/// Writes queued lines to the client until the queue closes or a write fails or takes
/// longer than [`WRITE_TIMEOUT`] (then `kill` is told).
pub async fn write_loop<W: AsyncWrite + Unpin>(
    mut w: W,
    mut rx: mpsc::Receiver<Out>,
    kill: Arc<Notify>,
) {
    let mut framed = false;
    while let Some(out) = rx.recv().await {
        let text = match out {
            Out::Frames(on) => {
                framed = on;
                continue;
            }
            Out::Line(kind, text) if framed => format!("{}\t{text}\n", kind.word()),
            Out::Line(kind, _) if kind.rich_only() => continue,
            Out::Line(_, text) => format!("{text}\n"),
        };
        let wrote = tokio::time::timeout(WRITE_TIMEOUT, async {
            w.write_all(text.as_bytes()).await?;
            if rx.is_empty() {
                w.flush().await?;
            }
            Ok::<(), std::io::Error>(())
        })
        .await;
        if !matches!(wrote, Ok(Ok(()))) {
            kill.notify_one();
            return;
        }
    }
    let _ = tokio::time::timeout(WRITE_TIMEOUT, w.shutdown()).await;
}

/// One line read from a client.
#[derive(Debug, PartialEq, Eq)]
pub enum Incoming {
    /// A line of text, without its `\r\n`.
    Line(String),
    /// A line that is not UTF-8 text.
    NotText,
    /// A line longer than [`MAX_LINE`] bytes (skipped, never held in memory).
    TooLong,
    /// The client closed its side.
    End,
}

/// Reads one line, holding at most [`MAX_LINE`] bytes of it.
pub async fn read_line<R: AsyncBufRead + Unpin>(
    r: &mut R,
    buf: &mut Vec<u8>,
) -> std::io::Result<Incoming> {
    buf.clear();
    let mut too_long = false;
    loop {
        let available = r.fill_buf().await?;
        if available.is_empty() {
            return Ok(Incoming::End);
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (&available[..at], true),
            None => (available, false),
        };
        if !too_long {
            if buf.len() + chunk.len() > MAX_LINE {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(chunk);
            }
        }
        let used = chunk.len() + usize::from(done);
        r.consume(used);
        if done {
            break;
        }
    }
    if too_long {
        return Ok(Incoming::TooLong);
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(match std::str::from_utf8(buf) {
        Ok(text) => Incoming::Line(text.to_string()),
        Err(_) => Incoming::NotText,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Incoming> {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            let mut r = tokio::io::BufReader::with_capacity(64, input);
            let mut buf = Vec::new();
            let mut out = Vec::new();
            loop {
                let l = read_line(&mut r, &mut buf).await.unwrap();
                let end = l == Incoming::End;
                out.push(l);
                if end || out.len() > 10 {
                    return out;
                }
            }
        })
    }

    #[test]
    fn lines_are_bounded_and_checked() {
        let mut input = b"hello\r\n\xff\xfe\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        input.extend(b"\nafter\n");
        assert_eq!(
            lines(&input),
            vec![
                Incoming::Line("hello".into()),
                Incoming::NotText,
                Incoming::TooLong,
                Incoming::Line("after".into()),
                Incoming::End
            ]
        );
    }

    #[test]
    fn a_client_that_does_not_read_is_dropped_not_waited_for() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        rt.block_on(async {
            let kill = Arc::new(Notify::new());
            let (conn, _rx) = Conn::new(1, Arc::clone(&kill));
            for _ in 0..OUT_QUEUE {
                conn.send(Kind::Narration, "a line");
            }
            let told = tokio::time::timeout(Duration::from_millis(50), kill.notified());
            assert!(told.await.is_err(), "a full queue is not yet too full");
            conn.send(Kind::Narration, "one more");
            let told = tokio::time::timeout(Duration::from_millis(50), kill.notified());
            assert!(
                told.await.is_ok(),
                "one line more and the client is dropped"
            );
        });
    }

    #[test]
    fn options_are_told_from_questions() {
        use crate::play::table::{Line, LineKind};
        let q = |t: &str| Line {
            kind: LineKind::Question,
            text: t.into(),
        };
        assert_eq!(kind_of(&q("Your turn: play cards.")), Kind::Question);
        assert_eq!(kind_of(&q("12. End your turn")), Kind::Option);
        assert_eq!(kind_of(&q("2 bases left.")), Kind::Question);
    }
}
