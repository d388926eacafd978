//! Benchmarks live in `benches/`; run them with `cargo bench -p benches`.
//! This library holds the loops the criterion benches and the bench
//! binaries (`src/bin`) share.

use dice_core::{Agent, DiceRng, Game, Match, RandomAgent, ToMove, play_out};

/// Plays one uniformly random game from `seed` on the bare state, chance
/// and choices from one generator, and returns its steps (decisions plus
/// chance events); `None` when the config is refused or the game stalls.
///
/// Before each chance event `skip(&mut game)` may advance the game itself
/// (returning true), which counts as a step: the hook for simulation
/// shortcuts; `|_| false` plays every event.
pub fn random_game<G: Game>(
    config: &G::Config,
    seed: u64,
    legal: &mut Vec<G::Action>,
    skip: impl FnMut(&mut G) -> bool,
) -> Option<u64> {
    random_game_seen(config, seed, legal, skip, |_| {})
}

/// [`random_game`], calling `after_decision(&game)` after each decision: the
/// positions of a random game, for benches of what is made of them.
pub fn random_game_seen<G: Game>(
    config: &G::Config,
    seed: u64,
    legal: &mut Vec<G::Action>,
    mut skip: impl FnMut(&mut G) -> bool,
    mut after_decision: impl FnMut(&G),
) -> Option<u64> {
    let mut game = G::new(config).ok()?;
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut steps = 0u64;
    loop {
        match game.to_move() {
            ToMove::Over => return Some(steps),
            ToMove::Chance if skip(&mut game) => {}
            ToMove::Chance => {
                let outcome = game.sample_chance(&mut rng)?;
                game.apply_chance_unchecked(outcome);
            }
            ToMove::Player(_) => {
                game.legal_actions(legal);
                game.apply_unchecked(*rng.choose(legal)?);
                after_decision(&game);
            }
        }
        steps = steps.saturating_add(1);
    }
}

/// Plays one `Match` from `seed` to its end with random agents in every
/// seat through [`play_out`] (chance from the match's generator, the log
/// kept, a view for every decision); returns the length of its log.
pub fn random_match<G: Game>(config: &G::Config, seed: u64) -> Option<usize> {
    let mut m = Match::<G>::new(config, seed).ok()?;
    let mut agents = vec![RandomAgent; m.state().players()];
    let mut seats: Vec<&mut dyn Agent<G>> = agents
        .iter_mut()
        .map(|agent| agent as &mut dyn Agent<G>)
        .collect();
    play_out(
        &mut m,
        &mut seats,
        &mut DiceRng::from_seed_u64(seed),
        10_000_000,
    )
    .ok()?;
    Some(m.log().len())
}
