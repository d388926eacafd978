//! Moves sent by a seat (ERA-12: what stays behind a screen): refusals that
//! leak nothing of hidden layouts and dice, and legal actions worked out
//! from the seat's own view.

use dice_core::testkit::check_refusals;
use era_rules::{Era, EraConfig};

#[test]
fn era_12_a_seat_is_told_the_same_for_every_action_in_twins_it_cannot_tell_apart() {
    for players in [2, 3, 4] {
        let summary = check_refusals::<Era>(&EraConfig::new(players), 0..3, 150, 11);
        assert!(
            summary.answers > 10_000 && summary.hidden_differences > 5,
            "{summary:?}"
        );
    }
}
