//! A named pipe in a test's folder, for the tests that a save or `--load` refuses one
//! at once (`tests/damaged_saves.rs`, `tests/streams.rs`): reading a pipe would wait
//! for a writer that never comes.

use std::path::{Path, PathBuf};

/// A named pipe `name` made in `dir` by `mkfifo`; `None` where it cannot be made
/// (no `mkfifo` on this machine), and the test has nothing to check.
pub fn make(dir: &Path, name: &str) -> Option<PathBuf> {
    let fifo = dir.join(name);
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    made.then_some(fifo)
}
