//! Arbitrary, mostly illegal, action streams: every action is accepted
//! exactly when listed, and a refused one leaves the state unchanged.

use age_of_war_rules::{AgeOfWar, AgeOfWarConfig};
use dice_core::testkit::check_action_stream;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn arbitrary_action_streams_change_nothing_when_refused(
        players in 2usize..=6,
        seed in any::<u64>(),
        stream in proptest::collection::vec(any::<u8>(), 0..4000),
    ) {
        check_action_stream::<AgeOfWar>(&AgeOfWarConfig::new(players), seed, &stream);
    }
}
