//! Running programs of the effect language. A program runs until it needs an answer;
//! then its continuation is stored in the pending decision (plain data), so a game
//! can be saved, cloned or searched at any question.

use super::board::Loc;
use super::board::Source;
use super::decision::{Ask, Choice, Decision, Pending, Resume};
use super::effect::{
    ActionFilter, Amount, BaseFilter, BaseSel, CardFilter, Choose, Cond, Effect, MinionFilter,
    Name, PlayerSel, Selector, Target,
};
use super::events::{Pool, Quiet, Zone};
use super::flow::Task;
use super::prog::{Held, OwnedParts, Parts, Prog, SharedParts};
use super::state::{GameState, MinionInPlay, PlayerId, Uid};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::cell::OnceCell;

/// Where a selector looks, for saying that it found nothing there.
pub(super) fn pool(sel: &Selector) -> Pool {
    match sel {
        Selector::Minions(f) if own_minions_only(f) => Pool::OwnMinions {
            there: !matches!(f.on, BaseSel::Any),
        },
        Selector::Minions(_) => Pool::Minions,
        Selector::Actions(_) => Pool::Actions,
        Selector::Bases(_) | Selector::BaseDeck | Selector::BaseDeckTop(_) => Pool::Bases,
        Selector::Hand { .. } => Pool::Hand,
        Selector::DiscardPile { .. } => Pool::Discard,
        Selector::Deck { .. } | Selector::Search { .. } => Pool::Deck,
        Selector::Stasis { .. } => Pool::Stasis,
        Selector::Stored { .. } => Pool::Stored,
        Selector::Union(parts) => parts.first().map_or(Pool::Other, pool),
        _ => Pool::Other,
    }
}

/// True for a filter that asks only for the ability's player's own minions, on a
/// base or anywhere, with no other condition.
fn own_minions_only(f: &MinionFilter) -> bool {
    matches!(f.controller, PlayerSel::You) && f.whose_and_where_only()
}

/// A value a program has bound.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Value {
    /// A card (minion, action, card in a zone).
    Card(Uid),
    /// A base.
    Base(Uid),
    /// A player.
    Player(PlayerId),
    /// A faction id.
    Faction(Name),
    /// A number.
    Num(i32),
}

/// The players a [`PlayerSel`] means (never more than a table's four: kept on the
/// stack).
pub type Players = SmallVec<[PlayerId; 4]>;

/// What a selector found: most often a few cards, kept on the stack.
pub type Values = SmallVec<[Value; 8]>;

/// The values a program has bound, by name, newest last. A context is moved with
/// every task and copied for every part of a sequence, and most hold one binding or
/// none: the first is kept in place, more go to the heap (a context is 48 bytes, a
/// task 80; with three in place they were 96 and 128).
pub type Vars = SmallVec<[(Name, Value); 1]>;

/// Who and where a program runs for.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Ctx {
    /// The card whose ability runs.
    pub source: Uid,
    /// The player the ability belongs to ("you").
    pub you: PlayerId,
    /// The base the source is on (or is), fixed when the ability started.
    pub here: Option<Uid>,
    /// The card the trigger is about (the minion played, destroyed, ...).
    pub subject: Option<Uid>,
    /// The base being scored, during scoring.
    pub scoring: Option<Uid>,
    /// Bound values, newest last (the first kept in place: see [`Vars`]).
    pub vars: Vars,
}

/// A copy copies the bound values as plain bytes (they are `Copy`), not one by one:
/// a context is copied for every part of a sequence and every binding.
impl Clone for Ctx {
    fn clone(&self) -> Ctx {
        Ctx {
            vars: Vars::from_slice(&self.vars),
            ..*self
        }
    }
}

impl Ctx {
    /// The context of a card in play's own ability.
    pub fn for_source(src: &Source) -> Ctx {
        Ctx {
            source: src.card,
            you: src.controller,
            here: Some(src.base),
            subject: None,
            scoring: None,
            vars: Vars::new(),
        }
    }

    /// The context of `you` using card `source` where it is not on a base (an action
    /// being played or judged, a Special from a hand), at `here` if it acts there.
    pub fn new(source: Uid, you: PlayerId, here: Option<Uid>) -> Ctx {
        Ctx {
            source,
            you,
            here,
            subject: None,
            scoring: None,
            vars: Vars::new(),
        }
    }

    /// A copy with one more binding.
    pub fn with(&self, name: impl Into<Name>, value: Value) -> Ctx {
        self.clone().bound(name, value)
    }

    /// This context with one more binding, bound in place: for a context not
    /// needed again as it was.
    pub fn bound(mut self, name: impl Into<Name>, value: Value) -> Ctx {
        self.vars.push((name.into(), value));
        self
    }

    /// A bound value.
    pub fn var(&self, name: impl Into<Name>) -> Option<&Value> {
        let name = name.into();
        self.vars
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }
}

impl GameState {
    /// The card a target names, if it is a card. Most are read from the context;
    /// the two found on the table are found apart ([`Self::target_on_table`]), so
    /// that reading the others costs no call.
    #[inline]
    pub fn target_card(&self, t: &Target, ctx: &Ctx) -> Option<Uid> {
        match t {
            Target::This => Some(ctx.source),
            Target::Here => ctx.here,
            Target::Subject => ctx.subject,
            Target::ScoringBase => ctx.scoring,
            Target::Var(name) => var_card(*name, ctx),
            Target::Faction(_) => None,
            Target::AttachedTo | Target::BaseOf(_) => self.target_on_table(t, ctx),
        }
    }

    /// [`Self::target_card`] for a target found on the table.
    #[inline(never)]
    fn target_on_table(&self, t: &Target, ctx: &Ctx) -> Option<Uid> {
        match t {
            Target::AttachedTo => self.attached_to(ctx.source),
            Target::BaseOf(name) => var_card(*name, ctx).and_then(|m| self.base_of(m)),
            _ => None,
        }
    }

    /// The minion an action in play is attached to.
    pub fn attached_to(&self, action: Uid) -> Option<Uid> {
        match self.locate(action) {
            Loc::OnMinion(b, m, _) => Some(self.bases[b].minions[m].card),
            _ => None,
        }
    }

    fn target_faction<'a>(&self, t: &'a Target, ctx: &'a Ctx) -> Option<&'a str> {
        match t {
            Target::Faction(f) => Some(f),
            Target::Var(name) => match ctx.var(name)? {
                Value::Faction(f) => Some(f),
                _ => None,
            },
            _ => None,
        }
    }

    /// True when the selector means this player (without listing them all, for the
    /// common cases read on every power computation).
    #[inline]
    pub fn is_player(&self, sel: &PlayerSel, ctx: &Ctx, p: PlayerId) -> bool {
        match sel {
            PlayerSel::Any => true,
            PlayerSel::You => p == ctx.you,
            PlayerSel::Others => p != ctx.you,
            other => self.players_of(other, ctx).contains(&p),
        }
    }

    /// The first of the players a selector means ([`Self::players_of`]), without
    /// listing them when it is you: who answers a choice.
    fn first_player_of(&self, sel: &PlayerSel, ctx: &Ctx) -> Option<PlayerId> {
        match sel {
            PlayerSel::You => Some(ctx.you),
            _ => self.players_of(sel, ctx).first().copied(),
        }
    }

    /// The players a selector means.
    pub fn players_of(&self, sel: &PlayerSel, ctx: &Ctx) -> Players {
        let all = (0..self.players.len() as u8).map(PlayerId);
        match sel {
            PlayerSel::Any => all.collect(),
            PlayerSel::You => smallvec::smallvec![ctx.you],
            PlayerSel::Others => all.filter(|&p| p != ctx.you).collect(),
            PlayerSel::Var(name) => match ctx.var(name) {
                Some(Value::Player(p)) => smallvec::smallvec![*p],
                _ => Players::new(),
            },
            PlayerSel::Place(place) => self
                .ranks
                .iter()
                .filter(|r| r.2 == *place as u32)
                .map(|r| r.0)
                .collect(),
            PlayerSel::NotWinners => {
                let winners = self.players_of(&PlayerSel::Place(1), ctx);
                all.filter(|p| !winners.contains(p)).collect()
            }
            PlayerSel::WithMinionOn(on) => all
                .filter(|&p| {
                    self.bases.iter().any(|b| {
                        self.base_sel(on, ctx, b.card)
                            && b.minions.iter().any(|m| m.controller == p)
                    })
                })
                .collect(),
        }
    }

    #[inline]
    fn base_sel(&self, sel: &BaseSel, ctx: &Ctx, base: Uid) -> bool {
        match sel {
            BaseSel::Any => true,
            BaseSel::Here => ctx.here == Some(base),
            BaseSel::NotHere => ctx.here != Some(base),
            BaseSel::Except(name) => var_card(*name, ctx) != Some(base),
            BaseSel::Var(name) => var_card(*name, ctx) == Some(base),
            BaseSel::Where(f) => self.base_matches(f, base, ctx),
            BaseSel::OfMinion(name) => {
                var_card(*name, ctx).and_then(|m| self.base_of(m)) == Some(base)
            }
            BaseSel::Scoring => ctx.scoring == Some(base),
        }
    }

    /// True when a minion in play matches a filter, seen from `ctx`.
    pub fn minion_matches(&self, f: &MinionFilter, card: Uid, ctx: &Ctx) -> bool {
        let Loc::Minion(b, i) = self.locate(card) else {
            return false;
        };
        self.minion_matches_at(f, b, i, ctx)
    }

    /// [`Self::minion_matches`] for the minion at base index `b`, minion index `i`
    /// (already found: power and selections read many minions in a row).
    pub(super) fn minion_matches_at(
        &self,
        f: &MinionFilter,
        b: usize,
        i: usize,
        ctx: &Ctx,
    ) -> bool {
        self.base_admits(f, b, ctx) && self.minion_passes(&MinionWalk::new(f), b, i, ctx)
    }

    /// True when the minions at base index `b` may match `f`: its test of their base,
    /// which a walk over the minions asks once a base.
    fn base_admits(&self, f: &MinionFilter, b: usize, ctx: &Ctx) -> bool {
        // Most filters take minions anywhere or here: asked without a call.
        match f.on {
            BaseSel::Any => true,
            BaseSel::Here => ctx.here == Some(self.bases[b].card),
            _ => self.base_sel(&f.on, ctx, self.bases[b].card),
        }
    }

    /// The tests of a walk's filter other than the base's ([`Self::base_admits`]) for
    /// the minion at base index `b`, minion index `i`; what they compare with is worked
    /// out once for the walk. A filter that tests only whose minion it is (most of
    /// them: [`MinionWalk::plain`]) is answered here without a call.
    #[inline(always)]
    fn minion_passes(&self, w: &MinionWalk, b: usize, i: usize, ctx: &Ctx) -> bool {
        let controller = self.bases[b].minions[i].controller;
        self.is_player(&w.filter.controller, ctx, controller)
            && (w.plain || self.minion_passes_rest(w, b, i, ctx))
    }

    /// [`Self::minion_passes`]'s tests other than whose minion it is.
    fn minion_passes_rest(&self, w: &MinionWalk, b: usize, i: usize, ctx: &Ctx) -> bool {
        let f = w.filter;
        let (base, m) = (&self.bases[b], &self.bases[b].minions[i]);
        let card = m.card;
        if let Some(except) = &f.except {
            if *w.except.get_or_init(|| self.target_card(except, ctx)) == Some(card) {
                return false;
            }
        }
        if let Some(is) = &f.is {
            if *w.is.get_or_init(|| self.target_card(is, ctx)) != Some(card) {
                return false;
            }
        }
        if let Some(faction) = &f.faction {
            let named = self.target_faction(faction, ctx);
            if self.def(card).card().map(|c| c.faction.as_str()) != named {
                return false;
            }
        }
        if let Some(name) = &f.named {
            if self.def(card).name() != name {
                return false;
            }
        }
        if f.microbot && !self.is_microbot(card) {
            return false;
        }
        if let Some(p) = f.printed_power_at_most {
            if self.printed_power(card) > p as i32 {
                return false;
            }
        }
        if let Some(af) = &f.carrying {
            let carried = m
                .attached
                .iter()
                .any(|a| self.action_matches(af, a.card, a.controller, ctx));
            if !carried {
                return false;
            }
        }
        let amount = |cell: &OnceCell<i32>, a: &Amount| *cell.get_or_init(|| self.amount(a, ctx));
        if let Some(a) = &f.base_breakpoint_below {
            if self.breakpoint(base.card) >= amount(&w.breakpoint_above, a) {
                return false;
            }
        }
        if let Some(n) = f.with_allies_here {
            let allies = base.minions.iter().filter(|x| x.controller == m.controller);
            if (allies.count() as u32) < n {
                return false;
            }
        }
        let power = || self.power_of_minion_at(b, i);
        if let Some(a) = &f.power_at_most {
            if power() > amount(&w.at_most, a) {
                return false;
            }
        }
        if let Some(a) = &f.power_below {
            if power() >= amount(&w.below, a) {
                return false;
            }
        }
        if let Some(a) = &f.power_at_least {
            if power() < amount(&w.at_least, a) {
                return false;
            }
        }
        true
    }

    /// True when an action in play (controlled by `controller`) matches a filter's
    /// own tests: not excluded, whose, name; where it is is the caller's test.
    fn action_matches(&self, f: &ActionFilter, card: Uid, controller: PlayerId, ctx: &Ctx) -> bool {
        f.except
            .as_ref()
            .is_none_or(|t| self.target_card(t, ctx) != Some(card))
            && self.is_player(&f.controller, ctx, controller)
            && f.named.as_ref().is_none_or(|n| self.def(card).name() == n)
            && f.name_contains
                .as_ref()
                .is_none_or(|n| self.def(card).name().contains(n.as_str()))
    }

    fn base_matches(&self, f: &BaseFilter, base: Uid, ctx: &Ctx) -> bool {
        let except = f.except.as_ref().and_then(|t| self.target_card(t, ctx));
        let minions = self
            .base_index(base)
            .map_or(&[][..], |b| &self.bases[b].minions);
        except != Some(base) && self.base_passes(f, minions, ctx)
    }

    /// [`Self::base_matches`]'s tests of the minions at a base (`minions`: none for a
    /// base not in play), for a walk over the bases that has them at hand and tests
    /// [`BaseFilter::except`] once for all of them.
    fn base_passes(&self, f: &BaseFilter, minions: &[MinionInPlay], ctx: &Ctx) -> bool {
        let has = |sel: &PlayerSel| {
            minions
                .iter()
                .any(|m| self.is_player(sel, ctx, m.controller))
        };
        if let Some(sel) = &f.with_minion_of {
            if !has(sel) {
                return false;
            }
        }
        if let Some(sel) = &f.without_minion_of {
            if has(sel) {
                return false;
            }
        }
        if let Some(n) = f.minions_of_yours {
            let yours = minions.iter().filter(|m| m.controller == ctx.you).count();
            if yours as u32 != n {
                return false;
            }
        }
        true
    }

    pub(super) fn card_matches(&self, f: &CardFilter, card: Uid, ctx: &Ctx) -> bool {
        let Some(c) = self.def(card).card() else {
            return false;
        };
        let plays_on_minion = matches!(
            c.kind,
            crate::cards::model::Kind::Action {
                play: crate::cards::model::PlayTarget::OnMinion { .. }
            }
        );
        let plays_on_base = matches!(
            c.kind,
            crate::cards::model::Kind::Action {
                play: crate::cards::model::PlayTarget::OnBase
            }
        );
        of_kind_and_power(f, c)
            && (!f.microbot || self.is_microbot(card))
            && (!f.playable || self.can_play_extra(ctx.you, card))
            && f.named.as_ref().is_none_or(|n| c.name == *n)
            && f.name_contains
                .as_ref()
                .is_none_or(|n| c.name.contains(n.as_str()))
            && (!f.plays_on_minion || plays_on_minion)
            && (!f.plays_on_base || plays_on_base)
            && f.label.is_none_or(|l| c.labels.contains(&l))
            && (!f.affects_minions
                || (!c.is_minion() && (plays_on_minion || self.may_aim_at_minions(card))))
            && f.playable_on.as_ref().is_none_or(|t| {
                self.target_card(t, ctx)
                    .is_some_and(|b| self.may_play_minion_on(ctx.you, card, b))
            })
            && f.power_within
                .as_ref()
                .is_none_or(|a| c.power().is_some_and(|x| x as i32 <= self.amount(a, ctx)))
            && f.same_name_as.as_ref().is_none_or(|t| {
                self.target_card(t, ctx)
                    .is_some_and(|n| self.def(n).name() == c.name)
            })
            && f.power_is
                .as_ref()
                .is_none_or(|a| c.power().is_some_and(|x| x as i32 == self.amount(a, ctx)))
    }

    /// Everything a selector matches now, in table order; a card filter asking for
    /// [`CardFilter::one_per_name`] keeps only the first card of each name.
    pub fn select(&self, sel: &Selector, ctx: &Ctx) -> Values {
        let mut found = Values::new();
        self.select_into(sel, ctx, &mut found);
        found
    }

    /// [`Self::select`] into an empty list the caller keeps: a choice's candidates
    /// are listed where they are read, not copied there from a list returned.
    fn select_into(&self, sel: &Selector, ctx: &Ctx, found: &mut Values) {
        debug_assert!(found.is_empty());
        self.each_selected(sel, ctx, &mut |v| {
            found.push(v);
            true
        });
        if one_per_name(sel) {
            let mut names: SmallVec<[&str; 8]> = SmallVec::new();
            found.retain(|v| match v {
                Value::Card(c) => {
                    let name = self.def(*c).name();
                    let first = !names.contains(&name);
                    names.push(name);
                    first
                }
                _ => true,
            });
        }
    }

    /// True when a selector matches anything now (without listing what).
    pub fn selects_any(&self, sel: &Selector, ctx: &Ctx) -> bool {
        // Keeping one card per name never empties a list.
        !self.each_selected(sel, ctx, &mut |_| false)
    }

    /// How many things a selector matches now, as [`Self::select`] lists them.
    pub fn count_selected(&self, sel: &Selector, ctx: &Ctx) -> usize {
        if one_per_name(sel) {
            return self.select(sel, ctx).len();
        }
        let mut n = 0;
        self.each_selected(sel, ctx, &mut |_| {
            n += 1;
            true
        });
        n
    }

    /// Hands `f` everything a selector matches now, in table order, every card
    /// counted, until `f` answers false. False when it was stopped so.
    fn each_selected<F: FnMut(Value) -> bool>(&self, sel: &Selector, ctx: &Ctx, f: &mut F) -> bool {
        let cards = |cards: &[Uid], filter: &CardFilter, f: &mut F| {
            // A filter of the card's kind and printed power only is asked without a call.
            let plain = kind_and_power_only(filter);
            cards
                .iter()
                .filter(|&&c| {
                    if plain {
                        self.def(c)
                            .card()
                            .is_some_and(|card| of_kind_and_power(filter, card))
                    } else {
                        self.card_matches(filter, c, ctx)
                    }
                })
                .all(|&c| f(Value::Card(c)))
        };
        match sel {
            Selector::Minions(filter) => {
                let walk = MinionWalk::new(filter);
                for (b, base) in self.bases.iter().enumerate() {
                    if !self.base_admits(filter, b, ctx) {
                        continue;
                    }
                    for (i, m) in base.minions.iter().enumerate() {
                        if self.minion_passes(&walk, b, i, ctx) && !f(Value::Card(m.card)) {
                            return false;
                        }
                    }
                }
                true
            }
            Selector::Bases(filter) => {
                let except = filter
                    .except
                    .as_ref()
                    .and_then(|t| self.target_card(t, ctx));
                self.bases
                    .iter()
                    .filter(|b| except != Some(b.card) && self.base_passes(filter, &b.minions, ctx))
                    .all(|b| f(Value::Base(b.card)))
            }
            Selector::Players(sel) => self
                .players_of(sel, ctx)
                .into_iter()
                .all(|p| f(Value::Player(p))),
            Selector::Factions => self
                .factions_in_game()
                .into_iter()
                .all(|x| f(Value::Faction(Name::new(&x)))),
            Selector::Hand { of, filter } => self
                .players_of(of, ctx)
                .into_iter()
                .all(|p| cards(&self.players[p.ix()].hand, filter, f)),
            Selector::DiscardPile { of, filter } => self
                .players_of(of, ctx)
                .into_iter()
                .all(|p| cards(&self.players[p.ix()].discard, filter, f)),
            Selector::Actions(a) => self.each_action(a, ctx, f),
            Selector::BaseDeck => self.base_deck.iter().all(|&b| f(Value::Base(b))),
            Selector::Deck {
                of,
                top,
                bottom,
                filter,
            } => {
                let n = top.as_ref().map(|a| self.amount(a, ctx).max(0) as usize);
                let low = bottom.as_ref().map(|a| self.amount(a, ctx).max(0) as usize);
                self.players_of(of, ctx).into_iter().all(|p| {
                    let deck = &self.players[p.ix()].deck;
                    match low {
                        // The bottom card first.
                        Some(k) => deck.iter().rev().take(k).all(|&c| cards(&[c], filter, f)),
                        None => cards(&deck[..n.unwrap_or(deck.len()).min(deck.len())], filter, f),
                    }
                })
            }
            Selector::Search { of, filter, hand } => {
                self.players_of(of, ctx).into_iter().all(|p| {
                    let pl = &self.players[p.ix()];
                    (!*hand || cards(&pl.hand, filter, f))
                        && cards(&pl.deck, filter, f)
                        && cards(&pl.discard, filter, f)
                })
            }
            Selector::SetAside { of, filter } => {
                let players = self.players_of(of, ctx);
                self.aside
                    .iter()
                    .filter(|&&c| players.contains(&self.owner(c)))
                    .all(|&c| cards(&[c], filter, f))
            }
            Selector::Stored { under, filter } => match self.target_card(under, ctx) {
                Some(host) => cards(&self.stored_under(host), filter, f),
                None => true,
            },
            Selector::Stasis {
                of,
                counters_at_least,
            } => self
                .select_stasis(of, *counters_at_least, ctx)
                .into_iter()
                .all(&mut *f),
            Selector::Union(parts) => parts.iter().all(|part| self.each_selected(part, ctx, f)),
            Selector::BaseDeckTop(n) => {
                let n = (self.amount(n, ctx).max(0) as usize).min(self.base_deck.len());
                self.base_deck[..n].iter().all(|&b| f(Value::Base(b)))
            }
        }
    }

    /// [`Self::each_selected`] for the actions in play: walked on the table itself, in
    /// the order [`GameState::sources`] lists them (at each base, each minion's
    /// attachments in turn, then the actions on the base), so that a filter of one
    /// minion's attachments or of the actions on one base walks only those.
    fn each_action<F: FnMut(Value) -> bool>(&self, a: &ActionFilter, ctx: &Ctx, f: &mut F) -> bool {
        let on_minion = a.on_minion.as_ref().map(|t| self.target_card(t, ctx));
        let mut take = |x: &super::state::ActionInPlay| {
            self.def(x.card).card().is_none_or(|c| c.is_minion())
                || !self.action_matches(a, x.card, x.controller, ctx)
                || f(Value::Card(x.card))
        };
        for base in self.bases.iter() {
            let at = |sel: &Option<BaseSel>| {
                sel.as_ref()
                    .is_none_or(|s| self.base_sel(s, ctx, base.card))
            };
            if !at(&a.at) {
                continue;
            }
            if a.on_base.is_none() {
                let minions = base.minions.iter();
                for m in minions.filter(|m| on_minion.is_none_or(|t| t == Some(m.card))) {
                    if !m.attached.iter().all(&mut take) {
                        return false;
                    }
                }
            }
            if on_minion.is_none()
                && !a.on_minions
                && at(&a.on_base)
                && !base.actions.iter().all(&mut take)
            {
                return false;
            }
        }
        true
    }

    /// The factions of every player, in seat order, without repeats.
    pub fn factions_in_game(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for p in &self.players {
            for f in &p.factions {
                if !out.contains(f) {
                    out.push(f.clone());
                }
            }
        }
        out
    }

    /// A number, computed now.
    pub fn amount(&self, a: &Amount, ctx: &Ctx) -> i32 {
        match a {
            Amount::Const(n) => *n,
            Amount::PowerOf(t) => self.target_card(t, ctx).map_or(0, |c| self.power(c)),
            Amount::Var(name) => match ctx.var(name) {
                Some(Value::Num(n)) => *n,
                _ => 0,
            },
            Amount::Count(sel) => {
                let in_stasis = match &**sel {
                    Selector::Minions(f) => self.stasis_minions_counted(f, ctx),
                    _ => 0,
                };
                self.count_selected(sel, ctx) as i32 + in_stasis
            }
            Amount::StasisCounters(t) => self
                .target_card(t, ctx)
                .map_or(0, |c| self.stasis_counters(c) as i32),
            Amount::Times(a, k) => self.amount(a, ctx).saturating_mul(*k),
            Amount::Sum(parts) => parts
                .iter()
                .map(|a| self.amount(a, ctx))
                .fold(0, i32::saturating_add),
            Amount::When(c, a) => {
                if self.cond(c, ctx) {
                    self.amount(a, ctx)
                } else {
                    0
                }
            }
            Amount::MaxPower(sel) => self.selected_powers(sel, ctx).max().unwrap_or(0),
            Amount::MinPower(sel) => self.selected_powers(sel, ctx).min().unwrap_or(0),
            Amount::SumPower(sel) => self.selected_powers(sel, ctx).fold(0, i32::saturating_add),
            Amount::Div(a, k) => {
                if *k == 0 {
                    0
                } else {
                    self.amount(a, ctx).div_euclid(*k)
                }
            }
            Amount::BreakpointOf(t) => self.target_card(t, ctx).map_or(0, |b| self.breakpoint(b)),
            Amount::PrintedPower(t) => self
                .target_card(t, ctx)
                .map_or(0, |c| self.printed_power(c)),
            Amount::CountersOn(t) => self
                .target_card(t, ctx)
                .and_then(|c| self.minion(c))
                .map_or(0, |m| m.counters as i32),
            Amount::MaxStartingPower(sel) => {
                self.max_starting_power(sel, ctx, &mut vec![ctx.source])
            }
            Amount::HandSize(sel) => self
                .players_of(sel, ctx)
                .iter()
                .map(|p| self.players[p.ix()].hand.len() as i32)
                .sum(),
            Amount::MinHandSize(sel) => self
                .players_of(sel, ctx)
                .iter()
                .map(|p| self.players[p.ix()].hand.len() as i32)
                .min()
                .unwrap_or(0),
            Amount::MostMinionsOfOnePlayer(spec) => self
                .players_of(&spec.0, ctx)
                .into_iter()
                .map(|p| {
                    self.bases
                        .iter()
                        .filter(|b| self.base_sel(&spec.1, ctx, b.card))
                        .flat_map(|b| &b.minions)
                        .filter(|m| m.controller == p)
                        .count() as i32
                })
                .max()
                .unwrap_or(0),
            Amount::MaxPlayerPower(spec) => match self.target_card(&spec.1, ctx) {
                Some(b) => self
                    .players_of(&spec.0, ctx)
                    .into_iter()
                    .map(|p| self.player_power(b, p))
                    .max()
                    .unwrap_or(0),
                None => 0,
            },
            Amount::MinionsPlayedThisTurn => self
                .turn
                .played_minions
                .get(ctx.you.ix())
                .map_or(0, |&n| n as i32),
        }
    }

    /// The current powers of the minions a selector matches.
    fn selected_powers(&self, sel: &Selector, ctx: &Ctx) -> impl Iterator<Item = i32> + '_ {
        self.select(sel, ctx).into_iter().filter_map(|v| match v {
            Value::Card(c) => Some(self.power(c)),
            _ => None,
        })
    }

    /// A condition, checked now.
    pub fn cond(&self, c: &Cond, ctx: &Ctx) -> bool {
        match c {
            Cond::Exists(sel) => self.selects_any(sel, ctx),
            Cond::MyTurn => self.turn.player == ctx.you,
            Cond::NoMinionPlayedThisTurn => self.turn.minions_played == 0,
            Cond::IsMinion(t) => self
                .target_card(t, ctx)
                .and_then(|c| self.def(c).card())
                .is_some_and(|c| c.is_minion()),
            Cond::AtLeast(a, b) => self.amount(a, ctx) >= self.amount(b, ctx),
            Cond::And(a, b) => self.cond(a, ctx) && self.cond(b, ctx),
            Cond::Not(a) => !self.cond(a, ctx),
            Cond::InDiscard(t) => self
                .target_card(t, ctx)
                .is_some_and(|c| matches!(self.locate(c), Loc::Discard(_))),
            Cond::InPlay(t) => self.target_card(t, ctx).is_some_and(|c| self.on_table(c)),
            Cond::YouAre(sel) => self.is_player(sel, ctx, ctx.you),
            Cond::ModeIs(n) => self.action(ctx.source).is_some_and(|a| a.mode == Some(*n)),
            Cond::YouControl(t) => self
                .target_card(t, ctx)
                .and_then(|c| self.minion(c))
                .is_some_and(|m| m.controller == ctx.you),
            Cond::PlayedAnotherMinionHere => ctx.here.is_some_and(|here| {
                self.turn
                    .played_on
                    .iter()
                    .any(|&(p, b, c)| p == ctx.you && b == here && c != ctx.source)
            }),
            Cond::InHand(t) => self
                .target_card(t, ctx)
                .is_some_and(|c| matches!(self.locate(c), Loc::Hand(_))),
            Cond::Same(a, b) => {
                let a = self.target_card(a, ctx);
                a.is_some() && a == self.target_card(b, ctx)
            }
            Cond::HavePlayedAnotherMinionHere => ctx
                .here
                .and_then(|here| self.base_index(here))
                .is_some_and(|b| {
                    self.bases[b]
                        .played_here
                        .iter()
                        .any(|&(p, c)| p == ctx.you && c != ctx.source)
                }),
            Cond::PlayedMinionElsewhere => self
                .turn
                .played_on
                .iter()
                .any(|&(p, b, _)| p == ctx.you && Some(b) != ctx.here),
            Cond::PlayCardsPhase => self.turn.phase == super::state::Phase::PlayCards,
            Cond::Equal(a, b) => self.amount(a, ctx) == self.amount(b, ctx),
            Cond::StasisEmptiedThisTurn => self.turn.stasis_emptied,
            Cond::LeftStasisThisTurn(t) => self
                .target_card(t, ctx)
                .is_some_and(|c| self.turn.left_stasis.contains(&c)),
            Cond::MinionsPlayedHere { by, count } => ctx.here.is_some_and(|here| {
                self.turn
                    .played_on
                    .iter()
                    .filter(|&&(p, b, _)| b == here && self.is_player(by, ctx, p))
                    .count() as u32
                    == *count
            }),
            Cond::CanPlay(t) => self
                .target_card(t, ctx)
                .is_some_and(|c| self.can_play_extra(ctx.you, c)),
            Cond::CanPlayNow { card, to } => {
                match (self.target_card(card, ctx), self.target_card(to, ctx)) {
                    (Some(c), Some(base)) => {
                        self.may_play_card_on(ctx.you, c, base) && !self.extra_cards_capped(ctx.you)
                    }
                    _ => false,
                }
            }
            Cond::InPlaySinceTurnStart(t) => self
                .target_card(t, ctx)
                .and_then(|c| self.arrived_on_turn(c))
                .is_some_and(|turn| turn < self.turn.number),
            Cond::PlayedOffTop(t) => self.played_from(t, ctx) == Some(Zone::DeckTop),
            Cond::PlayedFromOwnHand(t) => self.played_from(t, ctx) == Some(Zone::Hand),
            Cond::Or(a, b) => self.cond(a, ctx) || self.cond(b, ctx),
            Cond::DestroyedHereThisTurn(f) => ctx.here.is_some_and(|here| {
                self.turn
                    .destroyed_actions
                    .iter()
                    .any(|&(c, b)| b == here && self.card_matches(f, c, ctx))
            }),
            Cond::Matches(t, f) => self
                .target_card(t, ctx)
                .is_some_and(|c| self.card_matches(f, c, ctx)),
        }
    }

    /// The turn a card in play arrived on: a minion on its base, an action on a
    /// base or a minion. None for a card not in play.
    fn arrived_on_turn(&self, card: Uid) -> Option<u32> {
        match self.locate(card) {
            Loc::Minion(b, m) => Some(self.bases[b].minions[m].since_turn),
            Loc::OnBase(..) | Loc::OnMinion(..) => self.action(card).map(|a| a.since_turn),
            _ => None,
        }
    }

    /// Where the bound minion in play was played from (see
    /// [`super::state::MinionInPlay::played_from`]).
    fn played_from(&self, t: &Target, ctx: &Ctx) -> Option<Zone> {
        self.target_card(t, ctx)
            .and_then(|c| self.minion(c))
            .and_then(|m| m.played_from)
    }

    /// False when a program is an `If` with nothing `otherwise` whose condition fails
    /// now: such an ability would do nothing, so it is not offered (a Special or
    /// Talent), does not replace an event (Buccaneer with no other base) and is not
    /// put in order with others (a Scout already back in hand).
    pub(super) fn leading_condition_holds(&self, effect: &Effect, ctx: &Ctx) -> bool {
        match effect {
            Effect::If {
                cond,
                then,
                otherwise,
            } if matches!(**otherwise, Effect::Nothing) => {
                self.cond(cond, ctx) && self.leading_condition_holds(then, ctx)
            }
            // A once-a-turn ability already used this turn does nothing either (Aramis
            // triggered again by the extra action he gave): it is not offered.
            Effect::OncePerTurn { key, per_card, .. } => !self.once_used(key, *per_card, ctx),
            // Using a card's Talent does something only when the Talent would.
            Effect::UseTalent(t) => self.target_card(t, ctx).is_some_and(|card| {
                self.talent_of(card).is_some_and(|talent| {
                    let mut c = self.ctx_of(card);
                    c.you = ctx.you;
                    self.leading_condition_holds(talent, &c)
                })
            }),
            _ => true,
        }
    }

    /// Runs one effect step: control forms push their parts, verbs act. Then, while
    /// the next task is the next step of a program and nothing is asked, that step
    /// runs here: the task loop would take it next (see `GameState::advance`), so
    /// the same steps run in the same order, without a round through its dispatch.
    pub(super) fn run_effect(&mut self, mut effect: Prog, mut ctx: Ctx) {
        loop {
            match effect {
                Prog::Shared(e) => self.step(e, ctx, SharedParts),
                Prog::Owned(e) => self.step(&e, ctx, OwnedParts),
            }
            if self.pending.is_some()
                || self.turn.phase == super::state::Phase::Over
                || !matches!(self.stack.last(), Some(Task::Run(..)))
            {
                return;
            }
            let Some(Task::Run(e, c)) = self.stack.pop() else {
                return;
            };
            (effect, ctx) = (e, c);
        }
    }

    /// One effect step of a program; `part` hands on its parts (shared when it is,
    /// copied when it is owned).
    fn step<'a>(&mut self, effect: &'a Effect, ctx: Ctx, part: impl Parts<'a>) {
        match effect {
            Effect::Nothing => {}
            Effect::Seq(parts) => {
                // The first part, pushed last, takes the context itself.
                if let Some((first, rest)) = parts.split_first() {
                    for p in rest.iter().rev() {
                        self.stack.push(Task::Run(part.prog(p), ctx.clone()));
                    }
                    self.stack.push(Task::Run(part.prog(first), ctx));
                }
            }
            Effect::May(inner) => {
                self.pending = Some(Pending {
                    decision: Decision {
                        player: ctx.you,
                        ask: Ask::May { source: ctx.source },
                        options: vec![Choice::Yes, Choice::No],
                    },
                    resume: Resume::May {
                        effect: part.prog(inner),
                        ctx: Box::new(ctx),
                    },
                });
            }
            Effect::Choose(choose) => {
                self.refill_decks_for(&choose.from, &ctx);
                self.start_choice(part.of(&**choose), ctx, 0)
            }
            Effect::ChooseOne(modes) => {
                if let [only] = &modes[..] {
                    self.stack.push(Task::Run(part.prog(&only.effect), ctx));
                    return;
                }
                self.pending = Some(Pending {
                    decision: Decision {
                        player: ctx.you,
                        ask: Ask::ChooseOne { source: ctx.source },
                        options: modes
                            .iter()
                            .enumerate()
                            .map(|(i, m)| Choice::Mode {
                                index: i as u8,
                                label: m.label,
                            })
                            .collect(),
                    },
                    resume: Resume::ChooseOne {
                        modes: part.of(modes),
                        ctx: Box::new(ctx),
                    },
                });
            }
            Effect::ForEach { each, bind, body } => {
                self.refill_decks_for(each, &ctx);
                let values = self.select(each, &ctx);
                if values.is_empty() {
                    self.note_quiet(Quiet::NothingToChoose(pool(each)));
                }
                for v in values.into_iter().rev() {
                    self.stack
                        .push(Task::Run(part.prog(body), ctx.with(bind, v)));
                }
            }
            Effect::If {
                cond,
                then,
                otherwise,
            } => {
                let next = if self.cond(cond, &ctx) {
                    then
                } else {
                    self.note_quiet(Quiet::Condition(self.unmet(cond, &ctx)));
                    otherwise
                };
                self.stack.push(Task::Run(part.prog(next), ctx));
            }
            Effect::Bind { bind, value, then } => {
                let v = match self.target_card(value, &ctx) {
                    Some(c) if self.def(c).base().is_some() => Some(Value::Base(c)),
                    Some(c) => Some(Value::Card(c)),
                    None => None,
                };
                if let Some(v) = v {
                    self.stack
                        .push(Task::Run(part.prog(then), ctx.with(bind, v)));
                }
            }
            Effect::Let { bind, value, then } => {
                let n = self.amount(value, &ctx);
                self.stack
                    .push(Task::Run(part.prog(then), ctx.with(bind, Value::Num(n))));
            }
            Effect::OncePerTurn {
                key,
                then,
                per_card,
            } => {
                // Each player's own: "you may use only one ... each turn"; or each
                // card's own ("the first time each turn" of one Young Musketeer).
                let key = once_key(key, *per_card, &ctx);
                if !self.turn.used.contains(&key) {
                    self.turn.used.push(key);
                    self.stack.push(Task::Run(part.prog(then), ctx));
                } else {
                    self.note_quiet(Quiet::UsedThisTurn);
                }
            }
            Effect::ToDo { first, then } => {
                self.stack.push(Task::IfDone {
                    then: part.prog(then),
                    ctx: ctx.clone(),
                    since: self.done,
                });
                self.stack.push(Task::Run(part.prog(first), ctx));
            }
            Effect::AsEach {
                players,
                body,
                first_only,
                current_last,
            } => {
                let n = self.players.len();
                let mut players = self.players_of(players, &ctx);
                // From the current player round the table, or from the next one.
                let start = self.turn.player.ix() + usize::from(*current_last);
                players.sort_by_key(|p| (p.ix() + 2 * n - start) % n);
                if *first_only {
                    players.truncate(1);
                }
                let here = ctx.here.unwrap_or(ctx.source);
                let of_base = self.def(ctx.source).base().is_some();
                let mut ignored = None;
                for p in players.into_iter().rev() {
                    let body = if of_base {
                        match self.base_effect_for(here, p, part.held(body)) {
                            Some(b) => b,
                            None => {
                                ignored = Some(p);
                                continue;
                            }
                        }
                    } else {
                        part.held(body)
                    };
                    let mut c = ctx.clone();
                    c.you = p;
                    self.stack.push(Task::Run(body, c));
                }
                if let Some(p) = ignored {
                    let why = self.ignored_reason(here, p);
                    self.note_quiet(super::events::Quiet::Condition(why));
                }
            }
            Effect::AtEndOfTurn(then) => {
                let card = self.end_of_turn_target(then, &ctx);
                self.events.push(super::events::Event::EndOfTurnScheduled {
                    by: ctx.source,
                    card,
                });
                self.at_end_of_turn.push((Effect::clone(then), ctx));
            }
            Effect::While { cond, body } => {
                self.stack
                    .push(Task::While(Box::new(super::flow::WhileLoop {
                        cond: cond.clone(),
                        body: part.prog(body),
                        ctx,
                        since: None,
                    })))
            }
            Effect::ChooseNumber {
                bind,
                from,
                to,
                then,
            } => {
                self.pending = Some(Pending {
                    decision: Decision {
                        player: ctx.you,
                        ask: Ask::ChooseNumber { source: ctx.source },
                        options: (*from..=*to).map(Choice::Number).collect(),
                    },
                    resume: Resume::ChooseNumber {
                        bind: *bind,
                        then: part.prog(then),
                        ctx: Box::new(ctx),
                    },
                });
            }
            verb => self.run_verb(verb, ctx, part),
        }
    }

    /// The card an end-of-turn program will destroy, if it is a destruction of one card
    /// (Always Get Our Man): what the table shows and narration says.
    pub fn end_of_turn_target(&self, effect: &Effect, ctx: &Ctx) -> Option<Uid> {
        match effect {
            Effect::Destroy(t) => self.target_card(t, ctx),
            _ => None,
        }
    }

    /// [`Amount::MaxStartingPower`]; `seen` holds the minions whose starting power is
    /// being worked out along the way (read as printed if met again).
    fn max_starting_power(&self, sel: &Selector, ctx: &Ctx, seen: &mut Vec<Uid>) -> i32 {
        self.select(sel, ctx)
            .into_iter()
            .filter_map(|v| match v {
                Value::Card(c) => Some(self.starting_power(c, seen)),
                _ => None,
            })
            .max()
            .unwrap_or(0)
    }

    /// A minion's starting power: printed, raised by its own live
    /// [`super::effect::Static::StartingPowerAtLeast`] (never lowered).
    fn starting_power(&self, card: Uid, seen: &mut Vec<Uid>) -> i32 {
        let printed = self.printed_power(card);
        if seen.contains(&card) || self.minion(card).is_none() {
            return printed;
        }
        seen.push(card);
        let ctx = self.ctx_of(card);
        let mut best = printed;
        for a in self.live_abilities(card) {
            if let Some(super::effect::Static::StartingPowerAtLeast(amount)) = &a.statics {
                let n = match amount {
                    Amount::MaxStartingPower(sel) => self.max_starting_power(sel, &ctx, seen),
                    other => self.amount(other, &ctx),
                };
                best = best.max(n);
            }
        }
        seen.pop();
        best
    }

    /// Asks for the next pick of a choice (the `picked`-th), or ends it when nothing
    /// is left to choose.
    pub(super) fn start_choice(&mut self, choose: Held<Choose>, ctx: Ctx, picked: u32) {
        let Some(player) = self.first_player_of(&choose.by, &ctx) else {
            return;
        };
        let mut values = Values::new();
        self.select_into(&choose.from, &ctx, &mut values);
        // A card chosen to be played at once onto a given base is offered only if that
        // base takes it (another player's Bear Picnic keeps small minions to its base,
        // Ice Castle takes none): otherwise the play would silently fail (Hidden Ninja,
        // Sir Squeezes).
        let onto =
            play_pick_onto(&choose.then, &choose.bind).and_then(|to| self.target_card(to, &ctx));
        // A card chosen to go into stasis is offered only if it may: not one that left
        // stasis this turn (Time-Traveling Car and a minion played from stasis).
        let into_stasis = matches!(&choose.then, Effect::PutInStasis { card: Target::Var(b), .. } if *b == choose.bind);
        // An action that must directly affect one minion has its minion choices held
        // to that one, where it is among them (Biding Time's extra action).
        // Where it is not among them, the pick may only be another minion when a later
        // choice depends on it (Natural Selection's own minion, then the one destroyed);
        // otherwise no other minion can be taken instead.
        let held = self
            .playing
            .iter()
            .find(|p| p.card == ctx.source)
            .and_then(|p| p.focus);
        let focus = held.filter(|f| values.contains(&Value::Card(*f)));
        let shut = held.is_some()
            && focus.is_none()
            && !super::plays::aims_at_minions(&choose.then)
            && !super::plays::aims_at_minions(&choose.otherwise);
        // With none of these tests to make (no values picked already in an "up to"
        // choice among them), nothing is walked again.
        let taken = picked_before(&ctx).next().is_some();
        if shut || focus.is_some() || onto.is_some() || into_stasis || taken {
            values.retain(|v| {
                let v = &*v;
                let is_minion = || matches!(v, Value::Card(c) if self.minion(*c).is_some());
                let held_to_focus = if shut {
                    !is_minion()
                } else {
                    focus.is_none_or(|f| *v == Value::Card(f) || !is_minion())
                };
                held_to_focus
                    && !(taken && picked_before(&ctx).any(|t| t == *v))
                    && match (onto, v) {
                        (Some(base), Value::Card(c)) => self.may_play_card_on(ctx.you, *c, base),
                        _ => true,
                    }
                    && (!into_stasis
                        || !matches!(v, Value::Card(c) if self.turn.left_stasis.contains(c)))
            });
        }
        // After a first pick the chooser may stop, except when every candidate must be
        // taken in turn (an order: `Times::All`).
        let optional = choose.optional
            || (picked > 0
                && !matches!(
                    choose.times,
                    super::effect::Times::All | super::effect::Times::Exactly(_)
                ));
        if values.is_empty() {
            if picked == 0 {
                self.note_quiet(Quiet::NothingToChoose(pool(&choose.from)));
                self.stack
                    .push(Task::Run(choose.part(|c| &c.otherwise), ctx));
            }
            return;
        }
        if values.len() == 1 && !optional {
            let v = values[0];
            self.after_pick(choose, ctx, v, picked);
            return;
        }
        // Into the kept list of the last decision (see `GameState::keep_options`).
        let mut options = std::mem::take(&mut self.spare_options);
        options.extend(values.iter().map(value_choice));
        if optional {
            options.push(Choice::Done);
        }
        self.pending = Some(Pending {
            decision: Decision {
                player,
                ask: Ask::Choose {
                    source: ctx.source,
                    purpose: choose.purpose,
                },
                options,
            },
            resume: Resume::Choose {
                choose,
                ctx: Box::new(ctx),
                picked,
            },
        });
    }

    /// Runs `then` with the pick bound; for "up to N" choices, asks again afterwards,
    /// excluding what was already picked.
    pub(super) fn after_pick(&mut self, choose: Held<Choose>, ctx: Ctx, v: Value, picked: u32) {
        let then = choose.part(|c| &c.then);
        if !choose.times.more_after(picked) {
            // The context is not needed again: bound in place, not copied.
            self.stack.push(Task::Run(then, ctx.bound(choose.bind, v)));
            return;
        }
        let bound = ctx.with(choose.bind, v);
        let next_ctx = ctx.bound(choose.bind.picked(), v);
        self.stack
            .push(Task::ChooseAgain(choose, Box::new(next_ctx), picked + 1));
        self.stack.push(Task::Run(then, bound));
    }

    /// When an option of the pending choice is a minion that the choosing ability
    /// cannot affect (or, for a destroy, cannot destroy): the card that protects it
    /// and how, so that the option can say it will have no effect.
    pub fn option_protected(&self, choice: &Choice) -> Option<super::shields::Protected> {
        let Choice::Card(card) = choice else {
            return None;
        };
        if !self.on_table(*card) {
            return None;
        }
        let Some(Pending {
            resume: Resume::Choose { choose, ctx, .. },
            ..
        }) = &self.pending
        else {
            return None;
        };
        let destroying = choose.purpose == Some(super::effect::Purpose::Destroy)
            || matches!(&choose.then, Effect::Destroy(Target::Var(b)) if *b == choose.bind);
        self.protection_against(*card, ctx, destroying)
    }
}

/// The tests of a card filter on the card's kind (minion or action) and printed
/// power.
#[inline]
fn of_kind_and_power(f: &CardFilter, c: &crate::cards::model::Card) -> bool {
    (!f.minion || c.is_minion())
        && (!f.action || !c.is_minion())
        && f.power_at_most
            .is_none_or(|p| c.power().is_some_and(|x| x <= p))
}

/// True for a card filter that tests nothing but [`of_kind_and_power`] (keeping one
/// card per name is the selection's own business): read once a walk.
fn kind_and_power_only(f: &CardFilter) -> bool {
    matches!(
        f,
        CardFilter {
            minion: _,
            action: _,
            power_at_most: _,
            one_per_name: _,
            microbot: false,
            playable: false,
            same_name_as: None,
            named: None,
            name_contains: None,
            plays_on_minion: false,
            affects_minions: false,
            playable_on: None,
            power_within: None,
            power_is: None,
            label: None,
            plays_on_base: false,
        }
    )
}

/// True when a selector keeps only the first card of each name
/// ([`CardFilter::one_per_name`]).
fn one_per_name(sel: &Selector) -> bool {
    match sel {
        Selector::Hand { filter, .. }
        | Selector::DiscardPile { filter, .. }
        | Selector::Deck { filter, .. }
        | Selector::SetAside { filter, .. }
        | Selector::Stored { filter, .. }
        | Selector::Search { filter, .. } => filter.one_per_name,
        _ => false,
    }
}

/// One walk of a [`MinionFilter`] over minions in play, seen from one context: what
/// its tests compare a minion with (the cards it names, the amounts its power is held
/// to) depends on the context only, so it is worked out the first time a minion
/// needs it and kept for the rest of the walk (nothing changes while minions are
/// walked), not again for every minion.
struct MinionWalk<'f> {
    /// The filter.
    filter: &'f MinionFilter,
    /// The filter tests nothing of a minion but whose it is (and its base, which the
    /// walk asks apart): read once a walk, not once a minion.
    plain: bool,
    /// The card [`MinionFilter::except`] names.
    except: OnceCell<Option<Uid>>,
    /// The card [`MinionFilter::is`] names.
    is: OnceCell<Option<Uid>>,
    /// [`MinionFilter::base_breakpoint_below`]'s amount.
    breakpoint_above: OnceCell<i32>,
    /// [`MinionFilter::power_at_most`]'s amount.
    at_most: OnceCell<i32>,
    /// [`MinionFilter::power_below`]'s amount.
    below: OnceCell<i32>,
    /// [`MinionFilter::power_at_least`]'s amount.
    at_least: OnceCell<i32>,
}

impl<'f> MinionWalk<'f> {
    /// A walk of `filter` with nothing worked out yet.
    fn new(filter: &'f MinionFilter) -> Self {
        let plain = filter.facts.whose_and_where_only;
        debug_assert!(!plain || filter.whose_and_where_only());
        MinionWalk {
            filter,
            plain,
            except: OnceCell::new(),
            is: OnceCell::new(),
            breakpoint_above: OnceCell::new(),
            at_most: OnceCell::new(),
            below: OnceCell::new(),
            at_least: OnceCell::new(),
        }
    }
}

/// The values already picked in an "up to" choice, which are not offered again. A
/// minion protected from this source is still offered, and nothing happens to it
/// when chosen ("You can play an action that destroys a minion even if ... the minion
/// you choose is immune to destruction": Excellent Movies, Dudes!); its option says
/// why ([`GameState::option_protected`]).
fn picked_before(ctx: &Ctx) -> impl Iterator<Item = Value> + '_ {
    ctx.vars
        .iter()
        .filter(|(n, _)| n.is_picked())
        .map(|&(_, v)| v)
}

/// The card or base bound to `name`, if it is one.
fn var_card(name: Name, ctx: &Ctx) -> Option<Uid> {
    match ctx.var(name)? {
        Value::Card(c) | Value::Base(c) => Some(*c),
        _ => None,
    }
}

/// The option that stands for a value.
pub fn value_choice(v: &Value) -> Choice {
    match v {
        Value::Card(c) => Choice::Card(*c),
        Value::Base(b) => Choice::Base(*b),
        Value::Player(p) => Choice::Player(*p),
        Value::Faction(f) => Choice::Faction(*f),
        Value::Num(_) => Choice::Done,
    }
}

/// The value an option of a choice stands for ([`value_choice`] read back): a
/// pending choice keeps no list of its values beside its options.
pub fn choice_value(c: &Choice) -> Option<Value> {
    match c {
        Choice::Card(c) => Some(Value::Card(*c)),
        Choice::Base(b) => Some(Value::Base(*b)),
        Choice::Player(p) => Some(Value::Player(*p)),
        Choice::Faction(f) => Some(Value::Faction(*f)),
        _ => None,
    }
}

/// The base a choice's `then` plays the pick onto at once, when it begins by doing so
/// (`PlayNow` of the bound card, alone or first in a sequence).
fn play_pick_onto<'a>(then: &'a Effect, bind: &str) -> Option<&'a Target> {
    match then {
        Effect::PlayNow {
            card: Target::Var(b),
            to,
        } if b == bind => Some(to),
        Effect::Seq(steps) => steps.first().and_then(|e| play_pick_onto(e, bind)),
        _ => None,
    }
}

impl GameState {
    /// True when a once-a-turn ability's [`once_key`] is marked used this turn (tested
    /// without writing the key out).
    fn once_used(&self, key: &str, per_card: bool, ctx: &Ctx) -> bool {
        let (mark, n) = if per_card {
            (":card", u32::from(ctx.source.0))
        } else {
            (":", u32::from(ctx.you.0))
        };
        self.turn.used.iter().any(|u| {
            u.strip_prefix(key)
                .is_some_and(|rest| super::flow::is_numbered_key(rest, mark, n))
        })
    }
}

/// The key under which a once-a-turn ability is marked used: each player's own ("you
/// may use only one ... each turn"), or each card's own ("the first time each turn" of
/// one Young Musketeer).
fn once_key(key: &str, per_card: bool, ctx: &Ctx) -> String {
    if per_card {
        format!("{key}:card{}", ctx.source.0)
    } else {
        format!("{key}:{}", ctx.you.0)
    }
}
