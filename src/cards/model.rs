//! The card data model: what one RON file in `cards/` holds, and the in-memory
//! catalog entries built from it.
//!
//! Every struct is `deny_unknown_fields` so that a typo in a hand-edited file is an
//! error naming the file and line, never a silently ignored field.

use crate::engine::effect::Ability;
use serde::{Deserialize, Serialize};

/// The five boxes we implement. The order is the order of publication of our
/// printings and the order the catalog lists them in.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub enum SetId {
    /// Smash Up core set (2012).
    #[default]
    Core,
    /// What Were We Thinking? (2017).
    WhatWereWeThinking,
    /// Pretty Pretty Smash Up (2015).
    PrettyPrettySmashUp,
    /// World Tour: International Incident (2019).
    WorldTour,
    /// Excellent Movies, Dudes! (2023).
    ExcellentMoviesDudes,
}

impl SetId {
    /// Every set, in catalog order.
    pub const ALL: [SetId; 5] = [
        SetId::Core,
        SetId::WhatWereWeThinking,
        SetId::PrettyPrettySmashUp,
        SetId::WorldTour,
        SetId::ExcellentMoviesDudes,
    ];

    /// The set's full name, as spoken and printed.
    pub fn name(self) -> &'static str {
        match self {
            SetId::Core => "Core Set",
            SetId::WhatWereWeThinking => "What Were We Thinking?",
            SetId::PrettyPrettySmashUp => "Pretty Pretty Smash Up",
            SetId::WorldTour => "World Tour: International Incident",
            SetId::ExcellentMoviesDudes => "Excellent Movies, Dudes!",
        }
    }

    /// A short key for the command line (`--set core`) and JSON.
    pub fn key(self) -> &'static str {
        match self {
            SetId::Core => "core",
            SetId::WhatWereWeThinking => "wwwt",
            SetId::PrettyPrettySmashUp => "ppsu",
            SetId::WorldTour => "world-tour",
            SetId::ExcellentMoviesDudes => "emd",
        }
    }
}

/// A label printed on a card that changes when or how its ability works, or
/// that other cards look for (Wraith).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Label {
    /// Active the whole time the card is in play.
    Ongoing,
    /// Used at an unusual moment the card names (before a base scores, from the discard pile, ...).
    Special,
    /// Usable once during each of your turns' Play Cards phase.
    Talent,
    /// An action of the Wraith subtype (Wraithrustlers).
    Wraith,
}

impl Label {
    /// The label as printed.
    pub fn name(self) -> &'static str {
        match self {
            Label::Ongoing => "Ongoing",
            Label::Special => "Special",
            Label::Talent => "Talent",
            Label::Wraith => "Wraith",
        }
    }
}

/// Whose minion an action may be attached to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MinionOwner {
    /// Any minion in play.
    Any,
    /// Only a minion the player of the action controls.
    Own,
    /// Only a minion another player controls.
    Others,
}

/// Where an action goes when it is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum PlayTarget {
    /// Resolves, then goes to the discard pile.
    Standard,
    /// Stays on the chosen base.
    OnBase,
    /// Stays attached to the chosen minion; `max_power` limits the target's power.
    OnMinion {
        whose: MinionOwner,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_power: Option<u32>,
        /// Only onto a minion that already has one of your actions on it (Pin).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        with_your_action: bool,
    },
    /// Puts itself into stasis when played (Backtimers).
    IntoStasis,
}

impl PlayTarget {
    /// A short phrase for look-ups and sheets ("played on a minion of yours").
    pub fn describe(self) -> String {
        match self {
            PlayTarget::Standard => "standard action".to_string(),
            PlayTarget::OnBase => "action played on a base".to_string(),
            PlayTarget::OnMinion {
                whose, max_power, ..
            } => {
                let whose = match whose {
                    MinionOwner::Any => "a minion",
                    MinionOwner::Own => "a minion of yours",
                    MinionOwner::Others => "another player's minion",
                };
                match max_power {
                    Some(p) => format!("action played on {whose} of power {p} or less"),
                    None => format!("action played on {whose}"),
                }
            }
            PlayTarget::IntoStasis => "action that puts itself in stasis".to_string(),
        }
    }
}

/// Minion or action, with what only that kind has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Kind {
    /// A minion and its printed power.
    Minion { power: u32 },
    /// An action and where it is played.
    Action { play: PlayTarget },
}

/// One faction card (all copies of it share this entry).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// Stable id, `faction.snake_name`, e.g. `pirates.pirate_king`.
    pub id: String,
    /// Braille-edition code: faction letter, `m` or `a`, and a minion's power (`pm5`, `pa`).
    pub code: String,
    /// The printed name.
    pub name: String,
    /// Other printed names the reference mentions (current names, other printings).
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Faction id; filled in from the file's faction when loaded.
    #[serde(skip_deserializing)]
    pub faction: String,
    /// The set; filled in from the file's faction when loaded.
    #[serde(skip_deserializing)]
    pub set: SetId,
    /// Minion (with power) or action (with play target).
    pub kind: Kind,
    /// How many copies a faction deck holds.
    pub copies: u32,
    /// Printed labels (Ongoing, Special, Talent, Wraith).
    #[serde(default)]
    pub labels: Vec<Label>,
    /// The ability as printed, in our own words.
    pub text: String,
    /// Official clarifications and rulings, in our own words.
    #[serde(default)]
    pub clarifications: Vec<String>,
    /// The current official text where it differs from our printing (not implemented).
    #[serde(default)]
    pub errata: Option<String>,
    /// What the card does, in the effect language (`crate::engine::effect`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
}

impl Card {
    /// Printed power, for minions.
    pub fn power(&self) -> Option<u32> {
        match self.kind {
            Kind::Minion { power } => Some(power),
            Kind::Action { .. } => None,
        }
    }

    /// True for minions.
    pub fn is_minion(&self) -> bool {
        matches!(self.kind, Kind::Minion { .. })
    }
}

/// One base card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Base {
    /// Stable id, `bases.snake_name`, e.g. `bases.tortuga`.
    pub id: String,
    /// Braille-edition code: `b` and the breakpoint (`b21`).
    pub code: String,
    /// The printed name.
    pub name: String,
    /// Other names the reference mentions.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// The faction the base came with (a thematic pairing, used for building base decks).
    pub faction: String,
    /// The set; filled in from the file when loaded.
    #[serde(skip_deserializing)]
    pub set: SetId,
    /// Total power at which the base scores.
    pub breakpoint: u32,
    /// VP for the winner, runner-up and third place.
    pub vp: [u32; 3],
    /// The ability as printed, in our own words ("No ability." when blank).
    pub text: String,
    /// Official clarifications and rulings, in our own words.
    #[serde(default)]
    pub clarifications: Vec<String>,
    /// The current official text where it differs from our printing (not implemented).
    #[serde(default)]
    pub errata: Option<String>,
    /// What the base does, in the effect language (`crate::engine::effect`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
}

impl Base {
    /// True when the engine knows what the base does (its ability is written in the
    /// effect language, or it has none): only such bases are dealt.
    pub fn implemented(&self) -> bool {
        !self.abilities.is_empty() || self.text == "No ability."
    }

    /// The braille-edition label: code, name and VP values (`b21 Tortuga 4 3 2`).
    pub fn label(&self) -> String {
        format!(
            "{} {} {} {} {}",
            self.code, self.name, self.vp[0], self.vp[1], self.vp[2]
        )
    }
}

/// A faction's file: the faction and its cards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    /// Stable id, lower-case, e.g. `pirates`, `rock_stars`.
    pub id: String,
    /// The printed faction name.
    pub name: String,
    /// The code letter (README table).
    pub letter: char,
    /// The set the faction comes in.
    pub set: SetId,
    /// One line on how the faction plays, in our own words.
    pub summary: String,
    /// The faction's cards.
    pub cards: Vec<Card>,
}

/// A set's file of bases.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BaseSet {
    /// The set these bases come in.
    pub set: SetId,
    /// The bases.
    pub bases: Vec<Base>,
}
