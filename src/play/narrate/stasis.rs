//! Stasis (Backtimers): cards going into stasis, their stasis counters coming and
//! going, and cards leaving stasis for the discard pile. Cards in stasis lie face up,
//! so they are always named. Cause first: "99 MPH: Ann puts Zany Prof into stasis
//! with 2 stasis counters.", "Start of turn: Ann removes a stasis counter from Future
//! Almanac?; 2 left."

use super::{cause, say, Said, Scene, Verbosity};
use crate::engine::events::Zone;
use crate::engine::{PlayerId, Uid};
use crate::play::describe::{sentence, Words};

/// "you put" or "Ann puts", to follow a cause ("99 MPH: you put ...").
fn does(w: &Words, p: PlayerId, verb: &str) -> String {
    let said = w.acts(p, verb);
    match said.strip_prefix("You ") {
        Some(rest) => format!("you {rest}"),
        None => said,
    }
}

/// "a stasis counter", "2 stasis counters".
fn counters(n: u32) -> String {
    match n {
        1 => "a stasis counter".into(),
        n => format!("{n} stasis counters"),
    }
}

/// "99 MPH: Ann puts Zany Prof into stasis with 2 stasis counters."; a card that
/// puts itself there is not named twice.
pub(super) fn entered(
    scene: &Scene,
    card: Uid,
    n: u32,
    from: Option<Zone>,
    by: Option<Uid>,
) -> Said {
    let w = &scene.words;
    let owner = w.game.owner(card);
    let from = match from {
        Some(Zone::Base(b)) => format!(" from {}", w.card(b)),
        Some(Zone::Minion(m)) => format!(" from {}", w.card(m)),
        Some(Zone::DeckTop) => " from the deck".into(),
        Some(Zone::Discard) => " from the discard pile".into(),
        _ => String::new(),
    };
    // A card that puts itself there is named first: "Lightning Strike goes into
    // stasis with 2 stasis counters."
    let text = if by == Some(card) || by.is_none() {
        format!(
            "{} goes{from} into stasis with {}.",
            w.card(card),
            counters(n)
        )
    } else {
        format!(
            "{}{} {}{from} into stasis with {}.",
            cause(w, by),
            does(w, owner, "put"),
            w.card(card),
            counters(n)
        )
    };
    say(Verbosity::Brief, sentence(&text), vec![])
}

/// "Zany Prof: Ann removes a stasis counter from Future Almanac?; 2 left." The
/// start-of-turn rule is told as such (its cause is the card itself).
pub(super) fn counters_changed(
    scene: &Scene,
    card: Uid,
    amount: i32,
    total: u32,
    by: Option<Uid>,
) -> Said {
    let w = &scene.words;
    let owner = w.game.owner(card);
    let why = if by == Some(card) && amount < 0 {
        "Start of turn: ".to_string()
    } else {
        cause(w, by)
    };
    let n = amount.unsigned_abs();
    let text = if amount < 0 {
        let left = match total {
            0 => "none left".to_string(),
            t => format!("{t} left"),
        };
        format!(
            "{why}{} {} from {}; {left}.",
            does(w, owner, "remove"),
            counters(n),
            w.card(card)
        )
    } else {
        format!(
            "{why}{} {} to {}; {total} now.",
            does(w, owner, "add"),
            counters(n),
            w.card(card)
        )
    };
    say(Verbosity::Brief, sentence(&text), vec![])
}

/// "End of turn: Ann discards Sidelined Girlfriend from stasis, no stasis counter
/// left." or "Lightning Strike: Ann discards Lightning Strike from stasis."
pub(super) fn discarded(scene: &Scene, card: Uid, by: Option<Uid>) -> Said {
    let w = &scene.words;
    let owner = w.game.owner(card);
    let text = match by {
        None => format!(
            "End of turn: {} {} from stasis, no stasis counter left.",
            does(w, owner, "discard"),
            w.card(card)
        ),
        Some(_) => format!(
            "{}{} {} from stasis.",
            cause(w, by),
            does(w, owner, "discard"),
            w.card(card)
        ),
    };
    say(Verbosity::Brief, sentence(&text), vec![])
}

#[cfg(test)]
mod tests {
    use super::super::{narrate, Scene, Verbosity};
    use crate::engine::position::Position;
    use crate::engine::{Choice, GameState, PlayerId};
    use crate::play::describe::Words;
    use crate::play::seat::Seat;

    /// The brief lines of a batch of events, seen by seat 0.
    fn lines(game: &GameState, before: &GameState, events: &[crate::engine::Event]) -> Vec<String> {
        let seats = Seat::people(&["You", "Ann"]);
        let scene = Scene {
            before,
            words: Words {
                show_codes: false,
                ..Words::new(game, &seats, Some(PlayerId(0)))
            },
            actor: game.turn.player,
            scoring: &[],
            texts: false,
        };
        narrate(&scene, events, Verbosity::Brief)
    }

    #[test]
    fn stasis_is_told_cause_first_and_names_the_face_up_cards() {
        let pos: Position = ron::from_str(
            r#"(
                players: [
                    (factions: ["backtimers", "pirates"], hand: ["backtimers.99_mph", "pirates.pirate_king"],
                     deck: ["pirates.cannon", "pirates.dinghy"], stasis: [("backtimers.future_almanac", 3)]),
                    (factions: ["robots", "ninjas"]),
                ],
                bases: [(base: "bases.jungle_oasis")],
                turn: (player: 0, phase: StartTurn),
            )"#,
        )
        .unwrap();
        let mut game = GameState::from_position(&pos).unwrap();
        let events = game.take_events();
        let start = lines(&game, &game, &events);
        assert!(
            start.contains(
                &"Start of turn: you remove a stasis counter from Future Almanac?; 2 left."
                    .to_string()
            ),
            "{start:?}"
        );
        let before = game.clone();
        let named = |o: &Choice, id: &str| match o {
            Choice::Play { card: c, .. } | Choice::Card(c) => before.def(*c).id() == id,
            _ => false,
        };
        let mut events = game
            .answer_first(|o| named(o, "backtimers.99_mph"))
            .unwrap();
        events.extend(
            game.answer_first(|o| named(o, "pirates.pirate_king"))
                .unwrap(),
        );
        let played = lines(&game, &before, &events);
        assert!(
            played.contains(
                &"99 MPH: you put Pirate King into stasis with 2 stasis counters.".to_string()
            ),
            "{played:?}"
        );
    }

    #[test]
    fn lightning_strike_is_told_as_an_action_play_spent() {
        let pos: Position = ron::from_str(
            r#"(
                players: [
                    (factions: ["backtimers", "pirates"], stasis: [("backtimers.lightning_strike", 3)]),
                    (factions: ["robots", "ninjas"]),
                ],
                bases: [(base: "bases.tortuga")],
            )"#,
        )
        .unwrap();
        let mut game = GameState::from_position(&pos).unwrap();
        let before = game.clone();
        let events = game
            .answer_first(|o| matches!(o, Choice::Use { .. }))
            .unwrap();
        let said = lines(&game, &before, &events);
        assert_eq!(
            said,
            [
                "You spend an action play on Lightning Strike in stasis.",
                "Lightning Strike: you discard Lightning Strike from stasis.",
                "Lightning Strike: Tortuga's breakpoint is 3 lower this turn, now 18.",
            ],
        );
    }
}
