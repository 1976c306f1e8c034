//! The search bot: it finds a known best move in a toy position, and it cannot peek —
//! its choice is the same whatever the hidden cards really are.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use smashup::ai::Search;
use smashup::bots::SeatView;
use smashup::engine::position::Position;
use smashup::engine::{Choice, GameState, PlayTo};
use smashup::sim;

const TOY: &str = r#"(
    players: [
        (factions: ["pirates", "ninjas"], hand: ["pirates.first_mate"], deck: ["ninjas.shinobi", "ninjas.shinobi"], vp: 14),
        (factions: ["aliens", "dinosaurs"], hand: ["dinosaurs.king_rex"], deck: ["aliens.scout", "aliens.scout"], vp: 14),
    ],
    bases: [
        (base: "bases.jungle_oasis", minions: [
            (card: "pirates.pirate_king", owner: 0),
            (card: "pirates.saucy_wench", owner: 0),
            (card: "pirates.first_mate", owner: 0),
        ]),
        (base: "bases.tortuga", minions: [(card: "dinosaurs.war_raptor", owner: 1)]),
        (base: "bases.the_mothership", minions: [(card: "aliens.supreme_overlord", owner: 1)]),
    ],
    base_deck: ["bases.tar_pits", "bases.ninja_dojo"],
)"#;

/// Player 0 wins at once by playing First Mate on Jungle Oasis (10 power there, plus
/// 2, reaches its breakpoint of 12): first place is worth 2 VP, and 14 + 2 = 16.
#[test]
fn search_finds_the_winning_play() {
    let pos: Position = ron::from_str(TOY).unwrap();
    let game = GameState::from_position(&pos).unwrap();
    let decision = game.pending().unwrap();
    let search = Search::level("easy", 1);
    let i = search.choose(&SeatView::new(&game, decision.player));
    let oasis = game.bases[0].card;
    match &decision.options[i] {
        Choice::Play {
            to: Some(PlayTo::Base(b)),
            ..
        } => assert_eq!(*b, oasis, "played elsewhere"),
        other => panic!("expected the winning play, got {other:?}"),
    }
}

/// Re-deals what player `seat` cannot see, from the true game, with another RNG.
fn other_truth(game: &GameState, seed: u64) -> GameState {
    let seat = game.pending().unwrap().player;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = game.clone();
    for (i, p) in g.players.iter_mut().enumerate() {
        if i == seat.ix() {
            p.deck.shuffle(&mut rng);
        } else {
            let n = p.hand.len();
            let mut pool: Vec<_> = p.hand.drain(..).chain(p.deck.drain(..)).collect();
            pool.shuffle(&mut rng);
            p.deck = pool.split_off(n);
            p.hand = pool;
        }
    }
    g.base_deck.shuffle(&mut rng);
    g.rng = ChaCha8Rng::seed_from_u64(seed ^ 77);
    g
}

#[test]
fn search_cannot_peek_at_hidden_cards() {
    let pool = sim::complete_factions();
    for seed in 0..6u64 {
        let config = sim::random_config(seed, 2, &pool).unwrap();
        let mut game = GameState::new(&config).unwrap();
        // Walk to a main-phase decision some turns in.
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while game.turn.number < 4
            || game
                .pending()
                .is_some_and(|d| d.ask != smashup::engine::Ask::Main)
        {
            let n = game.pending().unwrap().options.len();
            game.answer(rand::Rng::gen_range(&mut rng, 0..n)).unwrap();
        }
        let search = Search::level("easy", seed);
        let seat = game.pending().unwrap().player;
        let mine = search.choose(&SeatView::new(&game, seat));
        for other in [11, 12, 13] {
            let alt = other_truth(&game, other);
            assert_eq!(game.pending(), alt.pending());
            assert_eq!(
                search.choose(&SeatView::new(&alt, seat)),
                mine,
                "seed {seed}: the choice depended on hidden cards"
            );
        }
    }
}

/// The cards another player stored face down (Kickboxbro) are hidden like their hand:
/// the search re-deals them from that player's hand, deck and stored cards together.
#[test]
fn face_down_stored_cards_are_re_dealt() {
    let text = r#"(
        players: [
            (factions: ["pirates", "ninjas"]),
            (factions: ["action_heroes", "dinosaurs"], hand: ["dinosaurs.howl"], deck: ["dinosaurs.upgrade", "dinosaurs.rampage"]),
        ],
        bases: [
            (base: "bases.tortuga", minions: [(card: "action_heroes.kickboxbro", owner: 1, stored: ["dinosaurs.king_rex"])]),
            (base: "bases.jungle_oasis"),
        ],
    )"#;
    let pos: Position = ron::from_str(text).unwrap();
    let game = GameState::from_position(&pos).unwrap();
    let names = |g: &GameState| {
        let p = &g.players[1];
        let stored = &g.bases[0].minions[0].stored;
        let mut all: Vec<&str> = p
            .hand
            .iter()
            .chain(&p.deck)
            .chain(stored)
            .map(|&c| g.def(c).name())
            .collect();
        all.sort_unstable();
        (all, g.def(stored[0]).name().to_string())
    };
    let (truth, _) = names(&game);
    let mut under = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let world =
            smashup::ai::determinize::determinize(&game, smashup::engine::PlayerId(0), &mut rng);
        let (all, stored) = names(&world);
        assert_eq!(all, truth, "the same cards, re-dealt");
        under.insert(stored);
    }
    assert!(
        under.len() > 1,
        "the stored card was never re-dealt: {under:?}"
    );
}

/// The same seed gives the same choice, whatever the settings (here `hard`'s lower
/// exploration with busy playouts, at a small budget).
#[test]
fn a_search_chooses_the_same_for_the_same_seed() {
    let pool = sim::complete_factions();
    let config = sim::random_config(3, 2, &pool).unwrap();
    let mut game = GameState::new(&config).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while game.turn.number < 3 {
        let n = game.pending().unwrap().options.len();
        game.answer(rand::Rng::gen_range(&mut rng, 0..n)).unwrap();
    }
    let mut search = Search::level("hard", 9);
    search.iterations = 200;
    search.set("playout=busy").unwrap();
    let seat = game.pending().unwrap().player;
    let first = search.choose(&SeatView::new(&game, seat));
    assert_eq!(search.choose(&SeatView::new(&game.clone(), seat)), first);
}
