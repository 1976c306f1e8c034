//! Traps: options that will do nothing. Before a person hears a question, each of its
//! options is answered in a few worlds imagined from that person's own view (see
//! [`SeatView::worlds`]: a hidden card is never looked at), and an option whose ability
//! ends with nothing to choose, or with what it needs not so, in every world and before
//! anyone is asked anything more, says so in its label: "pa Cannon, standard action,
//! does nothing now: no minion fits". What hangs on a hidden card differs between
//! the worlds and gets no label; what hangs on a later answer is not known yet and gets
//! none either.
//!
//! Such an option is still offered, never removed: "You can play a card even if its
//! ability can't or doesn't happen" (Me First!, excellent-movies-dudes.txt, "Rules
//! Clarifications"). Only the person being asked pays for the imagining: bots never
//! read these labels.

use crate::bots::SeatView;
use crate::engine::events::{Event, Quiet};
use crate::engine::{Ask, Choice, Decision, GameState, PlayerId, Uid};

/// Worlds imagined per option: an outcome that hangs on a hidden card (another
/// player's hand, a deck's order) is very unlikely to come out the same in all of them.
const WORLDS: u64 = 4;

/// Options looked at per question, at most: past them (a main question with a large
/// hand and many bases) the rest go without a label, so a question stays quick.
const MAX_OPTIONS: usize = 48;

/// Why one option will do nothing now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trap {
    /// The reason, as the ability's "nothing happens" line will say it.
    pub why: Quiet,
    /// Whose ability it is ("no card in your hand fits").
    pub player: PlayerId,
    /// A minion played: the minion still arrives, only its ability does nothing.
    pub minion: bool,
}

/// The traps among the options of one question, by option index.
#[derive(Debug, Default)]
pub struct Traps(Vec<Option<Trap>>);

impl Traps {
    /// The traps of `d`, imagined from its answerer's view; none unless `d` is the
    /// game's pending question (a question read back later has nothing to imagine).
    pub fn of(game: &GameState, d: &Decision) -> Traps {
        if !game.pending().is_some_and(|p| std::ptr::eq(p, d)) {
            return Traps::default();
        }
        let view = SeatView::new(game, d.player);
        Traps(
            (0..d.options.len().min(MAX_OPTIONS))
                .map(|i| trap(game, &view, d, i))
                .collect(),
        )
    }

    /// The trap of option `index`, if it is one.
    pub fn get(&self, index: usize) -> Option<Trap> {
        self.0.get(index).copied().flatten()
    }

    /// The trap all of these options share (every base a card may be played on has
    /// nothing for it), if they do.
    pub fn shared(&self, options: &[usize]) -> Option<Trap> {
        let first = self.get(*options.first()?)?;
        options
            .iter()
            .all(|&i| self.get(i) == Some(first))
            .then_some(first)
    }
}

/// Whether answering option `index` does nothing in every imagined world.
fn trap(game: &GameState, view: &SeatView, d: &Decision, index: usize) -> Option<Trap> {
    // The ability the option starts, or the one asking that it goes on with (already
    // begun: one open).
    let (source, open) = match &d.options[index] {
        Choice::Play { card, .. } | Choice::Use { card, .. } => (*card, 0),
        Choice::Ability { source, .. } => (*source, 0),
        Choice::EndTurn | Choice::Pass | Choice::No | Choice::Done | Choice::Continue => {
            return None
        }
        _ => match d.ask {
            Ask::Choose { source, .. }
            | Ask::May { source }
            | Ask::ChooseOne { source }
            | Ask::ChooseNumber { source } => (source, 1),
            Ask::WhichPlay { card } => (card, 0),
            _ => return None,
        },
    };
    let played = matches!(d.options[index], Choice::Play { .. });
    if played && !all_it_does_when_played(game, source) {
        return None;
    }
    let minion = played && game.def(source).card().is_some_and(|c| c.is_minion());
    let mut found: Option<(Quiet, PlayerId)> = None;
    for mut world in view.worlds(index, WORLDS) {
        let events = world.answer(index).ok()?;
        let here = quiet_end(&events, source, open)?;
        if found.is_some_and(|f| f != here) {
            return None;
        }
        found = Some(here);
    }
    found.map(|(why, player)| Trap {
        why,
        player,
        minion,
    })
}

/// True when what a card does as it is played is all it will do: no Ongoing in force
/// once it arrives (Poison's -4 power, Infiltrate's ignoring), nothing that waits for
/// something to happen while it is in play. Its Special from the hand is spent once
/// it is played.
fn all_it_does_when_played(game: &GameState, card: Uid) -> bool {
    use crate::cards::model::Label;
    use crate::engine::effect::Trigger;
    let def = game.def(card);
    let ongoing = def
        .card()
        .is_some_and(|c| c.labels.contains(&Label::Ongoing));
    !ongoing
        && def
            .abilities()
            .iter()
            .all(|a| matches!(a.when, Trigger::OnPlay | Trigger::BeforeScoringFromHand))
}

/// The reason every ability of `source` begun (or `open` already) ends with nothing
/// done, when they all end in these events, before the next question, for one reason
/// that is certain (not "chose not to", not a vague "nothing changed").
fn quiet_end(events: &[Event], source: Uid, mut open: u32) -> Option<(Quiet, PlayerId)> {
    let mut found = None;
    for e in events {
        match e {
            Event::Resolving { by, .. } if *by == source => open += 1,
            Event::Resolved { by, player, quiet } if *by == source => {
                open = open.checked_sub(1)?;
                let why = quiet.filter(|q| {
                    matches!(
                        q,
                        Quiet::NothingToChoose(_) | Quiet::Condition(_) | Quiet::UsedThisTurn
                    )
                })?;
                if found.is_some_and(|f| f != (why, *player)) {
                    return None;
                }
                found = Some((why, *player));
            }
            _ => {}
        }
    }
    found.filter(|_| open == 0)
}

#[cfg(test)]
mod tests {
    use crate::play::table::tests::{say, table};

    #[test]
    fn a_destroy_action_with_no_minion_it_may_destroy_says_so_in_the_list() {
        let mut t = table(
            r#"(
            players: [
                (factions: ["pirates", "ninjas"], hand: ["pirates.cannon", "pirates.swashbuckling"]),
                (factions: ["aliens", "dinosaurs"]),
            ],
            bases: [(base: "bases.tortuga", minions: [
                (card: "dinosaurs.king_rex", owner: 1),
                (card: "pirates.pirate_king", owner: 0),
            ])],
        )"#,
        );
        let out = say(&mut t, "options");
        assert!(
            out.contains("pa Cannon, standard action, does nothing now: no minion fits"),
            "{out}"
        );
        // Swashbuckling has Ann's Pirate King to give power to.
        assert!(
            out.contains("2. pa Swashbuckling, standard action;"),
            "{out}"
        );
        // Still offered: a card may be played even if its ability can't happen.
        assert!(say(&mut t, "play cannon").contains("Cannon"));
    }

    #[test]
    fn copies_are_counted_before_the_note_so_the_count_is_not_heard_as_the_reason() {
        let mut t = table(
            r#"(
            players: [
                (factions: ["pirates", "ninjas"], hand: ["pirates.cannon", "pirates.cannon"]),
                (factions: ["aliens", "dinosaurs"]),
            ],
            bases: [(base: "bases.tortuga", minions: [(card: "dinosaurs.king_rex", owner: 1)])],
        )"#,
        );
        let out = say(&mut t, "options");
        assert!(
            out.contains("pa Cannon, standard action, 2 copies, does nothing now: no minion fits"),
            "{out}"
        );
    }

    #[test]
    fn a_move_with_no_minion_to_move_says_so() {
        let mut t = table(
            r#"(
            players: [
                (factions: ["pirates", "ninjas"], hand: ["pirates.shanghai"]),
                (factions: ["aliens", "dinosaurs"]),
            ],
            bases: [
                (base: "bases.tortuga", minions: [(card: "pirates.first_mate", owner: 0)]),
                (base: "bases.the_grey_opal"),
            ],
        )"#,
        );
        let out = say(&mut t, "options");
        assert!(
            out.contains("pa Shanghai, standard action, does nothing now: no minion fits"),
            "{out}"
        );
    }

    #[test]
    fn a_minion_whose_ability_has_nothing_here_says_so_where_it_may_go() {
        let mut t = table(
            r#"(
            players: [
                (factions: ["pirates", "ninjas"], hand: ["pirates.saucy_wench"]),
                (factions: ["aliens", "dinosaurs"]),
            ],
            bases: [
                (base: "bases.tortuga", minions: [(card: "dinosaurs.king_rex", owner: 1)]),
                (base: "bases.the_grey_opal", minions: [(card: "aliens.collector", owner: 1)]),
            ],
        )"#,
        );
        // Not every base: the hand's entry says nothing.
        let out = say(&mut t, "options");
        assert!(!out.contains("nothing now"), "{out}");
        let out = say(&mut t, "play wench");
        assert!(
            out.contains("1. Tortuga, 7 of 21, its ability does nothing now: no minion fits; 2. The Grey Opal, 2 of 17."),
            "{out}"
        );
    }

    #[test]
    fn what_hangs_on_another_players_hidden_hand_has_no_label() {
        // Bob holds no minion now, but Ann cannot know it: in the worlds she imagines,
        // Bob's hand is dealt again from the cards she has not seen.
        let mut t = table(
            r#"(
            players: [
                (factions: ["aliens", "ninjas"], hand: ["aliens.probe"]),
                (factions: ["pirates", "dinosaurs"], hand: ["dinosaurs.howl"],
                    deck: ["dinosaurs.king_rex", "dinosaurs.war_raptor", "pirates.first_mate"]),
            ],
            bases: [(base: "bases.tortuga")],
        )"#,
        );
        let out = say(&mut t, "options");
        assert!(out.contains("aa Probe, standard action;"), "{out}");
        assert!(!out.contains("nothing now"), "{out}");
    }

    #[test]
    fn a_special_before_scoring_with_nothing_to_do_is_offered_and_says_why() {
        let mut t = table(
            r#"(
            players: [
                (factions: ["pirates", "ninjas"], hand: ["pirates.full_sail"]),
                (factions: ["aliens", "dinosaurs"]),
            ],
            bases: [
                (base: "bases.the_grey_opal", minions: [
                    (card: "dinosaurs.king_rex", owner: 1),
                    (card: "dinosaurs.laseratops", owner: 1),
                    (card: "dinosaurs.armor_stego", owner: 1),
                    (card: "aliens.supreme_overlord", owner: 1),
                ]),
                (base: "bases.tortuga"),
            ],
        )"#,
        );
        say(&mut t, "end");
        let out = say(&mut t, "yes");
        assert!(
            out.contains("use pa Full Sail, does nothing now: you have no minion in play"),
            "{out}"
        );
    }

    #[test]
    fn a_networked_seat_hears_the_label_too() {
        let mut t = table(
            r#"(
            players: [
                (factions: ["pirates", "ninjas"], hand: ["pirates.cannon"]),
                (factions: ["aliens", "dinosaurs"]),
            ],
            bases: [(base: "bases.tortuga")],
        )"#,
        );
        t.set_here(crate::engine::PlayerId(0));
        let lines = t.rejoin();
        assert!(
            lines.iter().any(
                |l| l.text == "1. pa Cannon, standard action, does nothing now: no minion fits"
            ),
            "{:?}",
            lines.iter().map(|l| &l.text).collect::<Vec<_>>()
        );
    }
}
