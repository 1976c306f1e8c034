//! Playing a card off the top of a deck (rulebook "Cards Played off the Top of the
//! Deck"): cards are turned over one by one until one of the kind asked for shows;
//! the revealed cards are set aside, in no zone, while it is played and resolves;
//! then the others are shuffled back into the deck (Extramorphs, Brood Hive).

use super::decision::PlayTo;
use super::effect::{CardFilter, Target};
use super::events::{Event, Zone};
use super::flow::Task;
use super::interp::Ctx;
use super::state::{GameState, PlayerId, Uid};
use super::whereabouts::Spot;
use rand::seq::SliceRandom;

impl GameState {
    /// "You" play an extra minion matching `filter` off the top of your deck onto
    /// the base `to` (see [`super::effect::Effect::PlayOffTop`]).
    pub(super) fn play_off_top(&mut self, filter: &CardFilter, to: &Target, ctx: &Ctx) {
        let player = ctx.you;
        let Some(card) = self.reveal_until(filter, ctx) else {
            return;
        };
        let base = self.target_card(to, ctx).filter(|&b| {
            self.may_play_minion_on(player, card, b)
                && !self.extra_cards_capped(player)
                && self.may_play_kind(card, self.actions_forbidden(player))
        });
        match base {
            Some(b) => self.play_card(
                player,
                card,
                Some(PlayTo::Base(b)),
                Zone::DeckTop,
                Some(ctx.source),
            ),
            // A card found that cannot be played there is discarded instead.
            None => self.relocate(card, Zone::Discard, ctx.source),
        }
    }

    /// "You" turn over cards from the top of your deck one by one until one matches
    /// `filter`, and return it: all of them are set aside (in no zone) and shown to
    /// everyone, and those not found are shuffled back into the deck once the rest of
    /// the ability has resolved. An empty deck is first made anew from the discard
    /// pile; a deck that runs out while revealing stops it, with nothing found
    /// (rulebook "Cards Played off the Top of the Deck"; Watson).
    pub(super) fn reveal_until(&mut self, filter: &CardFilter, ctx: &Ctx) -> Option<Uid> {
        let player = ctx.you;
        if self.players[player.ix()].deck.is_empty() {
            self.reshuffle(player, Some(ctx.source));
        }
        let mut revealed = Vec::new();
        let mut found = None;
        while found.is_none() && !self.players[player.ix()].deck.is_empty() {
            let c = self.players[player.ix()].deck.remove(0);
            self.aside.push(c);
            self.moved_to(c, Spot::Elsewhere);
            revealed.push(c);
            if self.card_matches(filter, c, ctx) {
                found = Some(c);
            }
        }
        if revealed.is_empty() {
            return None;
        }
        self.did();
        self.events.push(Event::RevealedFromTop {
            player,
            cards: revealed.clone(),
            by: ctx.source,
        });
        let rest: Vec<Uid> = revealed.into_iter().filter(|&c| Some(c) != found).collect();
        if !rest.is_empty() {
            // Below what follows on the stack: shuffled back once it has resolved.
            self.stack.push(Task::ShuffleBack {
                player,
                cards: rest,
                by: ctx.source,
            });
        }
        found
    }

    /// The revealed cards not played, still set aside, are shuffled into the deck.
    pub(super) fn shuffle_back(&mut self, player: PlayerId, cards: &[Uid], by: Uid) {
        let back: Vec<Uid> = cards
            .iter()
            .copied()
            .filter(|c| self.aside.contains(c))
            .collect();
        if back.is_empty() {
            return;
        }
        self.aside.retain(|c| !back.contains(c));
        self.all_moved_to(&back, Spot::Deck(player));
        let deck = &mut self.players[player.ix()].deck;
        deck.extend(back.iter().copied());
        deck.shuffle(&mut self.rng);
        self.did();
        self.events.push(Event::ShuffledBack {
            player,
            cards: back,
            by,
        });
    }
}
