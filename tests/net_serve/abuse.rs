//! Bad input and abuse beside a game that must finish unharmed: random bytes, a line
//! that is not UTF-8, a 1 MB line, a flood, a client that connects and says nothing,
//! too many connections from one address. Then TLS: a bad certificate is one line,
//! and a good one serves the same lobby encrypted.

use super::support::{new_table, play_to_end, Client, Player, Server};
use std::time::Duration;

/// Bytes from a small seeded generator, newlines among them.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x.is_multiple_of(50) {
                b'\n'
            } else {
                (x >> 24) as u8
            }
        })
        .collect()
}

/// Every kind of bad client, one after another; the lines they heard.
fn fuzz(port: u16) -> Vec<String> {
    let mut heard = Vec::new();
    // Random bytes: the server answers or drops, never falls over.
    let mut c = Client::connect(port);
    let _ = c.send_bytes(&noise(7, 20_000));
    c.wait_closed(1);
    drop(c);
    // Not UTF-8: one error line, and the connection goes on.
    let mut c = Client::connect(port);
    let _ = c.send_bytes(b"\xff\xfe\xfd\n");
    heard.extend(c.wait_for("not UTF-8", 10));
    // A 1 MB line: one error line, never held; the next line is read.
    let _ = c.send_bytes(&vec![b'x'; 1 << 20]);
    let _ = c.send_bytes(b"\nhelp\n");
    heard.extend(c.wait_for("longer than 4096 bytes", 10));
    heard.extend(c.wait_for("Lobby commands:", 10));
    let refusals = c.lines.iter().filter(|l| l.contains("longer than")).count();
    assert_eq!(refusals, 1, "one line for one long line");
    drop(c);
    // A flood: disconnected with one line.
    let mut c = Client::connect(port);
    let flood = "tables\n".repeat(2000);
    let _ = c.send_bytes(flood.as_bytes());
    heard.extend(c.wait_for("Too many lines too fast", 10));
    assert!(c.wait_closed(10));
    drop(c);
    // Silent: closed when idle in the lobby too long (2 seconds here).
    let mut c = Client::connect(port);
    heard.extend(c.wait_for("Idle in the lobby", 10));
    assert!(c.wait_closed(10));
    heard
}

#[test]
fn bad_clients_never_harm_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &["--lobby-idle", "2", "--max-per-address", "4"]);
    let mut ann = server.client();
    new_table(&mut ann, "Ann", "--players 2 --bots 1 --seed 21");
    ann.send("start");
    let port = server.port;
    let fuzzer = std::thread::spawn(move || fuzz(port));
    let mut ann = Player::new(ann, false);
    ann.nudge();
    assert!(play_to_end(&mut [&mut ann], 90, 4000), "the game ends");
    let heard = fuzzer.join().expect("the fuzzer ran");
    assert_eq!(heard.len(), 5, "{heard:?}");
    // Too many connections from one address: the fifth is refused with one line.
    let mut held: Vec<Client> = (0..3).map(|_| server.client()).collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut fifth = server.client();
    let line = fifth
        .wait_for("Too many connections from your address", 10)
        .expect("a plain refusal");
    assert!(!line.contains('\t'), "{line}");
    // A rich client (first line `frames on`) hears it as a framed bye.
    let mut framed = server.client();
    framed.send("frames on");
    assert!(framed
        .wait_for("bye\tToo many connections from your address", 10)
        .is_some());
    held.clear();
    // The server still serves.
    std::thread::sleep(Duration::from_millis(200));
    let mut c = server.client();
    c.send("name Eve");
    assert!(c.wait_for("Hello, Eve.", 10).is_some());
}

#[test]
fn a_bad_certificate_is_one_line_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("cert.pem");
    std::fs::write(&cert, "not a certificate").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_smashup"))
        .args(["serve", "--port", "0", "--data"])
        .arg(dir.path())
        .arg("--tls-cert")
        .arg(&cert)
        .arg("--tls-key")
        .arg(&cert)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cert.pem"), "{err}");
}

#[test]
fn tls_serves_the_lobby_encrypted() {
    use std::io::{BufRead, BufReader, Write};
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let key = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let cert_path = dir.path().join("cert.pem");
    let key_path = dir.path().join("key.pem");
    std::fs::write(&cert_path, key.cert.pem()).unwrap();
    std::fs::write(&key_path, key.key_pair.serialize_pem()).unwrap();
    let server = Server::start(
        dir.path(),
        &[
            "--tls-cert",
            cert_path.to_str().unwrap(),
            "--tls-key",
            key_path.to_str().unwrap(),
        ],
    );
    let mut roots = rustls::RootCertStore::empty();
    roots.add(key.cert.der().clone()).unwrap();
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_root_certificates(roots)
    .with_no_client_auth();
    let name = rustls::pki_types::ServerName::try_from("localhost").unwrap();
    let conn = rustls::ClientConnection::new(Arc::new(config), name).unwrap();
    let tcp = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut tls = rustls::StreamOwned::new(conn, tcp);
    tls.write_all(b"name Ann\n").unwrap();
    let mut reader = BufReader::new(tls);
    let mut seen = String::new();
    for _ in 0..5 {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        seen.push_str(&line);
        if line.contains("Hello, Ann.") {
            break;
        }
    }
    assert!(seen.starts_with("Smash Up server"), "{seen}");
    assert!(seen.contains("Hello, Ann."), "{seen}");
    assert!(server.log.lock().unwrap().contains("server: TLS"));
}
