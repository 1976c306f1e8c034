//! Wasted plays: a card played or an ability used by choice whose resolution changed
//! nothing, or hurt only the side of the player who made it (Disenchant destroying
//! one's own action, Full Sail moving nothing). `simulate` counts them per bot, and
//! the heuristic bot judges a play it imagines with the same rule, so as not to make
//! one.
//!
//! A play is an answer `Play` or `Use` (a card played, a Special or Talent used). Its
//! resolution is every event from that answer until the game next asks a turn-level
//! question (the main question, an extra play to use now, a scoring round, which
//! base scores, a discard down to ten, a pause) with no more work on its stack than
//! when the play began, or the game ends: its choices, the abilities it triggered and
//! their windows included. A play made inside another's resolution (an extra play
//! offered at once) is also part of the outer one.
//!
//! Each event counts for the player who made the play (P) as a gain, a harm or
//! neither, by whose the card it touches is (its controller when the play began if it
//! was on the table, else its owner); see [`effect_of`]. The played card's own going
//! and coming (played, used, to the discard pile) counts as neither, but a card that
//! came into play and stays there (a minion on a base, an Ongoing action, a card in
//! stasis) is a gain, and so is a bar on another player's actions (Mark of Sleep; a
//! harm on P's own). A play with no gain is wasted: a *nothing* play when it has no
//! harm either, a *self-harm* play otherwise.

use crate::engine::defs::DefId;
use crate::engine::stamp::Stamp;
use crate::engine::state::Lasting;
use crate::engine::whereabouts::Spot;
use crate::engine::{Ask, Choice, Event, GameState, PlayerId, Uid};
use std::collections::BTreeMap;
use std::rc::Rc;

/// How a play's resolution went for the player who made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Something changed in the player's favour (or against another player).
    Useful,
    /// Nothing changed but the card itself going to the discard pile.
    Nothing,
    /// Only the player's own side lost something, or only others gained.
    SelfHarm,
}

impl Verdict {
    /// True for a wasted play: nothing, or harm only to its own side.
    pub fn wasted(self) -> bool {
        self != Verdict::Useful
    }
}

/// What one event means for the player who made the play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Good for the player, or bad for another.
    Gain,
    /// Bad only for the player's own side, or good for another.
    Harm,
    /// No change to anyone's position (information, bookkeeping).
    Neither,
}

/// A play being resolved: who made it, with which card, and what its events did.
#[derive(Debug, Clone)]
pub struct OpenPlay {
    /// The player who made the play.
    pub player: PlayerId,
    /// The card played or used.
    pub card: Uid,
    /// Depth of the engine's stack when the play began.
    depth: usize,
    /// Where the card was when the play began.
    was: Place,
    /// Controller of every card on the table when the play began (shared with the
    /// plays that began at the same table: see [`Audit`]).
    controllers: Snapshot,
    /// The players barred from playing actions for a while when the play began.
    barred: Vec<Lasting>,
    gain: bool,
    harm: bool,
}

impl OpenPlay {
    /// The rest of a resolution from the pending question on, judged for `player` with
    /// `card` as the card resolving (the card played, or the one whose ability asks):
    /// what the heuristic bot imagines before it answers.
    pub fn from_here(game: &GameState, player: PlayerId, card: Uid) -> OpenPlay {
        let mut controllers = Controllers::default();
        controllers.refresh(game);
        OpenPlay::at_table(game, player, card, Rc::new(controllers))
    }

    /// [`Self::from_here`] with the table's snapshot already taken.
    fn at_table(game: &GameState, player: PlayerId, card: Uid, controllers: Snapshot) -> OpenPlay {
        OpenPlay {
            player,
            card,
            depth: game.stack.len(),
            was: Place::of(game, card),
            controllers,
            barred: barred(game),
            gain: false,
            harm: false,
        }
    }

    /// Counts the events one answer of its resolution produced. A play that has
    /// gained is useful whatever follows, so it looks at no more events; and an event
    /// that never counts ([`never_counts`]: a phase, a turn, a pass) is passed over
    /// without asking [`effect_of`].
    pub fn see(&mut self, game: &GameState, events: &[Event]) {
        if self.gain {
            return;
        }
        for e in events.iter().filter(|e| !never_counts(e)) {
            match effect_of(self, game, e) {
                Effect::Gain => {
                    self.gain = true;
                    return;
                }
                Effect::Harm => self.harm = true,
                Effect::Neither => {}
            }
        }
    }

    /// True once the play has resolved (see the module's first lines).
    pub fn resolved(&self, game: &GameState) -> bool {
        let Some(d) = game.pending() else {
            return true;
        };
        let turn_level = matches!(
            d.ask,
            Ask::Main
                | Ask::ExtraNow
                | Ask::BeforeScoring { .. }
                | Ask::AfterScoring { .. }
                | Ask::ScoreWhich
                | Ask::DiscardToTen
                | Ask::Paused { .. }
                | Ask::Mulligan
        );
        turn_level && game.stack.len() <= self.depth
    }

    /// The verdict on the play once resolved, `game` being the game then.
    pub fn verdict(&self, game: &GameState) -> Verdict {
        // A bar on playing actions tells no event (Mark of Sleep): read from the table,
        // walked in place (almost always there is none).
        let (mut gain, mut harm) = (self.gain, self.harm);
        for (_, player) in bars(game).filter(|(bar, _)| !self.barred.contains(bar)) {
            gain |= player != self.player;
            harm |= player == self.player;
        }
        // Where the card is now matters only for a play that gained nothing else.
        let came_into_play = || {
            let now = Place::of(game, self.card);
            now != Place::Out && now != self.was
        };
        if gain || came_into_play() {
            Verdict::Useful
        } else if harm {
            Verdict::SelfHarm
        } else {
            Verdict::Nothing
        }
    }

    /// Whose a card is for this play: its controller when the play began if it was
    /// on the table then, else its owner.
    fn side(&self, game: &GameState, card: Uid) -> PlayerId {
        self.controllers
            .cards()
            .find(|(c, _)| *c == card)
            .map_or_else(|| game.owner(card), |&(_, p)| p)
    }

    /// True when the card was on the table when the play began.
    fn was_on_table(&self, card: Uid) -> bool {
        self.controllers.cards().any(|(c, _)| *c == card)
    }
}

/// The controller of every card on the table at one moment, shared by the plays that
/// began then.
type Snapshot = Rc<Controllers>;

/// The controller of every card on the table, base by base, each base's list with
/// that base's change stamp when it was walked: brought up to date by walking again
/// only the bases changed since ([`Self::refresh`]). Most plays change one base, and
/// walking the table at almost every play was most of the audit's snapshot's cost.
#[derive(Debug, Default)]
struct Controllers(Vec<(Stamp, Vec<(Uid, PlayerId)>)>);

impl Controllers {
    /// Brings the lists up to date with `game`'s table: a base whose change stamp is
    /// the one its list was walked at is the same (the bases being as many), and is
    /// not walked again. Stamps are never handed out twice, so lists from another
    /// game are all walked again.
    fn refresh(&mut self, game: &GameState) {
        let table = &game.bases;
        if self.0.len() != table.len() {
            // Stamps by position say nothing when the bases are not as many.
            self.0
                .iter_mut()
                .for_each(|(stamp, _)| *stamp = Stamp::NONE);
            self.0
                .resize_with(table.len(), || (Stamp::NONE, Vec::new()));
        }
        for (at, ((stamp, cards), b)) in self.0.iter_mut().zip(table.iter()).enumerate() {
            let now = table.base_stamp(at);
            if *stamp == now {
                continue;
            }
            *stamp = now;
            cards.clear();
            cards.extend(b.minions.iter().map(|m| (m.card, m.controller)));
            for m in b.minions.iter().filter(|m| !m.attached.is_empty()) {
                cards.extend(m.attached.iter().map(|a| (a.card, a.controller)));
            }
            cards.extend(b.actions.iter().map(|a| (a.card, a.controller)));
        }
    }

    /// Every card on the table with its controller.
    fn cards(&self) -> impl Iterator<Item = &(Uid, PlayerId)> {
        self.0.iter().flat_map(|(_, cards)| cards)
    }
}

/// The lasting effects that bar a player from playing actions.
fn barred(game: &GameState) -> Vec<Lasting> {
    bars(game).map(|(bar, _)| bar.clone()).collect()
}

/// The lasting effects that bar a player from playing actions, with that player.
fn bars(game: &GameState) -> impl Iterator<Item = (&Lasting, PlayerId)> {
    game.lasting.iter().filter_map(|l| match l.what {
        Lasting::NoActions { player } | Lasting::NoActionsOnTurn { player, .. } => {
            Some((&l.what, player))
        }
        _ => None,
    })
}

/// Where a card is, as far as staying in play goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// A minion, or an action on a base or a minion.
    Table,
    /// In stasis in front of its owner.
    Stasis,
    /// Stored face down under a card.
    Stored,
    /// Out of play: a hand, a deck, a discard pile, resolving.
    Out,
}

impl Place {
    /// Where `card` is now: one look-up in the game's table of zones (its zone
    /// only: its position on the table does not matter here).
    fn of(game: &GameState, card: Uid) -> Place {
        match game.spot_of(card) {
            Spot::Minion(_) | Spot::OnBase(_) | Spot::OnMinion(_) => Place::Table,
            Spot::Stasis(_) => Place::Stasis,
            Spot::Stored(_) => Place::Stored,
            _ => Place::Out,
        }
    }
}

/// What an event of a play's resolution means for the player who made it:
///
/// - gain when P draws, gains VP, gains an extra play (now or next turn), takes
///   control of another's minion, plays another card, or wins; when another player discards
///   or loses a card from the table (destroyed, returned, shuffled or placed away);
///   for a minion's power or counters up on P's side or down on another's; for stasis
///   counters down on P's card or up on another's; for any move of a minion, transfer
///   of an action, card into stasis, change of breakpoint or of bases; for a card of
///   P's out of play placed elsewhere (to hand, deck or stored) or another's placed
///   anywhere but their hand;
/// - harm for the mirror image of each: P's own cards destroyed, returned, discarded
///   or placed away from the table, P's own minions weakened, another player drawing,
///   gaining VP or plays, taking control, playing a card, or winning;
/// - neither for the play's card itself, reveals, looks at a hand, shuffles, names,
///   passes, a stopped ability, phases and turns.
pub fn effect_of(play: &OpenPlay, game: &GameState, event: &Event) -> Effect {
    use Effect::{Gain, Harm, Neither};
    let me = play.player;
    let mine = |card: Uid| play.side(game, card) == me;
    // Good when it is P, bad when another player.
    let for_me = |p: PlayerId| if p == me { Gain } else { Harm };
    let against_me = |p: PlayerId| if p == me { Harm } else { Gain };
    // A loss of `card`: bad when P's, good when another's.
    let loss = |card: Uid| if mine(card) { Harm } else { Gain };
    // A change of `amount` to `card`: good up on P's side or down on another's.
    let boost = |card: Uid, amount: i32| match amount.signum() * if mine(card) { 1 } else { -1 } {
        1 => Gain,
        -1 => Harm,
        _ => Neither,
    };
    match event {
        Event::Played { card, .. } | Event::Used { card, .. } if *card == play.card => Neither,
        Event::Played { player, .. } => for_me(*player),
        // The card itself leaving: a cost when it was in play (Chestbreaker), else
        // only its own going (a standard action to the discard pile).
        Event::Destroyed { card, .. }
        | Event::ActionDestroyed { card, .. }
        | Event::Returned { card, .. }
        | Event::ShuffledIntoDeck { card, .. }
        | Event::Placed { card, .. }
            if *card == play.card =>
        {
            if play.was != Place::Out {
                Harm
            } else {
                Neither
            }
        }
        Event::Destroyed { card, .. }
        | Event::ActionDestroyed { card, .. }
        | Event::Returned { card, .. }
        | Event::ShuffledIntoDeck { card, .. }
        | Event::DiscardedFromStasis { card, .. } => loss(*card),
        Event::Placed { card, .. } if play.was_on_table(*card) => loss(*card),
        Event::Placed {
            card,
            to: crate::engine::events::Zone::Hand,
            ..
        } => for_me(play.side(game, *card)),
        Event::Placed { .. } => Gain,
        Event::Drew { player, .. }
        | Event::GainedVp { player, .. }
        | Event::ExtraPlay { player, .. }
        | Event::ExtraPlayNextTurn { player, .. }
        | Event::OthersPowerWhereAction { player, .. }
        | Event::GameOver { winner: player } => for_me(*player),
        Event::Discarded { player, .. } => against_me(*player),
        // Taking control of a minion one already controls changes nothing.
        Event::ControlChanged {
            card,
            player,
            by: Some(_),
        } if play.side(game, *card) != *player => for_me(*player),
        Event::PowerChanged { card, amount, .. } | Event::CountersChanged { card, amount, .. } => {
            boost(*card, *amount)
        }
        Event::StasisCountersChanged { card, amount, .. } => boost(*card, -*amount),
        Event::EndOfTurnScheduled { card: Some(c), .. } => loss(*c),
        Event::Moved { .. }
        | Event::Transferred { .. }
        | Event::EnteredStasis { .. }
        | Event::BreakpointChanged { .. }
        | Event::EndOfTurnScheduled { .. }
        | Event::BaseScored { .. }
        | Event::BaseReplaced { .. }
        | Event::BaseDestroyed { .. }
        | Event::BaseAdded { .. }
        | Event::BaseToBottom { .. }
        | Event::BaseToTop { .. }
        | Event::BaseDiscarded { .. } => Gain,
        // Given back as a lasting change ends, or taken by the one who had it.
        Event::ControlChanged { .. } => Neither,
        // A base's ability no longer reaches P; an action kept from the discard pile.
        Event::IgnoringBase { player, .. } => for_me(*player),
        Event::SentInstead { card, .. } => for_me(game.owner(*card)),
        // Every other kind never counts (see there).
        _ => {
            debug_assert!(never_counts(event), "{event:?} not judged");
            Neither
        }
    }
}

/// True for the kinds of event that never count for any play: information,
/// bookkeeping, the turn's course. Most of a random game's events are of these
/// kinds, so [`OpenPlay::see`] passes them over before [`effect_of`]; every kind is
/// named here, so that a new one must be put on one side or the other.
fn never_counts(event: &Event) -> bool {
    match event {
        Event::TurnStarted { .. }
        | Event::PhaseStarted { .. }
        | Event::Mulligan { .. }
        | Event::Used { .. }
        | Event::Revealed { .. }
        | Event::LookedAtHand { .. }
        | Event::Shuffled { .. }
        | Event::ScoringBase { .. }
        | Event::Prevented { .. }
        | Event::Named { .. }
        | Event::Passed { .. }
        | Event::BaseRevealed { .. }
        | Event::LoopStopped { .. }
        | Event::RevealedFromTop { .. }
        | Event::ShuffledBack { .. }
        | Event::PowerNamed { .. }
        // A bar on playing actions is read from the table (see [`OpenPlay::verdict`]).
        | Event::NoActionsNextTurn { .. }
        // Ends of lasting changes come with the turn, not with a play.
        | Event::PowerChangeEnded { .. }
        | Event::BreakpointChangeEnded { .. }
        // What replaced a destruction, and an ability's bounds and mode, are told by
        // the events around them.
        | Event::DestructionReplaced { .. }
        | Event::Resolving { .. }
        | Event::Resolved { .. }
        | Event::ModeSet { .. } => true,
        Event::Played { .. }
        | Event::Destroyed { .. }
        | Event::ActionDestroyed { .. }
        | Event::Moved { .. }
        | Event::Returned { .. }
        | Event::Placed { .. }
        | Event::Drew { .. }
        | Event::Discarded { .. }
        | Event::GainedVp { .. }
        | Event::PowerChanged { .. }
        | Event::BreakpointChanged { .. }
        | Event::ExtraPlay { .. }
        | Event::BaseScored { .. }
        | Event::BaseReplaced { .. }
        | Event::ControlChanged { .. }
        | Event::Transferred { .. }
        | Event::ShuffledIntoDeck { .. }
        | Event::CountersChanged { .. }
        | Event::BaseAdded { .. }
        | Event::BaseToBottom { .. }
        | Event::BaseToTop { .. }
        | Event::BaseDiscarded { .. }
        | Event::EndOfTurnScheduled { .. }
        | Event::GameOver { .. }
        | Event::EnteredStasis { .. }
        | Event::StasisCountersChanged { .. }
        | Event::DiscardedFromStasis { .. }
        | Event::BaseDestroyed { .. }
        | Event::OthersPowerWhereAction { .. }
        | Event::ExtraPlayNextTurn { .. }
        | Event::IgnoringBase { .. }
        | Event::SentInstead { .. } => false,
    }
}

/// One seat's plays over one game or many: how many, how many wasted, and by card.
#[derive(Debug, Clone, Default)]
pub struct WasteTally {
    /// Plays made (cards played, Specials and Talents used).
    pub plays: u64,
    /// Plays that changed nothing.
    pub nothing: u64,
    /// Plays that hurt only the player's own side.
    pub self_harm: u64,
    /// By card definition, in the order of their [`DefId`]s, only the cards played:
    /// (definition, plays, wasted plays). Named only when read ([`Self::cards`]):
    /// looking a name up for every play, or every game, would cost more than the rest
    /// of the audit. Short, since a seat plays a few dozen different cards in a game:
    /// a list indexed by every definition made each game's record several kilobytes,
    /// and thousands of simulated games spent a few percent of their time having the
    /// system hand out that memory.
    by_def: Vec<(DefId, u64, u64)>,
}

impl WasteTally {
    /// Wasted plays: nothing plus self-harm.
    pub fn wasted(&self) -> u64 {
        self.nothing + self.self_harm
    }

    /// The wasted share of the plays, from 0 to 1.
    pub fn rate(&self) -> f64 {
        self.wasted() as f64 / self.plays.max(1) as f64
    }

    /// By card name: (plays, wasted plays), for every card played at least once.
    pub fn cards(&self) -> BTreeMap<String, (u64, u64)> {
        let mut cards = BTreeMap::new();
        for &(def, plays, wasted) in &self.by_def {
            let entry: &mut (u64, u64) = cards.entry(def.def().name().to_string()).or_default();
            entry.0 += plays;
            entry.1 += wasted;
        }
        cards
    }

    /// Counts one play with its verdict (its card counted apart: [`Audit`]).
    fn count(&mut self, verdict: Verdict) {
        self.plays += 1;
        match verdict {
            Verdict::Useful => {}
            Verdict::Nothing => self.nothing += 1,
            Verdict::SelfHarm => self.self_harm += 1,
        }
    }

    /// Adds plays and wasted plays of the card with definition `def`.
    fn add(&mut self, def: DefId, plays: u64, wasted: u64) {
        let at = match self.by_def.binary_search_by_key(&def, |&(d, _, _)| d) {
            Ok(at) => at,
            Err(at) => {
                self.by_def.insert(at, (def, 0, 0));
                at
            }
        };
        self.by_def[at].1 += plays;
        self.by_def[at].2 += wasted;
    }

    /// Adds another tally's counts to this one.
    pub fn merge(&mut self, other: &WasteTally) {
        self.plays += other.plays;
        self.nothing += other.nothing;
        self.self_harm += other.self_harm;
        for &(def, plays, wasted) in &other.by_def {
            self.add(def, plays, wasted);
        }
    }

    /// The cards most often wasted, most first (then by name): (name, plays, wasted).
    pub fn most_wasted(&self, how_many: usize) -> Vec<(String, u64, u64)> {
        let mut cards: Vec<(String, u64, u64)> = self
            .cards()
            .into_iter()
            .filter(|(_, (_, wasted))| *wasted > 0)
            .map(|(name, (plays, wasted))| (name, plays, wasted))
            .collect();
        cards.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.0.cmp(&b.0)));
        cards.truncate(how_many);
        cards
    }
}

/// Two tallies are the same when their counts are, by card name too.
impl PartialEq for WasteTally {
    fn eq(&self, other: &WasteTally) -> bool {
        (self.plays, self.nothing, self.self_harm) == (other.plays, other.nothing, other.self_harm)
            && self.cards() == other.cards()
    }
}

/// Written as the counts and the cards by name: `plays`, `nothing`, `self_harm`,
/// `cards` (name to [plays, wasted]).
impl serde::Serialize for WasteTally {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut tally = serializer.serialize_struct("WasteTally", 4)?;
        tally.serialize_field("plays", &self.plays)?;
        tally.serialize_field("nothing", &self.nothing)?;
        tally.serialize_field("self_harm", &self.self_harm)?;
        tally.serialize_field("cards", &self.cards())?;
        tally.end()
    }
}

/// Many games' plays, all seats together, summed game by game as each ends
/// ([`Audit::end_into`]): what `simulate` reports. The plays by card are counted in a
/// list indexed by definition, kept for a whole run (one per thread) rather than made
/// for each game, so that adding a game allocates nothing; and every count is a sum,
/// the same in whatever order the games are added.
#[derive(Debug, Clone, Default)]
pub struct WasteSum {
    /// The counts (its list by card stays empty: `by_def` holds it).
    counts: WasteTally,
    /// Indexed by definition ([`DefId`]): plays and wasted plays.
    by_def: Vec<(u64, u64)>,
}

impl WasteSum {
    /// Adds plays and wasted plays of the card with definition `def`.
    fn add(&mut self, def: DefId, plays: u64, wasted: u64) {
        let at = usize::from(def.0);
        if self.by_def.len() <= at {
            self.by_def.resize(at + 1, (0, 0));
        }
        self.by_def[at].0 += plays;
        self.by_def[at].1 += wasted;
    }

    /// Adds another sum's counts to this one.
    pub fn merge(&mut self, other: &WasteSum) {
        self.counts.merge(&other.counts);
        for (def, &(plays, wasted)) in (0..).zip(&other.by_def) {
            if plays > 0 {
                self.add(DefId(def), plays, wasted);
            }
        }
    }

    /// The sum as one tally, by card too.
    pub fn tally(&self) -> WasteTally {
        WasteTally {
            by_def: (0..)
                .zip(&self.by_def)
                .filter(|(_, &(plays, _))| plays > 0)
                .map(|(def, &(plays, wasted))| (DefId(def), plays, wasted))
                .collect(),
            ..self.counts.clone()
        }
    }
}

/// A seat's cards of [`Audit`]'s `by_card` that were played: definition, plays and
/// wasted plays.
fn played(cards: &[(DefId, u32, u32)]) -> impl Iterator<Item = (DefId, u64, u64)> + '_ {
    cards
        .iter()
        .filter(|&&(_, plays, _)| plays > 0)
        .map(|&(def, plays, wasted)| (def, u64::from(plays), u64::from(wasted)))
}

/// Every play of a game, followed answer by answer: call [`Audit::before`] with the
/// answer about to be given, then [`Audit::after`] with the events it produced.
#[derive(Debug, Clone, Default)]
pub struct Audit {
    open: Vec<OpenPlay>,
    /// The last snapshot of the table taken for a play, with the table's change
    /// stamp then: a play that begins at the same stamp (the table unchanged since)
    /// shares it, and one at another takes a new one, or brings this one up to date
    /// in place if no open play holds it any more.
    table: Option<(Stamp, Snapshot)>,
    /// Per seat, its plays so far (by card apart, in `by_card`).
    seats: Vec<WasteTally>,
    /// Per seat, indexed by card ([`Uid`]): the card's definition, its plays and its
    /// wasted plays so far. One step per play; sorted into each tally's list by
    /// definition once, when the game is over ([`Self::tallies`]), rather than
    /// searched at every play.
    by_card: Vec<Vec<(DefId, u32, u32)>>,
}

impl Audit {
    /// An audit for a game of `players` seats.
    pub fn new(players: usize) -> Audit {
        Audit {
            open: Vec::new(),
            table: None,
            seats: vec![WasteTally::default(); players],
            by_card: vec![Vec::new(); players],
        }
    }

    /// Each seat's plays, by card too.
    pub fn tallies(mut self) -> Vec<WasteTally> {
        for (tally, cards) in self.seats.iter_mut().zip(&self.by_card) {
            // Counted first, so that the list is made once at its size rather than
            // grown step by step as the cards come.
            let mut list = Vec::with_capacity(played(cards).count());
            list.extend(played(cards));
            list.sort_unstable_by_key(|&(def, _, _)| def);
            // Two copies of a card: one entry for their definition.
            list.dedup_by(|later, kept| {
                let same = later.0 == kept.0;
                if same {
                    kept.1 += later.1;
                    kept.2 += later.2;
                }
                same
            });
            tally.by_def = list;
        }
        self.seats
    }

    /// Adds every seat's plays of the game audited so far to `sum`, and forgets the
    /// game: the audit is then as new, for another game with as many seats, but keeps
    /// its lists' room (a thread that plays thousands of games audits them all with
    /// one).
    pub fn end_into(&mut self, sum: &mut WasteSum) {
        for (tally, cards) in self.seats.iter_mut().zip(&mut self.by_card) {
            sum.counts.merge(tally);
            for (def, plays, wasted) in played(cards) {
                sum.add(def, plays, wasted);
            }
            *tally = WasteTally::default();
            cards.clear();
        }
        // The last snapshot is kept for its room: stamps are never handed out twice,
        // so it cannot pass for a table of the next game.
        self.open.clear();
    }

    /// Notes the answer about to be given (option `index` of the pending question):
    /// call before answering. Most answers are not plays, so only the question's
    /// option is read here.
    #[inline]
    pub fn before(&mut self, game: &GameState, index: usize) {
        // A play starts with a card played or a Special or Talent used.
        let Some(d) = game.pending() else {
            return;
        };
        if let Some(Choice::Play { card, .. } | Choice::Use { card, .. }) = d.options.get(index) {
            self.open_play(game, d.player, *card);
        }
    }

    /// Opens the play of `card` by `player`, about to begin.
    fn open_play(&mut self, game: &GameState, player: PlayerId, card: Uid) {
        let stamp = game.bases.stamp();
        let controllers = match &mut self.table {
            Some((at, taken)) if *at == stamp => Rc::clone(taken),
            // No open play holds the last snapshot: brought up to date in place.
            Some((at, taken)) if Rc::strong_count(taken) == 1 => {
                if let Some(room) = Rc::get_mut(taken) {
                    room.refresh(game);
                }
                *at = stamp;
                Rc::clone(taken)
            }
            last => {
                let mut room = Controllers::default();
                room.refresh(game);
                let taken = Rc::new(room);
                *last = Some((stamp, Rc::clone(&taken)));
                taken
            }
        };
        self.open
            .push(OpenPlay::at_table(game, player, card, controllers));
    }

    /// Counts the events of the answer just given, and judges each play it finished.
    /// Most answers come with no play open: nothing to do.
    #[inline]
    pub fn after(&mut self, game: &GameState, events: &[Event]) {
        if !self.open.is_empty() {
            self.follow(game, events);
        }
    }

    /// [`Self::after`] with plays open.
    fn follow(&mut self, game: &GameState, events: &[Event]) {
        for play in &mut self.open {
            play.see(game, events);
        }
        while let Some(play) = self.open.last() {
            if !play.resolved(game) {
                break;
            }
            let (seat, card, verdict) = (play.player.ix(), play.card, play.verdict(game));
            if let (Some(tally), Some(cards)) =
                (self.seats.get_mut(seat), self.by_card.get_mut(seat))
            {
                tally.count(verdict);
                let at = card.0 as usize;
                if cards.len() <= at {
                    cards.resize(at + 1, (DefId(0), 0, 0));
                }
                let entry = &mut cards[at];
                entry.0 = game.cards[at].def;
                entry.1 += 1;
                entry.2 += u32::from(verdict.wasted());
            }
            self.open.pop();
        }
    }
}
