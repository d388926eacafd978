//! Moves sent by a seat (ARM-7: a player acts on their turn; ARM-14: what stays hidden): refusals that leak
//! nothing of face-down warriors, and legal actions worked out from the
//! seat's own view.

use armadora_rules::{Armadora, ArmadoraConfig};
use dice_core::testkit::check_refusals;

#[test]
fn arm_14_a_seat_is_told_the_same_for_every_action_in_twins_it_cannot_tell_apart() {
    for config in [
        ArmadoraConfig::new(2),
        ArmadoraConfig::new(3).advanced(true),
        ArmadoraConfig::new(4).advanced(true),
        ArmadoraConfig::new(4).peek_own(false),
    ] {
        let summary = check_refusals::<Armadora>(&config, 0..4, 80, 9);
        assert!(
            summary.answers > 10_000 && summary.hidden_differences > 10,
            "{summary:?}"
        );
    }
}
