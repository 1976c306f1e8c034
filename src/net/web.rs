//! The table in a browser: the game's port answers HTTP as well as the line protocol,
//! or the page has a port of its own (`smashup serve --http PORT`, see [`Serve`]).
//! On a shared port the first bytes of a connection decide: `GET ` is a browser (the
//! page, or the WebSocket at `/ws`); anything else, or nothing within [`SNIFF`], is a
//! line client (`nc`, `smashup join`), which sees the line protocol untouched.
//!
//! The WebSocket carries exactly the line protocol: each message from the page is one
//! line (the page sends `frames on` first), each line from the server is one message.
//! It is bridged to an ordinary session, so every limit and privacy rule of the line
//! protocol (line length, flood, idling, one seat per connection, the code to sit,
//! `resume TOKEN`) holds unchanged. The page itself (`web/`) is plain files built into
//! the binary.

use super::conn::WRITE_TIMEOUT;
use super::server::Server;
use super::MAX_LINE;
use futures_util::{SinkExt, StreamExt};
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::http::StatusCode;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// How long a new connection on a shared port has to send `GET ` before it counts as
/// a line client (who waits for the greeting and sends nothing first), so how long
/// such a client waits for it. A browser sends its request as soon as it is connected
/// (this wait starts after any TLS handshake), so half a second leaves a wide margin
/// even on a busy machine; a socket a browser opens ahead and leaves idle gets the
/// greeting, and the browser, seeing unasked-for bytes on an idle socket, opens
/// another. With `--http` the game port does not wait at all.
pub const SNIFF: Duration = Duration::from_millis(500);
/// The longest HTTP request head read, in bytes.
const MAX_HEAD: usize = 8192;
/// How long a browser may take to send its request head.
const HEAD_SECS: u64 = 10;
/// The largest WebSocket message accepted; longer lines than [`MAX_LINE`] inside it are
/// refused by the session like any other long line.
const MAX_MESSAGE: usize = 16 * MAX_LINE;

/// The page's security policy: only its own script, style and WebSocket.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
                   img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The page's files: path, content type, body.
const FILES: [(&str, &str, &str); 3] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../../web/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../../web/style.css"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/app.js"),
    ),
];

/// A stream with some bytes already read put back in front of it.
pub struct Rewind<S> {
    front: Vec<u8>,
    at: usize,
    inner: S,
}

impl<S: AsyncRead + Unpin> AsyncRead for Rewind<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.at < self.front.len() {
            let n = (self.front.len() - self.at).min(buf.remaining());
            let at = self.at;
            buf.put_slice(&self.front[at..at + n]);
            self.at += n;
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Rewind<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// What a listening port serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Serve {
    /// The line protocol and the page on one port, told apart by the first bytes
    /// (`smashup serve` without `--http`).
    Both,
    /// The line protocol only, greeting at once (the game port with `--http`).
    Lines,
    /// The page and its WebSocket only (the port given with `--http`).
    Web,
}

/// The next connection on the page's own port; none ever when it has no port of its
/// own (so that the accept loop can wait on both ports alike).
pub async fn accept(listener: Option<&TcpListener>) -> io::Result<(TcpStream, SocketAddr)> {
    match listener {
        Some(l) => l.accept().await,
        None => std::future::pending().await,
    }
}

/// Serves one connection as its port does: a browser over HTTP, anyone else over
/// the line protocol.
pub async fn route<S>(stream: S, server: Arc<Server>, serve: Serve)
where
    S: AsyncRead + AsyncWrite + Send + Unpin + 'static,
{
    match serve {
        Serve::Lines => super::session::run(stream, server).await,
        Serve::Web => http(rewind(Vec::new(), stream), server).await,
        Serve::Both => sniff(stream, server).await,
    }
}

/// `stream` with `front` read already.
fn rewind<S>(front: Vec<u8>, inner: S) -> Rewind<S> {
    Rewind {
        front,
        at: 0,
        inner,
    }
}

/// A connection on a shared port: its first bytes say whether it is a browser.
async fn sniff<S>(mut stream: S, server: Arc<Server>)
where
    S: AsyncRead + AsyncWrite + Send + Unpin + 'static,
{
    let mut front = Vec::new();
    let _ = tokio::time::timeout(SNIFF, async {
        let mut byte = [0u8; 1];
        while front.len() < 4 && b"GET ".starts_with(&front) {
            match stream.read(&mut byte).await {
                Ok(1) => front.push(byte[0]),
                _ => break,
            }
        }
    })
    .await;
    let browser = front == b"GET ";
    let stream = rewind(front, stream);
    if browser {
        http(stream, server).await;
    } else {
        super::session::run(stream, server).await;
    }
}

/// One HTTP request: a file of the page, or the WebSocket.
async fn http<S>(mut stream: Rewind<S>, server: Arc<Server>)
where
    S: AsyncRead + AsyncWrite + Send + Unpin + 'static,
{
    let Ok(Some(head)) =
        tokio::time::timeout(Duration::from_secs(HEAD_SECS), read_head(&mut stream)).await
    else {
        return;
    };
    let text = String::from_utf8_lossy(&head).to_string();
    let path = text.split(' ').nth(1).unwrap_or("/");
    let path = path.split('?').next().unwrap_or(path);
    let upgrade = text.lines().any(|l| {
        l.split_once(':').is_some_and(|(k, v)| {
            k.trim().eq_ignore_ascii_case("upgrade") && v.trim().eq_ignore_ascii_case("websocket")
        })
    });
    if path == "/ws" && upgrade {
        let stream = rewind(head, stream);
        let config = WebSocketConfig::default()
            .max_message_size(Some(MAX_MESSAGE))
            .max_frame_size(Some(MAX_MESSAGE));
        let shake = tokio::time::timeout(
            Duration::from_secs(HEAD_SECS),
            tokio_tungstenite::accept_hdr_async_with_config(stream, same_origin, Some(config)),
        )
        .await;
        if let Ok(Ok(ws)) = shake {
            bridge(ws, server).await;
        }
        return;
    }
    let reply = match FILES
        .iter()
        .find(|(p, _, _)| *p == path || (*p == "/" && path == "/index.html"))
    {
        Some((_, kind, body)) => response("200 OK", kind, body),
        None => response("404 Not Found", "text/plain; charset=utf-8", "Not found.\n"),
    };
    let _ = tokio::time::timeout(WRITE_TIMEOUT, async {
        stream.write_all(reply.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
}

/// An HTTP response with the page's security headers; the connection closes after it.
fn response(status: &str, kind: &str, body: &str) -> String {
    format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Content-Security-Policy: {CSP}\r\nX-Content-Type-Options: nosniff\r\n\
         Referrer-Policy: no-referrer\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// Reads the request head up to its blank line; none when it is too long or cut off.
async fn read_head<S: AsyncRead + Unpin>(stream: &mut S) -> Option<Vec<u8>> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let n = stream.read(&mut byte).await.ok()?;
        if n == 0 || head.len() >= MAX_HEAD {
            return None;
        }
        head.push(byte[0]);
    }
    Some(head)
}

/// Refuses a WebSocket opened by a page from another site (its Origin is not this
/// host), so no other site can play in a visitor's name.
// The signature is tungstenite's handshake callback's, large error and all.
#[allow(clippy::result_large_err)]
fn same_origin(req: &Request, resp: Response) -> Result<Response, ErrorResponse> {
    let header = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let (Some(origin), Some(host)) = (header("origin"), header("host")) else {
        return Ok(resp);
    };
    let origin_host = origin.split("://").nth(1).unwrap_or("");
    if origin_host.eq_ignore_ascii_case(&host) {
        Ok(resp)
    } else {
        let mut refusal = ErrorResponse::new(Some("Another site's page may not sit here.".into()));
        *refusal.status_mut() = StatusCode::FORBIDDEN;
        Err(refusal)
    }
}

/// Carries one WebSocket to an ordinary line session: a message in is a line in, a
/// line out is a message out.
async fn bridge<S>(ws: tokio_tungstenite::WebSocketStream<S>, server: Arc<Server>)
where
    S: AsyncRead + AsyncWrite + Send + Unpin + 'static,
{
    let (mine, theirs) = tokio::io::duplex(4 * MAX_MESSAGE);
    tokio::spawn(super::session::run(theirs, server));
    let (rd, mut wr) = tokio::io::split(mine);
    let (mut sink, mut messages) = ws.split();
    let to_session = async move {
        while let Some(Ok(msg)) = messages.next().await {
            let bytes = match msg {
                Message::Text(t) => t.as_bytes().to_vec(),
                Message::Binary(b) => b.to_vec(),
                Message::Close(_) => break,
                _ => continue,
            };
            if wr.write_all(&bytes).await.is_err() || wr.write_all(b"\n").await.is_err() {
                break;
            }
        }
        let _ = wr.shutdown().await;
    };
    let from_session = async move {
        let mut lines = tokio::io::BufReader::new(rd).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            if sink.send(Message::text(line)).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    };
    tokio::pin!(from_session);
    tokio::select! {
        _ = &mut from_session => {}
        _ = to_session => {
            let _ = tokio::time::timeout(WRITE_TIMEOUT, from_session).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A server for one test connection, and its runtime.
    fn test_server() -> (tokio::runtime::Runtime, Arc<Server>) {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let (lobby, _) = super::super::lobby::Lobby::open(None);
        (rt, Arc::new(Server::for_tests(lobby)))
    }

    /// What `route` answers on a port serving `serve` to `request` sent at once, as a
    /// browser does.
    fn answer_to(serve: Serve, request: &str) -> String {
        let (rt, server) = test_server();
        rt.block_on(async {
            let (mut client, server_side) = tokio::io::duplex(1 << 16);
            client.write_all(request.as_bytes()).await.unwrap();
            tokio::spawn(route(server_side, server, serve));
            let mut out = Vec::new();
            let _ =
                tokio::time::timeout(Duration::from_secs(5), client.read_to_end(&mut out)).await;
            String::from_utf8_lossy(&out).to_string()
        })
    }

    #[test]
    fn the_page_is_served_with_its_type_and_policy() {
        for serve in [Serve::Both, Serve::Web] {
            let page = answer_to(serve, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            assert!(page.starts_with("HTTP/1.1 200 OK\r\n"), "{page}");
            assert!(page.contains("Content-Type: text/html; charset=utf-8"));
            assert!(page.contains("Content-Security-Policy: default-src 'none'; script-src 'self'"));
            assert!(page.contains("role=\"log\""));
            let script = answer_to(serve, "GET /app.js HTTP/1.1\r\n\r\n");
            assert!(script.contains("Content-Type: text/javascript"), "{script}");
            let missing = answer_to(serve, "GET /../../etc/passwd HTTP/1.1\r\n\r\n");
            assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
        }
    }

    #[test]
    fn a_line_client_still_gets_the_line_protocol() {
        for serve in [Serve::Both, Serve::Lines] {
            let lines = answer_to(serve, "frames on\nquit\n");
            assert!(lines.contains("lobby\tFrames on."), "{lines}");
            assert!(!lines.contains("HTTP/1.1"));
        }
    }

    #[test]
    fn a_game_port_beside_a_page_port_never_looks_for_a_browser() {
        let lines = answer_to(Serve::Lines, "GET / HTTP/1.1\r\n\r\nquit\n");
        assert!(lines.starts_with("Smash Up server"), "{lines}");
        assert!(!lines.contains("HTTP/1.1 200"), "{lines}");
    }

    /// With a page port of its own, the game port greets a line client that sends
    /// nothing at once: before any time passes, only the tasks taking their turns.
    #[test]
    fn with_a_page_port_a_line_client_is_greeted_at_once() {
        use futures_util::FutureExt;
        let (rt, server) = test_server();
        rt.block_on(async {
            let (mut client, server_side) = tokio::io::duplex(1 << 16);
            tokio::spawn(route(server_side, server, Serve::Lines));
            let mut buf = [0u8; 256];
            let mut got = None;
            for _ in 0..100 {
                tokio::task::yield_now().await;
                if let Some(n) = client.read(&mut buf).now_or_never() {
                    got = Some(n.unwrap());
                    break;
                }
            }
            let n = got.expect("the greeting comes without any waiting");
            assert!(buf[..n].starts_with(b"Smash Up server"));
        });
    }
}
