//! Stasis (rulebook "Stasis", Backtimers): cards parked face up in front of their
//! owner with stasis counters. They are in play but on no base, and only abilities
//! that mention stasis reach them: the table's abilities never see them, because they
//! are neither among the sources in play nor in any hand, deck or pile.
//!
//! The life of a card in stasis: it goes in with counters ([`Effect::PutInStasis`]);
//! at the start of each of its owner's turns one counter comes off (a mandatory rule,
//! ordered with the other start-of-turn abilities); abilities may add or remove
//! counters, every removed counter being a trigger moment; with no counter left it may
//! be played as an extra card in its owner's Play Cards phase (then it cannot go
//! straight back); at the end of every turn, the cards with no counter left are
//! discarded. Cards stored under a card in stasis stay with it and are discarded with
//! it.

use super::board::Loc;
use super::decision::{Choice, PlayTo};
use super::effect::{Amount, BaseSel, Effect, MinionFilter, PlayerSel, Target, Trigger};
use super::events::{Event, Zone};
use super::flow::Task;
use super::interp::{Ctx, Value};
use super::name;
use super::prog::Prog;
use super::state::{GameState, PlayerId, Uid};
use smallvec::SmallVec;

impl GameState {
    /// The stasis counters on a card in stasis (0 for any other card).
    pub fn stasis_counters(&self, card: Uid) -> u32 {
        self.players
            .iter()
            .flat_map(|p| &p.stasis)
            .find(|&&(c, _)| c == card)
            .map_or(0, |&(_, n)| n)
    }

    /// The cards `player` has in stasis, with their counters, in the order they went in.
    pub fn stasis_of(&self, player: PlayerId) -> &[(Uid, u32)] {
        &self.players[player.ix()].stasis
    }

    /// The list of cards stored under a card that is not on the table (in stasis, or
    /// resolving as it is played from there), made empty when there is none yet.
    pub(super) fn stored_off_table_mut(&mut self, host: Uid) -> &mut Vec<Uid> {
        let owner = self.owner(host);
        let list = &mut self.players[owner.ix()].stored_off_table;
        let i = match list.iter().position(|(h, _)| *h == host) {
            Some(i) => i,
            None => {
                list.push((host, Vec::new()));
                list.len() - 1
            }
        };
        &mut list[i].1
    }

    /// The cards still stored under a card that has left stasis go to their owners'
    /// discard piles (rulebook "Stored Cards": discarded with their host).
    pub(super) fn discard_stored_off_table(&mut self, host: Uid) {
        let owner = self.owner(host);
        let list = &mut self.players[owner.ix()].stored_off_table;
        let Some(i) = list.iter().position(|(h, _)| *h == host) else {
            return;
        };
        let (_, cards) = list.remove(i);
        for c in cards {
            let o = self.owner(c);
            self.players[o.ix()].discard.push(c);
            self.moved_to(c, super::whereabouts::Spot::Discard(o));
        }
    }

    /// [`Effect::PutInStasis`]: `card` goes into stasis with `counters` counters, by
    /// the ability in `ctx`.
    pub(super) fn put_in_stasis(&mut self, card: Uid, counters: u32, ctx: &Ctx) {
        // Cards leaving stasis may not immediately re-enter it. Reading: not for the
        // rest of the turn in which they left.
        if self.turn.left_stasis.contains(&card) || self.def(card).card().is_none() {
            return;
        }
        let loc = self.locate(card);
        let from = match loc {
            Loc::Hand(_) => Some(Zone::Hand),
            Loc::Deck(_) => Some(Zone::DeckTop),
            Loc::Discard(_) => Some(Zone::Discard),
            Loc::Minion(..) | Loc::OnBase(..) => self.base_of(card).map(Zone::Base),
            Loc::OnMinion(..) => self.attached_to(card).map(Zone::Minion),
            Loc::Elsewhere if self.aside.contains(&card) => Some(Zone::DeckTop),
            // The action resolving puts itself there (Future Almanac?).
            Loc::Elsewhere if card == ctx.source => None,
            Loc::Elsewhere | Loc::Base(_) | Loc::Stored(_) | Loc::Stasis(_) => return,
        };
        if self.on_table(card) {
            if self.minion(card).is_some() && self.intercepted(card, ctx) {
                return;
            }
            // Reading: a card going from a base into stasis leaves its base as it
            // would leave play: its +1 power counters go, and the actions attached to
            // it and the cards stored under it are discarded (rulebook "Stasis": on
            // no base, touched by nothing that does not mention stasis).
            self.leave_play(card, Zone::Stasis);
        } else {
            self.take_out_of_zone(card);
            // An action putting itself there no longer goes to the discard pile.
            self.stack
                .retain(|t| !matches!(t, Task::FinishAction(c) if *c == card));
            self.put_in_zone(card, Zone::Stasis);
        }
        let owner = self.owner(card);
        if let Some(entry) = self.players[owner.ix()]
            .stasis
            .iter_mut()
            .find(|(c, _)| *c == card)
        {
            entry.1 = counters;
        }
        self.did();
        self.events.push(Event::EnteredStasis {
            card,
            counters,
            from,
            by: Some(ctx.source),
        });
        self.stasis_trigger(card, Trigger::EntersStasis, None);
    }

    /// Queues this card's own ability waiting in stasis for `when`, for its owner.
    fn stasis_trigger(&mut self, card: Uid, when: Trigger, extra: Option<(Uid, u32)>) {
        for a in self.def(card).abilities() {
            if a.when != when {
                continue;
            }
            let mut ctx = Ctx::new(card, self.owner(card), None);
            if let Some((subject, removed)) = extra {
                ctx.subject = Some(subject);
                ctx = ctx.with(name::REMOVED, Value::Num(removed as i32));
            }
            self.trigger(when, Prog::Shared(&a.effect), ctx);
        }
    }

    /// Adds (or, for a negative `n`, removes) stasis counters on a card in stasis, by
    /// `remover`'s ability `by` (the card itself: the start-of-turn rule). Each counter removed
    /// triggers the card's own [`Trigger::StasisCounterRemoved`]; the remover's other
    /// cards in stasis that catch removed counters are triggered once (Lightning
    /// Strike). Reading: counters a catcher takes still count as removed from this
    /// card (its triggers fire and it may reach zero): "instead" only changes where
    /// the counters go.
    pub(super) fn change_stasis_counters(
        &mut self,
        card: Uid,
        n: i32,
        remover: PlayerId,
        by: Option<Uid>,
    ) {
        let Loc::Stasis(owner) = self.locate(card) else {
            return;
        };
        let Some(entry) = self.players[owner.ix()]
            .stasis
            .iter_mut()
            .find(|(c, _)| *c == card)
        else {
            return;
        };
        let before = entry.1 as i32;
        let after = (before + n).max(0);
        if after == before {
            return;
        }
        entry.1 = after as u32;
        self.did();
        self.events.push(Event::StasisCountersChanged {
            card,
            amount: after - before,
            total: after as u32,
            by,
        });
        let removed = (before - after).max(0) as u32;
        if removed == 0 {
            return;
        }
        if after == 0 {
            self.turn.stasis_emptied = true;
        }
        for _ in 0..removed {
            self.stasis_trigger(card, Trigger::StasisCounterRemoved, None);
        }
        let catchers: Vec<Uid> = self.players[remover.ix()]
            .stasis
            .iter()
            .map(|&(c, _)| c)
            .filter(|&c| c != card)
            .collect();
        for c in catchers {
            self.stasis_trigger(
                c,
                Trigger::StasisCountersRemovedElsewhere,
                Some((card, removed)),
            );
        }
    }

    /// Discards a card from stasis, with the cards stored under it, by the ability of
    /// `by` (none: the end of the turn).
    pub(super) fn discard_from_stasis(&mut self, card: Uid, by: Option<Uid>) {
        if !matches!(self.locate(card), Loc::Stasis(_)) {
            return;
        }
        self.take_out_of_zone(card);
        self.discard_stored_off_table(card);
        self.put_in_zone(card, Zone::Discard);
        self.did();
        self.events.push(Event::DiscardedFromStasis { card, by });
    }

    /// Start of `player`'s turn: the rule that takes one counter off each of their
    /// cards in stasis, queued per card among the start-of-turn abilities.
    pub(super) fn queue_stasis_rule(&mut self, player: PlayerId) {
        let cards: Vec<Uid> = self.players[player.ix()]
            .stasis
            .iter()
            .filter(|&&(_, n)| n > 0)
            .map(|&(c, _)| c)
            .collect();
        for card in cards {
            let effect = Prog::owned(Effect::RemoveStasisCounters {
                what: Target::This,
                amount: Amount::Const(1),
            });
            // The card is its own subject: what tells the rule from the card's abilities
            // in a question.
            let mut ctx = Ctx::new(card, player, None);
            ctx.subject = Some(card);
            self.trigger(Trigger::StasisCounterRule, effect, ctx);
        }
    }

    /// End of every turn: the cards in stasis with no counter left are discarded (they
    /// leave stasis and play). Reading: every player's, whoever's turn it is.
    pub(super) fn discard_spent_stasis(&mut self) {
        let spent: Vec<Uid> = self
            .players
            .iter()
            .flat_map(|p| &p.stasis)
            .filter(|&&(_, n)| n == 0)
            .map(|&(c, _)| c)
            .collect();
        for card in spent {
            self.discard_from_stasis(card, None);
        }
    }

    /// True for an action whose "when you play this card from stasis" instructions
    /// replace its on-play ability (it is then discarded, played onto nothing).
    fn stasis_instructions_replace(&self, card: Uid) -> bool {
        self.def(card).card().is_some_and(|c| {
            !c.is_minion()
                && c.abilities
                    .iter()
                    .any(|a| a.when == Trigger::PlayedFromStasis)
        })
    }

    /// The programs a card runs as it is played from `from`: its on-play abilities;
    /// from stasis, its stasis instructions instead (an action) or after them (a
    /// minion: Sidelined Girlfriend's counter comes after its own ability). Most often
    /// one or two, kept on the stack: every card played asks.
    pub(super) fn on_play_programs(&self, card: Uid, from: Zone) -> SmallVec<[Prog; 2]> {
        let abilities = self.def(card).abilities();
        let of = |when: Trigger| {
            abilities
                .iter()
                .filter(move |a| a.when == when)
                .map(|a| Prog::Shared(&a.effect))
        };
        if from != Zone::Stasis {
            return of(Trigger::OnPlay).collect();
        }
        if self.stasis_instructions_replace(card) {
            return of(Trigger::PlayedFromStasis).collect();
        }
        of(Trigger::OnPlay)
            .chain(of(Trigger::PlayedFromStasis))
            .collect()
    }

    /// The main-decision options that stasis gives `player`: playing a card with no
    /// counter left as an extra card, and an action play spent on a card in stasis
    /// (Lightning Strike); added to `out`.
    pub(super) fn stasis_options(&self, player: PlayerId, out: &mut Vec<Choice>) {
        if self.stasis_of(player).is_empty() {
            return;
        }
        let capped = self.extra_cards_capped(player);
        let no_actions = self.actions_forbidden(player);
        let action_play_left = self
            .turn
            .allowances
            .iter()
            .any(|a| !a.minion && !a.from_discard);
        for &(card, n) in self.stasis_of(player) {
            if n == 0 && !capped && self.may_play_kind(card, no_actions) {
                let targets = if self.stasis_instructions_replace(card) {
                    vec![None]
                } else {
                    self.targets_for(player, card)
                };
                out.extend(targets.into_iter().map(|to| Choice::Play { card, to }));
            }
            let usable = self.def(card).abilities().iter().any(|a| {
                a.when == Trigger::SpendActionPlayFromStasis
                    && self.once_key_free(a)
                    && self.special_condition_holds(a, card)
            });
            if usable && action_play_left {
                out.push(Choice::Use { card, to: None });
            }
        }
    }

    /// `player` plays a card with no counter left from stasis as an extra card.
    pub(super) fn play_from_stasis(&mut self, player: PlayerId, card: Uid, to: Option<PlayTo>) {
        if self.stasis_counters(card) != 0 || self.owner(card) != player {
            return;
        }
        self.turn.left_stasis.push(card);
        self.play_card(player, card, to, Zone::Stasis, None);
    }

    /// `player` spends one of their action plays on a card of theirs in stasis
    /// (Lightning Strike): an extra action play if they have one, else the normal
    /// one. It is not playing a card.
    pub(super) fn use_from_stasis(&mut self, player: PlayerId, card: Uid) {
        let plays = &self.turn.allowances;
        let spent = plays
            .iter()
            .position(|a| !a.minion && !a.from_discard && !a.normal)
            .or_else(|| plays.iter().position(|a| !a.minion && !a.from_discard));
        let Some(i) = spent else {
            return;
        };
        let Some(a) = self
            .def(card)
            .abilities()
            .iter()
            .find(|a| a.when == Trigger::SpendActionPlayFromStasis)
        else {
            return;
        };
        self.use_allowance(i);
        if let Some(k) = &a.once_per_turn {
            self.turn.used.push(k.clone());
        }
        self.events.push(Event::Used { player, card });
        self.push_resolution(Prog::Shared(&a.effect), Ctx::new(card, player, None));
    }

    /// The cards in stasis a selector of stasis means.
    pub(super) fn select_stasis(&self, of: &PlayerSel, at_least: u32, ctx: &Ctx) -> Vec<Value> {
        self.players_of(of, ctx)
            .into_iter()
            .flat_map(|p| self.stasis_of(p).to_vec())
            .filter(|&(_, n)| n >= at_least)
            .map(|(c, _)| Value::Card(c))
            .collect()
    }

    /// How many minions in stasis a count of minions in play anywhere also counts
    /// (rulebook "Stasis": their presence on the table may influence abilities such
    /// as Microbot Alpha's). Reading: only a count with no base in it, and only by what a card
    /// off the table shows: its owner, name, faction and printed power (Microbot
    /// Alpha makes no card in stasis a Microbot: it does not mention stasis).
    pub(super) fn stasis_minions_counted(&self, f: &MinionFilter, ctx: &Ctx) -> i32 {
        if f.on != BaseSel::Any
            || f.with_allies_here.is_some()
            || f.carrying.is_some()
            || f.base_breakpoint_below.is_some()
        {
            return 0;
        }
        let printed_ok = |card: Uid| {
            let p = self.printed_power(card);
            f.power_at_most
                .as_ref()
                .is_none_or(|a| p <= self.amount(a, ctx))
                && f.power_below
                    .as_ref()
                    .is_none_or(|a| p < self.amount(a, ctx))
                && f.power_at_least
                    .as_ref()
                    .is_none_or(|a| p >= self.amount(a, ctx))
                && f.printed_power_at_most.is_none_or(|m| p <= m as i32)
        };
        let matches = |card: Uid| {
            let def = self.def(card);
            def.card().is_some_and(|c| c.is_minion())
                && self.is_player(&f.controller, ctx, self.owner(card))
                && f.except
                    .as_ref()
                    .is_none_or(|t| self.target_card(t, ctx) != Some(card))
                && f.is
                    .as_ref()
                    .is_none_or(|t| self.target_card(t, ctx) == Some(card))
                && f.named.as_ref().is_none_or(|n| def.name() == n)
                && (!f.microbot || self.is_microbot(card))
                && f.faction.as_ref().is_none_or(|t| match t {
                    Target::Faction(id) => def.card().is_some_and(|c| c.faction == *id),
                    _ => false,
                })
                && printed_ok(card)
        };
        self.players
            .iter()
            .flat_map(|p| &p.stasis)
            .filter(|&&(c, _)| matches(c))
            .count() as i32
    }
}
