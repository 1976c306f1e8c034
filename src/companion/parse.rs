//! What a line typed at the table means: the command word (or a player's name, for
//! "ann plays pm5 on tortuga"), and the texts that name cards, bases and players,
//! left as typed for the tracker to find on the table or in the catalog. A line that
//! fits no command is one line saying what was expected, with "did you mean" for a
//! misspelt command word.

use crate::cards::query::normalize;
use crate::play::pick::did_you_mean;
use crate::quote::quote;

/// One command of the table companion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `player ann pirates ninjas`: a person joins with two factions (the words after
    /// the name, to be split into two faction names).
    Player { name: String, factions: String },
    /// `base b21`: put a base out; or, for a base in play, what is on it.
    Base(String),
    /// `bases`: each base against its breakpoint, with each player's power.
    Bases,
    /// `cards`: every card on the table, numbered.
    Cards,
    /// `ann plays pm5 on tortuga`, `ann pm5 tortuga`, `ben plays poison on king rex`:
    /// the seat and the words after the name (and after "plays").
    Play { player: usize, words: String },
    /// `destroy king rex`: to its owner's discard pile.
    Destroy(String),
    /// `return king rex`: to its owner's hand.
    Return(String),
    /// `move ninja master to jungle`.
    Move { card: String, to: String },
    /// `counter +1 on fun bear`: power counters added (or taken, when negative).
    Counter { amount: i32, card: String },
    /// `+2 king rex until end of turn`: power until the end of this turn.
    ThisTurn { amount: i32, card: String },
    /// `ann takes control of king rex`.
    Control { player: usize, card: String },
    /// `turn ben`: a new turn begins; `turn` alone says whose it is.
    Turn(Option<String>),
    /// `vp ann +2`: VP gained (or lost) outside scoring.
    Vp { player: String, amount: i32 },
    /// `who wins tortuga` (or every base, with no base).
    WhoWins(Option<String>),
    /// `score tortuga` scores a base; `score` says everyone's VP.
    Score(Option<String>),
    /// `card X`: what a card does (X a number on the table, a code or a name).
    Card(String),
    /// `rules [TOPIC]`.
    Rules(Option<String>),
    /// `help`.
    Help,
    /// `undo`: take back the last change.
    Undo,
    /// `save [FILE]`.
    Save(Option<String>),
    /// `load [FILE]` (the autosave with no FILE).
    Load(Option<String>),
    /// `stop`: stop speaking.
    Stop,
    /// `quit`.
    Quit,
}

/// The command words, for "did you mean" and for `help`.
pub const WORDS: &[&str] = &[
    "player", "base", "bases", "cards", "destroy", "return", "move", "counter", "turn", "vp",
    "who", "score", "card", "rules", "help", "undo", "save", "load", "stop", "quit",
];

/// Reads one line; `players` are the names at the table, in seat order.
pub fn parse(line: &str, players: &[String]) -> Result<Command, String> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let rest_opt = (!rest.is_empty()).then(|| rest.to_string());
    let needs = |what: &str| -> Result<String, String> {
        rest_opt
            .clone()
            .ok_or_else(|| format!("Expected {word} and {what}."))
    };
    if let Some(amount) = signed(word) {
        let card = strip_this_turn(rest);
        let card = card.strip_prefix("on ").unwrap_or(&card).trim().to_string();
        if card.is_empty() {
            return Err(format!("Expected {word}, a minion and until end of turn, for example {word} king rex until end of turn."));
        }
        return Ok(Command::ThisTurn { amount, card });
    }
    let command = match word.to_lowercase().as_str() {
        "" => return Err("Type a command, or help for the list.".into()),
        "player" | "players" if rest.is_empty() => {
            return Err(
                "Expected player, a name and two factions, for example player Ann pirates ninjas."
                    .into(),
            )
        }
        "player" | "players" => {
            let (name, factions) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            if factions.trim().is_empty() {
                return Err(format!(
                    "Expected two factions after {name}, for example player {name} pirates ninjas."
                ));
            }
            Command::Player {
                name: name.to_string(),
                factions: factions.trim().to_string(),
            }
        }
        "base" => Command::Base(needs("a code or name, for example base b21")?),
        "bases" => Command::Bases,
        "cards" => Command::Cards,
        "destroy" => Command::Destroy(needs("a card on the table")?),
        "return" => Command::Return(needs("a card on the table")?),
        "move" => {
            let text = needs("a minion, to and a base, for example move ninja master to jungle")?;
            let Some((card, to)) = split_last(&text, " to ") else {
                return Err(format!(
                    "Expected move, a minion, to and a base, for example move {text} to jungle."
                ));
            };
            Command::Move { card, to }
        }
        "counter" | "counters" => {
            let text = needs("+1 on a minion, for example counter +1 on fun bear")?;
            let (first, after) = text.split_once(char::is_whitespace).unwrap_or((&text, ""));
            let (amount, card) = match signed(first).or_else(|| first.parse().ok()) {
                Some(n) => (n, after.trim()),
                None => (1, text.as_str()),
            };
            let card = card.strip_prefix("on ").unwrap_or(card).trim().to_string();
            if card.is_empty() || amount == 0 {
                return Err("Expected counter, +1 or -1, on and a minion, for example counter +1 on fun bear.".into());
            }
            Command::Counter { amount, card }
        }
        "turn" => Command::Turn(rest_opt),
        "vp" => {
            let words: Vec<&str> = rest.split_whitespace().collect();
            match words.as_slice() {
                [name @ .., n] if !name.is_empty() && signed(n).is_some() => Command::Vp {
                    player: name.join(" "),
                    amount: signed(n).unwrap_or(0),
                },
                _ => {
                    return Err("Expected vp, a player and +N or -N, for example vp ann +2.".into())
                }
            }
        }
        "who" => {
            let base = rest
                .strip_prefix("wins")
                .or_else(|| rest.strip_prefix("win"))
                .ok_or("Expected who wins and a base, for example who wins tortuga.")?
                .trim();
            Command::WhoWins((!base.is_empty()).then(|| base.to_string()))
        }
        "score" => Command::Score(rest_opt),
        "card" => Command::Card(needs("a number, code or name, for example card pm5")?),
        "rules" => Command::Rules(rest_opt),
        "help" | "?" => Command::Help,
        "undo" => Command::Undo,
        "save" => Command::Save(rest_opt),
        "load" => Command::Load(rest_opt),
        "stop" => Command::Stop,
        "quit" | "exit" => Command::Quit,
        _ => return by_player(line, word, rest, players),
    };
    Ok(command)
}

/// A line that starts with a player's name: `ann plays ...`, `ann pm5 tortuga`,
/// `ann takes control of ...`.
fn by_player(line: &str, word: &str, rest: &str, players: &[String]) -> Result<Command, String> {
    let Some(player) = players.iter().position(|p| normalize(p) == normalize(word)) else {
        let mut known: Vec<&str> = WORDS.to_vec();
        known.extend(players.iter().map(String::as_str));
        let near = did_you_mean(&known, word);
        let who = if players.is_empty() {
            String::new()
        } else {
            " or a player's name".to_string()
        };
        return Err(format!(
            "{} is not a command{who}.{near} Type help for the commands.",
            quote(line)
        ));
    };
    let lower = rest.to_ascii_lowercase();
    for lead in ["takes control of ", "take control of ", "controls "] {
        if lower.starts_with(lead) {
            let card = rest[lead.len()..].trim().to_string();
            return Ok(Command::Control { player, card });
        }
    }
    let first = lower.split_whitespace().next().unwrap_or("");
    let words = if ["plays", "play", "played"].contains(&first) {
        rest[first.len()..].trim()
    } else {
        rest
    };
    if words.is_empty() {
        return Err(format!(
            "Expected {word} plays, a card and where, for example {word} plays pm5 on tortuga."
        ));
    }
    Ok(Command::Play {
        player,
        words: words.to_string(),
    })
}

/// The ways the words of a play may split into a card and where it goes, most likely
/// first: at each " on " from the left; then, with no "on", after each word from the
/// left (`pm5 tortuga`); last, all of it a card played nowhere (a standard action).
pub fn splits(words: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let lower = words.to_ascii_lowercase();
    for (at, _) in lower.match_indices(" on ") {
        out.push((
            words[..at].trim().to_string(),
            Some(words[at + 4..].trim().to_string()),
        ));
    }
    if out.is_empty() {
        let parts: Vec<&str> = words.split_whitespace().collect();
        for k in 1..parts.len() {
            out.push((parts[..k].join(" "), Some(parts[k..].join(" "))));
        }
    }
    out.push((words.trim().to_string(), None));
    out
}

/// `+2`, `-1`: a signed number; a bare number is not one.
fn signed(word: &str) -> Option<i32> {
    if word.starts_with('+') || word.starts_with('-') {
        word.parse().ok()
    } else {
        None
    }
}

/// The text without "until (the) end of (the) turn" or "this turn" at its end.
fn strip_this_turn(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    for tail in [
        " until the end of the turn",
        " until end of the turn",
        " until the end of turn",
        " until end of turn",
        " this turn",
    ] {
        if lower.ends_with(tail) {
            return text[..text.len() - tail.len()].trim().to_string();
        }
    }
    text.trim().to_string()
}

/// The text split at the last `sep` (case ignored), both sides trimmed and non-empty.
fn split_last(text: &str, sep: &str) -> Option<(String, String)> {
    let at = text.to_ascii_lowercase().rfind(sep)?;
    let (a, b) = (text[..at].trim(), text[at + sep.len()..].trim());
    (!a.is_empty() && !b.is_empty()).then(|| (a.to_string(), b.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Ben".into(), "Cat".into()]
    }

    fn p(line: &str) -> Command {
        parse(line, &names()).unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    fn err(line: &str) -> String {
        let e = parse(line, &names()).unwrap_err();
        assert!(!e.contains('\n'), "{e}");
        e
    }

    #[test]
    fn set_up_forms() {
        assert_eq!(
            p("player Ann pirates ninjas"),
            Command::Player {
                name: "Ann".into(),
                factions: "pirates ninjas".into()
            }
        );
        assert_eq!(p("base b21"), Command::Base("b21".into()));
        assert_eq!(p("base jungle oasis"), Command::Base("jungle oasis".into()));
        assert!(err("player Dan").contains("two factions after Dan"));
        assert!(err("player").starts_with("Expected player, a name and two factions"));
        assert!(err("base").starts_with("Expected base and a code or name"));
    }

    #[test]
    fn plays_by_a_player() {
        let play = |player, words: &str| Command::Play {
            player,
            words: words.into(),
        };
        assert_eq!(p("ann plays pm5 on tortuga"), play(0, "pm5 on tortuga"));
        assert_eq!(p("Ann pm5 tortuga"), play(0, "pm5 tortuga"));
        assert_eq!(
            p("ben plays poison on king rex"),
            play(1, "poison on king rex")
        );
        assert_eq!(
            p("ann takes control of king rex"),
            Command::Control {
                player: 0,
                card: "king rex".into()
            }
        );
        assert!(err("ann plays").starts_with("Expected ann plays, a card and where"));
    }

    #[test]
    fn the_words_of_a_play_split_on_on_first_then_by_words() {
        assert_eq!(
            splits("pm5 on tortuga"),
            vec![
                ("pm5".into(), Some("tortuga".into())),
                ("pm5 on tortuga".into(), None)
            ]
        );
        assert_eq!(
            splits("poison on saucy wench on tortuga")[0],
            ("poison".into(), Some("saucy wench on tortuga".into()))
        );
        assert_eq!(
            splits("pirate king jungle oasis"),
            vec![
                ("pirate".into(), Some("king jungle oasis".into())),
                ("pirate king".into(), Some("jungle oasis".into())),
                ("pirate king jungle".into(), Some("oasis".into())),
                ("pirate king jungle oasis".into(), None),
            ]
        );
    }

    #[test]
    fn changes_on_the_table() {
        assert_eq!(p("destroy king rex"), Command::Destroy("king rex".into()));
        assert_eq!(p("return 3"), Command::Return("3".into()));
        assert_eq!(
            p("move ninja master to jungle"),
            Command::Move {
                card: "ninja master".into(),
                to: "jungle".into()
            }
        );
        assert_eq!(
            p("counter +1 on fun bear"),
            Command::Counter {
                amount: 1,
                card: "fun bear".into()
            }
        );
        assert_eq!(
            p("counter -1 fun bear"),
            Command::Counter {
                amount: -1,
                card: "fun bear".into()
            }
        );
        assert_eq!(
            p("counter fun bear"),
            Command::Counter {
                amount: 1,
                card: "fun bear".into()
            }
        );
        assert_eq!(
            p("+2 king rex until end of turn"),
            Command::ThisTurn {
                amount: 2,
                card: "king rex".into()
            }
        );
        assert_eq!(
            p("-1 on 4 until the end of the turn"),
            Command::ThisTurn {
                amount: -1,
                card: "4".into()
            }
        );
        assert_eq!(p("turn ben"), Command::Turn(Some("ben".into())));
        assert_eq!(p("turn"), Command::Turn(None));
        assert_eq!(
            p("vp ann +2"),
            Command::Vp {
                player: "ann".into(),
                amount: 2
            }
        );
        assert!(err("move king rex").contains("move king rex to jungle"));
        assert!(err("counter +0 on rex").starts_with("Expected counter"));
        assert!(err("vp ann 2").starts_with("Expected vp, a player and +N"));
        assert!(err("+2").starts_with("Expected +2, a minion"));
    }

    #[test]
    fn questions_and_the_rest() {
        assert_eq!(p("bases"), Command::Bases);
        assert_eq!(p("cards"), Command::Cards);
        assert_eq!(
            p("who wins tortuga"),
            Command::WhoWins(Some("tortuga".into()))
        );
        assert_eq!(p("who wins"), Command::WhoWins(None));
        assert_eq!(p("score tortuga"), Command::Score(Some("tortuga".into())));
        assert_eq!(p("score"), Command::Score(None));
        assert_eq!(p("card 3"), Command::Card("3".into()));
        assert_eq!(p("card pa 3"), Command::Card("pa 3".into()));
        assert_eq!(p("rules ties"), Command::Rules(Some("ties".into())));
        assert_eq!(p("HELP"), Command::Help);
        assert_eq!(p("undo"), Command::Undo);
        assert_eq!(p("save game.ron"), Command::Save(Some("game.ron".into())));
        assert_eq!(p("load"), Command::Load(None));
        assert_eq!(p("quit"), Command::Quit);
        assert!(err("who is winning").starts_with("Expected who wins and a base"));
    }

    #[test]
    fn misspellings_say_what_was_meant() {
        assert!(err("destory king rex").contains("Did you mean destroy?"));
        assert!(err("scroe").contains("Did you mean score?"));
        assert!(err("annn plays pm5").contains("Did you mean Ann?"));
        let e = err("zzz");
        assert!(
            e.starts_with("\"zzz\" is not a command or a player's name."),
            "{e}"
        );
        assert!(parse("dan plays pm5", &[])
            .unwrap_err()
            .contains("is not a command."));
    }
}
