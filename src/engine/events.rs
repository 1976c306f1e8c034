//! What happened, as typed events. The engine emits them; narration turns them into
//! sentences and the log numbers them. Hidden cards (a drawn card) are named in the
//! event; whoever shows events to a person decides who may see them.

use super::state::{Phase, PlayerId, Uid};
use serde::{Deserialize, Serialize};

/// Where a card went or came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    /// A player's hand.
    Hand,
    /// The top of a deck.
    DeckTop,
    /// The bottom of a deck.
    DeckBottom,
    /// A discard pile.
    Discard,
    /// A base (by base card).
    Base(Uid),
    /// Attached to a minion.
    Minion(Uid),
    /// Out of the game.
    Box,
    /// Stored face down under this card in play (rulebook "Stored Cards").
    Stored(Uid),
    /// Into stasis, in front of its owner (rulebook "Stasis").
    Stasis,
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A new turn began.
    TurnStarted { player: PlayerId, number: u32 },
    /// The turn moved to another phase.
    PhaseStarted { player: PlayerId, phase: Phase },
    /// A player took the opening mulligan: showed a hand with no minion, drew a new
    /// one and shuffled the old one into the deck.
    Mulligan { player: PlayerId },
    /// A card was played (from hand or elsewhere): as a play of the turn, or (`by`)
    /// through the ability of another card.
    Played {
        player: PlayerId,
        card: Uid,
        to: Option<Zone>,
        from: Zone,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A minion was destroyed by player `by`, through the ability of `source`.
    Destroyed {
        card: Uid,
        by: PlayerId,
        #[serde(default)]
        source: Option<Uid>,
    },
    /// An action in play was destroyed by player `by`, through the ability of `source`.
    ActionDestroyed {
        card: Uid,
        by: PlayerId,
        #[serde(default)]
        source: Option<Uid>,
    },
    /// A minion moved between bases, by the ability of `by`.
    Moved {
        card: Uid,
        from: Uid,
        to: Uid,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A card went back to its owner's hand, by the ability of `by`.
    Returned {
        card: Uid,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A card was placed in a zone (deck bottom, top, hand, discard) other than by the
    /// verbs above, by the ability of `by`.
    Placed {
        card: Uid,
        to: Zone,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A player drew cards, by the ability of `by` (none: the draw step, the deal).
    Drew {
        player: PlayerId,
        cards: Vec<Uid>,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A player discarded cards: from their hand, or (`from_deck`) off the top of
    /// their deck; by the ability of `by` (none: the hand limit).
    Discarded {
        player: PlayerId,
        cards: Vec<Uid>,
        #[serde(default)]
        by: Option<Uid>,
        #[serde(default)]
        from_deck: bool,
    },
    /// A card was revealed to everyone, by the ability of `by`.
    Revealed {
        player: PlayerId,
        card: Uid,
        by: Option<Uid>,
    },
    /// A player looked at another player's hand, by the ability of `by`.
    LookedAtHand {
        player: PlayerId,
        target: PlayerId,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A deck was shuffled by the ability of `by`; or (`from_discard`) an empty deck
    /// was made again from the discard pile, by the rules, while the ability of `by`
    /// (if any) needed a card from it.
    Shuffled {
        player: PlayerId,
        by: Option<Uid>,
        #[serde(default)]
        from_discard: bool,
    },
    /// A player gained VP; `by` is the card or base whose ability (or scoring) gave
    /// them, so narration can say the cause first.
    GainedVp {
        player: PlayerId,
        amount: u32,
        total: u32,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A minion's power changes for a while, by the ability of `by`.
    PowerChanged {
        card: Uid,
        amount: i32,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A base's breakpoint changes for the turn, by the ability of `by`.
    BreakpointChanged {
        base: Uid,
        amount: i32,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A player gained an extra play, by the ability of `by`.
    ExtraPlay {
        player: PlayerId,
        minion: bool,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A base is about to score.
    ScoringBase { base: Uid },
    /// VP awarded at a base: (player, power, VP) from first place down.
    BaseScored {
        base: Uid,
        ranks: Vec<(PlayerId, i32, u32)>,
    },
    /// A base left play and another took its place: after scoring or a destruction
    /// (`by` none), or swapped by the ability of `by` (Terraforming).
    BaseReplaced {
        old: Uid,
        new: Option<Uid>,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// An ability (of `stopped`) was stopped from affecting `card` by `by` (a shield,
    /// a protection, the card's own ability).
    Prevented {
        card: Uid,
        by: Uid,
        #[serde(default)]
        stopped: Option<Uid>,
    },
    /// The ability of `stopped` would destroy `card`, and an "instead" ability of `by`
    /// happens in its place (The House of Nine Lives, Buccaneer); `by` is none when
    /// several could, and the current player picks one.
    DestructionReplaced {
        card: Uid,
        by: Option<Uid>,
        stopped: Uid,
    },
    /// A faction was named, for the ability of `by`.
    Named {
        player: PlayerId,
        faction: String,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A player used a Special or Talent.
    Used { player: PlayerId, card: Uid },
    /// A player passed in a round of Specials.
    Passed { player: PlayerId },
    /// A minion changed controller: taken for a while by a card's ability (`by`), or
    /// given back when that ends (`by` is none).
    ControlChanged {
        card: Uid,
        player: PlayerId,
        by: Option<Uid>,
    },
    /// An action attached to one minion was transferred onto another.
    Transferred {
        card: Uid,
        from: Uid,
        to: Uid,
        /// The card whose ability transferred it.
        by: Option<Uid>,
    },
    /// A card in play was shuffled into its owner's deck: instead of the discard pile
    /// as it left play (Sleeping Beauty, `by` none), or by the ability of `by`.
    ShuffledIntoDeck {
        card: Uid,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A minion's +1 power counters changed by `amount` (negative: removed), to `total`.
    CountersChanged {
        card: Uid,
        amount: i32,
        total: u32,
        by: Option<Uid>,
    },
    /// The top base of the base deck came into play as an additional base (Idaho Smith).
    BaseAdded { base: Uid, by: Option<Uid> },
    /// A player put a base they looked at on the bottom of the base deck; which one
    /// is theirs to know (Glory Hound).
    BaseToBottom { player: PlayerId, by: Option<Uid> },
    /// A player put a base they looked at back on top of the base deck, in the order
    /// of their choice; which one is theirs to know (School of Wizardry).
    BaseToTop { player: PlayerId, by: Option<Uid> },
    /// A base of the base deck was shown to everyone, by the ability of `by` (Lost City).
    BaseRevealed {
        base: Uid,
        #[serde(default)]
        by: Option<Uid>,
    },
    /// A base of the base deck went to the base discard pile (Lost City).
    BaseDiscarded { base: Uid, by: Option<Uid> },
    /// A program was set to run at the end of the turn by the ability of `by`; `card`
    /// is the minion it will destroy, if that is what it does (Always Get Our Man).
    EndOfTurnScheduled { by: Uid, card: Option<Uid> },
    /// The turn ran past [`super::flow::TURN_DECISION_LIMIT`] decisions (a loop):
    /// from now on this turn, optional plays are declined and ability choices skipped.
    LoopStopped { player: PlayerId },
    /// The game ended.
    GameOver { winner: PlayerId },
    /// A card went into stasis in front of its owner with these stasis counters,
    /// from `from`, by the ability of `by` (rulebook "Stasis"; face up, so named).
    EnteredStasis {
        card: Uid,
        counters: u32,
        /// None: the card put itself there as it resolved (Future Almanac?).
        from: Option<Zone>,
        by: Option<Uid>,
    },
    /// The stasis counters on a card in stasis changed by `amount` (negative:
    /// removed) to `total`, by the ability of `by`; `by` is the card itself for the
    /// start-of-turn rule (no card removes its own counters otherwise).
    StasisCountersChanged {
        card: Uid,
        amount: i32,
        total: u32,
        by: Option<Uid>,
    },
    /// A card left stasis for its owner's discard pile, with the cards stored under
    /// it: by the ability of `by`, or (none) at the end of a turn with no counters left.
    DiscardedFromStasis { card: Uid, by: Option<Uid> },
    /// Cards turned over one by one from the top of a player's deck, in order, to
    /// play one off the top, by the ability of `by` (Chestbreaker): shown to all.
    RevealedFromTop {
        player: PlayerId,
        cards: Vec<Uid>,
        by: Uid,
    },
    /// Revealed cards not played were shuffled back into their owner's deck, by the
    /// ability of `by` (after playing one off the top).
    ShuffledBack {
        player: PlayerId,
        cards: Vec<Uid>,
        by: Uid,
    },
    /// A base was destroyed with every card on it, without scoring, by the ability
    /// of `by` (Nuke It From Orbit); `BaseReplaced` follows.
    BaseDestroyed { base: Uid, by: Uid },
    /// A player chose a number for the ability of `by`: the power of the minion to
    /// play off the top of their deck (Chestbreaker, Game Over, Dude!).
    PowerNamed {
        player: PlayerId,
        power: i32,
        by: Uid,
    },
    /// Until the start of `player`'s next turn, other players' minions have `amount`
    /// power at each base holding `player`'s action named `action` (Hive Queen).
    OthersPowerWhereAction {
        player: PlayerId,
        action: String,
        amount: i32,
        by: Uid,
    },
    /// A player will have an extra play on their next turn, by the ability of `by`: a
    /// minion or an action of their choice when `either` (Wraithrustlers HQ).
    ExtraPlayNextTurn {
        player: PlayerId,
        either: bool,
        minion: bool,
        by: Option<Uid>,
    },
    /// A power change that lasted for a while (until the end of a turn, or the start
    /// of one: `at_start`) has ended on a minion still in play.
    PowerChangeEnded {
        card: Uid,
        amount: i32,
        at_start: bool,
    },
    /// A breakpoint change that lasted for a while has ended on a base in play.
    BreakpointChangeEnded {
        base: Uid,
        amount: i32,
        at_start: bool,
    },
    /// A player may play no action on their next turn, by the ability of `by` (Mark
    /// of Sleep).
    NoActionsNextTurn { player: PlayerId, by: Uid },
    /// The ability of `by` began to resolve for `player` (played, triggered, used);
    /// [`Event::Resolved`] closes it. Narration says nothing for it.
    Resolving { by: Uid, player: PlayerId },
    /// The ability of `by` finished resolving; `quiet` is set when it changed nothing
    /// anyone could see, saying why.
    Resolved {
        by: Uid,
        player: PlayerId,
        quiet: Option<Quiet>,
    },
    /// The mode of a card was chosen as it was played and stays fixed (Enchantment):
    /// `label` is what the mode does.
    ModeSet { card: Uid, label: String },
    /// `player` ignores the ability of `base` while `by` stays in play, until the
    /// start of their next turn (Infiltrate).
    IgnoringBase {
        player: PlayerId,
        base: Uid,
        by: Uid,
    },
    /// The action `card`, played and resolved, goes to `to` instead of its owner's
    /// discard pile, by the ability of `by` (Woodland Helpers).
    SentInstead { card: Uid, to: Zone, by: Uid },
}

/// Why an ability changed nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quiet {
    /// There was nothing it could choose: no card of this kind, where it looked.
    NothingToChoose(Pool),
    /// Its player chose not to (a "may" answered no, a choice of none).
    Declined,
    /// A condition it depends on does not hold: which one, as far as it can be named.
    Condition(Unmet),
    /// It may be used once a turn and was used already.
    UsedThisTurn,
    /// It ran and nothing changed.
    NoChange,
}

/// Which condition of an ability did not hold, so that narration can say what was
/// not so ("you have no minion there", "it is not your turn").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Unmet {
    /// Nothing of this kind fits where it looked.
    NoneFits(Pool),
    /// Something of this kind fits, and it needs none.
    SomeFits(Pool),
    /// It is not its controller's turn.
    NotYourTurn,
    /// It is its controller's own turn (it works on others' turns).
    YourTurn,
    /// It is not the Play Cards phase.
    NotPlayCards,
    /// A number is below what it needs: `have` of `of`, at least `need`.
    TooFew { have: i32, need: i32, of: Counted },
    /// A number has reached what it must stay below: `have` of `of`, under `limit`.
    TooMany { have: i32, limit: i32, of: Counted },
    /// A number is not exactly what it needs.
    NotExactly { have: i32, need: i32, of: Counted },
    /// The card it needs is not a minion.
    NotAMinion,
    /// The card it needs is not in play (any more).
    NotInPlay,
    /// The card it needs is not in a discard pile (any more).
    NotInDiscard,
    /// The card it needs is not in a hand.
    NotInHand,
    /// Its controller does not control that minion.
    NotYourMinion,
    /// Its controller is not one of the players it is for (a winner here).
    NotOneOf,
    /// Its controller is one of the players it is not for.
    OneOf,
    /// That card cannot be played now.
    CannotPlay,
    /// That card came into play this turn.
    ArrivedThisTurn,
    /// A minion was played already this turn.
    MinionPlayedAlready,
    /// Its controller played no other minion here (this turn, or ever).
    NoOtherPlayedHere,
    /// Its controller played no minion on another base this turn.
    NonePlayedElsewhere,
    /// The minion played here was not the first there this turn.
    NotFirstHere,
    /// No card had its last stasis counter removed this turn.
    NoStasisEmptied,
    /// That minion was not played off the top of a deck.
    NotPlayedOffTop,
    /// That minion was played from its player's own hand.
    PlayedFromHand,
    /// That card is not of the kind it needs.
    NotTheKind,
    /// It was about another card than the one it needs (Athos: this minion).
    AnotherCard,
    /// It was about this card itself, and it needs another.
    ThisCard,
    /// It happened at another base than this card's.
    AnotherBase,
    /// That card stays in play (it goes to no discard pile).
    StaysInPlay,
    /// The base's ability is ignored: by this player (Infiltrate), or by everyone
    /// (Jammed Signal) when none.
    Ignored(Option<PlayerId>),
    /// This player's deck and discard pile are both empty: nothing to draw or reveal.
    NothingToDraw(PlayerId),
    /// This player has no card in hand to discard.
    HandEmpty(PlayerId),
    /// Its controller controls that minion already.
    AlreadyControlled,
    /// No base is left in the base deck or its discard pile.
    NoBaseLeft,
    /// Another player has fewer cards in hand than its controller already.
    FewerInAnotherHand,
    /// Played from stasis, the card is only discarded (its stasis instructions).
    JustDiscarded,
    /// Something else its text names.
    Other,
}

/// What a number in a condition counts, so that narration can name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Counted {
    /// Cards of this kind.
    Cards(Pool),
    /// Minions played this turn.
    MinionsPlayed,
    /// A base's breakpoint.
    Breakpoint,
    /// A minion's power.
    Power,
    /// Something else.
    Other,
}

/// Where an ability looked for something to choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pool {
    /// Minions in play.
    Minions,
    /// Only the ability's player's own minions, and no other condition on them: at
    /// one base (`there`, Tech Center's chosen base) or anywhere. "You have no minion
    /// there" says more than "no minion fits".
    OwnMinions { there: bool },
    /// Actions in play.
    Actions,
    /// Bases in play or in the base deck.
    Bases,
    /// A hand.
    Hand,
    /// A discard pile.
    Discard,
    /// A deck (or a deck and discard pile: a search).
    Deck,
    /// Cards in stasis.
    Stasis,
    /// Cards stored under another card.
    Stored,
    /// Anything else (players, factions, cards set aside).
    Other,
}
