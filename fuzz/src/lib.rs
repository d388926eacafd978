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
    if let Ok(record) = serde_json::from_str::<Record<G>>(text)
        && let Ok(m) = replay(&record)
    {
        exercise(m.state());
    }
    if let Ok(state) = serde_json::from_str::<G>(text) {
        round_trips(&state);
        exercise(&state);
    }
    if let Ok(config) = serde_json::from_str::<G::Config>(text)
        && let Ok(state) = G::new(&config)
    {
        exercise(&state);
    }
    if let Ok(view) = serde_json::from_str::<G::View>(text)
        && let Ok(state) = G::determinize(&view, &mut DiceRng::from_seed_u64(1))
    {
        round_trips(&state);
        exercise(&state);
    }
}

/// Decodes `text` as a `T` and shows whatever decodes, so display code runs
/// on every value a stranger can send.
pub fn decode_and_show<T: DeserializeOwned + core::fmt::Display>(text: &str) {
    if let Ok(value) = serde_json::from_str::<T>(text) {
        let _ = value.to_string();
    }
}

/// Reads `text` as an action of `state`; whatever parses must be written
/// back by [`Game::action_text`] as text that parses to the same action.
pub fn text_round_trip<G: Game>(state: &G, text: &str) {
    let Ok(action) = state.action_from_text(text) else {
        return;
    };
    let written = state.action_text(&action);
    match state.action_from_text(&written) {
        Ok(again) => assert!(
            again == action,
            "{text:?} reads as {action:?}, written {written:?}, which reads as {again:?}"
        ),
        Err(e) => {
            panic!("{text:?} reads as {action:?}, written {written:?}, which does not read: {e}")
        }
    }
}

/// At the position `steps` random steps into a game of `config` from
/// `seed`: with `text`, its [`text_round_trip`] there; without, the text
/// of every legal action there (for the seed corpus).
fn at_position<G: Game>(
    config: &G::Config,
    seed: u64,
    steps: usize,
    text: Option<&str>,
) -> Vec<String> {
    let Ok(fresh) = G::new(config) else {
        return Vec::new();
    };
    let state = dice_core::testkit::random_steps(fresh, seed, steps, |_| false);
    if let Some(text) = text {
        text_round_trip(&state, text);
        return Vec::new();
    }
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    legal.iter().map(|a| state.action_text(a)).collect()
}

/// The game and position a `text_actions` input's seed and selector name
/// (the selector's low two bits pick the game, the rest how many random
/// steps into it), and [`at_position`] there.
fn text_position(seed: u64, selector: u8, text: Option<&str>) -> Vec<String> {
    use age_of_war_rules::{AgeOfWar, AgeOfWarConfig};
    use armadora_rules::{Armadora, ArmadoraConfig};
    use dice_core::pig::{Pig, PigConfig};
    use era_rules::{Era, EraConfig};

    let steps = usize::from(selector >> 2).saturating_mul(8);
    match selector & 3 {
        0 => at_position::<AgeOfWar>(&AgeOfWarConfig::new(3), seed, steps, text),
        1 => at_position::<Armadora>(&ArmadoraConfig::new(3).advanced(true), seed, steps, text),
        2 => at_position::<Era>(&EraConfig::new(3), seed, steps, text),
        _ => at_position::<Pig>(&PigConfig::default(), seed, steps, text),
    }
}

/// The `text_actions` target: the seed and selector as [`split`] reads
/// them name a game and a position; the rest, as text, must pass
/// [`text_round_trip`] there.
pub fn text_actions(data: &[u8]) {
    let (seed, selector, rest) = split(data);
    text_position(seed, selector, Some(&String::from_utf8_lossy(rest)));
}

/// Inputs for `text_actions`: every legal action's text at the position
/// `seed` and `selector` name, each with its seed and selector in front.
pub fn text_seeds(seed: u64, selector: u8) -> Vec<Vec<u8>> {
    text_position(seed, selector, None)
        .into_iter()
        .map(|text| {
            let mut input = seed.to_le_bytes().to_vec();
            input.push(selector);
            input.extend_from_slice(text.as_bytes());
            input
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_legal_action_text_is_a_seed_that_round_trips() {
        for game in 0..4 {
            let seeds: Vec<Vec<u8>> = [0, 20, 124]
                .iter()
                .flat_map(|steps| super::text_seeds(7, steps | game))
                .collect();
            assert!(!seeds.is_empty(), "game {game}");
            for input in seeds {
                super::text_actions(&input);
            }
        }
    }
}
