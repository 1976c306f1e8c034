//! The verbs: every change to the table goes through one of these, so protections,
//! "instead" replacements, triggered abilities and events cannot be bypassed.

use super::board::Loc;
use super::effect::{Effect, ExtraPlay as ExtraSpec, Selector, Static, Target, Trigger};
use super::events::{Event, Quiet, Unmet, Zone};
use super::flow::Task;
use super::interp::{Ctx, Value};
use super::name;
use super::prog::{Parts, Prog};
use super::state::{
    ActionInPlay, Allowance, Expiry, GameState, Lasting, LastingEffect, MinionInPlay, Phase,
    PlayInProgress, PlayerId, Uid,
};
use super::whereabouts::Spot;
use rand::seq::SliceRandom;

impl GameState {
    /// Performs one verb of a program.
    pub(super) fn run_verb<'a>(&mut self, verb: &'a Effect, ctx: Ctx, part: impl Parts<'a>) {
        let card = |s: &Self, t: &Target| s.target_card(t, &ctx);
        match verb {
            Effect::Destroy(t) => {
                let c = card(self, t);
                // A card that has left play since it was chosen (Always Get Our Man).
                if !c.is_some_and(|c| self.on_table(c)) {
                    self.note_quiet(Quiet::Condition(Unmet::NotInPlay));
                }
                if let Some(c) = c {
                    self.destroy_all(&[c], &ctx);
                }
            }
            Effect::DestroyAll(each) => {
                let found = self.select(each, &ctx);
                if found.is_empty() {
                    self.note_quiet(Quiet::NothingToChoose(super::interp::pool(each)));
                }
                let targets: Vec<Uid> = found
                    .into_iter()
                    .filter_map(|v| match v {
                        Value::Card(c) => Some(c),
                        _ => None,
                    })
                    .collect();
                self.destroy_all(&targets, &ctx);
            }
            Effect::ReturnToHand(t) => {
                // Only a card still in play returns: one that has left play since it
                // was chosen (destroyed meanwhile) stays where it went.
                if let Some(c) = card(self, t).filter(|&c| self.on_table(c)) {
                    if !self.intercepted(c, &ctx) {
                        self.leave_play(c, Zone::Hand);
                        self.events.push(Event::Returned {
                            card: c,
                            by: Some(ctx.source),
                        });
                        self.did();
                    }
                }
            }
            Effect::PlaceOnDeckBottom(t) => {
                if let Some(c) = card(self, t) {
                    self.place(c, Zone::DeckBottom, &ctx);
                }
            }
            Effect::Move { what, to } => {
                if let (Some(c), Some(base)) = (card(self, what), card(self, to)) {
                    if let Some(by) = self.guarded_from_moves(c, &ctx) {
                        self.events.push(Event::Prevented {
                            card: c,
                            by,
                            stopped: Some(ctx.source),
                        });
                        return;
                    }
                    if !self.intercepted(c, &ctx) {
                        self.move_minion(c, base, ctx.you, ctx.source);
                    }
                }
            }
            Effect::Draw(amount) => {
                let n = self.amount(amount, &ctx).max(0) as usize;
                let p = &self.players[ctx.you.ix()];
                if n == 0 {
                    // A card drawn for each of something, and there is none (Tech Center).
                    if let super::effect::Amount::Count(sel) = amount {
                        self.note_quiet(Quiet::NothingToChoose(super::interp::pool(sel)));
                    }
                } else if p.deck.is_empty() && p.discard.is_empty() {
                    self.note_quiet(Quiet::Condition(Unmet::NothingToDraw(ctx.you)));
                }
                self.draw_by(ctx.you, n, Some(ctx.source));
            }
            Effect::GainVp { who, amount } => {
                let n = self.amount(amount, &ctx).max(0) as u32;
                for p in self.players_of(who, &ctx) {
                    self.gain_vp(p, n, Some(ctx.source));
                }
            }
            Effect::ExtraPlay(spec) => self.grant_extra(spec, &ctx),
            Effect::PowerUntil {
                what,
                amount,
                until,
                while_on,
            } => {
                if let Some(c) = card(self, what) {
                    let n = self.amount(amount, &ctx);
                    if self.minion(c).is_some() && !self.intercepted(c, &ctx) {
                        let until = Expiry::from_until(*until, ctx.you, &self.turn);
                        let what = match while_on.as_ref().and_then(|t| card(self, t)) {
                            Some(base) => Lasting::PowerHere {
                                minion: c,
                                amount: n,
                                base,
                            },
                            None => Lasting::Power {
                                minion: c,
                                amount: n,
                            },
                        };
                        self.lasting.push(LastingEffect { what, until });
                        self.events.push(Event::PowerChanged {
                            card: c,
                            amount: n,
                            by: Some(ctx.source),
                        });
                        self.did();
                    }
                }
            }
            Effect::BreakpointThisTurn { base, amount } => {
                if let Some(b) = card(self, base) {
                    let n = self.amount(amount, &ctx);
                    self.lasting.push(LastingEffect {
                        what: Lasting::Breakpoint { base: b, amount: n },
                        until: Expiry::EndOfTurn(self.turn.number),
                    });
                    self.events.push(Event::BreakpointChanged {
                        base: b,
                        amount: n,
                        by: Some(ctx.source),
                    });
                }
            }
            Effect::PutInDiscard(t) => {
                if let Some(c) = card(self, t) {
                    if self.on_table(c) {
                        // Discarded from play: not destroyed, so nothing "after destroyed" fires.
                        self.leave_play(c, Zone::Discard);
                        self.placed(c, Zone::Discard, ctx.source);
                        return;
                    }
                    let owner = self.owner(c);
                    let from_hand = matches!(self.locate(c), Loc::Hand(_));
                    let from_deck = matches!(self.locate(c), Loc::Deck(_));
                    self.take_out_of_zone(c);
                    self.players[owner.ix()].discard.push(c);
                    self.moved_to(c, Spot::Discard(owner));
                    self.did();
                    self.events.push(Event::Discarded {
                        player: owner,
                        cards: vec![c],
                        by: Some(ctx.source),
                        from_deck,
                    });
                    if from_hand {
                        self.discarded_from_hand(owner, Some(ctx.source));
                    }
                }
            }
            Effect::Discard { who, count, random } => {
                let n = self.amount(count, &ctx).max(0) as usize;
                for p in self.players_of(who, &ctx) {
                    if n > 0 && self.players[p.ix()].hand.is_empty() {
                        self.note_quiet(Quiet::Condition(Unmet::HandEmpty(p)));
                    }
                    if *random {
                        let before = self.players[p.ix()].hand.len();
                        self.discard_random(p, n, ctx.source);
                        if self.players[p.ix()].hand.len() < before {
                            self.discarded_from_hand(p, Some(ctx.source));
                        }
                    } else {
                        self.stack
                            .push(Task::DiscardChosen(p, n as u32, ctx.source));
                    }
                }
            }
            Effect::NameFaction(t) => {
                if let Some(f) = match &t {
                    Target::Var(name) => match ctx.var(name) {
                        Some(Value::Faction(f)) => Some(*f),
                        _ => None,
                    },
                    _ => None,
                } {
                    if let Loc::OnBase(b, a) = self.locate(ctx.source) {
                        self.bases[b].actions[a].named = Some(f.to_string());
                    }
                    self.events.push(Event::Named {
                        player: ctx.you,
                        faction: f.to_string(),
                        by: Some(ctx.source),
                    });
                }
            }
            Effect::IgnoreBaseUntilMyTurn(t) => {
                if let Some(b) = card(self, t) {
                    let entry = super::state::Ignoring {
                        base: b,
                        player: ctx.you,
                        by: ctx.source,
                    };
                    if !self.ignoring.contains(&entry) {
                        self.ignoring.push(entry);
                        self.events.push(Event::IgnoringBase {
                            player: ctx.you,
                            base: b,
                            by: ctx.source,
                        });
                    }
                }
            }
            Effect::LookAtHand(t) => {
                if let Some(Value::Player(p)) = match &t {
                    Target::Var(name) => ctx.var(name).cloned(),
                    _ => None,
                } {
                    self.events.push(Event::LookedAtHand {
                        player: ctx.you,
                        target: p,
                        by: Some(ctx.source),
                    });
                }
            }
            Effect::SwapBase { old, new } => {
                if let (Some(old), Some(new)) = (card(self, old), card(self, new)) {
                    self.swap_base(old, new, ctx.source);
                }
            }
            Effect::PutBaseOnTop(t) => {
                if let Some(b) = card(self, t).filter(|&b| self.take_from_base_deck(b)) {
                    self.base_deck.insert(0, b);
                    self.events.push(Event::BaseToTop {
                        player: ctx.you,
                        by: Some(ctx.source),
                    });
                }
            }
            Effect::PlayNow { card: what, to } => {
                let onto_minion = card(self, to).filter(|&m| self.minion(m).is_some());
                if let (Some(c), Some(m)) = (card(self, what), onto_minion) {
                    let onto = Some(super::decision::PlayTo::Minion(m));
                    if self.extra_play_targets(ctx.you, c).contains(&onto) {
                        let from = self.zone_of_hand_card(c);
                        self.play_card(ctx.you, c, onto, from, Some(ctx.source));
                    }
                } else if let (Some(c), Some(base)) = (card(self, what), card(self, to)) {
                    if !self.may_play_card_on(ctx.you, c, base) || self.extra_cards_capped(ctx.you)
                    {
                        return;
                    }
                    let from = self.zone_of_hand_card(c);
                    self.play_card(
                        ctx.you,
                        c,
                        Some(super::decision::PlayTo::Base(base)),
                        from,
                        Some(ctx.source),
                    );
                }
            }
            Effect::DiscardHand(who) => {
                for p in self.players_of(who, &ctx) {
                    let cards = std::mem::take(&mut self.players[p.ix()].hand);
                    self.players[p.ix()].discard.extend(&cards);
                    self.all_moved_to(&cards, Spot::Discard(p));
                    let any = !cards.is_empty();
                    self.events.push(Event::Discarded {
                        player: p,
                        cards,
                        by: Some(ctx.source),
                        from_deck: false,
                    });
                    if any {
                        self.discarded_from_hand(p, Some(ctx.source));
                    }
                }
            }
            Effect::PutInHand(t) => {
                if let Some(c) = card(self, t).filter(|&c| self.out_of_play(c)) {
                    self.place(c, Zone::Hand, &ctx);
                }
            }
            Effect::DrawCard(t) => {
                if let Some(c) = card(self, t).filter(|&c| matches!(self.locate(c), Loc::Deck(_))) {
                    let player = self.owner(c);
                    self.take_out_of_zone(c);
                    self.put_in_zone(c, Zone::Hand);
                    self.did();
                    self.events.push(Event::Drew {
                        player,
                        cards: vec![c],
                        by: Some(ctx.source),
                    });
                }
            }
            Effect::Store { card: t, under } => {
                let host = self
                    .target_card(under, &ctx)
                    .filter(|&h| self.on_table(h) || matches!(self.locate(h), Loc::Stasis(_)));
                let stored = card(self, t).filter(|&c| {
                    self.out_of_play(c)
                        && !matches!(self.locate(c), Loc::Stored(_) | Loc::Stasis(_))
                });
                if let (Some(h), Some(c)) = (host, stored) {
                    self.place(c, Zone::Stored(h), &ctx);
                }
            }
            Effect::UseTalent(t) => {
                if let Some(card) = card(self, t).filter(|&c| self.on_table(c)) {
                    if let Some(talent) = self.talent_of(card) {
                        let mut c = self.ctx_of(card);
                        c.you = ctx.you;
                        c.scoring = ctx.scoring;
                        self.stack.push(Task::Ability(Prog::Shared(talent), c));
                    }
                }
            }
            Effect::PutOnDeckTop(t) => {
                // A card in play goes too (Always Room at Granny's), unless protected.
                if let Some(c) = card(self, t).filter(|&c| self.on_table(c) || self.out_of_play(c))
                {
                    self.place(c, Zone::DeckTop, &ctx);
                }
            }
            Effect::ShuffleDeck(who) => {
                for p in self.players_of(who, &ctx) {
                    self.players[p.ix()].deck.shuffle(&mut self.rng);
                    self.events.push(Event::Shuffled {
                        player: p,
                        by: Some(ctx.source),
                        from_discard: false,
                    });
                }
            }
            Effect::RefillEmptyDeck(who) => {
                for p in self.players_of(who, &ctx) {
                    if self.players[p.ix()].deck.is_empty() {
                        self.reshuffle(p, Some(ctx.source));
                    }
                }
            }
            Effect::Reveal(t) => {
                if let Some(c) = card(self, t) {
                    self.events.push(Event::Revealed {
                        player: self.owner(c),
                        card: c,
                        by: Some(ctx.source),
                    });
                }
            }
            Effect::SetAsideTop { of, count } => {
                let n = self.amount(count, &ctx).max(0) as usize;
                for p in self.players_of(of, &ctx) {
                    for _ in 0..n {
                        if self.players[p.ix()].deck.is_empty() {
                            self.reshuffle(p, Some(ctx.source));
                        }
                        if self.players[p.ix()].deck.is_empty() {
                            break;
                        }
                        let c = self.players[p.ix()].deck.remove(0);
                        self.aside.push(c);
                        self.moved_to(c, Spot::Elsewhere);
                        self.events.push(Event::Revealed {
                            player: p,
                            card: c,
                            by: Some(ctx.source),
                        });
                    }
                }
            }
            Effect::PlayExtra(t) => {
                let Some(c) = card(self, t).filter(|&c| self.out_of_play(c)) else {
                    return;
                };
                let targets = self.extra_play_targets(ctx.you, c);
                match targets.as_slice() {
                    [] => {}
                    [to] => {
                        let from = self.zone_of_hand_card(c);
                        self.play_card(ctx.you, c, *to, from, Some(ctx.source));
                    }
                    _ => {
                        // A specific card: played at once, only where is asked.
                        let options = targets
                            .iter()
                            .map(|&to| super::decision::Choice::Play { card: c, to })
                            .collect();
                        self.pending = Some(super::decision::Pending {
                            decision: super::decision::Decision {
                                player: ctx.you,
                                ask: super::decision::Ask::ExtraNow,
                                options,
                            },
                            resume: super::decision::Resume::ExtraNow {
                                focus: None,
                                by: Some(ctx.source),
                            },
                        });
                    }
                }
            }
            Effect::RevealTop { bind, then } => {
                let p = ctx.you;
                if self.players[p.ix()].deck.is_empty() {
                    self.reshuffle(p, Some(ctx.source));
                }
                if self.players[p.ix()].deck.is_empty() {
                    self.note_quiet(Quiet::Condition(Unmet::NothingToDraw(p)));
                }
                if let Some(&c) = self.players[p.ix()].deck.first() {
                    self.events.push(Event::Revealed {
                        player: p,
                        card: c,
                        by: Some(ctx.source),
                    });
                    self.stack
                        .push(Task::Run(part.prog(then), ctx.with(bind, Value::Card(c))));
                }
            }
            Effect::InsteadOfDiscard { what, to } => {
                // Only an action that is resolving (in no zone and not in play).
                if let Some(c) = card(self, what).filter(|&c| self.locate(c) == Loc::Elsewhere) {
                    self.redirected.retain(|&(x, _)| x != c);
                    self.redirected.push((c, *to));
                    self.events.push(Event::SentInstead {
                        card: c,
                        to: *to,
                        by: ctx.source,
                    });
                }
            }
            Effect::SetMode(n) => {
                let set = match self.locate(ctx.source) {
                    Loc::OnBase(b, a) => Some(&mut self.bases[b].actions[a]),
                    Loc::OnMinion(b, m, a) => Some(&mut self.bases[b].minions[m].attached[a]),
                    _ => None,
                };
                if let Some(action) = set {
                    action.mode = Some(*n);
                    let label = self.mode_label(ctx.source, *n).unwrap_or_default();
                    self.events.push(Event::ModeSet {
                        card: ctx.source,
                        label,
                    });
                }
            }
            Effect::TakeControl { what, until } => {
                let Some(c) = card(self, what).filter(|&c| self.minion(c).is_some()) else {
                    return;
                };
                let back_to = self.controller(c);
                if back_to == ctx.you {
                    self.note_quiet(Quiet::Condition(Unmet::AlreadyControlled));
                    return;
                }
                if self.intercepted(c, &ctx) {
                    return;
                }
                let until = Expiry::from_until(*until, ctx.you, &self.turn);
                self.lasting.push(LastingEffect {
                    what: Lasting::Control { minion: c, back_to },
                    until,
                });
                self.set_controller(c, ctx.you, Some(ctx.source));
                self.did();
            }
            Effect::Transfer { action, to } => {
                if let (Some(a), Some(m)) = (card(self, action), card(self, to)) {
                    if self.def(m).base().is_some() {
                        self.transfer_to_base(a, m, ctx.source);
                    } else {
                        self.transfer(a, m, &ctx);
                    }
                }
            }
            Effect::TakeRandom(from) => {
                let found: Vec<Uid> = self
                    .select(from, &ctx)
                    .into_iter()
                    .filter_map(|v| match v {
                        Value::Card(c) if self.out_of_play(c) => Some(c),
                        _ => None,
                    })
                    .collect();
                if !found.is_empty() {
                    let i = rand::Rng::gen_range(&mut self.rng, 0..found.len());
                    let c = found[i];
                    self.events.push(Event::Revealed {
                        player: self.owner(c),
                        card: c,
                        by: Some(ctx.source),
                    });
                    self.place(c, Zone::Hand, &ctx);
                }
            }
            Effect::AddCounters { what, amount } => {
                let n = self.amount(amount, &ctx);
                if let Some(c) = card(self, what).filter(|&c| self.minion(c).is_some()) {
                    if n != 0 && !self.intercepted(c, &ctx) {
                        self.add_counters(c, n, Some(ctx.source));
                    }
                }
            }
            Effect::AddBase { bind, then } => {
                self.refill_base_deck();
                if self.base_deck.is_empty() {
                    self.note_quiet(Quiet::Condition(Unmet::NoBaseLeft));
                    return;
                }
                let new = self.base_deck.remove(0);
                self.bases.push(super::state::BaseInPlay {
                    card: new,
                    minions: Vec::new(),
                    actions: Vec::new(),
                    played_here: Vec::new(),
                });
                self.moved_to(new, Spot::Base);
                self.did();
                self.events.push(Event::BaseAdded {
                    base: new,
                    by: Some(ctx.source),
                });
                self.base_entered(new);
                self.stack
                    .push(Task::Run(part.prog(then), ctx.with(bind, Value::Base(new))));
            }
            Effect::PutBaseOnBottom(t) => {
                if let Some(b) = card(self, t).filter(|&b| self.take_from_base_deck(b)) {
                    self.base_deck.push(b);
                    self.events.push(Event::BaseToBottom {
                        player: ctx.you,
                        by: Some(ctx.source),
                    });
                }
            }
            Effect::DiscardBase(t) => {
                if let Some(b) = card(self, t).filter(|&b| self.take_from_base_deck(b)) {
                    self.base_discard.push(b);
                    self.events.push(Event::BaseDiscarded {
                        base: b,
                        by: Some(ctx.source),
                    });
                }
            }
            Effect::RevealBase(t) => {
                if let Some(b) = card(self, t) {
                    self.events.push(Event::BaseRevealed {
                        base: b,
                        by: Some(ctx.source),
                    });
                }
            }
            Effect::AfterReplaced(then) => {
                if let Some(base) = ctx.scoring {
                    self.delayed.push(super::state::Delayed {
                        base,
                        effect: Effect::clone(then),
                        ctx,
                    });
                }
            }
            Effect::ShuffleIntoDeck(t) => {
                if let Some(c) = card(self, t).filter(|&c| self.on_table(c)) {
                    if self.minion(c).is_none() || !self.intercepted(c, &ctx) {
                        self.leave_play(c, Zone::DeckTop);
                        let owner = self.owner(c);
                        self.players[owner.ix()].deck.shuffle(&mut self.rng);
                        self.did();
                        self.events.push(Event::ShuffledIntoDeck {
                            card: c,
                            by: Some(ctx.source),
                        });
                    }
                }
            }
            Effect::DestroyAnyway(t) => {
                if let Some(c) = card(self, t) {
                    self.destroy_with(&[c], &ctx, false);
                }
            }
            Effect::NoActionsNextTurn(who) => {
                // Turns go round the table one by one: a player's next turn is this
                // many turns ahead (a whole round for the current player).
                let n = self.players.len() as u32;
                let current = self.turn.player.0 as u32;
                for p in self.players_of(who, &ctx) {
                    let ahead = (p.0 as u32 + n - current) % n;
                    let turn = self.turn.number + if ahead == 0 { n } else { ahead };
                    self.lasting.push(LastingEffect {
                        what: Lasting::NoActionsOnTurn { player: p, turn },
                        until: Expiry::EndOfTurn(turn),
                    });
                    self.events.push(Event::NoActionsNextTurn {
                        player: p,
                        by: ctx.source,
                    });
                }
            }
            Effect::PutInStasis { card: t, counters } => {
                let n = self.amount(counters, &ctx).max(0) as u32;
                if let Some(c) = card(self, t) {
                    self.put_in_stasis(c, n, &ctx);
                }
            }
            Effect::AddStasisCounters { what, amount } => {
                let n = self.amount(amount, &ctx).max(0);
                if let Some(c) = card(self, what) {
                    self.change_stasis_counters(c, n, ctx.you, Some(ctx.source));
                }
            }
            Effect::RemoveStasisCounters { what, amount } => {
                let n = self.amount(amount, &ctx).max(0);
                if let Some(c) = card(self, what) {
                    self.change_stasis_counters(c, -n, ctx.you, Some(ctx.source));
                }
            }
            Effect::DiscardFromStasis(t) => {
                if let Some(c) = card(self, t) {
                    self.discard_from_stasis(c, Some(ctx.source));
                }
            }
            Effect::PlayOffTop { filter, to } => self.play_off_top(filter, to, &ctx),
            Effect::DestroyBase(t) => {
                if let Some(b) = card(self, t) {
                    self.destroy_base(b, &ctx);
                }
            }
            Effect::PutInBox(t) => {
                if let Some(c) = card(self, t).filter(|c| !self.boxed.contains(c)) {
                    self.relocate(c, Zone::Box, ctx.source);
                }
            }
            Effect::OthersPowerWhereAction {
                named,
                amount,
                until,
            } => {
                let amount = self.amount(amount, &ctx);
                self.lasting.push(LastingEffect {
                    what: Lasting::OthersPowerWhereAction {
                        player: ctx.you,
                        action: named.clone(),
                        amount,
                        by: ctx.source,
                    },
                    until: Expiry::from_until(*until, ctx.you, &self.turn),
                });
                self.did();
                self.events.push(Event::OthersPowerWhereAction {
                    player: ctx.you,
                    action: named.clone(),
                    amount,
                    by: ctx.source,
                });
            }
            Effect::ExtraPlayNextTurn(spec) => self.grant_extra_next_turn(spec, &ctx),
            Effect::RevealUntil { filter, bind, then } => {
                let ctx = match self.reveal_until(filter, &ctx) {
                    Some(c) => ctx.with(bind, Value::Card(c)),
                    None => ctx,
                };
                self.stack.push(Task::Run(part.prog(then), ctx));
            }
            Effect::DiscardStored(t) => {
                if let Some(host) = card(self, t) {
                    for c in self.stored_under(host) {
                        self.relocate(c, Zone::Discard, host);
                    }
                    self.discard_stored_off_table(host);
                }
            }
            other => unreachable!("not a verb: {other:?}"),
        }
    }

    /// What mode `n` of a card's "choose one" does, in its card's words (Enchantment).
    fn mode_label(&self, card: Uid, n: u8) -> Option<String> {
        self.def(card)
            .abilities()
            .iter()
            .find_map(|a| match &a.effect {
                Effect::ChooseOne(modes) => modes
                    .iter()
                    .find(|m| m.effect == Effect::SetMode(n))
                    .map(|m| m.label.to_string()),
                _ => None,
            })
    }

    /// Takes a base out of the base deck; false if it is not there.
    fn take_from_base_deck(&mut self, base: Uid) -> bool {
        match self.base_deck.iter().position(|&x| x == base) {
            Some(i) => {
                self.base_deck.remove(i);
                true
            }
            None => false,
        }
    }

    /// An empty base deck is made anew from the shuffled base discard pile (the
    /// rulebook, as a scored base is replaced; Idaho Smith's additional base too).
    pub(super) fn refill_base_deck(&mut self) {
        if self.base_deck.is_empty() {
            let mut pile = std::mem::take(&mut self.base_discard);
            pile.shuffle(&mut self.rng);
            self.base_deck = pile;
        }
    }

    /// Places a card in a zone of its owner ("place": rulebook Terms): from play,
    /// unless a protection stops it, or from a hand, deck or discard pile, or set
    /// aside. Told as `Placed` with its cause.
    fn place(&mut self, card: Uid, to: Zone, ctx: &Ctx) {
        if self.minion(card).is_some() && self.intercepted(card, ctx) {
            return;
        }
        self.relocate(card, to, ctx.source);
    }

    /// [`Self::place`] with nothing able to stop it (the box; cards stored under a
    /// card that has left play going to the discard pile), by the ability of `by`.
    pub(super) fn relocate(&mut self, card: Uid, to: Zone, by: Uid) {
        if self.on_table(card) {
            self.leave_play(card, to);
        } else {
            self.take_out_of_zone(card);
            self.put_in_zone(card, to);
        }
        self.placed(card, to, by);
    }

    /// A card was placed in a zone by the ability of `by`: counted as a change, told.
    fn placed(&mut self, card: Uid, to: Zone, by: Uid) {
        self.did();
        self.events.push(Event::Placed {
            card,
            to,
            by: Some(by),
        });
    }

    /// Gives `ctx.you` an extra play. Outside the Play Cards phase (or when the card
    /// says so) it must be used at once: it is offered now and then lost.
    pub(super) fn grant_extra(&mut self, spec: &ExtraSpec, ctx: &Ctx) {
        let allowance = self.allowance_of(spec, ctx);
        self.events.push(Event::ExtraPlay {
            player: ctx.you,
            minion: spec.minion,
            by: Some(ctx.source),
        });
        if self.extra_is_now_or_never(spec, ctx) {
            self.stack.push(Task::ImmediatePlay(ctx.you, allowance));
        } else {
            self.turn.allowances.push(allowance);
        }
    }

    /// True when an extra play must be used at once or is lost. Rulebook (Excellent
    /// Movies, Dudes!, "Extra"): "If an ability gives you an extra card during the Play
    /// Cards phase, you may choose to wait and play it later in that phase, unless it
    /// was given by a Special ability, or a later part of the ability depends on playing
    /// the card ..., or if it refers to a specific card (e.g. a card from the discard
    /// pile ...). An extra card with constraints (e.g. a minion of power 2 or less) is
    /// not a specific card and can be played later." So it waits in your own Play
    /// Cards phase (Señor Muchoslam's Talent, To Battle!, On a Roll, Fairy Circle),
    /// except from a Special or from the discard pile (Zombie Lord, They Keep Coming);
    /// a card named for a later part of an ability is played with `PlayExtra`, at
    /// once. Outside your Play Cards phase every extra play is now or never.
    fn extra_is_now_or_never(&self, spec: &ExtraSpec, ctx: &Ctx) -> bool {
        let in_own_play_phase = self.turn.phase == Phase::PlayCards && self.turn.player == ctx.you;
        let by_special = self.def(ctx.source).card().is_some_and(|c| {
            c.labels.contains(&crate::cards::model::Label::Special)
                && !self.playing.iter().any(|p| p.card == ctx.source)
        });
        !in_own_play_phase || spec.from_discard || by_special
    }

    /// The play an extra-play spec gives `ctx.you`, its bound targets resolved now.
    fn allowance_of(&self, spec: &ExtraSpec, ctx: &Ctx) -> Allowance {
        Allowance {
            minion: spec.minion,
            normal: false,
            power_at_most: spec.power_at_most,
            named: spec.named.as_deref().map(super::name::Name::new),
            onto_others_minion: spec.onto_others_minion,
            must_affect: spec
                .must_affect
                .as_ref()
                .and_then(|t| self.target_card(t, ctx)),
            only_on: spec.only_on.as_ref().and_then(|t| self.target_card(t, ctx)),
            only_where_no_minion: spec.only_where_no_minion_of_yours,
            only_where_minion: spec.only_where_minion_of_yours,
            from_discard: spec.from_discard,
            source: Some(ctx.source),
            either: spec.either,
        }
    }

    /// Gives `ctx.you` an extra play for their next turn (the one after this, if this
    /// is theirs), gained as its Play Cards phase begins (Wraithrustlers HQ).
    fn grant_extra_next_turn(&mut self, spec: &ExtraSpec, ctx: &Ctx) {
        let n = self.players.len() as u32;
        let ahead = (ctx.you.0 as u32 + n - self.turn.player.0 as u32) % n;
        let turn = self.turn.number + if ahead == 0 { n } else { ahead };
        let allowance = self.allowance_of(spec, ctx);
        self.later_extras.push((turn, ctx.you, allowance));
        self.did();
        self.events.push(Event::ExtraPlayNextTurn {
            player: ctx.you,
            either: spec.either,
            minion: spec.minion,
            by: Some(ctx.source),
        });
    }

    /// The context of a card in play's own abilities.
    pub(super) fn ctx_of(&self, card: Uid) -> Ctx {
        Ctx {
            source: card,
            you: self.controller(card),
            here: self.base_of(card),
            subject: None,
            scoring: None,
            vars: Default::default(),
        }
    }

    /// Takes a card out of play (with its attachments and stored cards going to their
    /// owners' discard piles) and puts it in a zone of its owner.
    pub(super) fn leave_play(&mut self, card: Uid, to: Zone) {
        self.leave_play_as(card, to, false);
    }

    /// [`Self::leave_play`], saying whether the card is being destroyed: the cards
    /// stored under it stay with it while an ability of its own that waits for this
    /// may still play them ([`Self::stored_left_behind`]); its "after it leaves play"
    /// abilities are queued.
    pub(super) fn leave_play_as(&mut self, card: Uid, to: Zone, destroyed: bool) {
        let base = self.base_of(card);
        let controller = self.controller(card);
        let own_stored = self.stored_under(card);
        let mut cancelled = false;
        let removed: Vec<Uid> = match self.locate(card) {
            Loc::Minion(b, m) => {
                let minion = self.bases.remove_minion(b, m, &self.cards);
                self.moved_to(card, Spot::Elsewhere);
                cancelled = self.attachments_cancel(&minion.attached);
                self.lasting.retain(|l| {
                    !matches!(l.what, Lasting::Power { minion: x, .. } | Lasting::Control { minion: x, .. } if x == card)
                });
                // A minion that leaves play is a new card if it comes back: a program
                // waiting for the end of the turn no longer names it (Always Get Our
                // Man: "if the chosen minion has left play, nothing happens", even if
                // it was played again meanwhile).
                for (_, ctx) in &mut self.at_end_of_turn {
                    ctx.vars.retain(|(_, v)| *v != Value::Card(card));
                }
                // Attached actions go with the cards stored under them.
                minion
                    .attached
                    .iter()
                    .flat_map(|a| std::iter::once(a.card).chain(a.stored.iter().copied()))
                    .collect()
            }
            Loc::OnBase(b, a) => {
                self.bases.remove_action(b, None, a, &self.cards);
                self.moved_to(card, Spot::Elsewhere);
                Vec::new()
            }
            Loc::OnMinion(b, m, a) => {
                self.bases.remove_action(b, Some(m), a, &self.cards);
                self.moved_to(card, Spot::Elsewhere);
                Vec::new()
            }
            _ => {
                self.take_out_of_zone(card);
                Vec::new()
            }
        };
        for c in removed {
            let owner = self.owner(c);
            self.players[owner.ix()].discard.push(c);
            self.moved_to(c, Spot::Discard(owner));
        }
        self.stored_left_behind(card, own_stored, destroyed);
        if to == Zone::Discard {
            self.discard_from_play(card, cancelled);
        } else {
            self.put_in_zone(card, to);
        }
        self.after_left_play(card, base, controller);
    }

    /// The cards that were stored under `card`, which has just left play: they stay
    /// with it ([`super::state::Player::stored_off_table`]) when an ability of its own waits for this
    /// leaving (Ancient Sumerian God whenever it leaves; Demon Dogs when destroyed),
    /// so that it can play them; otherwise they go to their owners' discard piles
    /// (rulebook "Stored Cards").
    fn stored_left_behind(&mut self, card: Uid, stored: Vec<Uid>, destroyed: bool) {
        if stored.is_empty() {
            return;
        }
        let waits = self.def(card).abilities().iter().any(|a| {
            a.when == Trigger::AfterLeavesPlay || (destroyed && a.when == Trigger::AfterDestroyed)
        });
        if waits {
            self.all_moved_to(&stored, Spot::Stored(card));
            self.stored_off_table_mut(card).extend(stored);
            return;
        }
        for c in stored {
            self.put_in_zone(c, Zone::Discard);
        }
    }

    /// Queues a card's own "after it leaves play" abilities (Ancient Sumerian God),
    /// for the player who controlled it, at the base it was on.
    fn after_left_play(&mut self, card: Uid, base: Option<Uid>, controller: PlayerId) {
        self.trigger_own_leaving(card, Trigger::AfterLeavesPlay, controller, base);
    }

    /// Queues the abilities of a card that has just left play that wait for `when`
    /// (its own "after destroyed" or "after it leaves play"), as the player who
    /// controlled it at the base it was on, each followed by discarding what is still
    /// stored with it.
    pub(super) fn trigger_own_leaving(
        &mut self,
        card: Uid,
        when: Trigger,
        controller: PlayerId,
        base: Option<Uid>,
    ) {
        for a in self.def(card).abilities() {
            if a.when == when {
                let mut ctx = Ctx::new(card, controller, base);
                ctx.subject = Some(card);
                let effect = self.then_discard_stored(card, Prog::Shared(&a.effect));
                self.trigger(when, effect, ctx);
            }
        }
    }

    /// A leaving card's own ability, followed by discarding what is still stored with
    /// it, when cards were kept with it ([`Self::stored_left_behind`]).
    pub(super) fn then_discard_stored(&self, card: Uid, effect: Prog) -> Prog {
        if self.players[self.owner(card).ix()]
            .stored_off_table
            .iter()
            .any(|(host, _)| *host == card)
        {
            Prog::owned(Effect::Seq(vec![
                effect.into_effect(),
                Effect::DiscardStored(Target::This),
            ]))
        } else {
            effect
        }
    }

    /// An action leaves play with the base it is at (scored, or swapped out): to its
    /// owner's discard pile, its stored cards kept or discarded as
    /// [`Self::stored_left_behind`] says, its "after it leaves play" abilities queued.
    pub(super) fn action_left_with_base(&mut self, action: ActionInPlay, base: Uid) {
        self.stored_left_behind(action.card, action.stored, false);
        self.put_in_zone(action.card, Zone::Discard);
        self.after_left_play(action.card, Some(base), action.controller);
    }

    /// A card leaving play for its owner's discard pile goes there, unless it is
    /// shuffled into its owner's deck instead (Sleeping Beauty), which a minion whose
    /// abilities were `cancelled` as it left (Cuddle) is not.
    pub(super) fn discard_from_play(&mut self, card: Uid, cancelled: bool) {
        let instead =
            !cancelled && self.has_static(card, &Static::ShuffledIntoDeckInsteadOfDiscard);
        if !instead {
            self.put_in_zone(card, Zone::Discard);
            return;
        }
        self.put_in_zone(card, Zone::DeckTop);
        let owner = self.owner(card);
        self.players[owner.ix()].deck.shuffle(&mut self.rng);
        self.events.push(Event::ShuffledIntoDeck { card, by: None });
    }

    /// True for a card in a hand, deck or discard pile, or set aside: not in play.
    /// True for a card that can be played from where it is: a hand, deck or discard
    /// pile, set aside, stored under a card or in stasis (only an ability that
    /// mentions stored cards or stasis names such a card).
    fn out_of_play(&self, card: Uid) -> bool {
        matches!(
            self.locate(card),
            Loc::Hand(_) | Loc::Deck(_) | Loc::Discard(_) | Loc::Stored(_) | Loc::Stasis(_)
        ) || self.aside.contains(&card)
    }

    /// The program of a card's (first) Talent, as it is now: none for a minion whose
    /// abilities are cancelled (Cuddle).
    pub(super) fn talent_of(&self, card: Uid) -> Option<&'static Effect> {
        self.live_abilities(card)
            .iter()
            .find(|a| a.when == Trigger::Talent)
            .map(|a| &a.effect)
    }

    /// Removes a card from its owner's hand, deck or discard pile, from under the
    /// card it is stored under, from stasis, or from the cards set aside.
    pub(super) fn take_out_of_zone(&mut self, card: Uid) {
        let remove = |zone: &mut Vec<Uid>| {
            if let Some(i) = zone.iter().position(|&c| c == card) {
                zone.remove(i);
            }
        };
        match self.locate(card) {
            Loc::Hand(p) => remove(&mut self.players[p.ix()].hand),
            Loc::Deck(p) => remove(&mut self.players[p.ix()].deck),
            Loc::Discard(p) => remove(&mut self.players[p.ix()].discard),
            Loc::Stasis(p) => self.players[p.ix()].stasis.retain(|&(c, _)| c != card),
            Loc::Stored(host) => {
                if let Some(list) = self.stored_under_mut(host) {
                    remove(list);
                }
            }
            _ => remove(&mut self.aside),
        }
        self.moved_to(card, Spot::Elsewhere);
    }

    /// [`Self::take_out_of_zone`] for a card played `from` there: a card played from
    /// a hand (most plays) is looked for in its owner's hand first, without a look-up
    /// of its zone (the caller has just looked it up to say where it comes from).
    fn take_out_to_play(&mut self, card: Uid, from: Zone) {
        if from == Zone::Hand {
            let owner = self.owner(card);
            let hand = &mut self.players[owner.ix()].hand;
            if let Some(i) = hand.iter().position(|&c| c == card) {
                hand.remove(i);
                self.moved_to(card, Spot::Elsewhere);
                return;
            }
        }
        self.take_out_of_zone(card);
    }

    /// The cards stored under a card in play (a minion, or an action on a base or
    /// a minion).
    pub(super) fn stored_under_mut(&mut self, host: Uid) -> Option<&mut Vec<Uid>> {
        match self.locate(host) {
            loc @ (Loc::Minion(..) | Loc::OnBase(..) | Loc::OnMinion(..)) => {
                self.bases.stored_mut(loc)
            }
            // A card in stasis, or resolving as it is played from there.
            _ => Some(self.stored_off_table_mut(host)),
        }
    }

    /// Puts a card into one of its owner's zones.
    pub(super) fn put_in_zone(&mut self, card: Uid, to: Zone) {
        self.stopped.retain(|&(m, s)| m != card && s != card);
        let owner = self.owner(card);
        let p = &mut self.players[owner.ix()];
        let spot = match to {
            Zone::Hand => {
                p.hand.push(card);
                Spot::Hand(owner)
            }
            Zone::DeckTop => {
                p.deck.insert(0, card);
                Spot::Deck(owner)
            }
            Zone::DeckBottom => {
                p.deck.push(card);
                Spot::Deck(owner)
            }
            Zone::Discard => {
                p.discard.push(card);
                Spot::Discard(owner)
            }
            Zone::Box => {
                self.boxed.push(card);
                Spot::Elsewhere
            }
            Zone::Stasis => {
                p.stasis.push((card, 0));
                Spot::Stasis(owner)
            }
            Zone::Stored(host) => match self.stored_under_mut(host) {
                Some(list) => {
                    list.push(card);
                    Spot::Stored(host)
                }
                None => Spot::Elsewhere,
            },
            Zone::Base(_) | Zone::Minion(_) => Spot::Elsewhere,
        };
        self.moved_to(card, spot);
    }

    /// Gives a minion in play a new controller (the actions on it keep theirs).
    pub(super) fn set_controller(&mut self, card: Uid, player: PlayerId, by: Option<Uid>) {
        if let Loc::Minion(b, m) = self.locate(card) {
            if self.bases[b].minions[m].controller != player {
                self.bases.set_controller(b, m, player);
                self.events.push(Event::ControlChanged { card, player, by });
            }
        }
    }

    /// Transfers an action attached to one minion onto another: not a play, so its
    /// on-play ability does not happen again and its controller stays (rulebook,
    /// "Transfer"). Being given an action affects the new minion, so a shield there
    /// stops it.
    fn transfer(&mut self, action: Uid, to: Uid, ctx: &Ctx) {
        let Loc::OnMinion(b, m, _) = self.locate(action) else {
            return;
        };
        let from = self.bases[b].minions[m].card;
        if from == to || self.minion(to).is_none() || self.intercepted(to, ctx) {
            return;
        }
        let Loc::OnMinion(b, m, a) = self.locate(action) else {
            return;
        };
        let moved = self.bases.remove_action(b, Some(m), a, &self.cards);
        self.moved_to(action, Spot::Elsewhere);
        if let Loc::Minion(tb, tm) = self.locate(to) {
            self.bases.push_action(tb, Some(tm), moved, &self.cards);
            self.moved_to(action, Spot::OnMinion(to));
        }
        self.events.push(Event::Transferred {
            card: action,
            from,
            to,
            by: Some(ctx.source),
        });
        self.did();
    }

    /// Moves a minion, with its attachments and counters, to another base: `mover`'s
    /// card or ability `by` moved it. Then what waits for a move is triggered.
    pub(super) fn move_minion(&mut self, card: Uid, to: Uid, mover: PlayerId, by: Uid) {
        let (Loc::Minion(b, m), Some(t)) = (self.locate(card), self.base_index(to)) else {
            return;
        };
        let from = self.bases[b].card;
        if from == to {
            return;
        }
        let minion = self.bases.remove_minion(b, m, &self.cards);
        self.bases.push_minion(t, minion, &self.cards);
        self.moved_to(card, Spot::Minion(to));
        self.lasting.retain(
            |l| !matches!(l.what, Lasting::PowerHere { minion: x, base, .. } if x == card && base != to),
        );
        self.events.push(Event::Moved {
            card,
            from,
            to,
            by: Some(by),
        });
        self.did();
        self.turn.moved.push(card);
        self.minion_moved(card, to, mover, by);
    }

    /// Queues the abilities that wait for a minion's move: at the base it reached
    /// (Fun Bear, Lake Minnetonka, Forgotten Horrors) and anywhere for its first move
    /// of the turn (Guide).
    fn minion_moved(&mut self, card: Uid, to: Uid, mover: PlayerId, by: Uid) {
        let first = self.turn.moved.iter().filter(|&&c| c == card).count() == 1;
        let controller = self.controller(card);
        let by_played = self.turn.played_cards.contains(&(mover, by));
        let waiting = self.waiting_for(&[
            Trigger::AfterMinionMovedHere,
            Trigger::AfterMinionFirstMove,
            Trigger::AfterMinionMoved,
            Trigger::AfterYourCardMovedYourMinionsHere,
        ]);
        for (src, a) in waiting {
            let mut ctx = Ctx::for_source(&src).with(name::PLAYER, Value::Player(mover));
            ctx.subject = Some(card);
            match a.when {
                Trigger::AfterMinionMovedHere if src.base == to && src.card != card => {
                    if src.is_base {
                        ctx.you = mover;
                    }
                }
                Trigger::AfterMinionFirstMove if first && !src.is_base => {}
                Trigger::AfterMinionMoved if !src.is_base => {}
                Trigger::AfterYourCardMovedYourMinionsHere
                    if src.base == to
                        && !src.is_base
                        && by_played
                        && mover == src.controller
                        && controller == src.controller =>
                {
                    // One card moving several minions here: one trigger. A minion
                    // played here that pulls your minions here (Twister, Rick Roll) is
                    // one card too: its "played here" trigger, still waiting, covers it
                    // (rulebook, Forgotten Horrors: one draw and one transfer).
                    ctx.subject = Some(by);
                    let twice = self.triggered.iter().any(|t| {
                        (t.when == a.when || t.when == Trigger::AfterMinionPlayedHere)
                            && t.ctx.source == src.card
                            && t.ctx.subject == Some(by)
                    });
                    if twice {
                        continue;
                    }
                }
                _ => continue,
            }
            self.trigger(a.when, Prog::Shared(&a.effect), ctx);
        }
    }

    /// Puts +1 power counters on a minion (or takes them off, for a negative number).
    pub(super) fn add_counters(&mut self, card: Uid, n: i32, by: Option<Uid>) {
        let Loc::Minion(b, m) = self.locate(card) else {
            return;
        };
        let counters = self.bases.counters_mut(b, m);
        let before = i32::try_from(*counters).unwrap_or(i32::MAX);
        let after = before.saturating_add(n).max(0);
        if after == before {
            return;
        }
        *counters = after as u32;
        self.did();
        self.events.push(Event::CountersChanged {
            card,
            amount: after - before,
            total: after as u32,
            by,
        });
    }

    /// Transfers an action on a base to another base (Forgotten Horrors): not a play.
    fn transfer_to_base(&mut self, action: Uid, to: Uid, by: Uid) {
        let Loc::OnBase(b, a) = self.locate(action) else {
            return;
        };
        let from = self.bases[b].card;
        let Some(t) = self.base_index(to).filter(|_| from != to) else {
            return;
        };
        let moved = self.bases.remove_action(b, None, a, &self.cards);
        self.bases.push_action(t, None, moved, &self.cards);
        self.moved_to(action, Spot::OnBase(to));
        self.events.push(Event::Transferred {
            card: action,
            from,
            to,
            by: Some(by),
        });
        self.did();
    }

    /// Queues what waits for a new base to come into play: Specials in hands (Crypt
    /// Looter), each for its owner.
    pub(super) fn base_entered(&mut self, base: Uid) {
        for p in 0..self.players.len() {
            let player = PlayerId(p as u8);
            self.hand_specials(
                player,
                Trigger::BaseEntersPlayFromHand,
                Some(base),
                Some(base),
            );
        }
    }

    /// Draws cards, making a new deck from the discard pile when the deck runs out.
    pub fn draw(&mut self, player: PlayerId, n: usize) {
        self.draw_by(player, n, None);
    }

    /// [`Self::draw`] because of the ability of `by`, so narration can say the cause.
    pub(super) fn draw_by(&mut self, player: PlayerId, n: usize, by: Option<Uid>) {
        let mut drawn = Vec::with_capacity(n);
        for _ in 0..n {
            if self.players[player.ix()].deck.is_empty() {
                self.reshuffle(player, by);
            }
            let p = &mut self.players[player.ix()];
            if p.deck.is_empty() {
                break;
            }
            let c = p.deck.remove(0);
            p.hand.push(c);
            drawn.push(c);
            self.moved_to(c, Spot::Hand(player));
        }
        if !drawn.is_empty() {
            self.did();
            self.events.push(Event::Drew {
                player,
                cards: drawn,
                by,
            });
        }
    }

    /// Before a program starts looking at, searching or revealing cards of a deck
    /// (a choice or a "for each" over it): "If a deck is empty when you need to start
    /// drawing, searching for, revealing, or looking at cards from it, then shuffle its
    /// discard pile to make the new deck, and keep going. You also shuffle the discard
    /// pile if the deck runs out in the middle of drawing, revealing, or looking for
    /// cards – but not when searching" (Excellent Movies, Dudes!, "Draw 2 Cards"). A
    /// look at the top (or bottom) N of a deck holding fewer is such a run-out: the
    /// new deck goes under the cards still there and the look goes on (Lifelong
    /// Bully's top two with one card left).
    pub(super) fn refill_decks_for(&mut self, sel: &Selector, ctx: &Ctx) {
        match sel {
            Selector::Deck {
                of, top, bottom, ..
            } => {
                let wanted = top
                    .as_ref()
                    .or(bottom.as_ref())
                    .map(|a| self.amount(a, ctx).max(0) as usize);
                for p in self.players_of(of, ctx) {
                    let held = self.players[p.ix()].deck.len();
                    let runs_out = match wanted {
                        Some(n) => held < n,
                        None => held == 0,
                    };
                    if runs_out {
                        self.reshuffle(p, Some(ctx.source));
                    }
                }
            }
            Selector::Search { of, .. } => {
                for p in self.players_of(of, ctx) {
                    if self.players[p.ix()].deck.is_empty() {
                        self.reshuffle(p, Some(ctx.source));
                    }
                }
            }
            Selector::Union(parts) => {
                for part in parts {
                    self.refill_decks_for(part, ctx);
                }
            }
            _ => {}
        }
    }

    /// True when `player` has played no action yet this turn, whoever's turn it is and
    /// in whatever phase: "your first action in a turn" (Eh?) counts actions played on
    /// other players' turns and as Specials before scoring.
    pub(super) fn no_action_played_yet(&self, player: PlayerId) -> bool {
        !self
            .turn
            .played_cards
            .iter()
            .any(|&(p, c)| p == player && self.def(c).card().is_some_and(|d| !d.is_minion()))
    }

    /// Shuffles the discard pile to make a new deck, when the ability of `by` (none:
    /// the rules' draw) needs a card from the empty deck.
    pub(super) fn reshuffle(&mut self, player: PlayerId, by: Option<Uid>) {
        let p = &mut self.players[player.ix()];
        if p.discard.is_empty() {
            return;
        }
        let mut cards = std::mem::take(&mut p.discard);
        cards.shuffle(&mut self.rng);
        self.all_moved_to(&cards, Spot::Deck(player));
        let p = &mut self.players[player.ix()];
        // No list is dropped: an empty deck takes the pile's list whole, and the
        // pile keeps an emptied one, so neither grows again from nothing.
        if p.deck.is_empty() {
            std::mem::swap(&mut p.deck, &mut cards);
        } else {
            p.deck.append(&mut cards);
        }
        p.discard = cards;
        self.events.push(Event::Shuffled {
            player,
            by,
            from_discard: true,
        });
    }

    /// Discards cards at random from a hand, by the ability of `by`.
    pub(super) fn discard_random(&mut self, player: PlayerId, n: usize, by: Uid) {
        let mut cards = Vec::new();
        for _ in 0..n {
            let hand = &self.players[player.ix()].hand;
            if hand.is_empty() {
                break;
            }
            let i = rand::Rng::gen_range(&mut self.rng, 0..hand.len());
            let c = self.players[player.ix()].hand.remove(i);
            self.players[player.ix()].discard.push(c);
            self.moved_to(c, Spot::Discard(player));
            cards.push(c);
        }
        if !cards.is_empty() {
            self.did();
            self.events.push(Event::Discarded {
                player,
                cards,
                by: Some(by),
                from_deck: false,
            });
        }
    }

    /// Adds VP, given by the card or base `by`.
    pub(super) fn gain_vp(&mut self, player: PlayerId, n: u32, by: Option<Uid>) {
        if n == 0 {
            return;
        }
        self.did();
        let p = &mut self.players[player.ix()];
        p.vp = p.vp.saturating_add(n);
        self.events.push(Event::GainedVp {
            player,
            amount: n,
            total: p.vp,
            by,
        });
    }

    /// Swaps a base in play for one from the base deck: actions on the old base are
    /// discarded, minions stay (now on the new base), the old base goes into the base
    /// deck, which is shuffled (Terraforming, printed).
    fn swap_base(&mut self, old: Uid, new: Uid, by: Uid) {
        let (Some(b), Some(d)) = (
            self.base_index(old),
            self.base_deck.iter().position(|&x| x == new),
        ) else {
            return;
        };
        self.base_deck.remove(d);
        let actions = std::mem::take(&mut self.bases[b].actions);
        for a in actions {
            self.action_left_with_base(a, old);
        }
        self.bases[b].card = new;
        self.moved_to(old, Spot::Elsewhere);
        self.moved_to(new, Spot::Base);
        let minions: Vec<Uid> = self.bases[b].minions.iter().map(|m| m.card).collect();
        self.all_moved_to(&minions, Spot::Minion(new));
        // The minions stay, but none of them was played onto the new base.
        self.bases.played_here_mut(b).clear();
        self.lasting
            .retain(|l| !matches!(l.what, Lasting::Breakpoint { base, .. } if base == old));
        self.ignoring.retain(|i| i.base != old);
        self.base_deck.push(old);
        self.base_deck.shuffle(&mut self.rng);
        self.events.push(Event::BaseReplaced {
            old,
            new: Some(new),
            by: Some(by),
        });
        self.base_entered(new);
    }

    /// Puts a card into play from hand or discard pile: a minion on a base, an action
    /// on a base or a minion, or a standard action into resolution. Then its on-play
    /// abilities run, and what waits for a play is triggered.
    pub(super) fn play_card(
        &mut self,
        player: PlayerId,
        card: Uid,
        to: Option<super::decision::PlayTo>,
        from: Zone,
        by: Option<Uid>,
    ) {
        self.play_card_held(player, card, to, from, None, by);
    }

    /// [`Self::play_card`] through a play that holds an action's minion choices to
    /// `focus`: an extra action that must directly affect that minion (Biding Time).
    /// `by` is the card whose ability plays it, if any.
    pub(super) fn play_card_held(
        &mut self,
        player: PlayerId,
        card: Uid,
        to: Option<super::decision::PlayTo>,
        from: Zone,
        focus: Option<Uid>,
        by: Option<Uid>,
    ) {
        use super::decision::PlayTo;
        self.take_out_to_play(card, from);
        let Some(def) = self.def(card).card() else {
            return;
        };
        let since_turn = self.turn.number;
        let action = |c| ActionInPlay {
            card: c,
            controller: player,
            named: None,
            stored: Vec::new(),
            since_turn,
            mode: None,
        };
        let zone_to = to.map(|t| match t {
            PlayTo::Base(b) => Zone::Base(b),
            PlayTo::Minion(m) => Zone::Minion(m),
        });
        self.events.push(Event::Played {
            player,
            card,
            to: zone_to,
            from,
            by,
        });
        self.did();
        let here = match to {
            Some(PlayTo::Base(base)) => {
                let Some(b) = self.base_index(base) else {
                    return;
                };
                if def.is_minion() {
                    // Another player's hand is not "your hand" (Ancient Crashed Ship).
                    let own_hand = from != Zone::Hand || self.owner(card) == player;
                    let minion = MinionInPlay {
                        card,
                        controller: player,
                        counters: 0,
                        attached: Vec::new(),
                        stored: Vec::new(),
                        since_turn,
                        played_from: own_hand.then_some(from),
                    };
                    self.bases.push_minion(b, minion, &self.cards);
                    self.moved_to(card, Spot::Minion(base));
                } else {
                    self.bases.push_action(b, None, action(card), &self.cards);
                    self.moved_to(card, Spot::OnBase(base));
                }
                Some(base)
            }
            Some(PlayTo::Minion(m)) => {
                let Loc::Minion(b, _) = self.locate(m) else {
                    return;
                };
                // Having an action attached affects the minion (rulebook "Affect"): a
                // one-use shield (Tooth and Claw... and Guns) stops the attachment, and
                // the played action goes to its owner's discard pile.
                let attaching = Ctx {
                    source: card,
                    you: player,
                    here: Some(self.bases[b].card),
                    subject: None,
                    scoring: None,
                    vars: Default::default(),
                };
                if self.intercepted(m, &attaching) {
                    self.put_in_zone(card, Zone::Discard);
                    return;
                }
                let Loc::Minion(b, i) = self.locate(m) else {
                    return;
                };
                self.bases
                    .push_action(b, Some(i), action(card), &self.cards);
                self.moved_to(card, Spot::OnMinion(m));
                Some(self.bases[b].card)
            }
            None => None,
        };
        let focus = if def.is_minion() { None } else { focus };
        let first_action = !def.is_minion() && self.no_action_played_yet(player);
        self.playing.push(PlayInProgress {
            card,
            player,
            affected: Vec::new(),
            directly: Default::default(),
            focus,
            stopped_for: Vec::new(),
            first_action,
        });
        if let Some(PlayTo::Minion(m)) = to {
            // Being played onto a minion affects it (rulebook "Affect").
            self.note_affected(m, card);
        }
        self.new_statics_meet_shields(card, player);
        if let Some(n) = self.turn.cards_played.get_mut(player.ix()) {
            n.0 += 1;
        }
        self.turn.played_cards.push((player, card));
        if def.is_minion() {
            if self.turn.player == player && self.turn.phase == Phase::PlayCards {
                self.turn.minions_played += 1;
            }
            if let Some(n) = self.turn.played_minions.get_mut(player.ix()) {
                *n += 1;
            }
            if let Some(base) = here {
                self.turn.played_on.push((player, base, card));
                if let Some(b) = self.base_index(base) {
                    self.bases.played_here_mut(b).push((player, card));
                }
            }
            if self.turn.played_minions.get(player.ix()) == Some(&1) {
                self.hand_specials(
                    player,
                    Trigger::AfterYourFirstMinionFromHand,
                    here,
                    Some(card),
                );
            }
        }
        let ctx = Ctx {
            source: card,
            you: player,
            here,
            subject: None,
            scoring: None,
            vars: Default::default(),
        };
        let on_play = self.on_play_programs(card, from);
        // Card Resolution Order: the action goes to the discard pile last, after the
        // abilities it triggered.
        if to.is_none() {
            self.stack.push(Task::FinishAction(card));
        }
        self.stack.push(Task::Flush);
        self.stack.push(Task::PlayResolved(card));
        for effect in on_play.into_iter().rev() {
            self.stack.push(Task::Ability(effect, ctx.clone()));
        }
        if def.is_minion() {
            if let Some(base) = here {
                self.minion_played_here(card, base, player);
            }
        } else {
            self.action_played(card, to, player);
        }
    }

    /// Queues the abilities that wait for an action being played: the player's own
    /// cards that react to their actions (Woodland Helpers), and a base whose minion
    /// was given it (Enchanted Glen).
    pub(super) fn action_played(
        &mut self,
        card: Uid,
        to: Option<super::decision::PlayTo>,
        player: PlayerId,
    ) {
        let on_base = match to {
            Some(super::decision::PlayTo::Minion(m)) => self.base_of(m),
            _ => None,
        };
        let waiting = self.waiting_for(&[
            Trigger::AfterYouPlayAnAction,
            Trigger::AfterActionPlayedOnMinionHere,
        ]);
        for (src, a) in waiting {
            if src.card == card {
                continue;
            }
            let you = match a.when {
                Trigger::AfterYouPlayAnAction if !src.is_base && src.controller == player => player,
                Trigger::AfterActionPlayedOnMinionHere
                    if src.is_base && on_base == Some(src.base) =>
                {
                    player
                }
                _ => continue,
            };
            let mut ctx = Ctx::for_source(&src);
            ctx.you = you;
            ctx.subject = Some(card);
            self.trigger(a.when, Prog::Shared(&a.effect), ctx);
        }
    }

    /// Queues the abilities that wait for a minion played on this base.
    fn minion_played_here(&mut self, card: Uid, base: Uid, player: PlayerId) {
        let owner = self.owner(card);
        let waiting = self.waiting_for(&[
            Trigger::AfterMinionPlayedHere,
            Trigger::AfterOthersMinionPlayedHere,
        ]);
        for (src, a) in waiting {
            if src.base != base || src.card == card {
                continue;
            }
            if a.when == Trigger::AfterOthersMinionPlayedHere && src.controller == player {
                continue;
            }
            let you = if src.is_base { owner } else { src.controller };
            let mut ctx = Ctx::for_source(&src).with(name::PLAYER, Value::Player(player));
            ctx.you = you;
            ctx.subject = Some(card);
            self.trigger(a.when, Prog::Shared(&a.effect), ctx);
        }
    }

    /// Pushes an ability's program as its own resolution, with its triggers after it.
    pub(super) fn push_resolution(&mut self, effect: Prog, ctx: Ctx) {
        self.stack.push(Task::Flush);
        self.stack.push(Task::Ability(effect, ctx));
    }
}
