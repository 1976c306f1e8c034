//! The one question the game waits for: who must answer, what is asked, and the
//! numbered legal options. Answers are indices into `options`.

use super::effect::{Choose, Mode, Name, Purpose};
use super::events::Zone;
use super::interp::Ctx;
use super::prog::{Held, Prog};
use super::state::{Allowance, Phase, PlayerId, Uid};
use super::window::Triggered;
use serde::{Deserialize, Serialize};

/// Where an action or minion is played.
#[derive(Debug, Clone, Copy, PartialEq, Hash, Eq, Serialize, Deserialize)]
pub enum PlayTo {
    /// A base.
    Base(Uid),
    /// A minion (for actions played on a minion).
    Minion(Uid),
}

/// One legal answer.
#[derive(Debug, Clone, PartialEq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// Play a card from hand (or from the discard pile when an allowance says so).
    Play { card: Uid, to: Option<PlayTo> },
    /// Use a Special or Talent of a card in hand, play or discard pile.
    Use { card: Uid, to: Option<PlayTo> },
    /// Stop playing cards this turn.
    EndTurn,
    /// A card (a minion, an action, a card in a hand or pile).
    Card(Uid),
    /// A base.
    Base(Uid),
    /// A player.
    Player(PlayerId),
    /// A faction, by id.
    Faction(Name),
    /// Yes, do it.
    Yes,
    /// No.
    No,
    /// Stop choosing more.
    Done,
    /// Use nothing now.
    Pass,
    /// A triggered ability waiting in a window: its card, and the card it is about
    /// (the minion destroyed, played, ...).
    Ability { source: Uid, subject: Option<Uid> },
    /// Which of the plays left a card uses, when it fits several that differ.
    Allowance(Allowance),
    /// Go on (after a pause).
    Continue,
    /// One of the modes of a "choose one": its number and what it does.
    Mode { index: u8, label: Name },
    /// A number chosen for a card's ability: a power (Chestbreaker, Game Over, Dude!).
    Number(i32),
}

impl Choice {
    /// True for an answer that declines: end the turn, pass, no, done. The bots fall
    /// back on it when every other option was taken, the loop valve answers with it,
    /// and a busy playout takes it only when nothing else is left.
    pub fn declines(&self) -> bool {
        matches!(
            self,
            Choice::EndTurn | Choice::Pass | Choice::No | Choice::Done
        )
    }
}

/// What is being asked.
#[derive(Debug, Clone, PartialEq, Hash, Serialize, Deserialize)]
pub enum Ask {
    /// The opening hand has no minion: take a new hand?
    Mulligan,
    /// Play Cards phase: what now?
    Main,
    /// Several bases are ready: which scores first?
    ScoreWhich,
    /// A base is about to score: use a Special?
    BeforeScoring { base: Uid },
    /// A base has just scored (its cards are still on it): use a Special?
    AfterScoring { base: Uid },
    /// A choice for a card's ability.
    Choose {
        source: Uid,
        purpose: Option<Purpose>,
    },
    /// A yes/no for a card's "may".
    May { source: Uid },
    /// Too many cards after drawing: discard one.
    DiscardToTen,
    /// An extra play to use now or lose (outside the Play Cards phase, or specific).
    ExtraNow,
    /// Several abilities must happen at once: which happens first? The current player
    /// orders them ("Me First!").
    Order,
    /// Optional abilities wait: use one of yours now, or pass ("Me First!").
    Optional,
    /// The card fits more than one of the plays left: which does it use?
    WhichPlay { card: Uid },
    /// The game stops before this phase, as asked (see `GameState::pause_at`).
    Paused { phase: Phase },
    /// "Choose one" of a card's modes.
    ChooseOne { source: Uid },
    /// This minion would be destroyed and several effects could happen instead:
    /// which one does? (The current player picks.)
    Instead { card: Uid },
    /// A number for a card's ability: the power of the minion to play off the top of
    /// the deck (Chestbreaker, Game Over, Dude!, Head Grabber).
    ChooseNumber { source: Uid },
}

/// The question and its options.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// Who answers.
    pub player: PlayerId,
    /// What is asked.
    pub ask: Ask,
    /// The numbered options (answer with an index).
    pub options: Vec<Choice>,
}

/// What the engine does with the answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Resume {
    /// The mulligan question.
    Mulligan,
    /// The main decision.
    Main,
    /// Which base scores.
    ScoreWhich,
    /// A round of Specials before a base scores.
    BeforeScoring {
        base: Uid,
        passes: u8,
        /// The round after the base scored.
        #[serde(default)]
        after: bool,
    },
    /// A choice: each option but Done stands for the value it names (see
    /// [`super::interp::choice_value`]); the context of the choosing ability is boxed,
    /// so that a pending decision stays small to move.
    Choose {
        choose: Held<Choose>,
        ctx: Box<Ctx>,
        picked: u32,
    },
    /// A may.
    May { effect: Prog, ctx: Box<Ctx> },
    /// Discarding down to ten.
    DiscardToTen,
    /// An extra play offered now.
    ExtraNow {
        /// The minion the action played must directly affect (Biding Time), if any.
        #[serde(default)]
        focus: Option<Uid>,
        /// The card whose ability offers it.
        #[serde(default)]
        by: Option<Uid>,
    },
    /// Ordering a window's mandatory abilities; options match `waiting`.
    Order { waiting: Vec<Triggered> },
    /// A window's optional round.
    Optional { waiting: Vec<Triggered>, passes: u8 },
    /// Which replacement of `card`'s destruction happens; options match `waiting`.
    Instead { card: Uid, waiting: Vec<Triggered> },
    /// Which allowance a play uses; the options carry them.
    WhichPlay {
        card: Uid,
        to: Option<PlayTo>,
        from: Zone,
    },
    /// A pause before a phase.
    Paused,
    /// A "choose one"; the options are the modes' numbers.
    ChooseOne {
        modes: Held<Vec<Mode>>,
        ctx: Box<Ctx>,
    },
    /// A number chosen: bound to `bind`, then `then` runs.
    ChooseNumber {
        bind: super::effect::Name,
        then: Prog,
        ctx: Box<Ctx>,
    },
}

/// The pending decision with its continuation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    /// The question.
    pub decision: Decision,
    /// The continuation.
    pub resume: Resume,
}
