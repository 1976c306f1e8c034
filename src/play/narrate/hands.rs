//! Cards moving between hands, decks and discard piles: draws, discards, reveals,
//! looks at a hand, shuffles, and cards put into a hand or onto a deck. This is where
//! hidden information is guarded: a card in a hand or a deck is named only to its
//! owner, unless the rules make it public (revealed, discarded, in a discard pile).

use super::{base_then, cause, caused, own_possessive, say, Said, Scene, Verbosity};
use crate::engine::events::Zone;
use crate::engine::state::Loc;
use crate::engine::{Event, PlayerId, Uid};
use crate::play::describe::{and_list, count, grouped, sentence, Words};

/// "You draw 2 cards: pa Sea Dogs, pm4 Buccaneer." or "Bot 2 draws 2 cards."
pub(super) fn drew(w: &Words, player: PlayerId, cards: &[Uid], by: Option<Uid>) -> Said {
    let text = if Some(player) == w.viewer {
        let names: Vec<String> = cards.iter().map(|&c| w.labelled(c)).collect();
        format!(
            "{}You draw {}: {}.",
            super::cause(w, by),
            count(cards.len(), "card"),
            names.join(", ")
        )
    } else {
        format!(
            "{}{} {}.",
            super::cause(w, by),
            w.acts(player, "draw"),
            count(cards.len(), "card")
        )
    };
    say(Verbosity::Brief, text, vec![])
}

/// Draws by one player for one cause in a row, one line: "Fairy Ballet: you draw 2
/// cards: ..." rather than a line for each card drawn.
pub(super) fn drew_run(w: &Words, events: &[Event]) -> (Said, usize) {
    let Event::Drew { player, by, .. } = events[0] else {
        unreachable!("called on a draw")
    };
    let mut cards = Vec::new();
    let run = events
        .iter()
        .map_while(|e| match e {
            Event::Drew {
                player: p,
                cards: c,
                by: b,
            } if *p == player && *b == by => {
                cards.extend(c);
                Some(())
            }
            _ => None,
        })
        .count();
    (drew(w, player, &cards, by), run)
}

/// Cards put from a discard pile on top of their owner's deck, each followed by a
/// shuffle of that deck, for one ability: one line, "Lend a Hand: Bot 2 shuffles 3
/// cards from the discard pile into their deck: Zombie, Walker and Grave Digger."
/// None when the events are not that.
pub(super) fn shuffled_in(scene: &Scene, events: &[Event]) -> Option<(Said, usize)> {
    let w = &scene.words;
    let Event::Placed {
        card,
        to: Zone::DeckTop,
        by: Some(by),
    } = events[0]
    else {
        return None;
    };
    let owner = w.game.owner(card);
    let mut cards = Vec::new();
    let mut used = 0;
    while let (
        Some(Event::Placed {
            card: c,
            to: Zone::DeckTop,
            by: Some(b),
        }),
        Some(Event::Shuffled {
            player,
            by: Some(s),
            from_discard: false,
        }),
    ) = (events.get(used), events.get(used + 1))
    {
        let from_discard = matches!(scene.before.locate(*c), Loc::Discard(_));
        if *b != by || *s != by || *player != owner || w.game.owner(*c) != owner || !from_discard {
            break;
        }
        cards.push(*c);
        used += 2;
    }
    if cards.is_empty() {
        return None;
    }
    let names: Vec<String> = cards.iter().map(|&c| w.card(c)).collect();
    let whose = own_possessive(w, owner, owner);
    let text = match names.as_slice() {
        [one] => format!(
            "{} {one} from {whose} discard pile into {whose} deck.",
            w.acts(owner, "shuffle")
        ),
        _ => format!(
            "{} {} from {whose} discard pile into {whose} deck: {}.",
            w.acts(owner, "shuffle"),
            count(names.len(), "card"),
            and_list(&names)
        ),
    };
    Some((
        say(Verbosity::Brief, caused(w, Some(by), &text), vec![]),
        used,
    ))
}

/// Discards by one player for one cause in a row, one line: "Bot 2 discards Collector
/// 3 times."; off the top of a deck: "Mill: Bot 2 discards Zapbot from the top of
/// their deck."
pub(super) fn discarded(w: &Words, events: &[Event]) -> (Said, usize) {
    let Event::Discarded {
        player,
        by,
        from_deck,
        ..
    } = events[0]
    else {
        unreachable!("called on a discard")
    };
    let run = events
        .iter()
        .take_while(|e| {
            matches!(e, Event::Discarded { player: p, by: b, from_deck: d, .. }
                if *p == player && *b == by && *d == from_deck)
        })
        .count();
    let names: Vec<String> = events[..run]
        .iter()
        .flat_map(|e| match e {
            Event::Discarded { cards, .. } => cards.clone(),
            _ => Vec::new(),
        })
        .map(|c| w.card(c))
        .collect();
    let whence = if from_deck {
        format!(
            " from the top of {} deck",
            own_possessive(w, player, player)
        )
    } else {
        String::new()
    };
    let text = format!(
        "{} {}{whence}.",
        w.acts(player, "discard"),
        and_list(&grouped(&names))
    );
    (say(Verbosity::Brief, caused(w, by, &text), vec![]), run)
}

/// Cards one player reveals in a row for one ability, one line, its cause first:
/// "Scry: Bot 2 reveals Portal.", "Bot 2 reveals 3 cards: ...".
pub(super) fn revealed(w: &Words, events: &[Event]) -> (Said, usize) {
    let Event::Revealed { player, by, .. } = events[0] else {
        unreachable!("called on a reveal")
    };
    let cards: Vec<Uid> = events
        .iter()
        .map_while(|e| match e {
            Event::Revealed {
                player: p,
                card,
                by: b,
            } if *p == player && *b == by => Some(*card),
            _ => None,
        })
        .collect();
    let names: Vec<String> = cards.iter().map(|&c| w.labelled(c)).collect();
    let head = cause(w, by);
    let text = match names.as_slice() {
        [one] => format!("{head}{} {one}.", w.acts(player, "reveal")),
        _ => format!(
            "{head}{} {}: {}.",
            w.acts(player, "reveal"),
            count(names.len(), "card"),
            names.join(", ")
        ),
    };
    (say(Verbosity::Brief, text, vec![]), cards.len())
}

/// "You look at Bot 2's hand: ..." to the one who looks; the others hear only that
/// they looked.
pub(super) fn looked_at_hand(
    w: &Words,
    player: PlayerId,
    target: PlayerId,
    by: Option<Uid>,
) -> Said {
    let text = if Some(player) == w.viewer {
        let hand = &w.game.players[target.ix()].hand;
        let names: Vec<String> = hand.iter().map(|&c| w.labelled(c)).collect();
        let cards = if names.is_empty() {
            "no cards".to_string()
        } else {
            names.join(", ")
        };
        format!("You look at {} hand: {cards}.", w.possessive(target))
    } else {
        format!(
            "{} at {} hand.",
            w.acts(player, "look"),
            w.possessive(target)
        )
    };
    say(Verbosity::Brief, caused(w, by, &text), vec![])
}

/// "Lend a Hand: Bot 2's deck is shuffled."; by the rules, when a deck is empty (an
/// ability needing a card from it first): "Granny: your deck is empty, so your
/// discard pile is shuffled into a new deck."
pub(super) fn shuffled(w: &Words, player: PlayerId, by: Option<Uid>, from_discard: bool) -> Said {
    let text = if from_discard {
        format!(
            "{} deck is empty, so {} discard pile is shuffled into a new deck.",
            w.possessive(player),
            own_possessive(w, player, player)
        )
    } else {
        format!("{} deck is shuffled.", w.possessive(player))
    };
    say(Verbosity::Brief, caused(w, by, &text), vec![])
}

/// "Sleeping Beauty is shuffled into your deck instead of the discard pile." (it was
/// in play, so it is public); by a card's ability: "Mass Enchantment: Zapbot is
/// shuffled into Bot 2's deck."
pub(super) fn shuffled_into_deck(w: &Words, card: Uid, by: Option<Uid>) -> Said {
    let owner = w.game.owner(card);
    let instead = if by.is_none() {
        " instead of the discard pile"
    } else {
        ""
    };
    let text = format!(
        "{} is shuffled into {} deck{instead}.",
        w.card(card),
        w.possessive(owner)
    );
    say(Verbosity::Brief, caused(w, by, &text), vec![])
}

/// Cards returned to one owner's hand in a row: "Bot 2 returns your King Rex to your
/// hand." (cards in play are public, so they are named).
pub(super) fn returned(scene: &Scene, events: &[Event]) -> (Said, usize) {
    let w = &scene.words;
    let Event::Returned { card, by } = events[0] else {
        unreachable!("called on a return")
    };
    let owner = w.game.owner(card);
    let cards: Vec<Uid> = events
        .iter()
        .map_while(|e| match e {
            Event::Returned { card, by: b } if w.game.owner(*card) == owner && *b == by => {
                Some(*card)
            }
            _ => None,
        })
        .collect();
    let names: Vec<String> = cards
        .iter()
        .map(|&c| w.owned_card(c, scene.actor))
        .collect();
    let text = format!(
        "{} {} to {} hand.",
        w.acts(scene.actor, "return"),
        and_list(&names),
        own_possessive(w, owner, scene.actor)
    );
    let bases = cards.iter().filter_map(|&c| base_then(scene, c)).collect();
    (
        say(Verbosity::Brief, caused(w, by, &text), bases),
        cards.len(),
    )
}

/// True when a card put into `to` cannot be named to the listener: it went from its
/// owner's hand or deck to their hand or deck, and the listener is not the owner, nor
/// was it shown to everyone `earlier` in the batch (a searched card: Hostage Rescue).
fn hidden_move(scene: &Scene, card: Uid, to: Zone, earlier: &[Event]) -> bool {
    let shown = earlier.iter().any(|e| match e {
        Event::Revealed { card: c, .. } => *c == card,
        Event::RevealedFromTop { cards, .. } => cards.contains(&card),
        _ => false,
    });
    if shown {
        return false;
    }
    let owner = scene.words.game.owner(card);
    let from_hidden = matches!(scene.before.locate(card), Loc::Hand(_) | Loc::Deck(_));
    // A stored card lies face down (rulebook "Stored Cards").
    let to_hidden = matches!(
        to,
        Zone::Hand | Zone::DeckTop | Zone::DeckBottom | Zone::Stored(_)
    );
    from_hidden && to_hidden && Some(owner) != scene.words.viewer
}

/// Cards of one owner put in one zone by one ability, in a row, one line, its cause
/// first: "Temple of Goju: Bot 3's Armor Stego goes on the bottom of Bot 3's deck."
/// or, from a hand no one else may see, "Winds of Change: Bot 3 puts 4 cards from
/// their hand on top of their deck." A card shown to everyone among the `earlier`
/// events of the batch is named.
pub(super) fn placed(scene: &Scene, events: &[Event], earlier: &[Event]) -> (Said, usize) {
    let w = &scene.words;
    let Event::Placed { card, to, by } = events[0] else {
        unreachable!("called on a placing")
    };
    let owner = w.game.owner(card);
    let hidden = hidden_move(scene, card, to, earlier);
    let cards: Vec<Uid> = events
        .iter()
        .map_while(|e| match e {
            Event::Placed {
                card: c,
                to: t,
                by: b,
            } if *t == to
                && *b == by
                && w.game.owner(*c) == owner
                && hidden_move(scene, *c, to, earlier) == hidden =>
            {
                Some(*c)
            }
            _ => None,
        })
        .collect();
    let whose = own_possessive(w, owner, owner);
    let zone = zone_phrase(w, to, &whose);
    let head = cause(w, by);
    let text = if hidden {
        let from = match scene.before.locate(card) {
            Loc::Deck(_) => "deck",
            _ => "hand",
        };
        // "Kickboxbro: Bot 2 stores 1 card from their hand under Kickboxbro."
        let act = if matches!(to, Zone::Stored(_)) {
            "store"
        } else {
            "put"
        };
        format!(
            "{head}{} {} from {whose} {from} {zone}.",
            w.acts(owner, act),
            count(cards.len(), "card")
        )
    } else {
        let names: Vec<String> = cards.iter().map(|&c| w.card(c)).collect();
        let verb = match (matches!(to, Zone::Stored(_)), cards.len()) {
            (true, 1) => "is stored",
            (true, _) => "are stored",
            (false, 1) => "goes",
            (false, _) => "go",
        };
        let zone = zone_phrase(w, to, &w.possessive(owner));
        sentence(&format!("{head}{} {verb} {zone}.", and_list(&names)))
    };
    let bases = cards
        .iter()
        .filter_map(|&c| scene.before.base_of(c))
        .collect();
    (say(Verbosity::Brief, text, bases), cards.len())
}

/// "into Bot 2's hand", "on the bottom of your deck", "at Tortuga".
pub(super) fn zone_phrase(w: &Words, zone: Zone, whose: &str) -> String {
    match zone {
        Zone::Hand => format!("into {whose} hand"),
        Zone::DeckTop => format!("on top of {whose} deck"),
        Zone::DeckBottom => format!("on the bottom of {whose} deck"),
        Zone::Discard => format!("into {whose} discard pile"),
        Zone::Base(b) => format!("at {}", w.card(b)),
        Zone::Minion(m) => format!("on {}", w.card(m)),
        Zone::Box => "out of the game".to_string(),
        Zone::Stored(host) => format!("under {}", w.card(host)),
        Zone::Stasis => "into stasis".to_string(),
    }
}

/// "Chestbreaker: Bot 2 reveals Zapbot, Extradrone off the top of their deck." (the
/// cards turned over to play one off the top are shown to everyone).
pub(super) fn revealed_from_top(w: &Words, player: PlayerId, cards: &[Uid], by: Uid) -> Said {
    let names: Vec<String> = cards.iter().map(|&c| w.labelled(c)).collect();
    say(
        Verbosity::Brief,
        format!(
            "{}{} {} off the top of {} deck.",
            cause(w, Some(by)),
            w.acts(player, "reveal"),
            names.join(", "),
            own_possessive(w, player, player)
        ),
        vec![],
    )
}

/// "Chestbreaker: Zapbot and Chestbreaker are shuffled back into your deck."
pub(super) fn shuffled_back(w: &Words, player: PlayerId, cards: &[Uid], by: Uid) -> Said {
    let names: Vec<String> = cards.iter().map(|&c| w.labelled(c)).collect();
    let verb = if cards.len() == 1 { "is" } else { "are" };
    say(
        Verbosity::Brief,
        format!(
            "{}{} {verb} shuffled back into {} deck.",
            cause(w, Some(by)),
            and_list(&names),
            w.possessive(player)
        ),
        vec![],
    )
}
