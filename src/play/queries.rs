//! The questions any player may ask at any time, which never change the game: the
//! hand, the bases, one base, the score, a card, the decks, a discard pile. Each
//! answer is a list of lines; a question that makes no sense is one error line.

use super::describe::{count, sentence, Words};
use super::pick::{pick, Item};
use crate::cards::query::{self, Entry, Found};
use crate::engine::defs::defs;
use crate::engine::state::Loc;
use crate::engine::{Phase, PlayerId, Uid};
use crate::lookup;
use crate::quote::quote;

/// The reader's hand, numbered by position.
pub fn hand(w: &Words, with_text: bool) -> Result<Vec<String>, String> {
    let p = w
        .viewer
        .ok_or("No hand to show: no person is at the keyboard now.")?;
    let hand = &w.game.players[p.ix()].hand;
    let mut lines = vec![format!("Your hand, {}:", count(hand.len(), "card"))];
    lines.extend(
        hand.iter()
            .enumerate()
            .map(|(i, &c)| format!("{}. {}", i + 1, w.hand_card(c, with_text))),
    );
    Ok(lines)
}

/// Every base, one line each.
pub fn bases(w: &Words) -> Vec<String> {
    w.game
        .bases
        .iter()
        .enumerate()
        .map(|(i, b)| w.base_line(i + 1, b))
        .collect()
}

/// The base `text` names: its table number, code or the start of its name.
fn find_base(w: &Words, text: &str) -> Result<usize, String> {
    let items: Vec<Item> = w
        .game
        .bases
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let def = w.game.def(b.card);
            let code = def.base().map_or("", |d| d.code.as_str());
            Item::new(i + 1, &[code, def.name()])
        })
        .collect();
    pick(text, &items).map_err(|e| format!("No such base. {e}"))
}

/// Everything on one base.
pub fn base(w: &Words, text: &str) -> Result<Vec<String>, String> {
    let i = find_base(w, text)?;
    Ok(w.base_detail(i + 1, &w.game.bases[i]))
}

/// Everyone's VP and factions.
pub fn score(w: &Words) -> Vec<String> {
    let mut lines: Vec<String> = (0..w.game.players.len() as u8)
        .map(PlayerId)
        .map(|p| {
            let player = &w.game.players[p.ix()];
            let factions: Vec<String> = player.factions.iter().map(|f| w.faction(f)).collect();
            format!(
                "{}: {} VP, {}{}.",
                sentence(&w.player(p)),
                player.vp,
                factions.join(" and "),
                later_extras(w, p)
            )
        })
        .collect();
    lines.push(format!(
        "{} VP wins, checked at the end of a turn.",
        w.game.vp_goal
    ));
    lines
}

/// "; an extra minion or action play on their next turn, from Wraithrustlers HQ":
/// the plays a player has been given for a later turn.
fn later_extras(w: &Words, p: PlayerId) -> String {
    w.game
        .later_extras
        .iter()
        .filter(|(_, q, _)| *q == p)
        .map(|(_, _, a)| {
            let from = a
                .source
                .map(|s| format!(", from {}", w.card(s)))
                .unwrap_or_default();
            format!(
                "; an extra {} play on {} next turn{from}",
                super::describe::allowance_kind(a),
                w.possessive(p)
            )
        })
        .collect()
}

/// Hand, deck and discard pile sizes of every player.
pub fn decks(w: &Words) -> Vec<String> {
    (0..w.game.players.len() as u8)
        .map(PlayerId)
        .map(|p| {
            let player = &w.game.players[p.ix()];
            let stasis = match player.stasis.len() {
                0 => String::new(),
                n => format!(", {n} in stasis"),
            };
            format!(
                "{}: {} in hand, {} in deck, {} in discard pile{stasis}.",
                sentence(&w.player(p)),
                player.hand.len(),
                player.deck.len(),
                player.discard.len()
            )
        })
        .collect()
}

/// The player `text` names: a seat number, a name, or "you"/"me"/"mine".
pub fn find_player(w: &Words, text: &str) -> Result<PlayerId, String> {
    let items: Vec<Item> = (0..w.game.players.len() as u8)
        .map(|i| {
            let p = PlayerId(i);
            let mut keys = vec![w.name(p)];
            if Some(p) == w.viewer {
                keys.extend(["you".to_string(), "me".into(), "mine".into()]);
            }
            Item::new(i as usize + 1, &keys)
        })
        .collect();
    pick(text, &items).map(|i| PlayerId(i as u8)).map_err(|_| {
        let names: Vec<String> = (0..w.game.players.len() as u8)
            .map(|i| format!("{} {}", i + 1, w.name(PlayerId(i))))
            .collect();
        format!(
            "No player {}. Expected a seat number or name: {}.",
            quote(text.trim()),
            names.join(", ")
        )
    })
}

/// A discard pile: the reader's (or the current player's) unless one is named.
pub fn discard(w: &Words, who: Option<&str>) -> Result<Vec<String>, String> {
    let p = match who {
        Some(t) => find_player(w, t)?,
        None => w.viewer.unwrap_or(w.game.turn.player),
    };
    let pile = &w.game.players[p.ix()].discard;
    let whose = sentence(&w.possessive(p));
    if pile.is_empty() {
        return Ok(vec![format!("{whose} discard pile is empty.")]);
    }
    let names: Vec<String> = pile.iter().map(|&c| w.labelled(c)).collect();
    Ok(vec![format!(
        "{whose} discard pile, {}, oldest first: {}.",
        count(pile.len(), "card"),
        names.join(", ")
    )])
}

/// The cards in stasis, face up in front of their owners (rulebook "Stasis"): one
/// player's if named, else everyone's; each with its stasis counters, and the cards
/// stored under it (named only to their owner).
pub fn stasis(w: &Words, who: Option<&str>) -> Result<Vec<String>, String> {
    let players: Vec<PlayerId> = match who {
        Some(t) => vec![find_player(w, t)?],
        None => (0..w.game.players.len() as u8).map(PlayerId).collect(),
    };
    Ok(players
        .into_iter()
        .map(|p| {
            let whose = sentence(&w.possessive(p));
            let cards = w.game.stasis_of(p);
            if cards.is_empty() {
                return format!("{whose} stasis: empty.");
            }
            let names: Vec<String> = cards
                .iter()
                .map(|&(c, n)| {
                    format!(
                        "{}, {}{}",
                        w.labelled(c),
                        count(n as usize, "stasis counter"),
                        w.stored_phrase(&w.game.stored_under(c))
                    )
                })
                .collect();
            format!("{whose} stasis: {}.", names.join("; "))
        })
        .collect())
}

/// What a card or base of this game does (option N of a question, `read N`): its
/// printed facts, and for a card where its visible copies are.
pub fn card_in_game(w: &Words, card: Uid) -> Vec<String> {
    let catalog = defs().catalog;
    let def = w.game.def(card);
    match (def.card(), def.base()) {
        (Some(c), _) => {
            let mut lines = lookup::describe(catalog, Entry::Card(c));
            lines.extend(whereabouts(w, def.id()));
            lines
        }
        (_, Some(b)) => lookup::describe(catalog, Entry::Base(b)),
        _ => Vec::new(),
    }
}

/// Where the visible copies of a card are: in play (with power), in stasis, in the
/// box, in your hand or stored face down under a card (your own copies only).
fn whereabouts(w: &Words, id: &str) -> Vec<String> {
    let game = w.game;
    (0..game.cards.len() as u16)
        .map(Uid)
        .filter(|&c| game.def(c).id() == id)
        .filter_map(|c| match game.locate(c) {
            Loc::Minion(..) => {
                let counters = game.minion(c).map_or(0, |m| m.counters);
                let extra = if counters > 0 {
                    format!(", {}", count(counters as usize, "power counter"))
                } else {
                    String::new()
                };
                Some(format!(
                    "In play: {}, {}, power {}{extra}.",
                    w.owner_word(game.controller(c)),
                    w.place(c),
                    game.power(c)
                ))
            }
            Loc::OnBase(..) | Loc::OnMinion(..) => Some(format!(
                "In play: {}, {}.",
                w.owner_word(game.controller(c)),
                w.place(c)
            )),
            Loc::Base(i) => Some(format!("In play: base {}.", i + 1)),
            Loc::Stasis(p) => Some(format!(
                "In stasis in front of {}, {}.",
                w.player(p),
                count(game.stasis_counters(c) as usize, "stasis counter")
            )),
            Loc::Hand(p) if Some(p) == w.viewer => Some("In your hand".to_string()),
            // Face down: only its owner may know where it is.
            Loc::Stored(host) if Some(game.owner(c)) == w.viewer => {
                Some(format!("Stored under {}, face down.", w.card(host)))
            }
            // The box is public: "Nuke It From Orbit: in the box, out of the game."
            Loc::Elsewhere if game.boxed.contains(&c) => {
                Some(format!("{}.", sentence(&w.place(c))))
            }
            _ => None,
        })
        .fold(Vec::<(String, usize)>::new(), |mut seen, line| {
            match seen.iter_mut().find(|(l, _)| *l == line) {
                Some((_, n)) => *n += 1,
                None => seen.push((line, 1)),
            }
            seen
        })
        .into_iter()
        .map(|(line, n)| {
            let line = line.trim_end_matches('.');
            match n {
                1 => format!("{line}."),
                n => format!("{line}, {n} copies."),
            }
        })
        .collect()
}

/// What a card does: a hand position, or any look-up of the card database (code,
/// name, start of a name), plus where its visible copies are.
pub fn card(w: &Words, text: &str) -> Result<Vec<String>, String> {
    let catalog = defs().catalog;
    let text = text.trim();
    if let Ok(n) = text.parse::<usize>() {
        let hand = w
            .viewer
            .map_or(&[][..], |p| w.game.players[p.ix()].hand.as_slice());
        let card = n.checked_sub(1).and_then(|i| hand.get(i)).ok_or_else(|| {
            format!(
                "Your hand has {}: expected a hand position from 1 to {}, or a card code or name.",
                count(hand.len(), "card"),
                hand.len()
            )
        })?;
        let def = w.game.def(*card);
        return Ok(def
            .card()
            .map_or_else(Vec::new, |c| lookup::describe(catalog, Entry::Card(c))));
    }
    match query::find(catalog, text) {
        Found::Matches(entries) => match entries.as_slice() {
            [one] => {
                let mut lines = lookup::describe(catalog, *one);
                lines.extend(whereabouts(w, one.id()));
                Ok(lines)
            }
            many => {
                let mut lines = vec![format!(
                    "{} cards match {}; type more, or the code and name:",
                    many.len(),
                    quote(text)
                )];
                lines.extend(lookup::numbered(catalog, many));
                Ok(lines)
            }
        },
        Found::Closest(one) => {
            let mut lines = lookup::describe(catalog, one);
            if let Some(first) = lines.first_mut() {
                *first = format!("Closest match: {first}");
            }
            lines.extend(whereabouts(w, one.id()));
            Ok(lines)
        }
        Found::Nothing { closest } => Err(format!(
            "No card matches {}.{}",
            quote(text),
            if closest.is_empty() {
                String::new()
            } else {
                format!(" Closest: {}.", closest.join(", "))
            }
        )),
    }
}

/// The turn while the opening mulligans are asked: there is no turn yet.
pub const BEFORE_FIRST_TURN: &str = "Before the first turn: mulligans.";

/// The turn's number and whose it is: "Turn 4, your turn", "Turn 4, Ann's turn".
pub fn whose_turn(w: &Words) -> String {
    let turn = &w.game.turn;
    if Some(turn.player) == w.viewer {
        format!("Turn {}, your turn", turn.number)
    } else {
        format!("Turn {}, {}'s turn", turn.number, w.name(turn.player))
    }
}

/// Where a game stands, in one paragraph (said after `--load` and to a seat coming
/// back to a networked table): the turn (or that the mulligans come first),
/// everyone's VP, each base's total, and the size of your hand.
pub fn summary(w: &Words) -> String {
    let game = w.game;
    let turn = if game.turn.phase == Phase::Setup {
        BEFORE_FIRST_TURN.to_string()
    } else {
        format!("{}.", whose_turn(w))
    };
    let vp: Vec<String> = (0..game.players.len() as u8)
        .map(|p| w.player_vp(PlayerId(p)))
        .collect();
    let bases: Vec<String> = game
        .bases
        .iter()
        .map(|b| w.base_with_total(b.card))
        .collect();
    let mut text = format!("{turn} VP: {}. Bases: {}.", vp.join("; "), bases.join("; "));
    if let Some(p) = w.viewer {
        let n = game.players[p.ix()].hand.len();
        text.push_str(&format!(" Your hand: {}.", count(n, "card")));
    }
    text
}
