//! Finding what a typed text names at the table: a player, a base in play (by its
//! table number, code or name), a card on the table (by its number in `cards`, code,
//! name, or "name on base" for one copy of several), a card of a player's factions,
//! a base of the catalog, two factions. All of it through the game's one matcher
//! ([`crate::play::pick`] and [`crate::cards::query`]): any word of a name, its start,
//! codes; a miss is one line with "did you mean".

use super::answers::Names;
use super::tracker::{Spot, Tracker};
use crate::cards::model::Card;
use crate::cards::query::{self, find_faction, matching, FactionMiss};
use crate::play::pick::{did_you_mean, pick, Item};
use crate::quote::quote;

/// The seat `text` names.
pub fn player(t: &Tracker, text: &str) -> Result<usize, String> {
    let items: Vec<Item> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| Item::new(i + 1, &[p.name.as_str()]))
        .collect();
    if items.is_empty() {
        return Err("No players yet: type player, a name and two factions.".into());
    }
    pick(text, &items).map_err(|e| e.replace("a card code or a name", "a player's name"))
}

/// The table position of the base in play `text` names.
pub fn base_in_play(t: &Tracker, names: &Names, text: &str) -> Result<usize, String> {
    if t.bases.is_empty() {
        return Err("No bases yet: type base and a code or name, for example base b21.".into());
    }
    let items: Vec<Item> = t
        .bases
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let code = names.catalog.base(&b.base);
            let keys: Vec<String> = code
                .map(|x| vec![x.code.clone(), x.name.clone()])
                .unwrap_or_default();
            Item::new(i + 1, &keys)
        })
        .collect();
    pick(text, &items).map_err(|e| {
        if !e.starts_with("Nothing here matches") {
            return e.replace(" a card code or a name", " a base's code or name");
        }
        let near = hint_in(&e);
        let listed: Vec<String> = t
            .bases
            .iter()
            .enumerate()
            .map(|(i, b)| format!("{} {}", i + 1, names.name(&b.base)))
            .collect();
        format!(
            "{} is not a base in play.{near} The bases: {}.",
            quote(text.trim()),
            listed.join(", ")
        )
    })
}

/// The " Did you mean ...?" of an error of [`pick`], carried into a line of our own;
/// nothing when it has none.
fn hint_in(error: &str) -> String {
    error
        .split_once(" Did you mean ")
        .and_then(|(_, rest)| rest.split_once('?'))
        .map_or(String::new(), |(n, _)| format!(" Did you mean {n}?"))
}

/// The card on the table `text` names: its number in `cards`, its code or name, or
/// "name on base" when copies are on several bases.
pub fn on_table(t: &Tracker, names: &Names, text: &str) -> Result<Spot, String> {
    let spots = t.spots();
    if spots.is_empty() {
        return Err("No cards on the table yet.".into());
    }
    let items: Vec<Item> = spots
        .iter()
        .enumerate()
        .map(|(i, &spot)| {
            let (card, _) = t.card_at(spot);
            let base = names.name(&t.bases[spot.base()].base);
            let name = names.name(card);
            let code = names.catalog.card(card).map(|c| c.code.clone());
            let mut keys = vec![name.clone(), format!("{name} on {base}")];
            keys.extend(code);
            Item::new(i + 1, &keys)
        })
        .collect();
    pick(text, &items)
        .map(|i| spots[i])
        .map_err(|e| {
            if !e.starts_with("Nothing here matches") {
                return e;
            }
            let near = hint_in(&e);
            format!(
                "{} is not a card on the table.{near} Expected its number, code or name; cards lists them.",
                quote(text.trim())
            )
        })
}

/// The card of `seat`'s factions `text` names (a code, a name, a code and a name).
pub fn own_card<'a>(
    t: &Tracker,
    names: &Names<'a>,
    seat: usize,
    text: &str,
) -> Result<&'a Card, String> {
    let p = &t.players[seat];
    let cards: Vec<&Card> = names
        .catalog
        .cards()
        .filter(|c| p.factions.contains(&c.faction))
        .collect();
    let find = |text: &str| {
        let found = matching(
            &cards,
            text,
            |c| vec![c.code.clone()],
            |c| {
                let mut n = vec![c.name.clone(), format!("{} {}", c.code, c.name)];
                n.extend(c.aliases.iter().cloned());
                n
            },
        );
        // Copies of one card are one answer.
        match found.first() {
            Some(&first) if found.iter().all(|&i| cards[i].id == cards[first].id) => vec![first],
            _ => found,
        }
    };
    let found = find(text);
    if found.len() != 1 {
        if let Some(picked) = numbered(text, find, "cards") {
            return picked.map(|i| cards[i]);
        }
    }
    let factions: Vec<String> = p
        .factions
        .iter()
        .map(|f| {
            names
                .catalog
                .faction(f)
                .map_or(f.clone(), |x| x.name.clone())
        })
        .collect();
    match found.as_slice() {
        [one] => Ok(cards[*one]),
        [] => {
            let all: Vec<&str> = cards.iter().map(|c| c.name.as_str()).collect();
            let near = did_you_mean(&all, text);
            Err(format!(
                "{} is not a card of {}'s factions, {}.{near} Expected a code or name.",
                quote(text.trim()),
                p.name,
                factions.join(" and ")
            ))
        }
        many => {
            let listed: Vec<String> = many.iter().map(|&i| names.card(&cards[i].id)).collect();
            Err(could_be(text, &listed))
        }
    }
}

/// "b21 2", "pa 3": when `text` ends in a number and the words before it find several
/// entries, the entry with that number in their list, or a line saying how long the
/// list is; None when it does not end so or the words find one entry or none.
fn numbered(
    text: &str,
    find: impl Fn(&str) -> Vec<usize>,
    kind: &str,
) -> Option<Result<usize, String>> {
    let (rest, n) = text.trim().rsplit_once(char::is_whitespace)?;
    let n: usize = n.parse().ok()?;
    let listed = find(rest);
    if listed.len() < 2 {
        return None;
    }
    Some(
        n.checked_sub(1)
            .and_then(|i| listed.get(i).copied())
            .ok_or_else(|| {
                format!(
                    "{} lists {} {kind}: expected a number from 1 to {} after it.",
                    quote(rest.trim()),
                    listed.len(),
                    listed.len()
                )
            }),
    )
}

/// "\"pa\" could be 1. pa Broadside; 2. pa Cannon: type it with the number, ..."
fn could_be(text: &str, listed: &[String]) -> String {
    let numbered: Vec<String> = listed
        .iter()
        .enumerate()
        .map(|(k, l)| format!("{}. {l}", k + 1))
        .collect();
    format!(
        "{} could be {}: type it with the number, for example {} 1, or more of the name.",
        quote(text.trim()),
        numbered.join("; "),
        text.trim()
    )
}

/// The catalog base `text` names (a code, a name, a label); a code that several sets
/// share names the one of a set whose factions are at the table.
pub fn catalog_base(t: &Tracker, names: &Names, text: &str) -> Result<String, String> {
    let sets: Vec<_> = t
        .players
        .iter()
        .flat_map(|p| &p.factions)
        .filter_map(|f| names.catalog.faction(f).map(|f| f.set))
        .collect();
    let bases = &names.catalog.bases;
    let find = |text: &str| {
        let found = matching(
            bases,
            text,
            |b| vec![b.code.clone()],
            |b| vec![b.name.clone(), b.label()],
        );
        // A code shared by several sets means the base of a set the table plays.
        let of_sets: Vec<usize> = found
            .iter()
            .copied()
            .filter(|&i| sets.contains(&bases[i].set))
            .collect();
        match of_sets.as_slice() {
            [_] => of_sets,
            _ => found,
        }
    };
    let found = find(text);
    if found.len() != 1 {
        if let Some(picked) = numbered(text, find, "bases") {
            return picked.map(|i| bases[i].id.clone());
        }
    }
    match found.as_slice() {
        [one] => Ok(bases[*one].id.clone()),
        [] => {
            let all: Vec<&str> = bases.iter().map(|b| b.name.as_str()).collect();
            let near = did_you_mean(&all, text);
            Err(format!(
                "No base matches {}.{near} Expected a base's code or name, for example b21 or Tortuga.",
                quote(text.trim())
            ))
        }
        many => {
            let listed: Vec<String> = many
                .iter()
                .map(|&i| format!("{}, {}", bases[i].label(), bases[i].set.name()))
                .collect();
            Err(could_be(text, &listed))
        }
    }
}

/// Two factions from the words after a player's name: split where both halves name a
/// faction (`pirates ninjas`, `kitty cats and robots`, `p n`).
pub fn two_factions(names: &Names, text: &str) -> Result<[String; 2], String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("and"))
        .collect();
    let find = |w: &[&str]| find_faction(names.catalog, &w.join(" "));
    for k in 1..words.len() {
        if let (Ok(a), Ok(b)) = (find(&words[..k]), find(&words[k..])) {
            if a.id == b.id {
                return Err(format!(
                    "Two different factions are needed, not {} twice.",
                    a.name
                ));
            }
            return Ok([a.id.clone(), b.id.clone()]);
        }
    }
    // Say what is wrong with the first word that names no faction.
    let problem = words
        .iter()
        .find_map(|w| find_faction(names.catalog, w).err())
        .map(|miss| match miss {
            FactionMiss::Ambiguous(n) => format!(" It could be {}.", n.join(", ")),
            FactionMiss::Unknown(n) => format!(" Closest: {}.", n.join(", ")),
        })
        .unwrap_or_default();
    Err(format!(
        "Expected two factions, for example pirates ninjas; {} is not two.{problem}",
        quote(text.trim())
    ))
}

/// `card X`: the catalog's lines for the card X names: one card, a misspelling's
/// closest card, or a numbered list of several (`card pa`; `card pa 3` picks one).
pub fn look_up(names: &Names, text: &str) -> Result<Vec<String>, String> {
    use crate::cards::query::Found;
    match query::find_numbered(names.catalog, text)? {
        Found::Matches(found) => match found.as_slice() {
            [one] => Ok(crate::lookup::describe(names.catalog, *one)),
            many => {
                let mut lines = vec![format!(
                    "{} cards match {}: type card and a number.",
                    many.len(),
                    quote(text.trim())
                )];
                lines.extend(crate::lookup::numbered(names.catalog, many));
                Ok(lines)
            }
        },
        Found::Closest(one) => {
            let mut lines = crate::lookup::describe(names.catalog, one);
            lines[0] = format!("Closest match: {}", lines[0]);
            Ok(lines)
        }
        Found::Nothing { closest } => Err(format!(
            "No card matches {}.{}",
            quote(text.trim()),
            if closest.is_empty() {
                String::new()
            } else {
                format!(" Closest: {}.", closest.join(", "))
            }
        )),
    }
}
