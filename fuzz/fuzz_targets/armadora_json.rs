//! Arbitrary text decoded as Armadöra records, states, configs and views.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        fuzz::decode_all::<armadora_rules::Armadora>(text);
    }
});
