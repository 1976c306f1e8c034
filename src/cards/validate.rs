//! Checks of card data beyond its shape, so that a hand-edited file (`--cards DIR`)
//! cannot set up a game the engine was never meant to hold: every number in a sensible
//! range (copies, power, breakpoint, VP, the numbers inside abilities), and every
//! variable an ability names bound where it is used. Each problem is one message; the
//! loader places it at the card's line in its file.

use crate::engine::effect::Ability;
use serde_json::Value;
use std::ops::RangeInclusive;

/// Copies of one card in a faction deck (a deck is 20 cards).
pub const COPIES: RangeInclusive<u32> = 1..=20;
/// The cards of one faction's deck, all copies counted (every printed faction has 20).
pub const DECK: RangeInclusive<u32> = 1..=40;
/// A minion's printed power.
pub const POWER: RangeInclusive<u32> = 0..=20;
/// A base's printed breakpoint.
pub const BREAKPOINT: RangeInclusive<u32> = 1..=60;
/// Each of a base's three VP values.
pub const VP: RangeInclusive<u32> = 0..=20;
/// A number written inside an ability (a power change, a count, a number of cards).
pub const ABILITY_NUMBER: RangeInclusive<i64> = -100..=100;

/// The variables the engine binds itself for some moments, which an ability may name
/// without binding them: the player who played or moved a minion (`player`), the base
/// and the action of an affect trigger (`base`, `action`, `controller`), the stasis
/// counters just removed (`removed`).
const BOUND_BY_THE_ENGINE: [&str; 5] = ["player", "base", "action", "controller", "removed"];

/// The forms that name a variable rather than bind it (`Var("m")`, the base of a
/// bound minion, every base but a bound one).
const NAMING_FORMS: [&str; 4] = ["Var", "OfMinion", "Except", "BaseOf"];

/// A problem with a number: what it is, the number and the range allowed.
pub fn out_of_range<T: PartialOrd + std::fmt::Display>(
    what: &str,
    n: T,
    range: &RangeInclusive<T>,
) -> Option<String> {
    (!range.contains(&n)).then(|| {
        format!(
            "{what} is {n}; it must be {} to {}",
            range.start(),
            range.end()
        )
    })
}

/// A problem in a card's abilities: a variable named where nothing binds it, or a
/// number out of [`ABILITY_NUMBER`]. Returns the message and the text to look for in
/// the file (the variable's name or the number).
pub fn abilities(abilities: &[Ability]) -> Option<(String, String)> {
    let tree = serde_json::to_value(abilities).ok()?;
    let mut scope: Vec<String> = BOUND_BY_THE_ENGINE.iter().map(|s| s.to_string()).collect();
    walk(&tree, &mut scope).err()
}

/// The parts of a binding form that run with its name bound: what follows the
/// choice, the body of a loop (not the candidates, nor `otherwise`, which runs when
/// nothing was picked).
const BOUND_IN: [&str; 2] = ["then", "body"];

/// Walks an ability written out as a tree: a `bind` field puts its name in scope for
/// the [`BOUND_IN`] parts of the form that holds it.
fn walk(v: &Value, scope: &mut Vec<String>) -> Result<(), (String, String)> {
    match v {
        Value::Object(map) => {
            let bound = map.get("bind").and_then(Value::as_str);
            for (key, x) in map {
                if key == "bind" {
                    continue;
                }
                let binds_here = bound.filter(|_| BOUND_IN.contains(&key.as_str()));
                if let Some(name) = binds_here {
                    scope.push(name.to_string());
                }
                let result = name_check(key, x, scope).and_then(|()| walk(x, scope));
                if binds_here.is_some() {
                    scope.pop();
                }
                result?;
            }
            Ok(())
        }
        Value::Array(items) => items.iter().try_for_each(|x| walk(x, scope)),
        Value::Number(n) => match n.as_i64() {
            Some(i) if ABILITY_NUMBER.contains(&i) => Ok(()),
            _ => Err((
                format!(
                    "an ability holds the number {n}; numbers in abilities must be {} to {}",
                    ABILITY_NUMBER.start(),
                    ABILITY_NUMBER.end()
                ),
                n.to_string(),
            )),
        },
        _ => Ok(()),
    }
}

/// A form that names a variable (`Var("m")`) must name one in scope.
fn name_check(key: &str, x: &Value, scope: &[String]) -> Result<(), (String, String)> {
    match x.as_str() {
        Some(name) if NAMING_FORMS.contains(&key) && !scope.iter().any(|s| s == name) => Err((
            format!(
                "an ability names the variable \"{name}\", which nothing binds there (bind it with Choose, ForEach, Bind or Let around its use)"
            ),
            format!("\"{name}\""),
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Vec<Ability> {
        ron::from_str(text).unwrap()
    }

    #[test]
    fn a_bound_variable_passes_and_an_unbound_one_is_named() {
        let bound = parse(
            r#"[(when: OnPlay, effect: Choose((from: Minions((on: Here)), bind: "m", then: Destroy(Var("m")))))]"#,
        );
        assert_eq!(abilities(&bound), None);
        let unbound = parse(r#"[(when: OnPlay, effect: Destroy(Var("nope")))]"#);
        let (message, needle) = abilities(&unbound).unwrap();
        assert!(message.contains("\"nope\""), "{message}");
        assert_eq!(needle, "\"nope\"");
        // Out of its scope: bound in the first part of a sequence, named in the second.
        let outside = parse(
            r#"[(when: OnPlay, effect: Seq([Choose((from: Minions((on: Here)), bind: "m", then: Nothing)), Destroy(Var("m"))]))]"#,
        );
        assert!(abilities(&outside).is_some());
    }

    #[test]
    fn numbers_past_any_card_are_refused() {
        let big = parse(r#"[(when: OnPlay, effect: Draw(Const(70000)))]"#);
        let (message, needle) = abilities(&big).unwrap();
        assert!(message.contains("70000"), "{message}");
        assert_eq!(needle, "70000");
        assert_eq!(out_of_range("copies", 3, &COPIES), None);
        assert!(out_of_range("copies", 70_000, &COPIES)
            .unwrap()
            .contains("1 to 20"));
    }
}
