//! Who sits where: a person with a name, or a bot.

use crate::bots::Bot;
use serde::{Deserialize, Serialize};

/// One seat at the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    /// What the narration calls this player ("Ann", "Bot 2").
    pub name: String,
    /// The bot playing this seat; `None` for a person.
    pub bot: Option<Bot>,
}

impl Seat {
    /// A person at the keyboard called `name`.
    pub fn person(name: impl Into<String>) -> Seat {
        Seat {
            name: name.into(),
            bot: None,
        }
    }

    /// A seat played by `bot`, called `name` ("Bot 2").
    pub fn bot(name: impl Into<String>, bot: Bot) -> Seat {
        Seat {
            name: name.into(),
            bot: Some(bot),
        }
    }

    /// People at the keyboard with these names, in seat order.
    pub fn people(names: &[&str]) -> Vec<Seat> {
        names.iter().map(|&n| Seat::person(n)).collect()
    }

    /// True for a person at the keyboard.
    pub fn is_human(&self) -> bool {
        self.bot.is_none()
    }
}
