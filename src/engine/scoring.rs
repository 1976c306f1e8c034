//! Scoring a base, as "The Big Score" and "Me First!" say: the before-scoring round
//! of Specials, VP by place with ties, the "when" and "after" scoring abilities, then
//! the base cleared and replaced.

use super::board::Loc;
use super::decision::{Ask, Choice, Decision, Pending, PlayTo, Resume};
use super::effect::{Effect, Trigger};
use super::events::{Event, Zone};
use super::flow::Task;
use super::interp::Ctx;
use super::prog::Prog;
use super::state::{GameState, Lasting, PlayInProgress, PlayerId, Uid};

/// One player's place at a base as it would score now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placing {
    /// The player.
    pub player: PlayerId,
    /// Their power there.
    pub power: i32,
    /// Their place, from 1; tied players share one.
    pub place: u32,
    /// The VP that place gets by the base's printed values.
    pub vp: u32,
}

impl GameState {
    pub(super) fn score_base(&mut self, base: Uid) {
        self.events.push(Event::ScoringBase { base });
        self.stack.push(Task::ClearBase(base));
        // "After scoring" Specials of cards in play first, then those from hands.
        self.stack.push(Task::SpecialRound {
            base,
            next: self.turn.player,
            passes: 0,
            after: true,
        });
        self.stack.push(Task::AfterScoring(base));
        self.stack.push(Task::Award(base));
        self.stack.push(Task::SpecialRound {
            base,
            next: self.turn.player,
            passes: 0,
            after: false,
        });
        // The base's own "before scoring" ability comes with the Specials of cards in
        // play, before the round of Specials from hands (Palooza, Out in the Woods).
        self.queue_base_ability(base, Trigger::BeforeThisBaseScores, None);
        self.open_window();
    }

    /// The Specials from hand `player` may use just after `base` scored: actions
    /// whose leading condition holds there (Total Sellout: a minion of yours there).
    fn after_scoring_options(&self, player: PlayerId, base: Uid) -> Vec<Choice> {
        let when = Trigger::AfterScoringFromHand;
        if !self.owns_card_with(player, when.bit())
            || self.extra_cards_capped(player)
            || self.actions_forbidden(player)
        {
            return Vec::new();
        }
        let mut out = Vec::new();
        for &card in self.hand_waiting_for(player, when) {
            for a in self.def(card).abilities() {
                if a.when == when
                    && !self.used_key(a, player, base)
                    && self
                        .leading_condition_holds(&a.effect, &self.scoring_ctx(card, player, base))
                {
                    out.push(Choice::Use { card, to: None });
                }
            }
        }
        out
    }

    /// The cards in `player`'s hand whose definitions have an ability of kind `when`:
    /// most have none, and their abilities are not read.
    fn hand_waiting_for(&self, player: PlayerId, when: Trigger) -> impl Iterator<Item = &Uid> {
        let hand = self.players[player.ix()].hand.iter();
        hand.filter(move |&&card| self.waits_for(card, when))
    }

    /// The context of a Special used from `player`'s hand as `base` scores.
    fn scoring_ctx(&self, card: Uid, player: PlayerId, base: Uid) -> Ctx {
        let mut ctx = Ctx::new(card, player, Some(base));
        ctx.scoring = Some(base);
        ctx
    }

    /// The Specials `player` may use as `base` is about to score.
    pub(super) fn before_scoring_options(&self, player: PlayerId, base: Uid) -> Vec<Choice> {
        let mut out = Vec::new();
        let when = Trigger::BeforeScoringFromHand;
        // Only if the player owns such a Special (their owned kinds say so without a
        // walk), and a Special played from the hand is an extra card (Eliza's limit).
        let offered = self.owns_card_with(player, when.bit()) && !self.extra_cards_capped(player);
        let hand = offered.then(|| self.hand_waiting_for(player, when));
        for &card in hand.into_iter().flatten() {
            for a in self.def(card).abilities() {
                if a.when != when
                    || self.used_key(a, player, base)
                    || !self
                        .leading_condition_holds(&a.effect, &self.scoring_ctx(card, player, base))
                {
                    continue;
                }
                let is_minion = self.def(card).card().is_some_and(|c| c.is_minion());
                if is_minion {
                    if self.may_play_minion_on(player, card, base) {
                        out.push(Choice::Use {
                            card,
                            to: Some(PlayTo::Base(base)),
                        });
                    }
                } else if !self.actions_forbidden(player) {
                    out.push(Choice::Use { card, to: None });
                }
            }
        }
        let in_play = Trigger::BeforeScoringInPlay.bit() | Trigger::BeforeMyBaseScoresInPlay.bit();
        for src in self.sources_with(in_play) {
            if src.is_base || src.controller != player {
                continue;
            }
            for a in self.def(src.card).abilities() {
                // From elsewhere onto the base (Pirate King), or on it (Capa Roja).
                let from_here = match a.when {
                    Trigger::BeforeScoringInPlay => false,
                    Trigger::BeforeMyBaseScoresInPlay => true,
                    _ => continue,
                };
                let mut ctx = self.ctx_of(src.card);
                ctx.scoring = Some(base);
                if (src.base == base) == from_here
                    && !self.used_key(a, player, base)
                    && !self.turn.used.contains(&special_key(src.card, base))
                    && self.leading_condition_holds(&a.effect, &ctx)
                {
                    out.push(Choice::Use {
                        card: src.card,
                        to: None,
                    });
                }
            }
        }
        out
    }

    pub(super) fn used_key(&self, a: &super::effect::Ability, player: PlayerId, base: Uid) -> bool {
        a.once_per_turn.as_ref().is_some_and(|k| {
            self.turn
                .used
                .contains(&format!("{k}:{}:{}", player.0, base.0))
        })
    }

    pub(super) fn special_round(&mut self, base: Uid, next: PlayerId, passes: u8, after: bool) {
        let n = self.players.len() as u8;
        if passes >= n || self.base_index(base).is_none() {
            return;
        }
        let options = if after {
            self.after_scoring_options(next, base)
        } else {
            self.before_scoring_options(next, base)
        };
        let following = PlayerId((next.0 + 1) % n);
        if options.is_empty() {
            self.stack.push(Task::SpecialRound {
                base,
                next: following,
                passes: passes + 1,
                after,
            });
            return;
        }
        let mut options = options;
        options.push(Choice::Pass);
        self.pending = Some(Pending {
            decision: Decision {
                player: next,
                ask: if after {
                    Ask::AfterScoring { base }
                } else {
                    Ask::BeforeScoring { base }
                },
                options,
            },
            resume: Resume::BeforeScoring {
                base,
                passes,
                after,
            },
        });
    }

    /// The places at a base if it scored now, best first: each player with a minion
    /// there, by power; tied players share the best place they tie for and the places
    /// below a tie are skipped; each with the base's printed VP for that place (none
    /// past the third). A pure reading, for scoring and for anyone asking who would win.
    pub fn placings(&self, base: Uid) -> Vec<Placing> {
        let vp = self.def(base).base().map_or([0, 0, 0], |b| b.vp);
        let Some(b) = self.base_index(base) else {
            return Vec::new();
        };
        let mut powers: Vec<(PlayerId, i32)> = (0..self.players.len() as u8)
            .map(PlayerId)
            .filter(|&p| self.bases[b].minions.iter().any(|m| m.controller == p))
            .map(|p| (p, self.player_power(base, p)))
            .collect();
        powers.sort_by_key(|&(p, power)| (std::cmp::Reverse(power), p));
        powers
            .iter()
            .map(|&(player, power)| {
                let above = powers.iter().filter(|&&(_, x)| x > power).count();
                Placing {
                    player,
                    power,
                    place: above as u32 + 1,
                    vp: vp.get(above).copied().unwrap_or(0),
                }
            })
            .collect()
    }

    /// Ranks the players with a minion or power on the base, awards VP by place
    /// (ties share the best place; the places below a tie are skipped), then runs the
    /// base's "when scoring" ability.
    pub(super) fn award(&mut self, base: Uid) {
        if self.base_index(base).is_none() {
            return;
        }
        let ranks: Vec<(PlayerId, i32, u32, u32)> = self
            .placings(base)
            .iter()
            .map(|p| (p.player, p.power, p.place, p.vp))
            .collect();
        self.ranks = ranks
            .iter()
            .map(|&(p, power, place, _)| (p, power, place))
            .collect();
        self.events.push(Event::BaseScored {
            base,
            ranks: ranks
                .iter()
                .map(|&(p, power, _, points)| (p, power, points))
                .collect(),
        });
        for &(p, _, _, points) in &ranks {
            self.gain_vp(p, points, Some(base));
        }
        self.queue_base_ability(base, Trigger::WhenThisBaseScores, None);
        // Actions on the base that act as it scores (Happily Ever After).
        for src in self
            .sources_with(Trigger::WhenMyBaseScores.bit())
            .filter(|s| s.base == base && !s.is_base)
            .collect::<Vec<_>>()
        {
            for a in self.def(src.card).abilities() {
                if a.when == Trigger::WhenMyBaseScores && src.attached_to.is_none() {
                    let mut ctx = Ctx::for_source(&src);
                    ctx.scoring = Some(base);
                    self.trigger(a.when, Prog::Shared(&a.effect), ctx);
                }
            }
        }
        self.open_window();
    }

    pub(super) fn queue_base_ability(&mut self, base: Uid, when: Trigger, subject: Option<Uid>) {
        for a in self.def(base).abilities() {
            if a.when == when {
                let ctx = Ctx {
                    source: base,
                    you: self.turn.player,
                    here: Some(base),
                    subject,
                    scoring: Some(base),
                    vars: Default::default(),
                };
                self.trigger(when, Prog::Shared(&a.effect), ctx);
            }
        }
    }

    pub(super) fn after_scoring(&mut self, base: Uid) {
        self.queue_base_ability(base, Trigger::AfterThisBaseScores, None);
        let Some(b) = self.base_index(base) else {
            self.open_window();
            return;
        };
        let n = self.players.len();
        let mut minions: Vec<(usize, Uid)> = self.bases[b]
            .minions
            .iter()
            .map(|m| ((m.controller.ix() + n - self.turn.player.ix()) % n, m.card))
            .collect();
        // Only a minion whose definition has such an ability is asked for its live ones.
        minions.retain(|&(_, card)| self.waits_for(card, Trigger::AfterMyBaseScores));
        minions.sort_by_key(|&(seat, _)| seat);
        for (_, card) in minions {
            // A cancelled minion (Cuddle, still attached on the scored base) has none.
            for a in self.live_abilities(card) {
                if a.when == Trigger::AfterMyBaseScores {
                    let mut ctx = self.ctx_of(card);
                    ctx.scoring = Some(base);
                    // It acts only if still on the scored base when its turn comes (an
                    // earlier "after scoring" ability may have moved or destroyed it).
                    let still_here = super::effect::Cond::Exists(Box::new(
                        super::effect::Selector::Minions(super::effect::MinionFilter {
                            on: super::effect::BaseSel::Here,
                            is: Some(super::effect::Target::This),
                            ..Default::default()
                        }),
                    ));
                    let effect = Prog::owned(Effect::If {
                        cond: still_here,
                        then: Box::new(a.effect.clone()),
                        otherwise: Box::new(Effect::Nothing),
                    });
                    self.trigger(a.when, effect, ctx);
                }
            }
        }
        self.open_window();
    }

    /// Everything still on the scored base goes to its owners' discard piles (this is
    /// not destruction); the base goes to the base discard pile and the top of the base
    /// deck replaces it. Then what that triggered resolves.
    pub(super) fn clear_base(&mut self, base: Uid) {
        self.discard_and_replace(base, true);
        // Also with no base to take its place: cards that left with it may have
        // abilities waiting (Ancient Sumerian God).
        self.open_window();
    }

    /// [`Self::clear_base`] without opening the window of what it triggered (a base
    /// destroyed by a card: Nuke It From Orbit, whose resolution opens it). A base
    /// that did not score (`scored` false) has no "after it is scored and replaced"
    /// ability (Tortuga).
    pub(super) fn discard_and_replace(&mut self, base: Uid, scored: bool) {
        let Some(b) = self.base_index(base) else {
            return;
        };
        self.left_play_ignored = (0..self.players.len() as u8)
            .map(PlayerId)
            .filter(|&p| self.base_ignored_by(base, p))
            .map(|p| (base, p))
            .collect();
        let mut slot = std::mem::replace(
            &mut self.bases[b],
            super::state::BaseInPlay {
                card: base,
                minions: Vec::new(),
                actions: Vec::new(),
                played_here: Vec::new(),
            },
        );
        self.lifted_off(&slot.minions, &slot.actions);
        for m in slot.minions.drain(..) {
            let cancelled = self.attachments_cancel(&m.attached);
            for c in m.stored {
                self.put_in_zone(c, Zone::Discard);
            }
            for a in m.attached {
                self.action_left_with_base(a, base);
            }
            self.discard_from_play(m.card, cancelled);
        }
        for a in slot.actions.drain(..) {
            self.action_left_with_base(a, base);
        }
        self.lasting
            .retain(|l| !matches!(l.what, Lasting::Breakpoint { base: x, .. } if x == base));
        self.ignoring.retain(|i| i.base != base);
        self.base_discard.push(base);
        self.moved_to(base, super::whereabouts::Spot::Elsewhere);
        self.refill_base_deck();
        if self.base_deck.is_empty() {
            self.bases.remove(b);
            self.events.push(Event::BaseReplaced {
                old: base,
                new: None,
                by: None,
            });
            return;
        }
        let new = self.base_deck.remove(0);
        // The new base gets the old one's lists, emptied: their room serves the cards
        // played on it, as many as came to the old one, without growing them again.
        slot.played_here.clear();
        let placeholder = std::mem::replace(
            &mut self.bases[b],
            super::state::BaseInPlay { card: new, ..slot },
        );
        debug_assert!(placeholder.minions.is_empty() && placeholder.actions.is_empty());
        self.moved_to(new, super::whereabouts::Spot::Base);
        self.events.push(Event::BaseReplaced {
            old: base,
            new: Some(new),
            by: None,
        });
        if scored {
            self.queue_base_ability(base, Trigger::AfterThisBaseReplaced, Some(new));
        }
        // What waited for this replacement (Lost City), then Specials in hands.
        let now: Vec<_> = self
            .delayed
            .extract_if(.., |d| d.base == base && scored)
            .collect();
        for d in now {
            let mut ctx = d.ctx;
            ctx.subject = Some(new);
            ctx.here = Some(new);
            ctx.scoring = None;
            self.trigger(Trigger::AfterThisBaseReplaced, Prog::owned(d.effect), ctx);
        }
        self.base_entered(new);
    }

    /// Uses a "before scoring" Special (or, `after`, an "after scoring" one): plays a
    /// minion from hand onto the base, plays an action from hand, or runs a minion's
    /// ability in play.
    pub(super) fn use_scoring_special(
        &mut self,
        player: PlayerId,
        card: Uid,
        to: Option<PlayTo>,
        base: Uid,
        after: bool,
    ) {
        let Some(ability) = self.def(card).abilities().iter().find(|a| {
            if after {
                a.when == Trigger::AfterScoringFromHand
            } else {
                matches!(
                    a.when,
                    Trigger::BeforeScoringFromHand
                        | Trigger::BeforeScoringInPlay
                        | Trigger::BeforeMyBaseScoresInPlay
                )
            }
        }) else {
            return;
        };
        if let Some(k) = &ability.once_per_turn {
            self.turn.used.push(format!("{k}:{}:{}", player.0, base.0));
        }
        if matches!(
            ability.when,
            Trigger::BeforeScoringInPlay | Trigger::BeforeMyBaseScoresInPlay
        ) {
            self.turn.used.push(special_key(card, base));
        }
        self.events.push(Event::Used { player, card });
        let mut ctx = self.ctx_of(card);
        ctx.you = player;
        ctx.scoring = Some(base);
        match (ability.when, self.locate(card)) {
            (Trigger::BeforeScoringFromHand | Trigger::AfterScoringFromHand, Loc::Hand(_)) => {
                let is_minion = self.def(card).card().is_some_and(|c| c.is_minion());
                if is_minion {
                    self.play_card(player, card, to, Zone::Hand, None);
                } else {
                    // The action is played: its Special program replaces its on-play one.
                    self.take_out_of_zone(card);
                    self.events.push(Event::Played {
                        player,
                        card,
                        to: None,
                        from: Zone::Hand,
                        by: None,
                    });
                    ctx.here = Some(base);
                    // It is a card played (an extra one, for Eliza's limit), and the
                    // abilities waiting for an action played react (Woodland Helpers).
                    if let Some(n) = self.turn.cards_played.get_mut(player.ix()) {
                        n.0 += 1;
                    }
                    let first_action = self.no_action_played_yet(player);
                    self.turn.played_cards.push((player, card));
                    // Like any action played, it notes the minions it affects, so
                    // that they react (Brownie) and, once it has resolved, what
                    // waits for a minion directly affected does (Ringside, after
                    // Reversal takes a minion there).
                    self.playing.push(PlayInProgress {
                        card,
                        player,
                        affected: Vec::new(),
                        directly: Default::default(),
                        focus: None,
                        stopped_for: Vec::new(),
                        // A Special before or after scoring may be the player's first
                        // action in the turn (Eh?).
                        first_action,
                    });
                    self.stack.push(Task::FinishAction(card));
                    self.stack.push(Task::Flush);
                    self.stack.push(Task::PlayResolved(card));
                    self.stack
                        .push(Task::Ability(Prog::Shared(&ability.effect), ctx));
                    self.action_played(card, None, player);
                }
            }
            _ => self.push_resolution(Prog::Shared(&ability.effect), ctx),
        }
    }
}

/// The key of a card in play whose "when a base is about to score" Special was used
/// for this base: the Special answers that one moment once, even if the card is moved
/// away again before the base scores (Pirate King).
fn special_key(card: Uid, base: Uid) -> String {
    format!("special:{}:{}", card.0, base.0)
}
