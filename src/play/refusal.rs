//! Why a card may not go where it was named. When `play N on BASE` (or the "Where do
//! you play ...?" question) names a base or minion that is in play but not offered,
//! the refusal names what forbids it (Bear Picnic, Ice Castle, Magic Ward, the play
//! left being only for one base) instead of claiming that nothing matches.

use super::describe::Words;
use super::pick::{pick, Item};
use crate::cards::model::{Kind, PlayTarget};
use crate::engine::effect::Static;
use crate::engine::interp::Ctx;
use crate::engine::state::{PlayerId, Uid};
use crate::engine::GameState;

/// The line refusing `card` on what `text` names, when it names a base or minion in
/// play (none when it names nothing in play: the ordinary "nothing matches" answers).
pub fn refuse(w: &Words, player: PlayerId, card: Uid, text: &str) -> Option<String> {
    let game = w.game;
    let mut targets: Vec<Uid> = game.bases.iter().map(|b| b.card).collect();
    let on_minion = matches!(
        game.def(card).card().map(|c| &c.kind),
        Some(Kind::Action {
            play: PlayTarget::OnMinion { .. }
        })
    );
    if on_minion {
        targets.extend(
            game.bases
                .iter()
                .flat_map(|b| b.minions.iter().map(|m| m.card)),
        );
    }
    let items: Vec<Item> = targets
        .iter()
        .enumerate()
        .map(|(i, &t)| Item::new(i + 1, &[code(game, t), game.def(t).name().to_string()]))
        .collect();
    // A number is the base's table number; a name may also be a minion's.
    let k = pick(text, &items[..game.bases.len().min(items.len())])
        .or_else(|_| pick(text, &items))
        .ok()?;
    let target = targets[k];
    let why = why_not_on(w, player, card, target);
    Some(format!(
        "{} cannot go on {}: {why}.",
        w.labelled(card),
        w.labelled(target)
    ))
}

fn code(game: &GameState, card: Uid) -> String {
    let def = game.def(card);
    match (def.card(), def.base()) {
        (Some(c), _) => c.code.clone(),
        (_, Some(b)) => b.code.clone(),
        _ => String::new(),
    }
}

/// What keeps `card` of `player`'s off `target` (a base, or a minion for an action
/// played on one), most specific first: a card in play that forbids it, then what
/// the plays left allow.
pub fn why_not_on(w: &Words, player: PlayerId, card: Uid, target: Uid) -> String {
    let game = w.game;
    let Some(c) = game.def(card).card() else {
        return "it is not a card that is played".into();
    };
    let is_base = game.base_index(target).is_some();
    match (&c.kind, is_base) {
        (Kind::Minion { .. }, false) => return "a minion is played on a base".into(),
        (
            Kind::Action {
                play: PlayTarget::OnMinion { .. },
            },
            true,
        ) => return "it is played on a minion, not on a base".into(),
        (
            Kind::Action {
                play: PlayTarget::OnBase,
            },
            false,
        ) => return "it is played on a base, not on a minion".into(),
        (
            Kind::Action {
                play: PlayTarget::Standard | PlayTarget::IntoStasis,
            },
            _,
        ) => return "it is not played on a base or a minion".into(),
        _ => {}
    }
    let base = if is_base {
        target
    } else {
        match game.base_of(target) {
            Some(b) => b,
            None => return "that minion is not in play".into(),
        }
    };
    if let Some(why) = forbidden_by(w, player, card, base) {
        return why;
    }
    if !c.is_minion() && game.actions_forbidden(player) {
        return "you may play no actions now".into();
    }
    allowance_limit(w, player, c.is_minion(), base)
        .unwrap_or_else(|| "no play you have left fits it there".into())
}

/// The card in play that forbids this play at this base, said with its owner and place.
fn forbidden_by(w: &Words, player: PlayerId, card: Uid, base: Uid) -> Option<String> {
    let game = w.game;
    let minion = game.def(card).card().is_some_and(|c| c.is_minion());
    let faction = game.def(card).card().map(|c| c.faction.clone());
    for (src, st) in game.statics_on(base) {
        let by = if src.is_base {
            w.card(src.card)
        } else {
            format!("{} {}", w.possessive(src.controller), w.card(src.card))
        };
        match st {
            Static::NoMinionsHere(sel)
                if minion
                    && !(src.is_base && game.may_ignore_base(src.base, player))
                    && game.is_player(sel, &Ctx::for_source(&src), player) =>
            {
                return Some(format!("{by} lets you play no minion there"));
            }
            Static::NoNamedFactionHere if minion => {
                let named = game
                    .bases
                    .iter()
                    .flat_map(|b| b.actions.iter())
                    .find(|a| a.card == src.card)
                    .and_then(|a| a.named.clone());
                if named.is_some() && named == faction {
                    return Some(format!(
                        "{by} forbids {} minions there",
                        w.faction(named.as_deref().unwrap_or_default())
                    ));
                }
            }
            Static::NoOthersActionsHere if !minion && src.controller != player => {
                return Some(format!("{by} forbids your actions there"));
            }
            _ => {}
        }
    }
    if minion && game.owner(card) == player {
        let power = game.printed_power(card);
        for b in game.bases.iter().filter(|b| b.card != base) {
            for a in b.actions.iter().filter(|a| a.controller != player) {
                let small = game
                    .def(a.card)
                    .abilities()
                    .iter()
                    .find_map(|ab| match ab.statics {
                        Some(Static::OthersSmallMinionsOnlyHere(n)) if power <= n as i32 => Some(n),
                        _ => None,
                    });
                if let Some(n) = small {
                    return Some(format!(
                        "{} {} on {} keeps your minions of power {n} or less to that base",
                        w.possessive(a.controller),
                        w.card(a.card),
                        w.card(b.card)
                    ));
                }
            }
        }
    }
    None
}

/// What the plays left say about this base, when every one of them rules it out.
fn allowance_limit(w: &Words, player: PlayerId, minion: bool, base: Uid) -> Option<String> {
    let game = w.game;
    let plays: Vec<_> = game
        .turn
        .allowances
        .iter()
        .filter(|a| a.fits_kind(minion))
        .collect();
    let mine_here = game
        .bases
        .iter()
        .find(|b| b.card == base)
        .is_some_and(|b| b.minions.iter().any(|m| m.controller == player));
    let only_on: Vec<Uid> = plays.iter().filter_map(|a| a.only_on).collect();
    if !plays.is_empty() && only_on.len() == plays.len() && !only_on.contains(&base) {
        return Some(format!("your play left is only for {}", w.card(only_on[0])));
    }
    if !plays.is_empty() && plays.iter().all(|a| a.only_where_no_minion) && mine_here {
        return Some("your play left is only for a base where you have no minion".into());
    }
    if !plays.is_empty() && plays.iter().all(|a| a.only_where_minion) && !mine_here {
        return Some("your play left is only for a base where you have a minion".into());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::seat::Seat;

    fn game(position: &str) -> GameState {
        let text = format!("Scenario(name: \"t\", position: {position}, steps: [])");
        let s = crate::scenario::parse("t", &text).unwrap();
        crate::scenario::run(&s).unwrap()
    }

    fn refusal(game: &GameState, card: &str, text: &str) -> Option<String> {
        let seats = Seat::people(&["Ann", "Bot 2"]);
        let w = Words::new(game, &seats, Some(PlayerId(1)));
        let c = game.players[1]
            .hand
            .iter()
            .copied()
            .find(|&c| game.def(c).id() == card)
            .unwrap();
        refuse(&w, PlayerId(1), c, text)
    }

    const PICNIC: &str = r#"(
        players: [
            (factions: ["teddy_bears", "pirates"]),
            (factions: ["dinosaurs", "aliens"], hand: ["dinosaurs.war_raptor", "dinosaurs.augmentation", "dinosaurs.upgrade"]),
        ],
        bases: [
            (base: "bases.jungle_oasis", actions: [(card: "teddy_bears.bear_picnic", owner: 0)]),
            (base: "bases.tortuga"),
        ],
        turn: (player: 1),
    )"#;

    #[test]
    fn a_refusal_names_the_card_that_forbids_the_play() {
        let game = game(PICNIC);
        let line = refusal(&game, "dinosaurs.war_raptor", "tortuga").unwrap();
        assert_eq!(
            line,
            "dm2 War Raptor cannot go on b21 Tortuga: Ann's Bear Picnic on Jungle Oasis keeps your minions of power 2 or less to that base."
        );
        // By the base's number too.
        assert_eq!(
            refusal(&game, "dinosaurs.war_raptor", "2"),
            Some(line.clone())
        );
    }

    #[test]
    fn a_refusal_says_what_the_card_is_played_on() {
        let game = game(PICNIC);
        let line = refusal(&game, "dinosaurs.upgrade", "tortuga").unwrap();
        assert!(
            line.ends_with("it is played on a minion, not on a base."),
            "{line}"
        );
        let line = refusal(&game, "dinosaurs.augmentation", "tortuga").unwrap();
        assert!(
            line.ends_with("it is not played on a base or a minion."),
            "{line}"
        );
    }

    #[test]
    fn a_place_not_in_play_is_left_to_the_ordinary_answer() {
        let game = game(PICNIC);
        assert_eq!(refusal(&game, "dinosaurs.war_raptor", "homeworld"), None);
    }
}
