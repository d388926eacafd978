//! What the fuzz targets share: reading a seed and a config choice off the
//! front of the input, and exercising a decoded value.

use dice_core::{DiceRng, Game, Record, Viewer, replay};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The seed (8 bytes, little-endian) and config selector (1 byte) at the
/// front of `data`, and the rest.
pub fn split(data: &[u8]) -> (u64, u8, &[u8]) {
    let mut seed = [0u8; 8];
    for (s, d) in seed.iter_mut().zip(data) {
        *s = *d;
    }
    let selector = data.get(8).copied().unwrap_or(0);
    (
        u64::from_le_bytes(seed),
        selector,
        data.get(9..).unwrap_or(&[]),
    )
}

/// Calls every read-only method of a state that deserialised, and plays a
/// few listed actions from it: none may panic, and listed ones must apply.
pub fn exercise<G: Game>(state: &G) {
    let mut rng = DiceRng::from_seed_u64(0);
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    state.legal_actions(&mut legal);
    state.chance_outcomes(&mut outcomes);
    let _ = state.result();
    for viewer in (0..state.players())
        .map(Viewer::Seat)
        .chain(core::iter::once(Viewer::Spectator))
    {
        let view = state.view(viewer);
        let _ = G::determinize(&view, &mut rng);
        let _ = state.resample_hidden(viewer, &mut rng);
    }
    for action in &legal {
        assert!(state.after(*action).is_ok(), "a listed action was refused");
    }
    let _ = state.sample_chance(&mut rng);
}

/// A decoded or determinized state is a position the rules accept: it
/// encodes and decodes back to itself.
fn round_trips<G: Game + Serialize + DeserializeOwned>(state: &G) {
    let text = serde_json::to_string(state).expect("a state always encodes");
    let back: G = serde_json::from_str(&text).expect("an accepted state decodes again");
    assert!(&back == state, "a state changed in a round trip");
}

/// Decodes `text` as a record, a state, a config and a view of `G`;
/// whatever decodes is replayed or exercised, and a state determinized from
/// a decoded view must itself be a valid state.
pub fn decode_all<G>(text: &str)
where
    G: Game + Serialize + DeserializeOwned,
    G::Config: DeserializeOwned,
    G::Action: DeserializeOwned,
    G::Chance: DeserializeOwned,
    G::View: DeserializeOwned,
{
    if let Ok(record) = serde_json::from_str::<Record<G>>(text) {
        if let Ok(m) = replay(&record) {
            exercise(m.state());
        }
    }
    if let Ok(state) = serde_json::from_str::<G>(text) {
        round_trips(&state);
        exercise(&state);
    }
    if let Ok(config) = serde_json::from_str::<G::Config>(text) {
        if let Ok(state) = G::new(&config) {
            exercise(&state);
        }
    }
    if let Ok(view) = serde_json::from_str::<G::View>(text) {
        if let Some(state) = G::determinize(&view, &mut DiceRng::from_seed_u64(1)) {
            round_trips(&state);
            exercise(&state);
        }
    }
}

/// Decodes `text` as a `T` and shows whatever decodes, so display code runs
/// on every value a stranger can send.
pub fn decode_and_show<T: DeserializeOwned + core::fmt::Display>(text: &str) {
    if let Ok(value) = serde_json::from_str::<T>(text) {
        let _ = value.to_string();
    }
}
