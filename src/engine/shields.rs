//! Protections: what cannot be destroyed, what other players' actions cannot affect,
//! and the one-use shields that stop an ability and are destroyed instead. Every verb
//! that affects a minion asks here first.

use super::board::Loc;
use super::defs::PROTECTS;
use super::effect::{Static, Trigger};
use super::events::{Event, Zone};
use super::interp::{Ctx, Value};
use super::name;
use super::prog::Prog;
use super::state::{GameState, PlayerId, Uid};

impl GameState {
    /// True when an Ongoing ability says nothing can destroy this minion. Its own
    /// ability counts only while not cancelled (a Cuddled Warbot can be destroyed).
    pub(super) fn indestructible(&self, card: Uid) -> bool {
        self.indestructible_by(card).is_some()
    }

    /// The card whose Ongoing ability says nothing can destroy this one (the card
    /// itself: Warbot, Heirloom; or another: Pony Land, Ladybug).
    fn indestructible_by(&self, card: Uid) -> Option<Uid> {
        let own = self.cards[card.0 as usize].def.waits_for(PROTECTS)
            && self
                .live_abilities(card)
                .iter()
                .any(|a| matches!(a.statics, Some(Static::Indestructible)));
        if own {
            return Some(card);
        }
        if !self.protections_in_play() {
            return None;
        }
        self.minion(card)?;
        self.statics().find_map(|(src, st)| {
            let protects = match st {
                Static::CannotBeDestroyed(f) => {
                    self.minion_matches(f, card, &Ctx::for_source(&src))
                }
                Static::AttachedIndestructible => src.attached_to == Some(card),
                _ => false,
            };
            protects.then_some(src.card)
        })
    }

    /// Why choosing this minion for `ctx`'s ability (to destroy it when `destroying`)
    /// will do nothing to it, if it will not: the card that protects it and how. Such
    /// a minion can still be chosen ("You can play an action that destroys a minion
    /// even if ... the minion you choose is immune to destruction": Excellent Movies,
    /// Dudes!, "Additional Rules"), so a mandatory choice may fall on it.
    pub fn protection_against(&self, card: Uid, ctx: &Ctx, destroying: bool) -> Option<Protected> {
        if let Some(by) = self.shield_of(card, ctx, true) {
            let how = if by == card && self.stopped_for_source(card, ctx) {
                Protection::Stopped
            } else {
                Protection::NotAffected
            };
            return Some(Protected { by, how });
        }
        if !destroying {
            return None;
        }
        if let Some(by) = self.indestructible_by(card) {
            return Some(Protected {
                by,
                how: Protection::CannotBeDestroyed,
            });
        }
        self.guarded_from_destruction(card, ctx)
            .map(|by| Protected {
                by,
                how: Protection::NotDestroyedByOthers,
            })
    }

    /// True when a one-use shield has already stopped `ctx`'s source for this minion.
    fn stopped_for_source(&self, card: Uid, ctx: &Ctx) -> bool {
        self.stopped.contains(&(card, ctx.source))
            || self
                .playing
                .iter()
                .any(|p| p.card == ctx.source && p.stopped_for.contains(&card))
    }

    /// The card whose protection stops `ctx`'s destruction of this minion: another
    /// player's card cannot destroy it (Too Cute).
    pub(super) fn guarded_from_destruction(&self, card: Uid, ctx: &Ctx) -> Option<Uid> {
        let controller = self.minion(card)?.controller;
        if ctx.you == controller
            || self.def(ctx.source).card().is_none()
            || !self.protections_in_play()
        {
            return None;
        }
        self.statics().find_map(|(src, st)| match st {
            Static::NotDestroyedByOthers(f)
                if src.controller == controller
                    && self.minion_matches(f, card, &Ctx::for_source(&src)) =>
            {
                Some(src.card)
            }
            _ => None,
        })
    }

    /// True when `ctx`'s source is an action card: another player's action, for a
    /// minion whose controller is not `ctx`'s player.
    fn source_is_action(&self, ctx: &Ctx) -> bool {
        self.def(ctx.source).card().is_some_and(|c| !c.is_minion())
    }

    /// True when the minion cannot be affected by this source at all (Wildlife
    /// Preserve, Smoke Bomb): such minions are not offered as choices.
    pub(super) fn shielded(&self, card: Uid, ctx: &Ctx) -> bool {
        self.shielded_from(card, ctx, true)
    }

    /// [`Self::shielded`]; without `by_power`, protections that depend on the
    /// minion's power (Beautiful Castle) are left out, so that reading power can ask
    /// about the others without asking about itself.
    pub(super) fn shielded_from(&self, card: Uid, ctx: &Ctx, by_power: bool) -> bool {
        self.shield_of(card, ctx, by_power).is_some()
    }

    /// True when some card in play could keep a minion from another player's card
    /// ([`Self::shielded`]); without one, only a one-use shield's note of the very
    /// source can. Read once for many minions (those an action may be played on).
    pub(super) fn shields_in_play(&self) -> bool {
        self.statics().any(|(_, st)| shields_minions(st))
    }

    /// False when no card in play has a static that [`protects`] (the gathered
    /// kinds of ability say so), so that the walks of the statics for one need not
    /// be made: most of the time, no card in play protects anything. The debug
    /// builds check it against the walk.
    fn protections_in_play(&self) -> bool {
        let any = self.any_source_with(PROTECTS);
        debug_assert!(any || !self.statics().any(|(_, st)| protects(st)));
        any
    }

    /// [`Self::shielded`], told whether there are [`Self::shields_in_play`].
    pub(super) fn shielded_given(&self, card: Uid, ctx: &Ctx, shields: bool) -> bool {
        if shields {
            self.shielded(card, ctx)
        } else {
            self.stopped_for_source(card, ctx)
        }
    }

    /// [`Self::shielded_given`] for a minion in play whose controller is known, so
    /// that it is not looked for again (the minions an action may be played on).
    pub(super) fn minion_shielded_given(
        &self,
        card: Uid,
        controller: PlayerId,
        ctx: &Ctx,
        shields: bool,
    ) -> bool {
        self.stopped_for_source(card, ctx)
            || (shields && self.shield_of_minion(card, controller, ctx, true).is_some())
    }

    /// [`Self::shielded_from`], naming the card that protects the minion (the minion
    /// itself when a one-use shield already stopped this source for it).
    fn shield_of(&self, card: Uid, ctx: &Ctx, by_power: bool) -> Option<Uid> {
        if self.stopped_for_source(card, ctx) {
            return Some(card);
        }
        let controller = self.minion(card)?.controller;
        self.shield_of_minion(card, controller, ctx, by_power)
    }

    /// [`Self::shield_of`] for a minion in play that `controller` controls, once a
    /// one-use shield's note is known not to stop `ctx`'s source for it.
    fn shield_of_minion(
        &self,
        card: Uid,
        controller: PlayerId,
        ctx: &Ctx,
        by_power: bool,
    ) -> Option<Uid> {
        let source = self.def(ctx.source).card()?;
        // Only a card that shields minions can ([`Self::any_shield`]).
        if ctx.you == controller || !self.any_shield() {
            return None;
        }
        // Another player's card; an action of theirs ([`Self::source_is_action`]).
        let others_action = !source.is_minion();
        self.statics().find_map(|(src, st)| {
            let protects = match st {
                Static::AttachedShieldFromOthersActions => {
                    others_action && src.attached_to == Some(card)
                }
                Static::ShieldFromOthersActions(f) => {
                    others_action
                        && src.controller == controller
                        && self.minion_matches(f, card, &Ctx::for_source(&src))
                }
                // A player who may ignore the base (Infiltrate) loses its protection for
                // their own minions (reference, Beautiful Castle, fan FAQ).
                Static::ShieldFromOthersCards(f) => {
                    (by_power || !depends_on_power(f))
                        && !(src.is_base && self.may_ignore_base(src.base, controller))
                        && self.minion_matches(f, card, &Ctx::for_source(&src))
                }
                _ => false,
            };
            protects.then_some(src.card)
        })
    }

    /// Checks the one-use shields before an ability affects a minion: if one stops it,
    /// the shield is destroyed and true is returned. Also refuses shielded minions.
    pub(super) fn intercepted(&mut self, card: Uid, ctx: &Ctx) -> bool {
        // The minion is found once for every test below.
        let (controller, here) = match self.locate(card) {
            Loc::Minion(b, m) => (self.bases[b].minions[m].controller, self.bases[b].card),
            _ => return false,
        };
        let shielded = self.stopped_for_source(card, ctx)
            || self.shield_of_minion(card, controller, ctx, true).is_some();
        if shielded {
            self.events.push(Event::Prevented {
                card,
                by: ctx.source,
                stopped: Some(ctx.source),
            });
            return true;
        }
        if !self.protections_in_play() {
            self.note_affected_at(card, ctx.source, Some(here), controller);
            return false;
        }
        let others_action = self.source_is_action(ctx) && controller != ctx.you;
        // The shield, and for Hideout the base where the stopped action then has no
        // effect on any of the shield's controller's minions.
        let shield = self.statics().into_iter().find_map(|(src, st)| match st {
            Static::AttachedShieldOnce
                if src.attached_to == Some(card) && src.card != ctx.source =>
            {
                Some((src.card, None))
            }
            Static::ShieldOnceFromOthersActions
                if others_action && src.controller == controller && here == src.base =>
            {
                Some((src.card, Some(src.base)))
            }
            _ => None,
        });
        match shield {
            Some((shield, whole_base)) => {
                if let Some(b) = whole_base.and_then(|b| self.base_index(b)) {
                    let spared: Vec<(Uid, Uid)> = self.bases[b]
                        .minions
                        .iter()
                        .filter(|m| m.controller == controller)
                        .map(|m| (m.card, ctx.source))
                        .collect();
                    self.stopped.extend(spared);
                } else if let Some(p) = self.playing.iter_mut().find(|p| p.card == ctx.source) {
                    // Tooth and Claw stops the whole ability for this minion, not only
                    // the verb that met it (see `PlayInProgress::stopped_for`).
                    p.stopped_for.push(card);
                }
                self.use_shield(shield, card, ctx.you, ctx.source);
                true
            }
            None => {
                self.note_affected_at(card, ctx.source, Some(here), controller);
                false
            }
        }
    }

    /// A card being played has affected this minion: the minion's abilities waiting for
    /// that (Brownie) are queued, once per card, when another player plays the card.
    pub(super) fn note_affected(&mut self, minion: Uid, source: Uid) {
        if !self.playing.iter().any(|p| p.card == source) {
            return;
        }
        // The minion is found once for the tests below.
        let (base, controller) = match self.locate(minion) {
            Loc::Minion(b, m) => (
                Some(self.bases[b].card),
                self.bases[b].minions[m].controller,
            ),
            _ => (self.base_of(minion), self.controller(minion)),
        };
        self.note_affected_at(minion, source, base, controller);
    }

    /// [`Self::note_affected`] of a minion found on `base` (if in play) under
    /// `controller`'s control.
    fn note_affected_at(
        &mut self,
        minion: Uid,
        source: Uid,
        base: Option<Uid>,
        controller: PlayerId,
    ) {
        let Some(i) = self.playing.iter().position(|p| p.card == source) else {
            return;
        };
        let player = self.playing[i].player;
        // Directly affected (rulebook "Directly"), with the base it is on and its
        // controller now, before a move or its destruction takes it away (Bastion
        // Saint-Gervais).
        if !self.playing[i].directly.iter().any(|&(m, ..)| m == minion) {
            if let Some(base) = base {
                self.playing[i].directly.push((minion, base, controller));
            }
        }
        if controller == player || self.playing[i].affected.contains(&minion) {
            return;
        }
        // A minion already cancelled by another card (a Cuddled Brownie) has no
        // abilities; the card that cancels it now (Cuddle itself) affects it, and
        // finds them still there (Brownie clarification: cancelling affects).
        let cancelled_before = self.minion(minion).is_some_and(|m| {
            m.attached
                .iter()
                .any(|a| a.card != source && self.cancels(a.card))
        });
        let own: &[super::effect::Ability] = if cancelled_before {
            &[]
        } else {
            self.def(minion).abilities()
        };
        let waiting: Vec<Prog> = own
            .iter()
            .filter(|a| a.when == Trigger::AffectedByOthersPlay)
            .map(|a| Prog::Shared(&a.effect))
            .collect();
        if waiting.is_empty() {
            return;
        }
        self.playing[i].affected.push(minion);
        for effect in waiting {
            let mut ctx = self
                .ctx_of(minion)
                .with(name::PLAYER, Value::Player(player));
            ctx.subject = Some(source);
            self.trigger(Trigger::AffectedByOthersPlay, effect, ctx);
        }
    }

    /// A one-use shield stops what the ability of `stopped` would do to `card` and is
    /// destroyed instead.
    pub(super) fn use_shield(&mut self, shield: Uid, card: Uid, by: PlayerId, stopped: Uid) {
        let base = self.base_of(shield);
        let owner_ctl = self.controller(shield);
        self.leave_play(shield, Zone::Discard);
        self.events.push(Event::Prevented {
            card,
            by: shield,
            stopped: Some(stopped),
        });
        self.events.push(Event::ActionDestroyed {
            card: shield,
            by,
            source: Some(shield),
        });
        self.after_destroyed(shield, base, owner_ctl, true);
    }

    /// A card that has just come into play and whose Ongoing power ability starts to
    /// affect a minion guarded by Tooth and Claw... and Guns uses up that shield, and
    /// its ability is stopped for that minion from then on (reference open question 3:
    /// a power change is "affect", rulebook term). Abilities of the minion itself and of
    /// actions attached to it are not meant here (attaching is stopped on its own).
    pub(super) fn new_statics_meet_shields(&mut self, card: Uid, player: PlayerId) {
        if !self.cards[card.0 as usize].def.has_statics() || !self.protections_in_play() {
            return;
        }
        let shields: Vec<(Uid, Uid)> = self
            .statics()
            .filter_map(|(src, st)| match st {
                Static::AttachedShieldOnce => src.attached_to.map(|m| (src.card, m)),
                _ => None,
            })
            .collect();
        if shields.is_empty() {
            return;
        }
        let Some(src) = self.sources().find(|s| s.card == card) else {
            return;
        };
        let ctx = Ctx::for_source(&src);
        for (shield, minion) in shields {
            if minion == card || src.attached_to == Some(minion) {
                continue;
            }
            let reaches = self.def(card).abilities().iter().any(|a| match &a.statics {
                Some(Static::Power { to, amount }) => {
                    self.minion_matches(to, minion, &ctx) && self.amount(amount, &ctx) != 0
                }
                _ => false,
            });
            if reaches {
                self.stopped.push((minion, card));
                self.use_shield(shield, minion, player, card);
            }
        }
    }
}

/// What keeps a chosen minion from being affected (see
/// [`GameState::protection_against`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Protected {
    /// The card whose ability protects it (the minion itself for its own ability).
    pub by: Uid,
    /// How.
    pub how: Protection,
}

/// The kinds of protection that make a chosen minion unaffected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protection {
    /// Nothing can destroy it (Warbot, Heirloom, Pony Land).
    CannotBeDestroyed,
    /// Another player's cards cannot destroy it (Too Cute).
    NotDestroyedByOthers,
    /// Another player's cards or actions cannot affect it (Beautiful Castle, Smoke
    /// Bomb, Don't Mess With My Babies!).
    NotAffected,
    /// A one-use shield already stopped this ability for it (Tooth and Claw).
    Stopped,
}

/// True when a protection's filter looks at the minion's power (Beautiful Castle).
fn depends_on_power(f: &super::effect::MinionFilter) -> bool {
    f.power_at_least.is_some() || f.power_at_most.is_some() || f.power_below.is_some()
}

/// True for the statics that keep cards from being destroyed or stop an ability once:
/// those [`GameState::indestructible_by`], [`GameState::guarded_from_destruction`]
/// and the one-use shields' tests read ([`super::defs::PROTECTS`]).
pub(super) fn protects(st: &Static) -> bool {
    matches!(
        st,
        Static::Indestructible
            | Static::CannotBeDestroyed(_)
            | Static::AttachedIndestructible
            | Static::NotDestroyedByOthers(_)
            | Static::AttachedShieldOnce
            | Static::ShieldOnceFromOthersActions
    )
}

/// True for the statics [`GameState::shield_of`] reads: those that keep minions from
/// other players' actions or cards.
pub(super) fn shields_minions(st: &Static) -> bool {
    matches!(
        st,
        Static::AttachedShieldFromOthersActions
            | Static::ShieldFromOthersActions(_)
            | Static::ShieldFromOthersCards(_)
    )
}
