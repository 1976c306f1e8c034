//! `smashup serve` for the network tests (`tests/net_serve`, `tests/net_client.rs`): a
//! server process on loopback with its data in a folder of the test's, its address
//! read from its first line and its log of table events kept; killed with SIGKILL on
//! demand and when dropped.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

/// `smashup serve` running on 127.0.0.1 with its data in a folder of the test's.
pub struct Server {
    child: Child,
    /// The port it listens on.
    pub port: u16,
    /// The port its web page is served on (the same port unless `--http` was given).
    pub web_port: u16,
    /// What it said on stderr so far.
    pub log: Arc<Mutex<String>>,
}

impl Server {
    /// Starts the server on a free port with `--data dir` and `extra` flags; waits
    /// for its first line.
    pub fn start(dir: &Path, extra: &[&str]) -> Server {
        Server::start_on(dir, 0, extra)
    }

    /// Starts the server on `port` (0: a free one) with `--data dir` and `extra` flags;
    /// waits for its first line.
    pub fn start_on(dir: &Path, port: u16, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_smashup"))
            .args(["serve", "--bind", "127.0.0.1", "--port", &port.to_string()])
            .arg("--data")
            .arg(dir)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            let (mut first, mut web) = (String::new(), String::new());
            let _ = out.read_line(&mut first);
            let _ = out.read_line(&mut web);
            let _ = tx.send((first, web));
        });
        let log = Arc::new(Mutex::new(String::new()));
        let stderr = child.stderr.take().unwrap();
        let kept = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut l = kept.lock().unwrap();
                l.push_str(&line);
                l.push('\n');
            }
        });
        let (first, web) = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("the server says where it listens");
        let port = first
            .trim()
            .strip_prefix("Listening on 127.0.0.1:")
            .unwrap_or_else(|| panic!("first line: {first:?}"))
            .parse()
            .unwrap();
        let web_port = web
            .trim()
            .strip_prefix("Web page at ")
            .and_then(|w| w.split_once("://127.0.0.1:"))
            .map(|(_, w)| w)
            .and_then(|w| w.strip_suffix('/'))
            .unwrap_or_else(|| panic!("second line: {web:?}"))
            .parse()
            .unwrap();
        Server {
            child,
            port,
            web_port,
            log,
        }
    }

    /// Kills the server with SIGKILL, as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Its address, 127.0.0.1:PORT.
    pub fn addr(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}
