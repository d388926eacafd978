//! The project's seeded generator.

use core::fmt;
use core::num::NonZeroU32;

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
use rand_core::{Rng, SeedableRng};

/// The `ChaCha8` stream: [`rand_chacha`]'s, or in a WebAssembly build with
/// `simd128` the same words from this crate's own SIMD rounds.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
type ChaCha8 = rand_chacha::ChaCha8Rng;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
type ChaCha8 = crate::chacha::ChaCha8<crate::chacha::Simd>;

/// The seeded generator every match, bot and simulation in this workspace uses.
///
/// It is the `ChaCha8` stream of [`rand_chacha`], a portable, named algorithm,
/// wrapped so that everything built on it (the `u64` seed expansion, uniform
/// sampling, shuffling) is this crate's own code and cannot change under a
/// dependency upgrade. The same seed gives the same words, the same dice and
/// the same games on every platform; the golden vectors in this crate's tests
/// pin that, and a change to them is a breaking change named in the CHANGELOG.
///
/// The generator is never part of a game state: a [`Match`](crate::Match)
/// holds one beside the state.
///
/// ```
/// use dice_core::DiceRng;
///
/// let mut a = DiceRng::from_seed_u64(42);
/// let mut b = a.clone();
/// assert_eq!(a.next_word(), b.next_word());
/// let face = a.below(core::num::NonZeroU32::new(6).unwrap());
/// assert!(face < 6);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct DiceRng {
    inner: ChaCha8,
}

impl DiceRng {
    /// A generator keyed by 32 bytes, at the start of stream 0.
    pub fn from_seed_bytes(seed: [u8; 32]) -> Self {
        Self {
            inner: ChaCha8::from_seed(seed),
        }
    }

    /// A generator keyed by a `u64`.
    ///
    /// The 32-byte key is the first four outputs of `SplitMix64` started at
    /// `seed`, each written little-endian. This expansion is part of the
    /// reproducibility promise.
    pub fn from_seed_u64(seed: u64) -> Self {
        let mut state = seed;
        let mut key = [0u8; 32];
        for chunk in key.chunks_exact_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        Self::from_seed_bytes(key)
    }

    /// A generator keyed by 32 bytes from the operating system's secure
    /// generator (feature `os-rng`): a match whose dice nobody can predict.
    ///
    /// A `u64` seed is for games that must be reproducible, not for
    /// secrecy: from a few public rolls (Era's start-player roll, say) a
    /// spectator tests about 1.4 million seeds per second on one core, so
    /// any seed below 2<sup>32</sup> falls within an hour, and with it
    /// every hidden and future roll. A key from here has 256 bits. The
    /// match's private record still holds it (as the generator), so replay
    /// and resume stay exact.
    ///
    /// ```
    /// let a = dice_core::DiceRng::from_os().unwrap();
    /// let b = dice_core::DiceRng::from_os().unwrap();
    /// assert_ne!(a.seed_bytes(), b.seed_bytes());
    /// ```
    ///
    /// # Errors
    /// When the operating system gives no random bytes.
    #[cfg(feature = "os-rng")]
    pub fn from_os() -> Result<Self, OsRngError> {
        let mut key = [0u8; 32];
        getrandom::fill(&mut key).map_err(|_| OsRngError)?;
        Ok(Self::from_seed_bytes(key))
    }

    /// The generator an agent uses for the decision at entry `step` of a
    /// match whose chance is drawn from `self`: the same key on stream
    /// 2<sup>63</sup> + `step`, whatever the position of `self`.
    ///
    /// Derived, not carried: a match replayed from its record gives its
    /// bots exactly the generators they would have had, so a resumed match
    /// plays on as the uninterrupted one ([`Match::decision_rng`](crate::Match::decision_rng)).
    /// Streams from 2<sup>63</sup> up are the agents'; keep chance on lower
    /// ones. It reveals nothing of the dice: `ChaCha` streams of one key are
    /// independent.
    ///
    /// ```
    /// use dice_core::DiceRng;
    ///
    /// let mut chance = DiceRng::from_seed_u64(7);
    /// let before = chance.decision_rng(3);
    /// chance.next_word();
    /// assert_eq!(chance.decision_rng(3), before);
    /// assert_ne!(chance.decision_rng(4), before);
    /// ```
    #[must_use]
    pub fn decision_rng(&self, step: u64) -> DiceRng {
        let mut rng = Self::from_seed_bytes(self.seed_bytes());
        rng.set_stream(AGENT_STREAMS | (step & !AGENT_STREAMS));
        rng
    }

    /// The 32-byte key this generator was seeded with.
    pub fn seed_bytes(&self) -> [u8; 32] {
        self.inner.get_seed()
    }

    /// The `ChaCha` stream number (0 unless changed with [`set_stream`](Self::set_stream)).
    pub fn stream(&self) -> u64 {
        self.inner.get_stream()
    }

    /// Selects one of 2<sup>64</sup> independent streams for the same key,
    /// keeping the word position. Useful to give each of many parallel games
    /// its own stream.
    pub fn set_stream(&mut self, stream: u64) {
        self.inner.set_stream(stream);
    }

    /// How many 32-bit words have been drawn from the current stream.
    pub fn word_pos(&self) -> u128 {
        self.inner.get_word_pos()
    }

    /// Moves to a word position of the current stream (positions are 68-bit;
    /// higher bits are ignored).
    pub fn set_word_pos(&mut self, word_pos: u128) {
        self.inner.set_word_pos(word_pos & WORD_POS_MASK);
    }

    /// The next raw 32-bit word of the stream.
    #[inline]
    pub fn next_word(&mut self) -> u32 {
        self.inner.next_u32()
    }

    /// A uniform integer in `0..n`, by rejection on raw 32-bit words.
    ///
    /// A word `w` is accepted when it falls below the largest multiple of `n`
    /// that fits in 32 bits, and the result is `w % n`; otherwise the next
    /// word is drawn. This rule is pinned by golden vectors and never depends
    /// on a dependency's sampler.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "`n >= 1`, and `(2^32 / n) * n <= 2^32` fits in 64 bits"
    )]
    #[inline]
    pub fn below(&mut self, n: NonZeroU32) -> u32 {
        let wide = u64::from(n.get());
        let zone = (1u64 << 32) / wide * wide;
        loop {
            let w = self.next_word();
            if u64::from(w) < zone {
                return w % n;
            }
        }
    }

    /// A uniform integer in `0..n` for any 128-bit bound.
    ///
    /// Below 2<sup>32</sup> it is exactly [`below`](Self::below). Above, four
    /// words make one 128-bit number (first word most significant), accepted
    /// below the largest multiple of `n` that fits in 128 bits.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "here `2^32 <= n`, so `u128::MAX - n + 1` neither wraps nor overflows; \
                  `rejected < n`; the shift drops the high bits by design"
    )]
    pub fn below_u128(&mut self, n: core::num::NonZeroU128) -> u128 {
        if let Some(small) = u32::try_from(n.get()).ok().and_then(NonZeroU32::new) {
            return u128::from(self.below(small));
        }
        let n = n.get();
        // 2^128 mod n, computed without 129-bit arithmetic.
        let rejected = (u128::MAX - n + 1) % n;
        loop {
            let mut x = 0u128;
            for _ in 0..4 {
                x = x << 32 | u128::from(self.next_word());
            }
            if x <= u128::MAX - rejected {
                return x % n;
            }
        }
    }

    /// A uniform index into a collection of `len` items, or `None` when it
    /// is empty (or larger than `u32::MAX` items).
    pub fn index(&mut self, len: usize) -> Option<usize> {
        let n = NonZeroU32::new(u32::try_from(len).ok()?)?;
        usize::try_from(self.below(n)).ok()
    }

    /// A uniform index into `len` items by multiply-and-shift: the high
    /// word of `word * len`, redrawn only in the rare rejected zone; no word
    /// is drawn when `len` is 0 or 1. `None` when `len` is 0 (or above
    /// `u32::MAX`).
    ///
    /// Cheaper than [`index`](Self::index), which divides, and a different
    /// rule for the same words: search rollouts and
    /// [`Game::random_legal_action`](crate::Game::random_legal_action) use
    /// this one, pinned by golden vectors like the other samplers.
    #[expect(
        clippy::arithmetic_side_effects,
        clippy::cast_possible_truncation,
        reason = "a u32 times a u32 fits u64; `as u32` keeps the low word on purpose; `n > 1` for the remainder"
    )]
    #[inline]
    pub fn pick(&mut self, len: usize) -> Option<usize> {
        let n = u32::try_from(len).ok()?;
        if n <= 1 {
            return (n == 1).then_some(0);
        }
        let mut product = u64::from(self.next_word()) * u64::from(n);
        if (product as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (product as u32) < threshold {
                product = u64::from(self.next_word()) * u64::from(n);
            }
        }
        usize::try_from(product >> 32).ok()
    }

    /// A uniformly chosen element of `items`, or `None` when it is empty.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        let i = self.index(items.len())?;
        items.get(i)
    }

    /// Shuffles `items` in place with the Fisher–Yates algorithm on
    /// [`index`](Self::index), from the last position down.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            // `i < items.len()`, so the sum never saturates.
            if let Some(j) = self.index(i.saturating_add(1)) {
                items.swap(i, j);
            }
        }
    }
}

const WORD_POS_MASK: u128 = (1u128 << 68) - 1;

/// The first stream of the agents' decision generators.
const AGENT_STREAMS: u64 = 1 << 63;

/// The operating system gave no random bytes ([`DiceRng::from_os`]).
#[cfg(feature = "os-rng")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the operating system's random generator failed")]
pub struct OsRngError;

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Shows nothing of the key or the position: they predict every future
/// roll, and `Debug` output ends up in logs.
///
/// ```
/// let rng = dice_core::DiceRng::from_seed_u64(42);
/// assert_eq!(format!("{rng:?}"), "DiceRng(<hidden>)");
/// ```
impl fmt::Debug for DiceRng {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("DiceRng").field(&Hidden).finish()
    }
}

/// A secret's place in `Debug` output.
pub(crate) struct Hidden;

impl fmt::Debug for Hidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<hidden>")
    }
}

#[cfg(feature = "serde")]
struct Hex<'a>(&'a [u8]);

#[cfg(feature = "serde")]
impl fmt::Debug for Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// Interoperability: `DiceRng` drives code written against `rand_core`
/// (infallibly). This is the only place `rand_core` shows in this crate's
/// API; the crate's own samplers never go through it.
impl rand_core::TryRng for DiceRng {
    type Error = core::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.inner.next_u32())
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.inner.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        self.inner.fill_bytes(dst);
        Ok(())
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{DiceRng, Hex, WORD_POS_MASK};
    use alloc::format;
    use alloc::string::String;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// The generator's position: its key, stream and word position.
    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawRng {
        /// 64 lowercase hex digits.
        seed: String,
        stream: u64,
        word_pos: u128,
    }

    impl Serialize for DiceRng {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            RawRng {
                seed: format!("{:?}", Hex(&self.seed_bytes())),
                stream: self.stream(),
                word_pos: self.word_pos(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for DiceRng {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let raw = RawRng::deserialize(deserializer)?;
            let bytes = raw.seed.as_bytes();
            if bytes.len() != 64 {
                return Err(D::Error::custom("seed must be 64 hex digits"));
            }
            let mut seed = [0u8; 32];
            for (out, pair) in seed.iter_mut().zip(bytes.chunks_exact(2)) {
                let [hi, lo] = *pair else {
                    return Err(D::Error::custom("seed is not hex"));
                };
                match (hex_digit(hi), hex_digit(lo)) {
                    (Some(hi), Some(lo)) => *out = hi << 4 | lo,
                    _ => return Err(D::Error::custom("seed is not hex")),
                }
            }
            if raw.word_pos > WORD_POS_MASK {
                return Err(D::Error::custom("word_pos exceeds 68 bits"));
            }
            let mut rng = DiceRng::from_seed_bytes(seed);
            rng.set_stream(raw.stream);
            rng.set_word_pos(raw.word_pos);
            Ok(rng)
        }
    }

    #[expect(
        clippy::arithmetic_side_effects,
        reason = "each subtraction is within the range its arm matched"
    )]
    fn hex_digit(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
}
