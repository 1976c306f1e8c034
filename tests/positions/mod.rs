//! The hand-built position shared by the tests of what a play is worth
//! (`tests/waste.rs`, `tests/heuristic.rs`): each side leads at a base of its own, so
//! a card in player 0's hand can be aimed at either side.

use smashup::engine::GameState;

/// Player 0 (`factions`, one `hand` card, a First Mate to draw) leads at Jungle Oasis
/// with a Pirate King; player 1 (Ninjas and Zombies, a Shinobi to draw) leads at
/// Tortuga with a Ninja Master. `own_action` and `their_action` (a RON action entry, or
/// empty) lie on those two bases; the bases of `more_bases` follow, empty; Tar Pits is
/// the base deck.
pub fn two_leads(
    factions: [&str; 2],
    hand: &str,
    own_action: &str,
    their_action: &str,
    more_bases: &[&str],
) -> GameState {
    let [mine, other] = factions;
    let more: String = more_bases
        .iter()
        .map(|b| format!("\n            (base: \"{b}\"),"))
        .collect();
    let text = format!(
        r#"(
        players: [
            (factions: ["{mine}", "{other}"], hand: ["{hand}"], deck: ["pirates.first_mate"]),
            (factions: ["ninjas", "zombies"], deck: ["ninjas.shinobi"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", minions: [(card: "pirates.pirate_king", owner: 0)],
             actions: [{own_action}]),
            (base: "bases.tortuga", minions: [(card: "ninjas.ninja_master", owner: 1)],
             actions: [{their_action}]),{more}
        ],
        base_deck: ["bases.tar_pits"],
    )"#
    );
    GameState::from_position_ron(&text).unwrap()
}
