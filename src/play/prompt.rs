//! The questions a person is asked and their numbered entries: the engine's pending
//! decision (the main phase lists your hand by position), and the front end's own
//! follow-ups: where to play a card, which ability to use, "end anyway?". Each entry
//! can be named by its number, a card code or any word of a name.

use super::describe::{count, sentence, Words};
use super::narrate::Verbosity;
use super::pick::Item;
use super::traps::{Trap, Traps};
use crate::engine::effect::Purpose;
use crate::engine::state::Loc;
use crate::engine::{Ask, Choice, Decision, GameState, PlayTo, PlayerId, Uid};

/// What the table waits for from the keyboard.
#[derive(Debug, Clone, PartialEq)]
pub enum Prompt {
    /// The engine's pending question.
    Decision,
    /// Several people at one keyboard: waiting for Enter once this player has it.
    PassTo(PlayerId),
    /// Where to play a card; the indices of the decision's options that play it.
    Where { card: Uid, options: Vec<usize> },
    /// Which Talent or Special to use; indices of the decision's options.
    UseWhich { options: Vec<usize> },
    /// "You can still play ... end anyway?"; the index of the end-turn option.
    ConfirmEnd { end: usize, what: String },
    /// A networked seat's view: another seat (a person elsewhere, or a bot the server
    /// runs) is answering; its answer comes in through `Table::follow`.
    Elsewhere(PlayerId),
    /// The game is over (or stopped).
    Over,
}

/// What choosing an entry does.
#[derive(Debug, Clone, PartialEq)]
pub enum Act {
    /// Answer the decision with this option.
    Answer(usize),
    /// Play this card: one option plays it at once, several ask where.
    Play { card: Uid, options: Vec<usize> },
    /// A card in hand that cannot be played now: the line saying why.
    Cannot(String),
    /// Use a Talent or Special: one option uses it, several ask which.
    Use(Vec<usize>),
    /// End the turn (with the "end anyway?" check).
    End(usize),
    /// Leave the follow-up question.
    Back,
    /// Say no to a "may" (this option) and to the same card's "may" for the rest of
    /// the turn: the table answers no for you, each time as an ordinary answer.
    NotThisTurn(usize),
}

/// One numbered line of a question.
#[derive(Clone)]
pub struct Entry {
    /// Its number.
    pub number: usize,
    /// Said with the question; an entry not said (a card that cannot be played now)
    /// can still be named, to hear why not.
    pub shown: bool,
    /// How it reads.
    pub label: String,
    /// Codes and names that also pick it.
    pub keys: Vec<String>,
    /// What it does.
    pub act: Act,
}

/// A question and its entries.
#[derive(Clone)]
pub struct Menu {
    /// The question.
    pub header: String,
    /// The numbered entries.
    pub entries: Vec<Entry>,
    /// A short list may be said on the question's line (not at a networked seat,
    /// whose clients read one entry a line).
    pub inline: bool,
    /// How many entries the answer names: more than 1 when the same question about a
    /// card is asked several times in a row (see [`answers_wanted`]).
    pub wanted: usize,
}

impl Menu {
    /// The entries as a pick list.
    pub fn items(&self) -> Vec<Item> {
        self.entries
            .iter()
            .map(|e| Item::new(e.number, &e.keys))
            .collect()
    }

    /// The question, then one line per entry; a short list (yes or no, one card or
    /// done, the bases where a card goes: five entries at most, short ones) is said on
    /// the question's own line: "Do it? 1. yes; 2. no.".
    pub fn lines(&self) -> Vec<String> {
        let entries = self.shown();
        let short = self.inline
            && entries.len() <= 5
            && entries.iter().map(String::len).sum::<usize>() <= 150;
        if short && self.wanted == 1 {
            return vec![self.one_line()];
        }
        std::iter::once(self.header.clone())
            .chain(entries)
            .collect()
    }

    /// The question and its entries on one line: "Where do you play pm3 Saucy Wench?
    /// 1. Tortuga, 3 of 21; 2. The Homeworld, 0 of 23; 3. back."
    pub fn one_line(&self) -> String {
        format!("{} {}.", self.header, self.shown().join("; "))
    }

    /// The entries said, each "N. label".
    fn shown(&self) -> Vec<String> {
        self.entries
            .iter()
            .filter(|e| e.shown)
            .map(|e| format!("{}. {}", e.number, e.label))
            .collect()
    }
}

/// "1 minion and 2 actions left", "1 minion (power 2 or less) left", "no plays left".
pub fn plays_left(game: &GameState) -> String {
    let kinds: Vec<(&str, String)> = game
        .turn
        .allowances
        .iter()
        .map(|a| {
            let limits = super::describe::allowance_limits(a, |c| game.def(c).name().to_string());
            let text = if limits.is_empty() {
                String::new()
            } else {
                format!(" ({})", limits.join(", "))
            };
            (super::describe::allowance_kind(a), text)
        })
        .collect();
    // Plays alike are counted together: "2 actions", never "1 action and 1 action".
    let mut parts: Vec<String> = Vec::new();
    for (i, kind) in kinds.iter().enumerate() {
        if kinds[..i].contains(kind) {
            continue;
        }
        let n = kinds.iter().filter(|k| *k == kind).count();
        let noun = count(n, kind.0);
        parts.push(format!("{noun}{}", kind.1));
    }
    if parts.is_empty() {
        "no plays left".to_string()
    } else {
        format!("{} left", super::describe::and_list(&parts))
    }
}

/// The codes and names that pick a card or base.
fn card_keys(w: &Words, card: Uid) -> Vec<String> {
    let def = w.game.def(card);
    let code = match (def.card(), def.base()) {
        (Some(c), _) => c.code.clone(),
        (_, Some(b)) => b.code.clone(),
        _ => String::new(),
    };
    vec![code, def.name().to_string()]
}

/// The words that pick an option of the engine.
fn option_keys(w: &Words, choice: &Choice) -> Vec<String> {
    match choice {
        Choice::Play { card, .. } | Choice::Card(card) | Choice::Base(card) => card_keys(w, *card),
        Choice::Use { card, .. } => card_keys(w, *card),
        Choice::EndTurn => vec!["end".into()],
        Choice::Player(p) => {
            let mut keys = vec![w.name(*p)];
            if Some(*p) == w.viewer {
                keys.push("you".into());
            }
            keys
        }
        Choice::Faction(f) => {
            let catalog = crate::engine::defs::defs().catalog;
            let mut keys = vec![f.to_string()];
            if let Some(faction) = catalog.faction(f) {
                keys.push(faction.name.clone());
                keys.push(faction.letter.to_string());
            }
            keys
        }
        Choice::Yes => vec!["yes".into()],
        Choice::No => vec!["no".into()],
        Choice::Done => vec!["done".into(), "none".into()],
        Choice::Pass => vec!["pass".into(), "no".into()],
        Choice::Ability { source, .. } => card_keys(w, *source),
        Choice::Allowance(a) => match a.source {
            Some(src) => card_keys(w, src),
            None => vec!["normal".into()],
        },
        Choice::Continue => vec!["continue".into(), "yes".into()],
        Choice::Mode { label, .. } => vec![label.to_string()],
        Choice::Number(n) => vec![n.to_string(), format!("power {n}")],
    }
}

/// The engine's question, as read by `w.viewer`.
///
/// `new` are the cards drawn since the player's last turn, marked in the main question.
pub fn decision_menu(d: &Decision, w: &Words, verbosity: Verbosity, new: &[Uid]) -> Menu {
    let several = w.seats.iter().filter(|s| s.is_human()).count() > 1;
    match d.ask {
        Ask::ExtraNow => match only_card(d) {
            Some(card) => extra_where_menu(d, w, card),
            None => main_menu(d, w, verbosity, new),
        },
        Ask::Main => main_menu(d, w, verbosity, new),
        _ => {
            // The same question asked again and again is one question.
            let wanted = match w.game.pending() {
                Some(p) if std::ptr::eq(p, d) => answers_wanted(w.game),
                _ => 1,
            };
            let mut header = header(d, w, wanted);
            if wanted > 1 {
                header.push_str(&format!(
                    " Name {wanted}: numbers, codes or names, separated by spaces or commas."
                ));
            }
            let traps = Traps::of(w.game, d);
            let mut entries = said_once(
                d.options
                    .iter()
                    .enumerate()
                    .map(|(i, o)| {
                        let entry = Entry {
                            number: i + 1,
                            shown: true,
                            label: w.option(o),
                            keys: option_keys(w, o),
                            act: Act::Answer(i),
                        };
                        (entry, option_note(w, o, traps.get(i)))
                    })
                    .collect(),
            );
            if let Some(no) = lasting_may(d, w.game) {
                entries.push(Entry {
                    number: d.options.len() + 1,
                    shown: true,
                    label: "not this turn".into(),
                    keys: vec!["not this turn".into()],
                    act: Act::NotThisTurn(no),
                });
            }
            Menu {
                // With several people at the keyboard, say whom the question is for.
                header: if several {
                    format!("{}: {header}", w.name(d.player))
                } else {
                    header
                },
                entries,
                wanted,
                inline: true,
            }
        }
    }
}

/// The note after an option's label when it will do nothing now (see [`Traps`]),
/// or nothing; a card whose protection says it already (", no effect: ...") has no
/// second note.
fn option_note(w: &Words, option: &Choice, trap: Option<Trap>) -> String {
    trap.filter(|_| w.game.option_protected(option).is_none())
        .map(|trap| w.trap_note(trap))
        .unwrap_or_default()
}

/// `label` with the note of the trap all of `options` share, if they do: a card whose
/// every play does nothing now.
fn with_shared_trap(w: &Words, mut label: String, traps: &Traps, options: &[usize]) -> String {
    if let Some(trap) = traps.shared(options) {
        label.push_str(&w.trap_note(trap));
    }
    label
}

/// The card or base entry `number` of a question is about (`read N`), if any.
pub fn entry_card(menu: &Menu, d: &Decision, number: usize) -> Option<Uid> {
    let entry = menu.entries.iter().find(|e| e.number == number)?;
    let choice = match &entry.act {
        Act::Play { card, .. } => return Some(*card),
        Act::Answer(i) | Act::End(i) | Act::NotThisTurn(i) => d.options.get(*i)?,
        Act::Use(options) => d.options.get(*options.first()?)?,
        Act::Cannot(_) | Act::Back => return None,
    };
    match choice {
        Choice::Play { card, .. }
        | Choice::Use { card, .. }
        | Choice::Card(card)
        | Choice::Base(card) => Some(*card),
        Choice::Ability { source, .. } => Some(*source),
        _ => None,
    }
}

/// A "may" of a card that stays in play (a minion, an action in play, a card in
/// stasis, a base), which can be asked again this turn: the index of its "no".
pub fn lasting_may(d: &Decision, game: &GameState) -> Option<usize> {
    let Ask::May { source } = d.ask else {
        return None;
    };
    let lasting = !matches!(
        game.locate(source),
        Loc::Hand(_) | Loc::Deck(_) | Loc::Discard(_) | Loc::Elsewhere
    );
    let no = d.options.iter().position(|o| *o == Choice::No);
    no.filter(|_| lasting)
}

/// The main question asked again in the same turn, in one line: the plays left, what
/// left the list or came into it since it was last heard, and the entries by name
/// and number ("1 action left. Gone: pm3 Saucy Wench. 3 options: 2. na Poison; 3. na
/// Seeing Stars; 5. end."). `before` are the names heard last time; also returns the
/// names heard now.
pub fn main_again(menu: &Menu, w: &Words, before: &[String]) -> (String, Vec<String>) {
    let shown: Vec<&Entry> = menu.entries.iter().filter(|e| e.shown).collect();
    let names: Vec<String> = shown
        .iter()
        .map(|e| match &e.act {
            Act::Play { card, .. } if w.game.players.iter().any(|p| p.hand.contains(card)) => {
                w.labelled(*card)
            }
            Act::Play { card, .. } => format!("play {}", w.labelled(*card)),
            _ => e.label.split(':').next().unwrap_or_default().to_string(),
        })
        .collect();
    let mut line = sentence(&plays_left(w.game));
    line.push('.');
    let gone: Vec<&String> = before.iter().filter(|n| !names.contains(n)).collect();
    let new: Vec<&String> = names.iter().filter(|n| !before.contains(n)).collect();
    for (what, list) in [("Gone", gone), ("New", new)] {
        if !list.is_empty() {
            let list: Vec<String> = list.into_iter().cloned().collect();
            line.push_str(&format!(" {what}: {}.", super::describe::and_list(&list)));
        }
    }
    let listed: Vec<String> = shown
        .iter()
        .zip(&names)
        .map(|(e, n)| format!("{}. {n}", e.number))
        .collect();
    line.push_str(&format!(
        " {}: {}.",
        count(listed.len(), "option"),
        listed.join("; ")
    ));
    (line, names)
}

/// Entries that read the same (copies of a card in a hand), each with its note, are
/// said once, the first with "2 copies" before its note (the count is part of what
/// the card is, not of why it does nothing); the others keep their numbers, so any
/// of them can still be named.
fn said_once(entries: Vec<(Entry, String)>) -> Vec<Entry> {
    let heard: Vec<String> = entries
        .iter()
        .map(|(e, n)| format!("{}{n}", e.label))
        .collect();
    let mut out = Vec::with_capacity(entries.len());
    for (i, (mut entry, note)) in entries.into_iter().enumerate() {
        let same = heard.iter().filter(|h| **h == heard[i]).count();
        if heard[..i].contains(&heard[i]) {
            entry.shown = false;
        } else if same > 1 {
            entry.label.push_str(&format!(", {same} copies"));
        }
        entry.label.push_str(&note);
        out.push(entry);
    }
    out
}

/// Why a card in hand has no play now.
fn why_not(game: &GameState, ask: &Ask, card: Uid) -> String {
    let Some(c) = game.def(card).card() else {
        return "it is not a card you play".into();
    };
    let kind = if c.is_minion() { "minion" } else { "action" };
    let plays: Vec<_> = game
        .turn
        .allowances
        .iter()
        .filter(|a| a.fits_kind(c.is_minion()))
        .collect();
    let power = match c.kind {
        crate::cards::model::Kind::Minion { power } => Some(power),
        _ => None,
    };
    let limit = plays.iter().map(|a| a.power_at_most).max().flatten();
    if *ask == Ask::ExtraNow {
        "the extra play is not for it".into()
    } else if plays.is_empty() {
        format!("no {kind} play left")
    } else if let (Some(power), Some(limit)) = (
        power,
        limit.filter(|_| plays.iter().all(|a| a.power_at_most.is_some())),
    ) {
        if power > limit {
            format!("its power is too high, your minion play is for power {limit} or less")
        } else {
            "nowhere it may go now".into()
        }
    } else {
        "nowhere it may go now".into()
    }
}

/// The main phase: the cards in hand that can be played now, numbered by their place
/// in the hand (so `play 2`, `2` and `card 2` mean the card `hand` says second),
/// copies said once, cards drawn since your last turn marked new; then cards playable
/// from elsewhere, Talents and Specials, and ending the turn. A card that cannot be
/// played now is not said, but naming it says why.
fn main_menu(d: &Decision, w: &Words, verbosity: Verbosity, new: &[Uid]) -> Menu {
    let game = w.game;
    let hand = &game.players[d.player.ix()].hand;
    let plays_of = |card: Uid| -> Vec<usize> {
        d.options
            .iter()
            .enumerate()
            .filter(|(_, o)| matches!(o, Choice::Play { card: c, .. } if *c == card))
            .map(|(i, _)| i)
            .collect()
    };
    let traps = Traps::of(game, d);
    let mut entries: Vec<Entry> = Vec::new();
    let mut unplayable = 0;
    for (pos, &card) in hand.iter().enumerate() {
        let options = plays_of(card);
        let id = game.def(card).id();
        let copies: Vec<Uid> = hand
            .iter()
            .copied()
            .filter(|&c| game.def(c).id() == id)
            .collect();
        let first = hand[..pos].iter().all(|&c| game.def(c).id() != id);
        let act = if options.is_empty() {
            if first {
                unplayable += copies.len();
            }
            let why = why_not(game, &d.ask, card);
            Act::Cannot(format!("{} cannot be played now: {why}.", w.labelled(card)))
        } else {
            Act::Play { card, options }
        };
        // What the card is first (its copies, new), then why it would do nothing.
        let mut label = w.hand_card(card, false);
        if copies.len() > 1 {
            label.push_str(&format!(", {} copies", copies.len()));
        }
        if copies.iter().any(|c| new.contains(c)) {
            label.push_str(", new");
        }
        if let Act::Play { options, .. } = &act {
            label = with_shared_trap(w, label, &traps, options);
        }
        // The whole text at full verbosity, after the note: it ends with a full stop.
        if let Some(c) = game
            .def(card)
            .card()
            .filter(|_| verbosity == Verbosity::Full)
        {
            label.push_str(&format!(": {}", c.text));
        }
        entries.push(Entry {
            number: pos + 1,
            shown: first && matches!(act, Act::Play { .. }),
            label,
            keys: card_keys(w, card),
            act,
        });
    }
    let mut elsewhere: Vec<Uid> = Vec::new();
    let mut uses: Vec<Uid> = Vec::new();
    let mut end = None;
    let mut pass = None;
    for (i, o) in d.options.iter().enumerate() {
        match o {
            Choice::Pass => pass = Some(i),
            Choice::Play { card, .. } if !hand.contains(card) && !elsewhere.contains(card) => {
                elsewhere.push(*card)
            }
            Choice::Use { card, .. } if !uses.contains(card) => uses.push(*card),
            Choice::EndTurn => end = Some(i),
            _ => {}
        }
    }
    let add = |entries: &mut Vec<Entry>, label: String, keys: Vec<String>, act: Act| {
        entries.push(Entry {
            number: hand.len().max(entries.len()) + 1,
            shown: true,
            label,
            keys,
            act,
        })
    };
    for card in elsewhere {
        let from = match game.locate(card) {
            Loc::Discard(_) => " from your discard pile",
            Loc::Stasis(_) => " from stasis as an extra card",
            _ => "",
        };
        let options = plays_of(card);
        let label = format!("play {}{from}", w.hand_card(card, false));
        add(
            &mut entries,
            with_shared_trap(w, label, &traps, &options),
            card_keys(w, card),
            Act::Play { card, options },
        );
    }
    for card in uses {
        let options: Vec<usize> = d
            .options
            .iter()
            .enumerate()
            .filter(|(_, o)| matches!(o, Choice::Use { card: c, .. } if *c == card))
            .map(|(i, _)| i)
            .collect();
        let mut keys = card_keys(w, card);
        keys.push("use".into());
        let label = match game.locate(card) {
            // Lightning Strike: an action play spent, not a card played.
            Loc::Stasis(_) => w.option(&Choice::Use { card, to: None }),
            _ => format!("use {} {}", w.labelled(card), w.place(card)),
        };
        let label = with_shared_trap(w, label, &traps, &options);
        add(&mut entries, label, keys, Act::Use(options));
    }
    if let Some(i) = pass {
        let keys = vec!["pass".into(), "no".into()];
        add(
            &mut entries,
            "pass: let the extra play go".into(),
            keys,
            Act::Answer(i),
        );
    }
    if let Some(i) = end {
        let keys = vec!["end".into()];
        add(
            &mut entries,
            "end: stop playing cards this turn".into(),
            keys,
            Act::End(i),
        );
    }
    let mut header = header(d, w, 1);
    if unplayable > 0 && d.ask == Ask::Main {
        header.push_str(&format!(
            " {} in your hand cannot be played now: type hand to hear all.",
            count(unplayable, "card")
        ));
    }
    Menu {
        header,
        entries,
        wanted: 1,
        inline: true,
    }
}

/// "Cannon: choose a minion to destroy."; "Attic Treasures: choose 3 cards to put on
/// the bottom of its owner's deck." when the question is asked `wanted` times in a row.
fn choose_header(
    d: &Decision,
    w: &Words,
    source: Uid,
    purpose: Option<Purpose>,
    wanted: usize,
) -> String {
    let (noun, word) = match d.options.iter().find(|o| !matches!(o, Choice::Done)) {
        Some(Choice::Card(c)) => match w.game.locate(*c) {
            Loc::Minion(..) => ("a minion", "minion"),
            Loc::OnBase(..) | Loc::OnMinion(..) => ("an action", "action"),
            _ => ("a card", "card"),
        },
        Some(Choice::Base(_)) => ("a base", "base"),
        Some(Choice::Player(_)) => ("a player", "player"),
        Some(Choice::Faction(_)) => ("a faction", "faction"),
        _ => ("one", "one"),
    };
    let several = count(wanted, word);
    let chosen = if wanted > 1 { several.as_str() } else { noun };
    let what = match purpose {
        // A base is chosen for its minions or its breakpoint, never moved itself.
        Some(Purpose::Move) if noun == "a base" => " to move a minion from",
        Some(Purpose::Power) if noun == "a base" => " to change the breakpoint of",
        Some(Purpose::Destroy) => " to destroy",
        Some(Purpose::Move) => " to move",
        Some(Purpose::MoveTo) => " to move it to",
        Some(Purpose::Return) => " to return to its owner's hand",
        Some(Purpose::PlaceOnBottom) => " to put on the bottom of its owner's deck",
        // The bases a winner puts back (School of Wizardry): the last one replaces it.
        Some(Purpose::PlaceOnTop) if noun == "a base" => {
            " to put back on top of the base deck; each goes on the one before, so the last you choose replaces the scored base"
        }
        Some(Purpose::PlaceOnTop) => {
            " to put on top of its owner's deck; each goes on the one before, so the last you choose is drawn first"
        }
        Some(Purpose::Play) => " to play",
        Some(Purpose::PlayOn) => " to play it on",
        Some(Purpose::Discard) => " to discard",
        Some(Purpose::Take) => " to take",
        Some(Purpose::Power) => " to change the power of",
        Some(Purpose::Name) => " to name",
        Some(Purpose::Weaken) => " to weaken",
        Some(Purpose::Control) => " to take control of until the end of the turn",
        Some(Purpose::Transfer) => " to transfer",
        Some(Purpose::Replacement) => {
            " to replace the scored base; the other goes to the base discard pile"
        }
        Some(Purpose::Rescue) => {
            " to put on top or bottom of its owner's deck instead of the discard pile"
        }
        Some(Purpose::BaseToBottom) => {
            " to put on the bottom of the base deck; the other stays on top"
        }
        Some(Purpose::Store) => " to store face down under it",
        Some(Purpose::IntoStasis) => " to put into stasis",
        Some(Purpose::StasisCounters) => " in stasis to change its stasis counters",
        Some(Purpose::LowerBreakpoint) => " to lower its breakpoint",
        Some(Purpose::BreakpointByPower) => " whose power lowers that base's breakpoint",
        Some(Purpose::Target) | None => "",
    };
    let optional = if d.options.contains(&Choice::Done) {
        ", or done"
    } else {
        ""
    };
    format!("{}: choose {chosen}{what}{optional}.", w.labelled(source))
}

/// The sentence of an ability's text that says what you may do ("If it is a minion,
/// you may play it as an extra minion; ..."): what a "Do it?" question asks about,
/// not what has happened already. The whole text when no sentence says "may".
fn optional_part(text: &str) -> &str {
    text.split_inclusive(". ")
        .find(|s| s.contains("may"))
        .map_or(text, str::trim)
}

/// The question line of an engine decision, asked for `wanted` cards at once.
fn header(d: &Decision, w: &Words, wanted: usize) -> String {
    let game = w.game;
    match &d.ask {
        Ask::Main => format!(
            "{} {}, {}: play a card by its number (or play N on BASE), use, or end.",
            if Some(d.player) == w.viewer && w.seats.iter().filter(|s| s.is_human()).count() < 2 {
                "Your turn".to_string()
            } else {
                format!("{}, your turn", w.name(d.player))
            },
            game.turn.number,
            plays_left(game)
        ),
        Ask::Mulligan => "No minion in your opening hand: take a new hand of five?".into(),
        Ask::ScoreWhich => "Several bases are ready to score: which scores first?".into(),
        Ask::BeforeScoring { base } => format!(
            "{} is about to score, {} of {}: use a Special, or pass?",
            w.card(*base),
            game.base_power(*base),
            game.breakpoint(*base)
        ),
        Ask::AfterScoring { base } => format!(
            "{} has scored: use a Special, or pass?",
            w.card(*base)
        ),
        Ask::Choose { source, purpose } => choose_header(d, w, *source, *purpose, wanted),
        Ask::May { source } => {
            let text = game.def(*source).card().map_or_else(
                || game.def(*source).base().map_or("", |b| b.text.as_str()),
                |c| c.text.as_str(),
            );
            format!("{}: {} Do it?", w.labelled(*source), optional_part(text))
        }
        Ask::DiscardToTen if wanted > 1 => format!(
            "You have {}: discard {wanted}.",
            count(game.players[d.player.ix()].hand.len(), "card")
        ),
        Ask::DiscardToTen => format!(
            "You have {}, more than 10: discard one.",
            count(game.players[d.player.ix()].hand.len(), "card")
        ),
        // Some extra plays may be let go (pass), some were chosen already (a Special
        // used): the question says which.
        Ask::ExtraNow if d.options.contains(&Choice::Pass) => {
            "An extra play, now or never: play one of these, or pass.".into()
        }
        Ask::ExtraNow => "An extra play, now: play it.".into(),
        Ask::Order => {
            "Several abilities happen at once. Choose what happens first; the rest follow in the order you choose next.".into()
        }
        Ask::Optional => format!(
            "{}: you may use one of these abilities now, or pass. The others may then use theirs; when all pass in a row, the chance is gone.",
            sentence(&w.name(d.player))
        ),
        Ask::WhichPlay { card } => format!(
            "{} fits more than one of your plays: which play does it use?",
            w.card(*card)
        ),
        Ask::ChooseOne { source } => format!("{}: choose one.", w.labelled(*source)),
        Ask::ChooseNumber { source } => format!(
            "{}: choose a power, before any card is revealed.",
            w.labelled(*source)
        ),
        Ask::Instead { card } => format!(
            "{} would be destroyed, and more than one thing could happen instead: choose which does.",
            w.card(*card)
        ),
        Ask::Paused { phase } => format!(
            "Paused before the {} phase: continue.",
            super::narrate::phase_name(*phase).unwrap_or("next")
        ),
    }
}

/// Where to play a card: bases keep their table numbers; minions are numbered in order.
pub fn where_menu(d: &Decision, w: &Words, card: Uid, options: &[usize]) -> Menu {
    let (entries, everywhere) = where_entries(d, w, options);
    Menu {
        header: format!(
            "Where do you play {}, or back?{everywhere}",
            w.labelled(card)
        ),
        entries,
        wanted: 1,
        inline: true,
    }
}

/// The entries of a where question, then "back"; and, when the card would do nothing
/// wherever it goes, the sentence saying so once for the question (" Its ability does
/// nothing now wherever it goes: no minion fits.") rather than on every entry.
fn where_entries(d: &Decision, w: &Words, options: &[usize]) -> (Vec<Entry>, String) {
    let traps = Traps::of(w.game, d);
    let everywhere = traps.shared(options).filter(|_| options.len() > 1);
    let note = |i: usize| match (everywhere, traps.get(i)) {
        (None, Some(t)) => w.trap_note(t),
        _ => String::new(),
    };
    let mut entries: Vec<Entry> = options
        .iter()
        .enumerate()
        .map(|(k, &i)| match d.options[i] {
            Choice::Play {
                to: Some(PlayTo::Base(b)),
                ..
            }
            | Choice::Use {
                to: Some(PlayTo::Base(b)),
                ..
            } => Entry {
                shown: true,
                number: w.game.base_index(b).map_or(k, |x| x) + 1,
                label: format!("{}{}", w.base_with_total(b), note(i)),
                keys: card_keys(w, b),
                act: Act::Answer(i),
            },
            Choice::Play {
                to: Some(PlayTo::Minion(m)),
                ..
            } => Entry {
                shown: true,
                number: k + 1,
                label: format!("{}{}", w.option(&Choice::Card(m)), note(i)),
                keys: card_keys(w, m),
                act: Act::Answer(i),
            },
            ref other => Entry {
                shown: true,
                number: k + 1,
                label: format!("{}{}", w.option(other), note(i)),
                keys: option_keys(w, other),
                act: Act::Answer(i),
            },
        })
        .collect();
    // "back" is said in the question, not as an entry of its own.
    let next = entries.iter().map(|e| e.number).max().unwrap_or(0) + 1;
    entries.push(Entry {
        shown: false,
        number: next,
        label: "back".into(),
        keys: vec!["back".into(), "cancel".into()],
        act: Act::Back,
    });
    let everywhere = everywhere.map_or(String::new(), |t| format!(" {}", w.trap_everywhere(t)));
    (entries, everywhere)
}

/// The one card every play of a decision plays, if there is one.
fn only_card(d: &Decision) -> Option<Uid> {
    let mut cards = d.options.iter().filter_map(|o| match o {
        Choice::Play { card, .. } => Some(*card),
        _ => None,
    });
    let first = cards.next()?;
    cards.all(|c| c == first).then_some(first)
}

/// An extra play of one card (Hoverbot's revealed minion, Tenacious Z): asked once,
/// as where to play it, with "pass" when it may be let go.
fn extra_where_menu(d: &Decision, w: &Words, card: Uid) -> Menu {
    let plays: Vec<usize> = (0..d.options.len())
        .filter(|&i| matches!(d.options[i], Choice::Play { .. }))
        .collect();
    let (mut entries, everywhere) = where_entries(d, w, &plays);
    entries.retain(|e| e.act != Act::Back);
    let pass = d.options.iter().position(|o| *o == Choice::Pass);
    if let Some(i) = pass {
        let number = entries.iter().map(|e| e.number).max().unwrap_or(0) + 1;
        entries.push(Entry {
            number,
            shown: true,
            label: "pass: let the extra play go".into(),
            keys: vec!["pass".into(), "no".into()],
            act: Act::Answer(i),
        });
    }
    let now = if pass.is_some() {
        "now or never"
    } else {
        "now"
    };
    Menu {
        header: format!(
            "An extra play, {now}: where do you play {}?{everywhere}",
            w.labelled(card)
        ),
        entries,
        wanted: 1,
        inline: true,
    }
}

/// Which Talent or Special to use.
pub fn use_menu(d: &Decision, w: &Words, options: &[usize]) -> Menu {
    let traps = Traps::of(w.game, d);
    let mut entries: Vec<Entry> = options
        .iter()
        .enumerate()
        .map(|(k, &i)| Entry {
            shown: true,
            number: k + 1,
            label: w.option(&d.options[i]) + &option_note(w, &d.options[i], traps.get(i)),
            keys: option_keys(w, &d.options[i]),
            act: Act::Answer(i),
        })
        .collect();
    entries.push(Entry {
        shown: true,
        number: entries.len() + 1,
        label: "back".into(),
        keys: vec!["back".into(), "cancel".into()],
        act: Act::Back,
    });
    Menu {
        header: "Which do you use?".into(),
        entries,
        wanted: 1,
        inline: true,
    }
}

/// "You can still play a minion. End your turn anyway?"
pub fn confirm_end_menu(end: usize, what: &str) -> Menu {
    Menu {
        header: format!("You can still play {what}. End your turn anyway?"),
        entries: vec![
            Entry {
                shown: true,
                number: 1,
                label: "yes, end the turn".into(),
                keys: vec!["yes".into()],
                act: Act::End(end),
            },
            Entry {
                shown: true,
                number: 2,
                label: "no, keep playing".into(),
                keys: vec!["no".into(), "back".into()],
                act: Act::Back,
            },
        ],
        wanted: 1,
        inline: true,
    }
}

/// How many answers the pending question takes at once: 1, or more when the same
/// question about a card will be asked several times in a row, each time with the
/// options before less the card chosen (the hand limit's discards, Attic Treasures'
/// three cards). Found by answering a copy of the game ahead (the first option each
/// time); the engine is still answered once per card.
pub fn answers_wanted(game: &GameState) -> usize {
    let Some(d) = game.pending() else {
        return 1;
    };
    let cards = matches!(d.ask, Ask::DiscardToTen | Ask::Choose { .. })
        && d.options.len() > 1
        && d.options.iter().all(|o| matches!(o, Choice::Card(_)));
    if !cards {
        return 1;
    }
    let mut ahead = game.clone();
    let mut wanted = 1;
    while let Some(before) = ahead.pending().cloned() {
        if ahead.answer(0).is_err() {
            break;
        }
        match ahead.pending() {
            Some(next) if asked_again(&before, next, &before.options[0]) => wanted += 1,
            _ => break,
        }
    }
    wanted
}

/// True when `next` is the question `before` again, less the option `chosen`.
pub fn asked_again(before: &Decision, next: &Decision, chosen: &Choice) -> bool {
    next.player == before.player
        && next.ask == before.ask
        && next.options.len() + 1 == before.options.len()
        && next
            .options
            .iter()
            .eq(before.options.iter().filter(|o| *o != chosen))
}

/// What could still be played: "a minion", "an action", "a minion and an action";
/// `None` when nothing could.
pub fn still_playable(d: &Decision, game: &GameState) -> Option<String> {
    let kinds: Vec<bool> = d
        .options
        .iter()
        .filter_map(|o| match o {
            Choice::Play { card, .. } => game.def(*card).card().map(|c| c.is_minion()),
            _ => None,
        })
        .collect();
    match (kinds.contains(&true), kinds.contains(&false)) {
        (true, true) => Some("a minion and an action".into()),
        (true, false) => Some("a minion".into()),
        (false, true) => Some("an action".into()),
        (false, false) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::state::Allowance;
    use crate::engine::GameConfig;

    fn game() -> GameState {
        let config = GameConfig::two_players(3, 0);
        GameState::new(&config).unwrap()
    }

    #[test]
    fn plays_alike_are_counted_together() {
        let mut game = game();
        game.turn.allowances = vec![
            Allowance::normal(true),
            Allowance::normal(false),
            Allowance::normal(false),
        ];
        assert_eq!(plays_left(&game), "1 minion and 2 actions left");
    }

    #[test]
    fn a_play_for_either_kind_says_so() {
        let mut game = game();
        game.turn.allowances = vec![
            Allowance::normal(true),
            Allowance {
                either: true,
                normal: false,
                ..Allowance::normal(false)
            },
        ];
        assert_eq!(plays_left(&game), "1 minion and 1 minion or action left");
    }

    #[test]
    fn a_minion_too_strong_for_the_play_left_says_so() {
        let mut game = game();
        game.turn.allowances = vec![Allowance {
            power_at_most: Some(2),
            ..Allowance::normal(true)
        }];
        let strong = game.players[0]
            .deck
            .iter()
            .chain(&game.players[0].hand)
            .copied()
            .find(|&c| {
                game.def(c)
                    .card()
                    .and_then(|c| c.power())
                    .is_some_and(|p| p > 2)
            })
            .unwrap();
        let why = why_not(&game, &Ask::Main, strong);
        assert!(why.contains("power is too high"), "{why}");
    }

    #[test]
    fn an_extra_play_of_one_card_is_asked_once_as_where() {
        let game = game();
        let card = game.players[0].hand[0];
        let to = |i: usize| Choice::Play {
            card,
            to: Some(PlayTo::Base(game.bases[i].card)),
        };
        let d = Decision {
            player: PlayerId(0),
            ask: Ask::ExtraNow,
            options: vec![to(0), to(1), Choice::Pass],
        };
        let seats = super::super::seat::Seat::people(&["You"]);
        let w = Words::new(&game, &seats, Some(PlayerId(0)));
        let menu = decision_menu(&d, &w, Verbosity::Normal, &[]);
        assert!(menu
            .header
            .starts_with("An extra play, now or never: where do you play"));
        // A short list is said on the question's line.
        let lines = menu.lines();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].ends_with("; 3. pass: let the extra play go."),
            "{lines:?}"
        );
    }

    #[test]
    fn a_may_question_asks_about_what_is_still_to_do() {
        let hoverbot = "Reveal the top card of your deck. If it is a minion, you may play it as an extra minion; if you do not play it, it goes back on top of your deck.";
        assert!(optional_part(hoverbot).starts_with("If it is a minion, you may play it"));
        assert_eq!(optional_part("Draw a card."), "Draw a card.");
    }
}
