//! The heuristic bot plays the Extramorphs sensibly: it nukes a base only where
//! another player leads, and names a power its deck holds before playing off the top.

use smashup::bots::{Bot, BotKind, SeatView};
use smashup::engine::{Choice, GameState};

fn bot_choice(game: &GameState) -> Choice {
    let d = game.pending().unwrap();
    let mut bot = Bot::new(BotKind::Heuristic, 1);
    d.options[bot.choose(&SeatView::new(game, d.player))].clone()
}

/// Player 0 (the bot) has a Nuke It From Orbit on a base where it has `mine` and
/// player 1 has `theirs`.
fn nuke_position(mine: &str, theirs: &str) -> GameState {
    GameState::from_position_ron(&format!(
        r#"(
        players: [
            (factions: ["extramorphs", "robots"], deck: ["robots.zapbot"]),
            (factions: ["dinosaurs", "pirates"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", minions: [(card: "{mine}", owner: 0), (card: "{theirs}", owner: 1)],
             actions: [(card: "extramorphs.nuke_it_from_orbit", owner: 0)]),
            (base: "bases.tar_pits"),
        ],
        base_deck: ["bases.the_great_library"],
        turn: (minion_play: false, action_play: false),
    )"#
    )).unwrap()
}

#[test]
fn nukes_a_base_where_another_player_leads() {
    let g = nuke_position("robots.zapbot", "dinosaurs.king_rex");
    assert!(matches!(bot_choice(&g), Choice::Use { .. }));
}

#[test]
fn keeps_a_base_where_it_leads() {
    let g = nuke_position("dinosaurs.king_rex", "robots.zapbot");
    assert_eq!(bot_choice(&g), Choice::EndTurn);
}

#[test]
fn names_a_power_its_deck_holds() {
    let mut g = GameState::from_position_ron(
        r#"(
        players: [
            (factions: ["extramorphs", "robots"], deck: ["robots.zapbot", "robots.tech_center", "extramorphs.extradrone"]),
            (factions: ["dinosaurs", "pirates"]),
        ],
        bases: [(base: "bases.jungle_oasis", minions: [(card: "extramorphs.chestbreaker", owner: 0)]), (base: "bases.tar_pits")],
    )"#,
    ).unwrap();
    g.answer_first(|o| matches!(o, Choice::Use { .. })).unwrap();
    assert_eq!(bot_choice(&g), Choice::Number(3));
}
