//! Small deterministic hashes for fingerprints of game positions. [`Fingerprint`]
//! (64-bit FNV-1a) is fed with text: the check of a saved game. [`PositionHash`],
//! [`multiset`] and [`set`] hash a position word by word for the bots' loop rule,
//! which fingerprints every decision, so they are on the hot path ([`KeptSet`] keeps
//! a set's hash between decisions while its items only grow). [`choice_word`] packs
//! a choice into one number, for the loop rule and the search bot alike. The same
//! input gives the same number on every run, unlike the randomly keyed std hasher.

use crate::engine::decision::PlayTo;
use crate::engine::{Choice, Uid};

/// The hash of the text written so far (write to it with `write!`).
pub struct Fingerprint(u64);

impl Fingerprint {
    /// An empty fingerprint.
    pub fn new() -> Fingerprint {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }

    /// The hash of everything written.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

impl Default for Fingerprint {
    fn default() -> Self {
        Fingerprint::new()
    }
}

impl std::fmt::Write for Fingerprint {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for b in s.bytes() {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        Ok(())
    }
}

/// A strong mix of one 64-bit number (the splitmix64 finalizer): a bijection, so two
/// different numbers never mix to the same one, and every input bit changes about
/// half the output bits.
pub const fn mix(x: u64) -> u64 {
    let mut x = x;
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// An order-free hash of some numbers counted with their repeats (a multiset): the
/// sum of each one's [`mix`]. Equal multisets give equal sums whatever their order,
/// without sorting them; different ones differ but by a 64-bit accident.
pub fn multiset(items: impl Iterator<Item = u64>) -> u64 {
    items.fold(0, |sum, x| sum.wrapping_add(member(x)))
}

/// One number's share of a [`multiset`]'s hash. Offset first: `mix(0)` is 0, and a
/// member 0 must still count.
const fn member_mixed(x: u64) -> u64 {
    mix(x ^ 0x9e37_79b9_7f4a_7c15)
}

/// [`member_mixed`] of the numbers below 1024 (cards by definition: piles hash a
/// card each), worked out when the program is built.
static MEMBERS: [u64; 1024] = {
    let mut table = [0u64; 1024];
    let mut x = 0;
    while x < table.len() {
        table[x] = member_mixed(x as u64);
        x += 1;
    }
    table
};

/// [`member_mixed`], looked up for small numbers.
fn member(x: u64) -> u64 {
    if x < MEMBERS.len() as u64 {
        MEMBERS[x as usize]
    } else {
        member_mixed(x)
    }
}

/// [`multiset`] of some items' numbers (`key`, equal for equal items) each counted
/// once (a set), and how many distinct ones there are.
pub fn set<T: Copy + PartialEq>(items: &[T], key: impl Fn(T) -> u64) -> (u64, usize) {
    // Past `SEARCHED` items (a loop cannot need that many: it plays the same cards
    // again), sorted; below, each item that did not come before is found without
    // sorting: an item whose bit in `seen` (by a hash of its number) is clear is new;
    // only when the bit is set are the items before it searched.
    const SEARCHED: usize = 64;
    if items.len() > SEARCHED {
        let mut all: Vec<u64> = items.iter().map(|&x| key(x)).collect();
        all.sort_unstable();
        all.dedup();
        return (multiset(all.iter().copied()), all.len());
    }
    let mut seen = 0u64;
    let (mut sum, mut count) = (0u64, 0usize);
    for (i, &item) in items.iter().enumerate() {
        let x = key(item);
        let bit = 1u64 << (x.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58);
        if seen & bit != 0 && items[..i].contains(&item) {
            continue;
        }
        seen |= bit;
        count += 1;
        sum = sum.wrapping_add(member(x));
    }
    (sum, count)
}

/// A choice as one number, the same for the same choice: a card choice (a card
/// played, used, or chosen) packed whole, from its kind, the card's word (`card_word`,
/// at most 38 bits: the card itself, or what stands for it, see
/// [`crate::bots::SeatView::option_key`]) and where it goes; any other choice hashed.
/// The search bot matches its tree's edges to a deal's options by it, and the loop
/// rule names an option by it (mixed).
#[inline(always)]
pub fn choice_word(choice: &Choice, mut card_word: impl FnMut(Uid) -> u64) -> u64 {
    match choice {
        Choice::Play { card: c, to } => card_choice_word(PLAY, card_word(*c), to),
        Choice::Use { card: c, to } => card_choice_word(1, card_word(*c), to),
        Choice::Card(c) => card_choice_word(2, card_word(*c), &None),
        // The answers with no content, worked out when the program is built: the
        // same numbers as hashed (see the tests), without the hashing.
        Choice::EndTurn => UNIT_WORDS[0],
        Choice::Yes => UNIT_WORDS[1],
        Choice::No => UNIT_WORDS[2],
        Choice::Done => UNIT_WORDS[3],
        Choice::Pass => UNIT_WORDS[4],
        Choice::Continue => UNIT_WORDS[5],
        other => hashed_choice_word(other),
    }
}

/// The kind [`card_choice_word`] packs for [`Choice::Play`].
pub const PLAY: u64 = 0;

/// [`choice_word`] of a card choice: its kind (0 play, 1 use, 2 a card chosen), the
/// card's word and where it goes.
#[inline(always)]
pub fn card_choice_word(kind: u64, card_word: u64, to: &Option<PlayTo>) -> u64 {
    let to = match to {
        None => 0,
        Some(PlayTo::Base(b)) => 1 | u64::from(b.0) << 2,
        Some(PlayTo::Minion(m)) => 2 | u64::from(m.0) << 2,
    };
    kind | card_word << 2 | to << 40
}

/// [`hashed_choice_word`] of the choices with no content, by the number `Hash` writes
/// for each (its place among [`Choice`]'s kinds): `EndTurn`, `Yes`, `No`, `Done`,
/// `Pass`, `Continue`.
const UNIT_WORDS: [u64; 6] = {
    let kinds = [2, 7, 8, 9, 10, 13];
    let mut words = [0u64; 6];
    let mut i = 0;
    while i < kinds.len() {
        let mut f = PositionHash::new();
        f.word(kinds[i]);
        words[i] = 3 | f.finish() << 2;
        i += 1;
    }
    words
};

/// [`choice_word`] of a choice that names no card: hashed (out of line, so that the
/// card choices' packing stays small where it is inlined).
#[inline(never)]
fn hashed_choice_word(choice: &Choice) -> u64 {
    use std::hash::Hash;
    let mut f = PositionHash::new();
    choice.hash(&mut f);
    3 | f.finish() << 2
}

/// A [`set`] worked out once and brought up to date as its items grow: the items it
/// was worked out for are kept, and when the items asked about start with them (a
/// list that was only added to, like the minions played at a base), only the new
/// ones are hashed. Anything else is worked out afresh. The answer is always
/// [`set`]'s: the kept copy, compared item by item, is the proof.
#[derive(Debug, Clone)]
pub struct KeptSet<T> {
    /// The items the hash is of.
    items: Vec<T>,
    /// Their [`set`]: the sum and how many distinct items.
    hash: (u64, usize),
}

impl<T> Default for KeptSet<T> {
    fn default() -> Self {
        KeptSet {
            items: Vec::new(),
            hash: (0, 0),
        }
    }
}

impl<T: Copy + PartialEq> KeptSet<T> {
    /// [`set`]`(items, key)`, `key` being the same function at every call.
    #[inline]
    pub fn set(&mut self, items: &[T], key: impl Fn(T) -> u64) -> (u64, usize) {
        let kept = self.items.len();
        if items.len() < kept || items[..kept] != self.items[..] {
            self.items.clear();
            self.items.extend_from_slice(items);
            self.hash = set(items, key);
            return self.hash;
        }
        for (i, &item) in items.iter().enumerate().skip(kept) {
            if !items[..i].contains(&item) {
                self.hash.0 = self.hash.0.wrapping_add(member(key(item)));
                self.hash.1 += 1;
            }
        }
        self.items.extend_from_slice(&items[kept..]);
        self.hash
    }
}

/// The hash of a position for the bots' loop rule, fed one word at a time (see
/// [`crate::bots::SeatView::fingerprint`]). Each step is a bijection of the state
/// for a given word and of the word for a given state, so two sequences of words of
/// the same length that differ in one word never hash the same; [`mix`] at the end.
/// Also a `Hasher`, for the game's own `Hash` types. A copy goes on from the same
/// state (the bots keep the state part way through a position).
#[derive(Debug, Clone, Copy)]
pub struct PositionHash(u64);

impl PositionHash {
    /// An empty hash.
    pub const fn new() -> PositionHash {
        PositionHash(0x243f_6a88_85a3_08d3)
    }

    /// Mixes in one word (a cheap step: positions take a hundred words and more).
    pub const fn word(&mut self, n: u64) {
        self.0 = (self.0 ^ n)
            .wrapping_mul(0x9fb2_1c65_1e98_df25)
            .rotate_left(23);
    }

    /// The hash of everything mixed in.
    pub const fn finish(&self) -> u64 {
        mix(self.0)
    }
}

impl Default for PositionHash {
    fn default() -> Self {
        PositionHash::new()
    }
}

impl std::hash::Hasher for PositionHash {
    fn write(&mut self, bytes: &[u8]) {
        // The length first, so that padding the last word with zeros is no ambiguity.
        self.word(bytes.len() as u64);
        // Eight bytes at a time, little-endian, the last word padded with zeros (read
        // byte by byte: copying a short tail into a padded word calls `memcpy`).
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(chunk);
            self.word(u64::from_le_bytes(w));
        }
        let tail = chunks.remainder();
        if !tail.is_empty() {
            self.word(tail.iter().rev().fold(0, |w, &b| w << 8 | u64::from(b)));
        }
    }

    fn finish(&self) -> u64 {
        PositionHash::finish(self)
    }

    fn write_u8(&mut self, n: u8) {
        self.word(n as u64);
    }

    fn write_u16(&mut self, n: u16) {
        self.word(n as u64);
    }

    fn write_u32(&mut self, n: u32) {
        self.word(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.word(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.word(n as u64);
    }

    fn write_i32(&mut self, n: i32) {
        self.word(n as u32 as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A multiset's hash does not depend on the order; a set's not on repeats either,
    /// few or many; different ones differ.
    #[test]
    fn multisets_and_sets_ignore_order() {
        let a = [3u64, 0, 7, 7, 1];
        let b = [7u64, 1, 7, 0, 3];
        assert_eq!(multiset(a.iter().copied()), multiset(b.iter().copied()));
        assert_ne!(
            multiset(a.iter().copied()),
            multiset(a[1..].iter().copied())
        );
        assert_ne!(multiset([0u64].into_iter()), multiset(std::iter::empty()));
        for (n, kinds) in [
            (3u64, 5u64),
            (16, 5),
            (64, 5),
            (200, 5),
            (40, 33),
            (300, 300),
        ] {
            let many: Vec<u64> = (0..n).map(|i| i * 7919 % kinds).collect();
            let want = (
                multiset((0..kinds.min(n)).map(|i| i * 7919 % kinds)),
                kinds.min(n) as usize,
            );
            assert_eq!(set(&many, |x| x), want, "{n} values of {kinds}");
        }
        assert_ne!(set(&[1u64, 2], |x| x), set(&[1u64, 3], |x| x));
    }

    /// Bytes are fed in as their length, then eight at a time, little-endian, the
    /// last word padded with zeros.
    #[test]
    fn bytes_are_fed_in_padded_words() {
        use std::hash::Hasher;
        for len in 0..=20u8 {
            let bytes: Vec<u8> = (1..=len).collect();
            let mut fed = PositionHash::new();
            fed.write(&bytes);
            let mut want = PositionHash::new();
            want.word(u64::from(len));
            for chunk in bytes.chunks(8) {
                let mut w = [0u8; 8];
                w[..chunk.len()].copy_from_slice(chunk);
                want.word(u64::from_le_bytes(w));
            }
            assert_eq!(Hasher::finish(&fed), Hasher::finish(&want), "{len} bytes");
        }
    }

    /// The choices with no content take the very numbers hashing them gives.
    #[test]
    fn unit_choices_are_packed_as_hashed() {
        for choice in [
            Choice::EndTurn,
            Choice::Yes,
            Choice::No,
            Choice::Done,
            Choice::Pass,
            Choice::Continue,
        ] {
            let packed = choice_word(&choice, |_| unreachable!());
            assert_eq!(packed, hashed_choice_word(&choice), "{choice:?}");
        }
    }

    /// A kept set gives [`set`]'s answer whether its items grew, shrank, changed or
    /// stayed the same since it was last asked.
    #[test]
    fn a_kept_set_is_always_the_set() {
        let mut kept = KeptSet::default();
        let key = |x: u64| x * 3;
        let lists: [&[u64]; 9] = [
            &[],
            &[4],
            &[4, 9, 4],
            &[4, 9, 4],
            &[4, 9, 4, 9, 1],
            &[4, 9],
            &[5, 9, 4, 7],
            &[5, 9, 4, 7, 5, 7, 2],
            &[],
        ];
        for list in lists {
            assert_eq!(kept.set(list, key), set(list, key), "{list:?}");
        }
    }
}
