//! Arbitrary bytes as chance choices and action ids on a fresh Era game.
#![no_main]

use era_rules::{Era, EraConfig};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (seed, selector, stream) = fuzz::split(data);
    let config = EraConfig::new(2 + usize::from(selector % 3));
    dice_core::testkit::check_action_stream::<Era>(&config, seed, stream);
});
