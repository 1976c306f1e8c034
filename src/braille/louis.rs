//! Unified English Braille grade 2 (contracted, what most adult readers use) through
//! liblouis's command-line tool `lou_translate` (Debian/Ubuntu package `liblouis-bin`).
//! Contraction rules are large and subtle; liblouis's tables are the maintained reference,
//! so we run the tool rather than reimplement them, and only when grade 2 is asked for.

use super::{ueb, BrailleError};
use std::io::Write;
use std::process::{Command, Stdio};

/// The liblouis program we run.
const PROGRAM: &str = "lou_translate";

/// The liblouis tables: North American Braille ASCII output (`en-us-brf.dis`) and UEB
/// grade 2 (`en-ueb-g2.ctb`).
pub const TABLES: &str = "en-us-brf.dis,en-ueb-g2.ctb";

/// Which way to translate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Print to braille.
    Forward,
    /// Braille back to print, to check what readers will get.
    Backward,
}

/// True when `lou_translate` can be run.
pub fn available() -> bool {
    Command::new(PROGRAM)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Translates each line with the grade 2 tables, in one run of `lou_translate`, which
/// reads and writes one line per line. Forward output is checked and normalised Braille
/// ASCII. Line breaks inside a line become spaces; backslashes are doubled because the
/// tool reads `\` as the start of an escape.
pub fn translate(direction: Direction, lines: &[String]) -> Result<Vec<String>, BrailleError> {
    if lines.is_empty() {
        return Ok(Vec::new());
    }
    let input: String = lines
        .iter()
        .map(|l| format!("{}\n", l.replace(['\n', '\r'], " ").replace('\\', "\\\\")))
        .collect();
    let flag = match direction {
        Direction::Forward => "--forward",
        Direction::Backward => "--backward",
    };
    let mut child = Command::new(PROGRAM)
        .args([flag, TABLES])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => BrailleError::NoLiblouis,
            _ => BrailleError::Liblouis(format!("cannot run {PROGRAM}: {e}")),
        })?;
    // Written from a thread so that a large input cannot fill both pipes and stall.
    let mut stdin = child.stdin.take();
    let writer = std::thread::spawn(move || match stdin.as_mut() {
        Some(pipe) => pipe.write_all(input.as_bytes()),
        None => Ok(()),
    });
    let output = child
        .wait_with_output()
        .map_err(|e| BrailleError::Liblouis(format!("{PROGRAM} failed: {e}")))?;
    let written = writer
        .join()
        .unwrap_or_else(|_| Err(std::io::Error::other("the writing thread stopped")));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let out: Vec<&str> = stdout.lines().collect();
    if !output.status.success() || !stderr.trim().is_empty() || out.len() != lines.len() {
        let why = stderr
            .lines()
            .last()
            .unwrap_or("no output")
            .trim()
            .to_string();
        return Err(BrailleError::Liblouis(format!(
            "{PROGRAM} {flag} {TABLES}: {why} (Debian/Ubuntu: apt-get install liblouis-bin)"
        )));
    }
    written.map_err(|e| BrailleError::Liblouis(format!("{PROGRAM}: cannot write: {e}")))?;
    match direction {
        Direction::Forward => out
            .iter()
            .map(|l| {
                ueb::normalise_ascii(l).map_err(|c| {
                    BrailleError::Liblouis(format!(
                        "{PROGRAM} gave {c:?}, which is not Braille ASCII, for: {l}"
                    ))
                })
            })
            .collect(),
        Direction::Backward => Ok(out.into_iter().map(str::to_string).collect()),
    }
}
