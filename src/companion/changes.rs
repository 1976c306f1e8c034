//! The commands that change the table: a player joins, a base is put out, a card is
//! played, destroyed, returned or moved, counters and power until the end of the
//! turn, control, a new turn, VP, and scoring a base. Each one changes the tracker
//! and says what happened in a line or two, with the totals read from the engine
//! afterwards; an impossible change is an error line, and the caller puts the table
//! back as it was.

use super::answers::{self, Names};
use super::find;
use super::parse::splits;
use super::reminders::{reminders, Happened};
use super::tracker::{Action, Base, Minion, Seat, Spot, Taken, Tracker};
use crate::cards::model::{Kind, PlayTarget};

/// The most players the engine takes at one table.
const MOST_PLAYERS: usize = 4;

/// "Tortuga, 5 of 21." for each base, read from the engine after a change.
fn totals(t: &Tracker, names: &Names, bases: &[usize]) -> Result<String, String> {
    let game = t.game()?;
    let parts: Vec<String> = bases
        .iter()
        .map(|&b| answers::total(t, &game, names, b))
        .collect();
    Ok(format!("{}.", parts.join("; ")))
}

/// `player NAME FACTIONS`.
pub fn add_player(
    t: &mut Tracker,
    names: &Names,
    name: &str,
    factions: &str,
) -> Result<Vec<String>, String> {
    if t.players.iter().any(|p| p.name.eq_ignore_ascii_case(name)) {
        return Err(format!(
            "{name} is already at the table; give another name."
        ));
    }
    if t.players.len() >= MOST_PLAYERS {
        return Err(format!(
            "The table is full: at most {MOST_PLAYERS} players."
        ));
    }
    let [a, b] = find::two_factions(names, factions)?;
    let faction_name = |id: &str| {
        names
            .catalog
            .faction(id)
            .map_or(id.to_string(), |f| f.name.clone())
    };
    let line = format!(
        "{name} plays {} and {}, seat {}.",
        faction_name(&a),
        faction_name(&b),
        t.players.len() + 1
    );
    t.players.push(Seat {
        name: name.to_string(),
        factions: vec![a, b],
        vp: 0,
        discard: Vec::new(),
    });
    Ok(vec![line])
}

/// `base X` for a base not in play: put out, in the place of a scored base if one is
/// waiting to be replaced.
pub fn put_base(t: &mut Tracker, names: &Names, text: &str) -> Result<Vec<String>, String> {
    let id = find::catalog_base(t, names, text)?;
    if t.bases.iter().any(|b| b.base == id) {
        return Err(format!("{} is already in play.", names.name(&id)));
    }
    let base = Base {
        base: id.clone(),
        minions: Vec::new(),
        actions: Vec::new(),
    };
    let (at, replaced) = match t.replacing.take() {
        Some(at) => (at.min(t.bases.len()), t.scored.last().cloned()),
        None => (t.bases.len(), None),
    };
    t.bases.insert(at, base);
    let mut lines = vec![match replaced {
        Some(old) => format!(
            "{} replaces {}, base {}.",
            names.card(&id),
            names.name(&old),
            at + 1
        ),
        None => format!("{} is base {}.", names.card(&id), at + 1),
    }];
    if !t.players.is_empty() {
        lines.push(totals(t, names, &[at])?);
    }
    Ok(lines)
}

/// `ann plays X on Y`: the first way of splitting the words into a card of hers and
/// where it goes that fits the card's kind.
pub fn play(
    t: &mut Tracker,
    names: &Names,
    seat: usize,
    words: &str,
) -> Result<Vec<String>, String> {
    let mut first_error: Option<String> = None;
    let mut target_error: Option<String> = None;
    for (card_text, target) in splits(words) {
        let card = match find::own_card(t, names, seat, &card_text) {
            Ok(card) => card,
            Err(e) => {
                first_error.get_or_insert(e);
                continue;
            }
        };
        match place(t, names, seat, &card.id, card.kind, target.as_deref()) {
            Ok(lines) => return Ok(lines),
            Err(e) => {
                target_error.get_or_insert(e);
            }
        }
    }
    Err(target_error
        .or(first_error)
        .unwrap_or_else(|| "Expected a card and where it goes.".into()))
}

/// Puts a played card where its kind says, at `target`.
fn place(
    t: &mut Tracker,
    names: &Names,
    seat: usize,
    id: &str,
    kind: Kind,
    target: Option<&str>,
) -> Result<Vec<String>, String> {
    let who = t.players[seat].name.clone();
    let card = names.card(id);
    let copies = names.catalog.card(id).map_or(u32::MAX, |c| c.copies);
    let on_table = t
        .spots()
        .into_iter()
        .filter(|&s| t.card_at(s) == (id, seat))
        .count();
    if on_table as u64 >= copies as u64 {
        return Err(format!(
            "Every {} of {who}'s deck is already on the table; type cards to hear them.",
            names.name(id)
        ));
    }
    let action = Action {
        card: id.to_string(),
        owner: seat,
    };
    match kind {
        Kind::Minion { .. } => {
            let target = target.ok_or_else(|| format!("Expected where {card} goes: on a base."))?;
            let b = find::base_in_play(t, names, target)?;
            t.bases[b].minions.push(Minion {
                card: id.to_string(),
                owner: seat,
                controller: seat,
                counters: 0,
                this_turn: 0,
                actions: Vec::new(),
            });
            let base = names.name(&t.bases[b].base);
            let mut lines = vec![format!(
                "{who} plays {card} on {base}. {}",
                totals(t, names, &[b])?
            )];
            lines.extend(reminders(t, names, Happened::Played { base: b, by: seat }));
            Ok(lines)
        }
        Kind::Action {
            play: PlayTarget::OnBase,
        } => {
            let target =
                target.ok_or_else(|| format!("Expected {card} on a base: it is played on one."))?;
            let b = find::base_in_play(t, names, target)?;
            t.bases[b].actions.push(action);
            let base = names.name(&t.bases[b].base);
            Ok(vec![format!(
                "{who} plays {card} on {base}. {}",
                totals(t, names, &[b])?
            )])
        }
        Kind::Action {
            play: PlayTarget::OnMinion { .. },
        } => {
            let target = target
                .ok_or_else(|| format!("Expected {card} on a minion: it is played on one."))?;
            let spot = find::on_table(t, names, target)?;
            let Spot::Minion { base, minion } = spot else {
                return Err(format!("{card} is played on a minion, not on an action."));
            };
            t.bases[base].minions[minion].actions.push(action);
            let on = names.name(&t.bases[base].minions[minion].card);
            Ok(vec![format!(
                "{who} plays {card} on {on}. {}",
                totals(t, names, &[base])?
            )])
        }
        Kind::Action { .. } => {
            t.players[seat].discard.push(id.to_string());
            Ok(vec![format!(
                "{who} plays {card}; it goes to {who}'s discard pile. Type what it did: destroy, move, counter, return, vp."
            )])
        }
    }
}

/// The name of the card at a spot and its base, for the lines.
fn named(t: &Tracker, names: &Names, spot: Spot) -> String {
    names.name(t.card_at(spot).0)
}

/// Where a card taken off the table goes, in words: "to Ann's discard pile, and
/// Poison to Ben's discard pile".
fn gone(t: &Tracker, names: &Names, taken: &Taken, to: &str) -> String {
    let whose = |seat: usize| t.players[seat].name.clone();
    match taken {
        Taken::Minion(m) => {
            let mut line = format!("to {}'s {to}", whose(m.owner));
            for a in &m.actions {
                line.push_str(&format!(
                    ", and {} to {}'s discard pile",
                    names.name(&a.card),
                    whose(a.owner)
                ));
            }
            line
        }
        Taken::Action(a) => format!("to {}'s {to}", whose(a.owner)),
    }
}

/// `destroy X`: to its owner's discard pile, with the actions on it.
pub fn destroy(t: &mut Tracker, names: &Names, text: &str) -> Result<Vec<String>, String> {
    let spot = find::on_table(t, names, text)?;
    let name = named(t, names, spot);
    let taken = t.take(spot);
    let said = gone(t, names, &taken, "discard pile");
    let minion = match &taken {
        Taken::Minion(m) => Some(m.card.clone()),
        Taken::Action(_) => None,
    };
    t.discard(taken);
    let mut lines = vec![format!(
        "{name} is destroyed, {said}. {}",
        totals(t, names, &[spot.base()])?
    )];
    if let Some(card) = &minion {
        let base = spot.base();
        lines.extend(reminders(t, names, Happened::Destroyed { base, card }));
    }
    Ok(lines)
}

/// `return X`: a minion to its owner's hand (not tracked), the actions on it to
/// their owners' discard piles; an action to its owner's hand.
pub fn return_to_hand(t: &mut Tracker, names: &Names, text: &str) -> Result<Vec<String>, String> {
    let spot = find::on_table(t, names, text)?;
    let name = named(t, names, spot);
    let taken = t.take(spot);
    let said = gone(t, names, &taken, "hand");
    if let Taken::Minion(m) = taken {
        for a in m.actions {
            t.players[a.owner].discard.push(a.card);
        }
    }
    Ok(vec![format!(
        "{name} returns {said}. {}",
        totals(t, names, &[spot.base()])?
    )])
}

/// The minion at the spot `text` names, or a line saying it must be a minion.
fn minion_spot(t: &Tracker, names: &Names, text: &str) -> Result<(usize, usize), String> {
    match find::on_table(t, names, text)? {
        Spot::Minion { base, minion } => Ok((base, minion)),
        other => Err(format!(
            "{} is an action; expected a minion.",
            named(t, names, other)
        )),
    }
}

/// `move X to BASE`: a minion with its counters and actions.
pub fn move_minion(
    t: &mut Tracker,
    names: &Names,
    card: &str,
    to: &str,
) -> Result<Vec<String>, String> {
    let (from, m) = minion_spot(t, names, card)?;
    let to = find::base_in_play(t, names, to)?;
    let name = names.name(&t.bases[from].minions[m].card);
    if to == from {
        return Err(format!("{name} is already there."));
    }
    let minion = t.bases[from].minions.remove(m);
    t.bases[to].minions.push(minion);
    let base = names.name(&t.bases[to].base);
    let mut lines = vec![format!(
        "{name} moves to {base}. {}",
        totals(t, names, &[from, to])?
    )];
    lines.extend(reminders(t, names, Happened::Moved { base: to }));
    Ok(lines)
}

/// `counter +N on X`.
pub fn counter(
    t: &mut Tracker,
    names: &Names,
    amount: i32,
    card: &str,
) -> Result<Vec<String>, String> {
    let (b, m) = minion_spot(t, names, card)?;
    let minion = &mut t.bases[b].minions[m];
    let now = minion.counters as i64 + amount as i64;
    let name = names.name(&minion.card);
    if now < 0 {
        return Err(match minion.counters {
            0 => format!("{name} has no power counters."),
            n => format!("{name} has only {n} power counters to take off."),
        });
    }
    minion.counters = now as u32;
    let s = if now == 1 { "" } else { "s" };
    power_changed(t, names, (b, m), |power| {
        format!("{name} has {now} power counter{s}, power {power}.")
    })
}

/// `+N X until end of turn`.
pub fn this_turn(
    t: &mut Tracker,
    names: &Names,
    amount: i32,
    card: &str,
) -> Result<Vec<String>, String> {
    let (b, m) = minion_spot(t, names, card)?;
    t.bases[b].minions[m].this_turn += amount;
    let name = names.name(&t.bases[b].minions[m].card);
    power_changed(t, names, (b, m), |power| {
        format!("{name}, {amount:+} power until the end of the turn: power {power}.")
    })
}

/// The line after the power of the minion at `(base, minion)` changed: `said` of its
/// power now, read from the engine, then its base's total.
fn power_changed(
    t: &Tracker,
    names: &Names,
    (b, m): (usize, usize),
    said: impl FnOnce(i32) -> String,
) -> Result<Vec<String>, String> {
    let power = t.game().map(|g| g.power(answers::minion_uid(&g, b, m)))?;
    Ok(vec![format!("{} {}", said(power), totals(t, names, &[b])?)])
}

/// `ann takes control of X`.
pub fn control(
    t: &mut Tracker,
    names: &Names,
    seat: usize,
    card: &str,
) -> Result<Vec<String>, String> {
    let (b, m) = minion_spot(t, names, card)?;
    let who = t.players[seat].name.clone();
    let minion = &mut t.bases[b].minions[m];
    let name = names.name(&minion.card);
    if minion.controller == seat {
        return Err(format!("{who} already controls {name}."));
    }
    minion.controller = seat;
    let game = t.game()?;
    Ok(vec![
        format!("{who} takes control of {name}."),
        answers::bases(t, &game, names)[b].clone(),
    ])
}

/// `turn NAME`: a new turn; power changes until the end of the turn are over.
pub fn turn(t: &mut Tracker, seat: usize) -> Vec<String> {
    t.turn = Some(seat);
    t.turn_number += 1;
    let mut ended = false;
    for m in t.bases.iter_mut().flat_map(|b| b.minions.iter_mut()) {
        ended |= m.this_turn != 0;
        m.this_turn = 0;
    }
    let mut lines = vec![format!("{}'s turn.", t.players[seat].name)];
    if ended {
        lines.push("The power changes until the end of the turn are over.".into());
    }
    lines
}

/// `vp NAME +N`.
pub fn vp(t: &mut Tracker, seat: usize, amount: i32) -> Result<Vec<String>, String> {
    let p = &mut t.players[seat];
    let now = p.vp as i64 + amount as i64;
    if now < 0 {
        return Err(match p.vp {
            0 => format!("{} has no VP to lose.", p.name),
            n => format!("{} has only {n} VP to lose.", p.name),
        });
    }
    p.vp = now as u32;
    let verb = if amount >= 0 { "gains" } else { "loses" };
    Ok(vec![format!(
        "{} {verb} {} VP, {now} in all.",
        p.name,
        amount.abs()
    )])
}

/// `score BASE`: the VP by place as the engine reads them, then the base's cards to
/// their owners' discard piles; the base waits for its replacement.
pub fn score(t: &mut Tracker, names: &Names, text: &str) -> Result<Vec<String>, String> {
    if let Some(old) = t.replacing.and(t.scored.last()) {
        return Err(format!(
            "First say which base replaces {}: its code or name, or none.",
            names.name(old)
        ));
    }
    let b = find::base_in_play(t, names, text)?;
    let game = t.game()?;
    let id = t.bases[b].base.clone();
    let name = names.name(&id);
    let base = game.bases[b].card;
    let mut lines = vec![if game.base_power(base) >= game.breakpoint(base) {
        format!("{name} scores.")
    } else {
        format!(
            "{name} scores, though short of its breakpoint: {}.",
            answers::total(t, &game, names, b)
        )
    }];
    lines.extend(answers::placings(t, &game, b, true));
    for p in game.placings(base) {
        t.players[p.player.ix()].vp += p.vp;
    }
    let mut gone = t.bases.remove(b);
    for m in std::mem::take(&mut gone.minions) {
        t.discard(Taken::Minion(m));
    }
    for a in std::mem::take(&mut gone.actions) {
        t.discard(Taken::Action(a));
    }
    t.scored.push(id.clone());
    t.replacing = Some(b);
    lines.push("Its cards go to their owners' discard piles.".into());
    if let Some(base) = names.catalog.base(&id) {
        if base.text != "No ability." {
            lines.push(format!("{name}'s ability, if it acts now: {}", base.text));
        }
    }
    lines.push(replacement_question(names, &id));
    Ok(lines)
}

/// "Which base replaces Tortuga? ..."
pub fn replacement_question(names: &Names, old: &str) -> String {
    format!(
        "Which base replaces {}? Type its code or name, or none.",
        names.name(old)
    )
}

/// `none` when a replacement is asked: no base comes in (the base deck is empty).
pub fn no_replacement(t: &mut Tracker, names: &Names) -> Vec<String> {
    let old = t.scored.last().cloned().unwrap_or_default();
    t.replacing = None;
    vec![format!("No base replaces {}.", names.name(&old))]
}
