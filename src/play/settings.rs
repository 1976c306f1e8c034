//! Settings a player keeps from game to game (`--codes off`), in `settings.ron` in
//! the data folder beside the autosave. A missing or unreadable file means the
//! defaults; a setting given as a flag is written back, so it is remembered.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What is remembered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Card codes lead lists and answers (the braille edition's labels).
    pub codes: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { codes: true }
    }
}

/// The settings file in a data folder.
pub fn path_in(dir: &Path) -> PathBuf {
    dir.join("settings.ron")
}

/// The settings in `path`, or the defaults.
pub fn read(path: &Path) -> Settings {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|t| ron::from_str(&t).ok())
        .unwrap_or_default()
}

/// Writes the settings; a failure is the line to show.
pub fn write(path: &Path, settings: Settings) -> Result<(), String> {
    let text = ron::to_string(&settings).map_err(|e| e.to_string())?;
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
