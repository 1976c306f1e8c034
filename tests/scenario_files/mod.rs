//! The scenario files under `tests/scenarios/`, for the tests that play them all
//! (`tests/scenarios.rs`, `tests/causes.rs`): every `.ron` below a folder, sorted so
//! failures come in the same order every run.

use std::path::{Path, PathBuf};

/// The `tests/scenarios/` folder of this checkout.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios")
}

/// Every `.ron` file below `dir`, sorted; none when `dir` cannot be read.
pub fn scenario_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(scenario_files(&path));
        } else if path.extension().is_some_and(|x| x == "ron") {
            out.push(path);
        }
    }
    out.sort();
    out
}
