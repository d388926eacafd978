//! The `ChaCha8` stream computed four blocks at a time in WebAssembly's
//! 128-bit SIMD, for builds with `simd128` enabled.
//!
//! [`rand_chacha`] has no WebAssembly SIMD backend: in WebAssembly its
//! blocks run word by word, and took 28% of the time of Pig's random games
//! (natively they use SSE2 or AVX2). This generator gives exactly the same
//! words, positions, streams and equality as `rand_chacha::ChaCha8Rng` (a
//! 64-word buffer of four blocks, a 64-bit block counter in state words
//! 12–13 and the stream in words 14–15), so records and seeds mean the same
//! on every target. The rounds are written once over [`Lanes`]; the tests
//! run them on plain arrays against `rand_chacha` word by word, and the
//! package's tests compare the SIMD build's words and games with Rust's.

use core::marker::PhantomData;

/// Four 32-bit words, one from each of the four blocks computed together.
pub(crate) trait Lanes: Copy {
    fn splat(word: u32) -> Self;
    fn from_words(words: [u32; 4]) -> Self;
    fn add(self, other: Self) -> Self;
    fn xor(self, other: Self) -> Self;
    /// Rotates every word left by `N` bits (`N` is 7, 8, 12 or 16).
    fn rotl<const N: u32>(self) -> Self;
    fn words(self) -> [u32; 4];
}

/// "expand 32-byte k".
const CONSTANTS: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];
const BLOCK_WORDS: usize = 16;
/// Blocks computed together, one per lane.
const BUFFER_BLOCKS: u64 = 4;
const BUFFER_WORDS: usize = 4 * BLOCK_WORDS;
/// Eight rounds: four double rounds.
const DOUBLE_ROUNDS: usize = 4;

/// The generator: key, stream, the counter of the next block to compute,
/// and a buffer of four blocks read from `index` (64 when used up).
#[derive(Clone)]
pub(crate) struct ChaCha8<L> {
    key: [u32; 8],
    stream: u64,
    counter: u64,
    buffer: [u32; BUFFER_WORDS],
    index: usize,
    lanes: PhantomData<L>,
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "`as u32` takes the halves of 64-bit counters and the low bits of positions on purpose"
)]
impl<L: Lanes> ChaCha8<L> {
    pub(crate) fn from_seed(seed: [u8; 32]) -> Self {
        let mut key = [0u32; 8];
        for (word, bytes) in key.iter_mut().zip(seed.chunks_exact(4)) {
            if let [a, b, c, d] = *bytes {
                *word = u32::from_le_bytes([a, b, c, d]);
            }
        }
        Self {
            key,
            stream: 0,
            counter: 0,
            buffer: [0; BUFFER_WORDS],
            index: BUFFER_WORDS,
            lanes: PhantomData,
        }
    }

    pub(crate) fn get_seed(&self) -> [u8; 32] {
        let mut seed = [0u8; 32];
        for (bytes, word) in seed.chunks_exact_mut(4).zip(self.key) {
            bytes.copy_from_slice(&word.to_le_bytes());
        }
        seed
    }

    pub(crate) fn get_stream(&self) -> u64 {
        self.stream
    }

    /// As `rand_chacha`: a partly read buffer is recomputed on the new
    /// stream at the same word position.
    pub(crate) fn set_stream(&mut self, stream: u64) {
        self.stream = stream;
        if self.index < BUFFER_WORDS {
            let word_pos = self.get_word_pos();
            self.set_word_pos(word_pos);
        }
    }

    /// Words drawn from the current stream, modulo 2<sup>68</sup>.
    pub(crate) fn get_word_pos(&self) -> u128 {
        let (block, offset) = if self.index < BUFFER_WORDS {
            (self.counter.wrapping_sub(BUFFER_BLOCKS), self.index)
        } else {
            (self.counter, 0)
        };
        (u128::from(block) << 4).wrapping_add(offset as u128)
    }

    /// Moves to a word position (its low 68 bits).
    pub(crate) fn set_word_pos(&mut self, word_pos: u128) {
        self.counter = (word_pos >> 4) as u64;
        let offset = (word_pos as usize) & (BLOCK_WORDS - 1);
        if offset == 0 {
            self.index = BUFFER_WORDS;
        } else {
            self.refill();
            self.index = offset;
        }
    }

    #[inline]
    pub(crate) fn next_u32(&mut self) -> u32 {
        let word = if let Some(&word) = self.buffer.get(self.index) {
            word
        } else {
            self.refill();
            self.index = 0;
            self.buffer[0]
        };
        self.index = self.index.saturating_add(1);
        word
    }

    /// Two words, the first the low half: `rand_core`'s `BlockRng` rule,
    /// which on a used-up buffer takes both from the next one.
    pub(crate) fn next_u64(&mut self) -> u64 {
        let lo = u64::from(self.next_u32());
        let hi = u64::from(self.next_u32());
        hi << 32 | lo
    }

    /// Whole words, little-endian; a last partial word is used up.
    pub(crate) fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(4) {
            let bytes = self.next_u32().to_le_bytes();
            chunk.copy_from_slice(bytes.get(..chunk.len()).unwrap_or(&[]));
        }
    }

    /// Computes blocks `counter` to `counter + 3` into the buffer, block by block.
    fn refill(&mut self) {
        let block = |i: u64| self.counter.wrapping_add(i);
        let low = |i| block(i) as u32;
        let high = |i| (block(i) >> 32) as u32;
        let [k0, k1, k2, k3, k4, k5, k6, k7] = self.key.map(L::splat);
        let [c0, c1, c2, c3] = CONSTANTS.map(L::splat);
        let start = [
            c0,
            c1,
            c2,
            c3,
            k0,
            k1,
            k2,
            k3,
            k4,
            k5,
            k6,
            k7,
            L::from_words([low(0), low(1), low(2), low(3)]),
            L::from_words([high(0), high(1), high(2), high(3)]),
            L::splat(self.stream as u32),
            L::splat((self.stream >> 32) as u32),
        ];
        let mut x = start;
        for _ in 0..DOUBLE_ROUNDS {
            x = double_round(x);
        }
        // Lane `j` of state word `i` is word `i` of block `j`.
        for (i, (mixed, started)) in x.into_iter().zip(start).enumerate() {
            let blocks = self.buffer.chunks_exact_mut(BLOCK_WORDS);
            for (block, word) in blocks.zip(mixed.add(started).words()) {
                if let Some(slot) = block.get_mut(i) {
                    *slot = word;
                }
            }
        }
        self.counter = self.counter.wrapping_add(BUFFER_BLOCKS);
    }
}

/// Equal when key, stream and word position are, as `rand_chacha`'s.
impl<L: Lanes> PartialEq for ChaCha8<L> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
            && self.stream == other.stream
            && self.get_word_pos() == other.get_word_pos()
    }
}

impl<L: Lanes> Eq for ChaCha8<L> {}

#[inline]
fn quarter_round<L: Lanes>(a: L, b: L, c: L, d: L) -> (L, L, L, L) {
    let a = a.add(b);
    let d = d.xor(a).rotl::<16>();
    let c = c.add(d);
    let b = b.xor(c).rotl::<12>();
    let a = a.add(b);
    let d = d.xor(a).rotl::<8>();
    let c = c.add(d);
    let b = b.xor(c).rotl::<7>();
    (a, b, c, d)
}

#[inline]
fn double_round<L: Lanes>(x: [L; 16]) -> [L; 16] {
    let [
        x0,
        x1,
        x2,
        x3,
        x4,
        x5,
        x6,
        x7,
        x8,
        x9,
        x10,
        x11,
        x12,
        x13,
        x14,
        x15,
    ] = x;
    // Columns.
    let (x0, x4, x8, x12) = quarter_round(x0, x4, x8, x12);
    let (x1, x5, x9, x13) = quarter_round(x1, x5, x9, x13);
    let (x2, x6, x10, x14) = quarter_round(x2, x6, x10, x14);
    let (x3, x7, x11, x15) = quarter_round(x3, x7, x11, x15);
    // Diagonals.
    let (x0, x5, x10, x15) = quarter_round(x0, x5, x10, x15);
    let (x1, x6, x11, x12) = quarter_round(x1, x6, x11, x12);
    let (x2, x7, x8, x13) = quarter_round(x2, x7, x8, x13);
    let (x3, x4, x9, x14) = quarter_round(x3, x4, x9, x14);
    [
        x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15,
    ]
}

/// WebAssembly's `v128` as four `u32` lanes.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[derive(Clone, Copy)]
pub(crate) struct Simd(core::arch::wasm32::v128);

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
impl Lanes for Simd {
    #[inline]
    fn splat(word: u32) -> Self {
        Self(core::arch::wasm32::u32x4_splat(word))
    }

    #[inline]
    fn from_words([a, b, c, d]: [u32; 4]) -> Self {
        Self(core::arch::wasm32::u32x4(a, b, c, d))
    }

    #[inline]
    fn add(self, other: Self) -> Self {
        Self(core::arch::wasm32::u32x4_add(self.0, other.0))
    }

    #[inline]
    fn xor(self, other: Self) -> Self {
        Self(core::arch::wasm32::v128_xor(self.0, other.0))
    }

    #[inline]
    fn rotl<const N: u32>(self) -> Self {
        use core::arch::wasm32::{i8x16_shuffle, u32x4_shl, u32x4_shr, v128_or};
        let x = self.0;
        // Whole-byte rotations are one byte shuffle.
        Self(match N {
            16 => i8x16_shuffle::<2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13>(x, x),
            8 => i8x16_shuffle::<3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14>(x, x),
            _ => v128_or(u32x4_shl(x, N), u32x4_shr(x, 32_u32.wrapping_sub(N))),
        })
    }

    #[inline]
    fn words(self) -> [u32; 4] {
        use core::arch::wasm32::u32x4_extract_lane;
        [
            u32x4_extract_lane::<0>(self.0),
            u32x4_extract_lane::<1>(self.0),
            u32x4_extract_lane::<2>(self.0),
            u32x4_extract_lane::<3>(self.0),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::{ChaCha8, Lanes};
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    /// Plain arrays: the rounds as the SIMD build runs them, on any target.
    #[derive(Clone, Copy)]
    struct Scalar([u32; 4]);

    impl Lanes for Scalar {
        fn splat(word: u32) -> Self {
            Self([word; 4])
        }
        fn from_words(words: [u32; 4]) -> Self {
            Self(words)
        }
        fn add(self, other: Self) -> Self {
            Self(core::array::from_fn(|i| self.0[i].wrapping_add(other.0[i])))
        }
        fn xor(self, other: Self) -> Self {
            Self(core::array::from_fn(|i| self.0[i] ^ other.0[i]))
        }
        fn rotl<const N: u32>(self) -> Self {
            Self(self.0.map(|w| w.rotate_left(N)))
        }
        fn words(self) -> [u32; 4] {
            self.0
        }
    }

    type Ours = ChaCha8<Scalar>;

    fn seed(n: u8) -> [u8; 32] {
        core::array::from_fn(|i| u8::try_from(i).unwrap().wrapping_mul(37).wrapping_add(n))
    }

    #[track_caller]
    fn assert_same(ours: &Ours, theirs: &ChaCha8Rng) {
        assert_eq!(ours.get_seed(), theirs.get_seed());
        assert_eq!(ours.get_stream(), theirs.get_stream());
        assert_eq!(
            ours.get_word_pos(),
            theirs.get_word_pos(),
            "stream {}",
            ours.get_stream()
        );
    }

    #[test]
    fn words_match_rand_chacha_over_many_buffers() {
        for n in 0..4 {
            let mut ours = Ours::from_seed(seed(n));
            let mut theirs = ChaCha8Rng::from_seed(seed(n));
            for _ in 0..1000 {
                assert_eq!(ours.next_u32(), theirs.next_u32());
                assert_same(&ours, &theirs);
            }
        }
    }

    #[test]
    fn streams_positions_and_their_order_match_rand_chacha() {
        let cases: [(u64, u128); 7] = [
            (0, 0),
            (1, 5),
            (1 << 63, 16),
            ((1 << 63) + 12, 63),
            (u64::MAX, 64),
            (7, (1 << 68) - 3),
            (0xdead_beef_0123_4567, (1 << 36) + 17),
        ];
        for (stream, word_pos) in cases {
            for read_before in [0, 1, 15, 16, 64, 70] {
                let mut ours = Ours::from_seed(seed(9));
                let mut theirs = ChaCha8Rng::from_seed(seed(9));
                for _ in 0..read_before {
                    assert_eq!(ours.next_u32(), theirs.next_u32());
                }
                ours.set_stream(stream);
                theirs.set_stream(stream);
                assert_same(&ours, &theirs);
                assert_eq!(ours.next_u32(), theirs.next_u32());
                ours.set_word_pos(word_pos);
                theirs.set_word_pos(word_pos);
                assert_same(&ours, &theirs);
                for _ in 0..80 {
                    assert_eq!(ours.next_u32(), theirs.next_u32());
                    assert_same(&ours, &theirs);
                }
                ours.set_stream(stream ^ 1);
                theirs.set_stream(stream ^ 1);
                assert_same(&ours, &theirs);
                assert_eq!(ours.next_u32(), theirs.next_u32());
            }
        }
    }

    #[test]
    fn u64s_and_bytes_match_rand_chacha_across_buffer_ends() {
        for skip in [0, 1, 2, 61, 62, 63, 64, 65] {
            let mut ours = Ours::from_seed(seed(3));
            let mut theirs = ChaCha8Rng::from_seed(seed(3));
            for _ in 0..skip {
                assert_eq!(ours.next_u32(), theirs.next_u32());
            }
            for _ in 0..70 {
                assert_eq!(ours.next_u64(), theirs.next_u64());
                assert_same(&ours, &theirs);
            }
            for len in [0, 1, 3, 4, 5, 63, 256, 257] {
                let mut a = [0u8; 257];
                let mut b = [0u8; 257];
                ours.fill_bytes(&mut a[..len]);
                theirs.fill_bytes(&mut b[..len]);
                assert_eq!(a, b);
                assert_same(&ours, &theirs);
            }
        }
    }

    #[test]
    fn equality_is_key_stream_and_position_as_in_rand_chacha() {
        let mut a = Ours::from_seed(seed(1));
        let mut b = Ours::from_seed(seed(1));
        assert!(a == b);
        a.next_u32();
        assert!(a != b);
        b.set_word_pos(1);
        assert!(a == b);
        // Sixteen words in: one buffer read from, one at the block's start.
        for _ in 0..15 {
            a.next_u32();
        }
        b.set_word_pos(16);
        assert!(a == b);
        b.set_stream(1);
        assert!(a != b);
        assert!(Ours::from_seed(seed(1)) != Ours::from_seed(seed(2)));
    }
}
