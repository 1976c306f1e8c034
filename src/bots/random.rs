//! The random bot: any legal option, uniformly.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A uniform pick among `count` options (0 when there are none).
pub(super) fn choose(rng: &mut ChaCha8Rng, count: usize) -> usize {
    if count == 0 {
        0
    } else {
        rng.gen_range(0..count)
    }
}
