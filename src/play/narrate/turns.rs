//! The turn's frame: a new turn, the phases (full verbosity only), the opening
//! mulligan, passes in a round of Specials, and the end of the game.

use super::{say, Said, Scene, Verbosity};
use crate::engine::{Phase, PlayerId};
use crate::play::describe::{sentence, Words};

/// "Turn 4, Bot 2's turn." Your own turn is said by the question that follows, so at
/// brief and normal it is not said twice.
pub(super) fn turn_started(w: &Words, player: PlayerId, number: u32) -> Said {
    if Some(player) == w.viewer {
        say(
            Verbosity::Full,
            format!("Turn {number}, your turn."),
            vec![],
        )
    } else {
        say(
            Verbosity::Brief,
            format!("Turn {number}, {}'s turn.", w.name(player)),
            vec![],
        )
    }
}

/// A phase as narration names it; none for the phases that are not announced.
pub fn phase_name(phase: Phase) -> Option<&'static str> {
    match phase {
        Phase::PlayCards => Some("play cards"),
        Phase::ScoreBases => Some("score bases"),
        Phase::Draw => Some("draw two cards"),
        Phase::EndTurn => Some("end of turn"),
        Phase::Setup | Phase::StartTurn | Phase::Over => None,
    }
}

/// "Bot 2: play cards." at full verbosity; the phases without a name say nothing.
pub(super) fn phase_started(w: &Words, player: PlayerId, phase: Phase) -> Option<Said> {
    let name = phase_name(phase)?;
    Some(say(
        Verbosity::Full,
        format!("{}: {name}.", sentence(&w.player(player))),
        vec![],
    ))
}

/// The engine's safety valve stopped a loop: said once, cause first.
pub(super) fn loop_stopped(w: &Words, player: PlayerId) -> Said {
    say(
        Verbosity::Brief,
        format!(
            "The game stops a loop: no more optional plays or choices in {} turn.",
            w.possessive(player)
        ),
        vec![],
    )
}

/// "Bot 2 shows a hand with no minion, draws a new hand and shuffles the old one into
/// the deck" (the newest rulebook's mulligan).
pub(super) fn mulligan(w: &Words, player: PlayerId) -> Said {
    say(
        Verbosity::Brief,
        if Some(player) == w.viewer {
            "You show a hand with no minion, draw a new hand and shuffle the old one into your deck."
                .to_string()
        } else {
            format!(
                "{} a hand with no minion, draws a new hand and shuffles the old one into their deck.",
                w.acts(player, "show")
            )
        },
        vec![],
    )
}

/// "Bot 2 passes." (full verbosity: a pass changes nothing).
pub(super) fn passed(w: &Words, player: PlayerId) -> Said {
    say(
        Verbosity::Full,
        format!("{}.", w.acts(player, "pass")),
        vec![],
    )
}

/// "Game over: Bot 2 wins. Final scores: you 12 VP, Bot 2 16 VP."
pub(super) fn game_over(scene: &Scene, winner: PlayerId) -> Said {
    let w = &scene.words;
    let scores: Vec<String> = (0..w.game.players.len() as u8)
        .map(|p| w.player_vp(PlayerId(p)))
        .collect();
    let verb = if Some(winner) == w.viewer {
        "You win".to_string()
    } else {
        format!("{} wins", sentence(&w.name(winner)))
    };
    say(
        Verbosity::Brief,
        format!("Game over: {verb}. Final scores: {}.", scores.join("; ")),
        vec![],
    )
}
