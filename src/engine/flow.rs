//! The turn and scoring procedure of the rulebooks, as tasks on a stack: start of
//! turn, play cards, score bases ("The Big Score", "Me First!"), draw two, end of
//! turn; and what each answer to a decision does.

use super::board::Loc;
use super::decision::{Ask, Choice, Decision, Pending, Resume};
use super::effect::{Choose, Effect, Static, Trigger};
use super::events::{Event, Zone};
use super::interp::Ctx;
use super::name;
use super::prog::{Held, Prog};
use super::state::{Allowance, Expiry, GameState, Lasting, Phase, PlayerId, Uid};
use super::window::Triggered;
use serde::{Deserialize, Serialize};

/// The VP total that ends the game unless its set-up says another ([`GameConfig::vp_goal`]).
///
/// [`GameConfig::vp_goal`]: super::setup::GameConfig::vp_goal
pub const DEFAULT_VP_GOAL: u32 = 15;
/// The VP goals a game may be set up with.
pub const VP_GOALS: std::ops::RangeInclusive<u32> = 5..=50;

/// The goal of games saved before it could be chosen (serde's default).
pub fn default_vp_goal() -> u32 {
    DEFAULT_VP_GOAL
}
/// The hand size allowed after drawing.
pub const HAND_LIMIT: usize = 10;
/// Decisions in one turn after which the game stops a loop: optional plays and
/// choices are declined and ability choices skipped until the turn ends. More than
/// ten times the most a random game has needed (73, in 60,000 games; see the
/// README), so only a loop reaches it.
pub const TURN_DECISION_LIMIT: u32 = 1000;

/// A `While` under way: its condition, body and context, and the count of changes
/// when its last round began (boxed in [`Task`], which is moved very often).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WhileLoop {
    pub cond: super::effect::Cond,
    pub body: Prog,
    pub ctx: Ctx,
    pub since: Option<u32>,
}

/// One piece of work still to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Task {
    /// Run one step of a program.
    Run(Prog, Ctx),
    /// A card's or base's ability begins to resolve: it is told
    /// ([`Event::Resolving`]), its program runs, then [`Task::Resolved`] closes it.
    Ability(Prog, Ctx),
    /// The ability of `by` has resolved: told with [`Event::Resolved`], quiet when no
    /// event was told since the `since`-th (see [`GameState::told`]).
    Resolved {
        by: Uid,
        player: PlayerId,
        since: u64,
    },
    /// Run a triggered ability as its own resolution (its triggers follow it).
    Resolve(Prog, Ctx),
    /// The second half of "do X to do Y": runs if something was done since `since`.
    IfDone { then: Prog, ctx: Ctx, since: u32 },
    /// One more round of a `While`, unless its condition fails or the last round
    /// (done when `since` was the count of changes) changed nothing.
    While(Box<WhileLoop>),
    /// Ask the next pick of an "up to N" choice.
    ChooseAgain(Held<Choose>, Box<Ctx>, u32),
    /// A resolution ends here: the abilities it triggered open their window, unless
    /// an outer card is still resolving.
    Flush,
    /// The rest of a window's mandatory abilities, for the current player to order.
    OrderRest(Vec<Triggered>),
    /// Several effects could replace this minion's destruction: the current player
    /// picks the one that does.
    PickReplacement(Uid, Vec<Triggered>),
    /// A window's optional abilities, offered round the table ("Me First!").
    OptionalRound {
        waiting: Vec<Triggered>,
        next: PlayerId,
        passes: u8,
    },
    /// A standard action finished resolving: to its owner's discard pile.
    FinishAction(Uid),
    /// A player discards this many cards of their choice (for a card's ability).
    DiscardChosen(PlayerId, u32, Uid),
    /// Offer an extra play that must be used now or lost.
    ImmediatePlay(PlayerId, Allowance),
    /// Score this base.
    ScoreBase(Uid),
    /// Offer "before scoring" Specials, round the table.
    SpecialRound {
        base: Uid,
        next: PlayerId,
        passes: u8,
        /// The round after the base scored (Lost City, Total Sellout).
        #[serde(default)]
        after: bool,
    },
    /// Award VP at the base, then its "when scoring" abilities.
    Award(Uid),
    /// The "after scoring" abilities of the base and the cards on it.
    AfterScoring(Uid),
    /// Discard what is left on the base and replace it.
    ClearBase(Uid),
    /// End-of-turn expiries, the win check, and the next player.
    FinishTurn,
    /// The start-of-turn abilities have resolved: the Play Cards phase begins.
    BeginPlayCards,
    /// A played card's on-play abilities have resolved: it is no longer being played
    /// (see [`GameState::playing`]).
    PlayResolved(Uid),
    /// The cards revealed off the top of `player`'s deck by the ability of `by` and
    /// not played go back: shuffled into the deck, once what was played has resolved.
    ShuffleBack {
        player: PlayerId,
        cards: Vec<Uid>,
        by: Uid,
    },
    /// A destroyed base, its cards destroyed, leaves play and is replaced.
    ReplaceDestroyedBase(Uid),
    /// An effect happens instead of this minion's destruction: it resolves, and what
    /// it changes does not count as the destruction (see [`Task::EndReplacement`]).
    Replace(Uid, Triggered),
    /// A replacement of this minion's destruction has resolved. Unless the minion was
    /// destroyed after all (The House of Nine Lives' owner letting it go), nothing it
    /// changed counts for a "do X to do Y": the count of changes goes back to `start`.
    EndReplacement { card: Uid, start: u32 },
}

/// Why an answer was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerError {
    /// The game is over; nothing is asked.
    NothingAsked,
    /// The index is not one of the options.
    NoSuchOption { given: usize, count: usize },
}

impl std::fmt::Display for AnswerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnswerError::NothingAsked => write!(f, "nothing is being asked: the game is over"),
            AnswerError::NoSuchOption { given, count } => {
                write!(
                    f,
                    "option {given} does not exist: expected 0 to {}",
                    count.saturating_sub(1)
                )
            }
        }
    }
}

impl std::error::Error for AnswerError {}

impl GameState {
    /// The question the game waits for, if it is not over.
    pub fn pending(&self) -> Option<&Decision> {
        self.pending.as_ref().map(|p| &p.decision)
    }

    /// Answers with the first option `pick` accepts: a scripted driver or a test names
    /// an option by what it is rather than by its number. None accepted changes nothing.
    pub fn answer_first(
        &mut self,
        pick: impl Fn(&Choice) -> bool,
    ) -> Result<Vec<Event>, AnswerError> {
        let Some(pending) = &self.pending else {
            return Err(AnswerError::NothingAsked);
        };
        let options = &pending.decision.options;
        match options.iter().position(pick) {
            Some(i) => self.answer(i),
            None => Err(AnswerError::NoSuchOption {
                given: options.len(),
                count: options.len(),
            }),
        }
    }

    /// Answers the pending question with the index of an option, runs the game on to
    /// the next question, and returns what happened. A bad index changes nothing.
    pub fn answer(&mut self, index: usize) -> Result<Vec<Event>, AnswerError> {
        let mut events = Vec::new();
        self.answer_into(index, &mut events)?;
        Ok(events)
    }

    /// [`Self::answer`], putting what happened in `events` (emptied first) rather than
    /// in a new list: a caller that answers many questions (a simulation, a search)
    /// keeps one list, and the game fills the room of the last one it was given. A bad
    /// index changes nothing, `events` neither.
    pub fn answer_into(
        &mut self,
        index: usize,
        events: &mut Vec<Event>,
    ) -> Result<(), AnswerError> {
        let Some(pending) = &self.pending else {
            return Err(AnswerError::NothingAsked);
        };
        let count = pending.decision.options.len();
        if index >= count {
            return Err(AnswerError::NoSuchOption {
                given: index,
                count,
            });
        }
        let Pending { decision, resume } = self.pending.take().expect("checked above");
        let choice = decision.options[index].clone();
        let player = decision.player;
        self.keep_options(decision);
        self.turn.decisions += 1;
        self.apply(player, resume, choice);
        self.advance();
        self.stop_loop();
        events.clear();
        self.told += self.events.len() as u64;
        std::mem::swap(&mut self.events, events);
        Ok(())
    }

    /// An ability begins: told, then its program runs and [`Task::Resolved`] closes it.
    fn begin_ability(&mut self, effect: Prog, ctx: Ctx) {
        let (by, player) = (ctx.source, ctx.you);
        self.events.push(Event::Resolving { by, player });
        self.quiet = None;
        // No program: a card's "when played from stasis, just discard it" (Future Almanac?).
        if effect.is_nothing() {
            self.note_quiet(super::events::Quiet::Condition(
                super::events::Unmet::JustDiscarded,
            ));
        }
        let since = self.told_so_far();
        self.stack.push(Task::Resolved { by, player, since });
        // The task loop would run the program next: it runs now.
        self.run_effect(effect, ctx);
    }

    /// An ability has resolved: quiet, with the reason last noted, when nothing was
    /// told since it began (nothing resolves in silence).
    fn ability_resolved(&mut self, by: Uid, player: PlayerId, since: u64) {
        let quiet = (self.told_so_far() == since)
            .then(|| self.quiet.unwrap_or(super::events::Quiet::NoChange));
        self.quiet = None;
        self.events.push(Event::Resolved { by, player, quiet });
    }

    /// How many events have been told so far: handed out, and waiting to be.
    fn told_so_far(&self) -> u64 {
        self.told + self.events.len() as u64
    }

    /// Notes why the ability resolving may change nothing (the last reason wins).
    pub(super) fn note_quiet(&mut self, why: super::events::Quiet) {
        self.quiet = Some(why);
    }

    /// The safety valve: past [`TURN_DECISION_LIMIT`] decisions this turn, declines
    /// every question that can be declined (end the turn, pass, no, done) and skips
    /// ability choices, until a question that must be answered (which base scores,
    /// what to discard) or the next turn.
    fn stop_loop(&mut self) {
        while self.turn.decisions >= TURN_DECISION_LIMIT {
            let Some(pending) = &self.pending else { return };
            let decline = pending.decision.options.iter().position(Choice::declines);
            let skip = matches!(pending.resume, Resume::Choose { .. });
            if decline.is_none() && !skip {
                return;
            }
            if !self.turn.loop_stopped {
                self.turn.loop_stopped = true;
                self.events.push(Event::LoopStopped {
                    player: self.turn.player,
                });
            }
            let Pending { decision, resume } = self.pending.take().expect("checked above");
            let choice = decline.map_or(Choice::Done, |i| decision.options[i].clone());
            self.apply(decision.player, resume, choice);
            self.advance();
        }
    }

    /// Runs tasks and phases until a question is pending or the game is over.
    pub(super) fn advance(&mut self) {
        while self.pending.is_none() && self.turn.phase != Phase::Over {
            if let Some(task) = self.stack.pop() {
                self.run_task(task);
            } else if !self.triggered.is_empty() {
                self.open_window();
            } else if self.pause_due() {
                let phase = self.turn.phase;
                self.paused = Some((self.turn.number, phase));
                self.pending = Some(Pending {
                    decision: Decision {
                        player: self.turn.player,
                        ask: Ask::Paused { phase },
                        options: vec![Choice::Continue],
                    },
                    resume: Resume::Paused,
                });
            } else {
                self.phase_step();
            }
        }
    }

    fn run_task(&mut self, task: Task) {
        match task {
            Task::Run(effect, ctx) => self.run_effect(effect, ctx),
            Task::Ability(effect, ctx) => self.begin_ability(effect, ctx),
            Task::Resolved { by, player, since } => {
                self.ability_resolved(by, player, since);
                self.flush_next();
            }
            Task::Resolve(effect, ctx) => {
                // [`Self::push_resolution`], with the ability begun at once.
                self.stack.push(Task::Flush);
                self.begin_ability(effect, ctx);
            }
            Task::ChooseAgain(choose, ctx, picked) => self.start_choice(choose, *ctx, picked),
            Task::Flush => self.resolution_finished(),
            Task::IfDone { then, ctx, since } => {
                if self.done != since {
                    self.run_effect(then, ctx);
                }
            }
            Task::While(mut w) => {
                if w.since == Some(self.done) {
                    return;
                }
                if !self.cond(&w.cond, &w.ctx) {
                    // Not so from the start: the loop did nothing (Square Deal).
                    if w.since.is_none() {
                        let why = self.unmet(&w.cond, &w.ctx);
                        self.note_quiet(super::events::Quiet::Condition(why));
                    }
                    return;
                }
                w.since = Some(self.done);
                let (body, ctx) = (w.body.clone(), w.ctx.clone());
                self.stack.push(Task::While(w));
                self.stack.push(Task::Run(body, ctx));
            }
            Task::OrderRest(waiting) => self.order_mandatory(waiting),
            Task::PickReplacement(card, waiting) => {
                self.pending = Some(Pending {
                    decision: Decision {
                        player: self.turn.player,
                        ask: Ask::Instead { card },
                        options: waiting.iter().map(Triggered::choice).collect(),
                    },
                    resume: Resume::Instead { card, waiting },
                });
            }
            Task::OptionalRound {
                waiting,
                next,
                passes,
            } => self.optional_round(waiting, next, passes),
            Task::FinishAction(card) => {
                self.discard_stored_off_table(card);
                let to = match self.redirected.iter().position(|&(c, _)| c == card) {
                    Some(i) => self.redirected.remove(i).1,
                    None => Zone::Discard,
                };
                self.put_in_zone(card, to);
            }
            Task::DiscardChosen(player, n, source) => {
                if n == 0 || self.players[player.ix()].hand.is_empty() {
                    return;
                }
                let mut ctx = self.ctx_of(source);
                ctx.you = player;
                let choose = Choose {
                    from: super::effect::Selector::Hand {
                        of: super::effect::PlayerSel::You,
                        filter: Default::default(),
                    },
                    bind: name::DISCARDED,
                    optional: false,
                    by: super::effect::PlayerSel::You,
                    times: Default::default(),
                    purpose: Some(super::effect::Purpose::Discard),
                    then: Effect::PutInDiscard(super::effect::Target::Var(name::DISCARDED)),
                    otherwise: Effect::Nothing,
                };
                if n > 1 {
                    self.stack.push(Task::DiscardChosen(player, n - 1, source));
                }
                self.start_choice(Held::owned(choose), ctx, 0);
            }
            Task::ImmediatePlay(player, allowance) => self.offer_immediate(player, allowance),
            Task::ScoreBase(base) => self.score_base(base),
            Task::SpecialRound {
                base,
                next,
                passes,
                after,
            } => self.special_round(base, next, passes, after),
            Task::Award(base) => self.award(base),
            Task::AfterScoring(base) => self.after_scoring(base),
            Task::ClearBase(base) => self.clear_base(base),
            Task::FinishTurn => self.finish_turn(),
            Task::PlayResolved(card) => {
                self.play_resolved(card);
                self.flush_next();
            }
            Task::ShuffleBack { player, cards, by } => self.shuffle_back(player, &cards, by),
            Task::ReplaceDestroyedBase(base) => {
                self.discard_and_replace(base, false);
            }
            Task::Replace(card, instead) => self.replace_destruction(card, instead),
            Task::EndReplacement { card, start } => {
                if self.minion(card).is_some() {
                    self.done = start;
                }
            }
            Task::BeginPlayCards => {
                let player = self.turn.player;
                self.turn.phase = Phase::PlayCards;
                self.events.push(Event::PhaseStarted {
                    player,
                    phase: Phase::PlayCards,
                });
                // Extra plays on each of a player's turns (Archmage): gained now, kept
                // for the turn even if the card leaves play.
                let each_turn: Vec<_> = self
                    .statics()
                    .filter(|(src, _)| !src.is_base && src.controller == player)
                    .filter_map(|(src, st)| match st {
                        Static::ExtraPlayEachTurn(spec) => Some((src.card, spec.clone())),
                        _ => None,
                    })
                    .collect();
                for (card, spec) in each_turn {
                    let ctx = self.ctx_of(card);
                    self.grant_extra(&spec, &ctx);
                }
                // Extra plays given earlier for this turn (Wraithrustlers HQ).
                let number = self.turn.number;
                let due =
                    |&(turn, p, _): &(u32, PlayerId, Allowance)| turn == number && p == player;
                if self.later_extras.iter().any(due) {
                    let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut self.later_extras)
                        .into_iter()
                        .partition(due);
                    self.later_extras = later;
                    self.turn
                        .allowances
                        .extend(now.into_iter().map(|(_, _, allowance)| allowance));
                }
            }
        }
    }

    /// Runs the [`Task::Flush`] on top of the stack now, if it is there: the end of
    /// the resolution that the task just run closed (an ability's, a play's), which the
    /// task loop would take next, since that task asks nothing and ends no game.
    fn flush_next(&mut self) {
        if matches!(self.stack.last(), Some(Task::Flush)) {
            // A `Flush` owns nothing: taken off without running a whole task's drop code.
            std::mem::forget(self.stack.pop());
            self.resolution_finished();
        }
    }

    /// Ends the lasting effects whose moment has come; control taken for a while goes
    /// back (to its owner's side) as it ends.
    /// Power and breakpoint changes that end are told (`at_start`: as a turn starts).
    fn expire(&mut self, ends: impl Fn(Expiry) -> bool, at_start: bool) {
        // Most often nothing ends: the list is kept as it is.
        if !self.lasting.iter().any(|l| ends(l.until)) {
            return;
        }
        // Taken out in place: the kept ones stay in the same list, in the same order.
        let gone: Vec<_> = self.lasting.extract_if(.., |l| ends(l.until)).collect();
        for l in gone {
            match l.what {
                Lasting::Control { minion, back_to } => self.set_controller(minion, back_to, None),
                Lasting::Power { minion, amount } if self.minion(minion).is_some() => {
                    self.events.push(Event::PowerChangeEnded {
                        card: minion,
                        amount,
                        at_start,
                    });
                }
                Lasting::PowerHere {
                    minion,
                    amount,
                    base,
                } if self.base_of(minion) == Some(base) => {
                    self.events.push(Event::PowerChangeEnded {
                        card: minion,
                        amount,
                        at_start,
                    });
                }
                Lasting::Breakpoint { base, amount } if self.base_index(base).is_some() => {
                    self.events.push(Event::BreakpointChangeEnded {
                        base,
                        amount,
                        at_start,
                    });
                }
                _ => {}
            }
        }
    }

    /// True when the game was asked to stop before this phase and has not yet this turn.
    fn pause_due(&self) -> bool {
        let now = (self.turn.number, self.turn.phase);
        self.pause_at.contains(&now.1) && self.paused != Some(now)
    }

    /// What happens when nothing is left to resolve: the phase moves on.
    fn phase_step(&mut self) {
        let player = self.turn.player;
        match self.turn.phase {
            Phase::Setup => self.setup_step(),
            Phase::StartTurn => {
                self.expire(|until| until == Expiry::StartOfTurnOf(player), true);
                self.ignoring.retain(|i| i.player != player);
                // Start-of-turn abilities resolve in the Start Turn phase (a minion
                // they play is not one played in the Play Cards phase), then it begins.
                self.stack.push(Task::BeginPlayCards);
                self.queue_turn_triggers(true);
                self.queue_stasis_rule(player);
                self.open_window();
            }
            Phase::PlayCards => self.ask_main(),
            Phase::ScoreBases => {
                let ready = self.ready_bases();
                match ready.as_slice() {
                    [] => {
                        self.turn.phase = Phase::Draw;
                    }
                    [one] => self.stack.push(Task::ScoreBase(*one)),
                    many => {
                        self.pending = Some(Pending {
                            decision: Decision {
                                player,
                                ask: Ask::ScoreWhich,
                                options: many.iter().map(|&b| Choice::Base(b)).collect(),
                            },
                            resume: Resume::ScoreWhich,
                        });
                    }
                }
            }
            Phase::Draw => {
                self.events.push(Event::PhaseStarted {
                    player,
                    phase: Phase::Draw,
                });
                self.draw(player, 2);
                self.turn.phase = Phase::EndTurn;
                self.ask_discard_to_ten();
            }
            Phase::EndTurn => {
                self.events.push(Event::PhaseStarted {
                    player,
                    phase: Phase::EndTurn,
                });
                self.stack.push(Task::FinishTurn);
                self.queue_turn_triggers(false);
                // What waited for the end of the turn (Always Get Our Man).
                for (effect, ctx) in std::mem::take(&mut self.at_end_of_turn) {
                    self.trigger(Trigger::EndOfEachTurn, Prog::owned(effect), ctx);
                }
                // End-of-turn abilities resolve before the expiries and the win check.
                self.open_window();
            }
            Phase::Over => {}
        }
    }

    /// Start-of-turn or end-of-turn abilities of every card in play.
    fn queue_turn_triggers(&mut self, start: bool) {
        let player = self.turn.player;
        // Only the kinds of moment that can trigger now: fewer cards to look at.
        let waiting = if start {
            self.waiting_for(&[Trigger::StartOfMyTurn, Trigger::StartOfEachTurn])
        } else {
            self.waiting_for(&[Trigger::EndOfEachTurn])
        };
        for (src, a) in waiting {
            let you = match (a.when, start) {
                (Trigger::StartOfMyTurn, true) if src.controller == player && !src.is_base => {
                    player
                }
                (Trigger::StartOfEachTurn, true) => player,
                (Trigger::EndOfEachTurn, false) => src.controller,
                _ => continue,
            };
            let mut ctx = Ctx::for_source(&src);
            ctx.you = you;
            self.trigger(a.when, Prog::Shared(&a.effect), ctx);
        }
    }

    fn ask_discard_to_ten(&mut self) {
        let player = self.turn.player;
        let hand = &self.players[player.ix()].hand;
        if hand.len() > HAND_LIMIT {
            self.pending = Some(Pending {
                decision: Decision {
                    player,
                    ask: Ask::DiscardToTen,
                    options: hand.iter().map(|&c| Choice::Card(c)).collect(),
                },
                resume: Resume::DiscardToTen,
            });
        }
    }

    /// Once someone has the game's VP goal ([`GameState::vp_goal`]), the players with the most VP: alone, they win
    /// at the end of this turn; tied, the game goes on. None before anyone has it.
    pub fn game_end_leaders(&self) -> Option<Vec<PlayerId>> {
        let best = self.players.iter().map(|p| p.vp).max()?;
        (best >= self.vp_goal).then(|| {
            (0..self.players.len() as u8)
                .map(PlayerId)
                .filter(|p| self.players[p.ix()].vp == best)
                .collect()
        })
    }

    fn finish_turn(&mut self) {
        let player = self.turn.player;
        let number = self.turn.number;
        self.discard_spent_stasis();
        self.expire(
            |until| until == Expiry::EndOfTurn(number) || until == Expiry::EndOfTurnOf(player),
            false,
        );
        if let Some(leaders) = self.game_end_leaders() {
            if let [winner] = leaders.as_slice() {
                let winner = *winner;
                self.winner = Some(winner);
                self.turn.phase = Phase::Over;
                self.events.push(Event::GameOver { winner });
                return;
            }
        }
        let next = PlayerId(((player.ix() + 1) % self.players.len()) as u8);
        self.begin_turn(next, number + 1);
    }

    /// Starts a player's turn: a fresh normal minion and action play.
    pub(super) fn begin_turn(&mut self, player: PlayerId, number: u32) {
        self.turn.player = player;
        self.turn.number = number;
        self.turn.phase = Phase::StartTurn;
        self.turn.minions_played = 0;
        // Cleared and refilled rather than made anew: the same lists serve every turn.
        let n = self.players.len();
        self.turn.played_minions.clear();
        self.turn.played_minions.resize(n, 0);
        self.turn.played_on.clear();
        self.turn.cards_played.clear();
        self.turn.cards_played.resize(n, (0, 0));
        self.turn.used.clear();
        self.turn.decisions = 0;
        self.turn.loop_stopped = false;
        self.turn.moved.clear();
        self.turn.played_cards.clear();
        self.turn.stasis_emptied = false;
        self.turn.left_stasis.clear();
        self.turn.destroyed_actions.clear();
        self.turn.allowances.clear();
        self.turn
            .allowances
            .extend([Allowance::normal(true), Allowance::normal(false)]);
        self.events.push(Event::TurnStarted { player, number });
    }

    // ----- scoring -----

    // ----- answers -----

    fn apply(&mut self, player: PlayerId, resume: Resume, choice: Choice) {
        match resume {
            Resume::Mulligan => {
                // Newest rulebook: show the hand, draw a new one, then shuffle the old
                // hand into the deck; the second hand is kept.
                if choice == Choice::Yes {
                    use rand::seq::SliceRandom;
                    let old = std::mem::take(&mut self.players[player.ix()].hand);
                    self.events.push(Event::Mulligan { player });
                    self.draw(player, 5);
                    self.all_moved_to(&old, super::whereabouts::Spot::Deck(player));
                    let deck = &mut self.players[player.ix()].deck;
                    deck.extend(old);
                    deck.shuffle(&mut self.rng);
                }
            }
            Resume::Main => self.apply_main(player, choice),
            Resume::ScoreWhich => {
                if let Choice::Base(b) = choice {
                    self.stack.push(Task::ScoreBase(b));
                }
            }
            Resume::BeforeScoring {
                base,
                passes,
                after,
            } => {
                let n = self.players.len() as u8;
                let next = PlayerId((player.0 + 1) % n);
                match choice {
                    Choice::Pass => {
                        self.events.push(Event::Passed { player });
                        self.stack.push(Task::SpecialRound {
                            base,
                            next,
                            passes: passes + 1,
                            after,
                        });
                    }
                    Choice::Use { card, to } => {
                        self.stack.push(Task::SpecialRound {
                            base,
                            next,
                            passes: 0,
                            after,
                        });
                        self.use_scoring_special(player, card, to, base, after);
                    }
                    _ => {}
                }
            }
            Resume::Choose {
                choose,
                ctx,
                picked,
            } => match choice {
                Choice::Done => {
                    if picked == 0 {
                        self.note_quiet(super::events::Quiet::Declined);
                        self.stack
                            .push(Task::Run(choose.part(|c| &c.otherwise), *ctx));
                    }
                }
                // The options are the values offered: the pick is read off the option.
                other => {
                    if let Some(v) = super::interp::choice_value(&other) {
                        self.after_pick(choose, *ctx, v, picked);
                    }
                }
            },
            Resume::May { effect, ctx } => {
                if choice == Choice::Yes {
                    self.stack.push(Task::Run(effect, *ctx));
                } else {
                    self.note_quiet(super::events::Quiet::Declined);
                }
            }
            Resume::DiscardToTen => {
                if let Choice::Card(c) = choice {
                    self.take_out_of_zone(c);
                    self.players[player.ix()].discard.push(c);
                    self.moved_to(c, super::whereabouts::Spot::Discard(player));
                    self.events.push(Event::Discarded {
                        player,
                        cards: vec![c],
                        by: None,
                        from_deck: false,
                    });
                    self.discarded_from_hand(player, None);
                    self.ask_discard_to_ten();
                }
            }
            Resume::Order { waiting } => {
                if let Some(i) = waiting.iter().position(|t| t.choice() == choice) {
                    self.ordered(waiting, i);
                }
            }
            Resume::Instead { card, waiting } => {
                if let Some(chosen) = waiting.into_iter().find(|t| t.choice() == choice) {
                    self.replace_destruction(card, chosen);
                }
            }
            Resume::Optional { waiting, passes } => {
                self.answered_optional(player, waiting, passes, choice)
            }
            Resume::WhichPlay { card, to, from } => {
                if let Choice::Allowance(a) = choice {
                    if let Some(i) = self.turn.allowances.iter().position(|x| *x == a) {
                        let used = self.use_allowance(i);
                        self.note_normal_play(player, &used);
                        self.play_card_held(player, card, to, from, used.must_affect, None);
                    }
                }
            }
            Resume::Paused => {}
            Resume::ChooseOne { modes, ctx } => {
                if let Choice::Mode { index, .. } = choice {
                    let i = index as usize;
                    if i < modes.len() {
                        let mode = modes.part(|m| &m[i].effect);
                        // A mode that does nothing ("neither": Watson) is a choice not to.
                        if *mode == super::effect::Effect::Nothing {
                            self.note_quiet(super::events::Quiet::Declined);
                        }
                        self.stack.push(Task::Run(mode, *ctx));
                    }
                }
            }
            Resume::ChooseNumber { bind, then, ctx } => {
                if let Choice::Number(n) = choice {
                    self.events.push(Event::PowerNamed {
                        player,
                        power: n,
                        by: ctx.source,
                    });
                    self.stack.push(Task::Run(
                        then,
                        ctx.with(bind, super::interp::Value::Num(n)),
                    ));
                }
            }
            Resume::ExtraNow { focus, by } => {
                if let Choice::Play { card, to } = choice {
                    let from = self.zone_of_hand_card(card);
                    self.play_card_held(player, card, to, from, focus, by);
                }
            }
        }
    }

    /// Takes the `i`-th play left off the turn's list, the others keeping their order
    /// (the turn's second play is always the last one: [`take_in_order`]).
    pub(super) fn use_allowance(&mut self, i: usize) -> Allowance {
        take_in_order(&mut self.turn.allowances, i)
    }

    /// Where a card about to be played comes from: a hand, a discard pile, or the top
    /// of a deck (a revealed or set-aside card: Neophyte, Mass Enchantment).
    pub(super) fn zone_of_hand_card(&self, card: Uid) -> Zone {
        self.zone_of_hand_card_at(card, self.locate(card))
    }

    /// [`Self::zone_of_hand_card`] for a card found at `loc`.
    fn zone_of_hand_card_at(&self, card: Uid, loc: Loc) -> Zone {
        match loc {
            Loc::Discard(_) => Zone::Discard,
            Loc::Deck(_) => Zone::DeckTop,
            Loc::Stored(host) => Zone::Stored(host),
            Loc::Stasis(_) => Zone::Stasis,
            _ if self.aside.contains(&card) => Zone::DeckTop,
            _ => Zone::Hand,
        }
    }

    fn apply_main(&mut self, player: PlayerId, choice: Choice) {
        match choice {
            Choice::EndTurn => {
                self.turn.phase = Phase::ScoreBases;
                self.events.push(Event::PhaseStarted {
                    player,
                    phase: Phase::ScoreBases,
                });
            }
            Choice::Play { card, to } => {
                let loc = self.locate(card);
                if matches!(loc, Loc::Stasis(_)) {
                    self.play_from_stasis(player, card, to);
                    return;
                }
                let from = self.zone_of_hand_card_at(card, loc);
                let allowances = &self.turn.allowances;
                let choices =
                    self.allowance_choices(allowances, player, card, to, from == Zone::Discard);
                match choices.as_slice() {
                    [] => {}
                    [i] => {
                        let used = self.use_allowance(*i);
                        self.note_normal_play(player, &used);
                        self.play_card_held(player, card, to, from, used.must_affect, None);
                    }
                    many => {
                        let options = many
                            .iter()
                            .map(|&i| Choice::Allowance(self.turn.allowances[i].clone()))
                            .collect();
                        self.pending = Some(Pending {
                            decision: Decision {
                                player,
                                ask: Ask::WhichPlay { card },
                                options,
                            },
                            resume: Resume::WhichPlay { card, to, from },
                        });
                    }
                }
            }
            Choice::Use { card, .. } => {
                let loc = self.locate(card);
                if matches!(loc, Loc::Stasis(_)) {
                    self.use_from_stasis(player, card);
                    return;
                }
                let in_discard = matches!(loc, Loc::Discard(_));
                for a in self.def(card).abilities() {
                    let usable = match a.when {
                        Trigger::MainPhaseSpecial | Trigger::Talent => !in_discard,
                        Trigger::FromDiscard => in_discard,
                        _ => false,
                    };
                    if usable {
                        if let Some(k) = &a.once_per_turn {
                            self.turn.used.push(k.clone());
                        }
                        if a.when == Trigger::Talent {
                            self.turn.used.push(talent_key(card));
                        }
                        self.events.push(Event::Used { player, card });
                        let mut ctx = self.ctx_of(card);
                        ctx.you = player;
                        self.push_resolution(Prog::Shared(&a.effect), ctx);
                        break;
                    }
                }
            }
            _ => {}
        }
    }

    /// The first turn, after the mulligans.
    fn setup_step(&mut self) {
        let asked = self.mulligan_asked.len();
        if asked < self.players.len() {
            let player = PlayerId(asked as u8);
            self.mulligan_asked.push(player);
            let has_minion = self.players[player.ix()]
                .hand
                .iter()
                .any(|&c| self.def(c).card().is_some_and(|c| c.is_minion()));
            if !has_minion {
                self.pending = Some(Pending {
                    decision: Decision {
                        player,
                        ask: Ask::Mulligan,
                        options: vec![Choice::Yes, Choice::No],
                    },
                    resume: Resume::Mulligan,
                });
            }
            return;
        }
        let first = self.turn.player;
        self.begin_turn(first, 1);
    }
}

/// Takes item `i` out of `list`, the others keeping their order: off the end when it
/// is the last one (most often the one just added), with nothing to shift.
pub(super) fn take_in_order<T>(list: &mut Vec<T>, i: usize) -> T {
    if i + 1 == list.len() {
        list.pop().expect("the last one")
    } else {
        list.remove(i)
    }
}

/// The once-per-turn key of a card's Talent: each card's Talent is used at most once
/// in each of its controller's turns. The number is written by `itoa`, as `format!`
/// writes it: `format!` took about 750 instructions a key, at every Talent used.
pub(super) fn talent_key(card: Uid) -> String {
    let mut digits = itoa::Buffer::new();
    let digits = digits.format(card.0);
    let mut key = String::with_capacity(TALENT_KEY.len() + digits.len());
    key.push_str(TALENT_KEY);
    key.push_str(digits);
    key
}

/// What every [`talent_key`] begins with.
const TALENT_KEY: &str = "talent:";

/// True when `key` is `prefix` followed by the number `n` written as `format!` writes
/// it: a once-per-turn key tested without writing it out (tested on every listing).
pub(super) fn is_numbered_key(key: &str, prefix: &str, n: u32) -> bool {
    key.strip_prefix(prefix).is_some_and(|digits| {
        // No sign and no leading zero: the same length as `n` written out.
        let len = n.checked_ilog10().map_or(1, |l| l as usize + 1);
        digits.len() == len && digits.parse::<u32>() == Ok(n)
    })
}

impl GameState {
    /// True when this card's Talent was used this turn (its [`talent_key`] is marked).
    pub(super) fn talent_used(&self, card: Uid) -> bool {
        self.turn
            .used
            .iter()
            .any(|k| is_numbered_key(k, TALENT_KEY, card.0.into()))
    }
}

#[cfg(test)]
mod tests {
    use std::mem::size_of;

    /// A Talent's key is the card's number written out as `format!` writes it.
    #[test]
    fn a_talent_key_is_the_number_written_out() {
        for n in [0, 1, 9, 10, 99, 100, 4321, 9999, 10000, 65535] {
            let key = super::talent_key(super::Uid(n));
            assert_eq!(key, format!("talent:{n}"));
            assert!(super::is_numbered_key(&key, super::TALENT_KEY, n.into()));
        }
    }

    /// The values the task loop moves at every step stay small (README, Speed: the
    /// task loop's own cost): a bound value in two words, a context with room for one
    /// binding, a task, and a pending decision whose choice under way is boxed.
    #[test]
    fn the_task_loop_moves_small_values() {
        assert_eq!(size_of::<super::super::interp::Value>(), 16);
        assert!(size_of::<super::Ctx>() <= 48, "{}", size_of::<super::Ctx>());
        assert!(
            size_of::<super::Task>() <= 80,
            "{}",
            size_of::<super::Task>()
        );
        assert!(
            size_of::<super::Pending>() <= 72,
            "{}",
            size_of::<super::Pending>()
        );
    }
}
