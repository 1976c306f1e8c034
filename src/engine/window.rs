//! Trigger windows, as "Me First!" and "Card Resolution Order" say (newest rulebook,
//! "Resolving Cards and Abilities"): an event finishes (a "destroy all" is one
//! event), then the abilities it triggered resolve together. First the mandatory
//! ones, in the order the current player chooses (asked only when two different
//! abilities wait); then the optional ones go round the table from the current
//! player, each player using one or passing, until everyone passes in a row.
//!
//! A card being played resolves completely first, together with any card it causes
//! to be played; only then do the abilities that all of it triggered resolve.

use super::decision::{Ask, Choice, Decision, Pending, Resume};
use super::effect::PlayerSel;
use super::effect::{Effect, Trigger};
use super::flow::Task;
use super::interp::Ctx;
use super::prog::{Held, Prog};
use super::state::{GameState, PlayerId};
use serde::{Deserialize, Serialize};

/// An ability that has triggered and waits for its window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Triggered {
    /// What triggered it (it decides how the ability is ordered).
    pub when: Trigger,
    /// Its program.
    pub effect: Prog,
    /// Who and where it runs for.
    pub ctx: Ctx,
}

impl Triggered {
    /// The option that stands for this ability in a question.
    pub fn choice(&self) -> Choice {
        Choice::Ability {
            source: self.ctx.source,
            subject: self.ctx.subject,
        }
    }

    /// True for an ability that a single player "may" use (a "may", an extra play,
    /// a choice that can be declined). "Each player may" is mandatory (rulebook). The
    /// "you may" Specials in play after their base scores (First Mate, Scout) are
    /// optional too, after the base's own mandatory abilities ("Me First!": optional
    /// abilities "include cards in play that say a single player \"may\" do something").
    fn optional(&self) -> bool {
        effect_is_optional(self.effect.get())
    }

    /// Two triggered abilities that are not ordered: the same ability of the same card
    /// definition (identical copies, or one ability triggered twice by one "destroy
    /// all"); they resolve in table order.
    fn same_as(&self, other: &Triggered, game: &GameState) -> bool {
        // The stasis rule on each of a player's cards is one rule: among themselves
        // its removals go in the order the cards went into stasis.
        if self.when == Trigger::StasisCounterRule && other.when == Trigger::StasisCounterRule {
            return true;
        }
        game.cards[self.ctx.source.0 as usize].def == game.cards[other.ctx.source.0 as usize].def
            && self.effect == other.effect
    }
}

/// True for a program that a single player may decline as a whole, whatever wraps
/// its "may" ("Me First!": "cards in play that say a single player \"may\" do
/// something" are optional): a "may", an extra play, a choice that can be declined,
/// a "choose one" of such, behind a condition, a binding, a once-a-turn limit or the
/// first half of "do X to do Y", or given to one player (Equaria's "you may then
/// move", Fairy Circle's "you may play an extra"). "Each player may" stays mandatory.
pub fn effect_is_optional(effect: &Effect) -> bool {
    match effect {
        Effect::May(_) | Effect::ExtraPlay(_) => true,
        Effect::Choose(c) => c.optional && c.otherwise == Effect::Nothing,
        Effect::ChooseOne(modes) => {
            !modes.is_empty() && modes.iter().all(|m| effect_is_optional(&m.effect))
        }
        Effect::If {
            then, otherwise, ..
        } => **otherwise == Effect::Nothing && effect_is_optional(then),
        Effect::OncePerTurn { then, .. } | Effect::Bind { then, .. } | Effect::Let { then, .. } => {
            effect_is_optional(then)
        }
        Effect::ToDo { first, .. } => effect_is_optional(first),
        Effect::Seq(parts) => !parts.is_empty() && parts.iter().all(effect_is_optional),
        Effect::AsEach { players, body, .. } => one_player(players) && effect_is_optional(body),
        _ => false,
    }
}

/// True for a selector that gives an ability to a single player (a bound player,
/// "you", "the winner", "the runner-up"; tied players each have it: "Tie Fighter"),
/// not to "each player".
fn one_player(players: &PlayerSel) -> bool {
    matches!(
        players,
        PlayerSel::You | PlayerSel::Var(_) | PlayerSel::Place(_)
    )
}

/// The program once its player has chosen to use it in the optional round: its
/// outermost "may", wherever it sits, is answered yes (also one behind a condition,
/// a binding, a once-a-turn limit or a single player's turn).
fn accepted(effect: Effect) -> Effect {
    match effect {
        Effect::May(inner) => *inner,
        Effect::If {
            cond,
            then,
            otherwise,
        } => Effect::If {
            cond,
            then: Box::new(accepted(*then)),
            otherwise,
        },
        Effect::OncePerTurn {
            key,
            then,
            per_card,
        } => Effect::OncePerTurn {
            key,
            then: Box::new(accepted(*then)),
            per_card,
        },
        Effect::Bind { bind, value, then } => Effect::Bind {
            bind,
            value,
            then: Box::new(accepted(*then)),
        },
        Effect::Let { bind, value, then } => Effect::Let {
            bind,
            value,
            then: Box::new(accepted(*then)),
        },
        Effect::ToDo { first, then } => Effect::ToDo {
            first: Box::new(accepted(*first)),
            then,
        },
        Effect::AsEach {
            players,
            body,
            first_only,
            current_last,
        } if one_player(&players) => Effect::AsEach {
            players,
            body: accepted_held(body),
            first_only,
            current_last,
        },
        other => other,
    }
}

/// [`accepted`] of a held program: a shared "may" at its top is answered by sharing
/// what it does (a scoring base's winner's "may" is not copied to be run).
fn accepted_held(effect: Prog) -> Prog {
    match effect {
        Held::Shared(Effect::May(inner)) => Held::Shared(inner),
        effect => Prog::owned(accepted(effect.into_effect())),
    }
}

impl GameState {
    /// Queues an ability triggered by what is resolving; it waits for its window.
    /// Its card was in play when the event happened (every trigger is looked for
    /// among the cards in play then, or is the card the event took out of play).
    /// A base's ability that reaches one player is theirs to ignore where a card lets
    /// them (see [`GameState::base_effect_for`]); the scoring abilities reach players
    /// through `AsEach`, which asks the same for each.
    pub(super) fn trigger(&mut self, when: Trigger, effect: Prog, ctx: Ctx) {
        let scoring = matches!(
            when,
            Trigger::WhenThisBaseScores
                | Trigger::AfterThisBaseScores
                | Trigger::AfterThisBaseReplaced
        );
        let effect = if self.def(ctx.source).base().is_some() && !scoring {
            match self.base_effect_for(ctx.source, ctx.you, effect) {
                Some(e) => e,
                None => return,
            }
        } else {
            effect
        };
        // A single player's "may" given to another player than the card's (Equaria's
        // player who played the minion, a scoring base's winner) is theirs to use in the
        // optional round: one ability for each such player.
        if let Effect::AsEach {
            players,
            first_only: false,
            ..
        } = effect.get()
        {
            // The body shared with the card data where the program is, not copied for
            // each player.
            let body = effect.held_part(|e| match e {
                Effect::AsEach { body, .. } if effect_is_optional(body) => Some(body),
                _ => None,
            });
            if let (true, Some(body)) = (one_player(players), body) {
                for p in self.players_of(players, &ctx) {
                    let mut ctx = ctx.clone();
                    ctx.you = p;
                    let effect = Prog::owned(Effect::AsEach {
                        players: PlayerSel::You,
                        body: body.clone(),
                        first_only: false,
                        current_last: false,
                    });
                    self.triggered.push(Triggered { when, effect, ctx });
                }
                return;
            }
        }
        self.triggered.push(Triggered { when, effect, ctx });
    }

    /// A resolution has finished: unless an outer card is still resolving (its
    /// triggers wait for it), the abilities triggered so far open their window.
    pub(super) fn resolution_finished(&mut self) {
        // Nothing triggered (most often): no window, and no need to look for one held.
        if !self.triggered.is_empty() && !self.stack.iter().any(|t| matches!(t, Task::Flush)) {
            self.open_window();
        }
    }

    /// Opens the window of the abilities triggered so far: mandatory ones first, in
    /// the current player's order, then the optional ones round the table.
    pub(super) fn open_window(&mut self) {
        if self.triggered.is_empty() {
            return;
        }
        // One ability alone: nothing to order or offer round (its own "may" asks).
        if self.triggered.len() == 1 {
            if let Some(t) = self.triggered.pop() {
                self.stack.push(Task::Resolve(t.effect, t.ctx));
            }
            return;
        }
        // Split in place: most windows hold no optional ability, and then no list is made.
        let mut mandatory = std::mem::take(&mut self.triggered);
        let optional: Vec<_> = mandatory.extract_if(.., |t| t.optional()).collect();
        match optional.len() {
            0 => {}
            // One optional ability: its own "may" is the whole question.
            1 => self
                .stack
                .extend(optional.into_iter().map(|t| Task::Resolve(t.effect, t.ctx))),
            _ => self.stack.push(Task::OptionalRound {
                waiting: optional,
                next: self.turn.player,
                passes: 0,
            }),
        }
        self.order_mandatory(mandatory);
    }

    /// Resolves the mandatory abilities of a window: at once when their order cannot
    /// matter, otherwise the current player picks which goes first, then again among
    /// the rest.
    pub(super) fn order_mandatory(&mut self, mut waiting: Vec<Triggered>) {
        // An ability whose condition does not hold now would do nothing (a Scout
        // already returned to hand): it is not offered. It waits for the others,
        // though: one of them may make it hold (Assassination destroying the other
        // minion that kept Commandbro from being alone), and it is dropped only when
        // nothing else waits.
        // Split in place: most often every condition holds, and then no list is made.
        let dormant: Vec<Triggered> = waiting
            .extract_if(.., |t| {
                !self.leading_condition_holds(t.effect.get(), &t.ctx)
            })
            .collect();
        let first = match waiting.first() {
            Some(first) => first,
            None => return,
        };
        if waiting.iter().all(|t| t.same_as(first, self)) {
            if !dormant.is_empty() {
                self.stack.push(Task::OrderRest(dormant));
            }
            // One ability several times: each player's in turn, from the current
            // player, as "Me First!" goes round the table.
            let n = self.players.len();
            let current = self.turn.player.ix();
            waiting.sort_by_key(|t| (t.ctx.you.ix() + n - current) % n);
            for t in waiting.into_iter().rev() {
                self.stack.push(Task::Resolve(t.effect, t.ctx));
            }
            return;
        }
        let options = waiting.iter().map(Triggered::choice).collect();
        // The options come first, so that an answer's index is its ability's.
        waiting.extend(dormant);
        self.pending = Some(Pending {
            decision: Decision {
                player: self.turn.player,
                ask: Ask::Order,
                options,
            },
            resume: Resume::Order { waiting },
        });
    }

    /// The current player picked the ability at `index` to resolve next.
    pub(super) fn ordered(&mut self, mut waiting: Vec<Triggered>, index: usize) {
        let chosen = waiting.remove(index);
        self.stack.push(Task::OrderRest(waiting));
        self.stack.push(Task::Resolve(chosen.effect, chosen.ctx));
    }

    /// Offers `next` the optional abilities of theirs that wait, or passes for them
    /// when they have none; ends when every player has passed in a row.
    pub(super) fn optional_round(&mut self, waiting: Vec<Triggered>, next: PlayerId, passes: u8) {
        let n = self.players.len() as u8;
        if passes >= n || waiting.is_empty() {
            return;
        }
        let after = PlayerId((next.0 + 1) % n);
        // A Special whose card has left the hand meanwhile is not offered.
        let waiting: Vec<Triggered> = waiting
            .into_iter()
            .filter(|t| self.leading_condition_holds(t.effect.get(), &t.ctx))
            .collect();
        let mine: Vec<Choice> = waiting
            .iter()
            .filter(|t| t.ctx.you == next)
            .map(Triggered::choice)
            .collect();
        if mine.is_empty() {
            self.stack.push(Task::OptionalRound {
                waiting,
                next: after,
                passes: passes + 1,
            });
            return;
        }
        let mut options = mine;
        options.push(Choice::Pass);
        self.pending = Some(Pending {
            decision: Decision {
                player: next,
                ask: Ask::Optional,
                options,
            },
            resume: Resume::Optional { waiting, passes },
        });
    }

    /// The answer to an optional round: use one ability now (its "may" is answered
    /// by choosing it), or pass.
    pub(super) fn answered_optional(
        &mut self,
        player: PlayerId,
        mut waiting: Vec<Triggered>,
        passes: u8,
        choice: Choice,
    ) {
        let n = self.players.len() as u8;
        let next = PlayerId((player.0 + 1) % n);
        let used = waiting
            .iter()
            .position(|t| t.ctx.you == player && t.choice() == choice);
        let Some(i) = used else {
            self.events.push(super::events::Event::Passed { player });
            self.stack.push(Task::OptionalRound {
                waiting,
                next,
                passes: passes + 1,
            });
            return;
        };
        let chosen = waiting.remove(i);
        self.stack.push(Task::OptionalRound {
            waiting,
            next,
            passes: 0,
        });
        // Choosing it answers its "may", wherever it sits.
        let effect = accepted_held(chosen.effect);
        self.push_resolution(effect, chosen.ctx);
    }
}
