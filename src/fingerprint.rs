//! A small deterministic hash (64-bit FNV-1a) fed with text or with the game's own
//! `Hash` types, for fingerprints of game positions: the bots' loop rule and the check
//! in a saved game. The same input gives the same number on every run, unlike the
//! randomly keyed std hasher.

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

    /// Mixes in one number.
    fn word(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x0100_0000_01b3).rotate_left(29);
    }
}

impl Default for Fingerprint {
    fn default() -> Self {
        Fingerprint::new()
    }
}

/// Fed with the game's own types (`Hash`), without formatting them as text: the
/// bots' loop rule fingerprints every position, so this is on the hot path.
impl std::hash::Hasher for Fingerprint {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }

    // Numbers are mixed in whole, one step each, rather than byte by byte.
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

impl std::fmt::Write for Fingerprint {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for b in s.bytes() {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        Ok(())
    }
}

/// How many values [`hash_sorted`] sorts on the stack before it needs the heap.
const ON_STACK: usize = 64;

/// Hashes these values sorted (and with repeats dropped when `dedup`) exactly as a
/// `Vec` of them, so sorted, would hash, without building the `Vec` when there are
/// few: fingerprints sort hands, piles and options for every bot decision.
pub fn hash_sorted<T, H>(items: impl ExactSizeIterator<Item = T>, dedup: bool, state: &mut H)
where
    T: Ord + Copy + std::hash::Hash,
    H: std::hash::Hasher,
{
    let n = items.len();
    let mut items = items;
    let Some(first) = items.next() else {
        std::hash::Hash::hash(&[] as &[T], state);
        return;
    };
    if n > ON_STACK {
        let mut all: Vec<T> = std::iter::once(first).chain(items).collect();
        hash_sorted_slice(&mut all, dedup, state);
        return;
    }
    let mut buf = [first; ON_STACK];
    for (slot, x) in buf[1..n].iter_mut().zip(items) {
        *slot = x;
    }
    hash_sorted_slice(&mut buf[..n], dedup, state);
}

/// [`hash_sorted`] for values already gathered: sorts them in place.
fn hash_sorted_slice<T, H>(values: &mut [T], dedup: bool, state: &mut H)
where
    T: Ord + Copy + std::hash::Hash,
    H: std::hash::Hasher,
{
    values.sort_unstable();
    let mut kept = values.len();
    if dedup {
        kept = 0;
        for i in 0..values.len() {
            if kept == 0 || values[i] != values[kept - 1] {
                values[kept] = values[i];
                kept += 1;
            }
        }
    }
    std::hash::Hash::hash(&values[..kept], state);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::Hash;

    /// `hash_sorted` gives what hashing the sorted (deduplicated) `Vec` gives, on the
    /// stack and past it: the bots' saved memories stay valid.
    #[test]
    fn hash_sorted_is_the_sorted_vec_hash() {
        for n in [0usize, 1, 2, 7, 64, 65, 200] {
            let values: Vec<(u8, u16)> = (0..n)
                .map(|i| ((i * 7 % 3) as u8, (i * 13 % 5) as u16))
                .collect();
            for dedup in [false, true] {
                let mut sorted = values.clone();
                sorted.sort_unstable();
                if dedup {
                    sorted.dedup();
                }
                let mut want = Fingerprint::new();
                sorted.hash(&mut want);
                let mut got = Fingerprint::new();
                hash_sorted(values.iter().copied(), dedup, &mut got);
                assert_eq!(got.finish(), want.finish(), "{n} values, dedup {dedup}");
            }
        }
    }
}
