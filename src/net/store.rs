//! What the server keeps on disk, in its data folder: for table N, `table-N.seats.ron`
//! (its code, creator, set-up, each seat's name and token, and a formal draft under
//! way) and, once the game has
//! started, `table-N.ron`, an ordinary saved game (set-up plus answers, see
//! `play::save`) that `smashup play --load` can also open. Both are written atomically
//! (a temporary file, then a rename), so a server killed at any moment restarts with
//! every table as it was after its last answer.

use crate::bots::BotKind;
use crate::engine::{GameConfig, GameState};
use crate::play::save::{self, SaveFile};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One seat as kept on disk.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeatRecord {
    /// Who sits there (`None`: free).
    pub name: Option<String>,
    /// A people seat (false: a bot's).
    pub person: bool,
    /// What gets the seat back.
    pub token: String,
    /// The two factions chosen for the seat before the start (`None`: drawn).
    #[serde(default)]
    pub factions: Option<[String; 2]>,
}

/// One table as kept on disk, beside its game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TableRecord {
    /// Its number in the lobby.
    pub id: u32,
    /// Its join code.
    pub code: String,
    /// Who created it.
    pub creator: String,
    /// The game's set-up.
    pub config: GameConfig,
    /// Which bot plays the bot seats.
    pub bot: String,
    /// The game has started (and `table-N.ron` holds it).
    pub started: bool,
    /// The seats, in order.
    pub seats: Vec<SeatRecord>,
    /// The factions are drafted after `start` (older files: false).
    #[serde(default)]
    pub drafts: bool,
    /// The draft under way, between `start` and the game (older files: none).
    #[serde(default)]
    pub drafting: Option<crate::play::draft::Draft>,
}

/// The name that selects a bot kind.
pub fn bot_name(kind: BotKind) -> &'static str {
    BotKind::ALL
        .iter()
        .find(|(_, k)| *k == kind)
        .map_or("heuristic", |(n, _)| n)
}

/// Where table `id`'s game is saved.
pub fn game_path(dir: &Path, id: u32) -> PathBuf {
    dir.join(format!("table-{id}.ron"))
}

fn record_path(dir: &Path, id: u32) -> PathBuf {
    dir.join(format!("table-{id}.seats.ron"))
}

/// Writes a table's seats.
pub fn write_record(dir: &Path, record: &TableRecord) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(record, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    save::write_text(&record_path(dir, record.id), &text)
}

/// Forgets a table that was given up.
pub fn remove(dir: &Path, id: u32) {
    let _ = std::fs::remove_file(record_path(dir, id));
    let _ = std::fs::remove_file(game_path(dir, id));
}

/// A table read back: its seats, and its game replayed if it had started.
pub type Restored = (TableRecord, Option<(SaveFile, GameState)>);

/// Every table kept in `dir`, in number order; a file that cannot be read is one line
/// in the second list, and is left where it is.
pub fn read_all(dir: &Path) -> (Vec<Restored>, Vec<String>) {
    let mut tables = Vec::new();
    let mut problems = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (tables, problems);
    };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("table-") && n.ends_with(".seats.ron"))
        })
        .collect();
    paths.sort();
    for path in paths {
        let record: TableRecord = match std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|t| ron::from_str(&t).map_err(|e| e.to_string()))
        {
            Ok(r) => r,
            Err(e) => {
                problems.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let game = if record.started {
            match save::read(&game_path(dir, record.id)) {
                Ok(g) => Some(g),
                Err(e) => {
                    problems.push(e);
                    continue;
                }
            }
        } else {
            None
        };
        tables.push((record, game));
    }
    (tables, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seats_file_from_before_the_draft_still_loads() {
        let old = r#"(id: 2, code: "123456", creator: "Ann",
            config: (seed: 5, factions: [("pirates", "ninjas"), ("aliens", "robots")],
                     all_bases: false, shared_factions: false, first_player: None),
            bot: "heuristic", started: false,
            seats: [(name: Some("Ann"), person: true, token: "abcdefghjk")])"#;
        let record: TableRecord = ron::from_str(old).expect("an old seats file reads");
        assert!(!record.drafts);
        assert!(record.drafting.is_none());
    }
}
