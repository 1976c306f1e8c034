//! The heuristic bot plays its own cards sensibly: a shield goes on its own minion, a
//! card that empties a base is aimed where others lead, and an action-destroyer hits
//! someone else's action. Each position gives the bot one card in hand.

use smashup::bots::{Bot, BotKind, SeatView};
use smashup::engine::position::Position;
use smashup::engine::{Choice, GameState, PlayTo};

/// Player 0 (the bot) holds `hand`; its minions are at the first base, where it leads,
/// player 1's at the second, where they lead; `actions` are on the bases by owner.
fn position(factions: [&str; 2], hand: &str, own_action: &str, their_action: &str) -> GameState {
    let text = format!(
        r#"(
        players: [
            (factions: ["{}", "{}"], hand: ["{hand}"], deck: ["pirates.first_mate"]),
            (factions: ["ninjas", "zombies"], deck: ["ninjas.shinobi"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", minions: [(card: "pirates.pirate_king", owner: 0)],
             actions: [{own_action}]),
            (base: "bases.tortuga", minions: [(card: "ninjas.ninja_master", owner: 1)],
             actions: [{their_action}]),
            (base: "bases.the_mothership"),
        ],
        base_deck: ["bases.tar_pits"],
    )"#,
        factions[0], factions[1]
    );
    let pos: Position = ron::from_str(&text).unwrap();
    GameState::from_position(&pos).unwrap()
}

fn bot_choice(game: &GameState) -> Choice {
    let d = game.pending().unwrap();
    let mut bot = Bot::new(BotKind::Heuristic, 1);
    d.options[bot.choose(&SeatView::new(game, d.player))].clone()
}

/// Plays `card` from hand (its only option without a target) and returns the game
/// at the card's own question.
fn play(mut game: GameState, card: &str) -> GameState {
    let d = game.pending().unwrap();
    let i = d
        .options
        .iter()
        .position(|o| matches!(o, Choice::Play { card: c, .. } if game.def(*c).id() == card))
        .expect("the card can be played");
    game.answer(i).unwrap();
    game
}

#[test]
fn tooth_and_claw_goes_on_its_own_minion() {
    let game = position(
        ["pirates", "dinosaurs"],
        "dinosaurs.tooth_and_claw_and_guns",
        "",
        "",
    );
    let mine = game.bases[0].minions[0].card;
    match bot_choice(&game) {
        Choice::Play {
            to: Some(PlayTo::Minion(m)),
            ..
        } => assert_eq!(m, mine, "played on an opponent's minion"),
        other => panic!("expected Tooth and Claw on a minion, got {other:?}"),
    }
}

#[test]
fn crop_circles_empties_a_base_where_others_lead() {
    let game = play(
        position(["pirates", "aliens"], "aliens.crop_circles", "", ""),
        "aliens.crop_circles",
    );
    let theirs = game.bases[1].card;
    assert_eq!(bot_choice(&game), Choice::Base(theirs));
}

#[test]
fn disenchant_destroys_someone_elses_action() {
    let game = play(
        position(
            ["pirates", "tricksters"],
            "tricksters.disenchant",
            r#"(card: "aliens.jammed_signal", owner: 0)"#,
            r#"(card: "aliens.jammed_signal", owner: 1)"#,
        ),
        "tricksters.disenchant",
    );
    let theirs = game.bases[1].actions[0].card;
    assert_eq!(bot_choice(&game), Choice::Card(theirs));
}

#[test]
fn leaf_armor_is_not_moved_round_its_own_minions_for_nothing() {
    let text = r#"(
        players: [
            (factions: ["fairies", "pirates"]),
            (factions: ["ninjas", "zombies"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", minions: [
                (card: "fairies.tinx", owner: 0, actions: [(card: "fairies.leaf_armor", owner: 0)]),
                (card: "pirates.first_mate", owner: 0),
            ]),
            (base: "bases.tortuga"),
        ],
        turn: (minion_play: false, action_play: false),
    )"#;
    let pos: Position = ron::from_str(text).unwrap();
    let game = GameState::from_position(&pos).unwrap();
    let d = game.pending().unwrap();
    assert!(d.options.iter().any(|o| matches!(o, Choice::Use { .. })));
    assert_eq!(bot_choice(&game), Choice::EndTurn);
}

#[test]
fn watson_destroys_its_own_wraith_but_otherwise_reveals() {
    let haunt = r#"(card: "wraithrustlers.librarian_haunt", owner: 0)"#;
    let game = play(
        position(
            ["wraithrustlers", "pirates"],
            "wraithrustlers.watson",
            haunt,
            "",
        ),
        "wraithrustlers.watson",
    );
    assert!(
        matches!(bot_choice(&game), Choice::Mode { index: 0, .. }),
        "Watson should destroy the Librarian Haunt on his base"
    );
    let game = play(
        position(
            ["wraithrustlers", "pirates"],
            "wraithrustlers.watson",
            "",
            "",
        ),
        "wraithrustlers.watson",
    );
    assert!(
        matches!(bot_choice(&game), Choice::Mode { index: 1, .. }),
        "with nothing of his player's to destroy, Watson should reveal"
    );
}
