//! What a played card did, seen once it has resolved: the minions an action
//! directly affected (rulebook "Directly": it did one of the "Affect" things to a
//! target it names), which Musketeers, Ringside and Bastion Saint-Gervais react to;
//! a player's first action of a turn (Eh? in hand); and discards from a hand (Top
//! Tier: once per ability that made them, however many cards).

use super::effect::Trigger;
use super::flow::take_in_order;
use super::interp::{Ctx, Value};
use super::name;
use super::prog::Prog;
use super::state::{GameState, PlayerId, Uid};

impl GameState {
    /// A played card has resolved (its own abilities and any cards it played): what
    /// waited for that is triggered, to resolve in the window that follows.
    pub(super) fn play_resolved(&mut self, card: Uid) {
        let Some(i) = self.playing.iter().position(|p| p.card == card) else {
            return;
        };
        // Most often the last one begun.
        let done = take_in_order(&mut self.playing, i);
        if self.def(card).card().is_none_or(|c| c.is_minion()) {
            return;
        }
        // The player's first action of the turn, once it has resolved with whatever it
        // played meanwhile (Card Resolution Order step 4), not the last one counted.
        if done.first_action {
            self.hand_specials(
                done.player,
                Trigger::AfterYourFirstActionFromHand,
                None,
                None,
            );
        }
        // Most actions directly affect no minion: nothing to wait for then.
        if done.directly.is_empty() {
            return;
        }
        let waiting = self.waiting_for(&[
            Trigger::AfterActionAffectedMinion,
            Trigger::AfterActionAffectedMinionHere,
        ]);
        let mut once_here: Vec<(Uid, Trigger)> = Vec::new();
        for (minion, base, controller) in done.directly {
            for &(src, a) in &waiting {
                let applies = match a.when {
                    Trigger::AfterActionAffectedMinion => !src.is_base,
                    Trigger::AfterActionAffectedMinionHere => src.base == base,
                    _ => false,
                };
                if !applies {
                    continue;
                }
                // "controller" and "base": who controlled the minion and where it was
                // when it was affected, also known once it has moved or left play
                // (Bastion Saint-Gervais, Athos).
                let mut ctx = Ctx::for_source(&src);
                ctx.vars.extend([
                    (name::ACTION, Value::Card(card)),
                    (name::PLAYER, Value::Player(done.player)),
                    (name::CONTROLLER, Value::Player(controller)),
                    (name::BASE, Value::Base(base)),
                ]);
                ctx.subject = Some(minion);
                if a.when == Trigger::AfterActionAffectedMinionHere {
                    if src.is_base {
                        ctx.you = done.player;
                    }
                    // Once per action for this card: the first minion for which
                    // its condition holds now.
                    if once_here.contains(&(src.card, a.when))
                        || !self.leading_condition_holds(&a.effect, &ctx)
                    {
                        continue;
                    }
                    once_here.push((src.card, a.when));
                }
                self.trigger(a.when, Prog::Shared(&a.effect), ctx);
            }
        }
    }

    /// Queues the Specials of this kind waiting in `player`'s hand, each for its card,
    /// with the place and the card the event was about (Crypt Looter's new base,
    /// Snuggly Bear's first minion, Eh?'s first action).
    pub(super) fn hand_specials(
        &mut self,
        player: PlayerId,
        when: Trigger,
        here: Option<Uid>,
        subject: Option<Uid>,
    ) {
        // Most often no card the player owns waits for it at all (the owned kinds
        // say so without a walk), else no card in the hand does (its definition's
        // kinds of moment say so without reading its abilities): the hand is not
        // copied then.
        let hand = &self.players[player.ix()].hand;
        let waits = |c: &Uid| self.cards[c.0 as usize].def.waits_for(when.bit());
        if !self.owns_card_with(player, when.bit()) {
            // In debug builds, a hand not walked is checked to hold no such card.
            debug_assert!(!hand.iter().any(waits), "a Special in another's hand");
            return;
        }
        if !hand.iter().any(waits) {
            return;
        }
        for c in self.players[player.ix()].hand.clone() {
            for a in self.def(c).abilities() {
                if a.when == when {
                    let mut ctx = Ctx::new(c, player, here);
                    ctx.subject = subject;
                    self.trigger(a.when, Prog::Shared(&a.effect), ctx);
                }
            }
        }
    }

    /// `player` has discarded from their hand because of `by` (an ability's card, or
    /// none for the discard down to ten): their cards waiting for that trigger, once
    /// for all the cards that one ability made them discard.
    pub(super) fn discarded_from_hand(&mut self, player: PlayerId, by: Option<Uid>) {
        for (src, a) in self.waiting_for(&[Trigger::AfterYouDiscard]) {
            if src.is_base || src.controller != player {
                continue;
            }
            let queued = self
                .triggered
                .iter()
                .any(|t| t.when == a.when && t.ctx.source == src.card && t.ctx.subject == by);
            if !queued {
                let mut ctx = Ctx::for_source(&src);
                ctx.subject = by;
                self.trigger(a.when, Prog::Shared(&a.effect), ctx);
            }
        }
    }

    /// The card whose protection stops `ctx` moving this minion: another player's
    /// card cannot move it (Yokozuna). A move another player makes through a base's
    /// ability is stopped too (the reference's suggested reading: it is made by
    /// another player through a card in play).
    pub(super) fn guarded_from_moves(&self, card: Uid, ctx: &Ctx) -> Option<Uid> {
        let controller = self.minion(card)?.controller;
        if ctx.you == controller {
            return None;
        }
        self.statics().find_map(|(src, st)| match st {
            super::effect::Static::NotMovedByOthers(f)
                if src.controller == controller
                    && self.minion_matches(f, card, &Ctx::for_source(&src)) =>
            {
                Some(src.card)
            }
            _ => None,
        })
    }
}
