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
