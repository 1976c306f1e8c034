//! The bases in play, and the cards on them whose abilities are live, gathered in one
//! walk of the table and kept until the table changes.
//!
//! Power, breakpoints, protections and triggers all ask "which abilities are in play,
//! and where": walking every card on the table for each such read made a base's total
//! quadratic in the minions on it. [`Table`] holds the bases and, beside them, that
//! walk's result ([`Live`]), made when first read. It cannot go stale: every change to
//! a base, a minion or an action on the table goes through [`DerefMut`], which drops
//! the gathered list, so no writer can forget. What else the list depends on never
//! changes during a game (each card's definition) or is read each time the list is
//! read (the current player, who controls the bases' own abilities). Only *which*
//! abilities are live is kept, never a number: power and breakpoints are still
//! computed when read. The gathered list is not saved (a save holds the bases alone,
//! as before) and is not compared.
//!
//! A few writes cannot change what is gathered, and keep it: [`Table`]'s narrow
//! setters for a minion's +1 power counters, the cards stored under a card and the
//! minions played on a base ([`Live::gather`] reads only which cards are on each
//! base, on which minion, and who controls them). A few more bring it up to date
//! in place: a minion played onto a base, moved, or taken off one (unless an action
//! on it has an Ongoing ability), a minion's new controller, and an action played on
//! a base or a minion, or taken off one (unless it makes the base ignored or cancels
//! the minion's abilities).

use super::board::{may_reach_base, Loc, Source};
use super::defs::PLAY_RULE;
use super::effect::{Ability, Static, Trigger};
use super::plays::is_play_rule;
use super::shields::shields_minions;
use super::stamp::Stamp;
use super::state::{ActionInPlay, BaseInPlay, CardInst, GameState, MinionInPlay, PlayerId, Uid};
use serde::{Deserialize, Serialize};
use std::ops::{Deref, DerefMut};
use std::sync::{Mutex, OnceLock, PoisonError};

/// The bases in play, in table order (read as a `Vec<BaseInPlay>`), with the cards
/// in play whose abilities are live, gathered when first read after a change.
#[derive(Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Table {
    bases: Vec<BaseInPlay>,
    /// The live abilities on `bases`; empty again whenever `bases` may have changed.
    #[serde(skip)]
    live: OnceLock<Live>,
    /// The list last dropped, kept for its room: gathering again fills it rather
    /// than allocating (locked only to take it).
    #[serde(skip)]
    spare: Mutex<Live>,
    /// Renewed by every use of `bases` that may change them (never saved or
    /// compared): see [`Table::stamp`].
    #[serde(skip)]
    stamp: Stamp,
    /// By base index, the stamp of the last write that may have changed that base:
    /// a narrow write to it alone (the setters below), or any write through
    /// `DerefMut` (every base's). See [`Table::base_stamp`].
    #[serde(skip)]
    written: [Stamp; STAMPED_BASES],
}

/// How many bases [`Table::base_stamp`] keeps a stamp of each: more than a table
/// of four players holds. A base past them has the table's stamp.
const STAMPED_BASES: usize = 8;

impl Table {
    /// The table's change stamp: the same at two moments only if the bases, with
    /// everything on them, are the same. Every way to change them (`DerefMut` and the
    /// narrow setters below) renews it.
    pub fn stamp(&self) -> Stamp {
        self.stamp
    }

    /// Base `b`'s change stamp: the same at two moments only if base `b`, with
    /// everything on it, is the same (and the bases are as many). Renewed by a
    /// narrow write to it and by any write through `DerefMut`. The bots keep their
    /// hash of the bases base by base by it ([`crate::bots::SeatView::fingerprint`]).
    pub fn base_stamp(&self, b: usize) -> Stamp {
        self.written.get(b).copied().unwrap_or(self.stamp)
    }

    /// Renews the table's stamp for a write to base `b` alone, and that base's.
    fn renew(&mut self, b: usize) {
        self.stamp.renew();
        if let Some(own) = self.written.get_mut(b) {
            *own = self.stamp;
        }
    }

    /// The live abilities on the table, gathered by `gather` (into the room of the
    /// spare list) if the table changed since they were last read.
    fn live(&self, gather: impl FnOnce(&[BaseInPlay], &mut Live)) -> &Live {
        self.live.get_or_init(|| {
            let mut spare = self.spare.lock().unwrap_or_else(PoisonError::into_inner);
            let mut live = std::mem::take(&mut *spare);
            gather(&self.bases, &mut live);
            live
        })
    }
}

/// Writes that keep the gathered list: [`Live::gather`] reads each base's card, its
/// minions and actions (card and controller, in order) and the actions on each
/// minion (card and controller), and nothing else of the table, so no number,
/// stored card or played-here note it is given can change what it finds.
impl Table {
    /// The +1 power counters on minion `m` of base `b`.
    pub(super) fn counters_mut(&mut self, b: usize, m: usize) -> &mut u32 {
        self.renew(b);
        &mut self.bases[b].minions[m].counters
    }

    /// The minions played on base `b` since it came into play, with who played them.
    pub(super) fn played_here_mut(&mut self, b: usize) -> &mut Vec<(PlayerId, Uid)> {
        self.renew(b);
        &mut self.bases[b].played_here
    }

    /// The cards stored under the card in play at `loc` (a minion, or an action on a
    /// base or a minion); none for any other place.
    pub(super) fn stored_mut(&mut self, loc: Loc) -> Option<&mut Vec<Uid>> {
        match loc {
            Loc::Minion(b, _) | Loc::OnBase(b, _) | Loc::OnMinion(b, _, _) => self.renew(b),
            _ => self.stamp.renew(),
        }
        let bases = &mut self.bases;
        match loc {
            Loc::Minion(b, m) => Some(&mut bases[b].minions[m].stored),
            Loc::OnBase(b, a) => Some(&mut bases[b].actions[a].stored),
            Loc::OnMinion(b, m, a) => Some(&mut bases[b].minions[m].attached[a].stored),
            _ => None,
        }
    }
}

/// Writes that keep the gathered list by bringing it up to date: a minion that
/// comes onto a base with no action on it, or leaves it with none that has an
/// Ongoing ability, adds or takes away one source and its own statics (a minion's
/// statics cancel nobody's abilities and make no base ignored); an action played on
/// a base or a minion, or taken off one, adds or takes away one source and its own
/// statics, unless they make the base ignored or cancel the minion's abilities
/// (Jammed Signal, Cuddle). Anything else
/// drops the list as any other write does. Each renews the table's stamp, as every
/// write does, and its base's (the bots keep their hash of the bases by them).
impl Table {
    /// Puts a minion last among the minions of base `b` (`cards`: the game's cards,
    /// for its kinds of ability and its Ongoing statics).
    pub(super) fn push_minion(&mut self, b: usize, minion: MinionInPlay, cards: &[CardInst]) {
        self.renew(b);
        let kinds = ability_kinds(cards, minion.card);
        let source = Source {
            card: minion.card,
            controller: minion.controller,
            base: self.bases[b].card,
            attached_to: None,
            is_base: false,
        };
        let statics = cards
            .get(minion.card.0 as usize)
            .map(|c| c.def.def().abilities());
        match (self.live.get_mut(), statics) {
            (Some(live), Some(abilities)) if minion.attached.is_empty() => {
                live.insert_source(live.minions_end[b], source, kinds);
                for end in &mut live.minions_end[b..] {
                    *end += 1;
                }
                if kinds & STATIC != 0 {
                    let at = live.minion_statics_end[b];
                    live.put_statics(&self.bases, at, card_statics(abilities, source), b, b);
                }
                self.bases[b].minions.push(minion);
            }
            _ => self.deref_mut()[b].minions.push(minion),
        }
    }

    /// Puts an action last among those on base `b`, or on its minion `m` (`cards`:
    /// the game's cards, for the kinds of ability of its own: [`ability_kinds`]).
    pub(super) fn push_action(
        &mut self,
        b: usize,
        m: Option<usize>,
        action: ActionInPlay,
        cards: &[CardInst],
    ) {
        self.renew(b);
        let kinds = ability_kinds(cards, action.card);
        let base = &self.bases[b];
        let on = m.map(|m| &base.minions[m]);
        let source = Source {
            card: action.card,
            controller: action.controller,
            base: base.card,
            attached_to: on.map(|minion| minion.card),
            is_base: false,
        };
        // Last on the base, or after the minion and the actions already on it.
        let place = |live: &Live| match on {
            None => Some(live.minions_end[b] + base.actions.len()),
            Some(minion) => {
                let at = live
                    .sources
                    .iter()
                    .position(|(s, _)| s.card == minion.card)?;
                Some(at + 1 + minion.attached.len())
            }
        };
        let abilities = cards
            .get(action.card.0 as usize)
            .map(|c| c.def.def().abilities());
        // An action that makes its base ignored or cancels its minion's abilities
        // changes what else is live: gathered again.
        let kept = self.live.get_mut().filter(|_| abilities.is_some_and(alone));
        match kept.and_then(|live| Some((place(live)?, live))) {
            Some((at, live)) => {
                live.insert_source(at, source, kinds);
                for end in &mut live.minions_end[b + usize::from(m.is_none())..] {
                    *end += 1;
                }
                if let Some(abilities) = abilities.filter(|_| kinds & STATIC != 0) {
                    let at = live.action_statics_place(base, b, m);
                    let added = card_statics(abilities, source);
                    // On a base: after the statics of its minions.
                    live.put_statics(&self.bases, at, added, b, b + usize::from(m.is_none()));
                }
            }
            None => {
                self.deref_mut();
            }
        }
        let base = &mut self.bases[b];
        match m {
            Some(m) => base.minions[m].attached.push(action),
            None => base.actions.push(action),
        }
    }

    /// Takes action `a` off base `b`, or off its minion `m` (`cards`: the game's
    /// cards, for the kinds of ability of its own: [`ability_kinds`]).
    pub(super) fn remove_action(
        &mut self,
        b: usize,
        m: Option<usize>,
        a: usize,
        cards: &[CardInst],
    ) -> ActionInPlay {
        self.renew(b);
        let base = &self.bases[b];
        let card = match m {
            Some(m) => base.minions[m].attached[a].card,
            None => base.actions[a].card,
        };
        let abilities = cards.get(card.0 as usize).map(|c| c.def.def().abilities());
        let found = self
            .live
            .get_mut()
            .filter(|_| abilities.is_some_and(alone))
            .and_then(|live| {
                let at = live.sources.iter().position(|(s, _)| s.card == card)?;
                Some((live, at))
            });
        let bases = match found {
            Some((live, at)) => {
                let kinds = live.remove_sources(at, 1);
                let minions_from = b + usize::from(m.is_none());
                for end in &mut live.minions_end[minions_from..] {
                    *end -= 1;
                }
                if kinds & STATIC != 0 {
                    // Its own statics: together among those of base `b`.
                    live.take_statics(&self.bases, card, b, live.ends[b], minions_from);
                }
                &mut self.bases
            }
            // Not kept: dropped, as any other write does.
            None => self.deref_mut(),
        };
        let base = &mut bases[b];
        match m {
            Some(m) => base.minions[m].attached.remove(a),
            None => base.actions.remove(a),
        }
    }

    /// Takes minion `m` of base `b` off it, with the actions on it (`cards`: the
    /// game's cards, for the kinds of ability of theirs: [`ability_kinds`]).
    pub(super) fn remove_minion(&mut self, b: usize, m: usize, cards: &[CardInst]) -> MinionInPlay {
        self.renew(b);
        let minion = &self.bases[b].minions[m];
        let keeps = |card| ability_kinds(cards, card) & STATIC == 0;
        let plain = minion.attached.iter().all(|a| keeps(a.card));
        let card = minion.card;
        let found = self.live.get_mut().filter(|_| plain).and_then(|live| {
            let from = live.sources.iter().position(|(s, _)| s.card == card)?;
            Some((live, from))
        });
        let Some((live, from)) = found else {
            return self.deref_mut()[b].minions.remove(m);
        };
        let minion = self.bases[b].minions.remove(m);
        let gone = 1 + minion.attached.len();
        live.remove_sources(from, gone);
        for end in &mut live.minions_end[b..] {
            *end -= gone;
        }
        // Its own statics, if any: together among those of the minions of base `b`.
        live.take_statics(&self.bases, card, b, live.minion_statics_end[b], b);
        minion
    }
}

/// A write that keeps the gathered list by bringing it up to date: a minion's new
/// controller, in its own entry and its statics' (the actions on it keep theirs).
impl Table {
    /// Gives minion `m` of base `b` the controller `player`.
    pub(super) fn set_controller(&mut self, b: usize, m: usize, player: PlayerId) {
        self.renew(b);
        let card = self.bases[b].minions[m].card;
        self.bases[b].minions[m].controller = player;
        let Some(live) = self.live.get_mut() else {
            return;
        };
        hand_over(&mut live.sources, card, player);
        if hand_over(&mut live.statics, card, player) {
            live.statics_moved(&self.bases, b, b, 0, true);
        }
    }
}

/// True when one of these statics is read into a list beside the statics: it
/// changes power ([`Live::powers`]), shields minions ([`Live::shields`]) or forbids
/// or allows plays ([`Live::rules`]).
fn rereads(statics: &[(Source, &'static Static)]) -> bool {
    statics
        .iter()
        .any(|(_, st)| changes_power(st) || shields_minions(st) || is_play_rule(st))
}

/// True when an action's abilities change nothing else that is live: none makes its
/// base ignored or cancels its minion's abilities (Jammed Signal, Cuddle), so it
/// comes into play or leaves it alone.
fn alone(abilities: &[Ability]) -> bool {
    !abilities.iter().any(|a| {
        matches!(
            a.statics,
            Some(Static::IgnoreBase { .. } | Static::CancelAttached)
        )
    })
}

/// Gives `player` the entries of `card` in a gathered list; false when it has none.
fn hand_over<T>(list: &mut [(Source, T)], card: Uid, player: PlayerId) -> bool {
    let mut any = false;
    for (source, _) in list.iter_mut().filter(|(s, _)| s.card == card) {
        source.controller = player;
        any = true;
    }
    any
}

/// The Ongoing statics among a card's abilities, with the card as their source.
fn card_statics(
    abilities: &'static [Ability],
    source: Source,
) -> impl Iterator<Item = (Source, &'static Static)> {
    abilities
        .iter()
        .filter_map(move |a| match (a.when, &a.statics) {
            (Trigger::Static, Some(st)) => Some((source, st)),
            _ => None,
        })
}

/// The bit of [`Trigger::Static`]: a card with Ongoing statics.
const STATIC: u64 = Trigger::Static.bit();

/// The bits of a Talent and a Special used in the main phase: what the main
/// question offers to use ([`Live::usable`]).
const USABLE: u64 = Trigger::Talent.bit() | Trigger::MainPhaseSpecial.bit();

/// The kinds of ability a card's definition has ([`super::defs::Defs::triggers`]):
/// every kind for a card not known.
fn ability_kinds(cards: &[CardInst], card: Uid) -> u64 {
    cards
        .get(card.0 as usize)
        .and_then(|c| super::defs::defs().triggers.get(c.def.0 as usize).copied())
        .unwrap_or(!0)
}

impl From<Vec<BaseInPlay>> for Table {
    fn from(bases: Vec<BaseInPlay>) -> Table {
        Table {
            bases,
            ..Table::default()
        }
    }
}

/// A copy keeps what was gathered: it describes the copied bases just as well.
impl Clone for Table {
    fn clone(&self) -> Table {
        Table {
            bases: self.bases.clone(),
            live: self.live.clone(),
            spare: Mutex::default(),
            stamp: self.stamp,
            written: self.written,
        }
    }
}

impl Deref for Table {
    type Target = Vec<BaseInPlay>;

    fn deref(&self) -> &Vec<BaseInPlay> {
        &self.bases
    }
}

/// Any use of the bases that may change them drops what was gathered from them.
impl DerefMut for Table {
    fn deref_mut(&mut self) -> &mut Vec<BaseInPlay> {
        self.stamp.renew();
        self.written = [self.stamp; STAMPED_BASES];
        if let Some(live) = self.live.take() {
            *self.spare.get_mut().unwrap_or_else(PoisonError::into_inner) = live;
        }
        &mut self.bases
    }
}

impl<'a> IntoIterator for &'a Table {
    type Item = &'a BaseInPlay;
    type IntoIter = std::slice::Iter<'a, BaseInPlay>;

    fn into_iter(self) -> Self::IntoIter {
        self.bases.iter()
    }
}

impl<'a> IntoIterator for &'a mut Table {
    type Item = &'a mut BaseInPlay;
    type IntoIter = std::slice::IterMut<'a, BaseInPlay>;

    fn into_iter(self) -> Self::IntoIter {
        self.deref_mut().iter_mut()
    }
}

/// Two tables are the same when their bases are: what was gathered is not compared.
impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        self.bases == other.bases
    }
}

/// The bases alone, as the `Vec` printed before the gathered list existed.
impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.bases.fmt(f)
    }
}

/// The cards in play whose abilities are live, as one walk of the table finds them
/// (see [`GameState::sources`] and [`GameState::statics`] for what counts).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Live {
    /// Every card in play whose abilities are live, in table order, with the kinds of
    /// ability its definition has ([`super::defs::Defs::triggers`]). A base's
    /// controller is filled in when read.
    sources: Vec<(Source, u64)>,
    /// Where in `sources` those with a Talent or a Special used in the main phase
    /// ([`USABLE`]) are, in order: what the main question walks for its options
    /// ([`GameState::usable_sources`]), a few of the many.
    usable: Vec<usize>,
    /// The live Ongoing statics, in table order; a base's controller is filled in
    /// when read.
    statics: Vec<(Source, &'static Static)>,
    /// Those of `statics` that change power ([`changes_power`]), in the same order.
    powers: Vec<(Source, &'static Static)>,
    /// Those of `powers` that may reach a minion at each base
    /// ([`super::board::may_reach_base`]), base by base, each base's in table
    /// order: all that the power of a minion there reads.
    powers_here: Vec<(Source, &'static Static)>,
    /// Where each base's part of `powers_here` ends, by base index.
    powers_ends: Vec<usize>,
    /// Those of `statics` that forbid or allow plays at their base
    /// ([`is_play_rule`]), in the same order: all that a listing of plays reads of
    /// them (a few, when any: most statics in play are no such rule).
    rules: Vec<(Source, &'static Static)>,
    /// Every kind of ability the cards in `sources` have, as one set.
    kinds: u64,
    /// True when one of `statics` keeps minions from other players' cards or
    /// actions ([`super::shields::shields_minions`]).
    shields: bool,
    /// Where each base's minions (with the actions on them) end in `sources`, by
    /// base index: a minion played there is put at that place.
    minions_end: Vec<usize>,
    /// Where the statics of each base's minions (with the actions on them) end in
    /// `statics`, by base index.
    minion_statics_end: Vec<usize>,
    /// Where each base's statics end in `statics`, by base index: the statics of the
    /// cards at base `b` are `statics[ends[b - 1]..ends[b]]`.
    ends: Vec<usize>,
}

impl Live {
    /// Walks the table: each base, then each minion followed by the actions on it,
    /// then the actions on the base. A minion whose abilities are cancelled (Cuddle)
    /// is left out; a base whose ability everyone ignores (Jammed Signal) has no
    /// statics.
    fn gather(game: &GameState, bases: &[BaseInPlay], live: &mut Live) {
        live.sources.clear();
        live.usable.clear();
        live.statics.clear();
        live.ends.clear();
        live.powers.clear();
        live.powers_here.clear();
        live.powers_ends.clear();
        live.rules.clear();
        live.minions_end.clear();
        live.minion_statics_end.clear();
        live.kinds = 0;
        live.shields = false;
        for base in bases {
            let at = |card, controller, attached_to| Source {
                card,
                controller,
                base: base.card,
                attached_to,
                is_base: false,
            };
            let own = Source {
                is_base: true,
                ..at(base.card, PlayerId(0), None)
            };
            live.add(game, own, game.ignored_by_all_at(base));
            for m in &base.minions {
                if !game.attachments_cancel(&m.attached) {
                    live.add(game, at(m.card, m.controller, None), false);
                }
                for a in &m.attached {
                    live.add(game, at(a.card, a.controller, Some(m.card)), false);
                }
            }
            live.minions_end.push(live.sources.len());
            live.minion_statics_end.push(live.statics.len());
            for a in &base.actions {
                live.add(game, at(a.card, a.controller, None), false);
            }
            live.ends.push(live.statics.len());
        }
        live.sort_powers(bases);
    }

    /// One card in play with live abilities, and its Ongoing statics unless they are
    /// `ignored` (a base whose ability everyone ignores).
    #[inline(always)]
    fn add(&mut self, game: &GameState, source: Source, ignored: bool) {
        let kinds = ability_kinds(&game.cards, source.card);
        if kinds & USABLE != 0 {
            self.usable.push(self.sources.len());
        }
        self.sources.push((source, kinds));
        self.kinds |= kinds;
        if kinds & STATIC != 0 && !ignored {
            self.add_statics(game, source);
        }
    }

    /// The Ongoing statics of one card in play.
    fn add_statics(&mut self, game: &GameState, source: Source) {
        let from = self.statics.len();
        let abilities = game.def(source.card).abilities();
        self.statics.extend(card_statics(abilities, source));
        let added = &self.statics[from..];
        self.shields |= added.iter().any(|(_, st)| shields_minions(st));
        self.powers
            .extend(added.iter().filter(|(_, st)| changes_power(st)));
        self.rules
            .extend(added.iter().filter(|(_, st)| is_play_rule(st)));
    }

    /// Puts one source in at `at` in `sources`, and `usable` up to date: the places
    /// after it moved on by one, its own noted if it has such an ability.
    #[inline]
    fn insert_source(&mut self, at: usize, source: Source, kinds: u64) {
        // One pass over a list of a few: those before it counted, the rest moved on.
        let mut later = 0;
        for i in &mut self.usable {
            if *i < at {
                later += 1;
            } else {
                *i += 1;
            }
        }
        if kinds & USABLE != 0 {
            self.usable.insert(later, at);
        }
        self.sources.insert(at, (source, kinds));
        self.kinds |= kinds;
    }

    /// Takes `n` sources out of `sources` from `at`, and `usable` up to date: their
    /// places dropped, those after them moved back by `n`. The kinds of the first
    /// one taken.
    #[inline]
    fn remove_sources(&mut self, at: usize, n: usize) -> u64 {
        let kinds = self.sources[at].1;
        self.usable.retain_mut(|i| match *i >= at + n {
            true => {
                *i -= n;
                true
            }
            false => *i < at,
        });
        self.sources.drain(at..at + n);
        self.kinds = self.sources.iter().fold(0, |all, (_, k)| all | k);
        kinds
    }

    /// Puts one card's statics (`added`) in at `at`, at base `b`, among those of its
    /// minions if `minions_from` is `b` (after them if it is `b + 1`), and brings the
    /// rest up to date ([`Self::statics_moved`]).
    fn put_statics<I>(
        &mut self,
        bases: &[BaseInPlay],
        at: usize,
        added: I,
        b: usize,
        minions_from: usize,
    ) where
        I: Iterator<Item = (Source, &'static Static)>,
    {
        // One by one: a card has a static or two, and a splice of an iterator of
        // unknown length would collect them into a new list first.
        let mut n = 0;
        for st in added {
            self.statics.insert(at + n, st);
            n += 1;
        }
        let reread = rereads(&self.statics[at..at + n]);
        self.statics_moved(bases, b, minions_from, n as isize, reread);
    }

    /// Takes the statics of `card` out of those of base `b` that end at `end` (as
    /// [`Self::put_statics`] for `minions_from`), if it has any there.
    fn take_statics(
        &mut self,
        bases: &[BaseInPlay],
        card: Uid,
        b: usize,
        end: usize,
        minions_from: usize,
    ) {
        let start = b.checked_sub(1).map_or(0, |p| self.ends[p]);
        let mine = &self.statics[start..end];
        let Some(first) = mine.iter().position(|(s, _)| s.card == card) else {
            return;
        };
        let n = mine[first..]
            .iter()
            .take_while(|(s, _)| s.card == card)
            .count();
        let gone = start + first..start + first + n;
        let reread = rereads(&self.statics[gone.clone()]);
        self.statics.drain(gone);
        self.statics_moved(bases, b, minions_from, -(n as isize), reread);
    }

    /// After `n` statics were put in (or, below zero, taken out) at base `b`, among
    /// those of its minions if `minions_from` is `b` (after them if it is `b + 1`):
    /// where each base's part ends, and, when `reread` (the statics put in or taken
    /// out change power or shield minions, or their sources changed), the lists read
    /// from the statics, made again; other statics change none of those lists.
    fn statics_moved(
        &mut self,
        bases: &[BaseInPlay],
        b: usize,
        minions_from: usize,
        n: isize,
        reread: bool,
    ) {
        for end in self.ends[b..]
            .iter_mut()
            .chain(&mut self.minion_statics_end[minions_from..])
        {
            *end = end.wrapping_add_signed(n);
        }
        if !reread {
            return;
        }
        self.powers.clear();
        let powers = self.statics.iter().filter(|(_, st)| changes_power(st));
        self.powers.extend(powers);
        self.shields = self.statics.iter().any(|(_, st)| shields_minions(st));
        self.rules.clear();
        // None when no card in play has such a rule (the kinds of all say so).
        if self.kinds & PLAY_RULE != 0 {
            let rules = self.statics.iter().filter(|(_, st)| is_play_rule(st));
            self.rules.extend(rules);
        }
        self.sort_powers(bases);
    }

    /// Where the statics of an action played on `base` (index `b`), or on its minion
    /// `m`, go in `statics`: after those of the base's minions, or after those of
    /// minion `m` and the actions on it (before those of the minions after it).
    fn action_statics_place(&self, base: &BaseInPlay, b: usize, m: Option<usize>) -> usize {
        let Some(m) = m else {
            return self.ends[b];
        };
        let start = b.checked_sub(1).map_or(0, |p| self.ends[p]);
        let end = self.minion_statics_end[b];
        let later = |(s, _): &(Source, &'static Static)| {
            let owner = s.attached_to.unwrap_or(s.card);
            !s.is_base && base.minions[m + 1..].iter().any(|x| x.card == owner)
        };
        self.statics[start..end]
            .iter()
            .position(later)
            .map_or(end, |k| start + k)
    }

    /// Makes `powers_here` from `powers`: for each base, those that may reach a
    /// minion there.
    fn sort_powers(&mut self, bases: &[BaseInPlay]) {
        self.powers_here.clear();
        self.powers_ends.clear();
        for base in bases {
            let here = self.powers.iter();
            let reaching = here.filter(|(src, st)| may_reach_base(src, st, base.card));
            self.powers_here.extend(reaching);
            self.powers_ends.push(self.powers_here.len());
        }
    }

    /// [`Self::gather`] into a new list.
    #[cfg(test)]
    fn fresh(game: &GameState) -> Live {
        let mut live = Live::default();
        Live::gather(game, &game.bases, &mut live);
        live
    }

    /// The power statics that may reach a minion at base index `b`.
    fn powers_at(&self, b: usize) -> &[(Source, &'static Static)] {
        let start = b.checked_sub(1).map_or(0, |p| self.powers_ends[p]);
        &self.powers_here[start..self.powers_ends[b]]
    }

    /// The statics of the cards at base index `b`.
    fn statics_at(&self, b: usize) -> &[(Source, &'static Static)] {
        let start = b.checked_sub(1).map_or(0, |p| self.ends[p]);
        &self.statics[start..self.ends[b]]
    }
}

impl GameState {
    /// The live abilities on the table, gathered if the table changed since last read.
    fn live(&self) -> &Live {
        let live = self
            .bases
            .live(|bases, live| Live::gather(self, bases, live));
        // In the unit tests, every read checks what was kept against a fresh walk.
        #[cfg(test)]
        assert_eq!(*live, Live::fresh(self), "gathered list stale");
        live
    }

    /// Every card in play with live abilities: bases, minions, actions on bases and on
    /// minions, in table order. A minion whose abilities are cancelled (Cuddle) is not
    /// one; the actions on it are.
    pub fn sources(&self) -> Sources<'_> {
        self.sources_with(!0)
    }

    /// [`Self::sources`] with an ability of one of these kinds (a mask of
    /// [`Trigger::bit`]s).
    pub(super) fn sources_with(&self, kinds: u64) -> Sources<'_> {
        let live = self.live();
        // None has such an ability when the kinds of all, as one set, say so: nothing
        // to walk (every card is wanted for all bits, with an ability or not).
        let none = kinds != !0 && live.kinds & kinds == 0;
        Sources {
            sources: if none { [].iter() } else { live.sources.iter() },
            kinds,
            player: self.turn.player,
        }
    }

    /// The cards in play with a Talent or a Special used in the main phase: those
    /// of [`Self::sources`] the main question offers to use, in the same order,
    /// found without walking the others.
    pub(super) fn usable_sources(&self) -> impl Iterator<Item = Source> + '_ {
        let (live, player) = (self.live(), self.turn.player);
        live.usable
            .iter()
            .map(move |&i| controlled(live.sources[i].0, player))
    }

    /// Every live Ongoing static in play, with its source, in table order. A base's
    /// ability ignored by everyone (Jammed Signal) has none.
    pub fn statics(&self) -> Statics<'_> {
        self.statics_of(&self.live().statics)
    }

    /// The live Ongoing statics of the cards at one base (the base included): what
    /// breakpoints and play restrictions depend on.
    pub fn statics_on(&self, base: super::state::Uid) -> Statics<'_> {
        match self.base_index(base) {
            Some(b) => self.statics_at(b),
            None => self.statics_of(&[]),
        }
    }

    /// The live Ongoing statics in play that change power and may reach a minion at
    /// base index `b` ([`super::board::may_reach_base`]), with their sources, in
    /// table order: all that the power of a minion there reads.
    pub(super) fn power_statics_at(&self, b: usize) -> Statics<'_> {
        self.statics_of(self.live().powers_at(b))
    }

    /// The live Ongoing statics in play that forbid or allow plays at their base
    /// ([`is_play_rule`]), with their sources, in table order: all that a listing
    /// of plays reads of the statics.
    pub(super) fn play_rule_statics(&self) -> Statics<'_> {
        self.statics_of(&self.live().rules)
    }

    /// True when some card in play keeps minions from other players' cards or
    /// actions ([`super::shields::shields_minions`]): without one, only a one-use
    /// shield's note of the very source can.
    pub(super) fn any_shield(&self) -> bool {
        self.live().shields
    }

    /// True when some card in play has an ability of one of these kinds (a mask of
    /// [`Trigger::bit`]s).
    #[inline]
    pub(super) fn any_source_with(&self, kinds: u64) -> bool {
        self.live().kinds & kinds != 0
    }

    /// [`Self::statics_on`] the base at index `b`.
    pub(super) fn statics_at(&self, b: usize) -> Statics<'_> {
        self.statics_of(self.live().statics_at(b))
    }

    fn statics_of<'a>(&'a self, statics: &'a [(Source, &'static Static)]) -> Statics<'a> {
        Statics {
            statics: statics.iter(),
            player: self.turn.player,
        }
    }
}

/// The cards in play whose abilities are live ([`GameState::sources`]), in table
/// order, keeping those with an ability of one of the wanted kinds.
pub struct Sources<'a> {
    sources: std::slice::Iter<'a, (Source, u64)>,
    /// The wanted kinds (a set of [`Trigger::bit`]s), or every card for all bits.
    kinds: u64,
    /// The current player, who controls the bases' abilities.
    player: PlayerId,
}

impl Iterator for Sources<'_> {
    type Item = Source;

    fn next(&mut self) -> Option<Source> {
        let every = self.kinds == !0;
        let &(source, _) = self
            .sources
            .find(|(_, kinds)| every || kinds & self.kinds != 0)?;
        Some(controlled(source, self.player))
    }
}

/// The live Ongoing statics of the cards in play at some bases, with their sources
/// ([`GameState::statics`]), in table order.
#[derive(Clone)]
pub struct Statics<'a> {
    statics: std::slice::Iter<'a, (Source, &'static Static)>,
    /// The current player, who controls the bases' abilities.
    player: PlayerId,
}

impl Iterator for Statics<'_> {
    type Item = (Source, &'static Static);

    fn next(&mut self) -> Option<(Source, &'static Static)> {
        let &(source, st) = self.statics.next()?;
        Some((controlled(source, self.player), st))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.statics.size_hint()
    }
}

/// True for an Ongoing static that changes minions' power: the only ones
/// [`GameState::power`] reads.
fn changes_power(st: &Static) -> bool {
    matches!(
        st,
        Static::Power { .. } | Static::AttachedPower(_) | Static::StartingPowerAtLeast(_)
    )
}

/// A source as read now: a base's ability is controlled by nobody, given as the
/// current player.
fn controlled(source: Source, player: PlayerId) -> Source {
    if source.is_base {
        Source {
            controller: player,
            ..source
        }
    } else {
        source
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy of the game whose gathered list is made afresh when read.
    fn ungathered(game: &GameState) -> GameState {
        let mut fresh = game.clone();
        fresh.bases.deref_mut();
        fresh
    }

    /// Every read that goes through the gathered list, as a list of numbers.
    fn reads(game: &GameState) -> Vec<i32> {
        let mut all = Vec::new();
        for base in game.bases.iter() {
            all.push(game.breakpoint(base.card));
            all.push(game.base_power(base.card));
            for p in 0..game.players.len() {
                all.push(game.player_power(base.card, PlayerId(p as u8)));
            }
            for m in &base.minions {
                all.push(game.power(m.card));
                all.push(game.is_microbot(m.card) as i32);
            }
        }
        for (total, each) in game.powers_by_base() {
            all.push(total);
            all.extend(each);
        }
        all.extend(game.ready_bases().iter().map(|b| b.0 as i32));
        all.extend(game.sources().map(|s| s.card.0 as i32));
        all
    }

    /// For every minion in play and every power static in play: one left out of
    /// those that may reach a minion at its base ([`GameState::power_statics_at`])
    /// is one that [`GameState::power`] would pass over without a test
    /// ([`super::super::board::may_change`] false), and for one passed over, the
    /// static's filter indeed leaves that minion out.
    fn passed_over_statics_match_nobody(game: &GameState) {
        for (b, base) in game.bases.iter().enumerate() {
            let reaching: Vec<_> = game.power_statics_at(b).collect();
            for (i, m) in base.minions.iter().enumerate() {
                for (src, st) in game.statics_of(&game.live().powers) {
                    let may = super::super::board::may_change(&src, st, m.card, base.card);
                    assert!(
                        !may || reaching.contains(&(src, st)),
                        "{st:?} left out at a base it reaches"
                    );
                    let Static::Power { to, .. } = st else {
                        continue;
                    };
                    if !may {
                        let ctx = super::super::interp::Ctx::for_source(&src);
                        assert!(
                            !game.minion_matches_at(to, b, i, &ctx),
                            "{st:?} passed over"
                        );
                    }
                }
            }
        }
    }

    /// After every answer of many random games of 2, 3 and 4 players, the gathered
    /// list is what a fresh walk of the table finds, power, breakpoints and the
    /// bases ready to score read the same through it as through a fresh one, and
    /// the power statics that power passes over without a test match nobody.
    #[test]
    fn the_gathered_list_is_never_stale() {
        crate::sim::check_every_answer_of_random_games(0..12, |game| {
            assert_eq!(*game.live(), Live::fresh(game));
            let live = game.live();
            let usable = (0..live.sources.len()).filter(|&i| live.sources[i].1 & USABLE != 0);
            assert!(
                live.usable.iter().copied().eq(usable),
                "usable sources not kept"
            );
            let rules = live.statics.iter().filter(|(_, st)| is_play_rule(st));
            assert!(live.rules.iter().eq(rules), "play rules not kept");
            assert_eq!(reads(game), reads(&ungathered(game)));
            passed_over_statics_match_nobody(game);
        });
    }

    /// The narrow setters keep the gathered list, and it stays what a fresh walk of
    /// the table finds: at every answer of random games, every minion in play gets
    /// a counter, a card stored under it and a played-here note, in a copy.
    #[test]
    fn the_narrow_writes_keep_the_gathered_list() {
        crate::sim::check_every_answer_of_random_games(7..8, |game| {
            let mut copy = game.clone();
            copy.statics().count();
            for b in 0..copy.bases.len() {
                for m in 0..copy.bases[b].minions.len() {
                    *copy.bases.counters_mut(b, m) += 1;
                    let card = copy.bases[b].minions[m].card;
                    copy.bases.played_here_mut(b).push((PlayerId(0), card));
                    if let Some(stored) = copy.bases.stored_mut(Loc::Minion(b, m)) {
                        stored.push(card);
                    }
                }
            }
            assert!(copy.bases.live.get().is_some());
            assert_eq!(*copy.live(), Live::fresh(&copy));
        });
    }

    /// Taking actions off the table keeps the gathered list, and it stays what a fresh
    /// walk finds, unless the action makes its base ignored or cancels its minion's
    /// abilities: at every answer of random games, in a copy, every action on a
    /// minion and then every action on a base is taken off, last first.
    #[test]
    fn taking_actions_off_keeps_the_gathered_list() {
        crate::sim::check_every_answer_of_random_games(9..10, |game| {
            let mut copy = game.clone();
            let cards = copy.cards.clone();
            let off = |copy: &mut GameState, b: usize, m: Option<usize>, a: usize| {
                copy.statics().count();
                let action = copy.bases.remove_action(b, m, a, &cards);
                let abilities = copy.def(action.card).abilities();
                assert_eq!(copy.bases.live.get().is_some(), alone(abilities));
                assert_eq!(*copy.live(), Live::fresh(copy));
            };
            for b in 0..game.bases.len() {
                for m in 0..game.bases[b].minions.len() {
                    for a in (0..game.bases[b].minions[m].attached.len()).rev() {
                        off(&mut copy, b, Some(m), a);
                    }
                }
                for a in (0..game.bases[b].actions.len()).rev() {
                    off(&mut copy, b, None, a);
                }
            }
        });
    }

    /// Every write to the table renews its change stamp, the in-place ones that keep
    /// the gathered list included (the bots keep their hash of the bases by it: see
    /// [`Table::stamp`]). Playing a card also notes it as played here, which renews
    /// the stamp too, so the games alone would not show a writer that forgot.
    #[test]
    fn every_write_renews_the_stamp() {
        let pool = crate::sim::complete_factions();
        let config = crate::sim::random_config(7, 3, &pool).unwrap();
        crate::sim::play_random(&config, |game, _| {
            let mut copy = game.clone();
            copy.statics().count();
            let cards = copy.cards.clone();
            let mut renews = |what: &str, b: usize, write: &mut dyn FnMut(&mut Table)| {
                let before = (copy.bases.stamp(), copy.bases.base_stamp(b));
                write(&mut copy.bases);
                assert_ne!(copy.bases.stamp(), before.0, "{what} kept the stamp");
                assert_ne!(copy.bases.base_stamp(b), before.1, "{what} kept the base's");
            };
            for b in 0..game.bases.len() {
                renews("played_here_mut", b, &mut |t| t.played_here_mut(b).clear());
                for m in 0..game.bases[b].minions.len() {
                    renews("counters_mut", b, &mut |t| *t.counters_mut(b, m) += 0);
                    let controller = game.bases[b].minions[m].controller;
                    renews("set_controller", b, &mut |t| {
                        t.set_controller(b, m, controller)
                    });
                    renews("stored_mut", b, &mut |t| {
                        t.stored_mut(Loc::Minion(b, m));
                    });
                    let mut minion = None;
                    renews("remove_minion", b, &mut |t| {
                        minion = Some(t.remove_minion(b, m, &cards))
                    });
                    let minion = minion.take().unwrap();
                    renews("push_minion", b, &mut |t| {
                        t.push_minion(b, minion.clone(), &cards)
                    });
                }
                if let Some(action) = game.bases[b].actions.first() {
                    renews("push_action", b, &mut |t| {
                        t.push_action(b, None, action.clone(), &cards)
                    });
                    renews("remove_action", b, &mut |t| {
                        t.remove_action(b, None, 0, &cards);
                    });
                }
            }
        })
        .unwrap();
    }

    /// A save holds the bases as before: the gathered list is neither written nor
    /// needed to read one back.
    #[test]
    fn a_save_holds_the_bases_alone() {
        let config = crate::sim::random_config(3, 2, &crate::sim::complete_factions()).unwrap();
        let game = GameState::new(&config).unwrap();
        game.statics().count();
        let table = serde_json::to_string(&game.bases).unwrap();
        assert_eq!(table, serde_json::to_string(&*game.bases).unwrap());
        let back: Table = serde_json::from_str(&table).unwrap();
        assert_eq!(back, game.bases);
        assert!(back.live.get().is_none());
    }
}
