//! Events in, sentences out. Each line puts the actor first ("Bot 2 plays Pirate King
//! on Tortuga; Tortuga now 14 of 21"), events that happen together are grouped ("Bot 2
//! destroys 3 minions of yours: ..."), and a base's new total is added to the last line
//! that touched it. Hidden cards (a draw, a looked-at hand) are named only to the
//! player who may see them. Three verbosities: brief, normal and full.

use super::describe::{and_list, count, sentence, Words};
use crate::engine::events::Zone;
use crate::engine::state::Loc;
use crate::engine::{Event, GameState, Phase, PlayerId, Uid};
use serde::{Deserialize, Serialize};

/// How much is narrated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Verbosity {
    /// Turns, plays, destructions, moves and scoring.
    Brief,
    /// Everything that changes the game.
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
    with_totals(scene, events, said)
}

/// Adds "; Tortuga now 14 of 21" to the last line that touched each base still in play
/// (a base that scored in the batch has left, so it gets none).
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
            if last && !gone && game.base_index(b).is_some() && !totals.contains(&b) {
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

fn sentences(scene: &Scene, events: &[Event]) -> Vec<Said> {
    use Verbosity::*;
    let w = &scene.words;
    let mut out = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let event = &events[i];
        i += 1;
        match event {
            Event::TurnStarted { player, number } => {
                let whose = if Some(*player) == w.viewer {
                    "your turn".to_string()
                } else {
                    format!("{}'s turn", w.name(*player))
                };
                out.push(say(Brief, format!("Turn {number}, {whose}."), vec![]));
            }
            Event::PhaseStarted { player, phase } => {
                if let Some(name) = phase_name(*phase) {
                    out.push(say(
                        Full,
                        format!("{}: {name}.", sentence(&w.player(*player))),
                        vec![],
                    ));
                }
            }
            Event::Mulligan { player } => out.push(say(
                Brief,
                format!(
                    "{} a new hand: no minions in the first.",
                    w.acts(*player, "take")
                ),
                vec![],
            )),
            Event::Played {
                player,
                card,
                to,
                from,
            } => out.push(played(scene, *player, *card, *to, *from)),
            Event::Destroyed { by, .. } => {
                let start = i - 1;
                let owner = |e: &Event| match e {
                    Event::Destroyed { card, by: b } if b == by => {
                        Some(scene.before.controller(*card))
                    }
                    _ => None,
                };
                let first_owner = owner(event);
                while i < events.len()
                    && owner(&events[i]).is_some()
                    && owner(&events[i]) == first_owner
                {
                    i += 1;
                }
                out.push(destroyed(scene, *by, &events[start..i]));
            }
            Event::ActionDestroyed { card, by } => out.push(say(
                Normal,
                format!("{} {}.", w.acts(*by, "destroy"), w.owned_card(*card, *by)),
                base_then(scene, *card).into_iter().collect(),
            )),
            Event::Moved { card, from, to } => out.push(say(
                Brief,
                format!(
                    "{} {} from {} to {}.",
                    w.acts(scene.actor, "move"),
                    w.owned_card(*card, scene.actor),
                    w.card(*from),
                    w.card(*to)
                ),
                vec![*from, *to],
            )),
            Event::Returned { card } => {
                let owner = w.game.owner(*card);
                let start = i - 1;
                while i < events.len()
                    && matches!(&events[i], Event::Returned { card: c } if w.game.owner(*c) == owner)
                {
                    i += 1;
                }
                let cards: Vec<Uid> = events[start..i]
                    .iter()
                    .filter_map(|e| match e {
                        Event::Returned { card } => Some(*card),
                        _ => None,
                    })
                    .collect();
                let names: Vec<String> = cards
                    .iter()
                    .map(|&c| w.owned_card(c, scene.actor))
                    .collect();
                out.push(say(
                    Normal,
                    format!(
                        "{} {} to {} hand.",
                        w.acts(scene.actor, "return"),
                        and_list(&names),
                        own_possessive(w, owner, scene.actor)
                    ),
                    cards.iter().filter_map(|&c| base_then(scene, c)).collect(),
                ));
            }
            Event::Placed { card, to } => {
                let owner = w.game.owner(*card);
                out.push(say(
                    Normal,
                    format!(
                        "{} {} {}.",
                        w.acts(scene.actor, "put"),
                        w.owned_card(*card, scene.actor),
                        zone_phrase(w, *to, owner, scene.actor)
                    ),
                    scene.before.base_of(*card).into_iter().collect(),
                ));
            }
            Event::Drew { player, cards } => {
                let text = if Some(*player) == w.viewer {
                    let names: Vec<String> = cards.iter().map(|&c| w.labelled(c)).collect();
                    format!(
                        "You draw {}: {}.",
                        count(cards.len(), "card"),
                        names.join(", ")
                    )
                } else {
                    format!(
                        "{} {}.",
                        w.acts(*player, "draw"),
                        count(cards.len(), "card")
                    )
                };
                out.push(say(Normal, text, vec![]));
            }
            Event::Discarded { player, cards } => {
                let names: Vec<String> = cards.iter().map(|&c| w.card(c)).collect();
                out.push(say(
                    Normal,
                    format!("{} {}.", w.acts(*player, "discard"), and_list(&names)),
                    vec![],
                ));
            }
            Event::Revealed { player, card } => out.push(say(
                Normal,
                format!("{} {}.", w.acts(*player, "reveal"), w.labelled(*card)),
                vec![],
            )),
            Event::LookedAtHand { player, target } => {
                let text = if Some(*player) == w.viewer {
                    let hand = &w.game.players[target.ix()].hand;
                    let names: Vec<String> = hand.iter().map(|&c| w.labelled(c)).collect();
                    let cards = if names.is_empty() {
                        "no cards".to_string()
                    } else {
                        names.join(", ")
                    };
                    format!("You look at {} hand: {cards}.", w.possessive(*target))
                } else {
                    format!(
                        "{} at {} hand.",
                        w.acts(*player, "look"),
                        w.possessive(*target)
                    )
                };
                out.push(say(Normal, text, vec![]));
            }
            Event::Shuffled { player } => out.push(say(
                Normal,
                format!("{} deck is shuffled.", sentence(&w.possessive(*player))),
                vec![],
            )),
            Event::GainedVp {
                player,
                amount,
                total,
            } => out.push(say(
                Brief,
                format!("{} {amount} VP, {total} in all.", w.acts(*player, "gain")),
                vec![],
            )),
            Event::PowerChanged { amount, .. } => {
                let start = i - 1;
                while i < events.len()
                    && matches!(&events[i], Event::PowerChanged { amount: a, .. } if a == amount)
                {
                    i += 1;
                }
                out.push(power_changed(scene, *amount, &events[start..i]));
            }
            Event::BreakpointChanged { base, amount } => out.push(say(
                Normal,
                format!(
                    "{} breakpoint {:+} this turn, now {}.",
                    w.card(*base),
                    amount,
                    w.game.breakpoint(*base)
                ),
                vec![],
            )),
            Event::ExtraPlay { player, minion } => {
                let what = if *minion { "minion" } else { "action" };
                out.push(say(
                    Normal,
                    format!("{} an extra {what} play.", w.acts(*player, "get")),
                    vec![],
                ));
            }
            Event::ScoringBase { base } => out.push(say(
                Normal,
                format!(
                    "{} is ready to score: {} of {}.",
                    w.card(*base),
                    scene.before.base_power(*base).max(w.game.base_power(*base)),
                    scene.before.breakpoint(*base)
                ),
                vec![],
            )),
            Event::BaseScored { base, ranks } => {
                out.push(scored(scene, *base, ranks));
                // The VP these places gave are in the line already.
                while i < events.len()
                    && matches!(&events[i], Event::GainedVp { player, .. } if ranks.iter().any(|r| r.0 == *player))
                {
                    i += 1;
                }
                if let Some(s) = cleared(scene, events, *base) {
                    out.push(s);
                }
            }
            Event::BaseReplaced { old, new } => {
                let text = match new {
                    Some(new) => {
                        let bp = w.game.def(*new).base().map_or(0, |b| b.breakpoint);
                        format!(
                            "{} replaces {}, breakpoint {bp}.",
                            w.labelled_base(*new),
                            w.card(*old)
                        )
                    }
                    None => format!("{} is gone and no base replaces it.", w.card(*old)),
                };
                out.push(say(Brief, text, vec![]));
            }
            Event::Prevented { card, by } => {
                let text = if card == by {
                    format!(
                        "{} is protected by its own ability.",
                        sentence(&w.owned_card(*card, scene.actor))
                    )
                } else {
                    format!(
                        "{} is protected ({}).",
                        sentence(&w.owned_card(*card, scene.actor)),
                        w.card(*by)
                    )
                };
                out.push(say(Normal, text, vec![]));
            }
            Event::Named { player, faction } => out.push(say(
                Normal,
                format!("{} {}.", w.acts(*player, "name"), w.faction(faction)),
                vec![],
            )),
            Event::Used { player, card } => out.push(say(
                Normal,
                format!("{} {}.", w.acts(*player, "use"), w.card(*card)),
                vec![],
            )),
            Event::Passed { player } => {
                out.push(say(Full, format!("{}.", w.acts(*player, "pass")), vec![]))
            }
            Event::GameOver { winner } => out.push(say(Brief, game_over(w, *winner), vec![])),
            Event::LoopStopped { player } => out.push(say(
                Brief,
                format!(
                    "The game stops a loop: no more optional plays or choices in {} turn.",
                    w.possessive(*player)
                ),
                vec![],
            )),
        }
    }
    out
}

fn phase_name(phase: Phase) -> Option<&'static str> {
    match phase {
        Phase::PlayCards => Some("play cards"),
        Phase::ScoreBases => Some("score bases"),
        Phase::Draw => Some("draw two cards"),
        Phase::EndTurn => Some("end of turn"),
        Phase::Setup | Phase::StartTurn | Phase::Over => None,
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

/// "into Bot 2's hand", "on the bottom of your deck".
fn zone_phrase(w: &Words, zone: Zone, owner: PlayerId, actor: PlayerId) -> String {
    let whose = own_possessive(w, owner, actor);
    match zone {
        Zone::Hand => format!("into {whose} hand"),
        Zone::DeckTop => format!("on top of {whose} deck"),
        Zone::DeckBottom => format!("on the bottom of {whose} deck"),
        Zone::Discard => format!("into {whose} discard pile"),
        Zone::Base(b) => format!("at {}", w.card(b)),
        Zone::Minion(m) => format!("on {}", w.card(m)),
        Zone::Box => "out of the game".to_string(),
    }
}

fn played(scene: &Scene, player: PlayerId, card: Uid, to: Option<Zone>, from: Zone) -> Said {
    let w = &scene.words;
    let from = match from {
        Zone::Discard => " from the discard pile",
        Zone::DeckTop | Zone::DeckBottom => " from the deck",
        _ => "",
    };
    let (target, bases) = match to {
        Some(Zone::Base(b)) => (format!(" on {}", w.card(b)), vec![b]),
        Some(Zone::Minion(m)) => {
            let base = base_then(scene, m);
            let at = base.map_or(String::new(), |b| format!(" at {}", w.card(b)));
            (
                format!(" on {}{at}", w.owned_card(m, player)),
                base.into_iter().collect(),
            )
        }
        Some(other) => (
            format!(" {}", zone_phrase(w, other, player, player)),
            vec![],
        ),
        None => (String::new(), vec![]),
    };
    let head = format!("{} {}{from}{target}", w.acts(player, "play"), w.card(card));
    // At full verbosity (codes on) an action's text follows: a listener may not know it.
    let text = match w.game.def(card).card() {
        Some(c) if w.codes && !c.is_minion() => format!("{head}: {}", c.text),
        _ => format!("{head}."),
    };
    say(Verbosity::Brief, text, bases)
}

/// One line for minions destroyed together by one player, all of one owner.
fn destroyed(scene: &Scene, by: PlayerId, group: &[Event]) -> Said {
    let w = &scene.words;
    let mut names = Vec::new();
    let mut bases = Vec::new();
    let mut owner = by;
    for e in group {
        if let Event::Destroyed { card, .. } = e {
            owner = scene.before.controller(*card);
            let base = base_then(scene, *card);
            names.push(match base {
                Some(b) => format!("{} at {}", w.card(*card), w.card(b)),
                None => w.card(*card),
            });
            bases.extend(base);
        }
    }
    let whose = match (owner == by, Some(owner) == w.viewer) {
        (true, true) => "of your own".to_string(),
        (true, false) => "of their own".to_string(),
        (false, true) => "of yours".to_string(),
        (false, false) => format!("of {}", w.possessive(owner)),
    };
    let text = match names.as_slice() {
        [one] if owner == by => format!("{} {one}.", w.acts(by, "destroy")),
        [one] => format!("{} {} {one}.", w.acts(by, "destroy"), w.possessive(owner)),
        _ => format!(
            "{} {} {whose}: {}.",
            w.acts(by, "destroy"),
            count(names.len(), "minion"),
            and_list(&names)
        ),
    };
    say(Verbosity::Brief, text, bases)
}

/// "Your First Mate gets +2 power, now 4." or, grouped, "+1 power for 3 minions: ...".
fn power_changed(scene: &Scene, amount: i32, group: &[Event]) -> Said {
    let w = &scene.words;
    let cards: Vec<Uid> = group
        .iter()
        .filter_map(|e| match e {
            Event::PowerChanged { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    let bases: Vec<Uid> = cards.iter().filter_map(|&c| base_then(scene, c)).collect();
    let now = |c: Uid| match w.game.minion(c) {
        Some(_) => format!(", now {}", w.game.power(c)),
        None => String::new(),
    };
    let text = match cards.as_slice() {
        [one] => format!(
            "{} gets {amount:+} power{}.",
            sentence(&w.owned_card(*one, scene.actor)),
            now(*one)
        ),
        many => {
            let names: Vec<String> = many
                .iter()
                .map(|&c| format!("{}{}", w.owned_card(c, scene.actor), now(c)))
                .collect();
            format!(
                "{amount:+} power for {} minions: {}.",
                many.len(),
                names.join("; ")
            )
        }
    };
    say(Verbosity::Normal, text, bases)
}

/// "Tortuga scores: Bot 2 first with 14 power, 4 VP; you second with 9, 3 VP."
fn scored(scene: &Scene, base: Uid, ranks: &[(PlayerId, i32, u32)]) -> Said {
    let w = &scene.words;
    let places = ["first", "second", "third", "fourth"];
    let parts: Vec<String> = ranks
        .iter()
        .map(|&(p, power, vp)| {
            let above = ranks.iter().filter(|r| r.1 > power).count();
            let place = places.get(above).copied().unwrap_or("last");
            format!("{} {place} with {power} power, {vp} VP", w.player(p))
        })
        .collect();
    let text = if parts.is_empty() {
        format!("{} scores: no one has minions there.", w.card(base))
    } else {
        format!("{} scores: {}.", w.card(base), parts.join("; "))
    };
    say(Verbosity::Brief, text, vec![])
}

/// The minions that went to the discard piles when a base scored, by owner.
fn cleared(scene: &Scene, events: &[Event], base: Uid) -> Option<Said> {
    let w = &scene.words;
    let destroyed: Vec<Uid> = events
        .iter()
        .filter_map(|e| match e {
            Event::Destroyed { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    let mut there: Vec<Uid> = scene
        .before
        .base_index(base)
        .map(|b| {
            scene.before.bases[b]
                .minions
                .iter()
                .map(|m| m.card)
                .collect()
        })
        .unwrap_or_default();
    for e in events {
        match e {
            Event::Played {
                card,
                to: Some(Zone::Base(b)),
                ..
            }
            | Event::Moved { card, to: b, .. }
                if *b == base =>
            {
                there.push(*card)
            }
            _ => {}
        }
    }
    let gone: Vec<Uid> = there
        .into_iter()
        .filter(|c| !destroyed.contains(c))
        .filter(|&c| matches!(w.game.locate(c), Loc::Discard(_)))
        .collect();
    if gone.is_empty() {
        return None;
    }
    let mut parts = Vec::new();
    for p in (0..w.game.players.len() as u8).map(PlayerId) {
        let n = gone.iter().filter(|&&c| w.game.owner(c) == p).count();
        if n > 0 {
            let whose = if Some(p) == w.viewer {
                "of yours".to_string()
            } else {
                format!("of {}", w.possessive(p))
            };
            parts.push(format!("{} {whose}", count(n, "minion")));
        }
    }
    Some(say(
        Verbosity::Normal,
        format!(
            "From {} to the discard piles: {}.",
            w.card(base),
            and_list(&parts)
        ),
        vec![],
    ))
}

/// "Game over: Bot 2 wins with 16 VP. You 12 VP, Bot 3 9 VP."
fn game_over(w: &Words, winner: PlayerId) -> String {
    let scores: Vec<String> = (0..w.game.players.len() as u8)
        .map(PlayerId)
        .map(|p| {
            format!(
                "{} {} VP",
                sentence(&w.player(p)),
                w.game.players[p.ix()].vp
            )
        })
        .collect();
    let verb = if Some(winner) == w.viewer {
        "You win".to_string()
    } else {
        format!("{} wins", sentence(&w.name(winner)))
    };
    format!("Game over: {verb}. Final scores: {}.", scores.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, BotKind};
    use crate::engine::{Choice, GameConfig, PlayTo};
    use crate::play::seat::Seat;

    fn game() -> (GameState, Vec<Event>, Vec<Seat>) {
        let config = GameConfig {
            seed: 5,
            factions: vec![
                ["pirates".into(), "ninjas".into()],
                ["aliens".into(), "dinosaurs".into()],
            ],
            all_bases: false,
            shared_factions: false,
            first_player: Some(0),
        };
        let mut game = GameState::new(&config).unwrap();
        let events = game.take_events();
        let seats = vec![
            Seat {
                name: "You".into(),
                bot: None,
            },
            Seat {
                name: "Bot 2".into(),
                bot: Some(Bot::new(BotKind::Heuristic, 1)),
            },
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
                game,
                seats,
                viewer: Some(PlayerId(0)),
                codes: v == Verbosity::Full,
            },
            actor: game.turn.player,
            scoring: &[],
        };
        narrate(&scene, events, v)
    }

    #[test]
    fn the_deal_shows_your_cards_and_hides_theirs() {
        let (game, events, seats) = game();
        let said = lines(&game, &game, &seats, &events, Verbosity::Normal);
        assert!(said[0].starts_with("You draw 5 cards: "), "{said:?}");
        assert_eq!(said[1], "Bot 2 draws 5 cards.");
        assert!(said.contains(&"Turn 1, your turn.".to_string()), "{said:?}");
        // Phases are told only at full verbosity; the deal is not brief.
        assert!(!said.iter().any(|l| l.contains("play cards")));
        let full = lines(&game, &game, &seats, &events, Verbosity::Full);
        assert!(full.iter().any(|l| l == "You: play cards."), "{full:?}");
        let brief = lines(&game, &game, &seats, &events, Verbosity::Brief);
        assert_eq!(brief, vec!["Turn 1, your turn.".to_string()]);
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
            },
            Event::GainedVp {
                player: PlayerId(0),
                amount: 2,
                total: 2,
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
    fn verbosity_names_parse() {
        assert_eq!(Verbosity::parse("b"), Some(Verbosity::Brief));
        assert_eq!(Verbosity::parse("NORMAL"), Some(Verbosity::Normal));
        assert_eq!(Verbosity::parse(""), None);
        assert_eq!(Verbosity::parse("loud"), None);
    }
}
