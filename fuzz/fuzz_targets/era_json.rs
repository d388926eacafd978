//! Arbitrary text decoded as Era records, states, configs, views and
//! rulesets, and as each part a record, state or view holds.
#![no_main]

use era_rules::dice::DiceCounts;
use era_rules::{
    Action, Chance, Domain, Era, EraView, Piece, Player, Ruleset, SeenAction, SeenChance, Step,
};
use fuzz::decode_and_show;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        fuzz::decode_all::<Era>(text);
        if let Ok(ruleset) = serde_json::from_str::<Ruleset>(text) {
            // A ruleset that loads must start a game at every table size.
            for players in 2..=era_rules::MAX_PLAYERS {
                let config = era_rules::EraConfig::with_ruleset(players, ruleset.clone());
                if let Ok(state) = <Era as dice_core::Game>::new(&config) {
                    fuzz::exercise(&state);
                }
            }
        }
        // Actions and outcomes have no `Display` (they may hold a secret):
        // their narrations do.
        let _ = serde_json::from_str::<Action>(text);
        let _ = serde_json::from_str::<Chance>(text);
        decode_and_show::<SeenAction>(text);
        decode_and_show::<SeenChance>(text);
        decode_and_show::<EraView>(text);
        decode_and_show::<Domain>(text);
        decode_and_show::<DiceCounts>(text);
        decode_and_show::<Piece>(text);
        decode_and_show::<Player>(text);
        decode_and_show::<Step>(text);
    }
});
