//! The questions a person is asked and their numbered entries: the engine's pending
//! decision (the main phase lists your hand by position), and the front end's own
//! follow-ups: where to play a card, which ability to use, "end anyway?". Each entry
//! can be named by its number, a card code or the start of a name.

use super::describe::{count, sentence, Words};
use super::narrate::Verbosity;
use super::pick::Item;
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
}

/// One numbered line of a question.
pub struct Entry {
    /// Its number.
    pub number: usize,
    /// How it reads.
    pub label: String,
    /// Codes and names that also pick it.
    pub keys: Vec<String>,
    /// What it does.
    pub act: Act,
}

/// A question and its entries.
pub struct Menu {
    /// The question.
    pub header: String,
    /// The numbered entries.
    pub entries: Vec<Entry>,
}

impl Menu {
    /// The entries as a pick list.
    pub fn items(&self) -> Vec<Item> {
        self.entries
            .iter()
            .map(|e| Item::new(e.number, &e.keys))
            .collect()
    }

    /// The question, then one line per entry.
    pub fn lines(&self) -> Vec<String> {
        std::iter::once(self.header.clone())
            .chain(
                self.entries
                    .iter()
                    .map(|e| format!("{}. {}", e.number, e.label)),
            )
            .collect()
    }
}

/// "1 minion and 1 action left", "1 minion of power 2 or less left", "no plays left".
pub fn plays_left(game: &GameState) -> String {
    let parts: Vec<String> = game
        .turn
        .allowances
        .iter()
        .map(|a| {
            let mut text = if a.minion { "1 minion" } else { "1 action" }.to_string();
            if let Some(p) = a.power_at_most {
                text.push_str(&format!(" of power {p} or less"));
            }
            if let Some(b) = a.only_on {
                text.push_str(&format!(" on {}", game.def(b).name()));
            }
            if a.only_where_no_minion {
                text.push_str(" where you have no minion");
            }
            if a.from_discard {
                text.push_str(" from your discard pile");
            }
            text
        })
        .collect();
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
            let mut keys = vec![f.clone()];
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
    }
}

/// The engine's question, as read by `w.viewer`.
pub fn decision_menu(d: &Decision, w: &Words, verbosity: Verbosity) -> Menu {
    let several = w.seats.iter().filter(|s| s.is_human()).count() > 1;
    match d.ask {
        Ask::Main | Ask::ExtraNow => main_menu(d, w, verbosity),
        _ => Menu {
            // With several people at the keyboard, say whom the question is for.
            header: if several {
                format!("{}: {}", w.name(d.player), header(d, w))
            } else {
                header(d, w)
            },
            entries: d
                .options
                .iter()
                .enumerate()
                .map(|(i, o)| Entry {
                    number: i + 1,
                    label: w.option(o),
                    keys: option_keys(w, o),
                    act: Act::Answer(i),
                })
                .collect(),
        },
    }
}

/// Why a card in hand has no play now.
fn why_not(game: &GameState, ask: &Ask, card: Uid) -> String {
    let Some(c) = game.def(card).card() else {
        return "it is not a card you play".into();
    };
    let kind = if c.is_minion() { "minion" } else { "action" };
    if *ask == Ask::ExtraNow {
        "the extra play is not for it".into()
    } else if !game
        .turn
        .allowances
        .iter()
        .any(|a| a.minion == c.is_minion())
    {
        format!("no {kind} play left")
    } else {
        "nowhere it may go now".into()
    }
}

/// The main phase: your hand by position (so `play 2` and `2` mean the same card),
/// then cards playable from elsewhere, Talents and Specials, and ending the turn.
fn main_menu(d: &Decision, w: &Words, verbosity: Verbosity) -> Menu {
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
    let mut entries = Vec::new();
    for (pos, &card) in hand.iter().enumerate() {
        let options = plays_of(card);
        let text = w.hand_card(card, verbosity == Verbosity::Full);
        let (label, act) = if options.is_empty() {
            let why = why_not(game, &d.ask, card);
            let message = format!("{} cannot be played now: {why}.", w.labelled(card));
            (
                format!("{text} (cannot be played now: {why})"),
                Act::Cannot(message),
            )
        } else {
            (text, Act::Play { card, options })
        };
        entries.push(Entry {
            number: pos + 1,
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
    for card in elsewhere {
        let from = match game.locate(card) {
            Loc::Discard(_) => " from your discard pile",
            _ => "",
        };
        entries.push(Entry {
            number: entries.len() + 1,
            label: format!("play {}{from}", w.hand_card(card, false)),
            keys: card_keys(w, card),
            act: Act::Play {
                card,
                options: plays_of(card),
            },
        });
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
        entries.push(Entry {
            number: entries.len() + 1,
            label: format!("use {} {}", w.labelled(card), w.place(card)),
            keys,
            act: Act::Use(options),
        });
    }
    if let Some(i) = pass {
        entries.push(Entry {
            number: entries.len() + 1,
            label: "pass: let the extra play go".into(),
            keys: vec!["pass".into(), "no".into()],
            act: Act::Answer(i),
        });
    }
    if let Some(i) = end {
        entries.push(Entry {
            number: entries.len() + 1,
            label: "end: stop playing cards this turn".into(),
            keys: vec!["end".into()],
            act: Act::End(i),
        });
    }
    Menu {
        header: header(d, w),
        entries,
    }
}

/// "Cannon: choose a minion to destroy."
fn choose_header(d: &Decision, w: &Words, source: Uid, purpose: Option<Purpose>) -> String {
    let noun = match d.options.iter().find(|o| !matches!(o, Choice::Done)) {
        Some(Choice::Card(c)) => match w.game.locate(*c) {
            Loc::Minion(..) => "a minion",
            Loc::OnBase(..) | Loc::OnMinion(..) => "an action",
            _ => "a card",
        },
        Some(Choice::Base(_)) => "a base",
        Some(Choice::Player(_)) => "a player",
        Some(Choice::Faction(_)) => "a faction",
        _ => "one",
    };
    let what = match purpose {
        Some(Purpose::Destroy) => " to destroy",
        Some(Purpose::Move) => " to move",
        Some(Purpose::MoveTo) => " to move it to",
        Some(Purpose::Return) => " to return to its owner's hand",
        Some(Purpose::PlaceOnBottom) => " to put on the bottom of its owner's deck",
        Some(Purpose::PlaceOnTop) => " to put on top of its owner's deck",
        Some(Purpose::Play) => " to play",
        Some(Purpose::PlayOn) => " to play it on",
        Some(Purpose::Discard) => " to discard",
        Some(Purpose::Take) => " to take",
        Some(Purpose::Power) => " to change the power of",
        Some(Purpose::Name) => " to name",
        Some(Purpose::Target) | None => "",
    };
    let optional = if d.options.contains(&Choice::Done) {
        ", or done"
    } else {
        ""
    };
    format!("{}: choose {noun}{what}{optional}.", w.labelled(source))
}

/// The question line of an engine decision.
fn header(d: &Decision, w: &Words) -> String {
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
        Ask::Choose { source, purpose } => choose_header(d, w, *source, *purpose),
        Ask::May { source } => {
            let text = game.def(*source).card().map_or_else(
                || game.def(*source).base().map_or("", |b| b.text.as_str()),
                |c| c.text.as_str(),
            );
            format!(
                "{}: you may use its ability. Do it? {text}",
                w.labelled(*source)
            )
        }
        Ask::DiscardToTen => format!(
            "You have {}, more than 10: discard one.",
            count(game.players[d.player.ix()].hand.len(), "card")
        ),
        Ask::ExtraNow => "An extra play, now or never: play one of these, or pass.".into(),
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
        Ask::Paused { phase } => format!(
            "Paused before the {} phase: continue.",
            super::narrate::phase_name(*phase).unwrap_or("next")
        ),
    }
}

/// Where to play a card: bases keep their table numbers; minions are numbered in order.
pub fn where_menu(d: &Decision, w: &Words, card: Uid, options: &[usize]) -> Menu {
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
                number: w.game.base_index(b).map_or(k, |x| x) + 1,
                label: format!(
                    "{}, {} of {}",
                    w.labelled_base(b),
                    w.game.base_power(b),
                    w.game.breakpoint(b)
                ),
                keys: card_keys(w, b),
                act: Act::Answer(i),
            },
            Choice::Play {
                to: Some(PlayTo::Minion(m)),
                ..
            } => Entry {
                number: k + 1,
                label: w.option(&Choice::Card(m)),
                keys: card_keys(w, m),
                act: Act::Answer(i),
            },
            ref other => Entry {
                number: k + 1,
                label: w.option(other),
                keys: option_keys(w, other),
                act: Act::Answer(i),
            },
        })
        .collect();
    let next = entries.iter().map(|e| e.number).max().unwrap_or(0) + 1;
    entries.push(Entry {
        number: next,
        label: "back".into(),
        keys: vec!["back".into(), "cancel".into()],
        act: Act::Back,
    });
    Menu {
        header: format!("Where do you play {}?", w.labelled(card)),
        entries,
    }
}

/// Which Talent or Special to use.
pub fn use_menu(d: &Decision, w: &Words, options: &[usize]) -> Menu {
    let mut entries: Vec<Entry> = options
        .iter()
        .enumerate()
        .map(|(k, &i)| Entry {
            number: k + 1,
            label: w.option(&d.options[i]),
            keys: option_keys(w, &d.options[i]),
            act: Act::Answer(i),
        })
        .collect();
    entries.push(Entry {
        number: entries.len() + 1,
        label: "back".into(),
        keys: vec!["back".into(), "cancel".into()],
        act: Act::Back,
    });
    Menu {
        header: "Which do you use?".into(),
        entries,
    }
}

/// "You can still play a minion. End your turn anyway?"
pub fn confirm_end_menu(end: usize, what: &str) -> Menu {
    Menu {
        header: format!("You can still play {what}. End your turn anyway?"),
        entries: vec![
            Entry {
                number: 1,
                label: "yes, end the turn".into(),
                keys: vec!["yes".into()],
                act: Act::End(end),
            },
            Entry {
                number: 2,
                label: "no, keep playing".into(),
                keys: vec!["no".into(), "back".into()],
                act: Act::Back,
            },
        ],
    }
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
