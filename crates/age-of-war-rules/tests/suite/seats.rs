//! Moves sent by a seat (AOW-5, AOW-8: the player whose turn it is decides): refusals that
//! leak nothing, and legal actions worked out from the seat's own view.

use age_of_war_rules::{AgeOfWar, AgeOfWarConfig};
use dice_core::testkit::check_refusals;

#[test]
fn aow_8_a_seat_is_told_the_same_for_every_action_in_twins_it_cannot_tell_apart() {
    for players in [2, 4, 6] {
        let summary = check_refusals::<AgeOfWar>(&AgeOfWarConfig::new(players), 0..4, 400, 23);
        assert!(summary.answers > 1_000, "{summary:?}");
        assert!(summary.view_lists > 50, "{summary:?}");
    }
}
