//! The heuristic bot plays its own cards sensibly: a shield goes on its own minion, a
//! card that empties a base is aimed where others lead, and an action-destroyer hits
//! someone else's action. Each position gives the bot one card in hand; the last ones
//! put it before a base's or a minion's question (Jungle Camp, Kickboxbro, Building Rooftop);
//! and it keeps a card whose every outcome would be a wasted play (Disenchant, Dinghy).

use smashup::bots::{Bot, BotKind, SeatView};
use smashup::engine::{Choice, GameState, PlayTo};

mod positions;

/// Player 0 (the bot) holds `hand`; its minions are at the first base, where it leads,
/// player 1's at the second, where they lead; `actions` are on the bases by owner; a
/// third base, The Mothership, is empty.
fn position(factions: [&str; 2], hand: &str, own_action: &str, their_action: &str) -> GameState {
    positions::two_leads(
        factions,
        hand,
        own_action,
        their_action,
        &["bases.the_mothership"],
    )
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
    let game = GameState::from_position_ron(text).unwrap();
    let d = game.pending().unwrap();
    assert!(d.options.iter().any(|o| matches!(o, Choice::Use { .. })));
    assert_eq!(bot_choice(&game), Choice::EndTurn);
}

#[test]
fn jungle_camp_takes_back_the_strongest_minion() {
    let game = GameState::from_position_ron(
        r#"(
        players: [
            (factions: ["action_heroes", "pirates"], deck: ["pirates.cannon", "pirates.dinghy"]),
            (factions: ["ninjas", "dinosaurs"], deck: ["ninjas.poison"]),
        ],
        bases: [
            (base: "bases.jungle_camp", minions: [
                (card: "pirates.saucy_wench", owner: 0),
                (card: "action_heroes.warbro", owner: 0, counters: 5),
                (card: "ninjas.ninja_master", owner: 1, counters: 2),
            ]),
            (base: "bases.tortuga"),
        ],
        base_deck: ["bases.the_central_brain"],
        turn: (player: 0, phase: ScoreBases),
    )"#,
    )
    .unwrap();
    let warbro = game.bases[0].minions[1].card;
    assert_eq!(bot_choice(&game), Choice::Card(warbro));
}

#[test]
fn kickboxbro_stores_an_action_not_a_minion() {
    let mut game = GameState::from_position_ron(
        r#"(
        players: [
            (factions: ["action_heroes", "pirates"], hand: ["pirates.first_mate", "pirates.cannon"]),
            (factions: ["ninjas", "dinosaurs"], deck: ["ninjas.poison"]),
        ],
        bases: [
            (base: "bases.tortuga", minions: [(card: "action_heroes.kickboxbro", owner: 0)]),
            (base: "bases.jungle_oasis"),
        ],
    )"#,
    ).unwrap();
    let end = game.pending().unwrap().options.len() - 1;
    game.answer(end).unwrap();
    let cannon = game.players[0].hand[1];
    assert_eq!(bot_choice(&game), Choice::Card(cannon));
}

#[test]
fn building_rooftop_is_lowered_only_where_the_bot_leads() {
    let at_start = |mine: u32, theirs: u32| {
        GameState::from_position_ron(&format!(
            r#"(
            players: [
                (factions: ["action_heroes", "pirates"], deck: ["pirates.cannon", "pirates.dinghy"]),
                (factions: ["ninjas", "dinosaurs"], deck: ["ninjas.poison"]),
            ],
            bases: [
                (base: "bases.building_rooftop", minions: [
                    (card: "action_heroes.warbro", owner: 0, counters: {mine}),
                    (card: "ninjas.ninja_master", owner: 1, counters: {theirs}),
                ]),
                (base: "bases.tortuga"),
            ],
            turn: (player: 0, phase: StartTurn),
        )"#
        )).unwrap()
    };
    assert_eq!(bot_choice(&at_start(2, 0)), Choice::Yes);
    assert_eq!(
        bot_choice(&at_start(0, 0)),
        Choice::No,
        "a tie is not a lead"
    );
    assert_eq!(bot_choice(&at_start(0, 3)), Choice::No);
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

#[test]
fn a_card_played_only_through_its_special_is_not_put_into_stasis() {
    let game = play(
        GameState::from_position_ron(
            r#"(
            players: [
                (factions: ["backtimers", "action_heroes"],
                 hand: ["backtimers.99_mph", "action_heroes.final_stand", "pirates.cannon"],
                 deck: ["pirates.dinghy"]),
                (factions: ["ninjas", "dinosaurs"], deck: ["ninjas.poison"]),
            ],
            bases: [(base: "bases.tortuga"), (base: "bases.jungle_oasis")],
        )"#,
        )
        .unwrap(),
        "backtimers.99_mph",
    );
    let cannon = game.players[0].hand[1];
    assert_eq!(game.def(cannon).id(), "pirates.cannon");
    assert_eq!(bot_choice(&game), Choice::Card(cannon));
}

#[test]
fn disenchant_is_kept_when_only_its_own_actions_are_in_play() {
    // Destroying its own Jammed Signal would be its only outcome: a wasted play.
    let game = position(
        ["pirates", "tricksters"],
        "tricksters.disenchant",
        r#"(card: "aliens.jammed_signal", owner: 0)"#,
        "",
    );
    assert_eq!(bot_choice(&game), Choice::EndTurn);
}

#[test]
fn dinghy_is_kept_when_no_move_is_worth_it() {
    // Its Pirate King leads where it is: moving it would only lose that lead, and
    // moving nothing is a wasted play.
    let game = position(["pirates", "tricksters"], "pirates.dinghy", "", "");
    assert_eq!(bot_choice(&game), Choice::EndTurn);
}
