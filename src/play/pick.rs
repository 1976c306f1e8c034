//! Picking one of a numbered list from what was typed: its number, a card code, or
//! a name, with the matcher the card look-ups use (any word of a name, its start,
//! ignoring case and punctuation). A miss or a tie is one line saying what to type
//! instead, with "did you mean" when one entry is clearly closest.

use crate::cards::query::{clearly_closest, matching};
use crate::quote::quote;

/// One entry of a numbered list, with the words that may name it.
pub struct Item {
    /// The number it is listed with (from 1; a list may skip numbers, as bases keep
    /// their table numbers).
    pub number: usize,
    /// Codes and names, as written.
    pub keys: Vec<String>,
}

impl Item {
    /// An entry listed as `number` and named by these words.
    pub fn new<S: AsRef<str>>(number: usize, keys: &[S]) -> Item {
        Item {
            number,
            keys: keys
                .iter()
                .map(|k| k.as_ref().to_string())
                .filter(|k| !k.trim().is_empty())
                .collect(),
        }
    }
}

/// The 0-based index of the entry `text` names, or the line to print instead.
pub fn pick(text: &str, items: &[Item]) -> Result<usize, String> {
    let text = text.trim();
    let expected = expected(items);
    if text.is_empty() {
        return Err(format!("{expected}."));
    }
    if let Ok(n) = text.parse::<i64>() {
        return items
            .iter()
            .position(|i| i.number as i64 == n)
            .ok_or_else(|| format!("There is no {n} here. {expected}."));
    }
    if crate::cards::query::normalize(text).is_empty() {
        return Err(format!("{} is not an answer. {expected}.", quote(text)));
    }
    let found = matching(items, text, |i| i.keys.clone(), |i| i.keys.clone());
    match found.as_slice() {
        [] => {}
        [one] => return Ok(*one),
        // Copies of one card (two Saucy Wench in hand): any will do, so the first.
        [first, rest @ ..] if rest.iter().all(|&i| items[i].keys == items[*first].keys) => {
            return Ok(*first)
        }
        many => {
            // Never guessed: each is said with its number, copies once.
            let mut said: Vec<String> = Vec::new();
            let mut seen: Vec<&Vec<String>> = Vec::new();
            for &i in many {
                if seen.contains(&&items[i].keys) {
                    continue;
                }
                seen.push(&items[i].keys);
                said.push(match items[i].keys.as_slice() {
                    [] => items[i].number.to_string(),
                    keys => format!("{}. {}", items[i].number, keys.join(" ")),
                });
            }
            return Err(format!(
                "{} could be {}: type the number.",
                quote(text),
                or_list(&said)
            ));
        }
    }
    Err(format!(
        "Nothing here matches {}.{} {expected}.",
        quote(text),
        did_you_mean_of(items, text)
    ))
}

/// " Did you mean Temple of Goju?" when one of `names` is clearly what a misspelt
/// `text` meant, else nothing: the hint a "no such card (base, word)" line carries.
pub fn did_you_mean(names: &[&str], text: &str) -> String {
    clearly_closest(names, text).map_or(String::new(), |n| format!(" Did you mean {n}?"))
}

/// [`did_you_mean`] over every key of `items`.
pub fn did_you_mean_of(items: &[Item], text: &str) -> String {
    let names: Vec<&str> = items
        .iter()
        .flat_map(|i| i.keys.iter().map(String::as_str))
        .collect();
    did_you_mean(&names, text)
}

/// "A, B, or C": each may hold "and" of its own (Tooth and Claw... and Guns).
fn or_list(items: &[String]) -> String {
    match items {
        [init @ .., last] if !init.is_empty() => format!("{}, or {last}", init.join(", ")),
        _ => items.join(""),
    }
}

/// "Expected a number from 1 to 5, a card code or a name" (or the
/// numbers listed, when the list skips some; only the number when nothing has a name).
pub fn expected(items: &[Item]) -> String {
    let numbers: Vec<usize> = items.iter().map(|i| i.number).collect();
    let named = items.iter().any(|i| !i.keys.is_empty());
    let tail = if named { ", a card code or a name" } else { "" };
    match numbers.as_slice() {
        [] => "Nothing to choose from".to_string(),
        [one] => format!("Expected {one}{tail}"),
        [first, .., last] if last - first + 1 == numbers.len() => {
            format!("Expected a number from {first} to {last}{tail}")
        }
        many => {
            let listed: Vec<String> = many.iter().map(|n| n.to_string()).collect();
            format!(
                "Expected {}{tail}",
                super::describe::and_list(&listed).replace(" and ", " or ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items() -> Vec<Item> {
        vec![
            Item::new(1, &["pm5", "Pirate King"]),
            Item::new(2, &["pa", "Full Sail"]),
            Item::new(3, &["pm2", "First Mate"]),
            Item::new(4, &["yes"]),
        ]
    }

    #[test]
    fn by_number_code_or_prefix() {
        let items = items();
        assert_eq!(pick("2", &items), Ok(1));
        assert_eq!(pick(" pm5 ", &items), Ok(0));
        assert_eq!(pick("full", &items), Ok(1));
        assert_eq!(pick("First m", &items), Ok(2));
        assert_eq!(pick("y", &items), Ok(3));
    }

    #[test]
    fn misses_and_ties_say_what_to_type() {
        let items = items();
        for bad in ["0", "5", "-1", "", "zzz", "!!!", "99999999999999999999"] {
            let err = pick(bad, &items).unwrap_err();
            assert!(!err.contains('\n'), "{err}");
            assert!(
                err.contains("Expected") || err.contains("could be"),
                "{bad}: {err}"
            );
        }
        // Copies of the same card are one answer.
        let copies = vec![
            Item::new(1, &["pm3", "Saucy Wench"]),
            Item::new(2, &["pm3", "Saucy Wench"]),
        ];
        assert_eq!(pick("saucy", &copies), Ok(0));
        // "p" starts pm5 and pa and pm2 (codes): a tie.
        assert_eq!(
            pick("p", &items).unwrap_err(),
            "\"p\" could be 1. pm5 Pirate King, 2. pa Full Sail, or 3. pm2 First Mate: type the number."
        );
    }

    #[test]
    fn any_word_of_a_name_and_did_you_mean() {
        let items = vec![
            Item::new(1, &["dm9", "King Rex"]),
            Item::new(2, &["b23", "The Homeworld"]),
            Item::new(3, &["b18", "Temple of Goju"]),
        ];
        assert_eq!(pick("rex", &items), Ok(0));
        assert_eq!(pick("homeworld", &items), Ok(1));
        assert_eq!(pick("GOJU!", &items), Ok(2));
        // A word that begins two names is never guessed: both are said.
        let kings = vec![
            Item::new(1, &["dm7", "King Rex"]),
            Item::new(3, &["pm5", "Pirate King"]),
        ];
        assert_eq!(
            pick("king", &kings).unwrap_err(),
            "\"king\" could be 1. dm7 King Rex, or 3. pm5 Pirate King: type the number."
        );
        let err = pick("temple of gojo", &items).unwrap_err();
        assert!(err.contains("Did you mean Temple of Goju?"), "{err}");
        assert!(!err.contains('\n'));
    }

    #[test]
    fn lists_may_keep_their_own_numbers() {
        let bases = vec![
            Item::new(1, &["b21", "Tortuga"]),
            Item::new(3, &["b12", "Jungle Oasis"]),
        ];
        assert_eq!(pick("3", &bases), Ok(1));
        let err = pick("2", &bases).unwrap_err();
        assert!(err.contains("Expected 1 or 3"), "{err}");
    }
}
