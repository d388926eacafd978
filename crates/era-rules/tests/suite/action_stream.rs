//! Arbitrary, mostly illegal, action streams: every action is accepted
//! exactly when listed, and a refused one leaves the state unchanged.

use dice_core::testkit::check_action_streams;
use era_rules::{Era, EraConfig};

#[test]
fn arbitrary_action_streams_change_nothing_when_refused() {
    let tables: Vec<_> = (2..=4).map(EraConfig::new).collect();
    assert!(check_action_streams::<Era>(&tables, 0..34, 4000) > 0);
}
