//! Arbitrary, mostly illegal, action streams: every action is accepted
//! exactly when listed, and a refused one leaves the state unchanged.

use dice_core::testkit::check_action_stream;
use era_rules::{Era, EraConfig};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]
    #[test]
    fn arbitrary_action_streams_change_nothing_when_refused(
        players in 2usize..=4,
        seed in any::<u64>(),
        stream in proptest::collection::vec(any::<u8>(), 0..4000),
    ) {
        check_action_stream::<Era>(&EraConfig::new(players), seed, &stream);
    }
}
