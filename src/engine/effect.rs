//! The effect language: how a card's abilities are written in its RON data.
//!
//! An [`Ability`] pairs a moment ([`Trigger`]) with a program ([`Effect`]). Programs
//! are trees of control forms (sequence, may, choose, for-each, if) around verbs
//! (destroy, move, return, draw, ...). Every change to the game goes through a verb,
//! so replacement effects ("instead"), triggers and narration always see it.
//! Continuous abilities (power bonuses, protections, play restrictions) are
//! [`Static`]s, read whenever power or legality is computed, never cached.

use serde::{Deserialize, Serialize};

/// One ability of a card or base.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    /// When it happens.
    pub when: Trigger,
    /// What it does (for [`Trigger::Static`], use `Nothing`).
    #[serde(default = "Effect::nothing")]
    pub effect: Effect,
    /// A continuous effect, for [`Trigger::Static`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub statics: Option<Static>,
    /// Once per turn for all copies sharing this key (e.g. "tenacious_z").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub once_per_turn: Option<String>,
}

/// The moment an ability happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// When the card is played (unlabelled abilities).
    OnPlay,
    /// Always on while in play: see [`Ability::statics`].
    Static,
    /// Special: as a base is about to score, from a minion in play anywhere.
    BeforeScoringInPlay,
    /// Special: as a base is about to score, played from the hand onto that base (a
    /// minion) or played as an action.
    BeforeScoringFromHand,
    /// Special: after the base this card is on scores, instead of going to the discard pile.
    AfterMyBaseScores,
    /// A base's ability right after it scores.
    AfterThisBaseScores,
    /// A base's ability while VP are awarded.
    WhenThisBaseScores,
    /// A base's ability after a new base replaces it.
    AfterThisBaseReplaced,
    /// Special: instead of this minion being destroyed.
    InsteadOfDestroyed,
    /// After this card is destroyed (it is in the discard pile).
    AfterDestroyed,
    /// After a minion here (on this base, or on the base this card is on) is destroyed.
    AfterMinionHereDestroyed,
    /// After any minion is played here.
    AfterMinionPlayedHere,
    /// After another player (not this card's controller) plays a minion here.
    AfterOthersMinionPlayedHere,
    /// At the start of its controller's turn.
    StartOfMyTurn,
    /// At the start of any player's turn (the ability's "you" is that player).
    StartOfEachTurn,
    /// At the end of every turn.
    EndOfEachTurn,
    /// Special, from the hand or in play: during your Play Cards phase, as an option
    /// of the main decision.
    MainPhaseSpecial,
    /// Special: play from the discard pile during your Play Cards phase.
    FromDiscard,
}

/// A continuous effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Static {
    /// Minions matching the filter get this much power.
    Power { to: MinionFilter, amount: Amount },
    /// The minion this action is attached to gets this much power.
    AttachedPower(Amount),
    /// This card's base's breakpoint changes by this much.
    Breakpoint(Amount),
    /// Nothing can destroy this minion.
    Indestructible,
    /// Other players' actions cannot affect the minions of this card's controller matched
    /// by the filter ("here" is this card's base).
    ShieldFromOthersActions(MinionFilter),
    /// The minion this is attached to cannot be affected by other players' actions.
    AttachedShieldFromOthersActions,
    /// The first ability that would affect the minion this is attached to is stopped,
    /// and this card is destroyed instead.
    AttachedShieldOnce,
    /// The first of another player's actions that would affect your minions here is
    /// stopped, and this card is destroyed instead.
    ShieldOnceFromOthersActions,
    /// This base's ability is ignored: by everyone, or only by this card's controller
    /// (until the start of their next turn when `until_my_turn`).
    IgnoreBase { everyone: bool },
    /// Players matching cannot play minions here.
    NoMinionsHere(PlayerSel),
    /// Minions of the faction named when this was played cannot be played here.
    NoNamedFactionHere,
    /// No minions at all can be played here.
    NoMinionsAtAll,
}

/// A program: control forms and verbs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Effect {
    /// Do nothing.
    Nothing,
    /// Each in order; later ones run even if earlier ones could not.
    Seq(Vec<Effect>),
    /// Ask the ability's controller whether to do it.
    May(Box<Effect>),
    /// Choose something, bind it to `bind`, run `then`. No candidates: nothing happens.
    Choose(Box<Choose>),
    /// Run `body` once for every match, bound to `bind`, in table order.
    ForEach {
        each: Selector,
        bind: String,
        body: Box<Effect>,
    },
    /// Run `then` or `otherwise` by a condition.
    If {
        cond: Cond,
        then: Box<Effect>,
        #[serde(default = "Effect::boxed_nothing")]
        otherwise: Box<Effect>,
    },
    /// Bind a card or base named now (e.g. the base a minion is on) and run `then`.
    Bind {
        bind: String,
        value: Target,
        then: Box<Effect>,
    },
    /// Bind a number computed now (fixed from here on) and run `then`.
    Let {
        bind: String,
        value: Amount,
        then: Box<Effect>,
    },
    /// A program computed by a Rust hook (which never mutates or asks).
    Hook(String),

    /// Run `body` as each of these players in turn, from the current player round
    /// the table ("you" becomes that player): "the winner may ...", "each player ...".
    AsEach {
        players: PlayerSel,
        body: Box<Effect>,
    },

    // --- verbs ---
    /// Destroy a card in play.
    Destroy(Target),
    /// Return a card in play to its owner's hand.
    ReturnToHand(Target),
    /// Move a minion to a base.
    Move { what: Target, to: Target },
    /// Place a card (in play or in a discard pile) on the bottom of its owner's deck.
    PlaceOnDeckBottom(Target),
    /// Draw cards.
    Draw(Amount),
    /// Gain VP.
    GainVp { who: PlayerSel, amount: Amount },
    /// Gain an extra play.
    ExtraPlay(ExtraPlay),
    /// Play a specific card now, onto a base, as an extra play.
    PlayNow { card: Target, to: Target },
    /// A power change until the given moment.
    PowerUntil {
        what: Target,
        amount: Amount,
        until: Until,
    },
    /// A breakpoint change until the end of the turn.
    BreakpointThisTurn { base: Target, amount: Amount },
    /// The players discard cards: at random, or of their choice.
    Discard {
        who: PlayerSel,
        count: Amount,
        random: bool,
    },
    /// Discard the players' whole hands.
    DiscardHand(PlayerSel),
    /// Put a card from a hand or deck into its owner's discard pile.
    PutInDiscard(Target),
    /// Swap a base in play with one from the base deck (Terraforming, printed).
    SwapBase { old: Target, new: Target },
    /// Put a base of the base deck on top of it (it replaces the next scored base).
    PutBaseOnTop(Target),
    /// Remember the bound faction on this card (Block the Path).
    NameFaction(Target),
    /// "You" ignore this base's ability until the start of your next turn (Infiltrate).
    IgnoreBaseUntilMyTurn(Target),
    /// "You" look at the bound player's hand.
    LookAtHand(Target),
}

impl Effect {
    /// `Nothing`, for serde defaults.
    pub fn nothing() -> Effect {
        Effect::Nothing
    }

    fn boxed_nothing() -> Box<Effect> {
        Box::new(Effect::Nothing)
    }
}

/// A choice and what follows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choose {
    /// The candidates.
    pub from: Selector,
    /// The name later effects use for the choice.
    pub bind: String,
    /// True when the chooser may decline (the card says "may", "up to", "any number").
    #[serde(default)]
    pub optional: bool,
    /// Who chooses (default: the ability's controller).
    #[serde(default = "PlayerSel::you")]
    pub by: PlayerSel,
    /// How many distinct picks: once (default), up to N, or any number.
    #[serde(default, skip_serializing_if = "Times::is_once")]
    pub times: Times,
    /// What the choice is for, so the question can say so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purpose: Option<Purpose>,
    /// What happens with the choice.
    pub then: Effect,
}

/// How many picks a choice makes; each pick runs `then` before the next is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Times {
    /// One pick.
    #[default]
    Once,
    /// Up to this many picks (the chooser may stop early).
    UpTo(u32),
    /// As many as the chooser likes.
    AnyNumber,
}

impl Times {
    /// True for the default, single pick.
    pub fn is_once(&self) -> bool {
        *self == Times::Once
    }

    /// True when another pick may follow pick number `picked` (from 0).
    pub fn more_after(self, picked: u32) -> bool {
        match self {
            Times::Once => false,
            Times::UpTo(n) => picked + 1 < n,
            Times::AnyNumber => true,
        }
    }
}

/// Why something is being chosen; only used to word the question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purpose {
    Destroy,
    Move,
    MoveTo,
    Return,
    PlaceOnBottom,
    Play,
    PlayOn,
    Discard,
    Take,
    Target,
    Power,
    Name,
}

/// What a choice or a for-each ranges over.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Selector {
    /// Minions in play.
    Minions(MinionFilter),
    /// Bases in play.
    Bases(BaseFilter),
    /// Players.
    Players(PlayerSel),
    /// Factions in the game.
    Factions,
    /// Cards in a player's hand.
    Hand { of: PlayerSel, filter: CardFilter },
    /// Cards in a player's discard pile.
    DiscardPile { of: PlayerSel, filter: CardFilter },
    /// Actions in play, on bases or attached to minions.
    Actions(ActionFilter),
    /// Bases of the base deck.
    BaseDeck,
}

/// Which minions.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MinionFilter {
    /// On which base(s).
    pub on: BaseSel,
    /// Controlled by whom.
    pub controller: PlayerSel,
    /// Power at most this.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power_at_most: Option<Amount>,
    /// Power less than this.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power_below: Option<Amount>,
    /// Not this card (the source, or a bound one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub except: Option<Target>,
    /// Only this card (the source, or a bound one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is: Option<Target>,
    /// Of this faction (a bound faction or a faction id).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub faction: Option<Target>,
    /// With this exact card name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub named: Option<String>,
    /// Only Microbots.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub microbot: bool,
}

/// Which bases.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BaseFilter {
    /// Not this base.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub except: Option<Target>,
    /// Only bases where this player has a minion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with_minion_of: Option<PlayerSel>,
    /// Only bases where this player has no minion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub without_minion_of: Option<PlayerSel>,
}

/// Which cards in a hand or discard pile.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CardFilter {
    /// Only minions.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub minion: bool,
    /// Only actions.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub action: bool,
    /// Printed power at most this.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power_at_most: Option<u32>,
}

/// Which actions in play.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ActionFilter {
    /// Only those on this base (played on the base itself).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_base: Option<BaseSel>,
    /// Only those attached to this minion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_minion: Option<Target>,
    /// Not this card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub except: Option<Target>,
}

/// A base, relative to the ability.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub enum BaseSel {
    /// Any base in play.
    #[default]
    Any,
    /// The base the source card is on (or, for a base's ability, the base itself).
    Here,
    /// A bound base.
    Var(String),
    /// The base the bound minion is on.
    OfMinion(String),
    /// Any base but the one the source card is on.
    NotHere,
}

/// A player, relative to the ability.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub enum PlayerSel {
    /// Anyone.
    #[default]
    Any,
    /// The ability's controller.
    You,
    /// Everyone but the controller.
    Others,
    /// A bound player.
    Var(String),
    /// The owner of the bound card.
    OwnerOf(String),
    /// The controller of the bound minion.
    ControllerOf(String),
    /// The players who took this place (1, 2, 3) at the base being scored, ties included.
    Place(u8),
    /// Every player but the winners of the base being scored.
    NotWinners,
}

impl PlayerSel {
    /// `You`, for serde defaults.
    pub fn you() -> PlayerSel {
        PlayerSel::You
    }
}

/// One thing an effect acts on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Target {
    /// The card whose ability this is.
    This,
    /// The minion the source action is attached to.
    AttachedTo,
    /// The base the source is on.
    Here,
    /// A bound value.
    Var(String),
    /// The minion or card the trigger is about (the one played, destroyed, ...).
    Subject,
    /// The base being scored.
    ScoringBase,
    /// A faction by id.
    Faction(String),
    /// The base the bound minion is on.
    BaseOf(String),
}

/// A number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Amount {
    /// A fixed number.
    Const(i32),
    /// The current power of a minion.
    PowerOf(Target),
    /// A bound number.
    Var(String),
    /// How many things match.
    Count(Box<Selector>),
    /// `Count` times a factor.
    Times(Box<Amount>, i32),
    /// The amount while the condition holds, else 0.
    When(Box<Cond>, Box<Amount>),
    /// Computed by a Rust hook.
    Hook(String),
}

/// A condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Cond {
    /// Something matches.
    Exists(Selector),
    /// It is the turn of the ability's controller.
    MyTurn,
    /// The controller has played no minion yet in this turn's Play Cards phase.
    NoMinionPlayedThisTurn,
    /// The bound card is a minion.
    IsMinion(Target),
    /// The bound card is an action.
    IsAction(Target),
    /// A ≥ B.
    AtLeast(Amount, Amount),
    /// Both.
    And(Box<Cond>, Box<Cond>),
    /// Not.
    Not(Box<Cond>),
}

/// When a temporary change ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Until {
    /// The end of this turn.
    EndOfTurn,
    /// The end of the controller's turn (their next one, if played on another's turn).
    EndOfYourTurn,
}

/// An extra play and its restrictions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraPlay {
    /// Minion or action.
    pub minion: bool,
    /// Printed power at most.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power_at_most: Option<u32>,
    /// Only onto this base.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_on: Option<Target>,
    /// Only onto a base where you have no minion.
    #[serde(default)]
    pub only_where_no_minion_of_yours: bool,
    /// From the discard pile instead of the hand.
    #[serde(default)]
    pub from_discard: bool,
    /// Must be used at once or is lost (outside the Play Cards phase, or specific).
    #[serde(default)]
    pub now: bool,
}
