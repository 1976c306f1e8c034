//! The table on disk: a RON file holding the tracker, written atomically (as the
//! game's saves are: a temporary file, flushed, renamed) after every change and by
//! `save`; read back by `load` and `--load`, refused with one line when damaged or
//! when the engine cannot hold the table it describes (unknown cards).

use super::tracker::Tracker;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The table file format this version writes and reads.
pub const FORMAT: u32 = 1;

/// The file `save` writes when no file is named.
pub const DEFAULT_FILE: &str = "smashup-table.ron";

/// A saved table.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFile {
    /// [`FORMAT`] when written.
    format: u32,
    /// The program version that wrote it.
    version: String,
    /// The table.
    table: Tracker,
}

/// Writes the table to `path`, atomically.
pub fn write(path: &Path, table: &Tracker) -> Result<(), String> {
    let file = TableFile {
        format: FORMAT,
        version: env!("CARGO_PKG_VERSION").to_string(),
        table: table.clone(),
    };
    let text = ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default())
        .map_err(|e| format!("cannot write the table as text: {e}"))?;
    crate::play::save::write_text(path, &text)
}

/// Reads a saved table, or one line saying why not.
pub fn read(path: &Path) -> Result<Tracker, String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let file: TableFile = ron::from_str(&text).map_err(|e| {
        format!(
            "{name} is not a saved table or is damaged: line {}, column {}: {}",
            e.position.line, e.position.col, e.code
        )
    })?;
    if file.format != FORMAT {
        return Err(format!(
            "{name} is in table format {}; this version reads format {FORMAT}",
            file.format
        ));
    }
    let table = file.table;
    if !table.players.is_empty() {
        table
            .game()
            .map_err(|e| format!("{name} holds a table the game cannot set out: {e}"))?;
    }
    let seats = table.players.len();
    let bad_seat = table.bases.iter().flat_map(|b| &b.minions).any(|m| {
        m.owner >= seats || m.controller >= seats || m.actions.iter().any(|a| a.owner >= seats)
    }) || table
        .bases
        .iter()
        .flat_map(|b| &b.actions)
        .any(|a| a.owner >= seats)
        || table.turn.is_some_and(|t| t >= seats);
    if bad_seat {
        return Err(format!(
            "{name} is damaged: a card belongs to a player who is not at the table"
        ));
    }
    Ok(table)
}
