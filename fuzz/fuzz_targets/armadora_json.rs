//! Arbitrary text decoded as Armadöra records, states, configs and views,
//! and as each part a record, state or view holds.
#![no_main]

use armadora_rules::board::Palisades;
use armadora_rules::{Action, Armadora, ArmadoraView, Chance, Line, Square, Warrior};
use fuzz::decode_and_show;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        fuzz::decode_all::<Armadora>(text);
        decode_and_show::<ArmadoraView>(text);
        decode_and_show::<Action>(text);
        decode_and_show::<Chance>(text);
        decode_and_show::<Square>(text);
        decode_and_show::<Line>(text);
        let _ = serde_json::from_str::<Palisades>(text);
        let _ = serde_json::from_str::<Warrior>(text);
    }
});
