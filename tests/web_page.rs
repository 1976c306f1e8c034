//! The web page of `smashup serve` in a real browser: starts the server on a free
//! port and runs `node tests/web/play.mjs URL` (headless Debian Chromium driven by
//! playwright-core, with an axe-core audit), which plays a whole game through the page.
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

#[test]
fn a_whole_game_is_played_through_the_web_page() {
    if let Some(why) = missing() {
        println!("skipped: the browser test needs Chromium and playwright-core: {why}");
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_smashup"))
        .args(["serve", "--port", "0", "--data"])
        .arg(data.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().unwrap();
    let _serving = Serving(child);
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).unwrap();
    let addr = first
        .trim()
        .strip_prefix("Listening on ")
        .expect("the server says where it listens");
    let url = format!("http://{addr}/");
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("node")
        .arg(here.join("tests/web/play.mjs"))
        .arg(&url)
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
