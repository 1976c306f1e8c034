//! The effect language: how a card's abilities are written in its RON data.
//!
//! An [`Ability`] pairs a moment ([`Trigger`]) with a program ([`Effect`]). Programs
//! are trees of control forms (sequence, may, choose, for-each, if) around verbs
//! (destroy, move, return, draw, ...). Every change to the game goes through a verb,
//! so replacement effects ("instead"), triggers and narration always see it.
//! Continuous abilities (power bonuses, protections, play restrictions) are
//! [`Static`]s, read whenever power or legality is computed, never cached.

pub use super::name::Name;
use super::prog::Held;
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
    /// After another player (not this card's controller) plays a minion here. As with
    /// `AfterMinionPlayedHere`, `Subject` is the minion and the var `player` is the
    /// player who played it (Pay the Piper); it runs after the minion's own ability.
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
    /// Special: usable from the discard pile during your Play Cards phase, as an
    /// option of the main decision (`This` is the card in the pile; a leading `If` is
    /// when it is usable): Tenacious Z plays itself with `PlayExtra(This)`.
    FromDiscard,
    /// After any minion, on any base, is destroyed (Microbot Archive). A leading `If`
    /// (with nothing `otherwise`) is the trigger's condition: it is checked as the
    /// minion leaves play, while `Subject` is still on its base with its controller
    /// and Microbot status, and this card still in play (so it sees its own
    /// destruction); only its `then` runs later. On a base, "you" is the destroyed
    /// minion's controller.
    AfterMinionDestroyed,
    /// On a minion: a card another player is playing affects this minion (its
    /// on-play ability moves, returns, destroys, places or changes the power of it, or
    /// the card is played onto it), once per card; it runs after that card has
    /// resolved. `Subject` is the card played, and the var `player` is the player
    /// who played it (Brownie). Ongoing abilities of cards already in play, and
    /// bases, do not count: that is not playing a card.
    AffectedByOthersPlay,
    /// Talent: usable once during each of your turns' Play Cards phase, from a card
    /// of yours in play (a minion, or an action on a base or a minion), or from a
    /// base (for the player whose turn it is: Cool Cats' Alley).
    Talent,
    /// On an action attached to a minion: instead of that minion being destroyed
    /// (Hang in There). `Subject` is the minion.
    InsteadOfAttachedDestroyed,
    /// A base's: instead of a minion on another base being destroyed (The House of
    /// Nine Lives). `Subject` is the minion and "you" its owner; the program decides,
    /// and must destroy it with [`Effect::DestroyAnyway`] when it does not replace.
    InsteadOfDestroyedElsewhere,
    /// On an action in play: after its controller plays an action, anywhere
    /// (Woodland Helpers). `Subject` is the action played.
    AfterYouPlayAnAction,
    /// A base's: after a player plays an action onto a minion here (Enchanted Glen).
    /// "You" is that player, `Subject` the action.
    AfterActionPlayedOnMinionHere,
    /// On an action on a base: as that base scores, while VP are awarded (Happily
    /// Ever After). The places of the scoring are known.
    WhenMyBaseScores,
    /// After a minion is moved onto the base this card is on (or this base): `Subject`
    /// is the minion and the var `player` the player whose card or ability moved it
    /// (Fun Bear, Lake Minnetonka). On a base, "you" is that player.
    AfterMinionMovedHere,
    /// On a card on a base: after a card its controller played this turn (the card
    /// itself, or a Talent of it used that turn) moved one or more of their minions
    /// onto that base; once per card, however many minions it moved (Forgotten
    /// Horrors). `Subject` is the card that moved them.
    AfterYourCardMovedYourMinionsHere,
    /// After a minion moves for the first time in a turn, from any base to any base
    /// (Guide). `Subject` is the minion.
    AfterMinionFirstMove,
    /// Special, in a hand: after a new base comes into play, by replacing a scored
    /// base, by a swap or as an additional base (Crypt Looter). `This` is the card in
    /// hand, `Subject` and `Here` the new base; the program must check it is still in
    /// the hand ([`Cond::InHand`]).
    BaseEntersPlayFromHand,
    /// Special, in a hand: after its owner has played their first minion of a turn
    /// (Snuggly Bear). `Subject` is that minion and `Here` its base.
    AfterYourFirstMinionFromHand,
    /// Special: after a base scores, played from the hand as an action (Lost City,
    /// Total Sellout). `Here` is the scored base, still holding its cards.
    AfterScoringFromHand,
    /// A base's ability just before it scores, with the Specials of cards in play
    /// (Palooza, Out in the Woods).
    BeforeThisBaseScores,
    /// After an action has resolved that directly affected a minion (rulebook
    /// "Directly"): once per such minion, from any card in play. `Subject` is the
    /// minion, the var `action` the action, the var `player` who played it and the
    /// var `controller` who controlled the minion when it was affected (the minion
    /// may since have been destroyed, returned or taken over)
    /// (D'Artagnan, Young Musketeer, Athos, Aramis, All for One).
    AfterActionAffectedMinion,
    /// After an action has resolved that directly affected a minion on this card's
    /// base (where the minion was when affected): once per action for this card, for
    /// the first such minion for which a leading `If` holds (checked then). On a
    /// base, "you" is the player who played the action (Ringside, Bastion
    /// Saint-Gervais). The vars are those of `AfterActionAffectedMinion`.
    AfterActionAffectedMinionHere,
    /// After its controller discards one or more cards from their hand: once per
    /// ability that made them discard, however many cards (Top Tier).
    AfterYouDiscard,
    /// Special, in a hand: after its owner's first action of a turn has resolved
    /// (Eh?). `This` is the card in hand.
    AfterYourFirstActionFromHand,
    /// After any minion moves, every time (Bring 'Em In). `Subject` is the minion.
    AfterMinionMoved,
    /// Special: as the base this minion is on is about to score, from the minion in
    /// play there (Capa Roja).
    BeforeMyBaseScoresInPlay,
    /// Not a card's ability but the rule of stasis (rulebook "Stasis"): at the start
    /// of your turn one stasis counter comes off each of your cards in stasis. Queued
    /// once per card with the other start-of-turn abilities, so the current player
    /// orders it among the mandatory ones ("Me First!").
    StasisCounterRule,
    /// In stasis: as this card enters stasis (Help From the Past, Letter From
    /// Another Time).
    EntersStasis,
    /// In stasis: after a stasis counter is removed from this card, once per counter
    /// even when several come off at once (Sidelined Girlfriend, Future Almanac?).
    StasisCounterRemoved,
    /// In stasis: after this card's owner removes stasis counters from another card
    /// (their own rule or ability), once per removal; `Subject` is that card and the
    /// var `removed` the number removed (Lightning Strike catches them).
    StasisCountersRemovedElsewhere,
    /// "When you play this card from stasis": for an action, its instructions replace
    /// its on-play ability and it is then discarded (an empty program: just discard
    /// it: Future Almanac?, Lightning Strike; Help From the Past); for a minion, they
    /// run after its on-play ability (Sidelined Girlfriend's +1 power counter).
    PlayedFromStasis,
    /// In stasis: during your Play Cards phase, an option of the main decision that
    /// spends one of your action plays without playing a card (Lightning Strike).
    SpendActionPlayFromStasis,
    /// After this card leaves play in any way: destroyed, discarded as its base
    /// scores, returned, shuffled or placed (Ancient Sumerian God). `Here` is the base
    /// it was on; the cards stored under it stay with it until this has resolved.
    AfterLeavesPlay,
    /// On a card in play: after its controller destroys an action, anywhere, once per
    /// action even when several go at once (Funkman). `Subject` is the action and the
    /// var `base` the base it was at (on the base itself or on a minion there).
    AfterYouDestroyAnAction,
    /// On a card on a base: after an action at this base (on the base itself or on a
    /// minion there) is destroyed, once per action (Ellen). `Subject` is the action
    /// and the var `player` the player who destroyed it.
    AfterActionHereDestroyed,
    /// A base's: after a player destroys a card here (a minion, or an action on the
    /// base or on a minion here), once per card; "you" is that player (Rooftop Portal).
    AfterYouDestroyCardHere,
}

// Every kind fits in a `u64` set (the last kind is the largest number).
const _: () = assert!((Trigger::AfterYouDestroyCardHere as u32) < 64);

impl Trigger {
    /// This kind of moment as one bit of a set (a `u64`: there are fewer than 64 kinds).
    pub const fn bit(self) -> u64 {
        1 << self as u32
    }
}

impl Ability {
    /// The kinds of moment this ability waits for, as a set of [`Trigger::bit`]s: its
    /// own, and [`Trigger::Static`] for any ability with a continuous effect.
    pub fn kinds(&self) -> u64 {
        let statics = if self.statics.is_some() {
            Trigger::Static.bit()
        } else {
            0
        };
        self.when.bit() | statics
    }
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
    /// Nothing can destroy this card (a minion, or an action: Heirloom).
    Indestructible,
    /// Nothing can destroy the minions the filter matches, seen from this card (Pony
    /// Land: "while you control two or more minions here, your minions here").
    CannotBeDestroyed(MinionFilter),
    /// The minion this action is attached to cannot be destroyed (Ladybug).
    AttachedIndestructible,
    /// Cards of players other than a matched minion's controller cannot affect it
    /// (Beautiful Castle: minions here of power 5 or more).
    ShieldFromOthersCards(MinionFilter),
    /// Whenever this card would go from play into a discard pile, it is shuffled into
    /// its owner's deck instead (Sleeping Beauty).
    ShuffledIntoDeckInsteadOfDiscard,
    /// Each other player may play at most this many extra cards a turn: every card
    /// played beyond the normal minion and action of their own Play Cards phase (Eliza).
    OthersExtraCardsAtMost(u32),
    /// No player but this card's controller may play an action onto this base or onto
    /// a minion here (Magic Ward).
    NoOthersActionsHere,
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
    /// Read from the hand: this card cannot be played normally, only through its
    /// Special (Hidden Ninja, whose whole text is a before-scoring Special).
    PlayedOnlyThroughSpecial,
    /// Every minion this card's controller controls counts as a Microbot, while it is
    /// in play (Microbot Alpha); cards out of play are Microbots only by name.
    YourMinionsAreMicrobots,
    /// On each of its controller's turns, as their Play Cards phase begins, they gain
    /// this extra play; once gained it stays for the turn even if this card leaves play
    /// (Archmage, printed).
    ExtraPlayEachTurn(ExtraPlay),
    /// In its controller's own Play Cards phase, a minion they play on this base may
    /// come from their discard pile instead of their hand, through their normal minion
    /// play or a general extra one (not a specific card's play), with no limit per
    /// turn (They're Coming To Get You, printed).
    MinionsFromDiscardHere,
    /// The abilities of the minion this action is attached to are cancelled: treated
    /// as if they did not exist (Cuddle). The actions on it keep theirs.
    CancelAttached,
    /// This minion's starting power (its printed power, before other modifiers) is at
    /// least this (Lovey Bear): it never lowers it.
    StartingPowerAtLeast(Amount),
    /// This card's base's starting breakpoint (its printed one, before other
    /// modifiers) is at least this (Turn Up to 11).
    StartingBreakpointAtLeast(i32),
    /// Other players' cards cannot destroy the minions the filter matches, seen from
    /// this card (Too Cute: your minions here).
    NotDestroyedByOthers(MinionFilter),
    /// Other players may play the minions they own of printed power at most this only
    /// on this card's base (Bear Picnic, printed).
    OthersSmallMinionsOnlyHere(u32),
    /// The minion this action is attached to does not count towards its controller's
    /// total power at its base (for VP and "your power here"), though it still counts
    /// towards the base's total (Pin).
    AttachedNotCounted,
    /// Other players' cards cannot move the minions the filter matches, seen from this
    /// card (Yokozuna: your minions).
    NotMovedByOthers(MinionFilter),
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
        /// Boxed: a selector is large; the data is written the same.
        each: Box<Selector>,
        bind: Name,
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
        bind: Name,
        value: Target,
        then: Box<Effect>,
    },
    /// Bind a number computed now (fixed from here on) and run `then`.
    Let {
        bind: Name,
        value: Amount,
        then: Box<Effect>,
    },

    /// Run `body` as each of these players in turn, from the current player round
    /// the table ("you" becomes that player): "the winner may ...", "each player ...".
    /// With `first_only`, only the first of them: tied players each use a base's
    /// ability, "if using it twice doesn't make sense (e.g. choosing the next base),
    /// then only the first player gets to use it" (World Tour rulebook, "Tie Fighter").
    AsEach {
        players: PlayerSel,
        /// What each player does: held as the card data holds it, so that a
        /// single player's share of a shared program (a scoring base's "the winner
        /// may") shares its body instead of copying it ([`super::window`]).
        body: Held<Effect>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        first_only: bool,
        /// Start with the player to the left of the current player, who goes last
        /// (Brood Hive: "in turn starting with the player to the left").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        current_last: bool,
    },

    /// "Choose one": "you" pick one of these modes, and it runs (Titania, Puck).
    ChooseOne(Vec<Mode>),
    /// Remember a mode on this action, chosen as it was played and fixed from then on
    /// (Enchantment); read with [`Cond::ModeIs`].
    SetMode(u8),
    /// "You" take control of a minion until the given moment, when control returns
    /// (Kitty Cats). Control is not ownership: when it leaves play it goes to its
    /// owner's piles, and the actions on it keep their controllers.
    TakeControl { what: Target, until: Until },
    /// Transfer an action attached to a minion onto another minion: not a play, and
    /// its controller does not change (Tinx, Ladybug, Leaf Armor).
    Transfer { action: Target, to: Target },
    /// Destroy a minion with no more "instead" (after a replacement declined:
    /// The House of Nine Lives).
    DestroyAnyway(Target),
    /// Run `then` only if no ability with this key has done so this turn, and mark
    /// the key: "you may use only one Seastar ability each turn".
    OncePerTurn {
        key: String,
        then: Box<Effect>,
        /// Each card its own key ("the first time each turn" of one Young Musketeer).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        per_card: bool,
    },

    /// "Do X to do Y", "you may do X; if you do, do Y": `then` runs only if `first`
    /// changed the game (a return stopped by a shield does nothing, so nothing
    /// follows: rulebook, "Resolving Cards and Abilities", dependent effects). Plain
    /// "X. Y." or "X and then Y" is a `Seq`, whose parts are independent.
    ToDo {
        first: Box<Effect>,
        then: Box<Effect>,
    },

    // --- verbs ---
    /// Destroy a card in play.
    Destroy(Target),
    /// Destroy every card a selector matches, as one event: "destroy all ..."
    /// (Broadside, Nukebot, Powderkeg).
    DestroyAll(Box<Selector>),
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
    /// Play a specific card now, onto a base, as an extra play; an action onto a
    /// minion when `to` is one (Egg Field's Head Grabber).
    PlayNow { card: Target, to: Target },
    /// A power change until the given moment.
    PowerUntil {
        what: Target,
        amount: Amount,
        until: Until,
        /// Only while the minion stays on this base (Ancient Temple).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        while_on: Option<Box<Target>>,
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
    /// Put a card from a hand or deck into its owner's discard pile; a card in play is
    /// discarded from play (not destroyed: Wildlife Preserve).
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
    /// Put a card that is not in play (in a deck, set aside, or in a discard pile) into
    /// its owner's hand: "take it into your hand" (Neophyte, Portal, Scry).
    PutInHand(Target),
    /// Draw this particular card of its owner's deck (its top or its bottom): unlike
    /// [`Effect::PutInHand`] it counts as drawing, because the rules say taking a card
    /// from your deck into your hand is drawing wherever in the deck it sits (Matriarch,
    /// Family Reunion, Hush, My Stories are On; Nana and Granny's Purse "draw it").
    DrawCard(Target),
    /// Put a card that is not in play (set aside, in a hand or discard pile, or deeper
    /// in the deck) on top of its owner's deck: "put it back on top" (Portal). Each one
    /// goes above the last, so choosing them one by one sets their order.
    PutOnDeckTop(Target),
    /// Shuffle these players' decks ("then shuffle your deck" after a search: Scry).
    ShuffleDeck(PlayerSel),
    /// Before searching, revealing or looking at these players' decks: an empty deck is
    /// first made anew from its discard pile (rulebook; not during a search).
    RefillEmptyDeck(PlayerSel),
    /// Show a card to every player (a card found by searching a deck: Scry).
    Reveal(Target),
    /// Each of these players reveals the top `count` cards of their deck and sets them
    /// aside (in no deck and not in play: [`Selector::SetAside`]), a new deck being made
    /// from the discard pile when it runs out (rulebook). The ability must then put
    /// each somewhere, e.g. back on top with [`Effect::PutOnDeckTop`] (Portal).
    SetAsideTop { of: PlayerSel, count: Amount },
    /// Play this specific card at once as an extra play of its kind, from wherever it is
    /// (top of a deck, set aside, hand, discard pile), as "you", who control it; where
    /// it goes is asked as for a normal play. If it cannot be played, nothing happens
    /// (Neophyte; Mass Enchantment plays another player's card).
    PlayExtra(Target),
    /// Reveal the top card of your deck (making a new deck from the discard pile first
    /// if it is empty, as the rulebooks say), bind it and run `then`; the card stays on
    /// top unless `then` moves it (Hoverbot, Neophyte). An empty deck and discard pile:
    /// nothing happens.
    RevealTop { bind: Name, then: Box<Effect> },
    /// An action that is resolving goes to this zone of its owner instead of the
    /// discard pile when it finishes: "put this card into your hand instead of your
    /// discard pile" (Friendship Power, Woodland Helpers).
    InsteadOfDiscard {
        what: Target,
        to: super::events::Zone,
    },
    /// Put this many +1 power counters on a minion (a negative number removes that
    /// many). Counters move with the minion and are lost when it leaves play (Fun
    /// Bear, I Said No Camels!).
    AddCounters { what: Target, amount: Amount },
    /// Put the top card of the base deck into play as an additional base, bind it and
    /// run `then` (Idaho Smith). An empty base deck is first made anew from the base
    /// discard pile; if both are empty nothing happens.
    AddBase { bind: Name, then: Box<Effect> },
    /// Put a base of the base deck on its bottom (Glory Hound).
    PutBaseOnBottom(Target),
    /// Put a base of the base deck into the base discard pile (Lost City).
    DiscardBase(Target),
    /// Show a base of the base deck to every player (Lost City).
    RevealBase(Target),
    /// Run `then` after the base being scored has been replaced, with `Subject` and
    /// `Here` the base that replaced it, whatever chose it (Lost City).
    AfterReplaced(Box<Effect>),
    /// Shuffle a card in play into its owner's deck (Dr Livingstone, I Presume?).
    ShuffleIntoDeck(Target),
    /// Run `body` again and again while the condition holds, stopping as soon as a
    /// round changes nothing (Square Deal: draw until someone holds fewer cards).
    While { cond: Cond, body: Box<Effect> },
    /// Run this program at the end of this turn, in the End Turn phase, before
    /// "until the end of the turn" effects expire (Always Get Our Man, All for One).
    AtEndOfTurn(Box<Effect>),
    /// Put one card matched by the selector, chosen at random, into its owner's hand,
    /// shown to everyone (The Squared Circle: a random action from your discard pile).
    TakeRandom(Box<Selector>),
    /// Store a card that is not in play (in a hand, deck or discard pile, or set
    /// aside) face down under a card in play, a minion or an action (rulebook "Stored
    /// Cards"): it is in play but inactive, moves with its host and is discarded when
    /// the host leaves play. A storing ability that limits what may be stored shows
    /// the card first with [`Effect::Reveal`] (Kickboxbro, Demon Dogs, Help From the
    /// Past). A stored card is played with [`Effect::PlayExtra`] (an extra card).
    Store { card: Target, under: Target },
    /// These players cannot play actions during their next turn, the whole of it;
    /// not during the current one, even if it is theirs (Mark of Sleep).
    NoActionsNextTurn(PlayerSel),
    /// "You" use the Talent of this card in play now, outside the Play Cards phase:
    /// its Talent program runs as if used, without counting as that card's Talent for
    /// the turn (Kickboxbro's Special, before its base scores). A card with several
    /// Talents uses only its first (rulebook "Clarifications", Kickboxbro).
    UseTalent(Target),
    /// Put a card into stasis in front of its owner with this many stasis counters
    /// (rulebook "Stasis"): from a hand, a deck, set aside, a base (a minion or an
    /// action leaves its base: its +1 power counters, attached actions and stored
    /// cards are discarded as when a card leaves its base), or itself as it resolves
    /// (then it does not go to the discard pile). A card that left stasis this turn
    /// cannot go straight back (99 MPH, Sidelined Girlfriend, Future Almanac?,
    /// Time-Traveling Car, Alternate Present, ...).
    PutInStasis { card: Target, counters: Amount },
    /// Put more stasis counters on a card in stasis (Lifelong Bully, Zany Prof,
    /// Lightning Strike).
    AddStasisCounters { what: Target, amount: Amount },
    /// Remove stasis counters from a card in stasis (as many as it has at most):
    /// each one triggers its [`Trigger::StasisCounterRemoved`] (Zany Prof, Will Have
    /// to Do, the start-of-turn rule).
    RemoveStasisCounters { what: Target, amount: Amount },
    /// Discard a card from stasis, with the cards stored under it (Lightning Strike).
    DiscardFromStasis(Target),
    /// "You" choose a number from `from` to `to`, bound as a number to `bind`, then
    /// `then` runs: "choose power 3 or 4", "a power less than 5" (Chestbreaker,
    /// Game Over, Dude!, Head Grabber), chosen before anything is revealed.
    ChooseNumber {
        bind: Name,
        from: i32,
        to: i32,
        then: Box<Effect>,
    },
    /// "Play an extra minion ... off the top of your deck" (rulebook "Cards Played
    /// off the Top of the Deck"): "you" reveal cards from the top of your deck one by
    /// one until one matching `filter` shows; the revealed cards are set aside (in no
    /// zone). It is played at once as an extra card onto the base `to` and resolves
    /// fully; then the other revealed cards are shuffled into the deck. An empty deck
    /// is first made anew from the discard pile; if it runs out while revealing,
    /// nothing is played; a card found that cannot be played there is discarded
    /// instead (Chestbreaker, Egg Field, Game Over, Dude!, Head Grabber, Brood Hive).
    PlayOffTop {
        /// Boxed, as are the filters below: every program and condition stays small.
        filter: Box<CardFilter>,
        to: Target,
    },
    /// Destroy a base in play and every card on it, without scoring: "after
    /// destroyed" abilities trigger, a card that escapes destruction is discarded as
    /// the base leaves, and the base goes to the base discard pile and is replaced
    /// from the base deck as after scoring (Nuke It From Orbit, boxed first).
    DestroyBase(Target),
    /// Put a card in the box, out of the game for good: from play or from anywhere;
    /// nothing can stop it or bring it back (Nuke It From Orbit).
    PutInBox(Target),
    /// Until the given moment, minions of players other than "you" get this much
    /// power at every base holding an action of yours with this name: read whenever
    /// power is computed, so minions arriving later are hit too, and it lasts even if
    /// the source leaves play (Hive Queen's Talent: -1 where you have an Egg Field).
    OthersPowerWhereAction {
        named: String,
        amount: Amount,
        until: Until,
    },
    /// "You" gain an extra play for your next turn's Play Cards phase (the one after
    /// this, if this is your turn): Wraithrustlers HQ.
    ExtraPlayNextTurn(ExtraPlay),
    /// Turn over cards from the top of "your" deck until one matches `filter`, bind
    /// it and run `then`, which takes it somewhere (Watson: into the hand); the other
    /// revealed cards are shuffled back into the deck afterwards. An empty deck is
    /// first made anew; running out while revealing stops, with nothing bound
    /// (rulebook "Cards Played off the Top of the Deck"; the same reveal as
    /// [`Effect::PlayOffTop`]).
    RevealUntil {
        filter: Box<CardFilter>,
        bind: Name,
        then: Box<Effect>,
    },
    /// Discard the cards still stored under this card: under a card that has left
    /// play, the ones its leaving ability did not play (rulebook "Stored Cards";
    /// added by the engine after Demon Dogs' and Ancient Sumerian God's abilities).
    DiscardStored(Target),
}

impl Effect {
    /// `Nothing`, for serde defaults.
    pub fn nothing() -> Effect {
        Effect::Nothing
    }

    /// True for `Nothing`, so that empty branches are left out when saving.
    pub fn is_nothing(&self) -> bool {
        matches!(self, Effect::Nothing)
    }

    fn boxed_nothing() -> Box<Effect> {
        Box::new(Effect::Nothing)
    }
}

/// One mode of a "choose one".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mode {
    /// What it does, in a few words of our own, for the question.
    pub label: Name,
    /// Its program.
    pub effect: Effect,
}

/// A choice and what follows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choose {
    /// The candidates.
    pub from: Selector,
    /// The name later effects use for the choice.
    pub bind: Name,
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
    /// What happens instead when no pick is made at all: nothing can be chosen, or the
    /// chooser declines at once ("if you do not, ..."; Disguise when only one minion
    /// is picked).
    #[serde(
        default = "Effect::nothing",
        skip_serializing_if = "Effect::is_nothing"
    )]
    pub otherwise: Effect,
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
    /// Exactly this many, or every candidate when there are fewer (Attic Treasures).
    Exactly(u32),
    /// Every candidate, one at a time in the order the chooser likes, none left out:
    /// putting cards back "in any order" (Portal, School of Wizardry). The last single
    /// candidate is taken without asking.
    All,
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
            Times::UpTo(n) | Times::Exactly(n) => picked + 1 < n,
            Times::AnyNumber | Times::All => true,
        }
    }
}

/// Why something is being chosen; only used to word the question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Hash)]
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
    /// Putting cards on top of a deck one by one (the last one ends on top).
    PlaceOnTop,
    /// Taking control of a minion.
    Control,
    /// Lowering a minion's power.
    Weaken,
    /// Transferring an action onto a minion, or onto a base.
    Transfer,
    /// Choosing the base that replaces a scored one (Lost City).
    Replacement,
    /// Putting a base on the bottom of the base deck (Glory Hound).
    BaseToBottom,
    /// Saving a minion of a scored base onto its owner's deck instead of the discard
    /// pile (Retirement Community, Always Room at Granny's).
    Rescue,
    /// Storing a card face down under a card in play (Kickboxbro).
    Store,
    /// Putting a card into stasis (99 MPH, Time-Traveling Car, Alternate Present).
    IntoStasis,
    /// Changing the stasis counters on a card in stasis (Zany Prof, Lifelong Bully,
    /// Will Have to Do).
    StasisCounters,
    /// Lowering a base's breakpoint (Lightning Strike).
    LowerBreakpoint,
    /// A minion whose power lowers its base's breakpoint (Rampage).
    BreakpointByPower,
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
    /// Cards in these players' decks, top first; with `top`, only the top N of each
    /// deck: a revealed top card (Neophyte, Mass Enchantment), a search (Scry).
    Deck {
        of: PlayerSel,
        #[serde(default)]
        top: Option<Amount>,
        /// Only the bottom N of each deck, bottom card first (Matriarch, Hush).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bottom: Option<Amount>,
        #[serde(default)]
        filter: CardFilter,
    },
    /// The cards these players set aside with [`Effect::SetAsideTop`] (Portal).
    SetAside {
        of: PlayerSel,
        #[serde(default)]
        filter: CardFilter,
    },
    /// The top N bases of the base deck (School of Wizardry).
    BaseDeckTop(Amount),
    /// The cards stored under a card in play (Kickboxbro, Demon Dogs), or under a card
    /// that has just left play while its own leaving ability runs (Demon Dogs destroyed,
    /// Ancient Sumerian God).
    Stored {
        under: Target,
        #[serde(default)]
        filter: CardFilter,
    },
    /// A search of these players' decks and discard piles: the cards of both
    /// (Yellow Demon, Token of Affection: "your deck and/or your discard pile").
    Search {
        of: PlayerSel,
        #[serde(default)]
        filter: CardFilter,
        /// The hand too, first (Egg Field: "your hand, deck and/or discard pile").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        hand: bool,
    },
    /// The cards these players have in stasis, with at least this many stasis
    /// counters (Zany Prof, Lifelong Bully, Will Have to Do).
    Stasis {
        of: PlayerSel,
        #[serde(default)]
        counters_at_least: u32,
    },
    /// Everything any of these selectors matches, in their order: "from your hand or
    /// discard pile" (Demon Dogs).
    Union(Vec<Selector>),
}

/// Which minions.
///
/// Read with [`MinionFilter`]'s own `Deserialize`, which works out its [`FilterFacts`]
/// once as the card data is read (the derived reading is kept under `remote = "Self"`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default, remote = "Self")]
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
    /// Power at least this: with [`Amount::MaxPower`], "the highest-power minion"
    /// (Temple of Goju), ties included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power_at_least: Option<Amount>,
    /// Only minions whose controller controls at least this many minions on their
    /// base, themselves included: "while you control two or more minions here" (Pony
    /// Land), "a minion of yours that shares its base with another of yours" (Pinkie,
    /// Super Future Space Armor Power).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with_allies_here: Option<u32>,
    /// Only minions on a base whose breakpoint is lower than this (Rick Roll, Tour Bus).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_breakpoint_below: Option<Amount>,
    /// Printed power at most this (Capa Roja: even if raised above it now).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub printed_power_at_most: Option<u32>,
    /// Only minions with an attached action matching this (Out for the Count: one of
    /// yours; Reversal: a Set-Up action).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carrying: Option<Box<ActionFilter>>,
    /// What the filter asks, worked out when it is read (never written in the data, never
    /// saved; a filter built in code keeps the default, which asks every test).
    #[serde(skip)]
    pub facts: FilterFacts,
}

/// What a [`MinionFilter`] asks, worked out once when the card data is read, so that a
/// walk over the minions does not read every field of the filter again to learn it.
/// The facts follow from the filter's other fields, so they never tell two filters
/// apart (equal whatever they hold).
#[derive(Debug, Clone, Copy, Default)]
pub struct FilterFacts {
    /// The filter tests nothing but whose minion it is and where
    /// ([`MinionFilter::whose_and_where_only`]). False when not worked out: the walk
    /// then asks every test, which answers the same.
    pub whose_and_where_only: bool,
}

impl PartialEq for FilterFacts {
    fn eq(&self, _: &FilterFacts) -> bool {
        true
    }
}

impl<'de> Deserialize<'de> for MinionFilter {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<MinionFilter, D::Error> {
        let mut f = MinionFilter::deserialize(d)?;
        f.facts.whose_and_where_only = f.whose_and_where_only();
        Ok(f)
    }
}

impl Serialize for MinionFilter {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        MinionFilter::serialize(self, s)
    }
}

impl MinionFilter {
    /// True for a filter that tests nothing but whose minion it is and where: read
    /// field by field, without building a filter to compare it with.
    pub fn whose_and_where_only(&self) -> bool {
        matches!(
            self,
            MinionFilter {
                on: _,
                controller: _,
                power_at_most: None,
                power_below: None,
                except: None,
                is: None,
                faction: None,
                named: None,
                microbot: false,
                power_at_least: None,
                with_allies_here: None,
                base_breakpoint_below: None,
                printed_power_at_most: None,
                carrying: None,
                facts: _,
            }
        )
    }
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
    /// Only bases where "you" control exactly this many minions (Warbro, Pushing the
    /// Limit: exactly one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minions_of_yours: Option<u32>,
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
    /// Only Microbots: out of play, that is the cards named "Microbot ..." (Microbot
    /// Reclaimer; Microbot Alpha only works in play).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub microbot: bool,
    /// Only cards "you" could play now as an extra play: some legal place for them and
    /// nothing forbidding it (a revealed action played at once: Neophyte).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub playable: bool,
    /// Only cards with the same name as this bound card: the cards of a name just
    /// named (Mall Crawl, Not Enough Bullets).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub same_name_as: Option<Target>,
    /// Only the first matching card of each name, so that naming a card offers each
    /// name once (Mall Crawl, Not Enough Bullets).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub one_per_name: bool,
    /// Only cards with this exact name (Griselda takes back an Heirloom).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub named: Option<String>,
    /// Only cards whose name contains this (a Set-Up action: Yellow Demon).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_contains: Option<String>,
    /// Only actions that can be played on a minion (Señor Muchoslam vs the Monsters).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub plays_on_minion: bool,
    /// Only actions that can directly affect a minion: played on one, or choosing or
    /// going through minions (Token of Affection).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub affects_minions: bool,
    /// Only minions that this base would take now (nothing there forbids `you` to play
    /// them: Bear Picnic elsewhere, Ice Castle): a Talent that offers an extra minion
    /// there is offered only when one could go (Under the Bed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playable_on: Option<Target>,
    /// Printed power at most this number, computed now: what is left of a budget
    /// (Sir Squeezes: their powers together 5 or less).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power_within: Option<Amount>,
    /// Printed power exactly this number, computed now: a power chosen with
    /// [`Effect::ChooseNumber`] (Chestbreaker, Game Over, Dude!, Head Grabber).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power_is: Option<Amount>,
    /// Only cards with this printed label (a Wraith: Ellen, Roy, Watson).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<crate::cards::model::Label>,
    /// Only actions played on a base (Ancient Sumerian God).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub plays_on_base: bool,
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
    /// Controlled by whom (Wildlife Preserve discards other players' actions).
    pub controller: PlayerSel,
    /// With this exact card name (Heirloom counts the Heirlooms on its minion).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub named: Option<String>,
    /// Only actions attached to minions (not those on a base itself).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub on_minions: bool,
    /// Only those at this base: on the base itself or on a minion there (Head Butt).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<BaseSel>,
    /// Only actions whose name contains this ("Set-Up": rulebook, any action with
    /// Set-Up in its name is a Set-Up action).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_contains: Option<String>,
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
    Var(Name),
    /// The base the bound minion is on.
    OfMinion(Name),
    /// Any base but the one the source card is on.
    NotHere,
    /// Any base but the bound one ("from other bases": Adventure Power).
    Except(Name),
    /// The bases matching a filter ("a base where you have a minion").
    Where(Box<BaseFilter>),
    /// The base being scored (Funkman's Special).
    Scoring,
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
    Var(Name),
    /// The players who took this place (1, 2, 3) at the base being scored, ties included.
    Place(u8),
    /// Every player but the winners of the base being scored.
    NotWinners,
    /// The players who control a minion on these bases (The Great Library: each player
    /// with a minion there).
    WithMinionOn(BaseSel),
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
    Var(Name),
    /// The minion or card the trigger is about (the one played, destroyed, ...).
    Subject,
    /// The base being scored.
    ScoringBase,
    /// A faction by id.
    Faction(String),
    /// The base the bound minion is on.
    BaseOf(Name),
}

/// A number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Amount {
    /// A fixed number.
    Const(i32),
    /// The current power of a minion.
    PowerOf(Target),
    /// A bound number.
    Var(Name),
    /// How many things match.
    Count(Box<Selector>),
    /// `Count` times a factor.
    Times(Box<Amount>, i32),
    /// The amount while the condition holds, else 0.
    When(Box<Cond>, Box<Amount>),
    /// The highest current power among the minions a selector matches (0 if none):
    /// with `power_at_least`, picks out "the highest-power minion" (Temple of Goju).
    MaxPower(Box<Selector>),
    /// The lowest current power among the minions a selector matches (0 if none):
    /// with `power_at_most`, picks out "the lowest-power minion" (Survival of the
    /// Fittest), ties included.
    MinPower(Box<Selector>),
    /// The total current power of the minions a selector matches: "the power you have
    /// here" (Factory 436-1337).
    SumPower(Box<Selector>),
    /// The sum of these amounts (Daisy Chain: +2 while yours, -2 otherwise).
    Sum(Vec<Amount>),
    /// An amount divided by a number, rounded down: "1 per full 5 power" (Factory 436-1337).
    Div(Box<Amount>, i32),
    /// How many minions the ability's controller has played this turn, the one
    /// resolving included, in any phase and on anyone's turn (a Shinobi before
    /// scoring counts): "if you have played no other minion earlier this turn"
    /// (Microbot Fixer, Microbot Reclaimer).
    MinionsPlayedThisTurn,
    /// A base's current breakpoint (Classic Rocker, Hot Venue, Total Sellout).
    BreakpointOf(Target),
    /// A card's printed power (a budget spent: Sir Squeezes).
    PrintedPower(Target),
    /// The highest starting power among the minions a selector matches (0 if none):
    /// the printed power, or more where the minion's own Ongoing raises it
    /// ([`Static::StartingPowerAtLeast`]): another player's Lovey Bear raised to 7
    /// starts at 7 (rulebook "Starting": cards can change it). Counters and other
    /// modifiers do not count. Two such minions reading each other take the highest
    /// value reachable without going round in a circle.
    MaxStartingPower(Box<Selector>),
    /// How many cards these players hold in hand, together.
    HandSize(PlayerSel),
    /// The fewest cards any of these players holds in hand (0 if none).
    MinHandSize(PlayerSel),
    /// The most minions any one of these players controls on these bases (Mountie
    /// Major: the other player with the most minions here; a tie counts once). Boxed,
    /// as are the next, to keep every amount small (amounts are copied often).
    MostMinionsOfOnePlayer(Box<(PlayerSel, BaseSel)>),
    /// The highest total power any of these players has on this base, as counted for
    /// VP (a pinned minion left out): "your power here", "the winner's".
    MaxPlayerPower(Box<(PlayerSel, Target)>),
    /// How many +1 power counters a minion carries now (Gracie Brones: +1 power per
    /// counter; Alien Life Form pays one); 0 for a card that is not a minion in play.
    CountersOn(Target),
    /// The stasis counters on a card in stasis (0 elsewhere) (Lightning Strike).
    StasisCounters(Target),
}

/// A condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Cond {
    /// Something matches (boxed: a selector is large; the data is written the same).
    Exists(Box<Selector>),
    /// It is the turn of the ability's controller.
    MyTurn,
    /// The controller has played no minion yet in this turn's Play Cards phase.
    NoMinionPlayedThisTurn,
    /// The bound card is a minion.
    IsMinion(Target),
    /// A ≥ B.
    AtLeast(Amount, Amount),
    /// Both.
    And(Box<Cond>, Box<Cond>),
    /// Not.
    Not(Box<Cond>),
    /// The bound card is in its owner's discard pile: an "after destroyed" ability
    /// that takes the card from there (Tar Pits) does nothing once it has left.
    InDiscard(Target),
    /// The bound card is in play (a minion, or an action on a base or minion): a
    /// trap that fires after a played minion's ability has resolved does nothing if
    /// it has left play meanwhile (Flame Trap).
    InPlay(Target),
    /// "You" could play the bound card now as an extra play of its kind: some legal
    /// place for it and nothing forbidding it. A Special that plays its own card from
    /// the discard pile is only offered then (Tenacious Z).
    CanPlay(Target),
    /// "You" have played, this turn, a minion other than this card onto the base this
    /// card is on (Hot Venue's "each turn in which you played a minion here"). Moving a
    /// minion there is not playing it.
    PlayedAnotherMinionHere,
    /// "You" have played a minion other than this card onto the base this card is on,
    /// at any time since that base came into play (printed Rainbow, which says no
    /// "this turn"). Moving a minion there is not playing it.
    HavePlayedAnotherMinionHere,
    /// This action's remembered mode is this one (Enchantment).
    ModeIs(u8),
    /// "You" are one of these players ("if you are a winner here": Happily Ever After).
    YouAre(PlayerSel),
    /// "You" control this minion (Daisy Chain).
    YouControl(Target),
    /// The bound card is in its owner's hand (a Special waiting in hand: Crypt Looter).
    InHand(Target),
    /// The two targets name the same card or base.
    Same(Target, Target),
    /// "You" have played a minion this turn on a base other than the one this card is
    /// (Under the Bed).
    PlayedMinionElsewhere,
    /// Exactly `count` minions have been played on this card's base this turn by these
    /// players: with 1, the one just played was the first (The Squared Circle, The
    /// Dohyo, Smart Set-Up).
    MinionsPlayedHere { by: PlayerSel, count: u32 },
    /// It is the Play Cards phase ("on your turn" abilities: Aramis).
    PlayCardsPhase,
    /// "You" could play the bound card now onto that base as `PlayNow` would: the
    /// base takes it (nothing forbids it: Ice Castle, another player's Bear Picnic)
    /// and no cap on extra cards stops it. A Special that offers to play its own card
    /// onto a given base is only offered then (Snuggly Bear), instead of asking a
    /// "may" that would then do nothing.
    CanPlayNow { card: Target, to: Target },
    /// A = B: "you have exactly one minion here", "this is your only minion there"
    /// (Commandbro, Gracie Brones, Rumbro, Kickboxbro, Final Stand, Lone Wolf, All Out
    /// of Bubblegum, Get to the Choppa!, Slo-Mo Attack, Building Rooftop).
    Equal(Amount, Amount),
    /// Some card had its last stasis counter removed this turn, anyone's, by anyone
    /// (Alex P. McGlide).
    StasisEmptiedThisTurn,
    /// The bound card left stasis this turn, so it cannot go straight back: its offer
    /// to go into stasis is not made (Sidelined Girlfriend played from stasis).
    LeftStasisThisTurn(Target),
    /// The bound card in play (a minion on a base, or an action on a base or a
    /// minion) has been there since before this turn began; moving or transferring
    /// it keeps that (Chestbreaker, Head Grabber, Nuke It From Orbit).
    InPlaySinceTurnStart(Target),
    /// The bound minion in play was played off the top of a deck: revealed from the
    /// top and played, by any card (Alien Life Form, Extradrone; Hoverbot counts).
    PlayedOffTop(Target),
    /// The bound minion in play was played from the hand of the player who played
    /// it (Ancient Crashed Ship: "from anywhere other than your hand").
    PlayedFromOwnHand(Target),
    /// Either (Head Grabber: on one of your minions, or there since the turn began).
    Or(Box<Cond>, Box<Cond>),
    /// An action matching the filter has been destroyed at this card's base (on the
    /// base or on a minion there) during this turn (Roy: a Wraith).
    DestroyedHereThisTurn(Box<CardFilter>),
    /// The bound card (in play or not) matches the card filter (Ellen: the action
    /// destroyed is a Wraith).
    Matches(Target, Box<CardFilter>),
}

/// When a temporary change ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Until {
    /// The end of this turn.
    EndOfTurn,
    /// The end of the controller's turn (their next one, if played on another's turn).
    EndOfYourTurn,
    /// The start of the controller's next turn (Glymmer).
    StartOfYourNextTurn,
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
    /// Only onto a base where you already have a minion (Togetherness Power).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub only_where_minion_of_yours: bool,
    /// From the discard pile instead of the hand.
    #[serde(default)]
    pub from_discard: bool,
    /// Only a card with this name (Groupie: another Groupie).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub named: Option<String>,
    /// Only an action played onto a minion another player controls (Señor Muchoslam).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub onto_others_minion: bool,
    /// Only an action that will directly affect this minion: one played onto it, or
    /// one whose minion choices are then held to it (Biding Time, Aramis, To Battle!).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub must_affect: Option<Target>,
    /// A minion or an action, the player's choice (`minion` is then ignored):
    /// Wraithrustlers HQ.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub either: bool,
}
