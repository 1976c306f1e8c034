//! What an ability did when it changed nothing else anyone could see: "nothing
//! happens" with the reason ("Griselda: nothing happens, no card in your discard pile
//! fits."), and a mode chosen that stays fixed ("Enchantment at Tortuga: every minion
//! here has +1 power."), a base's ability ignored for a while ("Infiltrate: you ignore
//! the ability of Tar Pits ..."), a played action sent elsewhere than the discard pile
//! ("Woodland Helpers: Time Loop goes on the bottom of your deck ..."). So no ability
//! resolves in silence.

use super::{base_then, say, Said, Scene, Verbosity};
use crate::engine::events::{Counted, Event, Pool, Quiet, Unmet, Zone};
use crate::engine::state::Loc;
use crate::engine::{PlayerId, Uid};
use crate::play::describe::Words;

/// "Griselda: nothing happens, no card in your discard pile fits." None when the card
/// is hidden from the listener (a Special in another player's hand).
pub(super) fn nothing_happens(
    scene: &Scene,
    by: Uid,
    player: PlayerId,
    why: Quiet,
) -> Option<Said> {
    let w = &scene.words;
    let hidden = |game: &crate::engine::GameState| match game.locate(by) {
        Loc::Hand(p) | Loc::Deck(p) => Some(p) != w.viewer,
        _ => false,
    };
    if hidden(scene.before) && hidden(w.game) {
        return None;
    }
    let reason = w.quiet_reason(player, why);
    // An Ongoing card in play is in force: only what it does as it arrives failed.
    let ongoing = w.game.on_table(by)
        && w.game
            .def(by)
            .abilities()
            .iter()
            .any(|a| a.statics.is_some());
    let nothing = if ongoing { "nothing else" } else { "nothing" };
    Some(say(
        Verbosity::Brief,
        format!("{}: {nothing} happens, {reason}.", w.card(by)),
        vec![],
    ))
}

/// Why an ability of `player`'s changed nothing, as the "nothing happens" line and an
/// option's trap note both say it: "no minion fits", "it is not your turn".
pub(in crate::play) fn reason(w: &Words, player: PlayerId, why: Quiet) -> String {
    match why {
        Quiet::NothingToChoose(pool) => none_fits(w, player, pool),
        Quiet::Declined => format!("{} chose not to", w.player(player)),
        Quiet::Condition(unmet) => unmet_reason(w, player, unmet),
        Quiet::UsedThisTurn => "it was used already this turn".to_string(),
        Quiet::NoChange => "there is nothing for it to change".to_string(),
    }
}

/// "no minion fits", "no card in your discard pile fits", "you have no minion there".
fn none_fits(w: &Words, player: PlayerId, pool: Pool) -> String {
    let whose = w.possessive(player);
    match pool {
        Pool::Minions => "no minion fits".to_string(),
        Pool::OwnMinions { there } => {
            let has = if Some(player) == w.viewer {
                "have"
            } else {
                "has"
            };
            let place = if there { "there" } else { "in play" };
            format!("{} {has} no minion {place}", w.player(player))
        }
        Pool::Actions => "no action in play fits".to_string(),
        Pool::Bases => "no base fits".to_string(),
        Pool::Hand => format!("no card in {whose} hand fits"),
        Pool::Discard => format!("no card in {whose} discard pile fits"),
        Pool::Deck => format!("no card in {whose} deck fits"),
        Pool::Stasis => "no card in stasis fits".to_string(),
        Pool::Stored => "no card is stored under it".to_string(),
        Pool::Other => "there is nothing to choose".to_string(),
    }
}

/// What a condition of the ability found not so, for `player` whose ability it is:
/// "it is not your turn", "it needs at least 2 minions and finds 1".
fn unmet_reason(w: &Words, player: PlayerId, unmet: Unmet) -> String {
    let whose = w.possessive(player);
    let who = w.player(player);
    let you = Some(player) == w.viewer;
    let (has, does) = if you { ("have", "do") } else { ("has", "does") };
    match unmet {
        Unmet::NoneFits(pool) => none_fits(w, player, pool),
        Unmet::SomeFits(Pool::OwnMinions { there }) => {
            let place = if there { "there" } else { "in play" };
            format!("{who} {has} a minion {place}, and it needs none")
        }
        Unmet::SomeFits(pool) => format!("{} fits, and it needs none", some_of(pool)),
        Unmet::NotYourTurn => format!("it is not {whose} turn"),
        Unmet::YourTurn => format!("it is {whose} own turn"),
        Unmet::NotPlayCards => "it is not the play cards phase".to_string(),
        Unmet::TooFew { have, need, of } => compared("at least", need, of, have),
        Unmet::TooMany { have, limit, of } => compared("fewer than", limit, of, have),
        Unmet::NotExactly { have, need, of } => compared("exactly", need, of, have),
        Unmet::NotAMinion => "that card is not a minion".to_string(),
        Unmet::NotInPlay => "the card it needs is not in play".to_string(),
        Unmet::NotInDiscard => "the card it needs is not in a discard pile".to_string(),
        Unmet::NotInHand => "the card it needs is not in a hand".to_string(),
        Unmet::NotYourMinion => format!("{who} {does} not control that minion"),
        Unmet::NotOneOf => format!("it is not for {who}"),
        Unmet::OneOf => format!("it is for players other than {who}"),
        Unmet::CannotPlay => "that card cannot be played now".to_string(),
        Unmet::ArrivedThisTurn => "that card came into play this turn".to_string(),
        Unmet::MinionPlayedAlready => format!("{who} {has} played a minion this turn already"),
        Unmet::NoOtherPlayedHere => format!("{who} {has} played no other minion here"),
        Unmet::NonePlayedElsewhere => {
            format!("{who} {has} played no minion on another base this turn")
        }
        Unmet::NotFirstHere => "that minion was not the first played here this turn".to_string(),
        Unmet::NoStasisEmptied => {
            "no card has had its last stasis counter removed this turn".to_string()
        }
        Unmet::NotPlayedOffTop => "that minion was not played off the top of a deck".to_string(),
        Unmet::PlayedFromHand => "that minion was played from its player's hand".to_string(),
        Unmet::NotTheKind => "no card of the kind it needs is there".to_string(),
        Unmet::AnotherCard => "it was about another card".to_string(),
        Unmet::ThisCard => "it was about this card itself".to_string(),
        Unmet::AnotherBase => "that was at another base".to_string(),
        Unmet::StaysInPlay => "that card stays in play".to_string(),
        Unmet::Ignored(None) => "its ability is ignored".to_string(),
        Unmet::Ignored(Some(p)) => {
            let ignores = if Some(p) == w.viewer {
                "ignore"
            } else {
                "ignores"
            };
            format!("{} {ignores} its ability", w.player(p))
        }
        Unmet::NothingToDraw(p) => {
            format!("{} deck and discard pile are empty", w.possessive(p))
        }
        Unmet::HandEmpty(p) => {
            let has = if Some(p) == w.viewer { "have" } else { "has" };
            format!("{} {has} no cards in hand", w.player(p))
        }
        Unmet::AlreadyControlled => {
            let controls = if you { "control" } else { "controls" };
            format!("{who} {controls} that minion already")
        }
        Unmet::NoBaseLeft => "no base is left to add".to_string(),
        Unmet::FewerInAnotherHand => {
            format!("another player has fewer cards in hand than {who} already")
        }
        Unmet::JustDiscarded => "it is just discarded when played from stasis".to_string(),
        Unmet::Other => "what it needs is not so now".to_string(),
    }
}

/// "a minion", "a card in a discard pile": one of what a pool holds.
fn some_of(pool: Pool) -> &'static str {
    match pool {
        Pool::Minions => "a minion",
        Pool::OwnMinions { .. } => "a minion",
        Pool::Actions => "an action in play",
        Pool::Bases => "a base",
        Pool::Hand => "a card in hand",
        Pool::Discard => "a card in a discard pile",
        Pool::Deck => "a card in a deck",
        Pool::Stasis => "a card in stasis",
        Pool::Stored => "a stored card",
        Pool::Other => "something",
    }
}

/// A number compared with what a condition needs: "it needs at least 2 minions and
/// finds 1", "it needs a breakpoint of at least 21, and it is 12".
fn compared(how: &str, need: i32, of: Counted, have: i32) -> String {
    let plural = |one: &str| {
        let s = if need == 1 && how != "fewer than" {
            ""
        } else {
            "s"
        };
        format!("{one}{s}")
    };
    match of {
        Counted::Breakpoint => format!("it needs a breakpoint of {how} {need}, and it is {have}"),
        Counted::Power => format!("it needs a power of {how} {need}, and it is {have}"),
        Counted::MinionsPlayed => format!(
            "it needs {how} {need} {} played this turn, and there were {have}",
            plural("minion")
        ),
        Counted::Cards(pool) => {
            let one = match pool {
                Pool::Minions | Pool::OwnMinions { .. } => "minion",
                Pool::Actions => "action",
                Pool::Bases => "base",
                Pool::Other => return format!("it needs {how} {need} and finds {have}"),
                _ => "card",
            };
            format!("it needs {how} {need} {} and finds {have}", plural(one))
        }
        Counted::Other => format!("it needs {how} {need} and finds {have}"),
    }
}

/// Whether another ability of `by` resolves later in the batch and does something, so
/// the card has its outcome line without a "nothing happens" before it.
pub(super) fn told_later(by: Uid, later: &[Event]) -> bool {
    later
        .iter()
        .any(|e| matches!(e, Event::Resolved { by: b, quiet: None, .. } if *b == by))
}

/// "Enchantment at Tortuga: every minion here has +1 power." (the base's new total
/// follows at normal verbosity).
pub(super) fn mode_set(scene: &Scene, card: Uid, label: &str) -> Said {
    let w = &scene.words;
    let base = base_then(scene, card);
    let at = base.map_or(String::new(), |b| format!(" at {}", w.card(b)));
    say(
        Verbosity::Brief,
        format!("{}{at}: {label}.", w.card(card)),
        base.into_iter().collect(),
    )
}

/// "Infiltrate: Bot 2 ignores the ability of Tar Pits until their next turn, while
/// Infiltrate stays."
pub(super) fn ignoring_base(scene: &Scene, player: PlayerId, base: Uid, by: Uid) -> Said {
    let w = &scene.words;
    let (ignores, their) = if Some(player) == w.viewer {
        ("ignore", "your")
    } else {
        ("ignores", "their")
    };
    let card = w.card(by);
    say(
        Verbosity::Brief,
        format!(
            "{card}: {} {ignores} the ability of {} until {their} next turn, while {card} stays.",
            w.player(player),
            w.card(base)
        ),
        vec![],
    )
}

/// "Woodland Helpers: Time Loop goes on the bottom of Bot 1's deck, not into the
/// discard pile."
pub(super) fn sent_instead(scene: &Scene, card: Uid, to: Zone, by: Uid) -> Said {
    let w = &scene.words;
    let whose = w.possessive(w.game.owner(card));
    say(
        Verbosity::Brief,
        format!(
            "{}: {} goes {}, not into the discard pile.",
            w.card(by),
            w.card(card),
            super::hands::zone_phrase(w, to, &whose)
        ),
        vec![],
    )
}
