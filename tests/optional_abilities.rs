//! Every triggered ability of every card and base, with its class in "Me First!"
//! (Excellent Movies, Dudes!, "Resolving Cards and Abilities"): optional (a single
//! player "may", an extra card) or mandatory (no "may", or "each player may"). The
//! class is decided from the effect itself, whatever wraps its "may"; this test
//! checks it against the printed text, and the whole list against
//! `tests/data/ability_classes.txt`, so that a change of class shows in review
//! (`UPDATE_ABILITY_CLASSES=1 cargo test --test optional_abilities` rewrites it).

use smashup::cards::Catalog;
use smashup::engine::effect::{Ability, Trigger};
use smashup::engine::window::effect_is_optional;

/// Triggers that open no window of their own: a card's play, its statics, what a
/// player uses from the main question or the round of Specials before scoring, and
/// replacements ("instead").
fn windowed(when: Trigger) -> bool {
    !matches!(
        when,
        Trigger::OnPlay
            | Trigger::Static
            | Trigger::Talent
            | Trigger::MainPhaseSpecial
            | Trigger::FromDiscard
            | Trigger::SpendActionPlayFromStasis
            | Trigger::PlayedFromStasis
            | Trigger::BeforeScoringFromHand
            | Trigger::BeforeScoringInPlay
            | Trigger::BeforeMyBaseScoresInPlay
            | Trigger::AfterScoringFromHand
            | Trigger::InsteadOfDestroyed
            | Trigger::InsteadOfAttachedDestroyed
            | Trigger::InsteadOfDestroyedElsewhere
            | Trigger::StasisCounterRule
    )
}

/// True when the text gives a single player a choice: "may" that is not "each
/// player may", or an extra card ("Extra cards are optional").
fn says_single_may(text: &str) -> bool {
    let t = text.to_lowercase().replace("each player may", "");
    t.contains(" may ") || t.starts_with("may ") || t.contains("extra") || t.contains("up to")
}

/// Cards whose text and class differ for a reason, with the reason.
const READINGS: &[(&str, &str)] = &[
    (
        "bases.the_great_library",
        "each player who had a minion there may: mandatory",
    ),
    (
        "bases.the_grey_opal",
        "every player except the winner may: mandatory",
    ),
    (
        "bases.brood_hive",
        "each player with a minion here may: mandatory",
    ),
    (
        "bases.wraithrustlers_hq",
        "the extra play is gained at once; playing it next turn is the winner's choice",
    ),
];

#[test]
fn every_triggered_ability_is_classed_as_its_text_says() {
    let catalog = Catalog::embedded().unwrap();
    let mut lines = Vec::new();
    let mut wrong = Vec::new();
    let mut check = |id: &str, text: &str, abilities: &[Ability]| {
        for (i, a) in abilities.iter().enumerate() {
            if !windowed(a.when) {
                continue;
            }
            let optional = effect_is_optional(&a.effect);
            let class = if optional { "optional" } else { "mandatory" };
            lines.push(format!("{id} #{i} {:?}: {class}", a.when));
            let fits = if optional {
                says_single_may(text)
            } else {
                !says_single_may(text)
                    || abilities
                        .iter()
                        .any(|b| windowed(b.when) && effect_is_optional(&b.effect))
                    || abilities.iter().any(|b| !windowed(b.when))
            };
            if !fits && !READINGS.iter().any(|(r, _)| *r == id) {
                wrong.push(format!("{id} #{i} {:?} is {class}: {text}", a.when));
            }
        }
    };
    for c in catalog.cards() {
        check(&c.id, &c.text, &c.abilities);
    }
    for b in &catalog.bases {
        check(&b.id, &b.text, &b.abilities);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let listing = lines.join("\n") + "\n";
    let path = "tests/data/ability_classes.txt";
    if std::env::var_os("UPDATE_ABILITY_CLASSES").is_some() {
        std::fs::write(path, &listing).unwrap();
    }
    let kept = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        kept == listing,
        "the classes changed: review them and rerun with UPDATE_ABILITY_CLASSES=1"
    );
}
