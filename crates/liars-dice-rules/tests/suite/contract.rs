//! Every check of the test kit, and the declaration against the rules.

use dice_core::testkit::check_game;
use liars_dice_rules::{LiarsDice, LiarsDiceConfig};

#[test]
fn ld_10_every_check_of_the_kit_passes_with_one_to_three_dice() {
    let configs: Vec<_> = (1..=3).map(LiarsDiceConfig::with_dice).collect();
    let summary = check_game::<LiarsDice>(&configs);
    assert_eq!(summary.games, 72);
    assert!(summary.hidden_differences > 0, "{summary:?}");
    // The showdown shows every die: the twins part there, once a game.
    assert!(summary.reveals > 0, "{summary:?}");
    assert!(summary.history_entries > 4 * summary.reveals, "{summary:?}");
}
