//! `smashup join` through the binary in `--plain` mode, against small scripted servers
//! written here: the opening lines it sends (framing, name, settings, `sit`), framed
//! lines shown plain (no `prompt` or `words` lines, no tabs), a lost connection taken
//! back with the seat token, a server that never comes back, bad addresses, and TLS
//! with a self-signed certificate (accepted with `--tls-ca`, refused without).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(20);

/// The client running, its standard output arriving line by line.
struct Client {
    child: Child,
    stdin: ChildStdin,
    out: Receiver<String>,
    seen: Vec<String>,
}

fn join(args: &[&str]) -> Client {
    let mut child = Command::new(env!("CARGO_BIN_EXE_smashup"))
        .arg("join")
        .args(args)
        .arg("--plain")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let out = lines_of(child.stdout.take().unwrap());
    Client {
        child,
        stdin,
        out,
        seen: Vec::new(),
    }
}

fn lines_of(r: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(r).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

impl Client {
    /// Waits for a line containing `text`; panics with what was seen if none comes.
    fn expect(&mut self, text: &str) -> String {
        let start = Instant::now();
        while start.elapsed() < WAIT {
            if let Ok(line) = self.out.recv_timeout(Duration::from_millis(100)) {
                self.seen.push(line.clone());
                if line.contains(text) {
                    return line;
                }
            }
        }
        panic!("no line with {text:?}; seen: {:#?}", self.seen);
    }

    fn type_line(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
    }

    /// The exit status, waiting at most `bound`.
    fn status(&mut self, bound: Duration) -> Option<i32> {
        let start = Instant::now();
        while start.elapsed() < bound {
            if let Some(s) = self.child.try_wait().unwrap() {
                return s.code();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        None
    }

    /// Everything left on standard output and standard error after the end.
    fn rest(&mut self) -> (Vec<String>, String) {
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut e, &mut err);
        }
        while let Ok(line) = self.out.recv_timeout(Duration::from_millis(200)) {
            self.seen.push(line);
        }
        (self.seen.clone(), err)
    }
}

/// A scripted server's end of one connection.
struct Peer {
    lines: BufReader<TcpStream>,
    out: TcpStream,
}

impl Peer {
    fn accept(listener: &TcpListener) -> Peer {
        let (s, _) = listener.accept().unwrap();
        s.set_read_timeout(Some(WAIT)).unwrap();
        Peer {
            lines: BufReader::new(s.try_clone().unwrap()),
            out: s,
        }
    }

    fn read(&mut self) -> String {
        let mut line = String::new();
        self.lines.read_line(&mut line).unwrap();
        line.trim_end().to_string()
    }

    fn send(&mut self, lines: &[&str]) {
        for l in lines {
            writeln!(self.out, "{l}").unwrap();
        }
    }
}

fn listener() -> (TcpListener, String) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap().to_string();
    (l, addr)
}

#[test]
fn the_client_sits_shows_framed_lines_plain_and_takes_its_seat_back() {
    let (listener, addr) = listener();
    let server = std::thread::spawn(move || {
        let mut peer = Peer::accept(&listener);
        let opening: Vec<String> = (0..6).map(|_| peer.read()).collect();
        peer.send(&[
            "lobby\tYou sit at table 3 in seat 1 as Ann. Your seat token is T0K3N: resume T0K3N gets this seat back.",
            "words\tplay\tend\tGremlin",
            "narration\tBen plays Gremlin.",
            "question\tYour turn 2: play a card by its number, or end.",
            "option\t1. pm3 Saucy Wench, minion, power 3",
            "option\t2. end: stop playing cards this turn",
            "prompt\tYour answer> ",
        ]);
        let answer = peer.read();
        drop(peer);
        // The connection is lost; the client comes back with its token.
        let mut again = Peer::accept(&listener);
        let rejoin: Vec<String> = (0..6).map(|_| again.read()).collect();
        again.send(&["lobby\tAnn is back.", "prompt\t> "]);
        let last = again.read();
        again.send(&["lobby\tGoodbye."]);
        (opening, answer, rejoin, last)
    });
    let mut client = join(&[
        &addr,
        "--name",
        "Ann",
        "--table",
        "3",
        "--code",
        "abc",
        "--verbosity",
        "brief",
        "--codes",
        "off",
        "--recap",
    ]);
    client.expect("1. pm3 Saucy Wench");
    client.expect("2. end");
    client.type_line("1");
    client.expect("lost");
    client.expect("Ann is back.");
    client.type_line("stop");
    client.expect("Stopped.");
    client.type_line("quit");
    assert_eq!(client.status(WAIT), Some(0));
    let (seen, err) = client.rest();
    let (opening, answer, rejoin, last) = server.join().unwrap();
    assert_eq!(
        opening,
        [
            "frames on",
            "name Ann",
            "verbosity brief",
            "codes off",
            "recap on",
            "sit 3 abc"
        ]
    );
    assert_eq!(answer, "1");
    assert_eq!(
        rejoin,
        [
            "frames on",
            "name Ann",
            "verbosity brief",
            "codes off",
            "recap on",
            "resume T0K3N"
        ]
    );
    assert_eq!(last, "quit");
    assert!(seen.iter().any(|l| l == "Ben plays Gremlin."), "{seen:#?}");
    // Plain lines only: no framing words, no prompts, no completion words.
    for line in &seen {
        assert!(
            !line.contains('\t') && !line.contains("Your answer>"),
            "{line:?}"
        );
        assert!(!line.contains('\u{1b}'), "escape code in {line:?}");
    }
    assert!(err.is_empty(), "{err}");
}

#[test]
fn a_connection_that_does_not_come_back_ends_the_client_with_a_failure() {
    let (listener, addr) = listener();
    let server = std::thread::spawn(move || {
        let mut peer = Peer::accept(&listener);
        peer.send(&["lobby\tWelcome. Your name?"]);
        let first = peer.read();
        // The server goes away for good: the listener closes too.
        drop(listener);
        first
    });
    let mut client = join(&[&addr]);
    client.expect("Welcome.");
    let lost = client.expect("lost");
    assert!(
        lost.starts_with(&format!("Connection to {addr} lost")),
        "{lost}"
    );
    client.expect("Gave up");
    assert_eq!(client.status(WAIT), Some(1));
    let (seen, err) = client.rest();
    assert_eq!(server.join().unwrap(), "frames on");
    assert!(!err.contains("panicked"), "{err}");
    assert!(seen.iter().all(|l| !l.contains("panicked")));
}

#[test]
fn a_bad_or_refused_address_is_one_line_and_a_failure() {
    // A port nobody listens on: bound, then closed.
    let (listener, addr) = listener();
    drop(listener);
    for (address, code) in [(addr.as_str(), 1), ("localhost:notaport", 2), ("host:0", 2)] {
        let out = Command::new(env!("CARGO_BIN_EXE_smashup"))
            .args(["join", address, "--plain"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{address}: {err}");
        assert_eq!(err.lines().count(), 1, "{address}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.stdout.is_empty());
    }
}

mod tls {
    use super::*;
    use std::sync::Arc;
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    use tokio_rustls::rustls;

    /// A self-signed certificate for 127.0.0.1 and localhost, as PEM: (cert, key).
    fn self_signed() -> (String, String) {
        let names = vec!["localhost".to_string(), "127.0.0.1".to_string()];
        let key = rcgen::generate_simple_self_signed(names).unwrap();
        (key.cert.pem(), key.key_pair.serialize_pem())
    }

    /// A TLS server that answers each connection's first line with a framed lobby line
    /// and then says goodbye; its address.
    fn tls_echo(cert: &str, key: &str) -> String {
        use rustls::pki_types::pem::PemObject;
        use rustls::pki_types::{CertificateDer, PrivateKeyDer};
        let certs = vec![CertificateDer::from_pem_slice(cert.as_bytes()).unwrap()];
        let key = PrivateKeyDer::from_pem_slice(key.as_bytes()).unwrap();
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(certs, key)
            .unwrap();
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
        let std_listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = std_listener.local_addr().unwrap().to_string();
        std_listener.set_nonblocking(true).unwrap();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(std_listener).unwrap();
                loop {
                    let Ok((tcp, _)) = listener.accept().await else {
                        return;
                    };
                    let acceptor = acceptor.clone();
                    tokio::spawn(async move {
                        let Ok(tls) = acceptor.accept(tcp).await else {
                            return;
                        };
                        let (r, mut w) = tokio::io::split(tls);
                        let mut lines = tokio::io::BufReader::new(r).lines();
                        while let Ok(Some(line)) = lines.next_line().await {
                            let reply = format!("lobby\tTLS heard: {line}\n");
                            if w.write_all(reply.as_bytes()).await.is_err() || line == "quit" {
                                let _ = w.shutdown().await;
                                return;
                            }
                        }
                    });
                }
            });
        });
        addr
    }

    #[test]
    fn tls_with_the_servers_certificate_works_and_without_it_is_refused() {
        let (cert, key) = self_signed();
        let dir = tempfile::tempdir().unwrap();
        let ca = dir.path().join("server.pem");
        std::fs::write(&ca, &cert).unwrap();
        let addr = tls_echo(&cert, &key);

        let ca = ca.to_str().unwrap();
        let mut client = join(&[&addr, "--tls", "--tls-ca", ca, "--name", "Ann"]);
        client.expect("TLS heard: frames on");
        client.expect("TLS heard: name Ann");
        client.type_line("who");
        client.expect("TLS heard: who");
        client.type_line("quit");
        assert_eq!(client.status(WAIT), Some(0));

        // Without the certificate it is not trusted: one line, nothing sent in clear.
        let out = Command::new(env!("CARGO_BIN_EXE_smashup"))
            .args(["join", &addr, "--tls", "--plain"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("TLS:"), "{err}");
        assert!(out.stdout.is_empty());
    }
}
