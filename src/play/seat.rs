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
    /// True for a person at the keyboard.
    pub fn is_human(&self) -> bool {
        self.bot.is_none()
    }
}
