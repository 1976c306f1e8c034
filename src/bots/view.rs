//! What one seat may see of the game: the table, every discard pile, its own hand and
//! its own pending question, but never another player's hand or any deck. Bots get
//! only this view, so a bot cannot cheat even by mistake: the game itself is private.

use crate::engine::defs::Def;
use crate::engine::events::Zone;
use crate::engine::in_play::Table;
use crate::engine::stamp::Stamp;
use crate::engine::state::{ActionInPlay, Allowance, BaseInPlay, Loc, MinionInPlay};
use crate::engine::{Ask, Choice, Decision, GameState, PlayerId, Uid};
use crate::fingerprint::{
    card_choice_word, choice_word, mix, multiset, KeptSet, PositionHash, PLAY,
};

/// The game as one seat sees it.
pub struct SeatView<'a> {
    game: &'a GameState,
    seat: PlayerId,
}

impl<'a> SeatView<'a> {
    /// The view of `seat`.
    pub fn new(game: &'a GameState, seat: PlayerId) -> SeatView<'a> {
        SeatView { game, seat }
    }

    /// A whole game as this seat might imagine it: every card it cannot see re-dealt
    /// at random (see [`crate::ai::determinize`]). The search bot thinks only on these.
    pub fn imagine(&self, rng: &mut rand_chacha::ChaCha8Rng) -> GameState {
        crate::ai::determinize::determinize(self.game, self.seat, rng)
    }

    /// The worlds this seat imagines to see how answering option `index` of its
    /// question would go: `count` deals of the cards it cannot see (see
    /// [`Self::imagine`]), seeded from what it sees, so the same position imagines the
    /// same worlds. The heuristic bot looks ahead in them, and a person's options say
    /// from them when they will do nothing (see [`crate::play::traps`]).
    pub fn worlds(&self, index: usize, count: u64) -> impl Iterator<Item = GameState> + '_ {
        use rand::SeedableRng;
        let options = self.decision().map_or(0, |d| d.options.len()) as u64;
        let seed = (self.turn_number() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (self.seat.0 as u64) << 56
            ^ (index as u64) << 40
            ^ options << 24;
        (0..count).map(move |world_number| {
            self.imagine(&mut rand_chacha::ChaCha8Rng::seed_from_u64(
                seed ^ world_number,
            ))
        })
    }

    /// A fingerprint of everything this seat sees now: the turn and its plays left,
    /// scores, hand and deck sizes, discard piles, the bases, lasting effects, its own
    /// hand and its question. Equal fingerprints in one turn mean the game has come
    /// back to a position (see [`super::memory`]). Hands and discard piles count as
    /// sets of cards by name: their order, and which of two copies is where, change
    /// nothing a card can do. Hashed word by word from the cards' ids and numbers
    /// (see [`crate::fingerprint`]), piles and options order-free without sorting.
    pub fn fingerprint(&self, option_keys: &[u64]) -> u64 {
        self.fingerprint_kept(option_keys, &mut FingerprintKept::afresh())
    }

    /// [`Self::fingerprint`], with what `kept` holds from the positions hashed before
    /// (and brings it up to date): the same number, with less work when little has
    /// changed since. The bases' hash is kept by the table's change stamp, each
    /// discard pile's and the hand's by its own ([`GameState::piles_stamps`], see
    /// [`crate::engine::stamp`]): an equal stamp proves the part the same. The bases'
    /// hash last worked out on this thread, by whichever bot, is kept for all of them,
    /// by the table's stamp too, and base by base by theirs ([`KeptBases`]). Debug
    /// builds hash afresh as well and compare.
    pub fn fingerprint_kept(&self, option_keys: &[u64], kept: &mut FingerprintKept) -> u64 {
        let sum = option_keys
            .iter()
            .fold(0, |sum: u64, &k| sum.wrapping_add(k));
        self.fingerprint_summed(option_keys.len(), sum, kept)
    }

    /// [`Self::fingerprint_kept`] from the number of options and their keys' sum
    /// ([`Self::option_keys_sum`]), all the fingerprint takes of them.
    pub fn fingerprint_summed(
        &self,
        options: usize,
        keys_sum: u64,
        kept: &mut FingerprintKept,
    ) -> u64 {
        use std::hash::Hash;
        let g = self.game;
        let t = &g.turn;
        let stamp = g.bases.stamp();
        let mut table_kept = kept.table == stamp;
        if !table_kept {
            kept.bases = if kept.shared {
                LAST_TABLE.with_borrow_mut(|last| last.hash(&g.bases, &mut table_kept))
            } else {
                KeptBases::new().hash(&g.bases, &mut table_kept)
            };
            kept.table = stamp;
        }
        if kept.seat != Some(self.seat) || kept.piles.len() != g.players.len() {
            kept.seat = Some(self.seat);
            kept.hand_stamp = Stamp::NONE;
            kept.piles.clear();
            kept.piles.resize(g.players.len(), KeptPiles::default());
        }
        let mut f = PositionHash::new();
        // Cards ask only whether a minion was played this turn (0 or at least 1), not
        // how many, so a loop keeps its count out.
        f.word(
            u64::from(t.number)
                | u64::from(t.player.0) << 32
                | (t.phase as u64) << 40
                | u64::from(t.minions_played.min(1)) << 48,
        );
        f.word(t.allowances.len() as u64);
        for a in &t.allowances {
            hash_allowance(a, &mut f);
        }
        t.used.hash(&mut f);
        // Each player's public counts, discard pile and stasis, the piles hashed
        // again only when their stamps changed; the seat's hand likewise.
        let mut piles_kept = false;
        for (i, (p, pile)) in g.players.iter().zip(&mut kept.piles).enumerate() {
            let [hand, discard] = g.piles_stamps(PlayerId(i as u8));
            if pile.discard_stamp == discard {
                piles_kept = true;
            } else {
                pile.discard = self.pile_hash(&p.discard);
                pile.discard_stamp = discard;
            }
            f.word(u64::from(p.vp) | (p.hand.len() as u64) << 32 | (p.deck.len() as u64) << 48);
            f.word(pile.discard);
            p.stasis.hash(&mut f);
            if i != self.seat.ix() {
                continue;
            }
            if kept.hand_stamp == hand {
                piles_kept = true;
            } else {
                kept.hand = self.pile_hash(&p.hand);
                kept.hand_stamp = hand;
            }
        }
        f.word(kept.bases);
        hash_all(&g.lasting, &mut f);
        f.word(kept.hand);
        f.word(g.base_deck.len() as u64);
        if let Some(d) = self.decision() {
            // The main question as its `Hash` writes it (its kind's number), the others
            // hashed: most questions are the main one.
            match d.ask {
                Ask::Main => f.word(ASK_MAIN),
                _ => d.ask.hash(&mut f),
            }
            // The options in any order: their keys (mixed already) summed.
            f.word(options as u64);
            f.word(keys_sum);
        }
        let place = f.finish();
        if cfg!(debug_assertions) && (table_kept || piles_kept) {
            let afresh = self.fingerprint_summed(options, keys_sum, &mut FingerprintKept::afresh());
            assert_eq!(place, afresh, "a kept part of the fingerprint is stale");
        }
        place
    }

    /// An option as a number that is the same for the same choice in the same
    /// position: a card from a hand or discard pile by its name (any copy will do),
    /// any other card by itself.
    pub fn option_key(&self, option: &Choice) -> u64 {
        self.option_key_after(option, &self.game.in_hand_or_discard(), &mut None)
    }

    /// Every option's [`Self::option_key`], in order, into `into` (emptied first).
    /// Options naming the same card one after another (a card to each base) look the
    /// card up once.
    pub fn option_keys(&self, options: &[Choice], into: &mut Vec<u64>) {
        into.clear();
        into.reserve(options.len());
        let (held, mut last) = (self.game.in_hand_or_discard(), None);
        for o in options {
            into.push(self.option_key_after(o, &held, &mut last));
        }
    }

    /// The sum of the options' [`Self::option_key`]s, all the fingerprint takes of
    /// them ([`Self::fingerprint_summed`]), with no list made: a bot needs only the
    /// key of the option it takes, and every key only at a position it has seen.
    pub fn option_keys_sum(&self, options: &[Choice]) -> u64 {
        let (held, mut last) = (self.game.in_hand_or_discard(), None);
        options.iter().fold(0, |sum: u64, o| {
            sum.wrapping_add(self.option_key_after(o, &held, &mut last))
        })
    }

    /// [`Self::option_key`], `last` being the card the option before named and its
    /// [`Self::card_key`], if any (kept up to date), `held` where a card is if in a
    /// hand or discard pile ([`GameState::in_hand_or_discard`]).
    #[inline(always)]
    fn option_key_after(
        &self,
        option: &Choice,
        held: &impl Fn(Uid) -> Option<Loc>,
        last: &mut Option<(Uid, u64)>,
    ) -> u64 {
        // Most options are the main question's plays: packed after one test of the
        // kind, not through `choice_word`'s whole match (a jump that mispredicts).
        let word = match option {
            Choice::Play { card, to } => {
                card_choice_word(PLAY, self.card_key_after(*card, held, last), to)
            }
            _ => choice_word(option, |card| self.card_key_after(card, held, last)),
        };
        mix(word)
    }

    /// [`Self::card_key`], taken from `last` when it is of the same card (kept up
    /// to date).
    #[inline(always)]
    fn card_key_after(
        &self,
        card: Uid,
        held: &impl Fn(Uid) -> Option<Loc>,
        last: &mut Option<(Uid, u64)>,
    ) -> u64 {
        match *last {
            Some((c, key)) if c == card => key,
            _ => {
                let key = self.card_key(card, held);
                *last = Some((card, key));
                key
            }
        }
    }

    /// A card as [`Self::option_key`] names it, in 26 bits: in its owner's hand or
    /// discard pile by its place, owner and name, anywhere else by itself (`held` as
    /// for [`Self::option_key_after`]).
    #[inline(always)]
    fn card_key(&self, card: Uid, held: &impl Fn(Uid) -> Option<Loc>) -> u64 {
        let def = self.game.cards[card.0 as usize].def;
        let by_name =
            |place: u64, owner: PlayerId| place | u64::from(owner.0) << 2 | u64::from(def.0) << 10;
        match held(card) {
            Some(Loc::Hand(owner)) => by_name(0, owner),
            Some(Loc::Discard(owner)) => by_name(1, owner),
            _ => 2 | u64::from(card.0) << 10,
        }
    }

    /// The cards of a hand or pile by name, in any order, as one number: how many,
    /// and which.
    fn pile_hash(&self, cards: &[Uid]) -> u64 {
        let all = &self.game.cards;
        let names = cards.iter().map(|&c| u64::from(all[c.0 as usize].def.0));
        mix(multiset(names) ^ cards.len() as u64)
    }

    /// The turn number, public to everyone.
    pub fn turn_number(&self) -> u32 {
        self.game.turn.number
    }

    /// Whose view this is.
    pub fn seat(&self) -> PlayerId {
        self.seat
    }

    /// The pending question, when this seat must answer it.
    pub fn decision(&self) -> Option<&'a Decision> {
        self.game.pending().filter(|d| d.player == self.seat)
    }

    /// The seat's own hand.
    pub fn hand(&self) -> &'a [Uid] {
        &self.game.players[self.seat.ix()].hand
    }

    /// The bases in play, with everything on them (all of it face up).
    pub fn bases(&self) -> &'a [BaseInPlay] {
        &self.game.bases
    }

    /// How many players are at the table.
    pub fn players(&self) -> usize {
        self.game.players.len()
    }

    /// A player's victory points.
    pub fn vp(&self, player: PlayerId) -> u32 {
        self.game.players[player.ix()].vp
    }

    /// True when this seat may know what the card is: it is in play, in its own hand,
    /// in a discard pile, or named by its own pending question.
    fn visible(&self, card: Uid) -> bool {
        match self.game.locate(card) {
            Loc::Base(_) | Loc::Minion(..) | Loc::OnBase(..) | Loc::OnMinion(..) => true,
            Loc::Discard(_) | Loc::Stasis(_) => true,
            // A stored card lies face down: only its owner may look at it.
            Loc::Stored(_) => self.game.owner(card) == self.seat,
            Loc::Hand(p) => p == self.seat,
            Loc::Deck(_) => false,
            // The card whose ability asks the question is public, like the options.
            Loc::Elsewhere => self.decision().is_some_and(|d| {
                let source = match d.ask {
                    Ask::Choose { source, .. } | Ask::May { source } => Some(source),
                    _ => None,
                };
                source == Some(card)
                    || d.options.iter().any(|o| match o {
                        Choice::Card(c) | Choice::Base(c) => *c == card,
                        Choice::Play { card: c, .. } | Choice::Use { card: c, .. } => *c == card,
                        _ => false,
                    })
            }),
        }
    }

    /// The definition of a card the seat may see.
    pub fn def(&self, card: Uid) -> Option<Def> {
        self.visible(card).then(|| self.game.def(card))
    }

    /// The current power of a visible card (a minion in play, or printed otherwise).
    pub fn power(&self, card: Uid) -> i32 {
        if self.visible(card) {
            self.game.power(card)
        } else {
            0
        }
    }

    /// The controller of a card in play.
    pub fn controller(&self, card: Uid) -> Option<PlayerId> {
        self.game.minion(card).map(|m| m.controller)
    }

    /// Who controls a card on the table: a minion, or an action on a base or a minion
    /// (public, like everything in play).
    pub fn table_controller(&self, card: Uid) -> Option<PlayerId> {
        self.game.on_table(card).then(|| self.game.controller(card))
    }

    /// The base a card in play is on.
    pub fn base_of(&self, card: Uid) -> Option<Uid> {
        self.game.base_of(card)
    }

    /// A player's total power on a base.
    pub fn player_power(&self, base: Uid, player: PlayerId) -> i32 {
        self.game.player_power(base, player)
    }

    /// The total power on a base.
    pub fn base_power(&self, base: Uid) -> i32 {
        self.game.base_power(base)
    }

    /// A base's current breakpoint.
    pub fn breakpoint(&self, base: Uid) -> i32 {
        self.game.breakpoint(base)
    }

    /// The stasis counters on a card in stasis (face up, public); none elsewhere.
    pub fn stasis_counters(&self, card: Uid) -> Option<u32> {
        matches!(self.game.locate(card), Loc::Stasis(_)).then(|| self.game.stasis_counters(card))
    }

    /// How many minions of this printed power the seat's deck holds: what its owner
    /// can work out from its own cards seen elsewhere, never their order (a power to
    /// name before playing one off the top: Chestbreaker, Game Over, Dude!).
    pub fn deck_minions_of_power(&self, power: i32) -> usize {
        let seat = self.seat();
        self.game.players[seat.ix()]
            .deck
            .iter()
            .filter(|&&c| {
                self.game
                    .def(c)
                    .card()
                    .is_some_and(|d| d.power() == Some(power as u32))
            })
            .count()
    }
}

/// The one word `Hash` writes for [`Ask::Main`]: its place among the kinds.
const ASK_MAIN: u64 = 1;

/// What [`SeatView::fingerprint_kept`] keeps between positions: the hash of the
/// bases by the table's stamp (the rest of what is kept of the bases is the
/// thread's: [`LAST_TABLE`]); the hashes of the discard piles and the seat's hand,
/// each by its own stamp ([`GameState::piles_stamps`]).
/// Kept by each bot between its decisions.
#[derive(Debug, Clone)]
pub struct FingerprintKept {
    /// The table's stamp when `bases` was hashed.
    table: Stamp,
    /// The bases' hash ([`KeptBases::hash`]).
    bases: u64,
    /// The seat whose view the hand is of.
    seat: Option<PlayerId>,
    /// Each player's discard pile, by seat.
    piles: Vec<KeptPiles>,
    /// The stamp of the seat's hand when `hand` was hashed.
    hand_stamp: Stamp,
    /// The seat's hand's hash ([`SeatView::pile_hash`]).
    hand: u64,
    /// Whether the bases' hash may be taken from, and is left in, [`LAST_TABLE`].
    shared: bool,
}

thread_local! {
    /// The bases' hash last worked out on this thread, kept for every bot the thread
    /// runs (in a two-player game the other bot has often just hashed the same
    /// table). A stamp names one table's or base's contents in any game or copy of
    /// one (see [`crate::engine::stamp`]), so it cannot go stale.
    static LAST_TABLE: std::cell::RefCell<KeptBases> =
        const { std::cell::RefCell::new(KeptBases::new()) };
}

/// The bases' hash as last worked out, and how: by the table's stamp, and base by
/// base the hash's state after it with the base's stamp then
/// ([`crate::engine::in_play::Table::base_stamp`]), so that the bases at the front
/// that did not change since are not hashed again (the hash goes on from its state
/// after them); and by base index the set of minions played there, which mostly
/// only grows (worked out again in full only when it did not just grow).
#[derive(Debug)]
struct KeptBases {
    /// The table's stamp when `hash` was worked out.
    table: Stamp,
    /// The bases' hash.
    hash: u64,
    /// By base: its stamp, and the hash's state after it.
    after: Vec<(Stamp, PositionHash)>,
    /// By base: the minions played there ([`hash_base`]).
    played_here: Vec<KeptSet<(PlayerId, Uid)>>,
}

impl KeptBases {
    /// Nothing kept.
    const fn new() -> KeptBases {
        KeptBases {
            table: Stamp::NONE,
            hash: 0,
            after: Vec::new(),
            played_here: Vec::new(),
        }
    }

    /// The bases in play with everything on them as one number (see [`hash_base`]):
    /// as kept when the table is the same, else hashed again from the first base
    /// whose stamp changed. Sets `kept` when anything kept was used.
    fn hash(&mut self, table: &Table, kept: &mut bool) -> u64 {
        if self.table == table.stamp() {
            *kept = true;
        } else {
            self.hash_again(table, kept);
        }
        self.hash
    }

    /// [`Self::hash`] of a table that changed (out of line: the table is most often
    /// the same).
    #[inline(never)]
    fn hash_again(&mut self, table: &Table, kept: &mut bool) {
        let bases: &[BaseInPlay] = table;
        let same = if self.after.len() == bases.len() {
            (self.after.iter().enumerate())
                .take_while(|&(b, &(stamp, _))| stamp == table.base_stamp(b))
                .count()
        } else {
            0
        };
        *kept |= same > 0;
        self.after.truncate(same);
        let mut f = match self.after.last() {
            Some(&(_, after)) => after,
            None => {
                let mut f = PositionHash::new();
                f.word(bases.len() as u64);
                f
            }
        };
        self.played_here.resize_with(bases.len(), KeptSet::default);
        let rest = bases[same..].iter().zip(&mut self.played_here[same..]);
        for (b, (base, played)) in (same..).zip(rest) {
            hash_base(base, played, &mut f);
            self.after.push((table.base_stamp(b), f));
        }
        self.table = table.stamp();
        self.hash = f.finish();
    }
}

impl FingerprintKept {
    /// Nothing kept, and nothing taken from [`LAST_TABLE`]: every part hashed anew.
    fn afresh() -> FingerprintKept {
        FingerprintKept {
            shared: false,
            ..FingerprintKept::default()
        }
    }
}

/// One player's discard pile's hash ([`SeatView::pile_hash`]), and the pile's stamp
/// when it was hashed.
#[derive(Debug, Clone, Copy)]
struct KeptPiles {
    discard_stamp: Stamp,
    discard: u64,
}

impl Default for KeptPiles {
    fn default() -> Self {
        KeptPiles {
            discard_stamp: Stamp::NONE,
            discard: 0,
        }
    }
}

impl Default for FingerprintKept {
    fn default() -> Self {
        FingerprintKept {
            table: Stamp::NONE,
            bases: 0,
            seat: None,
            piles: Vec::new(),
            hand_stamp: Stamp::NONE,
            hand: 0,
            shared: true,
        }
    }
}

/// Hashes a base with everything on it for [`SeatView::fingerprint`]: the base, its
/// minions and actions in order with all they carry, and the minions played here as
/// who played which card, each once, so a card played here again and again (a loop)
/// leaves the position the same (that set's hash kept in `played`). Every field is
/// named, so a field added to these records does not go unhashed unnoticed.
fn hash_base(base: &BaseInPlay, played: &mut KeptSet<(PlayerId, Uid)>, f: &mut PositionHash) {
    let BaseInPlay {
        card,
        minions,
        actions,
        played_here,
    } = base;
    f.word(u64::from(card.0) | (minions.len() as u64) << 16 | (actions.len() as u64) << 32);
    for m in minions {
        let MinionInPlay {
            card,
            controller,
            counters,
            attached,
            stored,
            since_turn,
            played_from,
        } = m;
        let from = played_from.map_or(0, |z| 1 | zone_code(z) << 1);
        f.word(u64::from(card.0) | u64::from(controller.0) << 16 | from << 24);
        f.word(u64::from(*counters) | u64::from(*since_turn) << 32);
        hash_cards(stored, f);
        f.word(attached.len() as u64);
        for a in attached {
            hash_action(a, f);
        }
    }
    for a in actions {
        hash_action(a, f);
    }
    let (sum, count) = played.set(played_here, |(p, c)| u64::from(p.0) | u64::from(c.0) << 8);
    f.word(count as u64);
    f.word(sum);
}

/// Hashes one of the turn's plays left for [`SeatView::fingerprint`], in two words
/// (and the name it asks for, if any).
fn hash_allowance(allowance: &Allowance, f: &mut PositionHash) {
    use std::hash::Hash;
    let Allowance {
        minion,
        normal,
        power_at_most,
        only_on,
        only_where_no_minion,
        only_where_minion,
        from_discard,
        source,
        named,
        onto_others_minion,
        must_affect,
        either,
    } = allowance;
    let flags = [
        *minion,
        *normal,
        *only_where_no_minion,
        *only_where_minion,
        *from_discard,
        *onto_others_minion,
        *either,
        named.is_some(),
    ];
    let flags = flags
        .iter()
        .enumerate()
        .fold(0u64, |w, (i, &on)| w | u64::from(on) << i);
    let power = power_at_most.map_or(0, |p| 1 | u64::from(p) << 1);
    f.word(flags | power << 8);
    let card = |c: &Option<Uid>| c.map_or(0, |c| 1 | u64::from(c.0) << 1);
    f.word(card(only_on) | card(source) << 17 | card(must_affect) << 34);
    named.hash(f);
}

/// Hashes an action in play for [`hash_base`].
fn hash_action(action: &ActionInPlay, f: &mut PositionHash) {
    use std::hash::Hash;
    let ActionInPlay {
        card,
        controller,
        named,
        stored,
        since_turn,
        mode,
    } = action;
    let mode = mode.map_or(0, |m| 1 | u64::from(m) << 1);
    f.word(u64::from(card.0) | u64::from(controller.0) << 16 | mode << 24);
    f.word(u64::from(*since_turn));
    named.hash(f);
    hash_cards(stored, f);
}

/// Hashes some items as a `Vec` of them does (how many, then each in order), with
/// the loop in line: most often there are none.
fn hash_all<T: std::hash::Hash>(items: &[T], f: &mut PositionHash) {
    f.word(items.len() as u64);
    for item in items {
        item.hash(f);
    }
}

/// Hashes some cards in order, and how many.
fn hash_cards(cards: &[Uid], f: &mut PositionHash) {
    f.word(cards.len() as u64);
    for c in cards {
        f.word(u64::from(c.0));
    }
}

/// A zone as a number of at most 20 bits: its kind, and the card it names if any.
fn zone_code(zone: Zone) -> u64 {
    match zone {
        Zone::Hand => 0,
        Zone::DeckTop => 1,
        Zone::DeckBottom => 2,
        Zone::Discard => 3,
        Zone::Box => 4,
        Zone::Stasis => 5,
        Zone::Base(c) => 6 | u64::from(c.0) << 4,
        Zone::Minion(c) => 7 | u64::from(c.0) << 4,
        Zone::Stored(c) => 8 | u64::from(c.0) << 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{Hash, Hasher};

    /// Lasting effects are fed in as hashing them would.
    #[test]
    fn items_are_hashed_as_their_vec() {
        use crate::engine::state::{Expiry, Lasting, LastingEffect};
        let lasting = |n| LastingEffect {
            what: Lasting::Power {
                minion: Uid(n),
                amount: -1,
            },
            until: Expiry::EndOfTurn(3),
        };
        for items in [vec![], vec![lasting(4)], vec![lasting(4), lasting(9)]] {
            let mut hashed = PositionHash::new();
            items.hash(&mut hashed);
            let mut fed = PositionHash::new();
            hash_all(&items, &mut fed);
            assert_eq!(Hasher::finish(&hashed), Hasher::finish(&fed));
        }
    }

    /// The main question is fed in as hashing it would.
    #[test]
    fn the_main_question_is_hashed_as_its_kind() {
        let mut hashed = PositionHash::new();
        Ask::Main.hash(&mut hashed);
        let mut fed = PositionHash::new();
        fed.word(ASK_MAIN);
        assert_eq!(Hasher::finish(&hashed), Hasher::finish(&fed));
    }
}
