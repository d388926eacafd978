//! Arbitrary bytes as chance choices and action ids on a fresh Age of War game.
#![no_main]

use age_of_war_rules::{AgeOfWar, AgeOfWarConfig};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (seed, selector, stream) = fuzz::split(data);
    let config = AgeOfWarConfig::new(2 + usize::from(selector % 5));
    dice_core::testkit::check_action_stream::<AgeOfWar>(&config, seed, stream);
});
