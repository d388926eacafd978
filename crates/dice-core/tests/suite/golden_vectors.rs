//! The reproducibility promise: these numbers never change without a
//! breaking release.

use std::num::{NonZeroU32, NonZeroU128};

use dice_core::DiceRng;

fn n(x: u32) -> NonZeroU32 {
    NonZeroU32::new(x).unwrap()
}

/// The first `count` values `draw` takes from the generator of `seed`, and
/// the generator after them (for its word position).
fn draws<T>(seed: u64, count: usize, mut draw: impl FnMut(&mut DiceRng) -> T) -> (Vec<T>, DiceRng) {
    let mut rng = DiceRng::from_seed_u64(seed);
    let values = (0..count).map(|_| draw(&mut rng)).collect();
    (values, rng)
}

#[test]
fn chacha8_with_a_zero_key_is_the_reference_keystream() {
    let mut rng = DiceRng::from_seed_bytes([0; 32]);
    let words: Vec<u32> = (0..4).map(|_| rng.next_word()).collect();
    assert_eq!(words, [0x2fef_003e, 0xd640_5f89, 0xe8b8_5b7f, 0xa1a5_091f]);
}

#[test]
fn seed_0_and_42_first_words() {
    let golden = [
        (
            0,
            [
                0x2d8e_e5e8,
                0xbf94_d133,
                0xa6da_5a01,
                0x3a73_8775,
                0xc143_ee06,
                0x3d46_ff10,
                0xe9f6_424f,
                0x17c6_ab23,
            ],
        ),
        (
            42,
            [
                0x87c9_1afc,
                0x3115_9ef9,
                0xb416_9001,
                0x1755_9844,
                0x9ad9_a69f,
                0xf7d0_afbf,
                0xfd37_495a,
                0xb920_7ad5,
            ],
        ),
    ];
    for (seed, words) in golden {
        assert_eq!(draws(seed, 8, DiceRng::next_word).0, words, "seed {seed}");
    }
}

#[test]
fn seed_expansion_is_splitmix64() {
    let key = DiceRng::from_seed_u64(42).seed_bytes();
    assert_eq!(
        serde_json::to_value(DiceRng::from_seed_u64(42)).unwrap(),
        serde_json::json!({
            "seed": "956eeb2f2632d7bd03f166b233e3ef28529f0f135767524794e34a0effe11c58",
            "stream": 0,
            "word_pos": 0
        })
    );
    assert_eq!(key[..4], [0x95, 0x6e, 0xeb, 0x2f]);
}

#[test]
fn d6_rolls_for_seeds_0_and_42() {
    let d6 = |rng: &mut DiceRng| rng.below(n(6));
    assert_eq!(
        draws(0, 20, d6).0,
        [0, 5, 1, 5, 0, 0, 3, 1, 1, 1, 0, 5, 3, 5, 1, 2, 4, 3, 0, 5]
    );
    assert_eq!(
        draws(42, 20, d6).0,
        [2, 3, 5, 4, 3, 5, 0, 3, 5, 3, 1, 5, 4, 4, 3, 3, 5, 4, 3, 2]
    );
}

#[test]
fn pick_is_the_high_word_of_a_product_for_seed_0() {
    let (picks, mut rng) = draws(0, 8, |rng| rng.pick(6).unwrap());
    assert_eq!(picks, [1, 4, 3, 1, 4, 1, 5, 0]);
    // A list of one or none draws no word.
    assert_eq!((rng.pick(1), rng.pick(0)), (Some(0), None));
    assert_eq!(rng.word_pos(), 8);
}

#[test]
fn pick_rejects_low_words_in_the_biased_zone() {
    // n = 3e9: a product whose low word is below 2^32 mod n is redrawn, so
    // six picks take the first eight words (the 2nd and 7th are rejected).
    let (picks, rng) = draws(0, 6, |rng| rng.pick(3_000_000_000).unwrap());
    let golden = [
        533_885_104,
        1_955_307_841,
        684_976_003,
        2_264_828_328,
        718_093_704,
        278_625_572,
    ];
    assert_eq!((picks, rng.word_pos()), (golden.to_vec(), 8));
}

#[test]
fn below_rejects_words_outside_the_zone() {
    // With n = 3e9 only words below 3e9 are accepted: 8 draws take 11 words.
    let (below, rng) = draws(0, 8, |rng| rng.below(n(3_000_000_000)));
    let golden = [
        764_339_688,
        2_799_327_745,
        980_649_845,
        1_028_062_992,
        398_895_907,
        800_491_915,
        1_558_333_339,
        2_260_727_394,
    ];
    assert_eq!((below, rng.word_pos()), (golden.to_vec(), 11));
}

#[test]
fn below_u128_golden() {
    let bound = NonZeroU128::new(6u128.pow(40)).unwrap();
    assert_eq!(
        draws(42, 3, |rng| rng.below_u128(bound)).0,
        [
            8_565_239_616_077_964_234_592_099_866_692,
            8_838_429_687_554_123_197_708_668_795_605,
            5_089_068_886_959_543_192_708_839_488_571
        ]
    );
    // Small bounds use exactly `below`.
    let mut a = DiceRng::from_seed_u64(7);
    let mut b = a.clone();
    assert_eq!(
        a.below_u128(NonZeroU128::new(6).unwrap()),
        u128::from(b.below(n(6)))
    );
}

#[test]
fn shuffle_golden() {
    let mut rng = DiceRng::from_seed_u64(0);
    let mut items = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut items);
    assert_eq!(items, [5, 4, 7, 3, 2, 6, 0, 1, 9, 8]);
    let mut rng = DiceRng::from_seed_u64(42);
    let mut items = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut items);
    assert_eq!(items, [5, 9, 0, 2, 8, 3, 7, 1, 6, 4]);
}

#[test]
fn streams_are_independent_and_positions_restorable() {
    let mut a = DiceRng::from_seed_u64(42);
    let mut b = DiceRng::from_seed_u64(42);
    b.set_stream(1);
    assert_ne!(a.next_word(), b.next_word());
    let mut c = DiceRng::from_seed_u64(42);
    c.set_word_pos(1);
    assert_eq!(c.next_word(), 0x3115_9ef9);
}

#[test]
fn generator_survives_a_json_round_trip_mid_stream() {
    let mut rng = DiceRng::from_seed_u64(42);
    rng.set_stream(9);
    for _ in 0..5 {
        rng.next_word();
    }
    let json = serde_json::to_string(&rng).unwrap();
    let mut back: DiceRng = serde_json::from_str(&json).unwrap();
    assert_eq!(back, rng);
    assert_eq!(back.next_word(), rng.next_word());
    for bad in [
        r#"{"seed":"zz","stream":0,"word_pos":0}"#,
        r#"{"seed":"956eeb2f2632d7bd03f166b233e3ef28529f0f135767524794e34a0effe11c5g","stream":0,"word_pos":0}"#,
        r#"{"seed":"956eeb2f2632d7bd03f166b233e3ef28529f0f135767524794e34a0effe11c58","stream":0,"word_pos":0,"x":1}"#,
    ] {
        assert!(serde_json::from_str::<DiceRng>(bad).is_err(), "{bad}");
    }
}
