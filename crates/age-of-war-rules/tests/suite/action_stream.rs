//! Arbitrary, mostly illegal, action streams: every action is accepted
//! exactly when listed, and a refused one leaves the state unchanged.

use age_of_war_rules::{AgeOfWar, AgeOfWarConfig};
use dice_core::testkit::check_action_streams;

#[test]
fn arbitrary_action_streams_change_nothing_when_refused() {
    let tables: Vec<_> = (2..=6).map(AgeOfWarConfig::new).collect();
    assert!(check_action_streams::<AgeOfWar>(&tables, 0..40, 4000) > 0);
}
