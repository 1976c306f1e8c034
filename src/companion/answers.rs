//! The companion's answers: each base against its breakpoint, the cards on a base,
//! who would win a base and the VP each place gets, and the score with what the VP goal
//! means. Every number is read from the engine's game built from the table, never
//! worked out here; these functions only put it into words, most important word
//! first and never two numbers side by side.

use super::tracker::{Spot, Tracker};
use crate::cards::Catalog;
use crate::engine::{GameState, PlayerId, Uid};
use crate::play::describe::and_list;

/// How cards are named: with their braille-edition code first, or by name only.
pub struct Names<'a> {
    /// The card data.
    pub catalog: &'a Catalog,
    /// Codes first (`pm5 Pirate King`) or names only.
    pub codes: bool,
}

impl<'a> Names<'a> {
    /// A card's or base's printed facts by id: code, name, text and abilities.
    pub fn printed(&self, id: &str) -> Option<Printed<'a>> {
        let catalog = self.catalog;
        catalog
            .card(id)
            .map(|c| Printed {
                code: &c.code,
                name: &c.name,
                text: &c.text,
                abilities: &c.abilities,
            })
            .or_else(|| {
                catalog.base(id).map(|b| Printed {
                    code: &b.code,
                    name: &b.name,
                    text: &b.text,
                    abilities: &b.abilities,
                })
            })
    }

    /// A card or base by id: `pm5 Pirate King`, or `Pirate King` without codes.
    pub fn card(&self, id: &str) -> String {
        match self.printed(id) {
            Some(p) if self.codes => format!("{} {}", p.code, p.name),
            Some(p) => p.name.to_string(),
            None => id.to_string(),
        }
    }

    /// A card's or base's name alone: `Tortuga`.
    pub fn name(&self, id: &str) -> String {
        self.printed(id)
            .map(|p| p.name.to_string())
            .unwrap_or_else(|| id.to_string())
    }
}

/// What a card or base says, as printed in the card data.
pub struct Printed<'a> {
    /// Its code: `pm5`, `b21`.
    pub code: &'a str,
    /// Its name.
    pub name: &'a str,
    /// Its ability in our words.
    pub text: &'a str,
    /// Its ability in the effect language.
    pub abilities: &'a [crate::engine::effect::Ability],
}

/// "Tortuga, 18 of 21" and ", will score" once it has reached its breakpoint.
pub fn total(t: &Tracker, game: &GameState, names: &Names, b: usize) -> String {
    let base = game.bases[b].card;
    let (power, breakpoint) = (game.base_power(base), game.breakpoint(base));
    let ready = if power >= breakpoint {
        ", will score"
    } else {
        ""
    };
    format!(
        "{}, {power} of {breakpoint}{ready}",
        names.name(&t.bases[b].base)
    )
}

/// Each player's power on a base, strongest first: "Ann, 11 power; Ben, 7 power";
/// "no minions" on an empty base.
fn powers(t: &Tracker, game: &GameState, b: usize) -> String {
    let base = game.bases[b].card;
    let mut seats: Vec<(usize, i32)> = (0..t.players.len())
        .filter(|&p| t.bases[b].minions.iter().any(|m| m.controller == p))
        .map(|p| (p, game.player_power(base, PlayerId(p as u8))))
        .collect();
    if seats.is_empty() {
        return "no minions".into();
    }
    seats.sort_by_key(|&(p, power)| (std::cmp::Reverse(power), p));
    let parts: Vec<String> = seats
        .iter()
        .map(|&(p, power)| format!("{}, {power} power", t.players[p].name))
        .collect();
    parts.join("; ")
}

/// `bases`: one numbered line a base, its total against its breakpoint and each
/// player's power there.
pub fn bases(t: &Tracker, game: &GameState, names: &Names) -> Vec<String> {
    if t.bases.is_empty() {
        return vec!["No bases yet: type base and a code or name, for example base b21.".into()];
    }
    (0..t.bases.len())
        .map(|b| {
            format!(
                "{}. {}; {}.",
                b + 1,
                total(t, game, names, b),
                powers(t, game, b)
            )
        })
        .collect()
}

/// One card on the table as listed: "pm5 Pirate King, Ann's, power 7, 2 power
/// counters" or "na Poison on King Rex, Ben's".
pub fn card_line(t: &Tracker, game: &GameState, names: &Names, spot: Spot) -> String {
    let (card, owner) = t.card_at(spot);
    let whose = &t.players[owner].name;
    match spot {
        Spot::Minion { base, minion } => {
            let m = &t.bases[base].minions[minion];
            let mut line = format!("{}, {whose}'s", names.card(card));
            if m.controller != m.owner {
                line.push_str(&format!(", controlled by {}", t.players[m.controller].name));
            }
            if m.counters > 0 {
                let s = if m.counters == 1 { "" } else { "s" };
                line.push_str(&format!(", {} power counter{s}", m.counters));
            }
            if m.this_turn != 0 {
                line.push_str(&format!(", {:+} this turn", m.this_turn));
            }
            let power = game.power(minion_uid(game, base, minion));
            format!("{line}, power {power}")
        }
        Spot::OnMinion { base, minion, .. } => format!(
            "{} on {}, {whose}'s",
            names.card(card),
            names.name(&t.bases[base].minions[minion].card)
        ),
        Spot::OnBase { .. } => format!("{}, {whose}'s, on the base", names.card(card)),
    }
}

/// The engine's card for a minion of the table.
pub fn minion_uid(game: &GameState, base: usize, minion: usize) -> Uid {
    game.bases[base].minions[minion].card
}

/// `base X`: the base's total and powers, its ability, then its cards numbered as
/// `cards` numbers them.
pub fn base(t: &Tracker, game: &GameState, names: &Names, b: usize) -> Vec<String> {
    let mut lines = vec![format!(
        "{}; {}.",
        total(t, game, names, b),
        powers(t, game, b)
    )];
    if let Some(base) = names.catalog.base(&t.bases[b].base) {
        if base.text != "No ability." {
            lines.push(format!("Ability: {}", base.text));
        }
    }
    for (i, spot) in t.spots().into_iter().enumerate() {
        if spot.base() == b {
            lines.push(format!("{}. {}.", i + 1, card_line(t, game, names, spot)));
        }
    }
    lines
}

/// `cards`: every card on the table, numbered, base by base.
pub fn cards(t: &Tracker, game: &GameState, names: &Names) -> Vec<String> {
    let spots = t.spots();
    if spots.is_empty() {
        return vec!["No cards on the table yet.".into()];
    }
    let mut lines = Vec::new();
    let mut last = None;
    for (i, spot) in spots.into_iter().enumerate() {
        if last != Some(spot.base()) {
            last = Some(spot.base());
            lines.push(format!("{}:", names.name(&t.bases[spot.base()].base)));
        }
        lines.push(format!("{}. {}.", i + 1, card_line(t, game, names, spot)));
    }
    lines
}

/// "first", "second", ... for a place from 1.
pub fn place_word(place: u32) -> &'static str {
    match place {
        1 => "First",
        2 => "Second",
        3 => "Third",
        4 => "Fourth",
        _ => "Later",
    }
}

/// The places at a base if it scored now, one line each: "First: Ann, 11 power, 4
/// VP." with ties said ("First, tied: Ann and Ben, 7 power each, 4 VP each.").
/// `gains` words the VP as gained (after a scoring) rather than as would-be.
pub fn placings(t: &Tracker, game: &GameState, b: usize, gains: bool) -> Vec<String> {
    let placings = game.placings(game.bases[b].card);
    if placings.is_empty() {
        return vec!["Nobody has a minion there: nobody gets VP.".into()];
    }
    let mut lines = Vec::new();
    let mut places: Vec<u32> = placings.iter().map(|p| p.place).collect();
    places.dedup();
    for place in places {
        let at: Vec<_> = placings.iter().filter(|p| p.place == place).collect();
        let who: Vec<String> = at
            .iter()
            .map(|p| t.players[p.player.ix()].name.clone())
            .collect();
        let (power, vp) = (at[0].power, at[0].vp);
        let each = if at.len() > 1 { " each" } else { "" };
        let tied = if at.len() > 1 { ", tied" } else { "" };
        let vp = match (vp, gains) {
            (0, _) => "no VP".to_string(),
            (vp, true) => format!("gain{} {vp} VP{each}", if at.len() > 1 { "" } else { "s" }),
            (vp, false) => format!("{vp} VP{each}"),
        };
        lines.push(format!(
            "{}{tied}: {}, {power} power{each}, {vp}.",
            place_word(place),
            and_list(&who)
        ));
    }
    lines
}

/// `score`: everyone's VP, who is ahead, and what the VP goal (15 unless set up
/// otherwise) means at the end of this turn.
pub fn score(t: &Tracker, game: &GameState) -> Vec<String> {
    let parts: Vec<String> = t
        .players
        .iter()
        .map(|p| match p.vp {
            0 => format!("{}, no VP", p.name),
            vp => format!("{}, {vp} VP", p.name),
        })
        .collect();
    let mut lines = vec![format!("Score: {}.", parts.join("; "))];
    let best = t.players.iter().map(|p| p.vp).max().unwrap_or(0);
    let leaders: Vec<String> = t
        .players
        .iter()
        .filter(|p| p.vp == best)
        .map(|p| p.name.clone())
        .collect();
    let second = t.players.iter().map(|p| p.vp).filter(|&vp| vp < best).max();
    match (leaders.as_slice(), second) {
        _ if best == 0 => lines.push("Nobody has VP yet.".into()),
        ([one], Some(next)) => lines.push(format!("{one} is ahead, by {} VP.", best - next)),
        ([one], None) => lines.push(format!("{one} is ahead.")),
        (many, _) => lines.push(format!("{} tie for the lead.", and_list(many))),
    }
    let name = |p: &PlayerId| t.players[p.ix()].name.clone();
    let goal = game.vp_goal;
    match game.game_end_leaders().as_deref() {
        Some([one]) => lines.push(format!(
            "Game end: {} has {goal} VP or more and the most, so the game ends at the end of this turn and {} wins, unless that changes first.",
            name(one),
            name(one)
        )),
        Some(many) => lines.push(format!(
            "Game end: someone has {goal} VP or more, but {} tie for the most, so the game goes on; the first to lead alone at the end of a turn wins.",
            and_list(&many.iter().map(name).collect::<Vec<_>>())
        )),
        None => lines.push(format!(
            "Game end: at the end of a turn in which someone has {goal} VP; the most VP wins."
        )),
    }
    lines
}
