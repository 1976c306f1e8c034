//! Scenario files: a position, the answers to give, and what must hold afterwards,
//! in RON, so that a player can check a ruling and a reviewer can add a case
//! without writing Rust. `cargo test` runs every file in `tests/scenarios/`;
//! `smashup scenario FILE...` runs any file and prints pass or fail with the difference.
//!
//! Cards are named by id (`pirates.pirate_king`). Where several copies would match,
//! the first in table order (bases left to right, minions in arrival order) is meant.

use crate::engine::board::Loc;
use crate::engine::events::Event;
use crate::engine::position::Position;
use crate::engine::{Ask, Choice, GameState, Phase, PlayTo, PlayerId, Uid};
use serde::{Deserialize, Serialize};

/// A scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// What it shows, in one line.
    pub name: String,
    /// The position.
    pub position: Position,
    /// Answers and checks, in order.
    pub steps: Vec<Step>,
}

/// One step: give an answer, or check the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// Answer the pending question with the option matching this.
    Answer(Answer),
    /// Check that this holds now.
    Check(Check),
}

/// An answer, by card id rather than by option number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// Play a card (no target, or on a base or a minion).
    Play(String),
    /// Play a card on a base.
    PlayOn(String, String),
    /// Use a Special or Talent of this card.
    Use(String),
    /// End the Play Cards phase.
    EndTurn,
    /// Choose this card.
    Card(String),
    /// Choose this card of this owner.
    CardOf(String, u8),
    /// Choose this base.
    Base(String),
    /// Choose this player.
    Player(u8),
    /// Choose this faction.
    Faction(String),
    /// Yes.
    Yes,
    /// No.
    No,
    /// Stop choosing.
    Done,
    /// Use nothing now.
    Pass,
    /// Play this card from its owner's discard pile (not a copy in hand) on a base:
    /// They're Coming To Get You, Zombie Lord.
    PlayFromDiscard(String, String),
    /// Pick a waiting triggered ability by its card (a base or a card id): which
    /// happens first, or which optional ability to use now.
    Ability(String),
    /// Pick a waiting triggered ability by its card and the card it is about (the
    /// minion destroyed or played): `AbilityFor("bases.tar_pits", "robots.zapbot")`.
    AbilityFor(String, String),
    /// Use the play granted by this card (its id), or `"normal"` for the turn's
    /// normal play, when a card fits several plays.
    PlayUsing(String),
    /// Go on after a pause (see `pause_at` in the position).
    Continue,
    /// Pick mode number N (from 0, in the card's order) of a "choose one".
    Mode(u8),
    /// Choose this number (a power: Chestbreaker, Game Over, Dude!).
    Number(i32),
}

/// Something that must hold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Check {
    /// The player's hand holds exactly these cards (any order).
    Hand(u8, Vec<String>),
    /// The player's deck is exactly this, top first.
    Deck(u8, Vec<String>),
    /// The player's discard pile holds exactly these cards (any order).
    Discard(u8, Vec<String>),
    /// The minions on this base are exactly these (any order).
    Minions(String, Vec<String>),
    /// The actions on this base (on the base itself) are exactly these.
    Actions(String, Vec<String>),
    /// The actions attached to this minion are exactly these.
    Attached(String, Vec<String>),
    /// The bases in play are exactly these, in table order.
    Bases(Vec<String>),
    /// This card's current power (the first copy in play).
    Power(String, i32),
    /// How many +1 power counters this minion has (the first copy in play).
    Counters(String, u32),
    /// A player's total power on a base.
    PlayerPower(String, u8, i32),
    /// The total power on a base.
    TotalPower(String, i32),
    /// A base's current breakpoint.
    Breakpoint(String, i32),
    /// A player's VP.
    Vp(u8, u32),
    /// Who controls this minion.
    Controller(String, u8),
    /// The pending question is for this player and has these many options.
    Options(u8, usize),
    /// This option is on offer now.
    Offered(Answer),
    /// This option is not on offer now.
    NotOffered(Answer),
    /// The game is in this phase.
    Phase(Phase),
    /// Whose turn it is.
    Turn(u8),
    /// The game is over and this player won.
    Winner(u8),
    /// Some event since the start has this kind (the enum variant name, e.g. "Destroyed").
    Happened(String),
    /// No event since the start has this kind.
    NotHappened(String),
    /// The base deck holds exactly these bases (any order: some effects shuffle it,
    /// e.g. Terraforming).
    BaseDeck(Vec<String>),
    /// The base discard pile holds exactly these bases (any order).
    BaseDiscard(Vec<String>),
    /// The player's deck holds exactly these cards, in any order (after a shuffle:
    /// Microbot Reclaimer).
    DeckHolds(u8, Vec<String>),
    /// The base deck is exactly these bases, top first (an order a player chose:
    /// School of Wizardry).
    BaseDeckOrder(Vec<String>),
    /// How many cards the player has in hand (which ones depends on a shuffle:
    /// Winds of Change).
    HandSize(u8, usize),
    /// How many cards the player's deck holds.
    DeckSize(u8, usize),
    /// The pending question is of this kind (the `Ask` variant name: "Order",
    /// "Optional", "May", "Choose", "Main", ...) and for this player.
    Asked(u8, String),
    /// Some event of this kind was about this card (by id), e.g.
    /// `HappenedTo("Destroyed", "robots.zapbot")`.
    HappenedTo(String, String),
    /// Some event of this kind had this player as its actor (the player who played,
    /// drew, discarded, gained VP, used, passed ...).
    HappenedFor(String, u8),
    /// No event of this kind was about this card.
    NotHappenedTo(String, String),
    /// Some event of this kind had this actor and was about this card:
    /// `HappenedBy("Played", 1, "ninjas.shinobi")`.
    HappenedBy(String, u8, String),
    /// These events, each a kind and a card id ("" for any card), happened in this
    /// order (others may come between): pins what resolved first.
    InOrder(Vec<(String, String)>),
    /// The power of the copy of this card on this base: `PowerAt(card, base, power)`.
    PowerAt(String, String, i32),
    /// The power of the copy of this card owned by this player.
    PowerOwned(String, u8, i32),
    /// The game is not over: nobody has won.
    NoWinner,
    /// The player's cards in stasis are exactly these, with these stasis counters
    /// (any order).
    Stasis(u8, Vec<(String, u32)>),
    /// The cards stored under this card in play or in stasis (the first copy) are
    /// exactly these (any order).
    Stored(String, Vec<String>),
    /// The box (out of the game) holds exactly these cards and bases (any order).
    Boxed(Vec<String>),
}

/// A scenario that did not hold, with a readable difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The step, from 1.
    pub step: usize,
    /// What went wrong.
    pub message: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "step {}: {}", self.step, self.message)
    }
}

/// Reads a scenario file; errors name the file, line and column.
pub fn parse(file: &str, text: &str) -> Result<Scenario, String> {
    ron::from_str(text)
        .map_err(|e| format!("{file}:{}:{}: {}", e.position.line, e.position.col, e.code))
}

/// What happened at one step of a scenario: the game before and after it, and its
/// events (the first batch, at step 0, is the set-up's).
pub struct Batch<'a> {
    /// The step, from 1 (0: the set-up).
    pub step: usize,
    /// The game before the answer.
    pub before: &'a GameState,
    /// The game after it.
    pub after: &'a GameState,
    /// What the answer caused.
    pub events: &'a [Event],
}

/// Runs a scenario. A step that answers a question the game does not ask, or a
/// question still open (other than the main decision) at the end, is a failure.
pub fn run(s: &Scenario) -> Result<GameState, Failure> {
    run_watched(s, None)
}

/// [`run`], showing each batch of events to `watch` as it happens (a test of the
/// narration of every scenario).
pub fn run_watched(
    s: &Scenario,
    mut watch: Option<&mut dyn FnMut(Batch)>,
) -> Result<GameState, Failure> {
    let fail = |step: usize, message: String| Failure { step, message };
    let mut game = GameState::from_position(&s.position).map_err(|m| fail(0, m))?;
    let mut events: Vec<Event> = game.take_events();
    if let Some(w) = watch.as_mut() {
        w(Batch {
            step: 0,
            before: &game,
            after: &game,
            events: &events,
        });
    }
    for (i, step) in s.steps.iter().enumerate() {
        let n = i + 1;
        match step {
            Step::Answer(a) => {
                let Some(decision) = game.pending() else {
                    return Err(fail(n, format!("answer {a:?} given, but the game is over")));
                };
                let Some(index) = decision.options.iter().position(|c| matches(&game, a, c)) else {
                    return Err(fail(
                        n,
                        format!(
                            "the game does not offer {a:?}; it asks {:?} of player {} with options: {}",
                            decision.ask,
                            decision.player.0,
                            describe_options(&game, &decision.options)
                        ),
                    ));
                };
                let before = watch.is_some().then(|| game.clone());
                let batch = game.answer(index).map_err(|e| fail(n, e.to_string()))?;
                if let (Some(w), Some(before)) = (watch.as_mut(), &before) {
                    w(Batch {
                        step: n,
                        before,
                        after: &game,
                        events: &batch,
                    });
                }
                events.extend(batch);
            }
            Step::Check(c) => check(&game, &events, c).map_err(|m| fail(n, m))?,
        }
    }
    if let Some(d) = game.pending() {
        if d.ask != Ask::Main {
            return Err(fail(
                s.steps.len() + 1,
                format!(
                    "a question is left unanswered: {:?} of player {} with options: {}",
                    d.ask,
                    d.player.0,
                    describe_options(&game, &d.options)
                ),
            ));
        }
    }
    Ok(game)
}

fn id(game: &GameState, card: Uid) -> &'static str {
    game.def(card).id()
}

fn matches(game: &GameState, a: &Answer, c: &Choice) -> bool {
    let to_base = |to: &Option<PlayTo>, base: &str| match to {
        Some(PlayTo::Base(b)) => id(game, *b) == base,
        Some(PlayTo::Minion(m)) => id(game, *m) == base,
        None => false,
    };
    match (a, c) {
        (Answer::Play(card), Choice::Play { card: x, to: None }) => id(game, *x) == card,
        (Answer::PlayOn(card, on), Choice::Play { card: x, to }) => {
            id(game, *x) == card && to_base(to, on)
        }
        (Answer::Use(card), Choice::Use { card: x, .. }) => id(game, *x) == card,
        (Answer::EndTurn, Choice::EndTurn) => true,
        (Answer::Card(card), Choice::Card(x)) => id(game, *x) == card,
        (Answer::CardOf(card, owner), Choice::Card(x)) => {
            id(game, *x) == card && game.owner(*x) == PlayerId(*owner)
        }
        (Answer::Base(base), Choice::Base(x)) => id(game, *x) == base,
        (Answer::Player(p), Choice::Player(x)) => x.0 == *p,
        (Answer::Faction(f), Choice::Faction(x)) => x.as_str() == f.as_str(),
        (Answer::Yes, Choice::Yes)
        | (Answer::No, Choice::No)
        | (Answer::Done, Choice::Done)
        | (Answer::Pass, Choice::Pass) => true,
        (Answer::PlayFromDiscard(card, on), Choice::Play { card: x, to }) => {
            id(game, *x) == card && to_base(to, on) && matches!(game.locate(*x), Loc::Discard(_))
        }
        (Answer::Ability(card), Choice::Ability { source, .. }) => id(game, *source) == card,
        (Answer::AbilityFor(card, about), Choice::Ability { source, subject }) => {
            id(game, *source) == card && subject.is_some_and(|s| id(game, s) == about)
        }
        (Answer::PlayUsing(card), Choice::Allowance(a)) => match a.source {
            Some(src) => id(game, src) == card,
            None => card == "normal",
        },
        (Answer::Continue, Choice::Continue) => true,
        (Answer::Mode(n), Choice::Mode { index, .. }) => index == n,
        (Answer::Number(n), Choice::Number(x)) => x == n,
        _ => false,
    }
}

/// The options in card ids, for failure messages.
pub fn describe_options(game: &GameState, options: &[Choice]) -> String {
    options
        .iter()
        .map(|c| match c {
            Choice::Play { card, to } => match to {
                Some(PlayTo::Base(b) | PlayTo::Minion(b)) => {
                    format!("PlayOn({}, {})", id(game, *card), id(game, *b))
                }
                None => format!("Play({})", id(game, *card)),
            },
            Choice::Use { card, .. } => format!("Use({})", id(game, *card)),
            Choice::Card(x) => format!("Card({}, owner {})", id(game, *x), game.owner(*x).0),
            Choice::Base(x) => format!("Base({})", id(game, *x)),
            Choice::Ability { source, subject } => match subject {
                Some(s) => format!("AbilityFor({}, {})", id(game, *source), id(game, *s)),
                None => format!("Ability({})", id(game, *source)),
            },
            Choice::Allowance(a) => {
                format!("PlayUsing({})", a.source.map_or("normal", |s| id(game, s)))
            }
            Choice::Mode { index, label } => format!("Mode({index}: {label})"),
            other => format!("{other:?}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn ids(game: &GameState, cards: &[Uid]) -> Vec<String> {
    cards.iter().map(|&c| id(game, c).to_string()).collect()
}

fn base_named(game: &GameState, base: &str) -> Result<usize, String> {
    game.bases
        .iter()
        .position(|b| id(game, b.card) == base)
        .ok_or_else(|| {
            format!(
                "{base} is not in play; bases: {:?}",
                ids(game, &game.bases.iter().map(|b| b.card).collect::<Vec<_>>())
            )
        })
}

fn minion_named(game: &GameState, card: &str) -> Result<Uid, String> {
    game.bases
        .iter()
        .flat_map(|b| &b.minions)
        .map(|m| m.card)
        .find(|&c| id(game, c) == card)
        .ok_or_else(|| format!("{card} is not in play"))
}

/// A minion, an action on a base or a minion, or a card in stasis (the first copy).
fn card_in_play_named(game: &GameState, card: &str) -> Result<Uid, String> {
    game.bases
        .iter()
        .flat_map(|b| {
            b.minions
                .iter()
                .flat_map(|m| std::iter::once(m.card).chain(m.attached.iter().map(|a| a.card)))
                .chain(b.actions.iter().map(|a| a.card))
        })
        // Cards in stasis are in play too (rulebook "Stasis").
        .chain(
            game.players
                .iter()
                .flat_map(|p| p.stasis.iter().map(|&(c, _)| c)),
        )
        .find(|&c| id(game, c) == card)
        .ok_or_else(|| format!("{card} is not in play"))
}

fn same(what: &str, expected: Vec<String>, actual: Vec<String>) -> Result<(), String> {
    if expected == actual {
        Ok(())
    } else {
        Err(format!("{what}: expected {expected:?}, found {actual:?}"))
    }
}

fn equal<T: PartialEq + std::fmt::Debug>(what: &str, expected: T, actual: T) -> Result<(), String> {
    if expected == actual {
        Ok(())
    } else {
        Err(format!("{what}: expected {expected:?}, found {actual:?}"))
    }
}

fn player(game: &GameState, p: u8) -> Result<&crate::engine::state::Player, String> {
    game.players
        .get(p as usize)
        .ok_or_else(|| format!("there is no player {p}"))
}

fn event_kind(e: &Event) -> String {
    let text = format!("{e:?}");
    text.split([' ', '{', '('])
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The player who acted in an event, if it names one.
fn event_player(e: &Event) -> Option<PlayerId> {
    match e {
        Event::TurnStarted { player, .. }
        | Event::PhaseStarted { player, .. }
        | Event::Mulligan { player }
        | Event::Played { player, .. }
        | Event::Drew { player, .. }
        | Event::Discarded { player, .. }
        | Event::Revealed { player, .. }
        | Event::LookedAtHand { player, .. }
        | Event::Shuffled { player, .. }
        | Event::GainedVp { player, .. }
        | Event::ExtraPlay { player, .. }
        | Event::ExtraPlayNextTurn { player, .. }
        | Event::Named { player, .. }
        | Event::Used { player, .. }
        | Event::BaseToBottom { player, .. }
        | Event::BaseToTop { player, .. }
        | Event::RevealedFromTop { player, .. }
        | Event::ShuffledBack { player, .. }
        | Event::OthersPowerWhereAction { player, .. }
        | Event::PowerNamed { player, .. }
        | Event::Passed { player } => Some(*player),
        Event::Destroyed { by, .. } | Event::ActionDestroyed { by, .. } => Some(*by),
        Event::GameOver { winner } => Some(*winner),
        _ => None,
    }
}

/// The cards an event is about.
fn event_cards(e: &Event) -> Vec<Uid> {
    match e {
        Event::Played { card, .. }
        | Event::Destroyed { card, .. }
        | Event::ActionDestroyed { card, .. }
        | Event::Moved { card, .. }
        | Event::Returned { card, .. }
        | Event::Placed { card, .. }
        | Event::Revealed { card, .. }
        | Event::PowerChanged { card, .. }
        | Event::Prevented { card, .. }
        | Event::Used { card, .. }
        | Event::ControlChanged { card, .. }
        | Event::Transferred { card, .. }
        | Event::ShuffledIntoDeck { card, .. }
        | Event::CountersChanged { card, .. }
        | Event::EnteredStasis { card, .. }
        | Event::StasisCountersChanged { card, .. }
        | Event::DiscardedFromStasis { card, .. } => vec![*card],
        Event::EndOfTurnScheduled {
            card: Some(card), ..
        } => vec![*card],
        Event::BaseAdded { base, .. }
        | Event::BaseRevealed { base, .. }
        | Event::BaseDiscarded { base, .. } => vec![*base],
        Event::Drew { cards, .. }
        | Event::Discarded { cards, .. }
        | Event::RevealedFromTop { cards, .. }
        | Event::ShuffledBack { cards, .. } => cards.clone(),
        Event::BaseDestroyed { base, .. } => vec![*base],
        Event::ScoringBase { base } | Event::BaseScored { base, .. } => vec![*base],
        Event::BreakpointChanged { base, .. } => vec![*base],
        Event::BaseReplaced { old, .. } => vec![*old],
        _ => Vec::new(),
    }
}

/// True when the event has this kind and is about this card id ("" for any).
fn event_is(game: &GameState, e: &Event, kind: &str, card: &str) -> bool {
    event_kind(e) == kind
        && (card.is_empty() || event_cards(e).iter().any(|&c| id(game, c) == card))
}

fn check(game: &GameState, events: &[Event], c: &Check) -> Result<(), String> {
    let kinds = || {
        events
            .iter()
            .map(event_kind)
            .collect::<Vec<String>>()
            .join(", ")
    };
    match c {
        Check::Asked(p, kind) => {
            let d = game.pending().ok_or("nothing is asked")?;
            let asked = format!("{:?}", d.ask);
            let name = asked.split([' ', '{', '(']).next().unwrap_or_default();
            equal("question", (kind.as_str(), PlayerId(*p)), (name, d.player))
        }
        Check::HappenedTo(kind, card) | Check::NotHappenedTo(kind, card) => {
            let happened = events.iter().any(|e| event_is(game, e, kind, card));
            let want = matches!(c, Check::HappenedTo(..));
            if happened == want {
                Ok(())
            } else {
                Err(format!(
                    "an event {kind} about {card} should {}have happened; events: {}",
                    if want { "" } else { "not " },
                    kinds()
                ))
            }
        }
        Check::HappenedBy(kind, p, card) => {
            if events
                .iter()
                .any(|e| event_is(game, e, kind, card) && event_player(e) == Some(PlayerId(*p)))
            {
                Ok(())
            } else {
                Err(format!(
                    "no event {kind} by player {p} about {card}; events: {}",
                    kinds()
                ))
            }
        }
        Check::HappenedFor(kind, p) => {
            if events
                .iter()
                .any(|e| &event_kind(e) == kind && event_player(e) == Some(PlayerId(*p)))
            {
                Ok(())
            } else {
                Err(format!(
                    "no event {kind} by player {p}; events: {}",
                    kinds()
                ))
            }
        }
        Check::InOrder(wanted) => {
            let mut rest = events.iter();
            for (kind, card) in wanted {
                if !rest.any(|e| event_is(game, e, kind, card)) {
                    return Err(format!(
                        "events not in the order {wanted:?}: {kind} {card} missing after the earlier ones; events: {}",
                        kinds()
                    ));
                }
            }
            Ok(())
        }
        Check::PowerAt(card, base, n) => {
            let b = base_named(game, base)?;
            let m = game.bases[b]
                .minions
                .iter()
                .find(|m| id(game, m.card) == card)
                .ok_or_else(|| format!("{card} is not on {base}"))?;
            equal(
                &format!("power of {card} on {base}"),
                *n,
                game.power(m.card),
            )
        }
        Check::PowerOwned(card, p, n) => {
            let m = game
                .bases
                .iter()
                .flat_map(|b| &b.minions)
                .find(|m| id(game, m.card) == card && game.owner(m.card) == PlayerId(*p))
                .ok_or_else(|| format!("no {card} of player {p} is in play"))?;
            equal(
                &format!("power of player {p}'s {card}"),
                *n,
                game.power(m.card),
            )
        }
        Check::NoWinner => equal("winner", None, game.winner),
        Check::Hand(p, cards) => same(
            &format!("player {p}'s hand"),
            sorted(cards.clone()),
            sorted(ids(game, &player(game, *p)?.hand)),
        ),
        Check::Deck(p, cards) => same(
            &format!("player {p}'s deck"),
            cards.clone(),
            ids(game, &player(game, *p)?.deck),
        ),
        Check::Discard(p, cards) => same(
            &format!("player {p}'s discard pile"),
            sorted(cards.clone()),
            sorted(ids(game, &player(game, *p)?.discard)),
        ),
        Check::Minions(base, cards) => {
            let b = base_named(game, base)?;
            let actual: Vec<Uid> = game.bases[b].minions.iter().map(|m| m.card).collect();
            same(
                &format!("minions on {base}"),
                sorted(cards.clone()),
                sorted(ids(game, &actual)),
            )
        }
        Check::Actions(base, cards) => {
            let b = base_named(game, base)?;
            let actual: Vec<Uid> = game.bases[b].actions.iter().map(|a| a.card).collect();
            same(
                &format!("actions on {base}"),
                sorted(cards.clone()),
                sorted(ids(game, &actual)),
            )
        }
        Check::Attached(minion, cards) => {
            let m = minion_named(game, minion)?;
            let actual: Vec<Uid> = game
                .minion(m)
                .map(|m| m.attached.iter().map(|a| a.card).collect())
                .unwrap_or_default();
            same(
                &format!("actions on {minion}"),
                sorted(cards.clone()),
                sorted(ids(game, &actual)),
            )
        }
        Check::Bases(bases) => same(
            "bases in play",
            bases.clone(),
            ids(game, &game.bases.iter().map(|b| b.card).collect::<Vec<_>>()),
        ),
        Check::Power(card, n) => equal(
            &format!("power of {card}"),
            *n,
            game.power(minion_named(game, card)?),
        ),
        Check::Stasis(p, want) => {
            let player = player(game, *p)?;
            let mut got: Vec<(String, u32)> = player
                .stasis
                .iter()
                .map(|&(c, n)| (id(game, c).to_string(), n))
                .collect();
            let mut want = want.clone();
            got.sort();
            want.sort();
            equal(&format!("player {p}'s cards in stasis"), want, got)
        }
        Check::Stored(host, want) => {
            let h = card_in_play_named(game, host)?;
            same(
                &format!("cards stored under {host}"),
                sorted(want.clone()),
                sorted(ids(game, &game.stored_under(h))),
            )
        }
        Check::Boxed(want) => same(
            "the box",
            sorted(want.clone()),
            sorted(ids(game, &game.boxed)),
        ),
        Check::Counters(card, n) => {
            let m = minion_named(game, card)?;
            equal(
                &format!("+1 power counters on {card}"),
                *n,
                game.minion(m).map_or(0, |m| m.counters),
            )
        }
        Check::PlayerPower(base, p, n) => {
            let b = game.bases[base_named(game, base)?].card;
            equal(
                &format!("player {p}'s power on {base}"),
                *n,
                game.player_power(b, PlayerId(*p)),
            )
        }
        Check::TotalPower(base, n) => {
            let b = game.bases[base_named(game, base)?].card;
            equal(&format!("total power on {base}"), *n, game.base_power(b))
        }
        Check::Breakpoint(base, n) => {
            let b = game.bases[base_named(game, base)?].card;
            equal(&format!("breakpoint of {base}"), *n, game.breakpoint(b))
        }
        Check::Vp(p, n) => equal(&format!("player {p}'s VP"), *n, player(game, *p)?.vp),
        Check::Controller(card, p) => {
            let m = minion_named(game, card)?;
            equal(
                &format!("controller of {card}"),
                PlayerId(*p),
                game.controller(m),
            )
        }
        Check::Options(p, n) => {
            let d = game.pending().ok_or("nothing is asked")?;
            equal("asked player", PlayerId(*p), d.player)?;
            equal(
                &format!("number of options ({})", describe_options(game, &d.options)),
                *n,
                d.options.len(),
            )
        }
        Check::Offered(a) | Check::NotOffered(a) => {
            let d = game.pending().ok_or("nothing is asked")?;
            let offered = d.options.iter().any(|c| matches(game, a, c));
            let want = matches!(c, Check::Offered(_));
            if offered == want {
                Ok(())
            } else {
                Err(format!(
                    "{a:?} should {}be offered; options: {}",
                    if want { "" } else { "not " },
                    describe_options(game, &d.options)
                ))
            }
        }
        Check::Phase(p) => equal("phase", *p, game.turn.phase),
        Check::Turn(p) => equal("whose turn", PlayerId(*p), game.turn.player),
        Check::Winner(p) => equal("winner", Some(PlayerId(*p)), game.winner),
        Check::Happened(kind) | Check::NotHappened(kind) => {
            let happened = events.iter().any(|e| &event_kind(e) == kind);
            let want = matches!(c, Check::Happened(_));
            if happened == want {
                Ok(())
            } else {
                let kinds: Vec<String> = events.iter().map(event_kind).collect();
                Err(format!(
                    "an event {kind} should {}have happened; events: {}",
                    if want { "" } else { "not " },
                    kinds.join(", ")
                ))
            }
        }
        Check::BaseDeck(bases) => same(
            "base deck",
            sorted(bases.clone()),
            sorted(ids(game, &game.base_deck)),
        ),
        Check::BaseDiscard(bases) => same(
            "base discard pile",
            sorted(bases.clone()),
            sorted(ids(game, &game.base_discard)),
        ),
        Check::DeckHolds(p, cards) => same(
            &format!("player {p}'s deck (any order)"),
            sorted(cards.clone()),
            sorted(ids(game, &player(game, *p)?.deck)),
        ),
        Check::BaseDeckOrder(bases) => same(
            "base deck, top first",
            bases.clone(),
            ids(game, &game.base_deck),
        ),
        Check::HandSize(p, n) => equal(
            &format!("player {p}'s hand size"),
            *n,
            player(game, *p)?.hand.len(),
        ),
        Check::DeckSize(p, n) => equal(
            &format!("player {p}'s deck size"),
            *n,
            player(game, *p)?.deck.len(),
        ),
    }
}
