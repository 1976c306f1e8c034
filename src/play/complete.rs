//! Tab completion in the line editor: the first word completes to a command (with the
//! space after it), the rest to the names and codes of what is in this game now (your
//! hand, the cards in play, the bases, the players), never to cards not in the game.

use super::commands::COMMANDS;
use super::describe::Words;
use crate::engine::Uid;
use rustyline::completion::{Completer, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};
use std::sync::{Arc, Mutex};

/// Words that follow commands, whatever the game.
const FIXED: [&str; 5] = ["on", "test", "brief", "normal", "full"];

/// The line editor's helper: completion only (no hints or highlighting, which make
/// screen readers re-read the line). The game's names are shared with the table's
/// loop, which refreshes them after every command.
pub struct Completion {
    /// Names and codes of what is in the game now.
    pub names: Arc<Mutex<Vec<String>>>,
    /// The words a line may start with, when not the game's commands (the table
    /// companion's commands and players).
    pub first_words: Arc<Mutex<Vec<String>>>,
    /// Command words besides those of `smashup play` (the lobby's, over the network).
    pub more_commands: &'static [&'static str],
}

/// Where the completed text starts, and the completions of `line` up to `pos`.
pub fn candidates(line: &str, pos: usize, names: &[String]) -> (usize, Vec<String>) {
    let commands: Vec<String> = COMMANDS.iter().map(|c| c.name.to_string()).collect();
    candidates_after(line, pos, names, &commands)
}

/// [`candidates`] with `first_words` as the words a line may start with.
pub fn candidates_after(
    line: &str,
    pos: usize,
    names: &[String],
    first_words: &[String],
) -> (usize, Vec<String>) {
    let typed = &line[..pos];
    let first_end = typed.find(char::is_whitespace);
    let Some(first_end) = first_end else {
        let word = typed.trim_start().to_lowercase();
        if word.is_empty() {
            return (pos, Vec::new());
        }
        let start = typed.len() - typed.trim_start().len();
        let mut found: Vec<String> = Vec::new();
        for c in first_words
            .iter()
            .filter(|c| c.to_lowercase().starts_with(&word))
        {
            let with_space = format!("{c} ");
            if !found.contains(&with_space) {
                found.push(with_space);
            }
        }
        return (start, found);
    };
    // The name being typed: after the command word, or after " on ".
    let lower = typed.to_lowercase();
    let from = lower.rfind(" on ").map_or(first_end, |i| i + 3);
    let rest = &typed[from..];
    let mut start = from + (rest.len() - rest.trim_start().len());
    // A name that starts nowhere may start after a word ("ann plays gr": Gremlin).
    loop {
        let fragment = typed[start..].to_lowercase();
        if fragment.is_empty() {
            return (pos, Vec::new());
        }
        let mut found: Vec<String> = names
            .iter()
            .map(String::as_str)
            .chain(FIXED)
            .filter(|n| n.to_lowercase().starts_with(&fragment))
            .map(String::from)
            .collect();
        found.sort();
        found.dedup();
        match typed[start..].find(char::is_whitespace) {
            Some(space) if found.is_empty() => start += space + 1,
            _ => return (start, found),
        }
    }
}

/// The names and codes of what `w.viewer` may name now: their hand, the cards in
/// play, the bases and the players.
pub fn names_in_game(w: &Words) -> Vec<String> {
    let game = w.game;
    let mut cards: Vec<Uid> = w
        .viewer
        .map(|p| game.players[p.ix()].hand.clone())
        .unwrap_or_default();
    for b in &game.bases {
        cards.push(b.card);
        for m in &b.minions {
            cards.push(m.card);
            cards.extend(m.attached.iter().map(|a| a.card));
        }
        cards.extend(b.actions.iter().map(|a| a.card));
    }
    let mut names: Vec<String> = w.seats.iter().map(|s| s.name.clone()).collect();
    for c in cards {
        let def = game.def(c);
        names.push(def.name().to_string());
        let code = def
            .card()
            .map(|c| c.code.clone())
            .or_else(|| def.base().map(|b| b.code.clone()));
        names.extend(code);
    }
    names
}

impl Completer for Completion {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let names = self.names.lock().map(|n| n.clone()).unwrap_or_default();
        let first = self
            .first_words
            .lock()
            .map(|n| n.clone())
            .unwrap_or_default();
        let (start, found) = if first.is_empty() {
            let commands: Vec<String> = COMMANDS
                .iter()
                .map(|c| c.name)
                .chain(self.more_commands.iter().copied())
                .map(str::to_string)
                .collect();
            candidates_after(line, pos, &names, &commands)
        } else {
            candidates_after(line, pos, &names, &first)
        };
        let pairs = found
            .into_iter()
            .map(|w| Pair {
                display: w.clone(),
                replacement: w,
            })
            .collect();
        Ok((start, pairs))
    }
}

impl Hinter for Completion {
    type Hint = String;
}

impl Highlighter for Completion {}

impl Validator for Completion {}

impl Helper for Completion {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_get_their_space_and_names_come_from_the_game() {
        let names = vec!["Gremlin".to_string(), "The Homeworld".to_string()];
        assert_eq!(candidates("pl", 2, &names), (0, vec!["play ".to_string()]));
        assert_eq!(
            candidates("play Gre", 8, &names),
            (5, vec!["Gremlin".to_string()])
        );
        assert_eq!(
            candidates("play gremlin on the h", 21, &names),
            (16, vec!["The Homeworld".to_string()])
        );
        // Nothing outside the game: no "Great White North, Eh?".
        assert_eq!(candidates("card Grea", 9, &names).1, Vec::<String>::new());
        // Over the network the lobby's words complete too.
        assert_eq!(
            candidates_after("ta", 2, &names, &["tables".to_string(), "sit".to_string()]),
            (0, vec!["tables ".to_string()])
        );
    }

    #[test]
    fn another_list_of_first_words_for_the_table_companion() {
        let first = vec!["player".to_string(), "Ann".to_string()];
        let names = vec!["Gremlin".to_string()];
        assert_eq!(
            candidates_after("pla", 3, &names, &first),
            (0, vec!["player ".to_string()])
        );
        assert_eq!(
            candidates_after("an", 2, &names, &first),
            (0, vec!["Ann ".to_string()])
        );
        assert_eq!(
            candidates_after("ann plays gr", 12, &names, &first),
            (10, vec!["Gremlin".to_string()])
        );
    }
}
