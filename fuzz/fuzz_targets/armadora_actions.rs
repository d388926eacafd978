//! Arbitrary bytes as chance choices and action ids on a fresh Armadöra game.
#![no_main]

use armadora_rules::{Armadora, ArmadoraConfig};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (seed, selector, stream) = fuzz::split(data);
    let players = 2 + usize::from(selector % 3);
    let mut config = ArmadoraConfig::new(players)
        .advanced(selector & 4 != 0)
        .peek_own(selector & 8 != 0);
    if players == 4 && selector & 16 != 0 {
        config = config.free_for_all();
    }
    dice_core::testkit::check_action_stream::<Armadora>(&config, seed, stream);
});
