//! Reading the table: where a card is, who controls it, and power and breakpoints,
//! computed from printed values, counters, lasting effects and every Ongoing
//! ability in play each time they are read. Which abilities are live and where is
//! gathered once per change of the table and kept with it ([`super::in_play`]: any
//! change to the bases drops it, so it cannot go stale); no number is ever kept.

use super::defs::Def;
use super::effect::{BaseSel, Static, Target, Trigger};
use super::in_play::Statics;
use super::interp::Ctx;
use super::prog::Prog;
use super::state::{ActionInPlay, BaseInPlay, GameState, Lasting, MinionInPlay, PlayerId, Uid};

/// Where a card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loc {
    /// In a player's hand.
    Hand(PlayerId),
    /// In a player's deck.
    Deck(PlayerId),
    /// In a player's discard pile.
    Discard(PlayerId),
    /// A base in play (index into `bases`).
    Base(usize),
    /// A minion: base index, minion index.
    Minion(usize, usize),
    /// An action on a base: base index, action index.
    OnBase(usize, usize),
    /// An action on a minion: base, minion, action index.
    OnMinion(usize, usize, usize),
    /// Stored face down under a card in play (a minion or an action): the host.
    Stored(Uid),
    /// In stasis, in front of its owner (face up, in play but on no base).
    Stasis(PlayerId),
    /// Anywhere else (base deck, base discard, box, set aside, resolving).
    Elsewhere,
}

/// A card in play whose abilities are live, and its context.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Source {
    /// The card.
    pub card: Uid,
    /// Its controller (for a base: nobody, given as the current player).
    pub controller: PlayerId,
    /// The base it is on (or is).
    pub base: Uid,
    /// The minion it is attached to.
    pub attached_to: Option<Uid>,
    /// True for a base card itself.
    pub is_base: bool,
}

impl GameState {
    /// The definition of a physical card.
    pub fn def(&self, card: Uid) -> Def {
        self.cards[card.0 as usize].def.def()
    }

    /// The owner of a faction card.
    pub fn owner(&self, card: Uid) -> PlayerId {
        self.cards[card.0 as usize].owner.unwrap_or(PlayerId(0))
    }

    /// Where a card is, searching the whole table (what [`Self::locate`] answers
    /// through the table of zones: [`super::whereabouts`]).
    pub(super) fn search_for(&self, card: Uid) -> Loc {
        for (b, base) in self.bases.iter().enumerate() {
            if base.card == card {
                return Loc::Base(b);
            }
            for (m, minion) in base.minions.iter().enumerate() {
                if minion.card == card {
                    return Loc::Minion(b, m);
                }
                if let Some(a) = minion.attached.iter().position(|a| a.card == card) {
                    return Loc::OnMinion(b, m, a);
                }
            }
            if let Some(a) = base.actions.iter().position(|a| a.card == card) {
                return Loc::OnBase(b, a);
            }
        }
        if let Some(owner) = self.cards[card.0 as usize].owner {
            let p = &self.players[owner.ix()];
            if p.hand.contains(&card) {
                return Loc::Hand(owner);
            }
            if p.discard.contains(&card) {
                return Loc::Discard(owner);
            }
            if p.deck.contains(&card) {
                return Loc::Deck(owner);
            }
            if p.stasis.iter().any(|&(c, _)| c == card) {
                return Loc::Stasis(owner);
            }
        }
        // Last, as it is rare: stored under a card.
        self.stored_host(card).map_or(Loc::Elsewhere, Loc::Stored)
    }

    /// The card a card is stored under: a minion or an action in play, or a card off
    /// the table kept by its own owner, who may not be the stored card's (a Demon Dogs
    /// another player played off the top).
    fn stored_host(&self, card: Uid) -> Option<Uid> {
        for base in &self.bases {
            for minion in &base.minions {
                if minion.stored.contains(&card) {
                    return Some(minion.card);
                }
                if let Some(a) = minion.attached.iter().find(|a| a.stored.contains(&card)) {
                    return Some(a.card);
                }
            }
            if let Some(a) = base.actions.iter().find(|a| a.stored.contains(&card)) {
                return Some(a.card);
            }
        }
        self.players.iter().find_map(|p| {
            p.stored_off_table
                .iter()
                .find(|(_, s)| s.contains(&card))
                .map(|&(host, _)| host)
        })
    }

    /// True for a minion, or an action on a base or a minion: a faction card on the
    /// table (a card chosen earlier may have left it since).
    pub fn on_table(&self, card: Uid) -> bool {
        matches!(
            self.locate(card),
            Loc::Minion(..) | Loc::OnBase(..) | Loc::OnMinion(..)
        )
    }

    /// The cards stored under a card in play (none for any other card).
    pub fn stored_under(&self, host: Uid) -> Vec<Uid> {
        match self.locate(host) {
            Loc::Minion(b, m) => self.bases[b].minions[m].stored.clone(),
            Loc::OnBase(b, a) => self.bases[b].actions[a].stored.clone(),
            Loc::OnMinion(b, m, a) => self.bases[b].minions[m].attached[a].stored.clone(),
            // Under a card in stasis, or one resolving as it is played from there.
            _ => self
                .players
                .iter()
                .flat_map(|p| &p.stored_off_table)
                .find(|(h, _)| *h == host)
                .map(|(_, s)| s.clone())
                .unwrap_or_default(),
        }
    }

    /// The minion record of a minion in play.
    pub fn minion(&self, card: Uid) -> Option<&MinionInPlay> {
        match self.locate(card) {
            Loc::Minion(b, m) => Some(&self.bases[b].minions[m]),
            _ => None,
        }
    }

    /// The record of an action in play.
    pub fn action(&self, card: Uid) -> Option<&ActionInPlay> {
        match self.locate(card) {
            Loc::OnBase(b, a) => Some(&self.bases[b].actions[a]),
            Loc::OnMinion(b, m, a) => Some(&self.bases[b].minions[m].attached[a]),
            _ => None,
        }
    }

    /// The base card a card in play is on (a base is on itself).
    pub fn base_of(&self, card: Uid) -> Option<Uid> {
        self.base_at(self.locate(card))
    }

    /// [`Self::base_of`] for a card already found at `loc`.
    pub(super) fn base_at(&self, loc: Loc) -> Option<Uid> {
        match loc {
            Loc::Base(b) | Loc::Minion(b, _) | Loc::OnBase(b, _) | Loc::OnMinion(b, _, _) => {
                Some(self.bases[b].card)
            }
            _ => None,
        }
    }

    /// The index of a base in play.
    pub fn base_index(&self, base: Uid) -> Option<usize> {
        self.bases.iter().position(|b| b.card == base)
    }

    /// The controller of a card in play (its owner otherwise).
    pub fn controller(&self, card: Uid) -> PlayerId {
        self.controller_at(card, self.locate(card))
    }

    /// [`Self::controller`] of a card already found at `loc`.
    pub(super) fn controller_at(&self, card: Uid, loc: Loc) -> PlayerId {
        match loc {
            Loc::Minion(b, m) => self.bases[b].minions[m].controller,
            Loc::OnBase(b, a) => self.bases[b].actions[a].controller,
            Loc::OnMinion(b, m, a) => self.bases[b].minions[m].attached[a].controller,
            _ => self.owner(card),
        }
    }

    /// True while an action on this base makes everyone ignore its ability.
    pub fn base_ignored_by_all(&self, base: Uid) -> bool {
        self.base_index(base)
            .is_some_and(|b| self.ignored_by_all_at(&self.bases[b]))
    }

    /// [`Self::base_ignored_by_all`] for a base in play.
    pub(super) fn ignored_by_all_at(&self, base: &BaseInPlay) -> bool {
        base.actions.iter().any(|a| {
            self.cards[a.card.0 as usize].def.has_statics()
                && self
                    .def(a.card)
                    .abilities()
                    .iter()
                    .any(|ab| matches!(ab.statics, Some(Static::IgnoreBase { everyone: true })))
        })
    }

    /// True when `player` ignores this base's ability (for everyone, or Infiltrate for them).
    /// A base that has just left play (after scoring) is ignored by whoever ignored it
    /// as it left.
    pub fn base_ignored_by(&self, base: Uid, player: PlayerId) -> bool {
        if self.base_index(base).is_none() {
            return self.left_play_ignored.contains(&(base, player));
        }
        self.base_ignored_by_all(base) || self.may_ignore_base(base, player)
    }

    /// True when `player` may ignore this base's ability through a card of theirs
    /// still in play (Infiltrate: its Ongoing ability lasts only while it is in play).
    pub fn may_ignore_base(&self, base: Uid, player: PlayerId) -> bool {
        self.ignoring
            .iter()
            .any(|i| i.base == base && i.player == player && self.on_table(i.by))
    }

    /// Why a base's ability did nothing for `player`, who ignores it: everyone does
    /// (Jammed Signal), or only they do (Infiltrate).
    pub(super) fn ignored_reason(&self, base: Uid, player: PlayerId) -> super::events::Unmet {
        let everyone =
            (0..self.players.len()).all(|i| self.base_ignored_by(base, PlayerId(i as u8)));
        super::events::Unmet::Ignored((!everyone).then_some(player))
    }

    /// How a base's triggered ability reaches `player`: not at all when everyone
    /// ignores it (Jammed Signal); as a choice when the player "may ignore" it
    /// (Infiltrate), asked each time it would apply unless the ability is already
    /// the player's to decline; otherwise as it is.
    pub fn base_effect_for(&self, base: Uid, player: PlayerId, effect: Prog) -> Option<Prog> {
        if self.base_index(base).is_none() {
            return (!self.left_play_ignored.contains(&(base, player))).then_some(effect);
        }
        if self.base_ignored_by_all(base) {
            return None;
        }
        if self.may_ignore_base(base, player) && !super::window::effect_is_optional(effect.get()) {
            return Some(Prog::owned(super::effect::Effect::May(Box::new(
                effect.into_effect(),
            ))));
        }
        Some(effect)
    }

    /// The printed power of a card (0 for actions and bases).
    pub fn printed_power(&self, card: Uid) -> i32 {
        self.def(card)
            .card()
            .and_then(|c| c.power())
            .map_or(0, |p| p as i32)
    }

    /// A minion's current power: printed, counters, lasting changes and Ongoing
    /// abilities in play, never below zero.
    pub fn power(&self, card: Uid) -> i32 {
        self.power_from(card, true)
    }

    /// How much of a minion's power comes from the Ongoing abilities of `source` in
    /// play now (0 for a minion not in play): what narration says as such a card
    /// comes into play or leaves it ("Hissy Fit: -1 power for 2 minions").
    pub fn power_given_by(&self, minion: Uid, source: Uid) -> i32 {
        let Loc::Minion(b, i) = self.locate(minion) else {
            return 0;
        };
        self.power_at(b, i, None, true) - self.power_at(b, i, Some(source), true)
    }

    /// [`Self::power`]; with `others_penalties` false, power changes below zero from other players'
    /// cards are left out: the power a protection keyed to power looks at (Beautiful
    /// Castle: "can't" beats "can", so such a penalty cannot take the protection away).
    fn power_from(&self, card: Uid, others_penalties: bool) -> i32 {
        let Loc::Minion(b, i) = self.locate(card) else {
            return self.printed_power(card);
        };
        self.power_at(b, i, None, others_penalties)
    }

    /// [`Self::power`] of the minion at base index `b`, minion index `i` (already
    /// found: filters and listings read many minions in a row).
    pub(super) fn power_of_minion_at(&self, b: usize, i: usize) -> i32 {
        self.power_at(b, i, None, true)
    }

    /// [`Self::power_from`] for the minion at base index `b`, minion index `i`, from
    /// the Ongoing statics in play that change power, but those of `leave_out` (for
    /// [`Self::power_given_by`]).
    fn power_at(&self, b: usize, i: usize, leave_out: Option<Uid>, others_penalties: bool) -> i32 {
        self.power_with(&self.power_reads(b, leave_out), b, i, others_penalties)
    }

    /// What the power of any minion at base index `b` reads beyond the minion itself,
    /// found once for all of them: the Ongoing statics that may reach a minion there
    /// ([`Self::power_statics_at`]), but those of `leave_out`, and whether any lasting
    /// effect changes power.
    pub(super) fn power_reads(&self, b: usize, leave_out: Option<Uid>) -> PowerReads<'_> {
        PowerReads {
            statics: self.power_statics_at(b),
            leave_out,
            lasting: self.lasting.iter().any(|l| changes_power(&l.what)),
        }
    }

    /// [`Self::power_at`] with what it reads already found ([`Self::power_reads`] of
    /// base index `b`).
    fn power_with(&self, reads: &PowerReads, b: usize, i: usize, others_penalties: bool) -> i32 {
        let minion = &self.bases[b].minions[i];
        let (card, here) = (minion.card, self.bases[b].card);
        let printed = self.printed_power(card);
        // Saturating: no number in play can wrap round to a wrong power.
        let mut total = printed.saturating_add(i32::try_from(minion.counters).unwrap_or(i32::MAX));
        if reads.lasting {
            total = self.lasting_power(total, b, i, others_penalties);
        }
        let statics = reads.statics.clone();
        let statics = statics.filter(|(src, _)| Some(src.card) != reads.leave_out);
        for (src, st) in statics {
            // Most are for the source, its minion or its base: passed over at once.
            if !may_change(&src, st, card, here) {
                continue;
            }
            let ctx = Ctx::for_source(&src);
            let n = match st {
                Static::Power { to, amount }
                    if !self.stopped.contains(&(card, src.card))
                        && self.minion_matches_at(to, b, i, &ctx) =>
                {
                    self.amount(amount, &ctx)
                }
                Static::AttachedPower(amount) if src.attached_to == Some(card) => {
                    self.amount(amount, &ctx)
                }
                // Its own starting power raised (Lovey Bear): the difference.
                Static::StartingPowerAtLeast(amount) if src.card == card => {
                    (self.amount(amount, &ctx) - printed).max(0)
                }
                _ => continue,
            };
            if self.change_applies(card, minion.controller, &src, n, others_penalties) {
                total = total.saturating_add(n);
            }
        }
        total.max(0)
    }

    /// `total` with the lasting changes to the power of the minion at base index `b`,
    /// minion index `i` added ([`Self::power_from`] says what `others_penalties`
    /// leaves out).
    fn lasting_power(&self, mut total: i32, b: usize, i: usize, others_penalties: bool) -> i32 {
        let minion = &self.bases[b].minions[i];
        let card = minion.card;
        for l in &self.lasting {
            match l.what {
                Lasting::Power { minion: m, amount } if m == card => {
                    total = total.saturating_add(amount)
                }
                Lasting::PowerHere {
                    minion: m,
                    amount,
                    base,
                } if m == card && self.bases[b].card == base => {
                    total = total.saturating_add(amount)
                }
                // Another player's penalty: stopped as one from an Ongoing ability
                // of theirs would be (Beautiful Castle), or left out (see above).
                Lasting::OthersPowerWhereAction {
                    player,
                    ref action,
                    amount,
                    by,
                } if minion.controller != player
                    && self.bases[b].actions.iter().any(|a| {
                        a.controller == player && self.def(a.card).name() == action.as_str()
                    })
                    && (amount >= 0
                        || !self.penalty_stopped(
                            card,
                            minion.controller,
                            &Source {
                                card: by,
                                controller: player,
                                base: self.bases[b].card,
                                attached_to: None,
                                is_base: false,
                            },
                            others_penalties,
                        )) =>
                {
                    total = total.saturating_add(amount)
                }
                _ => {}
            }
        }
        total
    }

    /// True when a continuing power change of `n` from `src` reaches this minion: not
    /// when a protection stops it (Smoke Bomb, Beautiful Castle), and not a penalty
    /// from a base its controller may ignore (Infiltrate: nobody would choose to lose
    /// a bonus).
    fn change_applies(
        &self,
        card: Uid,
        controller: PlayerId,
        src: &Source,
        n: i32,
        others_penalties: bool,
    ) -> bool {
        if self.protected_from_continuing(card, controller, src) {
            return false;
        }
        if n >= 0 {
            return true;
        }
        let ignored = src.is_base && self.may_ignore_base(src.base, controller);
        !ignored && !self.penalty_stopped(card, controller, src, others_penalties)
    }

    /// True when a power penalty from another player's card does not apply: left out
    /// on purpose (see [`Self::power_from`]), or stopped by a protection keyed to the
    /// minion's power, measured without such penalties (Beautiful Castle).
    fn penalty_stopped(
        &self,
        card: Uid,
        controller: PlayerId,
        src: &Source,
        others_penalties: bool,
    ) -> bool {
        if src.is_base || src.controller == controller {
            return false;
        }
        if !others_penalties {
            return true;
        }
        // Only a card that shields minions can (one of [`Self::any_shield`]'s).
        if !self.any_shield() {
            return false;
        }
        self.statics().any(|(shield, st)| match st {
            Static::ShieldFromOthersCards(f)
                if !(shield.is_base && self.may_ignore_base(shield.base, controller)) =>
            {
                let ctx = Ctx::for_source(&shield);
                let mut place = f.clone();
                let least = place.power_at_least.take();
                if place.power_at_most.is_some() || place.power_below.is_some() {
                    return false;
                }
                self.minion_matches(&place, card, &ctx)
                    && least.is_none_or(|a| self.power_from(card, false) >= self.amount(&a, &ctx))
            }
            _ => false,
        })
    }

    /// True when a continuing power change from another player's action no longer
    /// affects this minion, because the minion cannot be affected by other players'
    /// actions (Smoke Bomb, Wildlife Preserve): a power change affects (rulebook,
    /// "Affect"), also one already in force when the protection arrived.
    fn protected_from_continuing(&self, card: Uid, controller: PlayerId, src: &Source) -> bool {
        if src.is_base
            || src.controller == controller
            || self.def(src.card).card().is_none_or(|c| c.is_minion())
        {
            return false;
        }
        // Without a shield in play, only a one-use shield's note can (asked alone).
        let ctx = Ctx::for_source(src);
        if self.any_shield() {
            return self.shielded_from(card, &ctx, false);
        }
        let stopped = self.shielded_given(card, &ctx, false);
        // In the unit tests, the full test agrees.
        #[cfg(test)]
        assert_eq!(stopped, self.shielded_from(card, &ctx, false));
        stopped
    }

    /// A player's total power on a base.
    pub fn player_power(&self, base: Uid, player: PlayerId) -> i32 {
        self.sum_power(base, Some(player))
    }

    /// The total power of every minion on a base.
    pub fn base_power(&self, base: Uid) -> i32 {
        self.sum_power(base, None)
    }

    /// Every base's total power and each player's total there, in table order: the
    /// numbers [`Self::base_power`] and [`Self::player_power`] give, with each
    /// minion's power read once (the search bot scores every playout with them).
    pub fn powers_by_base(&self) -> Vec<(i32, Vec<i32>)> {
        let players = self.players.len();
        let mut all = Vec::with_capacity(self.bases.len());
        for (b, base) in self.bases.iter().enumerate() {
            let (mut total, mut each) = (0i32, vec![0i32; players]);
            let reads = self.power_reads(b, None);
            for (i, m) in base.minions.iter().enumerate() {
                let power = self.power_with(&reads, b, i, true);
                total = total.saturating_add(power);
                // A player's own total leaves out a pinned minion (Pin), as above.
                if let Some(mine) = each.get_mut(m.controller.ix()) {
                    if !self.not_counted(m) {
                        *mine = mine.saturating_add(power);
                    }
                }
            }
            all.push((total, each));
        }
        all
    }

    /// The total power on a base, of one player's minions or of all.
    fn sum_power(&self, base: Uid, player: Option<PlayerId>) -> i32 {
        let Some(b) = self.base_index(base) else {
            return 0;
        };
        self.sum_power_at(b, player)
    }

    /// [`Self::sum_power`] at base index `b`.
    pub(super) fn sum_power_at(&self, b: usize, player: Option<PlayerId>) -> i32 {
        let reads = self.power_reads(b, None);
        self.bases[b]
            .minions
            .iter()
            .enumerate()
            .filter(|(_, m)| player.is_none_or(|p| m.controller == p))
            // A player's own total leaves out a pinned minion (Pin); the base's keeps it.
            .filter(|(_, m)| player.is_none() || !self.not_counted(m))
            .map(|(i, _)| self.power_with(&reads, b, i, true))
            .fold(0, i32::saturating_add)
    }

    /// The action on this minion in play that keeps it out of its controller's total
    /// power (Pin), if any.
    pub fn not_counted_by(&self, card: Uid) -> Option<Uid> {
        self.minion(card)?
            .attached
            .iter()
            .find(|a| self.has_static(a.card, &Static::AttachedNotCounted))
            .map(|a| a.card)
    }

    /// True when an action on this minion keeps it out of its controller's total (Pin).
    fn not_counted(&self, m: &MinionInPlay) -> bool {
        m.attached
            .iter()
            .any(|a| self.has_static(a.card, &Static::AttachedNotCounted))
    }

    /// A base's current breakpoint: printed, lasting changes, Ongoing changes; never below zero.
    pub fn breakpoint(&self, base: Uid) -> i32 {
        self.breakpoint_from(base, self.statics_on(base))
    }

    /// [`Self::breakpoint`] with the live Ongoing statics of the cards at that base
    /// already gathered.
    pub(super) fn breakpoint_from<'a>(
        &self,
        base: Uid,
        statics: impl Iterator<Item = (Source, &'a Static)>,
    ) -> i32 {
        let mut start = self.def(base).base().map_or(0, |b| b.breakpoint as i32);
        let mut bp = 0;
        for l in &self.lasting {
            if let Lasting::Breakpoint { base: b, amount } = l.what {
                if b == base {
                    bp = i32::saturating_add(bp, amount);
                }
            }
        }
        for (src, st) in statics {
            match st {
                Static::Breakpoint(amount) => {
                    bp = i32::saturating_add(bp, self.amount(amount, &Ctx::for_source(&src)))
                }
                // The starting breakpoint is set before the changes (Turn Up to 11).
                Static::StartingBreakpointAtLeast(n) => start = start.max(*n),
                _ => {}
            }
        }
        start.saturating_add(bp).max(0)
    }

    /// True when a card is a Microbot: its name says so (the reference: the cards named
    /// "Microbot ..."), or it is a minion in play whose controller has a
    /// [`Static::YourMinionsAreMicrobots`] card in play (Microbot Alpha).
    pub fn is_microbot(&self, card: Uid) -> bool {
        if self.def(card).name().starts_with("Microbot") {
            return true;
        }
        let Some(m) = self.minion(card) else {
            return false;
        };
        let controller = m.controller;
        self.statics().any(|(src, st)| {
            matches!(st, Static::YourMinionsAreMicrobots) && src.controller == controller
        })
    }
}

/// What the power of the minions at one base reads beyond each minion itself
/// ([`GameState::power_reads`]), found once for all of them.
pub(super) struct PowerReads<'a> {
    /// The Ongoing statics in play that may reach a minion there.
    pub(super) statics: Statics<'a>,
    /// A card whose statics are left out ([`GameState::power_given_by`]).
    leave_out: Option<Uid>,
    /// True when some lasting effect changes power (else none is walked).
    pub(super) lasting: bool,
}

/// True for a lasting effect that changes minions' power.
fn changes_power(l: &Lasting) -> bool {
    matches!(
        l,
        Lasting::Power { .. } | Lasting::PowerHere { .. } | Lasting::OthersPowerWhereAction { .. }
    )
}

/// False when an Ongoing static of `src` provably does not change the power of
/// minion `card` at base `base`: it changes no power at all; it is for the minion
/// the source is attached to, or its own starting power, and that is another card;
/// its filter names the source itself (`is: This`) and that is another card, or the
/// minions here and the source is at another base, or the minions elsewhere and
/// the source is at this base. True for anything else: the filter is then asked.
pub(super) fn may_change(src: &Source, st: &Static, card: Uid, base: Uid) -> bool {
    match st {
        Static::Power { to, .. } => match (&to.is, &to.on) {
            (Some(Target::This), _) => src.card == card,
            (_, BaseSel::Here) => src.base == base,
            (_, BaseSel::NotHere) => src.base != base,
            _ => true,
        },
        Static::AttachedPower(_) => src.attached_to == Some(card),
        Static::StartingPowerAtLeast(_) => src.card == card,
        _ => false,
    }
}

/// False when an Ongoing static of `src` provably changes the power of no minion at
/// base `base` ([`may_change`] false for every one of them): it changes no power at
/// all; it is for its own card (`is: This`), the minion it is attached to or its own
/// starting power, and its source is at another base; its filter names the minions
/// here and the source is at another base, or the minions elsewhere and the source is
/// at this base. Worked out as the live abilities are gathered
/// ([`super::in_play`]), so a minion's power walks only those that may reach it.
pub(super) fn may_reach_base(src: &Source, st: &Static, base: Uid) -> bool {
    match st {
        Static::Power { to, .. } => match (&to.is, &to.on) {
            (Some(Target::This), _) | (_, BaseSel::Here) => src.base == base,
            (_, BaseSel::NotHere) => src.base != base,
            _ => true,
        },
        Static::AttachedPower(_) => src.base == base && src.attached_to.is_some(),
        Static::StartingPowerAtLeast(_) => src.base == base,
        _ => false,
    }
}

/// The abilities in play waiting for a moment, with their cards
/// ([`GameState::waiting_for`]).
pub(super) type Waiting = smallvec::SmallVec<[(Source, &'static super::effect::Ability); 4]>;

fn s_abilities(state: &GameState, card: Uid) -> &'static [super::effect::Ability] {
    state.def(card).abilities()
}

impl GameState {
    /// The abilities in play that wait for one of these moments, with their cards:
    /// gathered before any is queued (queuing changes the state), and only those, on
    /// the stack (a few at most, as a rule), so that an event costs no allocation.
    /// Made where it is asked: most events find no card in play waiting for them
    /// (the gathered kinds of ability say so), and then cost a test, not a call.
    #[inline]
    pub(super) fn waiting_for(&self, kinds: &[Trigger]) -> Waiting {
        let mask = kinds.iter().fold(0, |bits, k| bits | k.bit());
        if !self.any_source_with(mask) {
            return Waiting::new();
        }
        self.waiting_with(mask)
    }

    /// [`Self::waiting_for`] the kinds of moment of this mask, some card in play
    /// having one: out of line, so that the test above stays small enough to be
    /// made where it is asked.
    #[inline(never)]
    fn waiting_with(&self, mask: u64) -> Waiting {
        let mut waiting = Waiting::new();
        for s in self.sources_with(mask) {
            for a in s_abilities(self, s.card) {
                if a.when.bit() & mask != 0 {
                    waiting.push((s, a));
                }
            }
        }
        waiting
    }
}

impl GameState {
    /// True when an action on this minion cancels its abilities (Cuddle).
    fn cancelled(&self, m: &MinionInPlay) -> bool {
        self.attachments_cancel(&m.attached)
    }

    /// True when one of these attached actions cancels the minion's abilities
    /// (Cuddle): also asked of a minion just taken off its base, whose attachments
    /// still say whether its abilities existed as it left.
    pub(super) fn attachments_cancel(&self, attached: &[ActionInPlay]) -> bool {
        attached.iter().any(|a| self.cancels(a.card))
    }

    /// True when this action, attached to a minion, cancels that minion's abilities.
    pub(super) fn cancels(&self, action: Uid) -> bool {
        self.has_static(action, &Static::CancelAttached)
    }

    /// True when a card's printed abilities include this Ongoing static (one without
    /// parameters: Cuddle, Pin, Sleeping Beauty).
    pub(super) fn has_static(&self, card: Uid, st: &Static) -> bool {
        self.def(card)
            .abilities()
            .iter()
            .any(|ab| ab.statics.as_ref() == Some(st))
    }

    /// A card's abilities as they are now: none for a minion in play whose abilities
    /// are cancelled (Cuddle), its printed ones otherwise.
    pub fn live_abilities(&self, card: Uid) -> &'static [super::effect::Ability] {
        match self.minion(card) {
            Some(m) if self.cancelled(m) => &[],
            _ => self.def(card).abilities(),
        }
    }
}
