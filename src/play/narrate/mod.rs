//! Events in, sentences out. Each line puts the actor or the cause first ("Bot 2 plays
//! Pirate King on Tortuga; Tortuga now 14 of 21", "Archmage: you get an extra action
//! play"), events that happen together are grouped ("Bot 2 destroys 3 minions of
//! yours: ..."), and a base's new total is added to the last line that touched it.
//! Hidden cards (a draw, a looked-at hand, cards put from a hand onto a deck) are
//! named only to the player who may see them. Three verbosities: brief (every
//! outcome, fewest words), normal (also base totals and "ready to score") and full
//! (also phases, passes, card codes and what each played action says).
//!
//! The sentences live with their subject: [`turns`], [`plays`], [`hands`],
//! [`changes`], [`scoring`] and [`stasis`].

mod changes;
mod hands;
mod plays;
pub(super) mod quiet;
mod scoring;
mod stasis;
mod turns;
use changes::Went;
pub use turns::phase_name;

use super::describe::Words;
use crate::engine::{Event, GameState, PlayerId, Uid};
use serde::{Deserialize, Serialize};

/// How much is narrated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Verbosity {
    /// Every outcome, in the fewest words: no base totals.
    Brief,
    /// Also each base's new total and "ready to score".
    Normal,
    /// Also phases, passes, card codes and what each played action says.
    Full,
}

impl Verbosity {
    /// Parses "brief", "normal" or "full" (or their start).
    pub fn parse(text: &str) -> Option<Verbosity> {
        let t = text.trim().to_lowercase();
        if t.is_empty() {
            return None;
        }
        [
            ("brief", Verbosity::Brief),
            ("normal", Verbosity::Normal),
            ("full", Verbosity::Full),
        ]
        .into_iter()
        .find(|(name, _)| name.starts_with(&t))
        .map(|(_, v)| v)
    }

    /// The word for it.
    pub fn name(self) -> &'static str {
        match self {
            Verbosity::Brief => "brief",
            Verbosity::Normal => "normal",
            Verbosity::Full => "full",
        }
    }
}

/// What the narrator knows about one batch of events.
pub struct Scene<'a> {
    /// The game before the events.
    pub before: &'a GameState,
    /// Words for the game after them (names, "you").
    pub words: Words<'a>,
    /// Who answered the question that caused them (the actor of effects without one).
    pub actor: PlayerId,
    /// Bases that have scored and not yet left play: their totals are not told.
    pub scoring: &'a [Uid],
    /// Say what each played action does (full verbosity, not the log).
    pub texts: bool,
}

/// One sentence, the least verbosity that shows it, and the bases whose totals it changed.
struct Said {
    level: Verbosity,
    text: String,
    bases: Vec<Uid>,
}

/// The sentences for a batch of events at this verbosity.
pub fn narrate(scene: &Scene, events: &[Event], verbosity: Verbosity) -> Vec<String> {
    let said: Vec<Said> = sentences(scene, events)
        .into_iter()
        .filter(|s| s.level <= verbosity)
        .collect();
    if verbosity == Verbosity::Brief {
        return said.into_iter().map(|s| s.text).collect();
    }
    with_totals(scene, events, said)
}

/// Adds "; Tortuga now 14 of 21" to the last line that touched each base still in play
/// whose total changed (a base that scored in the batch has left, so it gets none).
fn with_totals(scene: &Scene, events: &[Event], said: Vec<Said>) -> Vec<String> {
    let game = scene.words.game;
    let scored: Vec<Uid> = events
        .iter()
        .filter_map(|e| match e {
            Event::BaseScored { base, .. } => Some(*base),
            _ => None,
        })
        .collect();
    let mut lines: Vec<String> = said.iter().map(|s| s.text.clone()).collect();
    for (i, s) in said.iter().enumerate() {
        let mut totals = Vec::new();
        for &b in &s.bases {
            let last = !said[i + 1..].iter().any(|later| later.bases.contains(&b));
            let gone = scored.contains(&b) || scene.scoring.contains(&b);
            // A total that did not change (an Ongoing action played there) is not said.
            let changed = scene.before.base_power(b) != game.base_power(b)
                || scene.before.breakpoint(b) != game.breakpoint(b);
            if last && !gone && changed && game.base_index(b).is_some() && !totals.contains(&b) {
                totals.push(b);
            }
        }
        if !totals.is_empty() {
            let now: Vec<String> = totals.iter().map(|&b| scene.words.base_now(b)).collect();
            let line = &mut lines[i];
            if line.ends_with('.') {
                line.pop();
            }
            line.push_str(&format!("; {}.", now.join("; ")));
        }
    }
    lines
}

fn say(level: Verbosity, text: String, bases: Vec<Uid>) -> Said {
    Said { level, text, bases }
}

/// The base a card was on before the batch, or is on now.
fn base_then(scene: &Scene, card: Uid) -> Option<Uid> {
    scene
        .before
        .base_of(card)
        .or_else(|| scene.words.game.base_of(card))
}

/// "Archmage: ", the card or base whose ability caused a change, to start its line;
/// nothing when the cause is not known, or is now in a hand or deck the listener may
/// not see (Ninja Acolyte back in its owner's hand gives the extra play it used).
fn cause(w: &Words, by: Option<Uid>) -> String {
    known_cause(w, by).map_or(String::new(), |c| format!("{}: ", w.card(c)))
}

/// The cause, if the listener may hear it named.
fn known_cause(w: &Words, by: Option<Uid>) -> Option<Uid> {
    by.filter(|&c| match w.game.locate(c) {
        crate::engine::state::Loc::Hand(p) | crate::engine::state::Loc::Deck(p) => {
            Some(p) == w.viewer
        }
        _ => true,
    })
}

/// A line with its cause first: "Lost City: you reveal Tortuga." (a "You" that
/// starts the text is lower-case after the cause); the text alone when there is none.
fn caused(w: &Words, by: Option<Uid>, text: &str) -> String {
    match known_cause(w, by) {
        Some(c) => {
            let lower = ["You ", "Your "].iter().any(|you| text.starts_with(you));
            let text = if lower {
                format!("y{}", &text[1..])
            } else {
                text.to_string()
            };
            format!("{}: {text}", w.card(c))
        }
        None => super::describe::sentence(text),
    }
}

/// "their" for the actor's own things, "your" for the reader's, "Bot 2's" otherwise.
fn own_possessive(w: &Words, owner: PlayerId, actor: PlayerId) -> String {
    if owner == actor && Some(owner) != w.viewer {
        "their".into()
    } else {
        w.possessive(owner)
    }
}

/// Every event's sentence; events that belong together (one player's discards, the
/// places' VP after a scoring) are one sentence.
fn sentences(scene: &Scene, events: &[Event]) -> Vec<Said> {
    let w = &scene.words;
    let mut out = Vec::new();
    let mut left: Vec<Uid> = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let rest = &events[i..];
        let mut one = |said: Said| {
            out.push(said);
            1
        };
        let used = match &rest[0] {
            Event::TurnStarted { player, number } => one(turns::turn_started(w, *player, *number)),
            Event::PhaseStarted { player, phase } => match turns::phase_started(w, *player, *phase)
            {
                Some(said) => one(said),
                None => 1,
            },
            Event::Mulligan { player } => one(turns::mulligan(w, *player)),
            Event::Passed { player } => one(turns::passed(w, *player)),
            Event::GameOver { winner } => one(turns::game_over(scene, *winner)),
            Event::Played {
                player,
                card,
                to,
                from,
                by,
            } => {
                out.push(plays::played(scene, *player, *card, (*to, *from), *by));
                out.extend(changes::ongoing_changes(scene, *card, Went::Arrived));
                1
            }
            // A Special played as it is used is said once, by its play.
            Event::Used { player, card } if matches!(rest.get(1), Some(Event::Played { card: c, .. }) if c == card) => {
                1
            }
            Event::Used { player, card } => one(plays::used(scene, *player, *card)),
            Event::Destroyed { .. } => push(&mut out, plays::destroyed(scene, rest)),
            Event::ActionDestroyed { card, by, source } => {
                one(plays::action_destroyed(scene, *card, *by, *source))
            }
            Event::Moved { card, from, to, by } => {
                out.push(plays::moved(scene, *card, (*from, *to), *by));
                out.extend(changes::ongoing_changes(scene, *card, Went::Moved));
                1
            }
            Event::DestructionReplaced { card, by, stopped } => {
                one(plays::destruction_replaced(scene, *card, *by, *stopped))
            }
            Event::Prevented { card, by, stopped } => {
                one(plays::prevented(scene, *card, *by, *stopped))
            }
            Event::Returned { .. } => push(&mut out, hands::returned(scene, rest)),
            Event::Placed { .. } => match hands::shuffled_in(scene, rest) {
                Some(said) => push(&mut out, said),
                None => push(&mut out, hands::placed(scene, rest, &events[..i])),
            },
            Event::Drew { .. } => push(&mut out, hands::drew_run(w, rest)),
            Event::Discarded { .. } => push(&mut out, hands::discarded(w, rest)),
            Event::Revealed { .. } => push(&mut out, hands::revealed(w, rest)),
            Event::LookedAtHand { player, target, by } => {
                one(hands::looked_at_hand(w, *player, *target, *by))
            }
            Event::Shuffled {
                player,
                by,
                from_discard,
            } => one(hands::shuffled(w, *player, *by, *from_discard)),
            Event::Named {
                player,
                faction,
                by,
            } => one(say(
                Verbosity::Brief,
                caused(
                    w,
                    *by,
                    &format!("{} {}.", w.acts(*player, "name"), w.faction(faction)),
                ),
                vec![],
            )),
            Event::GainedVp {
                player,
                amount,
                total,
                by,
            } => one(changes::gained_vp(scene, *player, *amount, *total, *by)),
            Event::PowerChanged { .. } => push(&mut out, changes::power_changed(scene, rest)),
            Event::BreakpointChanged { base, amount, by } => {
                one(changes::breakpoint_changed(scene, *base, *amount, *by))
            }
            Event::ExtraPlay { .. } => push(&mut out, changes::extra_play(scene, rest)),
            Event::ScoringBase { base } => one(scoring::ready(scene, *base)),
            Event::BaseScored { base, ranks } => {
                let (said, used) = scoring::scored(scene, rest, *base, ranks);
                out.extend(said);
                used
            }
            Event::BaseReplaced { old, new, by } => one(scoring::replaced(scene, *old, *new, *by)),
            Event::ControlChanged { card, player, by } => {
                one(changes::control_changed(scene, *card, *player, *by))
            }
            Event::Transferred { card, from, to, by } => {
                one(plays::transferred(scene, *card, *from, *to, *by))
            }
            Event::ShuffledIntoDeck { card, by } => one(hands::shuffled_into_deck(w, *card, *by)),
            Event::LoopStopped { player } => one(turns::loop_stopped(w, *player)),
            Event::CountersChanged {
                card,
                amount,
                total,
                by,
            } => one(changes::counters_changed(
                scene, *card, *amount, *total, *by,
            )),
            Event::BaseAdded { base, by } => one(scoring::base_added(scene, *base, *by)),
            Event::EndOfTurnScheduled { by, card } => {
                one(changes::end_of_turn_scheduled(scene, *by, *card))
            }
            Event::BaseToBottom { player, by } => one(scoring::base_to_bottom(w, *player, *by)),
            Event::BaseToTop { .. } => push(&mut out, scoring::bases_to_top(w, rest)),
            Event::BaseRevealed { base, by } => one(scoring::base_revealed(w, *base, *by)),
            Event::BaseDiscarded { base, by } => one(scoring::base_discarded(w, *base, *by)),
            Event::EnteredStasis {
                card,
                counters,
                from,
                by,
            } => one(stasis::entered(scene, *card, *counters, *from, *by)),
            Event::StasisCountersChanged {
                card,
                amount,
                total,
                by,
            } => one(stasis::counters_changed(scene, *card, *amount, *total, *by)),
            Event::DiscardedFromStasis { card, by } => one(stasis::discarded(scene, *card, *by)),
            Event::RevealedFromTop { player, cards, by } => {
                one(hands::revealed_from_top(w, *player, cards, *by))
            }
            Event::ShuffledBack { player, cards, by } => {
                one(hands::shuffled_back(w, *player, cards, *by))
            }
            Event::BaseDestroyed { base, by } => one(scoring::base_destroyed(w, *base, *by)),
            Event::PowerNamed { player, power, by } => one(say(
                Verbosity::Brief,
                format!(
                    "{}{} power {power}.",
                    cause(w, Some(*by)),
                    w.acts(*player, "name")
                ),
                vec![],
            )),
            Event::OthersPowerWhereAction {
                player,
                action,
                amount,
                by,
            } => one(changes::others_power_where_action(
                scene, *player, action, *amount, *by,
            )),
            Event::ExtraPlayNextTurn {
                player,
                either,
                minion,
                by,
            } => one(changes::extra_play_next_turn(
                scene, *player, *either, *minion, *by,
            )),
            // The start and end of an ability are said by what it does; one that
            // does nothing says so, with the reason.
            Event::Resolving { .. } | Event::Resolved { quiet: None, .. } => 1,
            // A card another of whose abilities does something in this batch is not
            // silent: "nothing happens" would contradict the line that follows
            // (Sidelined Girlfriend played from stasis: no stasis offer, but a counter).
            Event::Resolved { by, .. } if quiet::told_later(*by, &events[i + 1..]) => 1,
            Event::Resolved {
                by,
                player,
                quiet: Some(why),
            } => match quiet::nothing_happens(scene, *by, *player, *why) {
                Some(said) => one(said),
                None => 1,
            },
            Event::ModeSet { card, label } => one(quiet::mode_set(scene, *card, label)),
            Event::IgnoringBase { player, base, by } => {
                one(quiet::ignoring_base(scene, *player, *base, *by))
            }
            Event::SentInstead { card, to, by } => one(quiet::sent_instead(scene, *card, *to, *by)),
            Event::PowerChangeEnded { .. } => {
                push(&mut out, changes::power_change_ended(scene, rest))
            }
            Event::BreakpointChangeEnded {
                base,
                amount,
                at_start,
            } => one(changes::breakpoint_change_ended(
                scene, *base, *amount, *at_start,
            )),
            Event::NoActionsNextTurn { player, by } => {
                one(changes::no_actions_next_turn(scene, *player, *by))
            }
        };
        // Ongoing cards that left play with these events: what that changed.
        for e in &rest[..used.max(1).min(rest.len())] {
            if let Some(card) = changes::left_play(scene, e, &left) {
                left.push(card);
                out.extend(changes::ongoing_changes(scene, card, Went::Left));
            }
        }
        i += used.max(1);
    }
    out
}

/// Keeps a sentence that stands for several events; how many it used.
fn push(out: &mut Vec<Said>, (said, used): (Said, usize)) -> usize {
    out.push(said);
    used
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, BotKind};
    use crate::engine::events::Zone;
    use crate::engine::{Choice, GameConfig, PlayTo};
    use crate::play::seat::Seat;

    fn game() -> (GameState, Vec<Event>, Vec<Seat>) {
        let config = GameConfig::two_players(5, 0);
        let mut game = GameState::new(&config).unwrap();
        let events = game.take_events();
        let seats = vec![
            Seat::person("You"),
            Seat::bot("Bot 2", Bot::new(BotKind::Heuristic, 1)),
        ];
        (game, events, seats)
    }

    fn lines(
        before: &GameState,
        game: &GameState,
        seats: &[Seat],
        events: &[Event],
        v: Verbosity,
    ) -> Vec<String> {
        let scene = Scene {
            before,
            words: Words {
                codes: v == Verbosity::Full,
                ..Words::new(game, seats, Some(PlayerId(0)))
            },
            actor: game.turn.player,
            scoring: &[],
            texts: v == Verbosity::Full,
        };
        narrate(&scene, events, v)
    }

    #[test]
    fn a_mulligan_is_said_in_the_reader_s_grammar() {
        let (game, _, seats) = game();
        let say = |p: u8| {
            let e = [Event::Mulligan {
                player: PlayerId(p),
            }];
            lines(&game, &game, &seats, &e, Verbosity::Normal)
        };
        assert_eq!(
            say(0),
            ["You show a hand with no minion, draw a new hand and shuffle the old one into your deck."]
        );
        assert_eq!(
            say(1),
            ["Bot 2 shows a hand with no minion, draws a new hand and shuffles the old one into their deck."]
        );
    }

    #[test]
    fn a_minion_destroyed_by_its_controller_names_its_owner() {
        let (mut game, _, seats) = game();
        let card = game.players[0].hand.pop().unwrap();
        game.bases[0]
            .minions
            .push(crate::engine::state::MinionInPlay {
                card,
                controller: PlayerId(1),
                counters: 0,
                attached: Vec::new(),
                stored: Vec::new(),
                since_turn: 0,
                played_from: None,
            });
        let e = [Event::Destroyed {
            card,
            by: PlayerId(1),
            source: None,
        }];
        let said = lines(&game, &game, &seats, &e, Verbosity::Brief);
        assert!(said[0].starts_with("Bot 2 destroys your "), "{said:?}");
    }

    #[test]
    fn the_deal_shows_your_cards_and_hides_theirs() {
        let (game, events, seats) = game();
        let said = lines(&game, &game, &seats, &events, Verbosity::Normal);
        assert!(said[0].starts_with("You draw 5 cards: "), "{said:?}");
        assert_eq!(said[1], "Bot 2 draws 5 cards.");
        // Your own turn is said by the question that follows, phases only at full.
        assert_eq!(said.len(), 2, "{said:?}");
        let full = lines(&game, &game, &seats, &events, Verbosity::Full);
        assert!(full.iter().any(|l| l == "You: play cards."), "{full:?}");
        assert!(full.iter().any(|l| l == "Turn 1, your turn."), "{full:?}");
        // Brief drops no outcome: your draw is said.
        let brief = lines(&game, &game, &seats, &events, Verbosity::Brief);
        assert_eq!(brief, said);
    }

    #[test]
    fn a_play_names_the_actor_first_and_the_new_total_last() {
        let (mut game, _, seats) = game();
        let d = game.pending().unwrap().clone();
        let i = d
            .options
            .iter()
            .position(|o| {
                matches!(o, Choice::Play { card, to: Some(PlayTo::Base(_)) }
                    if game.def(*card).card().is_some_and(|c| c.is_minion()))
            })
            .expect("a minion to play");
        let before = game.clone();
        let events = game.answer(i).unwrap();
        let said = lines(&before, &game, &seats, &events, Verbosity::Normal);
        let Choice::Play {
            card,
            to: Some(PlayTo::Base(base)),
        } = d.options[i]
        else {
            unreachable!()
        };
        let expected = format!(
            "You play {} on {}; {} now {} of {}.",
            game.def(card).name(),
            game.def(base).name(),
            game.def(base).name(),
            game.base_power(base),
            game.breakpoint(base)
        );
        assert_eq!(said[0], expected);
    }

    #[test]
    fn minions_destroyed_together_are_one_line() {
        let (game, _, seats) = game();
        let hand = game.players[0].hand.clone();
        let events: Vec<Event> = hand[..3]
            .iter()
            .map(|&card| Event::Destroyed {
                card,
                by: PlayerId(1),
                source: None,
            })
            .collect();
        let said = lines(&game, &game, &seats, &events, Verbosity::Brief);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].starts_with("Bot 2 destroys 3 minions of yours: "),
            "{said:?}"
        );
        let names: Vec<&str> = hand[..3].iter().map(|&c| game.def(c).name()).collect();
        assert!(said[0].ends_with(&format!("{}, {} and {}.", names[0], names[1], names[2])));
    }

    #[test]
    fn scoring_is_one_line_with_places_and_vp() {
        let (game, _, seats) = game();
        let base = game.bases[0].card;
        let events = vec![
            Event::BaseScored {
                base,
                ranks: vec![(PlayerId(1), 14, 4), (PlayerId(0), 9, 2)],
            },
            Event::GainedVp {
                player: PlayerId(1),
                amount: 4,
                total: 4,
                by: Some(base),
            },
            Event::GainedVp {
                player: PlayerId(0),
                amount: 2,
                total: 2,
                by: Some(base),
            },
        ];
        let said = lines(&game, &game, &seats, &events, Verbosity::Normal);
        assert_eq!(
            said,
            vec![format!(
                "{} scores: Bot 2 first with 14 power, 4 VP; you second with 9 power, 2 VP.",
                game.def(base).name()
            )]
        );
    }

    #[test]
    fn vp_a_base_gives_beyond_its_places_is_said_with_its_cause() {
        let (game, _, seats) = game();
        let base = game.bases[0].card;
        let gain = |amount, total| Event::GainedVp {
            player: PlayerId(1),
            amount,
            total,
            by: Some(base),
        };
        let events = vec![
            Event::BaseScored {
                base,
                ranks: vec![(PlayerId(1), 14, 4)],
            },
            gain(4, 4),
            gain(1, 5),
        ];
        let said = lines(&game, &game, &seats, &events, Verbosity::Brief);
        let name = game.def(base).name();
        assert_eq!(said.len(), 2, "{said:?}");
        assert_eq!(said[1], format!("{name}: Bot 2 gains 1 VP, 5 in all."));
    }

    #[test]
    fn repeated_extra_plays_are_one_line_with_the_cause_first() {
        let (game, _, seats) = game();
        let card = game.players[0].hand[0];
        let extra = Event::ExtraPlay {
            player: PlayerId(0),
            minion: false,
            by: Some(card),
        };
        let said = lines(
            &game,
            &game,
            &seats,
            &[extra.clone(), extra],
            Verbosity::Brief,
        );
        let name = game.def(card).name();
        assert_eq!(said, vec![format!("{name}: you get 2 extra action plays.")]);
    }

    #[test]
    fn an_extra_play_for_next_turn_is_said_with_its_cause_first() {
        let (game, _, seats) = game();
        let base = game.bases[0].card;
        let later = |player| Event::ExtraPlayNextTurn {
            player: PlayerId(player),
            either: true,
            minion: false,
            by: Some(base),
        };
        let said = lines(
            &game,
            &game,
            &seats,
            &[later(0), later(1)],
            Verbosity::Brief,
        );
        let name = game.def(base).name();
        assert_eq!(
            said,
            vec![
                format!("{name}: you get an extra minion or action play on your next turn."),
                format!("{name}: Bot 2 gets an extra minion or action play on their next turn."),
            ]
        );
    }

    #[test]
    fn a_special_played_as_it_is_used_is_said_once() {
        let (game, _, seats) = game();
        let card = game.players[0].hand[0];
        let events = vec![
            Event::Used {
                player: PlayerId(0),
                card,
            },
            Event::Played {
                player: PlayerId(0),
                card,
                to: None,
                from: Zone::Hand,
                by: None,
            },
        ];
        let said = lines(&game, &game, &seats, &events, Verbosity::Normal);
        assert_eq!(said, vec![format!("You play {}.", game.def(card).name())]);
    }

    #[test]
    fn cards_from_a_hand_onto_a_deck_are_named_only_to_their_owner() {
        let (game, _, seats) = game();
        let theirs = game.players[1].hand[..2].to_vec();
        let events: Vec<Event> = theirs
            .iter()
            .map(|&card| Event::Placed {
                card,
                to: Zone::DeckTop,
                by: Some(game.bases[1].card),
            })
            .collect();
        let said = lines(&game, &game, &seats, &events, Verbosity::Normal);
        // A card or base in play as the cause (one in a hidden hand is not named).
        let cause = game.def(game.bases[1].card).name();
        assert_eq!(
            said,
            vec![format!(
                "{cause}: Bot 2 puts 2 cards from their hand on top of their deck."
            )]
        );
        let mine = game.players[0].hand[..1].to_vec();
        let events = vec![Event::Placed {
            card: mine[0],
            to: Zone::DeckTop,
            by: None,
        }];
        let said = lines(&game, &game, &seats, &events, Verbosity::Normal);
        let name = game.def(mine[0]).name();
        assert_eq!(said, vec![format!("{name} goes on top of your deck.")]);
    }

    #[test]
    fn a_breakpoint_change_says_its_cause_first() {
        let (game, _, seats) = game();
        let base = game.bases[0].card;
        // A card in another's hand is not named: one of the listener's own is.
        let card = game.players[0].hand[0];
        let events = vec![Event::BreakpointChanged {
            base,
            amount: -3,
            by: Some(card),
        }];
        let said = lines(&game, &game, &seats, &events, Verbosity::Brief);
        let (c, b) = (game.def(card).name(), game.def(base).name());
        let now = game.breakpoint(base);
        assert_eq!(
            said,
            vec![format!(
                "{c}: {b}'s breakpoint is 3 lower this turn, now {now}."
            )]
        );
    }

    #[test]
    fn a_card_played_from_under_another_names_that_card() {
        let (game, _, seats) = game();
        let (card, host) = (game.players[1].hand[0], game.players[1].hand[1]);
        let events = vec![Event::Played {
            player: PlayerId(1),
            card,
            to: None,
            from: Zone::Stored(host),
            by: None,
        }];
        let said = lines(&game, &game, &seats, &events, Verbosity::Brief);
        let (c, h) = (game.def(card).name(), game.def(host).name());
        assert_eq!(said, vec![format!("Bot 2 plays {c} from under {h}.")]);
    }

    #[test]
    fn a_card_shown_first_is_named_where_it_goes() {
        let (game, _, seats) = game();
        let card = game.players[1].hand[0];
        let placed = Event::Placed {
            card,
            to: Zone::DeckTop,
            by: None,
        };
        let hidden = lines(
            &game,
            &game,
            &seats,
            std::slice::from_ref(&placed),
            Verbosity::Brief,
        );
        assert_eq!(
            hidden,
            vec!["Bot 2 puts 1 card from their hand on top of their deck."]
        );
        let shown = vec![
            Event::Revealed {
                player: PlayerId(1),
                card,
                by: None,
            },
            placed,
        ];
        let said = lines(&game, &game, &seats, &shown, Verbosity::Brief);
        let c = game.def(card).name();
        assert_eq!(said[1], format!("{c} goes on top of Bot 2's deck."));
    }

    #[test]
    fn verbosity_names_parse() {
        assert_eq!(Verbosity::parse("b"), Some(Verbosity::Brief));
        assert_eq!(Verbosity::parse("NORMAL"), Some(Verbosity::Normal));
        assert_eq!(Verbosity::parse(""), None);
        assert_eq!(Verbosity::parse("loud"), None);
    }
}
