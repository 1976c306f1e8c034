//! `rules [TOPIC]`: the rules of the game read out in a few short lines, in our own
//! words, so a newcomer need not leave the game to learn it. One topic per subject;
//! each expansion adds its new terms as a topic when its factions become playable.

use super::pick::{did_you_mean_of, pick, Item};
use crate::cards::query::normalize;
use crate::quote::quote;

/// One subject: its name, other words for it, and its lines.
struct Topic {
    name: &'static str,
    also: &'static [&'static str],
    lines: &'static [&'static str],
}

const TOPICS: &[Topic] = &[
    Topic {
        name: "turn",
        also: &["phases", "turns", "draw", "hand", "ten", "start", "end", "deck"],
        lines: &[
            "A turn has five steps. One: abilities that happen at the start of your turn.",
            "Two: play cards, one minion and one action, free, in any order; you may play fewer.",
            "Three: every base whose total power has reached its breakpoint scores.",
            "Four: draw two cards; with more than ten in hand, discard down to ten.",
            "Five: abilities that happen at the end of the turn; then the player on the left goes.",
            "When your deck runs out, your discard pile is shuffled into a new deck.",
        ],
    },
    Topic {
        name: "playing",
        also: &["play", "cards", "minions", "actions", "extra", "moving", "returning"],
        lines: &[
            "A minion is played on a base and adds its power there; its ability happens as it is played.",
            "An action does what it says and goes to the discard pile, unless it is Ongoing.",
            "Extra plays come from abilities; an extra play you get outside your Play Cards step is used at once or lost.",
            "Moving, returning or placing a card is not playing it: its play ability does not happen.",
        ],
    },
    Topic {
        name: "scoring",
        also: &[
            "score", "ties", "tie", "bases", "winning", "breakpoint", "breakpoints", "vp",
            "victory points", "places", "first place", "second place", "win", "winner",
            "15", "game end",
        ],
        lines: &[
            "A base scores once the power of all minions on it reaches its breakpoint.",
            "The most power there wins the first of its three VP values, the next most the second, the next the third.",
            "Ties: each tied player gets the VP of the best place they tie for, and the place below is skipped.",
            "You need at least one minion, or 1 power, on a base to get a place there.",
            "Then every card on the base goes to its owner's discard pile, and a new base takes its place.",
            "At the end of a turn in which someone has the VP goal (15, unless the game was set up with another; score says it), the most VP wins; a tie for the most plays on.",
        ],
    },
    Topic {
        name: "specials",
        also: &["special", "before scoring", "pirate king"],
        lines: &[
            "A Special is used at an unusual time, often when a base is about to score, from your hand or from play.",
            "Before a base scores, each player in turn may use a Special, until everyone passes one after another.",
            "A card a Special lets you play does not use up your free plays.",
        ],
    },
    Topic {
        name: "talents",
        also: &["talent", "once per turn"],
        lines: &[
            "A Talent is an ability of a card in play that you may use once in each of your turns, in your Play Cards step.",
            "Type use to use one; you never have to.",
        ],
    },
    Topic {
        name: "ongoing",
        also: &["continuous", "in play", "lasting"],
        lines: &[
            "An Ongoing ability works for as long as its card is in play.",
            "An Ongoing action stays where it was played, on a base or on a minion, until it is destroyed or its base scores.",
        ],
    },
    Topic {
        name: "timing",
        also: &["order", "me first", "first", "triggers", "at once"],
        lines: &[
            "One thing happens at a time, and a card being played finishes first; destroying several minions at once is one thing.",
            "Then the abilities it set off happen: first the ones that must, in the order the player whose turn it is chooses.",
            "Then the ones players may use go round the table from that player: use one or pass; it ends when all pass in a row.",
            "Do X to do Y: if X did not happen, neither does Y. X, then Y: Y happens anyway.",
        ],
    },
    Topic {
        name: "pretty pretty",
        also: &["control", "transfer", "choose one", "fairies", "kitty cats", "mythic horses", "princesses"],
        lines: &[
            "Pretty Pretty Smash Up adds Fairies, Kitty Cats, Mythic Horses and Princesses.",
            "Control: a minion you take control of counts for you and you may use its Talent, but the actions on it stay theirs; it goes back at the end of the turn, and if it leaves play it goes to its owner.",
            "Transfer: moving an action from one minion to another is not playing it; it stays its player's.",
            "Talents can be printed on actions too: the action's player uses it once in each of their turns.",
            "Choose one: you pick one of the listed effects as the card resolves.",
        ],
    },
    Topic {
        name: "what were we thinking",
        also: &["counters", "cancel", "starting", "explorers", "grannies", "rock stars", "teddy bears", "wwwt"],
        lines: &[
            "What Were We Thinking? adds Explorers, Grannies, Rock Stars and Teddy Bears.",
            "Power counters: each adds 1 to the minion's power; they move with it and are lost when it leaves play.",
            "Cancel: a cancelled ability is treated as if it did not exist; actions on that minion keep theirs.",
            "Starting power or breakpoint: the printed number, unless a card sets it; other changes apply on top.",
            "Look at a card: only you learn it. Reveal it: everyone does. Drawing from the bottom of your deck still counts as drawing.",
            "Some Specials are played from your hand after a base scores, while its cards are still on it, or when a new base comes into play.",
            "Additional base: Idaho Smith adds a base for good; when it scores it is replaced like any other.",
        ],
    },
    Topic {
        name: "world tour",
        also: &["directly", "affects", "set-up", "pin", "luchadors", "mounties", "musketeers", "sumo wrestlers"],
        lines: &[
            "World Tour: International Incident adds Luchadors, Mounties, Musketeers and Sumo Wrestlers.",
            "Directly affects: an action directly affects a minion it names and moves, destroys, returns, places, changes in power or control, gives counters or has played on it. Abilities that react to that happen after the action has resolved.",
            "An extra action that must directly affect a minion can be played onto that minion, or be an action that picks minions; its picks are then held to that minion.",
            "Set-Up: any action with Set-Up in its name. Pin: the pinned minion's abilities are cancelled and its power does not count for its controller's total, though it still counts towards the breakpoint.",
            "On your turn: only in your own Play Cards step. At the end of the turn: in the End Turn step, before effects until the end of the turn run out.",
        ],
    },
    Topic {
        name: "excellent movies",
        also: &[
            "wraith", "action heroes", "wraithrustlers", "emd", "dudes",
        ],
        lines: &[
            "Excellent Movies, Dudes! adds Action Heroes, Backtimers, Extramorphs and Wraithrustlers.",
            "Stasis: a card with stasis counters lies face up in front of its owner, in play but on no base, and only cards that mention stasis touch it.",
            "At the start of your turn one stasis counter comes off each of your cards in stasis. With none left, you may play it in your Play Cards step as an extra card; at the end of the turn, those still there are discarded.",
            "Stored cards lie face down under a card in play; only their owner may look. They are played only when a card says so, and are discarded when that card leaves play.",
            "Playing off the top of your deck: first name the power, then turn cards over until one fits and play it; the others are shuffled back. If the deck runs out while turning, you stop.",
            "The box: a card put in the box is out of the game for good. Nuke It From Orbit destroys a base and everything on it, without scoring, and a new base takes its place.",
            "A Wraith is an action labelled Wraith; each one raises its base's breakpoint by 3. Being discarded after scoring is not being destroyed.",
            "Abilities that every player may use, such as Brood Hive's, happen with the ones that must.",
        ],
    },
    Topic {
        name: "stasis",
        also: &["stasis counters", "backtimers", "stored cards"],
        lines: &[
            "Stasis (Backtimers): a card given stasis counters goes into stasis, face up in front of its owner. Type stasis to hear everyone's.",
            "A card in stasis is in play but on no base; only abilities that mention stasis can touch or choose it.",
            "At the start of your turn one stasis counter comes off each of your cards in stasis; you order that with the other start-of-turn abilities that must happen.",
            "A card in stasis with no counters left may be played in your Play Cards step as an extra card; it cannot go straight back into stasis. At the end of every turn, cards in stasis with no counters left are discarded.",
            "Stored cards lie face down under their card and are discarded with it unless played; only their owner may look at them.",
        ],
    },
    Topic {
        name: "off the top",
        also: &["extramorphs", "box", "destroy a base", "since the start"],
        lines: &[
            "Play a card off the top of your deck: turn cards over one by one until one of the kind asked for shows, and play it; once it has resolved, the others are shuffled back into your deck.",
            "A power to name is chosen before anything is turned over. An empty deck is first made from your discard pile; if it runs out while turning over, you stop. A card found that cannot be played there is discarded.",
            "Any card turned over from a deck and then played counts as played off the top of a deck, whatever revealed it.",
            "Since the start of this turn: a card that came into play this turn has not been there; a minion moved since keeps it.",
            "Destroying a base: the base and every card on it are destroyed, without scoring, and a new base takes its place as after scoring.",
            "The box: a card put in the box is out of the game for good; nothing stops it or brings it back.",
        ],
    },
];

/// The topics' lines: with no topic, the list of topics; a topic by name, any of its
/// keywords (`breakpoint` finds scoring), the start of one, or its number; failing
/// those, the one topic whose lines use every word typed. An unknown topic is one
/// line saying so; [`topic_list`] is what to show after it.
pub fn rules(topic: Option<&str>) -> Result<Vec<String>, String> {
    let Some(topic) = topic.filter(|t| !t.trim().is_empty()) else {
        return Ok(topic_list());
    };
    let items: Vec<Item> = TOPICS
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let mut keys = vec![t.name];
            keys.extend(t.also);
            Item::new(i + 1, &keys)
        })
        .collect();
    let i = pick(topic, &items)
        .ok()
        .or_else(|| mentioned_in(topic))
        .ok_or_else(|| {
            let near = did_you_mean_of(&items, topic);
            format!(
                "No rules topic {}.{near} Expected a topic, a word about it, or a number from 1 to {}.",
                quote(topic.trim()),
                TOPICS.len()
            )
        })?;
    Ok(TOPICS[i].lines.iter().map(|l| l.to_string()).collect())
}

/// "Rules: type rules and a topic" and the numbered topics.
pub fn topic_list() -> Vec<String> {
    let mut lines = vec!["Rules: type rules and a topic, for example rules scoring.".to_string()];
    lines.extend(
        TOPICS
            .iter()
            .enumerate()
            .map(|(i, t)| format!("{}. {}", i + 1, t.name)),
    );
    lines
}

/// The one topic whose lines use every word of `text` (the start of a word counts),
/// for a word no topic has as a keyword.
fn mentioned_in(text: &str) -> Option<usize> {
    let wanted: Vec<String> = text
        .split_whitespace()
        .map(normalize)
        .filter(|w| !w.is_empty())
        .collect();
    if wanted.is_empty() {
        return None;
    }
    let found: Vec<usize> = (0..TOPICS.len())
        .filter(|&i| {
            let words: Vec<String> = TOPICS[i]
                .lines
                .iter()
                .flat_map(|l| l.split_whitespace().map(normalize))
                .collect();
            wanted
                .iter()
                .all(|w| words.iter().any(|x| x.starts_with(w.as_str())))
        })
        .collect();
    match found.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_topic_is_found_by_name_and_number() {
        assert_eq!(rules(None).unwrap().len(), TOPICS.len() + 1);
        for (i, t) in TOPICS.iter().enumerate() {
            assert_eq!(rules(Some(t.name)).unwrap()[0], t.lines[0]);
            assert_eq!(rules(Some(&(i + 1).to_string())).unwrap()[0], t.lines[0]);
        }
        assert_eq!(rules(Some("ties")).unwrap()[0], TOPICS[2].lines[0]);
        assert!(rules(Some("zzz"))
            .unwrap_err()
            .starts_with("No rules topic"));
    }

    #[test]
    fn keywords_and_words_of_the_lines_find_a_topic() {
        let scoring = TOPICS[2].lines[0];
        for word in ["breakpoint", "vp", "winner", "first place", "15"] {
            assert_eq!(rules(Some(word)).unwrap()[0], scoring, "{word}");
        }
        // Not a keyword, but only What Were We Thinking?'s lines name Idaho Smith.
        assert_eq!(rules(Some("idaho")).unwrap()[0], TOPICS[8].lines[0]);
        assert!(rules(Some("mulligan")).is_err());
        assert_eq!(rules(Some("")).unwrap(), topic_list());
    }
}
