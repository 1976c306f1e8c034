//! Saved games, as replays: the set-up (factions, seed, options), who sits where (bots
//! with their generators), every answer given so far (bots' answers included), the
//! narration log and the settings, as RON. Loading sets the game up again and replays
//! the answers through the engine, so a save can only ever hold a game the rules allow:
//! an answer that does not fit is refused with its position, and a check of the final
//! position catches a save that replays differently under other card data or another
//! engine. Written atomically: a temporary file in the same folder, flushed to disk,
//! then a rename; a damaged file is refused with one line naming the problem.

use super::narrate::Verbosity;
use super::seat::Seat;
use crate::engine::{GameConfig, GameState};
use crate::fingerprint::Fingerprint;
use serde::{Deserialize, Serialize};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The save format this version writes and reads (1 held the engine's whole state).
pub const FORMAT: u32 = 2;

/// Everything needed to go on with a game.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// [`FORMAT`] when written.
    pub format: u32,
    /// The program version that wrote it, for messages.
    pub version: String,
    /// How the game was set up.
    pub config: GameConfig,
    /// Who sits where.
    pub seats: Vec<Seat>,
    /// How much was being narrated.
    pub verbosity: Verbosity,
    /// Every answer so far, in order: option indices.
    pub answers: Vec<u32>,
    /// [`check`] of the game after the answers: a replay that ends elsewhere was made
    /// with other card data or another engine.
    pub check: u64,
    /// The numbered narration so far.
    pub log: Vec<String>,
}

/// A fingerprint of where a game stands: the turn, every zone's cards in order, scores,
/// what is in play and the question asked. Two replays that agree on it agree on the
/// game as anyone could see it.
pub fn check(game: &GameState) -> u64 {
    use std::fmt::Write;
    let mut f = Fingerprint::new();
    let t = &game.turn;
    // Writing to a hash cannot fail.
    let _ = write!(f, "{} {} {:?}", t.number, t.player.0, t.phase);
    for p in &game.players {
        let _ = write!(f, "|{} {:?} {:?} {:?}", p.vp, p.hand, p.deck, p.discard);
    }
    for b in &game.bases {
        let _ = write!(f, "|{:?}", b.card);
        for m in &b.minions {
            let _ = write!(f, " {:?} {} {}", m.card, m.controller.0, m.counters);
        }
    }
    let _ = write!(f, "|{:?}", game.base_deck);
    if let Some(d) = game.pending() {
        let _ = write!(f, "|{} {}", d.player.0, d.options.len());
    }
    for c in &game.cards {
        let _ = write!(f, "{}", c.def.def().id());
    }
    f.finish()
}

/// Sets the game up and replays `answers`; the error names the first answer (from 1)
/// that does not fit.
pub fn replay(config: &GameConfig, answers: &[u32]) -> Result<GameState, String> {
    let mut game = GameState::new(config).map_err(|e| format!("its set-up is impossible: {e}"))?;
    game.take_events();
    for (k, &a) in answers.iter().enumerate() {
        game.answer(a as usize).map_err(|e| {
            format!(
                "answer {} of {} ({a}) does not fit the game: {e}",
                k + 1,
                answers.len()
            )
        })?;
    }
    Ok(game)
}

/// Writes `save` to `path` through a temporary file, flushed to disk, and a rename.
/// Never replaces anything but a regular file; removes temporary files that an
/// interrupted save left behind.
pub fn write(path: &Path, save: &SaveFile) -> Result<(), String> {
    let name = path.display();
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if !meta.file_type().is_file() {
            return Err(format!("{name} exists and is not a regular file"));
        }
    }
    let text = ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default())
        .map_err(|e| format!("cannot write the game as text: {e}"))?;
    write_atomic(path, &text)
}

/// Writes `text` to `path` through a temporary file, flushed to disk, and a rename
/// (the server's table files go through here too).
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let name = path.display();
    let tmp = temp_path(path, std::process::id());
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(text.as_bytes())?;
        f.sync_all()
    });
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("cannot write {}: {e}", tmp.display()));
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot rename {} to {name}: {e}", tmp.display())
    })?;
    remove_leftovers(path);
    Ok(())
}

/// The temporary file a save goes through first: next to it, named for the process.
fn temp_path(path: &Path, id: u32) -> PathBuf {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{id}.tmp"));
    PathBuf::from(tmp)
}

/// Removes the temporary files of earlier interrupted saves of `path` (regular files
/// named `FILE.*.tmp` or `FILE.tmp`, in the same folder).
fn remove_leftovers(path: &Path) {
    let (Some(dir), Some(file)) = (path.parent(), path.file_name()) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let file = file.to_string_lossy();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let leftover = name.strip_prefix(file.as_ref()).is_some_and(|rest| {
            rest == ".tmp" || (rest.starts_with('.') && rest.ends_with(".tmp"))
        });
        if leftover && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Reads a saved game and replays it: the save and the game it holds, or one line
/// saying why not.
pub fn read(path: &Path) -> Result<(SaveFile, GameState), String> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name} is not a saved game or is damaged: byte {} is not text",
            e.utf8_error().valid_up_to() + 1
        )
    })?;
    let format: Option<u32> = ron::from_str::<FormatOnly>(&text).ok().map(|f| f.format);
    if let Some(f) = format.filter(|&f| f != FORMAT) {
        return Err(format!(
            "{name} is in save format {f}, from another version of smashup; this version reads format {FORMAT}"
        ));
    }
    let save: SaveFile = ron::from_str(&text).map_err(|e| {
        format!(
            "{name} is not a saved game or is damaged: line {}, column {}: {}",
            e.position.line, e.position.col, e.code
        )
    })?;
    let players = save.config.factions.len();
    if save.seats.len() != players {
        return Err(format!(
            "{name} is damaged: {} seats for {players} players",
            save.seats.len()
        ));
    }
    let game = replay(&save.config, &save.answers)
        .map_err(|e| format!("{name} is damaged or from another version: {e}"))?;
    if check(&game) != save.check {
        return Err(format!(
            "{name} no longer replays to the same game (it was saved by smashup {} with other card data or rules); it was not loaded",
            save.version
        ));
    }
    Ok((save, game))
}

/// The format number alone, read first so that another format is named as such.
#[derive(Deserialize)]
struct FormatOnly {
    format: u32,
}
