//! Saved games: the game, the seats (bots included, with their generators), the
//! narration log and the settings, as RON. Written atomically (a temporary file in
//! the same folder, then a rename), so a crash mid-write never leaves half a save;
//! a damaged file is refused with one line naming the problem.

use super::narrate::Verbosity;
use super::seat::Seat;
use crate::engine::{Choice, GameState, PlayTo, Uid};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The save format this version writes and reads.
pub const FORMAT: u32 = 1;

/// Everything needed to go on with a game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SaveFile {
    /// [`FORMAT`] when written.
    pub format: u32,
    /// The seed the game was set up with (for bug reports).
    pub seed: u64,
    /// Who sits where.
    pub seats: Vec<Seat>,
    /// How much was being narrated.
    pub verbosity: Verbosity,
    /// The numbered narration so far.
    pub log: Vec<String>,
    /// The game itself.
    pub game: GameState,
}

/// Writes `save` to `path` through a temporary file and a rename.
pub fn write(path: &Path, save: &SaveFile) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default())
        .map_err(|e| format!("cannot write the game as text: {e}"))?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, text).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot rename {} to {}: {e}", tmp.display(), path.display())
    })
}

/// Reads a saved game, checking that its parts fit together.
pub fn read(path: &Path) -> Result<SaveFile, String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let save: SaveFile = ron::from_str(&text).map_err(|e| {
        format!(
            "{name} is not a saved game or is damaged: line {}, column {}: {}",
            e.position.line, e.position.col, e.code
        )
    })?;
    if save.format != FORMAT {
        return Err(format!(
            "{name} is in save format {}; this version reads format {FORMAT}",
            save.format
        ));
    }
    let players = save.game.players.len();
    if save.seats.len() != players {
        return Err(format!(
            "{name} is damaged: {} seats for {players} players",
            save.seats.len()
        ));
    }
    if let Some(card) = first_unknown_card(&save.game) {
        return Err(format!(
            "{name} is damaged: card number {} does not exist in this game",
            card.0
        ));
    }
    if let Some(p) = save.game.pending() {
        if p.player.ix() >= players || p.options.is_empty() {
            return Err(format!(
                "{name} is damaged: its pending question is impossible"
            ));
        }
    }
    Ok(save)
}

/// A card number used somewhere in the game that is not one of its cards: the engine
/// would fail on it, so such a file is refused.
fn first_unknown_card(game: &GameState) -> Option<Uid> {
    let mut used: Vec<Uid> = Vec::new();
    for p in &game.players {
        used.extend(p.hand.iter().chain(&p.deck).chain(&p.discard));
        used.extend(p.stasis.iter().map(|(c, _)| *c));
    }
    for b in &game.bases {
        used.push(b.card);
        for m in &b.minions {
            used.push(m.card);
            used.extend(&m.stored);
            for a in &m.attached {
                used.push(a.card);
                used.extend(&a.stored);
            }
        }
        for a in &b.actions {
            used.push(a.card);
            used.extend(&a.stored);
        }
    }
    used.extend(
        game.base_deck
            .iter()
            .chain(&game.base_discard)
            .chain(&game.boxed),
    );
    if let Some(d) = game.pending() {
        for o in &d.options {
            match o {
                Choice::Card(c) | Choice::Base(c) => used.push(*c),
                Choice::Play { card, to } | Choice::Use { card, to } => {
                    used.push(*card);
                    if let Some(PlayTo::Base(c) | PlayTo::Minion(c)) = to {
                        used.push(*c);
                    }
                }
                _ => {}
            }
        }
    }
    used.into_iter().find(|c| c.0 as usize >= game.cards.len())
}
