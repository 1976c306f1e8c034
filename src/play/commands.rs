//! The typed commands: what a line means, before anything is looked up. Anything that
//! is not a command is an answer to the question being asked (a number, a card code,
//! the start of a name). Parsing never touches the game, so a bad line changes nothing.

use super::narrate::Verbosity;
use crate::quote::quote;

/// One typed line, understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `play N [on BASE]`: what to play and, optionally, where (still unparsed: names
    /// may contain "on").
    Play(String),
    /// `use [CARD]`: a Talent or Special.
    Use(Option<String>),
    /// `end`: finish playing cards this turn.
    End,
    /// `hand`: your hand.
    Hand,
    /// `bases`: every base, one line each.
    Bases,
    /// `base N`: everything on one base.
    Base(String),
    /// `score`: everyone's VP.
    Score,
    /// `card X`: what a card does (a hand position, a code or a name).
    Card(String),
    /// `deck`: how many cards are in each deck and discard pile.
    Deck,
    /// `discard [PLAYER]`: a discard pile.
    Discard(Option<String>),
    /// `log [N]`: the last N narrated lines, numbered.
    Log(usize),
    /// `recap`: what changed since your last turn.
    Recap,
    /// `rules [TOPIC]`: the rules, read out in short.
    Rules(Option<String>),
    /// `repeat`: the last narration and the question again.
    Repeat,
    /// `status`: whose turn, the phase, plays left, who must answer.
    Status,
    /// `options`: everything you may do now.
    Options,
    /// `help [COMMAND]`.
    Help(Option<String>),
    /// `save [FILE]`.
    Save(Option<String>),
    /// `undo`: take back your last action this turn.
    Undo,
    /// `verbosity [brief|normal|full]`; none to hear the current one.
    Verbosity(Option<Verbosity>),
    /// `stop`: stop speaking.
    Stop,
    /// `rate N`: speech rate from 0 to 100.
    Rate(u8),
    /// `speech test`: say a sentence.
    SpeechTest,
    /// `quit`: save and leave.
    Quit,
    /// Anything else: an answer to the question.
    Answer(String),
    /// `stasis [PLAYER]`: the cards in stasis, face up, with their stasis counters.
    Stasis(Option<String>),
}

/// A command's name, how to type it, and what it does (for `help` and completion).
pub struct CommandHelp {
    /// The word that starts it.
    pub name: &'static str,
    /// How to type it.
    pub usage: &'static str,
    /// What it does, one sentence.
    pub about: &'static str,
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandHelp] = &[
    CommandHelp { name: "play", usage: "play N [on BASE]", about: "Play a card from your hand: N is its hand position, code or name; BASE is a base number, code or name (or a minion, for an action played on one)." },
    CommandHelp { name: "use", usage: "use [CARD]", about: "Use a Talent or Special; with several, you are asked which." },
    CommandHelp { name: "end", usage: "end", about: "Finish playing cards; if you could still play a minion or action you are asked to confirm." },
    CommandHelp { name: "hand", usage: "hand", about: "Your hand, numbered." },
    CommandHelp { name: "bases", usage: "bases", about: "Every base: number, code and name, total power and breakpoint, VP, and each player's power and minions." },
    CommandHelp { name: "base", usage: "base N", about: "Everything on one base (by number, code or name): its ability, each minion with its power, counters and actions." },
    CommandHelp { name: "score", usage: "score", about: "Everyone's victory points and factions." },
    CommandHelp { name: "card", usage: "card X", about: "What a card does: a hand position, a code (pm5) or a name; also says where copies are in play." },
    CommandHelp { name: "deck", usage: "deck", about: "How many cards each player has in hand, deck and discard pile." },
    CommandHelp { name: "discard", usage: "discard [PLAYER]", about: "A discard pile: yours, or a player's by name or seat number." },
    CommandHelp { name: "stasis", usage: "stasis [PLAYER]", about: "The cards in stasis (Backtimers), everyone's or one player's, with their stasis counters and what is stored under them." },
    CommandHelp { name: "log", usage: "log [N]", about: "The last N things that happened (10 if no N), numbered." },
    CommandHelp { name: "recap", usage: "recap", about: "What changed since your last turn: cards played at each base, minions destroyed or moved, bases scored and VP gained." },
    CommandHelp { name: "rules", usage: "rules [TOPIC]", about: "The rules in short: turn, playing, scoring, specials, talents, ongoing." },
    CommandHelp { name: "repeat", usage: "repeat", about: "The last narration and the question again." },
    CommandHelp { name: "status", usage: "status", about: "Whose turn, the phase, plays left, and who must answer what." },
    CommandHelp { name: "options", usage: "options", about: "The question and everything you may do now." },
    CommandHelp { name: "read", usage: "read N (or ? N)", about: "The full text of option N's card (the same as card N), or of a card by code or name." },
    CommandHelp { name: "help", usage: "help [COMMAND]", about: "The commands, or one command in detail." },
    CommandHelp { name: "save", usage: "save [FILE]", about: "Save the game (to smashup-save.ron if no FILE); continue it later with smashup play --load FILE." },
    CommandHelp { name: "undo", usage: "undo", about: "Take back your last action this turn, unless it drew, revealed or shuffled a card." },
    CommandHelp { name: "verbosity", usage: "verbosity [brief|normal|full]", about: "How much is narrated: brief, normal, or full (with card codes and action texts)." },
    CommandHelp { name: "stop", usage: "stop", about: "Stop speaking (any new command also does)." },
    CommandHelp { name: "rate", usage: "rate N", about: "Speech rate from 0 (slowest) to 100 (fastest)." },
    CommandHelp { name: "speech", usage: "speech test", about: "Say a test sentence." },
    CommandHelp { name: "quit", usage: "quit", about: "Save the game to the autosave file and leave." },
];

/// Understands one line. `Err` is the one line saying what was expected.
pub fn parse(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let rest_opt = (!rest.is_empty()).then(|| rest.to_string());
    let command = match word.to_lowercase().as_str() {
        "play" => Command::Play(rest.to_string()),
        "use" => Command::Use(rest_opt),
        "end" if rest.is_empty() => Command::End,
        "hand" if rest.is_empty() => Command::Hand,
        "bases" if rest.is_empty() => Command::Bases,
        "base" => match rest_opt {
            Some(b) => Command::Base(b),
            None => return Err("Expected a base after base: its number, code or name, for example: base 1.".into()),
        },
        "score" if rest.is_empty() => Command::Score,
        "card" => match rest_opt {
            Some(c) => Command::Card(c),
            None => return Err("Expected a card after card: a hand position, a code or a name, for example: card 1.".into()),
        },
        "deck" if rest.is_empty() => Command::Deck,
        "discard" => Command::Discard(rest_opt),
        "stasis" => Command::Stasis(rest_opt),
        "log" => match rest_opt {
            None => Command::Log(10),
            Some(n) => match n.parse::<usize>() {
                Ok(n) if n > 0 => Command::Log(n),
                _ => return Err(format!("Expected a number of lines after log, for example: log 20; not {}.", quote(&n))),
            },
        },
        "recap" if rest.is_empty() => Command::Recap,
        "rules" => Command::Rules(rest_opt),
        "repeat" if rest.is_empty() => Command::Repeat,
        "status" if rest.is_empty() => Command::Status,
        "options" if rest.is_empty() => Command::Options,
        // "? 3" reads option 3's card in full; "?" and "? play" are help.
        "?" if rest.parse::<usize>().is_ok() => Command::Card(rest.to_string()),
        "help" | "?" => Command::Help(rest_opt),
        "read" => match rest_opt {
            Some(c) => Command::Card(c),
            None => return Err("Expected a card after read: an option's number, a code or a name, for example: read 1.".into()),
        },
        "save" => Command::Save(rest_opt),
        "undo" if rest.is_empty() => Command::Undo,
        "verbosity" => match rest_opt {
            None => Command::Verbosity(None),
            Some(v) => match Verbosity::parse(&v) {
                Some(v) => Command::Verbosity(Some(v)),
                None => return Err(format!("Expected brief, normal or full after verbosity; not {}.", quote(&v))),
            },
        },
        "stop" if rest.is_empty() => Command::Stop,
        "rate" => match rest.parse::<u8>() {
            Ok(n) if n <= 100 => Command::Rate(n),
            _ => return Err(format!("Expected a rate from 0 to 100 after rate, for example: rate 50; not {}.", quote(rest))),
        },
        "speech" => {
            if rest.eq_ignore_ascii_case("test") {
                Command::SpeechTest
            } else {
                return Err("Expected: speech test.".into());
            }
        }
        "quit" | "exit" if rest.is_empty() => Command::Quit,
        _ => Command::Answer(line.to_string()),
    };
    Ok(command)
}

/// The help lines: every command, or one in detail.
pub fn help(topic: Option<&str>) -> Result<Vec<String>, String> {
    match topic {
        None => {
            let mut lines = vec![
                "Commands (answer any question with its number, a card code or a name):"
                    .to_string(),
            ];
            lines.extend(COMMANDS.iter().map(|c| format!("{}: {}", c.usage, c.about)));
            Ok(lines)
        }
        Some(t) => {
            let t = t.trim().to_lowercase();
            COMMANDS
                .iter()
                .find(|c| c.name == t)
                .map(|c| vec![format!("{}: {}", c.usage, c.about)])
                .ok_or_else(|| {
                    let names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
                    let near = crate::cards::query::closest(names.iter().copied(), &t, 1);
                    format!(
                        "No command {}{}. Type help for the list.",
                        quote(&t),
                        near.first()
                            .map_or(String::new(), |n| format!("; did you mean {n}?"))
                    )
                })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_answers() {
        assert_eq!(parse("play 2 on 3"), Ok(Command::Play("2 on 3".into())));
        assert_eq!(
            parse("  PLAY pirate king "),
            Ok(Command::Play("pirate king".into()))
        );
        assert_eq!(parse("use"), Ok(Command::Use(None)));
        assert_eq!(parse("end"), Ok(Command::End));
        assert_eq!(parse("base 2"), Ok(Command::Base("2".into())));
        assert_eq!(parse("log"), Ok(Command::Log(10)));
        assert_eq!(parse("log 3"), Ok(Command::Log(3)));
        assert_eq!(
            parse("discard bot 2"),
            Ok(Command::Discard(Some("bot 2".into())))
        );
        assert_eq!(
            parse("verbosity f"),
            Ok(Command::Verbosity(Some(Verbosity::Full)))
        );
        assert_eq!(parse("verbosity"), Ok(Command::Verbosity(None)));
        assert_eq!(parse("rate 100"), Ok(Command::Rate(100)));
        assert_eq!(parse("speech TEST"), Ok(Command::SpeechTest));
        assert_eq!(parse("help play"), Ok(Command::Help(Some("play".into()))));
        assert_eq!(parse("? play"), Ok(Command::Help(Some("play".into()))));
        assert_eq!(parse("? 3"), Ok(Command::Card("3".into())));
        assert_eq!(parse("read 3"), Ok(Command::Card("3".into())));
        assert_eq!(
            parse("read pirate king"),
            Ok(Command::Card("pirate king".into()))
        );
        assert_eq!(parse("3"), Ok(Command::Answer("3".into())));
        assert_eq!(parse("pirate k"), Ok(Command::Answer("pirate k".into())));
        // A command word followed by words it does not take is an answer (a card name).
        assert_eq!(
            parse("end of days"),
            Ok(Command::Answer("end of days".into()))
        );
    }

    #[test]
    fn bad_arguments_say_what_was_expected() {
        for bad in [
            "rate",
            "rate 101",
            "rate fast",
            "log x",
            "log 0",
            "verbosity loud",
            "base",
            "card",
            "read",
            "speech",
            "speech now",
        ] {
            let err = parse(bad).unwrap_err();
            assert!(err.starts_with("Expected"), "{bad}: {err}");
            assert!(!err.contains('\n'));
        }
    }

    #[test]
    fn help_covers_every_command() {
        let all = help(None).unwrap();
        assert_eq!(all.len(), COMMANDS.len() + 1);
        assert!(help(Some("undo")).unwrap()[0].starts_with("undo:"));
        assert!(help(Some("undp"))
            .unwrap_err()
            .contains("did you mean undo"));
    }
}
