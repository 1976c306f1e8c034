//! Reminders of the abilities a change at the table sets off. The companion does not
//! play abilities out (the people at the table do, and type what happened), but it
//! knows from the card data which cards in play wait for a minion played, destroyed
//! or moved where it happened (Leprechaun, Cave of Shinies, Tar Pits, Nukebot, Fun
//! Bear), and names them with their text, so that none is forgotten.

use super::answers::Names;
use super::tracker::Tracker;
use crate::engine::effect::{Ability, Trigger};

/// What just happened at the table.
#[derive(Debug, Clone, Copy)]
pub enum Happened<'a> {
    /// `by` played a minion on base `base` (it is the base's last minion).
    Played { base: usize, by: usize },
    /// The minion `card` was destroyed from base `base` (it is off the table now).
    Destroyed { base: usize, card: &'a str },
    /// A minion moved onto base `base` (it is the base's last minion).
    Moved { base: usize },
}

/// "Reminder, tm5 Leprechaun: ..." for each card in play (and base) whose ability
/// waits for what happened.
pub fn reminders(t: &Tracker, names: &Names, happened: Happened) -> Vec<String> {
    let here = match happened {
        Happened::Played { base, .. }
        | Happened::Destroyed { base, .. }
        | Happened::Moved { base } => base,
    };
    // (card id, its controller, on the base where it happened, the card that moved or was played)
    let mut in_play: Vec<(&str, Option<usize>, bool, bool)> = Vec::new();
    for (b, base) in t.bases.iter().enumerate() {
        in_play.push((&base.base, None, b == here, false));
        let last = base.minions.len().saturating_sub(1);
        for (i, m) in base.minions.iter().enumerate() {
            let subject = b == here && i == last && !matches!(happened, Happened::Destroyed { .. });
            in_play.push((&m.card, Some(m.controller), b == here, subject));
            for a in &m.actions {
                in_play.push((&a.card, Some(a.owner), b == here, false));
            }
        }
        for a in &base.actions {
            in_play.push((&a.card, Some(a.owner), b == here, false));
        }
    }
    let mut out = Vec::new();
    for (card, controller, on_here, subject) in in_play {
        let waits = |a: &Ability| match (happened, a.when) {
            (Happened::Played { .. }, Trigger::AfterMinionPlayedHere) => on_here && !subject,
            (Happened::Played { by, .. }, Trigger::AfterOthersMinionPlayedHere) => {
                on_here && !subject && controller != Some(by)
            }
            (Happened::Destroyed { .. }, Trigger::AfterMinionHereDestroyed) => on_here,
            (Happened::Destroyed { .. }, Trigger::AfterMinionDestroyed) => true,
            (Happened::Moved { .. }, Trigger::AfterMinionMovedHere) => on_here && !subject,
            _ => false,
        };
        if abilities(names, card).iter().any(waits) {
            out.push(format!(
                "Reminder, {}: {}",
                names.card(card),
                text(names, card)
            ));
        }
    }
    if let Happened::Destroyed { card, .. } = happened {
        if abilities(names, card)
            .iter()
            .any(|a| a.when == Trigger::AfterDestroyed)
        {
            out.push(format!(
                "Reminder, {}: {}",
                names.card(card),
                text(names, card)
            ));
        }
    }
    out
}

/// A card's or base's abilities in the effect language.
fn abilities<'a>(names: &Names<'a>, id: &str) -> &'a [Ability] {
    names.printed(id).map(|p| p.abilities).unwrap_or(&[])
}

/// A card's or base's text, in our words.
fn text(names: &Names, id: &str) -> String {
    names
        .printed(id)
        .map(|p| p.text.to_string())
        .unwrap_or_default()
}
