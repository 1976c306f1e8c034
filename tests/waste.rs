//! The wasted-play measure (`smashup::bots::waste`) on hand-built positions: a play
//! that changes something for the better is useful, one that changes nothing is
//! wasted, one that hurts only its own side is wasted too. Each position gives player
//! 0 a card and plays it with the given answers, the audit following every answer.

use smashup::bots::waste::{Audit, WasteTally};
use smashup::engine::{Choice, GameState};

mod positions;

/// Player 0 (tricksters and pirates, any card in hand) leads at the first base with
/// a Pirate King, player 1 at the second with a Ninja Master; `own_action` and
/// `their_action` lie on those bases.
fn position(hand: &str, own_action: &str, their_action: &str) -> GameState {
    positions::two_leads(
        ["tricksters", "pirates"],
        hand,
        own_action,
        their_action,
        &[],
    )
}

/// Picks an option of the pending question by what it is.
type Pick<'a> = &'a dyn Fn(&GameState, &Choice) -> bool;

/// Answers each pending question with the first option `answers` accepts, in turn,
/// the audit seeing every answer; returns player 0's tally.
fn audit(mut game: GameState, answers: &[Pick]) -> WasteTally {
    let mut audit = Audit::new(game.players.len());
    for pick in answers {
        let d = game.pending().expect("a question to answer");
        let i = d
            .options
            .iter()
            .position(|o| pick(&game, o))
            .unwrap_or_else(|| panic!("no such option among {:?}", d.options));
        audit.before(&game, i);
        let events = game.answer(i).unwrap();
        audit.after(&game, &events);
    }
    audit.tallies().swap_remove(0)
}

/// Plays the card with this id from hand (any target).
fn play(id: &'static str) -> impl Fn(&GameState, &Choice) -> bool {
    move |g, o| matches!(o, Choice::Play { card, .. } if g.def(*card).id() == id)
}

/// Uses the Talent or Special of the card with this id.
fn use_card(id: &'static str) -> impl Fn(&GameState, &Choice) -> bool {
    move |g, o| matches!(o, Choice::Use { card, .. } if g.def(*card).id() == id)
}

/// Chooses the card in play that `owner` controls.
fn card_of(owner: u8) -> impl Fn(&GameState, &Choice) -> bool {
    move |g, o| matches!(o, Choice::Card(c) if g.controller(*c).0 == owner)
}

fn done(_: &GameState, o: &Choice) -> bool {
    *o == Choice::Done
}

const THEIR_SIGNAL: &str = r#"(card: "aliens.jammed_signal", owner: 1)"#;
const OWN_SIGNAL: &str = r#"(card: "aliens.jammed_signal", owner: 0)"#;

#[test]
fn disenchant_on_another_players_action_is_useful() {
    let game = position("tricksters.disenchant", OWN_SIGNAL, THEIR_SIGNAL);
    let tally = audit(game, &[&play("tricksters.disenchant"), &card_of(1)]);
    assert_eq!((tally.plays, tally.wasted()), (1, 0));
}

#[test]
fn disenchant_on_its_own_players_action_hurts_only_its_own_side() {
    let game = position("tricksters.disenchant", OWN_SIGNAL, "");
    // Its only target: taken without a question.
    let tally = audit(game, &[&play("tricksters.disenchant")]);
    assert_eq!((tally.plays, tally.nothing, tally.self_harm), (1, 0, 1));
    assert_eq!(tally.most_wasted(3), [("Disenchant".to_string(), 1, 1)]);
}

#[test]
fn dinghy_moving_nothing_changes_nothing() {
    let game = position("pirates.dinghy", "", "");
    let tally = audit(game, &[&play("pirates.dinghy"), &done]);
    assert_eq!((tally.plays, tally.nothing, tally.self_harm), (1, 1, 0));
}

#[test]
fn dinghy_moving_a_minion_is_useful() {
    let game = position("pirates.dinghy", "", "");
    // The Pirate King, to the only other base (taken without a question).
    let tally = audit(game, &[&play("pirates.dinghy"), &card_of(0)]);
    assert_eq!((tally.plays, tally.wasted()), (1, 0));
}

#[test]
fn a_minion_played_is_useful() {
    let game = position("pirates.first_mate", "", "");
    let tally = audit(game, &[&play("pirates.first_mate")]);
    assert_eq!((tally.plays, tally.wasted()), (1, 0));
}

#[test]
fn mark_of_sleep_on_another_player_is_useful_on_oneself_wasted() {
    for (target, wasted) in [(1u8, 0), (0, 1)] {
        let game = position("tricksters.mark_of_sleep", "", "");
        let tally = audit(
            game,
            &[
                &play("tricksters.mark_of_sleep"),
                &move |_: &GameState, o: &Choice| {
                    *o == Choice::Player(smashup::engine::PlayerId(target))
                },
            ],
        );
        assert_eq!(
            (tally.plays, tally.self_harm),
            (1, wasted),
            "target {target}"
        );
    }
}

#[test]
fn queen_fluffy_taking_a_minion_she_already_has_changes_nothing() {
    let game = GameState::from_position_ron(
        r#"(
        players: [
            (factions: ["kitty_cats", "pirates"]),
            (factions: ["ninjas", "zombies"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", minions: [
                (card: "kitty_cats.queen_fluffy", owner: 0),
                (card: "pirates.first_mate", owner: 0),
            ]),
            (base: "bases.tortuga", minions: [(card: "ninjas.ninja_master", owner: 1)]),
        ],
    )"#,
    )
    .unwrap();
    // The First Mate is the only minion of power 3 or less: taken without a question.
    let tally = audit(game, &[&use_card("kitty_cats.queen_fluffy")]);
    assert_eq!((tally.plays, tally.nothing), (1, 1));
}
