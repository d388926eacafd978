//! Arbitrary text decoded as Era records, states, configs, views and
//! rulesets.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        fuzz::decode_all::<era_rules::Era>(text);
        let _ = serde_json::from_str::<era_rules::Ruleset>(text);
    }
});
