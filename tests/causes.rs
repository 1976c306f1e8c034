//! Nothing resolves in silence (issue 23, point 2): every scenario under
//! `tests/scenarios/` is played again with each batch of events narrated to every
//! seat at every verbosity, and each ability that resolves (a card played, a trigger,
//! a Talent or Special used, a base's ability) must be told by a line that starts with
//! its card or base: its outcome with the cause first ("Mushroom Kingdom: Bot 2 moves
//! your Archmage here from The Grey Opal."), or "nothing happens" with the reason.
//! An ability of a card its listener may not see (a Special in another's hand, Ninja
//! Acolyte gone back to its owner's hand) is not named to them, so it is not looked for.

use smashup::engine::state::Loc;
use smashup::engine::{Event, GameState, PlayerId, Uid};
use smashup::play::describe::Words;
use smashup::play::narrate::{narrate, Scene, Verbosity};
use smashup::play::seat::Seat;
use smashup::scenario::{self, Batch};
#[path = "scenario_files/mod.rs"]
mod scenario_files;
use scenario_files::{root, scenario_files};

const LEVELS: [Verbosity; 3] = [Verbosity::Brief, Verbosity::Normal, Verbosity::Full];

/// An ability under way, for one listener at one verbosity: its card, and whether a
/// line has started with that card's name yet.
struct Open {
    by: Uid,
    told: bool,
    step: usize,
}

/// One listener at one verbosity, across the batches of a scenario.
struct Listener {
    viewer: PlayerId,
    level: Verbosity,
    open: Vec<Open>,
    heard: Vec<String>,
}

/// True when the card is in a hand or deck the listener may not see.
fn hidden(game: &GameState, card: Uid, viewer: PlayerId) -> bool {
    matches!(game.locate(card), Loc::Hand(p) | Loc::Deck(p) if p != viewer)
}

/// The lines for `events` as `viewer` hears them at `level`.
fn lines(
    batch: &Batch,
    seats: &[Seat],
    viewer: PlayerId,
    level: Verbosity,
    events: &[Event],
) -> Vec<String> {
    let scene = Scene {
        before: batch.before,
        words: Words {
            codes: level == Verbosity::Full,
            ..Words::new(batch.after, seats, Some(viewer))
        },
        actor: batch
            .before
            .pending()
            .map_or(batch.before.turn.player, |d| d.player),
        scoring: &[],
        texts: level == Verbosity::Full,
    };
    narrate(&scene, events, level)
}

/// A line told by this card: it starts with its name (or its code and name).
fn starts_with_card(line: &str, game: &GameState, card: Uid) -> bool {
    let name = game.def(card).name();
    // The stasis rule on a card is told as the turn's ("Start of turn: you remove a
    // stasis counter from Future Almanac?").
    let rule = ["Start of turn: ", "End of turn: "]
        .iter()
        .any(|r| line.starts_with(r) && line.contains(name));
    rule || line.starts_with(name)
        || line
            .split_once(' ')
            .is_some_and(|(_, rest)| rest.starts_with(name))
}

impl Listener {
    /// Follows one batch: opens and closes the abilities in it; each closed one must
    /// have been told. Failures are pushed to `out`.
    fn follow(&mut self, batch: &Batch, seats: &[Seat], file: &str, out: &mut Vec<String>) {
        let said = lines(batch, seats, self.viewer, self.level, batch.events);
        self.heard.extend(said.iter().cloned());
        // Each event's own lines, to see which ability they belong to: an event told
        // together with the next ones (a grouped line) is narrated with them.
        let mut i = 0;
        while i < batch.events.len() {
            match &batch.events[i] {
                Event::Resolving { by, .. } => {
                    let skip = hidden(batch.after, *by, self.viewer);
                    self.open.push(Open {
                        by: *by,
                        told: skip,
                        step: batch.step,
                    });
                    i += 1;
                }
                Event::Resolved { by, .. } => {
                    // A quiet ability's "nothing happens" comes from this event.
                    let own = lines(batch, seats, self.viewer, self.level, &batch.events[i..=i]);
                    self.mark(batch.after, &own);
                    if let Some(open) = self.open.pop() {
                        assert_eq!(open.by, *by, "{file}: abilities close in order");
                        let card = batch.after.def(*by).name();
                        // A card now in a hand the listener may not see is not named.
                        let told = open.told || hidden(batch.after, *by, self.viewer);
                        let seen = out
                            .iter()
                            .any(|f| f.starts_with(&format!("{file}: {card} ")));
                        if !told && !seen {
                            out.push(format!(
                                "{file}: {card} resolved with no line starting with it (step {} to {}, {:?}, heard by player {}). Heard: {:?}",
                                open.step,
                                batch.step,
                                self.level,
                                self.viewer.0,
                                self.heard.iter().rev().take(8).rev().collect::<Vec<_>>()
                            ));
                        }
                    }
                    i += 1;
                }
                _ => {
                    // The run of plain events up to the next marker, told together.
                    let end = batch.events[i..]
                        .iter()
                        .position(|e| matches!(e, Event::Resolving { .. } | Event::Resolved { .. }))
                        .map_or(batch.events.len(), |k| i + k);
                    let own = lines(batch, seats, self.viewer, self.level, &batch.events[i..end]);
                    self.mark(batch.after, &own);
                    i = end;
                }
            }
        }
    }

    /// Every open ability whose card starts one of these lines has been told.
    fn mark(&mut self, game: &GameState, said: &[String]) {
        for open in &mut self.open {
            if said.iter().any(|l| starts_with_card(l, game, open.by)) {
                open.told = true;
            }
        }
    }
}

#[test]
fn every_ability_in_every_scenario_is_told_at_every_verbosity() {
    let root = root();
    let files = scenario_files(&root);
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    let mut abilities = 0usize;
    for path in &files {
        let file = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let Ok(s) = scenario::parse(&file, &text) else {
            continue;
        };
        let players = s.position.players.len();
        let seats = named_seats("Player", players);
        let mut listeners: Vec<Listener> = (0..players as u8)
            .flat_map(|p| {
                LEVELS.iter().map(move |&level| Listener {
                    viewer: PlayerId(p),
                    level,
                    open: Vec::new(),
                    heard: Vec::new(),
                })
            })
            .collect();
        let mut watch = |batch: Batch| {
            abilities += batch
                .events
                .iter()
                .filter(|e| matches!(e, Event::Resolving { .. }))
                .count();
            for l in &mut listeners {
                l.follow(&batch, &seats, &file, &mut failures);
            }
        };
        // A scenario that fails is the scenarios test's to report.
        let _ = scenario::run_watched(&s, Some(&mut watch));
        // An ability that changed nothing says a reason the engine could name.
        for l in &listeners {
            for line in l
                .heard
                .iter()
                .filter(|l| l.contains("nothing for it to change"))
            {
                failures.push(format!("{file}: no reason given: {line}"));
            }
        }
    }
    assert!(abilities > 1000, "only {abilities} abilities resolved");
    assert!(
        failures.is_empty(),
        "{} abilities resolved in silence; the first:\n{}",
        failures.len(),
        failures
            .iter()
            .take(300)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// `players` seats called "Bot 1", "Bot 2", ... (or "Player 1", ...): the narration
/// names them; nobody answers through them.
fn named_seats(word: &str, players: usize) -> Vec<Seat> {
    (0..players)
        .map(|i| Seat::person(format!("{word} {}", i + 1)))
        .collect()
}

/// Everything `viewer` hears at `level` while a scenario written inline is played.
fn heard(ron: &str, viewer: u8, level: Verbosity) -> Vec<String> {
    let s = scenario::parse("inline", ron).unwrap();
    let players = s.position.players.len();
    let seats = named_seats("Bot", players);
    let mut out = Vec::new();
    let mut watch = |batch: Batch| {
        out.extend(lines(&batch, &seats, PlayerId(viewer), level, batch.events));
    };
    scenario::run_watched(&s, Some(&mut watch)).unwrap();
    out
}

/// Asserts that `line` is heard at brief and normal verbosity (normal may add a
/// base's total before the full stop).
fn hears(ron: &str, viewer: u8, line: &str) {
    for level in [Verbosity::Brief, Verbosity::Normal] {
        let said = heard(ron, viewer, level);
        let start = line.strip_suffix('.').unwrap_or(line);
        assert!(
            said.iter().any(|l| l.starts_with(start)),
            "{level:?}: \"{line}\" not in {said:#?}"
        );
    }
}

#[test]
fn a_minion_moved_by_a_base_names_the_base_first() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["dinosaurs", "aliens"], deck: ["dinosaurs.howl", "dinosaurs.howl"]),
            (factions: ["wizards", "pirates"], deck: ["pirates.dinghy", "pirates.dinghy"]),
        ],
        bases: [
            (base: "bases.mushroom_kingdom"),
            (base: "bases.the_grey_opal", minions: [(card: "wizards.archmage", owner: 1)]),
        ],
        turn: (player: 0, phase: StartTurn),
    ), steps: [Answer(Card("wizards.archmage"))])"#;
    hears(
        ron,
        1,
        "Mushroom Kingdom: Bot 1 moves your Archmage here from The Grey Opal.",
    );
}

#[test]
fn an_ongoing_that_ends_itself_says_so() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["ninjas", "pirates"], deck: ["pirates.dinghy", "pirates.dinghy"]),
            (factions: ["dinosaurs", "aliens"], deck: ["dinosaurs.howl", "dinosaurs.howl"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", minions: [
                (card: "ninjas.ninja_acolyte", owner: 0, actions: [(card: "ninjas.smoke_bomb", owner: 0)]),
            ]),
            (base: "bases.ninja_dojo"),
        ],
        turn: (player: 1),
    ), steps: [Answer(EndTurn)])"#;
    hears(
        ron,
        1,
        "Smoke Bomb on Bot 1's Ninja Acolyte at Jungle Oasis destroys itself.",
    );
}

#[test]
fn griselda_with_nothing_to_take_says_why_nothing_happens() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["princesses", "pirates"], discard: ["pirates.dinghy"]),
            (factions: ["aliens", "dinosaurs"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", minions: [(card: "princesses.griselda", owner: 0)]),
            (base: "bases.ice_castle"),
        ],
    ), steps: [Answer(Use("princesses.griselda"))])"#;
    hears(
        ron,
        0,
        "Griselda: nothing happens, no card in your discard pile fits.",
    );
    hears(
        ron,
        1,
        "Griselda: nothing happens, no card in Bot 1's discard pile fits.",
    );
}

#[test]
fn enchantment_says_the_mode_chosen() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["fairies", "pirates"], hand: ["fairies.enchantment"]),
            (factions: ["aliens", "dinosaurs"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", minions: [(card: "pirates.first_mate", owner: 0)]),
            (base: "bases.tortuga"),
        ],
    ), steps: [Answer(PlayOn("fairies.enchantment", "bases.jungle_oasis")), Answer(Mode(0))])"#;
    hears(
        ron,
        1,
        "Enchantment at Jungle Oasis: every minion here has +1 power.",
    );
}

#[test]
fn a_breakpoint_changed_by_an_ongoing_card_says_its_cause() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["wraithrustlers", "rock_stars"], hand: ["wraithrustlers.slimy", "rock_stars.turn_up_to_11"]),
            (factions: ["aliens", "dinosaurs"]),
        ],
        bases: [
            (base: "bases.jungle_oasis"),
            (base: "bases.tortuga"),
        ],
    ), steps: [
        Answer(PlayOn("wraithrustlers.slimy", "bases.tortuga")),
        Answer(EndTurn),
    ])"#;
    hears(ron, 1, "Slimy: Tortuga's breakpoint is 3 higher, now 24.");
    let ron = ron.replace(
        r#"PlayOn("wraithrustlers.slimy", "bases.tortuga")"#,
        r#"PlayOn("rock_stars.turn_up_to_11", "bases.jungle_oasis")"#,
    );
    hears(
        &ron,
        1,
        "Turn Up to 11: Jungle Oasis starts at breakpoint 21, now 21.",
    );
}

#[test]
fn a_card_discarded_off_the_top_of_a_deck_says_so() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["zombies", "pirates"], hand: ["zombies.walker"], deck: ["pirates.cannon", "zombies.tenacious_z"]),
            (factions: ["ninjas", "aliens"]),
        ],
        bases: [(base: "bases.the_grey_opal")],
    ), steps: [Answer(PlayOn("zombies.walker", "bases.the_grey_opal")), Answer(Card("pirates.cannon"))])"#;
    hears(
        ron,
        1,
        "Walker: Bot 1 discards Cannon from the top of their deck.",
    );
}

#[test]
fn a_shuffle_for_an_empty_deck_says_its_cause() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["zombies", "pirates"], hand: ["zombies.walker"], discard: ["pirates.cannon"]),
            (factions: ["ninjas", "aliens"]),
        ],
        bases: [(base: "bases.the_grey_opal")],
    ), steps: [Answer(PlayOn("zombies.walker", "bases.the_grey_opal")), Answer(Done)])"#;
    hears(
        ron,
        1,
        "Walker: Bot 1's deck is empty, so their discard pile is shuffled into a new deck.",
    );
}

#[test]
fn a_card_played_from_stasis_has_its_outcome_or_nothing_happens() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["pirates", "backtimers"], stasis: [("pirates.saucy_wench", 0)]),
            (factions: ["robots", "ninjas"]),
        ],
        bases: [(base: "bases.jungle_oasis", minions: [(card: "robots.warbot", owner: 1)])],
    ), steps: [Answer(PlayOn("pirates.saucy_wench", "bases.jungle_oasis"))])"#;
    hears(
        ron,
        1,
        "Bot 1 plays Saucy Wench from stasis on Jungle Oasis.",
    );
    hears(ron, 1, "Saucy Wench: nothing happens, no minion fits.");
}

/// What `viewer` hears at brief when every answer of a scenario is narrated as one
/// batch (as a bot's repeated picks are: see `Table::bot_answers`).
fn heard_at_once(ron: &str, viewer: u8) -> Vec<String> {
    let s = scenario::parse("inline", ron).unwrap();
    let seats = named_seats("Bot", s.position.players.len());
    let mut first: Option<GameState> = None;
    let mut events = Vec::new();
    let mut watch = |batch: Batch| {
        if batch.step > 0 {
            first.get_or_insert_with(|| batch.before.clone());
            events.extend(batch.events.iter().cloned());
        }
    };
    let after = scenario::run_watched(&s, Some(&mut watch)).unwrap();
    let before = first.unwrap();
    let batch = Batch {
        step: 1,
        before: &before,
        after: &after,
        events: &events,
    };
    lines(&batch, &seats, PlayerId(viewer), Verbosity::Brief, &events)
}

#[test]
fn cards_shuffled_in_one_by_one_are_one_line() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["zombies", "pirates"], hand: ["zombies.lend_a_hand"],
             discard: ["zombies.walker", "pirates.cannon", "pirates.dinghy"]),
            (factions: ["ninjas", "aliens"]),
        ],
        bases: [(base: "bases.the_grey_opal")],
    ), steps: [
        Answer(Play("zombies.lend_a_hand")),
        Answer(Card("zombies.walker")),
        Answer(Card("pirates.cannon")),
        Answer(Card("pirates.dinghy")),
    ])"#;
    let said = heard_at_once(ron, 1);
    assert_eq!(
        said,
        [
            "Bot 1 plays Lend a Hand.",
            "Lend a Hand: Bot 1 shuffles 3 cards from their discard pile into their deck: Walker, Cannon and Dinghy.",
        ]
    );
}

/// The question asked now, as its player hears it.
fn question(game: &GameState) -> String {
    let d = game.pending().unwrap();
    let seats = Seat::people(&["You", "Bot 2"]);
    let w = Words {
        show_codes: false,
        ..Words::new(game, &seats, Some(d.player))
    };
    smashup::play::prompt::decision_menu(d, &w, Verbosity::Normal, &[]).header
}

#[test]
fn questions_say_what_the_choice_does() {
    // Rampage: the minion's power lowers the base's breakpoint (issue 23, point 6).
    let mut g = GameState::from_position_ron(
        r#"(
        players: [
            (factions: ["dinosaurs", "pirates"], hand: ["dinosaurs.rampage"]),
            (factions: ["aliens", "ninjas"]),
        ],
        bases: [(base: "bases.jungle_oasis", minions: [(card: "dinosaurs.war_raptor", owner: 0), (card: "pirates.first_mate", owner: 0)])],
    )"#,
    )
    .unwrap();
    g.answer_first(|c| matches!(c, smashup::engine::Choice::Play { .. }))
        .unwrap();
    let asked = question(&g);
    assert!(
        asked.ends_with("Rampage: choose a minion whose power lowers that base's breakpoint."),
        "{asked}"
    );
    // School of Wizardry: the bases its winner puts back, the last replacing it.
    let g = GameState::from_position_ron(
        r#"(
        players: [
            (factions: ["dinosaurs", "aliens"], deck: ["dinosaurs.howl", "dinosaurs.howl"]),
            (factions: ["explorers", "pirates"]),
        ],
        bases: [
            (base: "bases.school_of_wizardry", minions: [
                (card: "dinosaurs.king_rex", owner: 0, counters: 6),
                (card: "dinosaurs.laseratops", owner: 0),
                (card: "dinosaurs.armor_stego", owner: 0),
                (card: "dinosaurs.war_raptor", owner: 0),
            ]),
            (base: "bases.ninja_dojo"),
        ],
        base_deck: ["bases.the_grey_opal", "bases.tortuga", "bases.tar_pits", "bases.jungle_oasis"],
        turn: (player: 0, phase: ScoreBases, minion_play: false),
    )"#,
    )
    .unwrap();
    let asked = question(&g);
    assert!(
        asked.ends_with("School of Wizardry: choose a base to put back on top of the base deck; each goes on the one before, so the last you choose replaces the scored base."),
        "{asked}"
    );
}

#[test]
fn an_ongoing_that_changes_power_says_so_as_it_arrives() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["kitty_cats", "pirates"], hand: ["kitty_cats.hissy_fit"]),
            (factions: ["pirates", "aliens"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", minions: [(card: "pirates.first_mate", owner: 1)]),
            (base: "bases.tortuga"),
        ],
    ), steps: [Answer(PlayOn("kitty_cats.hissy_fit", "bases.jungle_oasis"))])"#;
    hears(ron, 1, "Hissy Fit: -1 power for your First Mate, now 1.");
    hears(ron, 0, "Hissy Fit: -1 power for Bot 2's First Mate, now 1.");
}

#[test]
fn an_ongoing_that_leaves_says_what_it_changed_back() {
    // Returned to its owner's hand: the breakpoint it lowered is back.
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["action_heroes", "aliens"], hand: ["aliens.supreme_overlord"]),
            (factions: ["pirates", "ninjas"]),
        ],
        bases: [
            (base: "bases.tortuga", minions: [(card: "action_heroes.rumbro", owner: 0)]),
            (base: "bases.jungle_oasis"),
        ],
    ), steps: [
        Answer(PlayOn("aliens.supreme_overlord", "bases.jungle_oasis")),
        Answer(Card("action_heroes.rumbro")),
    ])"#;
    hears(
        ron,
        1,
        "Rumbro has left: Tortuga's breakpoint is back to 21.",
    );
    // Destroyed (the only action there, so chosen at once): the power it took is back.
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["tricksters", "aliens"], hand: ["tricksters.disenchant"]),
            (factions: ["kitty_cats", "pirates"]),
        ],
        bases: [
            (base: "bases.jungle_oasis",
             minions: [(card: "aliens.collector", owner: 0)],
             actions: [(card: "kitty_cats.hissy_fit", owner: 1)]),
        ],
    ), steps: [Answer(Play("tricksters.disenchant"))])"#;
    hears(ron, 0, "Hissy Fit has left: +1 power for Collector, now 2.");
}

#[test]
fn a_condition_not_met_says_what_was_not_so() {
    let ron = format!(
        "Scenario(name: \"\", position: {}, steps: [Answer(EndTurn)])",
        include_str!("data/positions/commandbro_with_first_mate.ron")
    );
    hears(
        &ron,
        1,
        "Commandbro: nothing happens, it needs exactly 1 minion and finds 2.",
    );
    let ron = ron.replace("turn: (player: 0,", "turn: (player: 1,");
    hears(
        &ron,
        1,
        "Commandbro: nothing happens, it is not Bot 1's turn.",
    );
    hears(&ron, 0, "Commandbro: nothing happens, it is not your turn.");
}

#[test]
fn a_bar_on_actions_next_turn_says_whom_it_bars() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["tricksters", "pirates"], hand: ["tricksters.mark_of_sleep"]),
            (factions: ["ninjas", "aliens"]),
        ],
        bases: [(base: "bases.jungle_oasis")],
    ), steps: [Answer(Play("tricksters.mark_of_sleep")), Answer(Player(1))])"#;
    hears(
        ron,
        1,
        "Mark of Sleep: you cannot play actions on your next turn.",
    );
    hears(
        ron,
        0,
        "Mark of Sleep: Bot 2 cannot play actions on their next turn.",
    );
}

#[test]
fn a_lasting_power_change_says_when_it_ends() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["dinosaurs", "pirates"], hand: ["dinosaurs.augmentation"]),
            (factions: ["ninjas", "aliens"]),
        ],
        bases: [(base: "bases.jungle_oasis", minions: [(card: "pirates.first_mate", owner: 0)])],
    ), steps: [Answer(Play("dinosaurs.augmentation")), Answer(EndTurn)])"#;
    let said = heard(ron, 1, Verbosity::Normal);
    assert!(
        said.iter()
            .any(|l| l.starts_with("End of turn: First Mate's +4 power ends, now 2")),
        "{said:#?}"
    );
    // Expected at the end of the turn it was for: not at brief.
    let brief = heard(ron, 1, Verbosity::Brief);
    assert!(
        !brief.iter().any(|l| l.starts_with("End of turn")),
        "{brief:#?}"
    );
}

#[test]
fn infiltrate_says_which_base_its_player_ignores() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["dinosaurs", "ninjas"], hand: ["ninjas.infiltrate"], deck: ["ninjas.poison", "ninjas.disguise"]),
            (factions: ["aliens", "pirates"], deck: ["pirates.cannon", "pirates.dinghy"]),
        ],
        bases: [
            (base: "bases.tortuga", minions: [
                (card: "dinosaurs.king_rex", owner: 0),
                (card: "dinosaurs.laseratops", owner: 0),
                (card: "aliens.supreme_overlord", owner: 1),
                (card: "pirates.saucy_wench", owner: 1),
                (card: "pirates.buccaneer", owner: 1),
            ]),
            (base: "bases.jungle_oasis", minions: [(card: "ninjas.tiger_assassin", owner: 0)]),
        ],
        base_deck: ["bases.tar_pits"],
    ), steps: [Answer(PlayOn("ninjas.infiltrate", "bases.tortuga")), Answer(EndTurn)])"#;
    hears(
        ron,
        1,
        "Infiltrate: Bot 1 ignores the ability of Tortuga until their next turn, while Infiltrate stays.",
    );
    hears(
        ron,
        0,
        "Infiltrate: you ignore the ability of Tortuga until your next turn, while Infiltrate stays.",
    );
    // Tortuga scores and is replaced; its runner-up still ignores it.
    hears(
        ron,
        1,
        "Tortuga: nothing happens, Bot 1 ignores its ability.",
    );
}

#[test]
fn a_base_ignored_under_jammed_signal_says_so() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["dinosaurs", "pirates"], deck: ["pirates.cannon", "pirates.dinghy"]),
            (factions: ["ninjas", "aliens"], deck: ["ninjas.poison", "ninjas.disguise"]),
        ],
        bases: [
            (base: "bases.the_mothership", minions: [
                (card: "dinosaurs.king_rex", owner: 0),
                (card: "dinosaurs.laseratops", owner: 0),
                (card: "pirates.saucy_wench", owner: 0),
                (card: "ninjas.ninja_master", owner: 1),
                (card: "aliens.collector", owner: 1),
            ], actions: [(card: "aliens.jammed_signal", owner: 1)]),
            (base: "bases.jungle_oasis"),
        ],
        base_deck: ["bases.tar_pits"],
        turn: (player: 0, phase: ScoreBases),
    ), steps: [])"#;
    hears(
        ron,
        1,
        "The Mothership: nothing happens, its ability is ignored.",
    );
}

#[test]
fn woodland_helpers_says_where_the_action_goes() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["princesses", "pirates"], hand: ["princesses.skillet"], deck: ["pirates.cannon", "pirates.dinghy"]),
            (factions: ["aliens", "dinosaurs"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", actions: [(card: "princesses.woodland_helpers", owner: 0)]),
            (base: "bases.ice_castle"),
        ],
    ), steps: [Answer(Play("princesses.skillet")), Answer(Yes)])"#;
    hears(
        ron,
        1,
        "Woodland Helpers: Skillet goes on the bottom of Bot 1's deck, not into the discard pile.",
    );
}

#[test]
fn always_get_our_man_with_its_target_gone_says_why_nothing_happens() {
    let ron = r#"Scenario(name: "", position: (
        players: [
            (factions: ["mounties", "aliens"], hand: ["mounties.always_get_our_man", "aliens.beam_up"]),
            (factions: ["zombies", "pirates"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", minions: [(card: "mounties.war_canuck", owner: 0)]),
            (base: "bases.tortuga", minions: [(card: "zombies.walker", owner: 1)]),
        ],
        play_now: [(player: 0, minion: false)],
    ), steps: [
        Answer(Play("mounties.always_get_our_man")),
        Answer(Play("aliens.beam_up")),
        Answer(Card("zombies.walker")),
        Answer(EndTurn),
    ])"#;
    hears(
        ron,
        1,
        "Always Get Our Man: nothing happens, the card it needs is not in play.",
    );
}

/// Asserts that `viewer` hears `line` (see [`hears`]) while the scenario file `file`
/// under `tests/scenarios/` is played.
fn hears_in(file: &str, viewer: u8, line: &str) {
    let ron = std::fs::read_to_string(root().join(file)).unwrap();
    hears(&ron, viewer, line);
}

#[test]
fn friends_through_eternity_with_an_empty_hand_says_why() {
    hears_in(
        "action_heroes/friends_through_eternity_nothing_to_discard_no_extra_actions.ron",
        1,
        "Friends Through Eternity: nothing happens, Bot 1 has no cards in hand.",
    );
}

#[test]
fn i_said_no_camels_on_a_base_without_your_minions_says_why() {
    hears_in(
        "explorers/i_said_no_camels_base_without_your_minions_does_nothing.ron",
        1,
        "I Said No Camels!: nothing happens, Bot 1 has no minion there.",
    );
}

#[test]
fn idaho_smith_with_no_base_left_says_why() {
    hears_in(
        "explorers/idaho_smith_no_base_anywhere_stays_put.ron",
        1,
        "Idaho Smith: nothing happens, no base is left to add.",
    );
}

#[test]
fn muffin_taking_its_own_minion_says_why() {
    hears_in(
        "kitty_cats/muffin_is_mandatory_and_may_pick_its_own_side.ron",
        1,
        "Muffin: nothing happens, Bot 1 controls that minion already.",
    );
}

#[test]
fn queen_fluffy_taking_its_own_minion_says_why() {
    hears_in(
        "kitty_cats/queen_fluffy_own_minion_is_a_legal_choice_with_no_effect.ron",
        1,
        "Queen Fluffy: nothing happens, Bot 1 controls that minion already.",
    );
}

#[test]
fn smart_set_up_with_nothing_to_draw_says_why() {
    hears_in(
        "luchadors/pin_the_pinned_minion_keeps_its_power_for_third_tier.ron",
        1,
        "Smart Set-Up: nothing happens, Bot 1's deck and discard pile are empty.",
    );
}

#[test]
fn dartagnan_with_nothing_to_draw_says_why() {
    hears_in(
        "musketeers/dartagnan_draw_comes_before_the_action_is_discarded.ron",
        1,
        "D'Artagnan: nothing happens, Bot 1's deck and discard pile are empty.",
    );
}

#[test]
fn hoverbot_with_nothing_to_reveal_says_why() {
    hears_in(
        "robots/hoverbot_with_no_cards_left_does_nothing.ron",
        1,
        "Hoverbot: nothing happens, Bot 1's deck and discard pile are empty.",
    );
}

#[test]
fn tech_center_on_a_base_without_your_minions_says_why() {
    hears_in(
        "robots/tech_center_on_a_base_without_your_minions_draws_nothing.ron",
        1,
        "Tech Center: nothing happens, Bot 1 has no minion there.",
    );
}

#[test]
fn take_the_shinies_against_an_empty_hand_says_why() {
    hears_in(
        "sumo_wrestlers/top_tier_nothing_discarded_from_an_empty_hand_no_counter.ron",
        1,
        "Take the Shinies: nothing happens, Bot 1 has no cards in hand.",
    );
}

#[test]
fn pay_the_piper_against_an_empty_hand_says_why() {
    hears_in(
        "tricksters/pay_the_piper_with_an_empty_hand_costs_nothing.ron",
        1,
        "Pay the Piper: nothing happens, you have no cards in hand.",
    );
}

#[test]
fn magic_acorns_against_an_empty_hand_says_why() {
    hears_in(
        "wraithrustlers/ellen_two_wraiths_destroyed_two_extra_actions.ron",
        1,
        "Magic Acorns: nothing happens, you have no cards in hand.",
    );
}

#[test]
fn square_deal_with_fewer_cards_in_another_hand_says_why() {
    hears_in(
        "teddy_bears/square_deal_draws_nothing_when_someone_already_has_fewer.ron",
        1,
        "Square Deal: nothing happens, another player has fewer cards in hand than Bot 1 already.",
    );
}

#[test]
fn future_almanac_played_from_stasis_says_it_is_just_discarded() {
    hears_in(
        "backtimers/future_almanac_played_from_stasis_is_just_discarded.ron",
        1,
        "Future Almanac?: nothing happens, it is just discarded when played from stasis.",
    );
}

#[test]
fn lightning_strike_played_from_stasis_says_it_is_just_discarded() {
    hears_in(
        "backtimers/lightning_strike_played_from_stasis_is_just_discarded.ron",
        1,
        "Lightning Strike: nothing happens, it is just discarded when played from stasis.",
    );
}
