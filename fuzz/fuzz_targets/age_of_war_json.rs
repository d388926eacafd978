//! Arbitrary text decoded as Age of War records, states, configs and views,
//! and as each part a record or state holds.
#![no_main]

use age_of_war_rules::dice::Roll;
use age_of_war_rules::line::LineSet;
use age_of_war_rules::table::Table;
use age_of_war_rules::{Action, AgeOfWar, Chance};
use fuzz::decode_and_show;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        fuzz::decode_all::<AgeOfWar>(text);
        decode_and_show::<AgeOfWar>(text);
        decode_and_show::<Action>(text);
        decode_and_show::<Chance>(text);
        decode_and_show::<Table>(text);
        decode_and_show::<Roll>(text);
        decode_and_show::<LineSet>(text);
    }
});
