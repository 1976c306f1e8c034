//! A three-seat game (Ann on plain lines, Ben framed, a bot) played to its end; each
//! person's stream names no card that only another seat could know.

use super::leak_check::{allowed, leaked};
use super::support::{new_table, play_to_end, sit, Player, Server};
use smashup::engine::{GameState, PlayerId};
use smashup::play::save;
use std::collections::HashSet;

/// The cards `viewer` may ever have heard of in the saved game `path`: every card
/// that was public at some point, or theirs, or shown to them.
pub(crate) fn heard_of(
    path: &std::path::Path,
    viewer: PlayerId,
) -> (GameState, HashSet<smashup::engine::Uid>) {
    let (save, _) = save::read(path).expect("the table's save reads");
    let mut game = GameState::new(&save.config).unwrap();
    let mut before = game.clone();
    let mut events = game.take_events();
    let mut ok = HashSet::new();
    for &a in &save.answers {
        ok.extend(allowed(&before, &game, &events, Some(viewer)));
        before = game.clone();
        events = game.answer(a as usize).unwrap();
    }
    ok.extend(allowed(&before, &game, &events, Some(viewer)));
    (game, ok)
}

#[test]
fn three_seats_play_to_the_end_each_hearing_only_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let mut ann = server.client();
    let code = new_table(&mut ann, "Ann", "--players 3 --bots 1 --seed 11");
    let (ben, sat) = sit(&server, "Ben", true, &format!("1 {code}"));
    assert!(sat.contains("You sit at table 1 in seat 2"), "{sat}");
    assert!(ann.wait_for("Ben sits down in seat 2", 10).is_some());
    ann.send("start");
    let mut ann = Player::new(ann, false);
    let mut ben = Player::new(ben, true);
    assert!(
        play_to_end(&mut [&mut ann, &mut ben], 120, 5000),
        "the game ends; Ann's last lines: {:?}",
        &ann.client.lines[ann.client.lines.len().saturating_sub(15)..]
    );
    assert!(ann.answers > 0 && ben.answers > 0);
    assert!(server.log.lock().unwrap().contains("table 1: game over"));
    // Ben's stream is framed, Ann's is plain.
    assert!(ben
        .client
        .lines
        .iter()
        .any(|l| l.starts_with("narration\t")));
    assert!(ben.client.lines.iter().any(|l| l.starts_with("words\t")));
    assert!(!ann
        .client
        .lines
        .iter()
        .any(|l| l.starts_with("narration\t") || l.starts_with("prompt")));
    let path = dir.path().join("table-1.ron");
    for (who, seat) in [(&ann, 0u8), (&ben, 1u8)] {
        let (game, ok) = heard_of(&path, PlayerId(seat));
        for line in &who.client.lines {
            let text = line.split_once('\t').map_or(line.as_str(), |(_, t)| t);
            if let Some(name) = leaked(&game, text, &ok) {
                panic!("seat {seat} heard {name:?}: {line:?}");
            }
        }
    }
}
