//! Destroying cards: "destroy all" as one event, protections, the "instead"
//! replacements that can stand in for a destruction (and who picks among them), and
//! the abilities a destruction sets off, seen from the moment before the cards left.

use super::board::Loc;
use super::effect::{Effect, Trigger};
use super::events::{Event, Zone};
use super::flow::Task;
use super::interp::{Ctx, Value};
use super::name;
use super::prog::Prog;
use super::state::{GameState, PlayerId, Uid};
use super::window::Triggered;
use smallvec::SmallVec;

impl GameState {
    /// Destroys cards in play as one event ("destroy all ..." is one event: rulebook,
    /// "Resolving Cards and Abilities"), unless something protects a card or replaces
    /// its destruction. Every card goes at once; then each "after destroyed" ability
    /// triggers once per card, seen from the moment before they left, so a watcher
    /// destroyed in the same event still sees the others (Microbot Archive) and what
    /// they were then still counts (Microbot Alpha's Microbots).
    pub(super) fn destroy_all(&mut self, targets: &[Uid], ctx: &Ctx) {
        self.destroy_with(targets, ctx, true);
    }

    /// [`Self::destroy_all`], with or without "instead" replacements.
    pub(super) fn destroy_with(&mut self, targets: &[Uid], ctx: &Ctx, replace: bool) {
        // Most often one card or a few: kept in place, with no allocation.
        let mut doomed: SmallVec<[Uid; 4]> = SmallVec::new();
        for &card in targets {
            let minion = match self.locate(card) {
                Loc::Minion(..) => true,
                Loc::OnBase(..) | Loc::OnMinion(..) => false,
                _ => continue,
            };
            if self.indestructible(card) {
                self.events.push(Event::Prevented {
                    card,
                    by: card,
                    stopped: Some(ctx.source),
                });
                continue;
            }
            if let Some(by) = self.guarded_from_destruction(card, ctx) {
                self.events.push(Event::Prevented {
                    card,
                    by,
                    stopped: Some(ctx.source),
                });
                continue;
            }
            if minion {
                if self.intercepted(card, ctx) {
                    continue;
                }
                let mut instead = if replace {
                    self.replacements_of_destruction(card)
                } else {
                    Vec::new()
                };
                if !instead.is_empty() {
                    let by = match instead.as_slice() {
                        [one] => Some(one.ctx.source),
                        _ => None,
                    };
                    self.events.push(Event::DestructionReplaced {
                        card,
                        by,
                        stopped: ctx.source,
                    });
                }
                match instead.len() {
                    0 => {}
                    1 => {
                        let only = instead.remove(0);
                        self.stack.push(Task::Replace(card, only));
                        continue;
                    }
                    _ => {
                        self.stack.push(Task::PickReplacement(card, instead));
                        continue;
                    }
                }
            }
            doomed.push(card);
        }
        // Each card as it leaves (found once): where, whose, a minion or not, and
        // whether its own abilities still exist (a Cuddled minion's do not, so none
        // fires after).
        let gone: SmallVec<[_; 4]> = doomed
            .iter()
            .map(|&c| {
                let loc = self.locate(c);
                let minion = matches!(loc, Loc::Minion(..));
                let live = !minion || !self.live_abilities(c).is_empty();
                (
                    c,
                    self.base_at(loc),
                    self.controller_at(c, loc),
                    minion,
                    live,
                )
            })
            .collect();
        let watchers: Vec<_> = gone
            .iter()
            .filter(|&&(_, _, _, minion, _)| minion)
            .flat_map(|&(c, ..)| self.destruction_watchers(c))
            .collect();
        for &(card, _, _, minion, _) in &gone {
            if !self.on_table(card) {
                continue;
            }
            self.leave_play_as(card, Zone::Discard, true);
            self.did();
            self.events.push(if minion {
                Event::Destroyed {
                    card,
                    by: ctx.you,
                    source: Some(ctx.source),
                }
            } else {
                Event::ActionDestroyed {
                    card,
                    by: ctx.you,
                    source: Some(ctx.source),
                }
            });
        }
        for &(card, base, controller, minion, live) in &gone {
            self.after_destroyed(card, base, controller, live);
            if let Some(base) = base {
                self.destroyed_by(card, base, minion, ctx.you);
            }
        }
        for (when, effect, ctx) in watchers {
            self.trigger(when, effect, ctx);
        }
    }

    /// Resolves what happens instead of this minion's destruction. A replaced event
    /// did not happen: for "do X to do Y" and "if you do" (rulebook, "To"), what the
    /// replacement changes (a move to The House of Nine Lives, Hang in There's move
    /// and its own destruction) is not X, so Cool Cats' Alley draws nothing.
    pub(super) fn replace_destruction(&mut self, card: Uid, instead: Triggered) {
        self.stack.push(Task::EndReplacement {
            card,
            start: self.done,
        });
        self.push_resolution(instead.effect, instead.ctx);
    }

    /// Destroys a base and every other card on it, without scoring (see
    /// [`super::effect::Effect::DestroyBase`]): the cards on it as one "destroy all",
    /// then, once what replaces a destruction has happened, the base leaves play and
    /// is replaced, with whatever escaped destruction discarded.
    pub(super) fn destroy_base(&mut self, base: Uid, ctx: &Ctx) {
        let Some(b) = self.base_index(base) else {
            return;
        };
        self.events.push(Event::BaseDestroyed {
            base,
            by: ctx.source,
        });
        self.did();
        self.stack.push(Task::ReplaceDestroyedBase(base));
        let slot = &self.bases[b];
        // Actions first, so that each is told destroyed before its minion takes it.
        let targets: Vec<Uid> = slot
            .minions
            .iter()
            .flat_map(|m| m.attached.iter().map(|a| a.card))
            .chain(slot.actions.iter().map(|a| a.card))
            .chain(slot.minions.iter().map(|m| m.card))
            .collect();
        self.destroy_all(&targets, ctx);
    }

    /// What could happen instead of this minion being destroyed: its own Special
    /// (Buccaneer), an action on it (Hang in There), a base elsewhere that offers its
    /// owner a way out (The House of Nine Lives). Only one of them replaces the
    /// destruction; with several, the current player picks which ("If multiple
    /// effects happen at the same time, the player whose turn it is determines their
    /// order": Additional Rules).
    fn replacements_of_destruction(&self, card: Uid) -> Vec<Triggered> {
        let mut out = Vec::new();
        let Some(minion) = self.minion(card) else {
            return out;
        };
        // Only a card whose definition has such an ability is asked for its live ones.
        let own: &[super::effect::Ability] = if self.waits_for(card, Trigger::InsteadOfDestroyed) {
            self.live_abilities(card)
        } else {
            &[]
        };
        for a in own {
            if a.when == Trigger::InsteadOfDestroyed && self.special_condition_holds(a, card) {
                out.push(Triggered {
                    when: a.when,
                    effect: Prog::Shared(&a.effect),
                    ctx: self.ctx_of(card),
                });
            }
        }
        for att in &minion.attached {
            for a in self.def(att.card).abilities() {
                if a.when == Trigger::InsteadOfAttachedDestroyed
                    && self.special_condition_holds(a, att.card)
                {
                    let mut ctx = self.ctx_of(att.card);
                    ctx.subject = Some(card);
                    out.push(Triggered {
                        when: a.when,
                        effect: Prog::Shared(&a.effect),
                        ctx,
                    });
                }
            }
        }
        let here = self.base_of(card);
        for b in &self.bases {
            // The owner's choice already includes letting it be destroyed, so a player
            // who may ignore the base (Infiltrate) is not asked a "may" first: declining
            // that would leave the minion neither moved nor destroyed.
            if Some(b.card) == here
                || !self.waits_for(b.card, Trigger::InsteadOfDestroyedElsewhere)
                || self.base_ignored_by_all(b.card)
            {
                continue;
            }
            for a in self.def(b.card).abilities() {
                if a.when == Trigger::InsteadOfDestroyedElsewhere {
                    out.push(Triggered {
                        when: a.when,
                        effect: Prog::Shared(&a.effect),
                        ctx: Ctx {
                            source: b.card,
                            you: self.owner(card),
                            here: Some(b.card),
                            subject: Some(card),
                            scoring: None,
                            vars: Default::default(),
                        },
                    });
                }
            }
        }
        out
    }

    /// Queues the abilities that wait for this destruction: the card's own (unless
    /// they were cancelled as it left: `live` false, Cuddle), and those of the base it
    /// was on and the cards still there.
    pub(super) fn after_destroyed(
        &mut self,
        card: Uid,
        base: Option<Uid>,
        controller: PlayerId,
        live: bool,
    ) {
        if live {
            self.trigger_own_leaving(card, Trigger::AfterDestroyed, controller, base);
        }
        let Some(base) = base else {
            return;
        };
        if self.def(card).card().is_none_or(|c| !c.is_minion()) {
            return;
        }
        let owner = self.owner(card);
        for (src, a) in self.waiting_for(&[Trigger::AfterMinionHereDestroyed]) {
            if src.base != base {
                continue;
            }
            let you = if src.is_base { owner } else { src.controller };
            let mut ctx = Ctx::for_source(&src);
            ctx.you = you;
            ctx.subject = Some(card);
            self.trigger(a.when, Prog::Shared(&a.effect), ctx);
        }
    }

    /// Notes that `by` destroyed this card at `base` and queues what waits for that:
    /// an action destroyed is remembered for the turn (Roy) and triggers its
    /// destroyer's cards (Funkman) and the cards at its base (Ellen); any card
    /// destroyed here triggers the base (Rooftop Portal). Once per card, even when
    /// several go at once (rulebook "Clarifications").
    fn destroyed_by(&mut self, card: Uid, base: Uid, minion: bool, by: PlayerId) {
        if !minion {
            self.turn.destroyed_actions.push((card, base));
        }
        let waiting = self.waiting_for(&[
            Trigger::AfterYouDestroyAnAction,
            Trigger::AfterActionHereDestroyed,
            Trigger::AfterYouDestroyCardHere,
        ]);
        for (src, a) in waiting {
            let applies = match a.when {
                Trigger::AfterYouDestroyAnAction => !minion && !src.is_base && src.controller == by,
                Trigger::AfterActionHereDestroyed => !minion && !src.is_base && src.base == base,
                _ => src.is_base && src.base == base,
            };
            if !applies {
                continue;
            }
            let mut ctx = Ctx::for_source(&src)
                .with(name::BASE, Value::Base(base))
                .with(name::PLAYER, Value::Player(by));
            if src.is_base {
                ctx.you = by;
            }
            ctx.subject = Some(card);
            self.trigger(a.when, Prog::Shared(&a.effect), ctx);
        }
    }

    /// The [`Trigger::AfterMinionDestroyed`] abilities in play whose condition (a leading
    /// `If`) holds for this minion now, just before it leaves play, so that what it was
    /// (its controller, a Microbot) and the watching card itself still count.
    fn destruction_watchers(&self, card: Uid) -> Vec<(Trigger, Prog, Ctx)> {
        let mut out = Vec::new();
        for src in self.sources_with(Trigger::AfterMinionDestroyed.bit()) {
            for a in self.def(src.card).abilities() {
                if a.when != Trigger::AfterMinionDestroyed {
                    continue;
                }
                let mut ctx = Ctx::for_source(&src);
                ctx.subject = Some(card);
                if src.is_base {
                    ctx.you = self.controller(card);
                }
                let effect = match &a.effect {
                    Effect::If {
                        cond,
                        then,
                        otherwise,
                    } if **otherwise == Effect::Nothing => {
                        if !self.cond(cond, &ctx) {
                            continue;
                        }
                        Prog::Shared(then)
                    }
                    other => Prog::Shared(other),
                };
                out.push((a.when, effect, ctx));
            }
        }
        out
    }
}
