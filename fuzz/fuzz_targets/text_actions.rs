//! Arbitrary text read as an action of every game, at positions a few
//! random steps into a game: what reads as an action is written back as
//! text that reads as the same action.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz::text_actions(data);
});
