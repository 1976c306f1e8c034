//! Cards played and used, and what happens to cards in play: destroyed, moved,
//! protected. Cards on the table are public, so they are always named.

use super::{
    base_then, cause, caused, hands::zone_phrase, own_possessive, say, Said, Scene, Verbosity,
};
use crate::engine::effect::Static;
use crate::engine::events::Zone;
use crate::engine::state::Loc;
use crate::engine::{Event, PlayerId, Uid};
use crate::play::describe::{and_list, count, sentence, Words};

/// "Bot 2 plays Pirate King on Tortuga." (at full verbosity an action's text follows);
/// a card played through another's ability names it first ("Hidden Ninja: ...").
pub(super) fn played(
    scene: &Scene,
    player: PlayerId,
    card: Uid,
    (to, from): (Option<Zone>, Zone),
    by: Option<Uid>,
) -> Said {
    let w = &scene.words;
    let from = match from {
        Zone::Discard => " from the discard pile".to_string(),
        Zone::DeckTop | Zone::DeckBottom => " from the deck".to_string(),
        // The card it was stored under is in play: it is named (Kickboxbro).
        Zone::Stored(host) => format!(" from under {}", w.card(host)),
        Zone::Stasis => " from stasis".to_string(),
        _ => String::new(),
    };
    let (target, bases) = match to {
        Some(Zone::Base(b)) => (format!(" on {}", w.card(b)), vec![b]),
        Some(Zone::Minion(m)) => {
            let base = base_then(scene, m);
            let at = base.map_or(String::new(), |b| format!(" at {}", w.card(b)));
            (
                format!(" on {}{at}", w.owned_card(m, player)),
                base.into_iter().collect(),
            )
        }
        Some(other) => (
            format!(
                " {}",
                zone_phrase(w, other, &own_possessive(w, player, player))
            ),
            vec![],
        ),
        None => (String::new(), vec![]),
    };
    // An action played on a minion: that minion's new power ("; Laseratops has -4
    // power, now 0").
    let power = super::changes::host_power(scene, card).unwrap_or_default();
    let head = caused(
        w,
        by,
        &format!(
            "{} {}{from}{target}{power}",
            w.acts(player, "play"),
            w.card(card)
        ),
    );
    // At full verbosity an action's text follows: a listener may not know it.
    let text = match w.game.def(card).card() {
        Some(c) if scene.texts && !c.is_minion() => format!("{head}: {}", c.text),
        _ => format!("{head}."),
    };
    say(Verbosity::Brief, text, bases)
}

/// Minions destroyed by one player in a row, all of one owner, one line: "Bot 2
/// destroys 3 minions of yours: ...".
pub(super) fn destroyed(scene: &Scene, events: &[Event]) -> (Said, usize) {
    let w = &scene.words;
    let Event::Destroyed { by, source, .. } = events[0] else {
        unreachable!("called on a destruction")
    };
    let owner_of = |e: &Event| match e {
        Event::Destroyed {
            card,
            by: b,
            source: s,
        } if *b == by && *s == source => Some(scene.before.controller(*card)),
        _ => None,
    };
    let first = owner_of(&events[0]);
    let run = events.iter().take_while(|e| owner_of(e) == first).count();
    let mut names = Vec::new();
    let mut bases = Vec::new();
    let owner = first.unwrap_or(by);
    for e in &events[..run] {
        if let Event::Destroyed { card, .. } = e {
            let base = base_then(scene, *card);
            names.push(match base {
                Some(b) => format!("{} at {}", w.card(*card), w.card(b)),
                None => w.card(*card),
            });
            bases.extend(base);
        }
    }
    let whose = match (owner == by, Some(owner) == w.viewer) {
        (true, true) => "of your own".to_string(),
        (true, false) => "of their own".to_string(),
        (false, true) => "of yours".to_string(),
        (false, false) => format!("of {}", w.possessive(owner)),
    };
    // A minion controlled but not owned (taken control of) is named with its owner.
    let owned_by_another = match &events[..run] {
        [Event::Destroyed { card, .. }] => Some(scene.before.owner(*card)).filter(|&o| o != by),
        _ => None,
    };
    // A minion whose own ability destroys it (Hang in There) says so.
    if let [Event::Destroyed { card, .. }] = &events[..run] {
        if source == Some(*card) {
            let at =
                base_then(scene, *card).map_or(String::new(), |b| format!(" at {}", w.card(b)));
            let text = format!("{}{at} destroys itself.", w.card(*card));
            return (say(Verbosity::Brief, sentence(&text), bases), run);
        }
    }
    let text = match names.as_slice() {
        [one] if owner == by => match owned_by_another {
            Some(o) => format!("{} {} {one}.", w.acts(by, "destroy"), w.possessive(o)),
            None => format!("{} {one}.", w.acts(by, "destroy")),
        },
        [one] => format!("{} {} {one}.", w.acts(by, "destroy"), w.possessive(owner)),
        _ => format!(
            "{} {} {whose}: {}.",
            w.acts(by, "destroy"),
            count(names.len(), "minion"),
            and_list(&names)
        ),
    };
    (say(Verbosity::Brief, caused(w, source, &text), bases), run)
}

/// "Disenchant: Bot 2 destroys your Poison."; an Ongoing that ends itself says so:
/// "Your Smoke Bomb on Shinobi at Tortuga destroys itself."
pub(super) fn action_destroyed(
    scene: &Scene,
    card: Uid,
    by: PlayerId,
    source: Option<Uid>,
) -> Said {
    let w = &scene.words;
    let base = base_then(scene, card);
    let text = if source == Some(card) {
        let on = match scene.before.locate(card) {
            Loc::OnMinion(b, m, _) => format!(
                " on {} at {}",
                w.owned_card(scene.before.bases[b].minions[m].card, scene.actor),
                w.card(scene.before.bases[b].card)
            ),
            Loc::OnBase(b, _) => format!(" at {}", w.card(scene.before.bases[b].card)),
            _ => String::new(),
        };
        sentence(&format!("{}{on} destroys itself.", w.card(card)))
    } else {
        caused(
            w,
            source,
            &format!("{} {}.", w.acts(by, "destroy"), w.owned_card(card, by)),
        )
    };
    say(Verbosity::Brief, text, base.into_iter().collect())
}

/// "Full Sail: you move Bot 2's Scout from Tortuga to Jungle Oasis."; moved by the
/// ability of the base it goes to: "Mushroom Kingdom: Bot 2 moves your Archmage here
/// from The Grey Opal."
pub(super) fn moved(scene: &Scene, card: Uid, (from, to): (Uid, Uid), by: Option<Uid>) -> Said {
    let w = &scene.words;
    let moves = w.acts(scene.actor, "move");
    let minion = w.owned_card(card, scene.actor);
    let text = if by == Some(to) {
        format!("{moves} {minion} here from {}.", w.card(from))
    } else {
        format!("{moves} {minion} from {} to {}.", w.card(from), w.card(to))
    };
    say(Verbosity::Brief, caused(w, by, &text), vec![from, to])
}

/// "Bot 2 transfers Leaf Armor from your Pinkie to their Tinx."
pub(super) fn transferred(scene: &Scene, card: Uid, from: Uid, to: Uid, by: Option<Uid>) -> Said {
    let w = &scene.words;
    say(
        Verbosity::Brief,
        format!(
            "{}{} {} from {} to {}.",
            cause(w, by),
            w.acts(scene.actor, "transfer"),
            w.card(card),
            named_apart(w, from, to, scene.actor),
            named_apart(w, to, from, scene.actor)
        ),
        vec![],
    )
}

/// A minion named with its owner, and with its base when `other` has the same name
/// ("from Tinx at Tortuga to Tinx at Jungle Oasis", never "from Tinx to Tinx").
fn named_apart(w: &Words, card: Uid, other: Uid, actor: PlayerId) -> String {
    let name = w.owned_card(card, actor);
    if name == w.owned_card(other, actor) {
        format!("{name} {}", w.place(card))
    } else {
        name
    }
}

/// What stopped an ability: the minion's own ability, a one-use shield, or an
/// Ongoing protection (Wildlife Preserve) from another player's action. The
/// protection is named first, then the protected minion, then what it stopped.
pub(super) fn prevented(scene: &Scene, card: Uid, by: Uid, stopped: Option<Uid>) -> Said {
    let w = &scene.words;
    let target = w.owned_card(card, scene.actor);
    // The stopped ability is the cause first, unless it is the protection itself.
    let (head, text) = if card == by {
        (
            stopped,
            format!("{target} cannot be destroyed, by its own ability."),
        )
    } else if attached_to(scene, by) == Some(card)
        || scene.before.controller(by) == scene.before.controller(card)
    {
        (
            stopped.filter(|&s| s != by),
            format!("{} protects {target}.", w.card(by)),
        )
    } else {
        // `by` is the ability stopped: "Broadside: Wildlife Preserve protects ...".
        match protection(scene, card) {
            Some(p) => (Some(by), format!("{} protects {target}.", w.card(p))),
            None => (Some(by), format!("{target} is protected.")),
        }
    };
    say(Verbosity::Brief, caused(w, head, &text), vec![])
}

/// "Seeing Stars: The House of Nine Lives replaces the destruction of Muffin."; "Natural
/// Selection: Buccaneer's own ability replaces its destruction."
pub(super) fn destruction_replaced(
    scene: &Scene,
    card: Uid,
    by: Option<Uid>,
    stopped: Uid,
) -> Said {
    let w = &scene.words;
    let target = w.owned_card(card, scene.actor);
    let text = match by {
        Some(b) if b == card => format!("{target}'s own ability replaces its destruction."),
        Some(b) => format!("{} replaces the destruction of {target}.", w.card(b)),
        None => format!(
            "several abilities could replace the destruction of {target}; {} picks one.",
            w.player(scene.before.turn.player)
        ),
    };
    say(Verbosity::Brief, caused(w, Some(stopped), &text), vec![])
}

/// The minion a card was attached to before the batch.
fn attached_to(scene: &Scene, card: Uid) -> Option<Uid> {
    match scene.before.locate(card) {
        Loc::OnMinion(b, m, _) => Some(scene.before.bases[b].minions[m].card),
        _ => None,
    }
}

/// The Ongoing card that shields this minion from other players' actions.
fn protection(scene: &Scene, card: Uid) -> Option<Uid> {
    let game = scene.before;
    let controller = game.controller(card);
    let base = game.base_of(card)?;
    game.statics()
        .find(|(src, st)| match st {
            Static::AttachedShieldFromOthersActions => src.attached_to == Some(card),
            Static::ShieldFromOthersActions(_) => {
                src.controller == controller && src.base == base && src.attached_to.is_none()
            }
            _ => false,
        })
        .map(|(src, _)| src.card)
}

/// "You use Ninja Acolyte." A Special played at once ("You play Full Sail") is said
/// once, by the play: the caller skips this line then.
pub(super) fn used(scene: &Scene, player: PlayerId, card: Uid) -> Said {
    let w = &scene.words;
    // Used from stasis: an action play spent, not a card played (Lightning Strike).
    let text = if matches!(
        scene.before.locate(card),
        crate::engine::state::Loc::Stasis(_)
    ) {
        format!(
            "{} an action play on {} in stasis.",
            w.acts(player, "spend"),
            w.card(card)
        )
    } else {
        format!("{} {}.", w.acts(player, "use"), w.card(card))
    };
    say(Verbosity::Brief, text, vec![])
}
