//! The web page of `smashup serve` in a real browser: starts the server on free ports
//! (the page on a port of its own, `--http`) and a second one serving both on one
//! port, and runs `node tests/web/play.mjs URL SHARED_URL` (headless Debian Chromium
//! driven by playwright-core, with an axe-core audit), which plays a whole game
//! through the page and opens the page on the shared port.
//! Without /usr/bin/chromium, node or tests/web/node_modules it says it is skipped and
//! passes; `.ci/run` installs all three so that there it runs.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// Kills the server when the test ends, however it ends.
struct Serving(Child);

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn missing() -> Option<String> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        return Some(format!("no browser at {chromium}"));
    }
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !here.join("tests/web/node_modules/playwright-core").exists() {
        return Some("no tests/web/node_modules (run npm ci in tests/web)".into());
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("no node".into());
    }
    None
}

/// `smashup serve --port 0` with `flags` and a folder of its own; the server (killed
/// when dropped) and its web page's address, from its second line.
fn serve(flags: &[&str]) -> ((Serving, tempfile::TempDir), String) {
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_smashup"))
        .args(["serve", "--port", "0", "--data"])
        .arg(data.path())
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let serving = Serving(child);
    let (mut first, mut web) = (String::new(), String::new());
    out.read_line(&mut first).unwrap();
    out.read_line(&mut web).unwrap();
    assert!(first.starts_with("Listening on "), "{first}");
    let url = web
        .trim()
        .strip_prefix("Web page at ")
        .expect("the server says where its page is")
        .to_string();
    ((serving, data), url)
}

#[test]
fn a_whole_game_is_played_through_the_web_page() {
    if let Some(why) = missing() {
        println!("skipped: the browser test needs Chromium and playwright-core: {why}");
        return;
    }
    // The game is played on a server whose page has its own port (--http); a second
    // server, with one port for both, shows that a browser is told from a line
    // client by its first bytes.
    let (_own, url) = serve(&["--http", "0"]);
    let (_shared, shared_url) = serve(&[]);
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("node")
        .arg(here.join("tests/web/play.mjs"))
        .arg(&url)
        .arg(&shared_url)
        .current_dir(here.join("tests/web"))
        .output()
        .expect("node runs");
    let said = String::from_utf8_lossy(&out.stdout);
    println!("{said}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "the browser test failed:\n{said}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
