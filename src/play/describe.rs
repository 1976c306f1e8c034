//! Words for the things on the table: players ("you", "Bot 2"), cards, bases and
//! their totals, hands and options. Narration, questions and answers all use these,
//! so a card or a player is always called the same way.

use super::seat::Seat;
use crate::cards::model::{Card, Kind};
use crate::engine::events::Quiet;
use crate::engine::state::{BaseInPlay, Loc, MinionInPlay};
use crate::engine::{Choice, GameState, PlayTo, PlayerId, Uid};

/// How to name things for one reader.
#[derive(Clone, Copy)]
pub struct Words<'a> {
    /// The game.
    pub game: &'a GameState,
    /// The seats, for names.
    pub seats: &'a [Seat],
    /// The player addressed as "you", if the screen belongs to one player.
    pub viewer: Option<PlayerId>,
    /// Put card codes before names in narration ("pm5 Pirate King"): full verbosity.
    pub codes: bool,
    /// Card codes lead lists and answers (the braille edition's labels); false with
    /// `--codes off`, for players without the braille set: names only.
    pub show_codes: bool,
}

/// The card's kind as a short phrase: "minion, power 5, Special" or "standard action".
pub fn kind_phrase(card: &Card) -> String {
    let mut text = match card.kind {
        Kind::Minion { power } => format!("minion, power {power}"),
        Kind::Action { play } => play.describe(),
    };
    for label in &card.labels {
        text.push_str(", ");
        text.push_str(label.name());
    }
    text
}

/// Upper-cases the first letter, for a name or "you" that starts a sentence; a card
/// code that starts it stays as printed ("wm3 Chronomage: ...", "b21 Tortuga ...").
pub fn sentence(text: &str) -> String {
    let first_word = text.split([' ', ':', ',', '.']).next().unwrap_or("");
    if is_code(first_word) {
        return text.to_string();
    }
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// True for a braille-edition card code: a faction's letter and `a` (an action), a
/// faction's letter, `m` and the power (a minion), or `b` and the breakpoint (a base).
fn is_code(word: &str) -> bool {
    let bytes = word.as_bytes();
    let digits = |from: usize| bytes.len() > from && bytes[from..].iter().all(u8::is_ascii_digit);
    let faction = |letter: u8| {
        crate::engine::defs::defs()
            .catalog
            .factions
            .iter()
            .any(|f| f.letter == letter as char)
    };
    match bytes {
        [letter, b'a'] => faction(*letter),
        [letter, b'm', ..] => digits(2) && faction(*letter),
        [b'b', ..] => digits(1),
        _ => false,
    }
}

/// "3 cards", "1 card".
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// "a, b and c".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Copies said once, in first-seen order: ["Collector", "Collector", "Scout"] is
/// ["Collector twice", "Scout"].
pub fn grouped(names: &[String]) -> Vec<String> {
    let mut seen: Vec<(&String, usize)> = Vec::new();
    for n in names {
        match seen.iter_mut().find(|(s, _)| *s == n) {
            Some((_, k)) => *k += 1,
            None => seen.push((n, 1)),
        }
    }
    seen.into_iter()
        .map(|(n, k)| match k {
            1 => n.clone(),
            2 => format!("{n} twice"),
            k => format!("{n} {k} times"),
        })
        .collect()
}

impl<'a> Words<'a> {
    /// Words for `viewer` (everyone, with `None`) as a table says them by default:
    /// codes lead lists, narration names cards without codes. Change a field with
    /// `Words { codes: true, ..Words::new(...) }`.
    pub fn new(game: &'a GameState, seats: &'a [Seat], viewer: Option<PlayerId>) -> Words<'a> {
        Words {
            game,
            seats,
            viewer,
            codes: false,
            show_codes: true,
        }
    }

    /// "you" or the player's name.
    pub fn player(&self, p: PlayerId) -> String {
        if Some(p) == self.viewer {
            "you".into()
        } else {
            self.name(p)
        }
    }

    /// "Bot 2, 6 VP": a comma keeps the seat's number and the VP apart when spoken.
    pub fn player_vp(&self, p: PlayerId) -> String {
        format!(
            "{}, {} VP",
            sentence(&self.player(p)),
            self.game.players[p.ix()].vp
        )
    }

    /// The seat's name, whoever reads.
    pub fn name(&self, p: PlayerId) -> String {
        self.seats
            .get(p.ix())
            .map_or_else(|| format!("Player {}", p.0 + 1), |s| s.name.clone())
    }

    /// "your" or "Bot 2's".
    pub fn possessive(&self, p: PlayerId) -> String {
        if Some(p) == self.viewer {
            "your".into()
        } else {
            format!("{}'s", self.name(p))
        }
    }

    /// "yours" or "Bot 2's", standing alone.
    pub fn owner_word(&self, p: PlayerId) -> String {
        if Some(p) == self.viewer {
            "yours".into()
        } else {
            format!("{}'s", self.name(p))
        }
    }

    /// The subject and verb, capitalised: "You play", "Bot 2 plays".
    pub fn acts(&self, p: PlayerId, verb: &str) -> String {
        if Some(p) == self.viewer {
            format!("You {verb}")
        } else {
            let ending = if verb.ends_with('s') || verb.ends_with("sh") || verb.ends_with("ch") {
                "es"
            } else {
                "s"
            };
            format!("{} {verb}{ending}", sentence(&self.name(p)))
        }
    }

    /// A card or base by name, with its code first when codes are on.
    pub fn card(&self, card: Uid) -> String {
        if self.codes {
            self.labelled(card)
        } else {
            self.game.def(card).name().to_string()
        }
    }

    /// A card or base with its code first (unless codes are off): "pm5 Pirate King".
    pub fn labelled(&self, card: Uid) -> String {
        let def = self.game.def(card);
        if !self.show_codes {
            return def.name().to_string();
        }
        let code = match (def.card(), def.base()) {
            (Some(c), _) => c.code.as_str(),
            (_, Some(b)) => b.code.as_str(),
            _ => "",
        };
        format!("{code} {}", def.name())
    }

    /// A card named with its owner unless it is the actor's own: "your First Mate",
    /// "Bot 2's Ninja", or just "Ninja".
    pub fn owned_card(&self, card: Uid, actor: PlayerId) -> String {
        let owner = self.game.owner(card);
        if owner == actor {
            self.card(card)
        } else {
            format!("{} {}", self.possessive(owner), self.card(card))
        }
    }

    /// "Tortuga now 14 of 21".
    pub fn base_now(&self, base: Uid) -> String {
        format!(
            "{} now {}",
            self.game.def(base).name(),
            self.base_total(base)
        )
    }

    /// "14 of 21", and ", will score" once the total reaches the breakpoint.
    pub fn base_total(&self, base: Uid) -> String {
        let (power, breakpoint) = (self.game.base_power(base), self.game.breakpoint(base));
        let mut text = format!("{power} of {breakpoint}");
        if power >= breakpoint {
            text.push_str(", will score");
        }
        text
    }

    /// "Tortuga, 14 of 21": a base with its total. The code is left out, as it is the
    /// breakpoint again.
    pub fn base_with_total(&self, base: Uid) -> String {
        format!("{}, {}", self.game.def(base).name(), self.base_total(base))
    }

    /// The card's line in a hand or pile: "pm5 Pirate King, minion, power 5".
    pub fn hand_card(&self, card: Uid, with_text: bool) -> String {
        let def = self.game.def(card);
        match def.card() {
            Some(c) if with_text => {
                format!("{}, {}: {}", self.labelled(card), kind_phrase(c), c.text)
            }
            Some(c) => format!("{}, {}", self.labelled(card), kind_phrase(c)),
            None => self.labelled(card),
        }
    }

    /// A minion in play: "pm5 Pirate King 7" plus counters and attached actions.
    fn minion_short(&self, m: &MinionInPlay) -> String {
        let mut text = format!("{} {}", self.card(m.card), self.game.power(m.card));
        if m.counters > 0 {
            text.push_str(&format!(
                " with {}",
                count(m.counters as usize, "power counter")
            ));
        }
        if !m.attached.is_empty() {
            let names: Vec<String> = m.attached.iter().map(|a| self.card(a.card)).collect();
            text.push_str(&format!(" with {}", and_list(&names)));
        }
        text
    }

    /// One line for a base: number, code and name, total and breakpoint, VP, then
    /// each player's power and minions.
    pub fn base_line(&self, number: usize, base: &BaseInPlay) -> String {
        let b = base.card;
        let vp = self.game.def(b).base().map_or([0, 0, 0], |d| d.vp);
        let mut text = format!(
            "{number}. {}. VP {}, {}, {}.",
            self.base_with_total(b),
            vp[0],
            vp[1],
            vp[2]
        );
        if base.minions.is_empty() {
            text.push_str(" No minions.");
        }
        for p in (0..self.game.players.len() as u8).map(PlayerId) {
            let mine: Vec<String> = base
                .minions
                .iter()
                .filter(|m| m.controller == p)
                .map(|m| self.minion_short(m))
                .collect();
            if !mine.is_empty() {
                text.push_str(&format!(
                    " {}, {} power: {}.",
                    sentence(&self.player(p)),
                    self.game.player_power(b, p),
                    mine.join(", ")
                ));
            }
            // A total that leaves out a minion says why ("Bot 2, 0 power: Eliza 9
            // with Pin." would contradict its parts).
            for m in base.minions.iter().filter(|m| m.controller == p) {
                if let Some(pin) = self.game.not_counted_by(m.card) {
                    text.push_str(&format!(
                        " {} keeps {} out of {} total.",
                        sentence(&self.card(pin)),
                        self.card(m.card),
                        self.possessive(p)
                    ));
                }
            }
        }
        if !base.actions.is_empty() {
            let names: Vec<String> = base.actions.iter().map(|a| self.card(a.card)).collect();
            text.push_str(&format!(" Actions: {}.", names.join(", ")));
        }
        text
    }

    /// A base with its breakpoint said once: its code says it ("b21 Tortuga"), or
    /// without codes, or when it differs from the printed one now, it is said in
    /// words ("Tortuga, breakpoint 21").
    pub fn base_and_breakpoint(&self, base: Uid) -> String {
        let label = self.labelled_base(base);
        match self.breakpoint_words(base) {
            Some(bp) => format!("{label}, {bp}"),
            None => label,
        }
    }

    /// "breakpoint 21", or "breakpoint now 24" beside a code that says another one;
    /// none when the base's code already says it.
    pub fn breakpoint_words(&self, base: Uid) -> Option<String> {
        let printed = self
            .game
            .def(base)
            .base()
            .map_or(0, |b| b.breakpoint as i32);
        let now = self.game.breakpoint(base);
        let coded = self.labelled_base(base) != self.game.def(base).name();
        match (coded, now == printed) {
            (true, true) => None,
            (true, false) => Some(format!("breakpoint now {now}")),
            (false, _) => Some(format!("breakpoint {now}")),
        }
    }

    /// A base's code and name without the VP numbers: "b21 Tortuga".
    pub fn labelled_base(&self, base: Uid) -> String {
        let def = self.game.def(base);
        match def.base() {
            Some(b) if self.show_codes => format!("{} {}", b.code, b.name),
            _ => def.name().to_string(),
        }
    }

    /// "until the end of the turn": when a minion taken for a while goes back.
    pub fn control_until(&self, card: Uid) -> String {
        use crate::engine::state::{Expiry, Lasting};
        let until = self.game.lasting.iter().find_map(|l| match l.what {
            Lasting::Control { minion, .. } if minion == card => Some(l.until),
            _ => None,
        });
        match until {
            Some(Expiry::EndOfTurn(_)) => "until the end of the turn".into(),
            Some(Expiry::EndOfTurnOf(p)) => format!("until the end of {} turn", self.possessive(p)),
            Some(Expiry::StartOfTurnOf(p)) => {
                format!("until the start of {} turn", self.possessive(p))
            }
            None => "for good".into(),
        }
    }

    /// Everything on one base, one line each: the base and its ability, every minion
    /// with its power, counters and actions, and the actions on the base.
    pub fn base_detail(&self, number: usize, base: &BaseInPlay) -> Vec<String> {
        let b = base.card;
        let mut lines = vec![self.base_line(number, base)];
        if let Some(d) = self.game.def(b).base() {
            lines.push(format!("Ability: {}", d.text));
        }
        for m in &base.minions {
            let printed = self.game.printed_power(m.card);
            let power = self.game.power(m.card);
            let mut text = format!(
                "{}, {}, power {power}",
                self.labelled(m.card),
                self.owner_word(m.controller)
            );
            if power != printed {
                text.push_str(&format!(" (printed {printed})"));
            }
            let owner = self.game.owner(m.card);
            if owner != m.controller {
                text.push_str(&format!(
                    ", owned by {}, controlled {}",
                    self.player(owner),
                    self.control_until(m.card)
                ));
            }
            if m.counters > 0 {
                text.push_str(&format!(
                    ", {}",
                    count(m.counters as usize, "power counter")
                ));
            }
            // "Since the start of this turn" (Chestbreaker's Talent): a minion that
            // came this turn has not.
            if m.since_turn == self.game.turn.number && self.has_talent(m.card) {
                text.push_str(", arrived this turn");
            }
            for (effect, ctx) in &self.game.at_end_of_turn {
                if self.game.end_of_turn_target(effect, ctx) == Some(m.card) {
                    text.push_str(&format!(
                        ", to be destroyed at the end of the turn by {}",
                        self.card(ctx.source)
                    ));
                }
            }
            for a in &m.attached {
                text.push_str(&format!(
                    ", with {} ({})",
                    self.labelled(a.card),
                    self.owner_word(a.controller)
                ));
            }
            text.push_str(&self.stored_phrase(&m.stored));
            lines.push(format!("{text}."));
        }
        for a in &base.actions {
            let mut text = format!(
                "Action on the base: {}, {}",
                self.labelled(a.card),
                self.owner_word(a.controller)
            );
            if let Some(f) = &a.named {
                text.push_str(&format!(", naming {}", self.faction(f)));
            }
            if let Some(label) = a
                .mode
                .and_then(|n| self.game.def(a.card).card().map(|c| (c, n)))
                .and_then(|(c, n)| mode_label(c, n))
            {
                text.push_str(&format!(", chosen: {label}"));
            }
            if a.since_turn == self.game.turn.number && self.has_talent(a.card) {
                text.push_str(", played this turn");
            }
            text.push_str(&self.stored_phrase(&a.stored));
            lines.push(format!("{text}."));
        }
        lines.extend(self.lasting_at_base(base));
        lines
    }

    /// True for a card with a Talent: whether it came this turn may matter
    /// (Chestbreaker, Nuke It From Orbit: "since the start of this turn").
    fn has_talent(&self, card: Uid) -> bool {
        self.game
            .def(card)
            .card()
            .is_some_and(|c| c.labels.contains(&crate::cards::model::Label::Talent))
    }

    /// The lasting power changes that reach this base through an action of a player
    /// there (Hive Queen's Talent at an Egg Field): "Other players' minions have -1
    /// power here, through your Egg Field, until the start of your turn."
    fn lasting_at_base(&self, base: &BaseInPlay) -> Vec<String> {
        use crate::engine::state::{Expiry, Lasting};
        self.game
            .lasting
            .iter()
            .filter_map(|l| match &l.what {
                Lasting::OthersPowerWhereAction {
                    player,
                    action,
                    amount,
                    ..
                } if base.actions.iter().any(|a| {
                    a.controller == *player && self.game.def(a.card).name() == action.as_str()
                }) =>
                {
                    let until = match l.until {
                        Expiry::StartOfTurnOf(p) => {
                            format!(" until the start of {} turn", self.possessive(p))
                        }
                        Expiry::EndOfTurnOf(p) => {
                            format!(" until the end of {} turn", self.possessive(p))
                        }
                        Expiry::EndOfTurn(_) => " until the end of the turn".to_string(),
                    };
                    Some(format!(
                        "Minions of players other than {} have {amount:+} power here, through {} {action},{until}.",
                        self.player(*player),
                        self.possessive(*player)
                    ))
                }
                _ => None,
            })
            .collect()
    }

    /// ", 2 stored cards under it": stored cards lie face down, so only their owner
    /// hears them named (rulebook "Stored Cards": others may count them).
    pub fn stored_phrase(&self, stored: &[Uid]) -> String {
        let Some(&first) = stored.first() else {
            return String::new();
        };
        if self.viewer == Some(self.game.owner(first)) {
            let names: Vec<String> = stored.iter().map(|&c| self.card(c)).collect();
            format!(", stored under it: {}", and_list(&names))
        } else {
            format!(", {} under it", count(stored.len(), "stored card"))
        }
    }

    /// A faction's name from its id.
    pub fn faction(&self, id: &str) -> String {
        crate::engine::defs::defs()
            .catalog
            .faction(id)
            .map_or_else(|| id.to_string(), |f| f.name.clone())
    }

    /// Where a card is, for an option or a look-up: "at Tortuga", "in your hand".
    pub fn place(&self, card: Uid) -> String {
        match self.game.locate(card) {
            Loc::Minion(b, _) | Loc::OnBase(b, _) | Loc::OnMinion(b, _, _) => {
                format!("at {}", self.card(self.game.bases[b].card))
            }
            Loc::Hand(p) => format!("in {} hand", self.possessive(p)),
            Loc::Discard(p) => format!("in {} discard pile", self.possessive(p)),
            Loc::Deck(p) => format!("in {} deck", self.possessive(p)),
            Loc::Stored(host) => format!("stored under {}", self.card(host)),
            Loc::Stasis(p) => format!("in stasis in front of {}", self.player(p)),
            Loc::Elsewhere if self.game.boxed.contains(&card) => {
                "in the box, out of the game".into()
            }
            Loc::Base(_) | Loc::Elsewhere => String::new(),
        }
    }

    /// An option of a question, as a person reads it.
    pub fn option(&self, choice: &Choice) -> String {
        match choice {
            Choice::Play { card, to } => {
                let from = match self.game.locate(*card) {
                    Loc::Discard(_) => " from your discard pile",
                    Loc::Stored(_) => " stored under a card",
                    Loc::Stasis(_) => " from stasis as an extra card",
                    _ => "",
                };
                format!("play {}{from}{}", self.labelled(*card), self.target(*to))
            }
            Choice::Use { card, .. } if matches!(self.game.locate(*card), Loc::Stasis(_)) => {
                format!(
                    "spend an action play on {} in stasis, {}",
                    self.labelled(*card),
                    count(self.game.stasis_counters(*card) as usize, "stasis counter")
                )
            }
            Choice::Use { card, to } => {
                format!("use {}{}", self.labelled(*card), self.target(*to))
            }
            Choice::EndTurn => "end your turn".into(),
            Choice::Card(c) => match self.game.option_protected(choice) {
                Some(p) => format!(
                    "{}, no effect: {}",
                    self.card_option(*c),
                    self.protected(*c, p)
                ),
                None => self.card_option(*c),
            },
            // A base in play with its table number and total; one from the base deck
            // (Terraforming) with its breakpoint.
            Choice::Base(b) => match self.game.base_index(*b) {
                Some(i) => format!("{}, base {}", self.base_with_total(*b), i + 1),
                None => self.base_and_breakpoint(*b),
            },
            Choice::Player(p) => format!(
                "{}, {} VP",
                sentence(&self.player(*p)),
                self.game.players[p.ix()].vp
            ),
            Choice::Faction(f) => self.faction(f),
            Choice::Yes => "yes".into(),
            Choice::No => "no".into(),
            Choice::Done => "done, choose no more".into(),
            Choice::Pass => "pass".into(),
            Choice::Ability { source, subject } => self.ability_option(*source, *subject),
            Choice::Allowance(a) => self.allowance_option(a),
            Choice::Continue => "continue".into(),
            Choice::Mode { label, .. } => label.to_string(),
            Choice::Number(n) => format!("power {n}"),
        }
    }

    /// Why an ability of `player`'s does nothing, as "nothing happens" says it: "no
    /// minion fits", "no card in your discard pile fits".
    pub fn quiet_reason(&self, player: PlayerId, why: Quiet) -> String {
        super::narrate::quiet::reason(self, player, why)
    }

    /// What an option that will do nothing adds to its label (see
    /// [`super::traps`]): ", does nothing now: no minion fits", and for a minion
    /// played, which still arrives, ", its ability does nothing now: ...". A comma,
    /// not a semicolon: a short list is said on one line with semicolons between
    /// its entries.
    pub fn trap_note(&self, trap: super::traps::Trap) -> String {
        let what = if trap.minion {
            "its ability does"
        } else {
            "does"
        };
        format!(
            ", {what} nothing now: {}",
            self.quiet_reason(trap.player, trap.why)
        )
    }

    /// The same said once for a where question, when the card would do nothing on
    /// any base: "Its ability does nothing now wherever it goes: no minion fits."
    pub fn trap_everywhere(&self, trap: super::traps::Trap) -> String {
        let what = if trap.minion {
            "Its ability does"
        } else {
            "It does"
        };
        format!(
            "{what} nothing now wherever it goes: {}.",
            self.quiet_reason(trap.player, trap.why)
        )
    }

    /// Why choosing a minion will do nothing to it: "Heirloom, cannot be destroyed:
    /// its own ability".
    fn protected(&self, minion: Uid, p: crate::engine::Protected) -> String {
        use crate::engine::Protection;
        let how = match p.how {
            Protection::CannotBeDestroyed => "cannot be destroyed",
            Protection::NotDestroyedByOthers => "cannot be destroyed by another player's card",
            Protection::NotAffected => "not affected by another player's card",
            Protection::Stopped => "already stopped for this ability",
        };
        let whose = if p.by == minion && p.how != Protection::Stopped {
            ": its own ability"
        } else {
            ""
        };
        format!("{}, {how}{whose}", self.card(p.by))
    }

    /// A triggered ability waiting to happen: its card, what it is about, its text.
    fn ability_option(&self, source: Uid, subject: Option<Uid>) -> String {
        // The start-of-turn rule of stasis has its card as its own subject.
        if subject == Some(source) && matches!(self.game.locate(source), Loc::Stasis(_)) {
            return format!(
                "remove a stasis counter from {} in stasis, the rule at the start of your turn ({} now)",
                self.labelled(source),
                self.game.stasis_counters(source)
            );
        }
        let def = self.game.def(source);
        let text = def
            .card()
            .map(|c| c.text.as_str())
            .or_else(|| def.base().map(|b| b.text.as_str()))
            .unwrap_or("");
        let about = match subject {
            Some(s) if s != source => format!(", for {}", self.card(s)),
            _ => String::new(),
        };
        format!(
            "{}{about}: {}",
            self.labelled(source),
            Self::few_words(text)
        )
    }

    /// What a triggered ability is for, in a few words: its Special, Talent or Ongoing
    /// sentence if it has one, else its first sentence. The whole text is `read N` away.
    fn few_words(text: &str) -> &str {
        let sentences: Vec<&str> = text.split_inclusive(". ").map(str::trim).collect();
        sentences
            .iter()
            .find(|s| {
                ["Special:", "Talent:", "Ongoing:"]
                    .iter()
                    .any(|k| s.starts_with(k))
            })
            .or(sentences.first())
            .copied()
            .unwrap_or(text)
    }

    /// One of the plays left: "the extra minion play from Zapbot, power 2 or less".
    fn allowance_option(&self, a: &crate::engine::state::Allowance) -> String {
        let kind = allowance_kind(a);
        let mut out = match a.source {
            None => format!("your normal {kind} play"),
            Some(src) => format!("the extra {kind} play from {}", self.card(src)),
        };
        for limit in allowance_limits(a, |c| self.card(c)) {
            out.push_str(&format!(", {limit}"));
        }
        out
    }

    /// " on b21 Tortuga", " on Bot 2's First Mate at Tortuga", or nothing.
    pub fn target(&self, to: Option<PlayTo>) -> String {
        match to {
            Some(PlayTo::Base(b)) => format!(" on {}", self.labelled_base(b)),
            Some(PlayTo::Minion(m)) => format!(
                " on {} {} {}",
                self.possessive(self.game.controller(m)),
                self.labelled(m),
                self.place(m)
            ),
            None => String::new(),
        }
    }

    /// A card offered by a question: a minion with its owner, power and base, or a
    /// card in a hand or pile.
    fn card_option(&self, card: Uid) -> String {
        match self.game.locate(card) {
            Loc::Minion(..) => format!(
                "{}, {}, power {}, {}",
                self.labelled(card),
                self.owner_word(self.game.controller(card)),
                self.game.power(card),
                self.place(card)
            ),
            Loc::OnBase(..) | Loc::OnMinion(..) => format!(
                "{}, {} action, {}",
                self.labelled(card),
                self.possessive(self.game.controller(card)),
                self.place(card)
            ),
            _ => {
                let place = self.place(card);
                if place.is_empty() {
                    self.hand_card(card, false)
                } else {
                    format!("{}, {place}", self.hand_card(card, false))
                }
            }
        }
    }
}

/// The label of a card's "choose one" mode number `n`, as its on-play ability lists it
/// (Enchantment's chosen mode).
fn mode_label(card: &Card, n: u8) -> Option<String> {
    use crate::engine::effect::Effect;
    card.abilities.iter().find_map(|a| match &a.effect {
        Effect::ChooseOne(modes) => modes.get(n as usize).map(|m| m.label.to_string()),
        _ => None,
    })
}

/// What a play is for: "minion", "action", or "minion or action" (Wraithrustlers HQ).
pub fn allowance_kind(a: &crate::engine::state::Allowance) -> &'static str {
    play_kind(a.either, a.minion)
}

/// "minion", "action", or "minion or action" when either may be played.
pub fn play_kind(either: bool, minion: bool) -> &'static str {
    match (either, minion) {
        (true, _) => "minion or action",
        (false, true) => "minion",
        (false, false) => "action",
    }
}

/// What limits a play, each in a few words: "power 2 or less", "only on Tortuga",
/// "only one that directly affects Athos". Read the same in the plays left and in the
/// question of which play a card uses.
/// `name` says a card or base as the place needs (with its code in a question).
pub fn allowance_limits(
    a: &crate::engine::state::Allowance,
    name: impl Fn(Uid) -> String,
) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(p) = a.power_at_most {
        out.push(format!("power {p} or less"));
    }
    if let Some(n) = &a.named {
        out.push(format!("only a {n}"));
    }
    if let Some(b) = a.only_on {
        out.push(format!("only on {}", name(b)));
    }
    if a.only_where_no_minion {
        out.push("only where you have no minion".to_string());
    }
    if a.only_where_minion {
        out.push("only where you have a minion".to_string());
    }
    if a.onto_others_minion {
        out.push("only onto another player's minion".to_string());
    }
    if let Some(m) = a.must_affect {
        out.push(format!("only one that directly affects {}", name(m)));
    }
    if a.from_discard {
        out.push("from your discard pile".to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::sentence;

    #[test]
    fn a_players_total_that_leaves_out_a_pinned_minion_says_why() {
        let pos: crate::engine::position::Position = ron::from_str(
            r#"(
                players: [
                    (factions: ["luchadors", "pirates"]),
                    (factions: ["princesses", "ninjas"]),
                ],
                bases: [(base: "bases.jungle_oasis", minions: [(card: "princesses.eliza", owner: 1,
                    actions: [(card: "luchadors.pin", owner: 0)])])],
            )"#,
        )
        .unwrap();
        let game = crate::engine::GameState::from_position(&pos).unwrap();
        let seats = crate::play::seat::Seat::people(&["You", "Bot 2"]);
        let w = super::Words {
            show_codes: false,
            ..super::Words::new(&game, &seats, Some(crate::engine::PlayerId(0)))
        };
        let line = w.base_line(1, &game.bases[0]);
        assert!(
            line.contains("Bot 2, 0 power: Eliza ")
                && line.ends_with("Pin keeps Eliza out of Bot 2's total."),
            "{line}"
        );
    }

    #[test]
    fn a_sentence_starting_with_a_code_keeps_it_as_printed() {
        assert_eq!(
            sentence("wm3 Chronomage: Bot 2 gets an extra action play."),
            "wm3 Chronomage: Bot 2 gets an extra action play."
        );
        assert_eq!(sentence("pa Cannon: ..."), "pa Cannon: ...");
        assert_eq!(sentence("b21 Tortuga scores."), "b21 Tortuga scores.");
        assert_eq!(sentence("you draw 2 cards."), "You draw 2 cards.");
        assert_eq!(sentence("bot 2 plays"), "Bot 2 plays");
        assert_eq!(sentence("ann"), "Ann");
    }
}
