//! The new pieces of state said in words at the table: who controls a minion and
//! until when (Kitty Cats), and the mode an action was played with (Enchantment).

use smashup::engine::position::Position;
use smashup::engine::{Choice, GameState, PlayTo, PlayerId};
use smashup::play::describe::Words;
use smashup::play::seat::Seat;

fn seats() -> Vec<Seat> {
    ["You", "Bot 2"]
        .iter()
        .map(|n| Seat {
            name: n.to_string(),
            bot: None,
        })
        .collect()
}

fn game(ron: &str) -> GameState {
    let pos: Position = ron::from_str(ron).unwrap();
    GameState::from_position(&pos).unwrap()
}

fn answer(game: &mut GameState, pick: impl Fn(&Choice) -> bool) {
    let i = game
        .pending()
        .unwrap()
        .options
        .iter()
        .position(pick)
        .unwrap();
    game.answer(i).unwrap();
}

fn base_lines(game: &GameState, seats: &[Seat]) -> Vec<String> {
    let w = Words {
        game,
        seats,
        viewer: Some(PlayerId(0)),
        codes: false,
        show_codes: false,
    };
    w.base_detail(1, &game.bases[0])
}

#[test]
fn a_minion_taken_for_the_turn_says_its_owner_and_until_when() {
    let mut g = game(
        r#"(
        players: [
            (factions: ["kitty_cats", "pirates"], hand: ["kitty_cats.cats_paw"]),
            (factions: ["aliens", "dinosaurs"]),
        ],
        bases: [(base: "bases.jungle_oasis", minions: [(card: "aliens.invader", owner: 1)])],
    )"#,
    );
    answer(&mut g, |c| matches!(c, Choice::Play { .. }));
    let seats = seats();
    let lines = base_lines(&g, &seats);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("owned by Bot 2, controlled until the end of the turn")),
        "{lines:?}"
    );
}

#[test]
fn an_action_played_with_a_mode_says_the_mode() {
    let mut g = game(
        r#"(
        players: [
            (factions: ["fairies", "pirates"], hand: ["fairies.enchantment"]),
            (factions: ["aliens", "dinosaurs"]),
        ],
        bases: [(base: "bases.jungle_oasis", minions: [(card: "aliens.invader", owner: 1)])],
    )"#,
    );
    let base = g.bases[0].card;
    answer(
        &mut g,
        |c| matches!(c, Choice::Play { to: Some(PlayTo::Base(b)), .. } if *b == base),
    );
    answer(&mut g, |c| matches!(c, Choice::Mode { index: 1, .. }));
    let seats = seats();
    let lines = base_lines(&g, &seats);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("chosen: every minion here has -1 power")),
        "{lines:?}"
    );
    assert_eq!(g.power(g.bases[0].minions[0].card), 2);
}
