//! Playing cards: which plays are left and which one a card uses, where a card may
//! go, what forbids a play (Mark of Sleep, Overrun, Ice Castle, Magic Ward, Eliza's
//! cap on extra cards), the main question and its Specials and Talents, and extra
//! plays offered now or never.

use super::decision::{Ask, Choice, Decision, Pending, PlayTo, Resume};
use super::defs::{defs, PLAY_RULE};
use super::effect::{Static, Trigger};
use super::fits::{card_fit, covers, fits_card, kind_fit, kind_playable, KindFit, PlayKind};
use super::interp::Ctx;
use super::state::{Allowance, GameState, Lasting, Phase, PlayerId, Uid};
use crate::cards::model::Card;
use smallvec::SmallVec;
use std::cell::OnceCell;

// Named from here by interp.rs's choices, as before the aims moved to their module.
pub(super) use super::aims::aims_at_minions;

impl GameState {
    /// Counts a card played with one of the turn's normal plays: every other card a
    /// player plays is an extra card (Eliza).
    pub(super) fn note_normal_play(&mut self, player: PlayerId, used: &Allowance) {
        if used.normal {
            if let Some(n) = self.turn.cards_played.get_mut(player.ix()) {
                n.1 += 1;
            }
        }
    }

    /// True when `player` may play no more extra cards this turn: another player's
    /// card caps them (Eliza) and they have played that many already.
    pub(super) fn extra_cards_capped(&self, player: PlayerId) -> bool {
        let extra = self
            .turn
            .cards_played
            .get(player.ix())
            .map_or(0, |&(all, normal)| all.saturating_sub(normal));
        if extra == 0 {
            // Nothing to cap yet (no limit is below one card): no need to look.
            return false;
        }
        self.statics().any(|(src, st)| match st {
            Static::OthersExtraCardsAtMost(n) => {
                !src.is_base && src.controller != player && extra >= *n
            }
            _ => false,
        })
    }

    /// True when `player` cannot play actions now: a lasting ban, or Mark of Sleep's
    /// ban on this turn of theirs.
    pub fn actions_forbidden(&self, player: PlayerId) -> bool {
        self.lasting.iter().any(|l| match l.what {
            Lasting::NoActions { player: p } => p == player,
            Lasting::NoActionsOnTurn { player: p, turn } => {
                p == player && self.turn.player == player && self.turn.number == turn
            }
            _ => false,
        })
    }

    /// True when nothing at the base forbids `player` to play this minion there
    /// (Overrun, Block the Path); whether a play is left is [`Self::allowance_for`]'s job.
    pub(super) fn may_play_minion_on(&self, player: PlayerId, card: Uid, base: Uid) -> bool {
        let Some(at) = self.base_index(base) else {
            return false;
        };
        self.minion_allowed(&self.play_rules(player), at, player, card)
    }

    /// What the cards at the base with index `at` forbid `player` to play there, read
    /// in one pass over its statics.
    fn base_rules(&self, player: PlayerId, at: usize) -> BaseRules {
        self.base_rules_and_picnics(player, at, &mut Vec::new())
    }

    /// [`Self::base_rules`], with the picnics against `player` there added to
    /// `picnics` (see [`Self::note_play_rule`]).
    fn base_rules_and_picnics(
        &self,
        player: PlayerId,
        at: usize,
        picnics: &mut Vec<(Uid, u32)>,
    ) -> BaseRules {
        let mut rules = BaseRules::default();
        for (src, st) in self.statics_at(at) {
            self.note_play_rule(&mut rules, picnics, player, &src, st);
        }
        rules
    }

    /// What one static at the base of `rules` (the static's own base) forbids
    /// `player` there, added to `rules`; a picnic against `player` (another player's
    /// action there that keeps `player`'s small minions to it: Bear Picnic, with the
    /// most printed power kept) added to `picnics`.
    #[inline]
    fn note_play_rule(
        &self,
        rules: &mut BaseRules,
        picnics: &mut Vec<(Uid, u32)>,
        player: PlayerId,
        src: &super::board::Source,
        st: &Static,
    ) {
        match st {
            // A player who may ignore the base (Infiltrate) ignores its ban (Ice Castle).
            Static::NoMinionsHere(sel) => {
                rules.no_minions |= !(src.is_base && self.may_ignore_base(src.base, player))
                    && self.is_player(sel, &Ctx::for_source(src), player)
            }
            Static::NoNamedFactionHere => rules.bans = true,
            Static::NoOthersActionsHere => rules.warded |= src.controller != player,
            Static::MinionsFromDiscardHere => rules.discard_plays |= src.controller == player,
            // Only an action on the base has it (Bear Picnic).
            Static::OthersSmallMinionsOnlyHere(n)
                if src.controller != player && !src.is_base && src.attached_to.is_none() =>
            {
                picnics.push((src.base, *n))
            }
            _ => {}
        }
    }

    /// What every base forbids `player`, and the picnics against them: the rules of a
    /// whole listing of plays, read once (nothing changes while options are listed),
    /// in one pass over the statics in play (table order, base by base: the picnics
    /// come in the order of their bases, as base by base), and not at all when no
    /// card in play has a static that forbids or allows a play ([`PLAY_RULE`]).
    fn play_rules(&self, player: PlayerId) -> PlayRules {
        let mut rules = PlayRules {
            bases: smallvec::smallvec![BaseRules::default(); self.bases.len()],
            picnics: Vec::new(),
            open_to_minions: true,
        };
        if self.any_source_with(PLAY_RULE) {
            self.note_play_rules(player, &mut rules);
        }
        // In debug builds, the rules are checked against the bases read one by one.
        #[cfg(debug_assertions)]
        {
            let mut each = Vec::new();
            for (at, base) in rules.bases.iter().enumerate() {
                assert_eq!(*base, self.base_rules_and_picnics(player, at, &mut each));
            }
            assert_eq!(each, rules.picnics, "picnics read in one pass");
        }
        rules
    }

    /// [`Self::play_rules`]'s pass over the statics in play that are such rules,
    /// noted in `rules`.
    #[inline(never)]
    fn note_play_rules(&self, player: PlayerId, rules: &mut PlayRules) {
        for (src, st) in self.play_rule_statics() {
            if let Some(at) = self.base_index(src.base) {
                self.note_play_rule(&mut rules.bases[at], &mut rules.picnics, player, &src, st);
            }
        }
        rules.open_to_minions =
            rules.picnics.is_empty() && rules.bases.iter().all(|r| !r.no_minions && !r.bans);
    }

    /// True when `player` may play this minion at the base with index `at` under
    /// these rules: no ban there, and no other player's card keeping it to another
    /// base.
    #[inline]
    fn minion_allowed(&self, rules: &PlayRules, at: usize, player: PlayerId, card: Uid) -> bool {
        let here = rules.bases[at];
        if here.no_minions {
            return false;
        }
        if here.bans && self.faction_banned(at, card) {
            return false;
        }
        rules.picnics.is_empty()
            || !self.picnic_elsewhere(&rules.picnics, player, card, self.bases[at].card)
    }

    /// True when a card at the base with index `at` bans the faction of `card`'s
    /// minions there (Block the Path: the faction its player named). Out of line,
    /// as [`Self::picnic_elsewhere`]: a base seldom has such a card, and the test of
    /// a minion's place stays small enough to be made where the places are listed.
    #[inline(never)]
    fn faction_banned(&self, at: usize, card: Uid) -> bool {
        let faction = self.def(card).card().map(|c| c.faction.as_str());
        self.statics_at(at).any(|(src, st)| {
            matches!(st, Static::NoNamedFactionHere)
                && self.action(src.card).and_then(|a| a.named.as_deref()) == faction
                && faction.is_some()
        })
    }

    /// True when nothing forbids `player` to play this card onto this base now: a
    /// minion as [`Self::may_play_minion_on`] says; an action played on a base unless
    /// actions are forbidden or the base is warded (a stored action played on a given
    /// base: Ancient Sumerian God).
    pub(super) fn may_play_card_on(&self, player: PlayerId, card: Uid, base: Uid) -> bool {
        use crate::cards::model::{Kind, PlayTarget};
        match self.def(card).card().map(|c| &c.kind) {
            Some(Kind::Minion { .. }) => self.may_play_minion_on(player, card, base),
            Some(Kind::Action {
                play: PlayTarget::OnBase,
            }) => {
                self.base_index(base).is_some()
                    && !self.actions_forbidden(player)
                    && !self.warded_against(player, base)
            }
            _ => false,
        }
    }

    /// True when another player's card keeps this small minion of `player`'s own to
    /// its base, and `base` is another one (Bear Picnic, printed: by ownership and
    /// printed power; a minion `player` does not own is free).
    #[inline(never)]
    fn picnic_elsewhere(
        &self,
        picnics: &[(Uid, u32)],
        player: PlayerId,
        card: Uid,
        base: Uid,
    ) -> bool {
        if self.cards[card.0 as usize].owner != Some(player) {
            return false;
        }
        let power = self.printed_power(card);
        picnics.iter().any(|&(b, n)| b != base && power <= n as i32)
    }

    /// The plays left that `card` could use on `to` (indices into `allowances`).
    pub(super) fn fitting_allowances<'a>(
        &'a self,
        allowances: &'a [Allowance],
        player: PlayerId,
        card: Uid,
        to: Option<PlayTo>,
        from_discard: bool,
    ) -> impl Iterator<Item = usize> + 'a {
        let discard_plays = from_discard && self.discard_plays_allowed(player, to);
        self.allowances_fitting(allowances, player, card, to, from_discard, discard_plays)
    }

    /// [`Self::fitting_allowances`], where `discard_plays` says, for a card from the
    /// discard pile, whether [`Self::discard_plays_allowed`].
    fn allowances_fitting<'a>(
        &'a self,
        allowances: &'a [Allowance],
        player: PlayerId,
        card: Uid,
        to: Option<PlayTo>,
        from_discard: bool,
        discard_plays: bool,
    ) -> impl Iterator<Item = usize> + 'a {
        let c = self.def(card).card();
        let is_minion = c.is_some_and(|c| c.is_minion());
        // A minion from the discard pile may also use a play meant for the hand where
        // a card says so (They're Coming To Get You).
        let any_play_from_discard = from_discard && is_minion && discard_plays;
        allowances
            .iter()
            .enumerate()
            .filter(move |(_, a)| {
                c.is_some_and(|c| fits_card(a, c, from_discard, any_play_from_discard))
            })
            .filter(move |(_, a)| self.fits_target(a, player, card, is_minion, to))
            .map(|(i, _)| i)
    }

    /// The tests of play `a` that depend on where `card` goes: onto another player's
    /// minion, a minion it must affect, one base only, a base with or without a
    /// minion of `player`'s (always true for a play [`target_free`]).
    fn fits_target(
        &self,
        a: &Allowance,
        player: PlayerId,
        card: Uid,
        is_minion: bool,
        to: Option<PlayTo>,
    ) -> bool {
        let onto_others = || match to {
            Some(PlayTo::Minion(m)) => self.minion(m).is_some_and(|m| m.controller != player),
            _ => false,
        };
        let affects = |x| match to {
            Some(PlayTo::Minion(m)) => m == x,
            _ => !is_minion && self.may_aim_at(card, player, x),
        };
        let only_on = match (a.only_on, to) {
            (Some(only), Some(PlayTo::Base(b))) => only == b,
            (Some(_), _) => false,
            (None, _) => true,
        };
        let mine_there = || match to {
            Some(PlayTo::Base(b)) => self
                .base_index(b)
                .is_some_and(|i| self.bases[i].minions.iter().any(|m| m.controller == player)),
            _ => false,
        };
        (!a.onto_others_minion || onto_others())
            && a.must_affect.is_none_or(affects)
            && only_on
            && (!a.only_where_no_minion || !mine_there())
            && (!a.only_where_minion || mine_there())
    }

    /// The plays left between which `player` must choose to play `card` on `to`:
    /// none when it cannot be played, one when the choice cannot matter. A play that
    /// allows everything another fitting play allows is kept for later (so the free
    /// normal play is kept when an extra one fits); plays that differ, neither
    /// allowing all the other does (Enshrouding Mist's "this base only" against
    /// Zapbot's "power 2 or less"), are the player's choice.
    pub(super) fn allowance_choices(
        &self,
        allowances: &[Allowance],
        player: PlayerId,
        card: Uid,
        to: Option<PlayTo>,
        from_discard: bool,
    ) -> SmallVec<[usize; 4]> {
        let capped = self.extra_cards_capped(player);
        let fits: SmallVec<[usize; 4]> = self
            .fitting_allowances(allowances, player, card, to, from_discard)
            .filter(|&i| !capped || allowances[i].normal)
            .collect();
        if fits.len() <= 1 {
            return fits;
        }
        let mut out: SmallVec<[usize; 4]> = SmallVec::new();
        for &i in &fits {
            let a = &allowances[i];
            let looser = fits
                .iter()
                .any(|&j| covers(a, &allowances[j]) && !covers(&allowances[j], a));
            if looser {
                continue;
            }
            // Of plays that allow the same, use an extra one and keep the normal one.
            match out.iter().position(|&k| covers(&allowances[k], a)) {
                Some(k) if allowances[out[k]].normal && !a.normal => out[k] = i,
                Some(_) => {}
                None => out.push(i),
            }
        }
        out
    }

    /// True when `player`, in their own Play Cards phase, may play a minion from their
    /// discard pile onto `to` with any of their minion plays, because a card of theirs
    /// there says so ([`Static::MinionsFromDiscardHere`]).
    pub(super) fn discard_plays_allowed(&self, player: PlayerId, to: Option<PlayTo>) -> bool {
        self.discard_plays_under(player, to, |at| self.base_rules(player, at))
    }

    /// [`Self::discard_plays_allowed`], under the rules that `rules_at` gives of the
    /// base with index `at` (a listing's, read once for all its cards and places).
    fn discard_plays_under(
        &self,
        player: PlayerId,
        to: Option<PlayTo>,
        rules_at: impl FnOnce(usize) -> BaseRules,
    ) -> bool {
        let Some(PlayTo::Base(base)) = to else {
            return false;
        };
        self.discard_plays_now(player)
            && self
                .base_index(base)
                .is_some_and(|at| rules_at(at).discard_plays)
    }

    /// True in `player`'s own Play Cards phase, when a card of theirs may let them
    /// play minions from their discard pile ([`Self::discard_plays_allowed`]).
    fn discard_plays_now(&self, player: PlayerId) -> bool {
        self.turn.player == player && self.turn.phase == Phase::PlayCards
    }

    /// Where a card can be played: the targets its kind allows.
    pub(super) fn targets_for(&self, player: PlayerId, card: Uid) -> Vec<Option<PlayTo>> {
        let mut out = Vec::new();
        if let Some(c) = self.def(card).card() {
            self.targets_into(player, card, c, &OnceCell::new(), &mut |to| out.push(to));
        }
        out
    }

    /// [`Self::targets_for`] of `card`, whose definition is `c`, each given to `out`
    /// in turn, under the rules of `player`'s plays read the first time a card needs
    /// them (see [`Self::play_rules`]).
    fn targets_into(
        &self,
        player: PlayerId,
        card: Uid,
        c: &Card,
        rules: &OnceCell<PlayRules>,
        out: &mut impl FnMut(Option<PlayTo>),
    ) {
        use crate::cards::model::{Kind, MinionOwner, PlayTarget};
        let rules = || rules.get_or_init(|| self.play_rules(player));
        match c.kind {
            Kind::Action {
                play: PlayTarget::Standard | PlayTarget::IntoStasis,
            } => out(None),
            Kind::Minion { .. } => {
                let rules = rules();
                for (at, base) in self.bases.iter().enumerate() {
                    if rules.open_to_minions || self.minion_allowed(rules, at, player, card) {
                        out(Some(PlayTo::Base(base.card)));
                    }
                }
            }
            Kind::Action {
                play: PlayTarget::OnBase,
            } => {
                for (base, r) in self.bases.iter().zip(&rules().bases) {
                    if !r.warded {
                        out(Some(PlayTo::Base(base.card)));
                    }
                }
            }
            Kind::Action {
                play:
                    PlayTarget::OnMinion {
                        whose,
                        max_power,
                        with_your_action,
                    },
            } => {
                let ctx = Ctx::new(card, player, None);
                let shields = self.shields_in_play();
                // A warded base's minions are out whoever they are: asked once a base.
                let open = self
                    .bases
                    .iter()
                    .zip(&rules().bases)
                    .enumerate()
                    .filter(|(_, (_, r))| !r.warded);
                for (b, (base, _)) in open {
                    for (i, m) in base.minions.iter().enumerate() {
                        let fits = match whose {
                            MinionOwner::Any => true,
                            MinionOwner::Own => m.controller == player,
                            MinionOwner::Others => m.controller != player,
                        } && (!with_your_action
                            || m.attached.iter().any(|a| a.controller == player))
                            && max_power.is_none_or(|p| self.power_of_minion_at(b, i) <= p as i32)
                            && !self.minion_shielded_given(m.card, m.controller, &ctx, shields);
                        if fits {
                            out(Some(PlayTo::Minion(m.card)));
                        }
                    }
                }
            }
        }
    }

    /// True when another player's card forbids `player` to play actions onto this
    /// base or its minions (Magic Ward).
    pub(super) fn warded_against(&self, player: PlayerId, base: Uid) -> bool {
        self.base_index(base)
            .is_some_and(|at| self.base_rules(player, at).warded)
    }

    /// Where `player` could play this specific card now as an extra play, wherever it
    /// is (no places: it cannot be played, e.g. an action while actions are forbidden,
    /// or a card played only through its Special).
    pub(super) fn extra_play_targets(&self, player: PlayerId, card: Uid) -> Vec<Option<PlayTo>> {
        let mut out = Vec::new();
        self.extra_targets_into(player, card, &mut |to| out.push(to));
        out
    }

    /// [`Self::extra_play_targets`], each given to `out` in turn.
    fn extra_targets_into(
        &self,
        player: PlayerId,
        card: Uid,
        out: &mut impl FnMut(Option<PlayTo>),
    ) {
        let Some(c) = self.def(card).card() else {
            return;
        };
        if self.extra_cards_capped(player) || !kind_playable(c, self.actions_forbidden(player)) {
            return;
        }
        self.targets_into(player, card, c, &OnceCell::new(), out);
    }

    /// False for a card that cannot be played now whatever the target: an action
    /// while `no_actions` (Mark of Sleep), or a card played only through its Special.
    pub(super) fn may_play_kind(&self, card: Uid, no_actions: bool) -> bool {
        self.def(card)
            .card()
            .is_some_and(|def| kind_playable(def, no_actions))
    }

    /// True when `player` could play this specific card now as an extra play.
    pub fn can_play_extra(&self, player: PlayerId, card: Uid) -> bool {
        let mut any = false;
        self.extra_targets_into(player, card, &mut |_| any = true);
        any
    }

    /// Every legal play of `player` now under these allowances, added to `options`:
    /// the hand's cards in order, then the discard pile's when some play may come
    /// from it. What the bases forbid is read once for all the cards.
    fn play_options(&self, player: PlayerId, allowances: &[Allowance], options: &mut Vec<Choice>) {
        let capped;
        let allowances = if self.extra_cards_capped(player) {
            capped = allowances
                .iter()
                .filter(|a| a.normal)
                .cloned()
                .collect::<Vec<_>>();
            capped.as_slice()
        } else {
            allowances
        };
        if allowances.is_empty() {
            return;
        }
        let listing = Listing {
            player,
            allowances,
            no_actions: self.actions_forbidden(player),
            rules: OnceCell::new(),
        };
        let p = &self.players[player.ix()];
        self.zone_plays(&listing, &p.hand, false, options);
        // The discard pile only matters when some play may come from it: one meant
        // for it, or a minion play a card of the player's lets them make from it.
        let from_discard = allowances.iter().any(|a| a.from_discard)
            || (allowances.iter().any(|a| a.fits_kind(true))
                && self.discard_plays_now(player)
                && listing.discard_plays_somewhere(self));
        if from_discard {
            self.zone_plays(&listing, &p.discard, true, options);
        }
    }

    /// The plays of one listing for the cards of one zone in order (the hand, or the
    /// discard pile when `from_discard`), added to `options`. A card whose places are
    /// worked out card by card ([`Plan::Places`], [`Plan::ByCard`]) goes, when a copy
    /// of it came before in the zone ([`Self::twin`]), where that copy goes: its
    /// places are not worked out again. Any other card is listed by its kind alone.
    fn zone_plays<'a>(
        &'a self,
        listing: &Listing<'a>,
        zone: &[Uid],
        from_discard: bool,
        options: &mut Vec<Choice>,
    ) {
        let start = options.len();
        // How the plays left fit an action and a minion of this zone, and so what is
        // done with a card of each kind, worked out once.
        let fits = [false, true].map(|minion| kind_fit(listing.allowances, minion, from_discard));
        let plans = PlayKind::ALL.map(|kind| self.plan(listing, kind, fits[kind_is_minion(kind)]));
        let kinds = &defs().plays;
        // One bit per definition (its number modulo 64) of the cards before whose
        // places were worked out card by card: such a card whose bit is clear has no
        // copy before it, and is not compared with them.
        let mut seen = 0u64;
        for (i, &card) in zone.iter().enumerate() {
            let def = self.cards[card.0 as usize].def.0;
            let kind = kinds[def as usize];
            // In debug builds, the kind and its fit are checked against the card's own.
            #[cfg(debug_assertions)]
            self.check_kind(
                listing,
                card,
                kind,
                fits[kind_is_minion(kind)],
                from_discard,
            );
            let mut plan = plans[kind as usize];
            if matches!(plan, Plan::Places { .. } | Plan::ByCard) {
                let bit = 1u64 << (def % 64);
                let twin = if seen & bit != 0 {
                    self.twin(card, &zone[..i])
                } else {
                    None
                };
                seen |= bit;
                if let Some(twin) = twin {
                    for k in start..options.len() {
                        if let Choice::Play { card: c, to } = options[k] {
                            if c == twin {
                                options.push(Choice::Play { card, to });
                            }
                        }
                    }
                    continue;
                }
                if plan == Plan::ByCard {
                    plan = self.card_plan(listing, card, kind, from_discard);
                }
            }
            match plan {
                Plan::Skip | Plan::ByCard => {}
                Plan::Alone => options.push(Choice::Play { card, to: None }),
                Plan::Everywhere => options.extend(self.bases.iter().map(|b| Choice::Play {
                    card,
                    to: Some(PlayTo::Base(b.card)),
                })),
                Plan::Places { anywhere } => {
                    self.card_places(listing, card, anywhere, from_discard, options)
                }
            }
        }
    }

    /// An earlier card of the same zone that `card` plays exactly like: the same
    /// definition and owner. Nothing else about a card in a hand or a discard pile
    /// changes where it may go or which plays fit it, except a one-use shield's note
    /// of the very card it stopped ([`GameState::stopped`], or a card whose play is
    /// resolving): a card so noted has no twin.
    fn twin(&self, card: Uid, earlier: &[Uid]) -> Option<Uid> {
        let noted = |c: Uid| {
            self.stopped.iter().any(|&(_, s)| s == c) || self.playing.iter().any(|p| p.card == c)
        };
        let inst = self.cards[card.0 as usize];
        // Most cards have no copy before them: the notes are read only for one that has.
        let twin = earlier
            .iter()
            .copied()
            .find(|&c| self.cards[c.0 as usize] == inst && !noted(c))?;
        (!noted(card)).then_some(twin)
    }

    /// What a listing does with every card of one kind from one zone, which the plays
    /// left fit as `fit` says (see [`Plan`]).
    fn plan<'a>(&'a self, listing: &Listing<'a>, kind: PlayKind, fit: KindFit) -> Plan {
        let anywhere = match (kind, fit) {
            (PlayKind::Never, _) | (_, KindFit::None) => return Plan::Skip,
            // What `kind_playable` says of an action while actions are forbidden.
            (PlayKind::Alone | PlayKind::Placed, _) if listing.no_actions => return Plan::Skip,
            (_, KindFit::ByCard) => return Plan::ByCard,
            (_, KindFit::Places) => false,
            (_, KindFit::Anywhere) => true,
        };
        self.placed_plan(listing, kind, anywhere)
    }

    /// [`Self::plan`] for a card of a kind that may be played and some play left
    /// fits: one fitting it `anywhere` it goes, or only at some places.
    fn placed_plan<'a>(&'a self, listing: &Listing<'a>, kind: PlayKind, anywhere: bool) -> Plan {
        match kind {
            PlayKind::Alone if anywhere => Plan::Alone,
            PlayKind::Minion if anywhere && listing.open_to_minions(self) => Plan::Everywhere,
            _ => Plan::Places { anywhere },
        }
    }

    /// [`Plan::ByCard`] made [`Self::placed_plan`] by the plays left that fit this
    /// very card ([`card_fit`]), or [`Plan::Skip`] when none does.
    fn card_plan<'a>(
        &'a self,
        listing: &Listing<'a>,
        card: Uid,
        kind: PlayKind,
        from_discard: bool,
    ) -> Plan {
        let fit =
            (self.def(card).card()).and_then(|d| card_fit(listing.allowances, d, from_discard));
        match fit {
            Some(anywhere) => self.placed_plan(listing, kind, anywhere),
            None => Plan::Skip,
        }
    }

    /// The plays of one faction card whose places are worked out ([`Plan::Places`]),
    /// added to `options` in the order of its places: every place its kind allows
    /// when a play fitting it `anywhere` is left, else those some play left fits.
    fn card_places<'a>(
        &'a self,
        listing: &Listing<'a>,
        card: Uid,
        anywhere: bool,
        from_discard: bool,
        options: &mut Vec<Choice>,
    ) {
        let Some(def) = self.def(card).card() else {
            return;
        };
        self.targets_into(listing.player, card, def, &listing.rules, &mut |to| {
            if anywhere || self.some_play_fits(listing, card, to, from_discard) {
                options.push(Choice::Play { card, to });
            }
        });
    }

    /// True when one of the listing's plays left fits `card` on `to`
    /// ([`Self::fitting_allowances`]), whether a card lets the player play minions from
    /// their discard pile there read from the listing's rules (not from the base again
    /// for each card and place). Out of line, so that the loop over a card's places
    /// (most of them not tested: a play fits the card anywhere) stays small enough to
    /// take its push inline.
    #[inline(never)]
    fn some_play_fits<'a>(
        &'a self,
        listing: &Listing<'a>,
        card: Uid,
        to: Option<PlayTo>,
        from_discard: bool,
    ) -> bool {
        let player = listing.player;
        let discard_plays = from_discard
            && self.discard_plays_under(player, to, |at| listing.rules(self).bases[at]);
        self.allowances_fitting(
            listing.allowances,
            player,
            card,
            to,
            from_discard,
            discard_plays,
        )
        .next()
        .is_some()
    }

    /// Checks a card's kind ([`Defs::plays`](super::defs::Defs)) and the fit of the
    /// plays left for its kind against its own definition (debug builds).
    #[cfg(debug_assertions)]
    fn check_kind(
        &self,
        listing: &Listing<'_>,
        card: Uid,
        kind: PlayKind,
        fit: KindFit,
        from_discard: bool,
    ) {
        let Some(def) = self.def(card).card() else {
            assert_eq!(kind, PlayKind::Never, "play kind of {card:?}");
            return;
        };
        assert_eq!(
            kind,
            super::fits::play_kind_of(def),
            "play kind of {card:?}"
        );
        let own = card_fit(listing.allowances, def, from_discard);
        let of_kind = match fit {
            KindFit::None => Some(None),
            KindFit::Places => Some(Some(false)),
            KindFit::Anywhere => Some(Some(true)),
            KindFit::ByCard => None,
        };
        assert!(
            of_kind.is_none_or(|k| k == own),
            "plays left fit {card:?} otherwise"
        );
    }

    /// The options of the main decision for `player` now: every play, every usable
    /// Special or Talent, and ending the turn (public for the engine's benchmarks).
    pub fn main_options(&self, player: PlayerId) -> Vec<Choice> {
        let mut options = Vec::new();
        self.main_options_into(player, &mut options);
        options
    }

    /// [`Self::main_options`], added to `options`.
    fn main_options_into(&self, player: PlayerId, options: &mut Vec<Choice>) {
        // Room for each card in hand played at each base and a few more, so that the
        // list is not moved as it grows.
        options.reserve(self.players[player.ix()].hand.len() * self.bases.len() + 4);
        self.play_options(player, &self.turn.allowances, options);
        self.main_specials(player, options);
        self.stasis_options(player, options);
        options.push(Choice::EndTurn);
    }

    /// The main decision: every play, every usable Special or Talent, and ending. Its
    /// list is the last one kept, emptied ([`Self::keep_options`]).
    pub(super) fn ask_main(&mut self) {
        let player = self.turn.player;
        let mut options = std::mem::take(&mut self.spare_options);
        self.main_options_into(player, &mut options);
        self.pending = Some(Pending {
            decision: Decision {
                player,
                ask: Ask::Main,
                options,
            },
            resume: Resume::Main,
        });
    }

    /// Keeps an answered decision's list of options, emptied, for the next decision
    /// to fill instead of a new list: the lists of the main decision, a choice for an
    /// ability and an extra play offered now, which are made from the kept one (one
    /// list goes round between them; the others' are dropped).
    pub(super) fn keep_options(&mut self, decision: Decision) {
        if matches!(decision.ask, Ask::Main | Ask::Choose { .. } | Ask::ExtraNow) {
            let mut options = decision.options;
            options.clear();
            self.spare_options = options;
        }
    }

    /// Specials usable as a main-phase action (Ninja Acolyte), added to `out`.
    fn main_specials(&self, player: PlayerId, out: &mut Vec<Choice>) {
        self.in_play_specials(player, out);
        self.discard_specials(player, out);
    }

    /// [`Self::main_specials`] of the cards in play with a Talent or such a Special,
    /// kept apart from the others ([`Self::usable_sources`]).
    fn in_play_specials(&self, player: PlayerId, out: &mut Vec<Choice>) {
        for src in self.usable_sources() {
            // A base's Talent is the current player's (Cool Cats' Alley).
            if src.controller != player {
                continue;
            }
            for a in self.def(src.card).abilities() {
                let unused = match a.when {
                    Trigger::MainPhaseSpecial if !src.is_base => self.once_key_free(a),
                    // One Talent a turn per card; some are shared by every copy
                    // (Classic Rocker).
                    Trigger::Talent => !self.talent_used(src.card) && self.once_key_free(a),
                    _ => false,
                };
                if !unused {
                    continue;
                }
                // The card's own context, read from where the table walk found it.
                let mut ctx = Ctx::for_source(&src);
                if src.is_base {
                    // Nobody uses a base everyone ignores (Jammed Signal).
                    if self.base_ignored_by_all(src.card) {
                        continue;
                    }
                    ctx.you = player;
                }
                if self.leading_condition_holds(&a.effect, &ctx) {
                    out.push(Choice::Use {
                        card: src.card,
                        to: None,
                    });
                }
            }
        }
    }

    /// Specials used from the discard pile (Tenacious Z): the pile is walked only
    /// when a card the player owns has one, and only cards whose definition has
    /// one are read.
    fn discard_specials(&self, player: PlayerId, out: &mut Vec<Choice>) {
        let discard = &self.players[player.ix()].discard;
        let has_one = |&card: &Uid| self.waits_for(card, Trigger::FromDiscard);
        if !self.owns_card_with(player, Trigger::FromDiscard.bit()) {
            // In debug builds, a pile not walked is checked to hold no such card.
            debug_assert!(!discard.iter().any(has_one), "a Special in another's pile");
            return;
        }
        for card in discard {
            if !has_one(card) {
                continue;
            }
            let card = *card;
            for a in self.def(card).abilities() {
                if a.when == Trigger::FromDiscard
                    && self.once_key_free(a)
                    && self.special_condition_holds(a, card)
                {
                    out.push(Choice::Use { card, to: None });
                }
            }
        }
    }

    /// True unless the ability is once per turn and its key was used this turn.
    pub(super) fn once_key_free(&self, a: &super::effect::Ability) -> bool {
        a.once_per_turn
            .as_ref()
            .is_none_or(|k| !self.turn.used.contains(k))
    }

    /// [`Self::leading_condition_holds`] for a card's own ability, seen from the card.
    pub(super) fn special_condition_holds(&self, a: &super::effect::Ability, card: Uid) -> bool {
        self.leading_condition_holds(&a.effect, &self.ctx_of(card))
    }

    pub(super) fn offer_immediate(&mut self, player: PlayerId, allowance: Allowance) {
        if self.extra_cards_capped(player) {
            return;
        }
        let mut options = std::mem::take(&mut self.spare_options);
        self.play_options(player, std::slice::from_ref(&allowance), &mut options);
        if options.is_empty() {
            self.spare_options = options;
            return;
        }
        options.push(Choice::Pass);
        self.pending = Some(Pending {
            decision: Decision {
                player,
                ask: Ask::ExtraNow,
                options,
            },
            resume: Resume::ExtraNow {
                focus: allowance.must_affect,
                by: allowance.source,
            },
        });
    }
}

/// What a listing does with a card of one kind from one zone (see
/// [`GameState::plan`]), worked out once for the zone: a card is listed by it
/// without its definition being read, unless the plays left test each card.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Plan {
    /// No play: no play left fits the kind, or it cannot be played now.
    Skip,
    /// Played on its own, with a play fitting it anywhere: one option, no place.
    Alone,
    /// A minion with a play fitting it anywhere, where nothing forbids minions: one
    /// option for each base, in table order, as [`GameState::targets_into`] gives them.
    Everywhere,
    /// Its places worked out card by card ([`GameState::card_places`]); `anywhere`
    /// when a play left fits it wherever it goes, so that no place is checked
    /// against the plays.
    Places { anywhere: bool },
    /// A play left tests the card's printed power or name: its fit read card by card
    /// ([`GameState::card_plan`]).
    ByCard,
}

/// The index in a zone's fits ([`kind_fit`]: an action's, then a minion's) of a
/// card of this kind.
fn kind_is_minion(kind: PlayKind) -> usize {
    (kind == PlayKind::Minion) as usize
}

/// What one base forbids one player to play there (see [`GameState::play_rules`]):
/// a few bits, so that a listing's rules stay small on the stack.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct BaseRules {
    /// No minion of the player's may be played here (Overrun, Ice Castle).
    no_minions: bool,
    /// A card here bans some faction's minions (Block the Path): which ones is read
    /// when a minion asks ([`GameState::faction_banned`]).
    bans: bool,
    /// Another player's card forbids the player's actions here (Magic Ward).
    warded: bool,
    /// A card of the player's here lets them play minions here from their discard
    /// pile (in their own Play Cards phase: see [`GameState::discard_plays_now`]).
    discard_plays: bool,
}

/// True for a static that may forbid a play or allow one from the discard pile
/// ([`GameState::note_play_rule`]): most statics in play are not. A definition with
/// one has the [`PLAY_RULE`] bit among its kinds of ability.
pub(super) fn is_play_rule(st: &Static) -> bool {
    matches!(
        st,
        Static::NoMinionsHere(_)
            | Static::NoNamedFactionHere
            | Static::NoOthersActionsHere
            | Static::MinionsFromDiscardHere
            | Static::OthersSmallMinionsOnlyHere(_)
    )
}

/// What the bases forbid one player to play, read once for a listing of plays and
/// dropped with it (so it can never be out of date).
struct PlayRules {
    /// Each base's rules, by base index (kept on the stack: a table has at most a
    /// few bases).
    bases: SmallVec<[BaseRules; 8]>,
    /// Other players' cards keeping the player's small minions to a base (Bear
    /// Picnic): the base and the most printed power kept.
    picnics: Vec<(Uid, u32)>,
    /// Nothing above forbids any of the player's minions anywhere (no ban, no picnic):
    /// every minion may go to every base, with nothing to ask card by card.
    open_to_minions: bool,
}

/// One listing of a player's plays under some plays left (see
/// [`GameState::play_options`]): what it reads once for all the cards.
struct Listing<'a> {
    /// Whose plays.
    player: PlayerId,
    /// The plays left that the cards may use.
    allowances: &'a [Allowance],
    /// The player may play no actions now (Mark of Sleep).
    no_actions: bool,
    /// What the bases forbid the player, read the first time a card needs it.
    rules: OnceCell<PlayRules>,
}

impl<'a> Listing<'a> {
    /// What the bases forbid the listing's player (read now if not yet).
    fn rules(&self, game: &'a GameState) -> &PlayRules {
        self.rules.get_or_init(|| game.play_rules(self.player))
    }

    /// [`PlayRules::open_to_minions`], without reading the bases' rules while no card
    /// in play has a rule about plays ([`PLAY_RULE`]).
    fn open_to_minions(&self, game: &'a GameState) -> bool {
        !game.any_source_with(PLAY_RULE) || self.rules(game).open_to_minions
    }

    /// True when a card of the listing's player lets them play minions from their
    /// discard pile at some base ([`BaseRules::discard_plays`]); as
    /// [`Self::open_to_minions`], the bases' rules are read only when some card in
    /// play has a rule about plays.
    fn discard_plays_somewhere(&self, game: &'a GameState) -> bool {
        game.any_source_with(PLAY_RULE) && self.rules(game).bases.iter().any(|r| r.discard_plays)
    }
}
