//! Every check of the test kit, and the declaration against the rules.

use dice_core::testkit::check_game;
use reroll_rules::RerollConfig;

#[test]
fn rr_1_every_check_of_the_kit_passes_from_one_to_four_seats() {
    let configs: Vec<_> = (1..=4)
        .map(|players| RerollConfig { players, rounds: 3 })
        .collect();
    let summary = check_game::<reroll_rules::Reroll>(&configs);
    assert!(
        summary.decisions > 0 && summary.history_entries > 0,
        "{summary:?}"
    );
}
