//! The game as plain data: players and their zones, bases in play with the cards on
//! them, the turn, lasting effects, the work still to resolve and the one pending
//! decision. `GameState` is `Clone` and serde; it holds its own seeded RNG.

pub use super::board::Loc;
use super::decision::Pending;
use super::defs::DefId;
use super::effect::Until;
use super::events::Event;
use super::flow::Task;
use super::window::Triggered;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A seat at the table, 0-based; play goes up in number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The seat as an index.
    pub fn ix(self) -> usize {
        self.0 as usize
    }
}

/// One physical card (faction card or base) for the whole game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Uid(pub u16);

/// What a physical card is and who owns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardInst {
    /// Its definition.
    pub def: DefId,
    /// The player whose deck it came from (bases have none).
    pub owner: Option<PlayerId>,
}

/// A player and their zones. Decks are top first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// The two factions (ids).
    pub factions: Vec<String>,
    /// Cards in hand.
    pub hand: Vec<Uid>,
    /// The deck, top card first.
    pub deck: Vec<Uid>,
    /// The discard pile, oldest first.
    pub discard: Vec<Uid>,
    /// Victory points.
    pub vp: u32,
    /// Cards in stasis, with their stasis counters (Backtimers).
    pub stasis: Vec<(Uid, u32)>,
    /// Cards stored under a card of this player's that is not on the table: in
    /// stasis, resolving as it is played from there (Help From the Past), or just
    /// gone from play while its own leaving ability may still play them (Demon Dogs,
    /// Ancient Sumerian God): (host, stored cards).
    #[serde(default)]
    pub stored_off_table: Vec<(Uid, Vec<Uid>)>,
}

/// An action in play, on a base or attached to a minion.
#[derive(Debug, Clone, PartialEq, Hash, Serialize, Deserialize)]
pub struct ActionInPlay {
    /// The card.
    pub card: Uid,
    /// Who played it.
    pub controller: PlayerId,
    /// A faction named when it was played (Block the Path).
    pub named: Option<String>,
    /// Cards stored under it.
    pub stored: Vec<Uid>,
    /// The turn number it was played on.
    pub since_turn: u32,
    /// The mode chosen as it was played, fixed from then on (Enchantment).
    #[serde(default)]
    pub mode: Option<u8>,
}

/// A minion on a base.
#[derive(Debug, Clone, PartialEq, Hash, Serialize, Deserialize)]
pub struct MinionInPlay {
    /// The card.
    pub card: Uid,
    /// Who controls it now.
    pub controller: PlayerId,
    /// +1 power counters.
    pub counters: u32,
    /// Actions attached to it.
    pub attached: Vec<ActionInPlay>,
    /// Cards stored under it.
    pub stored: Vec<Uid>,
    /// The turn number it came onto a base on; moving between bases keeps it: "on a
    /// base since the start of this turn" (Chestbreaker). 0: before the first turn.
    #[serde(default)]
    pub since_turn: u32,
    /// Where it was played from, as its player played it: `DeckTop` for a card
    /// played off the top of a deck (Alien Life Form, Extradrone), `Hand` only for
    /// its player's own hand (Ancient Crashed Ship). None: put in play unplayed.
    #[serde(default)]
    pub played_from: Option<super::events::Zone>,
}

/// A base in play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BaseInPlay {
    /// The base card.
    pub card: Uid,
    /// Minions on it, in the order they arrived.
    pub minions: Vec<MinionInPlay>,
    /// Actions played on the base itself.
    pub actions: Vec<ActionInPlay>,
    /// Every minion played onto this base since it came into play, with who played
    /// it (printed Rainbow: "if you have played another minion on this base").
    #[serde(default)]
    pub played_here: Vec<(PlayerId, Uid)>,
}

/// The turn phases of the rulebook.
#[derive(Debug, Clone, Copy, PartialEq, Hash, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Before the first turn: mulligans.
    Setup,
    /// Start of turn.
    StartTurn,
    /// Play cards.
    PlayCards,
    /// Score bases.
    ScoreBases,
    /// Draw two cards.
    Draw,
    /// End of turn.
    EndTurn,
    /// The game is over.
    Over,
}

/// A permission to play one card.
#[derive(Debug, Clone, PartialEq, Hash, Serialize, Deserialize)]
pub struct Allowance {
    /// Minion or action.
    pub minion: bool,
    /// The turn's normal play (not an extra one).
    pub normal: bool,
    /// Printed power at most.
    pub power_at_most: Option<u32>,
    /// Only onto this base.
    pub only_on: Option<Uid>,
    /// Only onto a base where the player has no minion.
    pub only_where_no_minion: bool,
    /// Only onto a base where the player already has a minion.
    #[serde(default)]
    pub only_where_minion: bool,
    /// From the discard pile instead of the hand.
    pub from_discard: bool,
    /// The card that granted it (none for the turn's normal plays).
    #[serde(default)]
    pub source: Option<Uid>,
    /// Only a card with this name (Groupie).
    #[serde(default)]
    pub named: Option<super::name::Name>,
    /// Only an action onto a minion another player controls (Señor Muchoslam).
    #[serde(default)]
    pub onto_others_minion: bool,
    /// Only an action that will directly affect this minion (Biding Time).
    #[serde(default)]
    pub must_affect: Option<Uid>,
    /// A minion or an action, the player's choice (Wraithrustlers HQ).
    #[serde(default)]
    pub either: bool,
}

impl Allowance {
    /// The turn's free minion (or action) play, with no restriction.
    pub fn normal(minion: bool) -> Allowance {
        Allowance {
            minion,
            normal: true,
            power_at_most: None,
            only_on: None,
            only_where_no_minion: false,
            only_where_minion: false,
            from_discard: false,
            source: None,
            named: None,
            onto_others_minion: false,
            must_affect: None,
            either: false,
        }
    }

    /// True when a card of this kind (a minion or not) may use this play.
    pub fn fits_kind(&self, minion: bool) -> bool {
        self.either || self.minion == minion
    }
}

/// This turn's bookkeeping.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    /// Whose turn.
    pub player: PlayerId,
    /// Turn count from 1.
    pub number: u32,
    /// The phase.
    pub phase: Phase,
    /// Plays still available in the Play Cards phase.
    pub allowances: Vec<Allowance>,
    /// Minions the current player has played in the Play Cards phase ("not yet
    /// played a minion": Ninja Acolyte's clarification looks only there).
    pub minions_played: u32,
    /// Minions each seat has played this turn, in every phase and out of turn
    /// ("played no other minion earlier this turn": Microbot Fixer, Reclaimer).
    #[serde(default)]
    pub played_minions: Vec<u32>,
    /// The minions played this turn and where: (player, base, card) (Rainbow).
    #[serde(default)]
    pub played_on: Vec<(PlayerId, Uid, Uid)>,
    /// Cards each seat has played this turn, and how many of them used that seat's
    /// normal plays: the rest are extra cards (Eliza's limit).
    #[serde(default)]
    pub cards_played: Vec<(u32, u32)>,
    /// Once-per-turn keys already used (Talents by card, shared keys by name).
    pub used: Vec<String>,
    /// Answers given this turn, counted for the loop valve ([`super::flow::TURN_DECISION_LIMIT`]).
    #[serde(default)]
    pub decisions: u32,
    /// True once the valve has stopped a loop this turn (said once).
    #[serde(default)]
    pub loop_stopped: bool,
    /// Every minion move this turn, oldest first (Guide: the first move of each).
    #[serde(default)]
    pub moved: Vec<Uid>,
    /// Every card played this turn, by whom (Forgotten Horrors: a card you played
    /// that moved your minions).
    #[serde(default)]
    pub played_cards: Vec<(PlayerId, Uid)>,
    /// Some card had its last stasis counter removed this turn (Alex P. McGlide).
    #[serde(default)]
    pub stasis_emptied: bool,
    /// The cards that left stasis this turn: they cannot go straight back into it
    /// (rulebook "Stasis").
    #[serde(default)]
    pub left_stasis: Vec<Uid>,
    /// Every action destroyed this turn, with the base it was at (on the base or on
    /// a minion there): "a Wraith has been destroyed here this turn" (Roy).
    #[serde(default)]
    pub destroyed_actions: Vec<(Uid, Uid)>,
}

/// A temporary change with an end.
#[derive(Debug, Clone, PartialEq, Hash, Serialize, Deserialize)]
pub enum Lasting {
    /// A minion's power changes.
    Power { minion: Uid, amount: i32 },
    /// A power change that lasts only while the minion stays on this base (Ancient Temple).
    PowerHere { minion: Uid, amount: i32, base: Uid },
    /// A base's breakpoint changes.
    Breakpoint { base: Uid, amount: i32 },
    /// The player cannot play actions.
    NoActions { player: PlayerId },
    /// A minion is controlled by another player for a while; control goes back to
    /// `back_to` when this ends (Kitty Cats).
    Control { minion: Uid, back_to: PlayerId },
    /// The player cannot play actions during this turn (by number), which is their
    /// next turn (Mark of Sleep): it does not apply before then.
    NoActionsOnTurn { player: PlayerId, turn: u32 },
    /// Minions of players other than `player` get `amount` power at every base that
    /// holds an action named `action` controlled by `player`, whenever they got there
    /// (Hive Queen's Talent: -1 where you have an Egg Field). `by` is the card whose
    /// ability it was: a minion protected from other players' cards is not reached
    /// (Beautiful Castle).
    OthersPowerWhereAction {
        player: PlayerId,
        action: String,
        amount: i32,
        by: Uid,
    },
}

/// A lasting effect and when it ends.
#[derive(Debug, Clone, PartialEq, Hash, Serialize, Deserialize)]
pub struct LastingEffect {
    /// What it does.
    pub what: Lasting,
    /// When it ends.
    pub until: Expiry,
}

/// The moment a lasting effect ends.
#[derive(Debug, Clone, Copy, PartialEq, Hash, Eq, Serialize, Deserialize)]
pub enum Expiry {
    /// At the end of this turn number.
    EndOfTurn(u32),
    /// At the end of this player's next (or current) turn.
    EndOfTurnOf(PlayerId),
    /// At the start of this player's next turn.
    StartOfTurnOf(PlayerId),
}

impl Expiry {
    /// Resolves a card's "until" wording against the current turn.
    pub fn from_until(until: Until, you: PlayerId, turn: &Turn) -> Expiry {
        match until {
            Until::EndOfTurn => Expiry::EndOfTurn(turn.number),
            Until::EndOfYourTurn => Expiry::EndOfTurnOf(you),
            Until::StartOfYourNextTurn => Expiry::StartOfTurnOf(you),
        }
    }
}

/// The whole game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameState {
    /// The seeded RNG: every shuffle and random discard uses it.
    pub rng: ChaCha8Rng,
    /// Every physical card, indexed by [`Uid`].
    pub cards: Vec<CardInst>,
    /// The players, by seat.
    pub players: Vec<Player>,
    /// Bases in play, in table order (read as a `Vec`), with the live abilities on
    /// them gathered when read and dropped by any change (never saved).
    pub bases: super::in_play::Table,
    /// The base deck, top first.
    pub base_deck: Vec<Uid>,
    /// Scored and swapped-out bases.
    pub base_discard: Vec<Uid>,
    /// Cards out of the game.
    pub boxed: Vec<Uid>,
    /// The turn.
    pub turn: Turn,
    /// Temporary changes.
    pub lasting: Vec<LastingEffect>,
    /// Work still to resolve, last = next.
    pub stack: Vec<Task>,
    /// The one decision the game waits for.
    pub pending: Option<Pending>,
    /// The last answered list of options (a main question's, a choice's or an extra
    /// play's), emptied, kept for the next one to fill (never saved; always empty,
    /// so a copy starts without one).
    #[serde(skip)]
    pub(super) spare_options: Vec<super::decision::Choice>,
    /// Events not yet handed to the caller.
    #[serde(skip)]
    pub events: Vec<Event>,
    /// Players who took the opening mulligan question already.
    pub mulligan_asked: Vec<PlayerId>,
    /// The winner, once the game is over.
    pub winner: Option<PlayerId>,
    /// Which players may ignore a base's ability until the start of their next turn,
    /// and through which card (Infiltrate): it ends early if that card leaves play.
    pub ignoring: Vec<Ignoring>,
    /// Abilities triggered by what is resolving, waiting for it to finish.
    pub triggered: Vec<Triggered>,
    /// The places at the base scored last: (player, power, place from 1).
    pub ranks: Vec<(PlayerId, i32, u32)>,
    /// Who ignored the ability of the base scored last as it left play (Jammed Signal
    /// on it, Infiltrate): its "after it is replaced" ability (Tortuga) runs once the
    /// base and those cards are gone, and must still leave them out.
    #[serde(default)]
    pub left_play_ignored: Vec<(Uid, PlayerId)>,
    /// Cards revealed from the top of a deck and set aside while an ability decides
    /// where each goes (Portal): in no deck and not in play. Empty between abilities.
    #[serde(default)]
    pub aside: Vec<Uid>,
    /// (minion, source): the source's Ongoing abilities no longer affect that minion,
    /// because a one-use shield (Tooth and Claw... and Guns) stopped them as they
    /// started to; nor can the source affect the minion any more at all (Hideout:
    /// "that action has no effect on your minions"). Dropped when either card leaves
    /// play.
    #[serde(default)]
    pub stopped: Vec<(Uid, Uid)>,
    /// The cards whose play is resolving (their on-play abilities running), innermost
    /// last: what they do is "a card another player plays" (Brownie), unlike the
    /// Ongoing abilities of cards already in play.
    #[serde(default)]
    pub playing: Vec<PlayInProgress>,
    /// How many verbs have changed the game so far: "do X to do Y" runs Y only if
    /// this grew while X ran.
    #[serde(default)]
    pub done: u32,
    /// How many events have been handed out so far: an ability during which none was
    /// told changed nothing anyone could see (see [`super::events::Event::Resolved`]).
    #[serde(default)]
    pub told: u64,
    /// Why the ability resolving may change nothing, as last noted.
    #[serde(default)]
    pub quiet: Option<super::events::Quiet>,
    /// Phases the game stops at (a question with one answer, "continue") each turn
    /// before they begin: a scenario or a table that wants to look at the state at
    /// that moment.
    #[serde(default)]
    pub pause_at: Vec<Phase>,
    /// Actions resolving that go somewhere other than the discard pile when they
    /// finish (Friendship Power).
    #[serde(default)]
    pub redirected: Vec<(Uid, super::events::Zone)>,
    /// The turn and phase last paused at, so each pause happens once.
    #[serde(default)]
    pub paused: Option<(u32, Phase)>,
    /// Programs waiting for a scored base to be replaced (Lost City).
    #[serde(default)]
    pub delayed: Vec<Delayed>,
    /// Programs waiting for the end of this turn (Always Get Our Man).
    #[serde(default)]
    pub at_end_of_turn: Vec<(super::effect::Effect, super::interp::Ctx)>,
    /// Extra plays waiting for a later turn: (turn number, player, play), gained as
    /// that turn's Play Cards phase begins (Wraithrustlers HQ).
    #[serde(default)]
    pub later_extras: Vec<(u32, PlayerId, Allowance)>,
    /// The VP that ends the game, from its set-up (saved games without it: 15).
    #[serde(default = "super::flow::default_vp_goal")]
    pub vp_goal: u32,
    /// Where each card was last found (a checked hint for [`GameState::locate`], never
    /// saved).
    #[serde(skip)]
    pub whereabouts: super::whereabouts::Whereabouts,
    /// The kinds of ability of each player's own cards, worked out when first read
    /// (the cards never change; never saved): see [`super::owned`].
    #[serde(skip)]
    pub(super) owned_kinds: super::owned::OwnedKinds,
}

/// A program waiting for the scored base `base` to be replaced; it then runs with
/// the new base as `Subject` and `Here`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Delayed {
    pub base: Uid,
    pub effect: super::effect::Effect,
    pub ctx: super::interp::Ctx,
}

/// A player who may ignore a base's ability, through a card in play (Infiltrate).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ignoring {
    /// The base.
    pub base: Uid,
    /// The player.
    pub player: PlayerId,
    /// The card that lets them, which must still be in play.
    pub by: Uid,
}

/// A card being played, until its on-play abilities have resolved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayInProgress {
    /// The card.
    pub card: Uid,
    /// The player playing it.
    pub player: PlayerId,
    /// The minions it has affected so far: each reacts once per card (Brownie).
    pub affected: Vec<Uid>,
    /// Every minion the card directly affected, with the base it was on then and
    /// the player who controlled it then (a minion the action destroyed, returned or
    /// took control of no longer tells whose it was or where: Ringside, Bastion
    /// Saint-Gervais, Athos). The first two kept in place (most cards affect one or
    /// two minions), so that noting them allocates nothing.
    #[serde(default)]
    pub directly: smallvec::SmallVec<[(Uid, Uid, PlayerId); 2]>,
    /// The minion its choices of minions are held to (an extra action that must
    /// directly affect it: Biding Time).
    #[serde(default)]
    pub focus: Option<Uid>,
    /// Minions a one-use shield (Tooth and Claw... and Guns) has stopped this card's
    /// ability for: the whole ability is stopped for that minion, so its later parts
    /// (Fighting Spirit Prize's second counter, Chikara-Mizu's extra +2) do not reach it
    /// either; the next ability works normally.
    #[serde(default)]
    pub stopped_for: Vec<Uid>,
    /// It is its player's first action of the turn (Eh?), fixed as it is played: an
    /// action it plays while resolving (On a Roll) is the second one, and the first
    /// is still the first when it resolves after it.
    #[serde(default)]
    pub first_action: bool,
}

impl GameState {
    /// A game with these cards and zones, nothing pending yet and nothing resolving.
    pub(super) fn assemble(
        rng: ChaCha8Rng,
        cards: Vec<CardInst>,
        players: Vec<Player>,
        bases: Vec<BaseInPlay>,
        base_deck: Vec<Uid>,
        turn: Turn,
    ) -> GameState {
        GameState {
            rng,
            cards,
            players,
            bases: bases.into(),
            base_deck,
            base_discard: Vec::new(),
            boxed: Vec::new(),
            turn,
            lasting: Vec::new(),
            stack: Vec::new(),
            pending: None,
            spare_options: Vec::new(),
            events: Vec::new(),
            mulligan_asked: Vec::new(),
            winner: None,
            ignoring: Vec::new(),
            triggered: Vec::new(),
            ranks: Vec::new(),
            left_play_ignored: Vec::new(),
            aside: Vec::new(),
            stopped: Vec::new(),
            playing: Vec::new(),
            done: 0,
            told: 0,
            quiet: None,
            redirected: Vec::new(),
            pause_at: Vec::new(),
            paused: None,
            delayed: Vec::new(),
            at_end_of_turn: Vec::new(),
            later_extras: Vec::new(),
            vp_goal: super::flow::DEFAULT_VP_GOAL,
            whereabouts: Default::default(),
            owned_kinds: Default::default(),
        }
    }

    /// Notes that a verb changed the game (see [`GameState::done`]).
    pub(super) fn did(&mut self) {
        self.done = self.done.wrapping_add(1);
    }
}
