//! One game's rules alone in WebAssembly, with none of the package's JSON,
//! registry or JavaScript surface: the rules, their text forms (moves,
//! outcomes, the narration of histories, refusals), views, hidden values
//! resampled, the observation tensor and the game's bots. What this weighs
//! is the floor under one game's package: `bash scripts/build.sh GAME
//! --rules-only` builds it as `scripts/build.sh GAME` builds the package,
//! and `node bench/bench.mjs` weighs it beside the package.
//!
//! Each game exports one function that plays `count` games from `seed`
//! with the bot named by `bot` (0 random, 1 the game's own, 2 MCTS) on
//! every seat, reaching every part above on every step; natively it is a
//! library nobody calls.

use tabletop_engines::dice_core::mcts::Mcts;
use tabletop_engines::dice_core::observation::{ObservationTensor, observation};
use tabletop_engines::dice_core::prelude::*;
use wasm_bindgen::prelude::*;

/// Plays the games and returns a sum of what they produced, so that no
/// part is optimised away; a refusal comes back as its message.
fn play<G: ObservationTensor>(
    config: &G::Config,
    seed: u64,
    count: u32,
    own: fn() -> Box<dyn Agent<G>>,
    bot: u8,
) -> Result<usize, String> {
    let start = G::new(config).map_err(|e| e.to_string())?;
    let mut sum = 0usize;
    let mut legal = Vec::new();
    for game in 0..u64::from(count) {
        let mut rng = DiceRng::from_seed_u64(seed.wrapping_add(game));
        let mut agent: Box<dyn Agent<G>> = match bot {
            0 => Box::new(RandomAgent),
            1 => own(),
            _ => Box::new(Mcts::new(50)),
        };
        let mut state = start.clone();
        for _ in 0..100_000 {
            match state.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let Some(outcome) = state.sample_chance(&mut rng) else {
                        break;
                    };
                    sum = sum.wrapping_add(state.chance_text(&outcome).len());
                    sum = sum.wrapping_add(
                        state
                            .seen_chance(&outcome, Viewer::Spectator)
                            .to_string()
                            .len(),
                    );
                    state.apply_chance(outcome).map_err(|e| e.to_string())?;
                }
                ToMove::Player(seat) => {
                    state.legal_actions(&mut legal);
                    let view = state.view(Viewer::Seat(seat));
                    let Some(chosen) = agent.choose(seat, &view, &legal, &mut rng) else {
                        break;
                    };
                    let text = state.action_text(&chosen);
                    let read = state.action_from_text(&text).map_err(|e| e.to_string())?;
                    let id = state.action_id(&read).ok_or("an action without an id")?;
                    let action = state.action_from_id(id).ok_or("an id without an action")?;
                    let tensor = observation(&state, Viewer::Seat(seat));
                    sum = sum.wrapping_add(tensor.iter().filter(|&&x| x != 0.0).count());
                    sum = sum.wrapping_add(
                        state
                            .seen_action(&action, Viewer::Spectator)
                            .to_string()
                            .len(),
                    );
                    let other = state.resample_hidden(Viewer::Seat(seat), &mut rng);
                    sum = sum.wrapping_add(usize::from(other == state));
                    state.apply_as(seat, action).map_err(|e| e.to_string())?;
                }
            }
        }
        if let Some(result) = state.result() {
            sum = sum.wrapping_add(result.winners().len());
        }
    }
    Ok(sum)
}

/// Age of War's rules alone.
///
/// # Errors
/// A refusal by the rules, which a game its own moves drive never meets.
#[cfg(feature = "age-of-war")]
#[wasm_bindgen(js_name = ageOfWar)]
pub fn age_of_war(seed: u64, count: u32, bot: u8) -> Result<usize, String> {
    use tabletop_engines::age_of_war_rules::{AgeOfWar, AgeOfWarConfig, SolverBot};
    play::<AgeOfWar>(
        &AgeOfWarConfig::default(),
        seed,
        count,
        || Box::new(SolverBot::new()),
        bot,
    )
}

/// Armadöra's rules alone.
///
/// # Errors
/// A refusal by the rules, which a game its own moves drive never meets.
#[cfg(feature = "armadora")]
#[wasm_bindgen]
pub fn armadora(seed: u64, count: u32, bot: u8) -> Result<usize, String> {
    use tabletop_engines::armadora_rules::{Armadora, ArmadoraConfig, Greedy};
    play::<Armadora>(
        &ArmadoraConfig::default(),
        seed,
        count,
        || Box::new(Greedy::default()),
        bot,
    )
}

/// Era's rules alone.
///
/// # Errors
/// A refusal by the rules, which a game its own moves drive never meets.
#[cfg(feature = "era")]
#[wasm_bindgen]
pub fn era(seed: u64, count: u32, bot: u8) -> Result<usize, String> {
    use tabletop_engines::era_rules::{Era, EraConfig, bot::Greedy};
    play::<Era>(&EraConfig::default(), seed, count, || Box::new(Greedy), bot)
}
