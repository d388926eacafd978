//! Arbitrary, mostly illegal, action streams: every action is accepted
//! exactly when listed, and a refused one leaves the state unchanged.

use armadora_rules::{Armadora, ArmadoraConfig};
use dice_core::testkit::check_action_stream;
use proptest::prelude::*;

fn config(players: usize, advanced: bool, teams: bool, peek: bool) -> ArmadoraConfig {
    let config = ArmadoraConfig::new(players)
        .advanced(advanced)
        .peek_own(peek);
    if players == 4 && !teams {
        config.free_for_all()
    } else {
        config
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn arbitrary_action_streams_change_nothing_when_refused(
        players in 2usize..=4,
        advanced in any::<bool>(),
        teams in any::<bool>(),
        peek in any::<bool>(),
        seed in any::<u64>(),
        stream in proptest::collection::vec(any::<u8>(), 0..2000),
    ) {
        check_action_stream::<Armadora>(&config(players, advanced, teams, peek), seed, &stream);
    }
}
