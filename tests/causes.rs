//! Nothing resolves in silence (issue 23, point 2): every scenario under
//! `tests/scenarios/` is played again with each batch of events narrated to every
//! seat at every verbosity, and each ability that resolves (a card played, a trigger,
//! a Talent or Special used, a base's ability) must be told by a line that starts with
//! its card or base: its outcome with the cause first ("Mushroom Kingdom: Bot 2 moves
//! your Archmage here from The Grey Opal."), or "nothing happens" with the reason.
//! An ability of a card its listener may not see (a Special in another's hand, Ninja
//! Acolyte gone back to its owner's hand) is not named to them, so it is not looked for.

use smashup::engine::state::Loc;
use smashup::engine::{Event, GameState, PlayerId, Uid};
use smashup::play::describe::Words;
use smashup::play::narrate::{narrate, Scene, Verbosity};
use smashup::play::seat::Seat;
use smashup::scenario::{self, Batch};
use std::path::{Path, PathBuf};

fn scenario_files(dir: &Path) -> Vec<PathBuf> {
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

const LEVELS: [Verbosity; 3] = [Verbosity::Brief, Verbosity::Normal, Verbosity::Full];

/// An ability under way, for one listener at one verbosity: its card, and whether a
/// line has started with that card's name yet.
struct Open {
    by: Uid,
    told: bool,
    step: usize,
}

/// One listener at one verbosity, across the batches of a scenario.
struct Listener {
    viewer: PlayerId,
    level: Verbosity,
    open: Vec<Open>,
    heard: Vec<String>,
}

/// True when the card is in a hand or deck the listener may not see.
fn hidden(game: &GameState, card: Uid, viewer: PlayerId) -> bool {
    matches!(game.locate(card), Loc::Hand(p) | Loc::Deck(p) if p != viewer)
}

/// The lines for `events` as `viewer` hears them at `level`.
fn lines(
    batch: &Batch,
    seats: &[Seat],
    viewer: PlayerId,
    level: Verbosity,
    events: &[Event],
) -> Vec<String> {
    let scene = Scene {
        before: batch.before,
        words: Words {
            game: batch.after,
            seats,
            viewer: Some(viewer),
            codes: level == Verbosity::Full,
            show_codes: true,
        },
        actor: batch
            .before
            .pending()
            .map_or(batch.before.turn.player, |d| d.player),
        scoring: &[],
        texts: level == Verbosity::Full,
    };
    narrate(&scene, events, level)
}

/// A line told by this card: it starts with its name (or its code and name).
fn starts_with_card(line: &str, game: &GameState, card: Uid) -> bool {
    let name = game.def(card).name();
    // The stasis rule on a card is told as the turn's ("Start of turn: you remove a
    // stasis counter from Future Almanac?").
    let rule = ["Start of turn: ", "End of turn: "]
        .iter()
        .any(|r| line.starts_with(r) && line.contains(name));
    rule || line.starts_with(name)
        || line
            .split_once(' ')
            .is_some_and(|(_, rest)| rest.starts_with(name))
}

impl Listener {
    /// Follows one batch: opens and closes the abilities in it; each closed one must
    /// have been told. Failures are pushed to `out`.
    fn follow(&mut self, batch: &Batch, seats: &[Seat], file: &str, out: &mut Vec<String>) {
        let said = lines(batch, seats, self.viewer, self.level, batch.events);
        self.heard.extend(said.iter().cloned());
        // Each event's own lines, to see which ability they belong to: an event told
        // together with the next ones (a grouped line) is narrated with them.
        let mut i = 0;
        while i < batch.events.len() {
            match &batch.events[i] {
                Event::Resolving { by, .. } => {
                    let skip = hidden(batch.after, *by, self.viewer);
                    self.open.push(Open {
                        by: *by,
                        told: skip,
                        step: batch.step,
                    });
                    i += 1;
                }
                Event::Resolved { by, .. } => {
                    // A quiet ability's "nothing happens" comes from this event.
                    let own = lines(batch, seats, self.viewer, self.level, &batch.events[i..=i]);
                    self.mark(batch.after, &own);
                    if let Some(open) = self.open.pop() {
                        assert_eq!(open.by, *by, "{file}: abilities close in order");
                        let card = batch.after.def(*by).name();
                        // A card now in a hand the listener may not see is not named.
                        let told = open.told || hidden(batch.after, *by, self.viewer);
                        let seen = out
                            .iter()
                            .any(|f| f.starts_with(&format!("{file}: {card} ")));
                        if !told && !seen {
                            out.push(format!(
                                "{file}: {card} resolved with no line starting with it (step {} to {}, {:?}, heard by player {}). Heard: {:?}",
                                open.step,
                                batch.step,
                                self.level,
                                self.viewer.0,
                                self.heard.iter().rev().take(8).rev().collect::<Vec<_>>()
                            ));
                        }
                    }
                    i += 1;
                }
                _ => {
                    // The run of plain events up to the next marker, told together.
                    let end = batch.events[i..]
                        .iter()
                        .position(|e| matches!(e, Event::Resolving { .. } | Event::Resolved { .. }))
                        .map_or(batch.events.len(), |k| i + k);
                    let own = lines(batch, seats, self.viewer, self.level, &batch.events[i..end]);
                    self.mark(batch.after, &own);
                    i = end;
                }
            }
        }
    }

    /// Every open ability whose card starts one of these lines has been told.
    fn mark(&mut self, game: &GameState, said: &[String]) {
        for open in &mut self.open {
            if said.iter().any(|l| starts_with_card(l, game, open.by)) {
                open.told = true;
            }
        }
    }
}

#[test]
fn every_ability_in_every_scenario_is_told_at_every_verbosity() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let files = scenario_files(&root);
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    let mut abilities = 0usize;
    for path in &files {
        let file = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let Ok(s) = scenario::parse(&file, &text) else {
            continue;
        };
        let players = s.position.players.len();
        let seats: Vec<Seat> = (0..players)
            .map(|i| Seat {
                name: format!("Player {}", i + 1),
                bot: None,
            })
            .collect();
        let mut listeners: Vec<Listener> = (0..players as u8)
            .flat_map(|p| {
                LEVELS.iter().map(move |&level| Listener {
                    viewer: PlayerId(p),
                    level,
                    open: Vec::new(),
                    heard: Vec::new(),
                })
            })
            .collect();
        let mut watch = |batch: Batch| {
            abilities += batch
                .events
                .iter()
                .filter(|e| matches!(e, Event::Resolving { .. }))
                .count();
            for l in &mut listeners {
                l.follow(&batch, &seats, &file, &mut failures);
            }
        };
        // A scenario that fails is the scenarios test's to report.
        let _ = scenario::run_watched(&s, Some(&mut watch));
    }
    assert!(abilities > 1000, "only {abilities} abilities resolved");
    assert!(
        failures.is_empty(),
        "{} abilities resolved in silence; the first:\n{}",
        failures.len(),
        failures
            .iter()
            .take(300)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
