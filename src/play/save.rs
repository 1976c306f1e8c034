//! Saved games, as replays: the set-up (factions, seed, options), who sits where (bots
//! with their generators), every answer given so far (bots' answers included), the
//! narration log and the settings, as RON. Loading sets the game up again and replays
//! the answers through the engine, so a save can only ever hold a game the rules allow:
//! an answer that does not fit is refused with its position, and a check of the final
//! position (everything a player could see on the table) catches a save that replays
//! differently: under other card data or another engine, or with an answer edited. Written atomically: a temporary file in the same folder, flushed to disk,
//! then a rename; a damaged file is refused with one line naming the problem.

use super::describe::{and_list, count};
use super::narrate::Verbosity;
use super::seat::Seat;
use crate::engine::state::{ActionInPlay, Allowance, Ignoring, LastingEffect};
use crate::engine::{Ask, Choice, GameConfig, GameState, Phase, PlayerId, Uid};
use crate::fingerprint::Fingerprint;
use serde::{Deserialize, Serialize};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The save format this version writes. 1 held the engine's whole state; 2 is a
/// replay whose check covers the zones, the minions and the question; 3 checks
/// everything a player could see on the table; 4 (this one) checks the same values
/// written in their serde form (see [`check`]). Saves of formats 2 and 3 still load,
/// checked as they were written (see [`check_format_2`], [`check_format_3`]).
pub const FORMAT: u32 = 4;

/// The largest file read as a save: far above the longest game (its log included).
const MAX_BYTES: u64 = 64 << 20;

/// The formats this version reads.
const READS: [u32; 3] = [2, 3, FORMAT];

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
    /// with other card data or another engine, or the answers were edited.
    pub check: u64,
    /// The numbered narration so far.
    pub log: Vec<String>,
}

/// A fingerprint of everything a player could see on the table, and more: the turn
/// and its plays left; each player's VP, hand, deck and discard pile (cards in order,
/// so their sizes too), stasis with its counters and the cards stored there; each
/// base with its breakpoint and total power, each minion with its controller,
/// counters, current power, the actions on it (with who played them, the faction
/// they named and their mode) and the cards stored under it, each action on a base
/// the same; the base deck, base discard pile, the box and the cards set aside;
/// lasting effects and ignored bases; the question asked with its options; the
/// winner. Two replays that agree on it agree on the game as anyone could see it,
/// so an answer edited into another legal one is caught. The values are picked
/// field by field into [`Seen`], so that internal bookkeeping the engine adds later
/// does not change it, and written as compact RON (their serde form, the one the
/// card and scenario files use), never as `Debug` text, which is no format.
pub fn check(game: &GameState) -> u64 {
    // RON writes any serde value; were it ever to fail, its message is hashed, so the
    // check stays the same from run to run.
    let text = ron::to_string(&Seen::of(game)).unwrap_or_else(|e| e.to_string());
    let mut f = Fingerprint::new();
    let _ = std::fmt::Write::write_str(&mut f, &text);
    f.finish()
}

/// What [`check`] covers, as values.
#[derive(Serialize)]
struct Seen<'a> {
    turn: TurnSeen<'a>,
    players: Vec<PlayerSeen<'a>>,
    bases: Vec<BaseSeen<'a>>,
    base_deck: &'a [Uid],
    base_discard: &'a [Uid],
    boxed: &'a [Uid],
    aside: &'a [Uid],
    lasting: &'a [LastingEffect],
    ignoring: &'a [Ignoring],
    /// Who is asked, what, and the options.
    asked: Option<(PlayerId, &'a Ask, &'a [Choice])>,
    winner: Option<PlayerId>,
    /// Every card's id, in the order of the game's cards.
    cards: Vec<&'static str>,
}

/// The turn as [`check`] sees it.
#[derive(Serialize)]
struct TurnSeen<'a> {
    number: u32,
    player: PlayerId,
    phase: Phase,
    allowances: &'a [Allowance],
    minions_played: u32,
    used: &'a [String],
}

/// A player as [`check`] sees them.
#[derive(Serialize)]
struct PlayerSeen<'a> {
    vp: u32,
    hand: &'a [Uid],
    deck: &'a [Uid],
    discard: &'a [Uid],
    stasis: &'a [(Uid, u32)],
    stored_off_table: &'a [(Uid, Vec<Uid>)],
}

/// A base in play as [`check`] sees it.
#[derive(Serialize)]
struct BaseSeen<'a> {
    card: Uid,
    breakpoint: i32,
    power: i32,
    minions: Vec<MinionSeen<'a>>,
    actions: Vec<ActionSeen<'a>>,
}

/// A minion in play as [`check`] sees it.
#[derive(Serialize)]
struct MinionSeen<'a> {
    card: Uid,
    controller: PlayerId,
    counters: u32,
    power: i32,
    stored: &'a [Uid],
    actions: Vec<ActionSeen<'a>>,
}

/// An action in play as [`check`] sees it.
#[derive(Serialize)]
struct ActionSeen<'a> {
    card: Uid,
    controller: PlayerId,
    named: Option<&'a str>,
    mode: Option<u8>,
    stored: &'a [Uid],
}

impl<'a> Seen<'a> {
    fn of(game: &'a GameState) -> Seen<'a> {
        let t = &game.turn;
        let actions = |actions: &'a [ActionInPlay]| -> Vec<ActionSeen<'a>> {
            actions
                .iter()
                .map(|a| ActionSeen {
                    card: a.card,
                    controller: a.controller,
                    named: a.named.as_deref(),
                    mode: a.mode,
                    stored: &a.stored,
                })
                .collect()
        };
        Seen {
            turn: TurnSeen {
                number: t.number,
                player: t.player,
                phase: t.phase,
                allowances: &t.allowances,
                minions_played: t.minions_played,
                used: &t.used,
            },
            players: game
                .players
                .iter()
                .map(|p| PlayerSeen {
                    vp: p.vp,
                    hand: &p.hand,
                    deck: &p.deck,
                    discard: &p.discard,
                    stasis: &p.stasis,
                    stored_off_table: &p.stored_off_table,
                })
                .collect(),
            bases: game
                .bases
                .iter()
                .map(|b| BaseSeen {
                    card: b.card,
                    breakpoint: game.breakpoint(b.card),
                    power: game.base_power(b.card),
                    minions: b
                        .minions
                        .iter()
                        .map(|m| MinionSeen {
                            card: m.card,
                            controller: m.controller,
                            counters: m.counters,
                            power: game.power(m.card),
                            stored: &m.stored,
                            actions: actions(&m.attached),
                        })
                        .collect(),
                    actions: actions(&b.actions),
                })
                .collect(),
            base_deck: &game.base_deck,
            base_discard: &game.base_discard,
            boxed: &game.boxed,
            aside: &game.aside,
            lasting: &game.lasting,
            ignoring: &game.ignoring,
            asked: game.pending().map(|d| (d.player, &d.ask, &d.options[..])),
            winner: game.winner,
            cards: game.cards.iter().map(|c| c.def.def().id()).collect(),
        }
    }
}

/// The check of save format 3, kept so that saves written as format 3 still load: the
/// same values as [`check`], written as their `Debug` text as it stood when those saves
/// were written. That text is no format and may change with the engine's types or
/// with Rust; `tests/data/saves/format-3.ron`, a save of that version, fails its test
/// if it does. Public for the tests that write a save as that version did.
pub fn check_format_3(game: &GameState) -> u64 {
    use std::fmt::Write;
    let mut f = Fingerprint::new();
    let t = &game.turn;
    // Writing to a hash cannot fail.
    let _ = write!(
        f,
        "turn {} {} {:?} {:?} {} {:?}",
        t.number, t.player.0, t.phase, t.allowances, t.minions_played, t.used
    );
    for p in &game.players {
        let _ = write!(
            f,
            "|player {} {:?} {:?} {:?} {:?} {:?}",
            p.vp, p.hand, p.deck, p.discard, p.stasis, p.stored_off_table
        );
    }
    for b in &game.bases {
        let _ = write!(
            f,
            "|base {:?} {} {}",
            b.card,
            game.breakpoint(b.card),
            game.base_power(b.card)
        );
        for m in &b.minions {
            let _ = write!(
                f,
                " minion {:?} {} {} {} {:?}",
                m.card,
                m.controller.0,
                m.counters,
                game.power(m.card),
                m.stored
            );
            for a in &m.attached {
                write_action(&mut f, a);
            }
        }
        for a in &b.actions {
            write_action(&mut f, a);
        }
    }
    let _ = write!(
        f,
        "|{:?} {:?} {:?} {:?}",
        game.base_deck, game.base_discard, game.boxed, game.aside
    );
    for l in &game.lasting {
        let _ = write!(f, "|{:?}", l);
    }
    for i in &game.ignoring {
        let _ = write!(f, "|{:?}", i);
    }
    if let Some(d) = game.pending() {
        let _ = write!(f, "|ask {} {:?} {:?}", d.player.0, d.ask, d.options);
    }
    let _ = write!(f, "|winner {:?}", game.winner);
    for c in &game.cards {
        let _ = write!(f, "{}", c.def.def().id());
    }
    f.finish()
}

/// An action in play as [`check_format_3`] wrote it.
fn write_action(f: &mut Fingerprint, a: &crate::engine::state::ActionInPlay) {
    use std::fmt::Write;
    let _ = write!(
        f,
        " action {:?} {} {:?} {:?} {:?}",
        a.card, a.controller.0, a.named, a.mode, a.stored
    );
}

/// The check of save format 2, kept so that saves written before format 3 still
/// load: the turn, every zone's cards in order, scores, the minions on the bases with
/// their controllers and counters, the base deck and how many options the question
/// has. It does not see actions, power or control changes that leave the minions in
/// place, so such a save is checked less closely until it is saved again. Public for
/// the tests that write a save as that version did.
pub fn check_format_2(game: &GameState) -> u64 {
    use std::fmt::Write;
    let mut f = Fingerprint::new();
    let t = &game.turn;
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
    let text = ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default())
        .map_err(|e| format!("cannot write the game as text: {e}"))?;
    write_text(path, &text)
}

/// Writes `text` to `path` as [`write`] does: a temporary file, flushed, renamed;
/// never over anything but a regular file (also for the table companion's saves).
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    let name = path.display();
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if !meta.file_type().is_file() {
            return Err(format!("{name} exists and is not a regular file"));
        }
    }
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
/// saying why not. Only a regular file of at most [`MAX_BYTES`] is read: a pipe or a
/// device is refused at once rather than waited on.
pub fn read(path: &Path) -> Result<(SaveFile, GameState), String> {
    let name = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    if !meta.is_file() {
        return Err(format!(
            "{name} is not a regular file (a folder, pipe or device), so it is not a saved game"
        ));
    }
    if meta.len() > MAX_BYTES {
        return Err(format!(
            "{name} is {} bytes; a saved game is at most {MAX_BYTES}, so it is not one",
            meta.len()
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name} is not a saved game or is damaged: byte {} is not text",
            e.utf8_error().valid_up_to() + 1
        )
    })?;
    let format: Option<u32> = ron::from_str::<FormatOnly>(&text).ok().map(|f| f.format);
    if let Some(f) = format.filter(|f| !READS.contains(f)) {
        let read: Vec<String> = READS.iter().map(u32::to_string).collect();
        return Err(format!(
            "{name} is in save format {f}, from another version of smashup; this version reads formats {}",
            and_list(&read)
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
            "{name} is damaged: {} for {}",
            count(save.seats.len(), "seat"),
            count(players, "player")
        ));
    }
    let game = replay(&save.config, &save.answers)
        .map_err(|e| format!("{name} is damaged or from another version: {e}"))?;
    let reached = match save.format {
        2 => check_format_2(&game),
        3 => check_format_3(&game),
        _ => check(&game),
    };
    if reached != save.check {
        return Err(format!(
            "{name} does not replay to the game it saved (its answers were changed, or it was saved by smashup {} with other card data or rules); it was not loaded",
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
