//! What one seat may see of the game: the table, every discard pile, its own hand and
//! its own pending question, but never another player's hand or any deck. Bots get
//! only this view, so a bot cannot cheat even by mistake: the game itself is private.

use crate::engine::defs::Def;
use crate::engine::state::{BaseInPlay, Loc};
use crate::engine::{Ask, Choice, Decision, GameState, PlayerId, Uid};
use crate::fingerprint::{hash_sorted, Fingerprint};

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
    /// nothing a card can do.
    pub fn fingerprint(&self, option_keys: &[u64]) -> u64 {
        use std::hash::Hash;
        let g = self.game;
        let t = &g.turn;
        let mut f = Fingerprint::new();
        // Cards ask only whether a minion was played this turn (0 or at least 1), not
        // how many, so a loop keeps its count out.
        (
            t.number,
            t.player,
            t.phase,
            &t.allowances,
            t.minions_played.min(1),
            &t.used,
        )
            .hash(&mut f);
        // Hashed field by field, as tuples of them would be, with the sorted piles
        // and options never gathered on the heap.
        for p in &g.players {
            (p.vp, p.hand.len(), p.deck.len()).hash(&mut f);
            self.hash_pile(&p.discard, &mut f);
            p.stasis.hash(&mut f);
        }
        (&g.bases, &g.lasting).hash(&mut f);
        self.hash_pile(self.hand(), &mut f);
        g.base_deck.len().hash(&mut f);
        if let Some(d) = self.decision() {
            d.ask.hash(&mut f);
            hash_sorted(option_keys.iter().copied(), false, &mut f);
        }
        f.finish()
    }

    /// An option as a number that is the same for the same choice in the same
    /// position: a card from a hand or discard pile by its name (any copy will do),
    /// any other card by itself.
    pub fn option_key(&self, option: &Choice) -> u64 {
        use std::hash::Hash;
        let mut f = Fingerprint::new();
        match option {
            Choice::Play { card, to } => (0u8, self.card_key(*card), to).hash(&mut f),
            Choice::Use { card, to } => (1u8, self.card_key(*card), to).hash(&mut f),
            Choice::Card(card) => (2u8, self.card_key(*card)).hash(&mut f),
            other => (3u8, other).hash(&mut f),
        }
        f.finish()
    }

    /// A card as [`Self::option_key`] names it: in a hand or discard pile by its
    /// place and name, anywhere else by itself.
    fn card_key(&self, card: Uid) -> (u8, u8, u16) {
        let inst = self.game.cards[card.0 as usize];
        let Some(owner) = inst.owner else {
            return (2, 0, card.0);
        };
        let zones = &self.game.players[owner.ix()];
        if zones.hand.contains(&card) {
            (0, owner.0, inst.def.0)
        } else if zones.discard.contains(&card) {
            (1, owner.0, inst.def.0)
        } else {
            (2, 0, card.0)
        }
    }

    /// Hashes the cards of a hand or pile by name, sorted.
    fn hash_pile(&self, cards: &[Uid], f: &mut Fingerprint) {
        let keys = cards.iter().map(|&c| self.game.cards[c.0 as usize].def.0);
        hash_sorted(keys, false, f);
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
