//! What an ability did when it changed nothing else anyone could see: "nothing
//! happens" with the reason ("Griselda: nothing happens, no card in your discard pile
//! fits."), and a mode chosen that stays fixed ("Enchantment at Tortuga: every minion
//! here has +1 power."). So no ability resolves in silence.

use super::{base_then, say, Said, Scene, Verbosity};
use crate::engine::events::{Event, Quiet};
use crate::engine::state::Loc;
use crate::engine::{PlayerId, Uid};

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
