//! Arbitrary, mostly illegal, action streams: every action is accepted
//! exactly when listed, and a refused one leaves the state unchanged.

use armadora_rules::{Armadora, ArmadoraConfig};
use dice_core::testkit::check_action_streams;

/// Every table: two to four players, basic or advanced, with or without a
/// peek at one's own warriors, and four players in teams or each alone.
fn tables() -> Vec<ArmadoraConfig> {
    let mut tables = Vec::new();
    for players in 2..=4 {
        for (advanced, peek) in [(false, false), (false, true), (true, false), (true, true)] {
            let config = ArmadoraConfig::new(players)
                .advanced(advanced)
                .peek_own(peek);
            if players == 4 {
                tables.push(config.free_for_all());
            }
            tables.push(config);
        }
    }
    tables
}

#[test]
fn arbitrary_action_streams_change_nothing_when_refused() {
    assert!(check_action_streams::<Armadora>(&tables(), 0..12, 2000) > 0);
}
