//! Small deterministic hashes for fingerprints of game positions. [`Fingerprint`]
//! (64-bit FNV-1a) is fed with text: the check of a saved game. [`PositionHash`],
//! [`multiset`] and [`set`] hash a position word by word for the bots' loop rule,
//! which fingerprints every decision, so they are on the hot path. The same input
//! gives the same number on every run, unlike the randomly keyed std hasher.

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
        sum = sum.wrapping_add(multiset(std::iter::once(x)));
    }
    (sum, count)
}

/// The hash of a position for the bots' loop rule, fed one word at a time (see
/// [`crate::bots::SeatView::fingerprint`]). Each step is a bijection of the state
/// for a given word and of the word for a given state, so two sequences of words of
/// the same length that differ in one word never hash the same; [`mix`] at the end.
/// Also a `Hasher`, for the game's own `Hash` types.
pub struct PositionHash(u64);

impl PositionHash {
    /// An empty hash.
    pub fn new() -> PositionHash {
        PositionHash(0x243f_6a88_85a3_08d3)
    }

    /// Mixes in one word (a cheap step: positions take a hundred words and more).
    pub fn word(&mut self, n: u64) {
        self.0 = (self.0 ^ n)
            .wrapping_mul(0x9fb2_1c65_1e98_df25)
            .rotate_left(23);
    }

    /// The hash of everything mixed in.
    pub fn finish(&self) -> u64 {
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
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.word(u64::from_le_bytes(w));
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
}
