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
    /// People at the keyboard with these names, in seat order.
    pub fn people(names: &[&str]) -> Vec<Seat> {
        names
            .iter()
            .map(|n| Seat {
                name: n.to_string(),
                bot: None,
            })
            .collect()
    }

    /// True for a person at the keyboard.
    pub fn is_human(&self) -> bool {
        self.bot.is_none()
    }
}
