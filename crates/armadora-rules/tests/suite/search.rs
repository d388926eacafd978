//! The searching bots against each other: the guided search (`ismcts`)
//! is the stronger at the same iterations.

#![allow(clippy::unwrap_used, reason = "a failure is a failed test")]

use armadora_rules::prelude::*;
use dice_core::mcts::Mcts;

/// Games `guided` wins (a shared victory counting half) of `games`
/// seeded two-player games against `plain`, the seats swapping each game.
fn guided_wins(guided: &mut Mcts, plain: &mut Mcts, games: u64) -> f64 {
    let mut wins = 0.0;
    for game in 0..games {
        let mut m = Match::<Armadora>::new(&ArmadoraConfig::new(2), game / 2).unwrap();
        let seat = usize::from(game % 2 == 1);
        let mut agents: [&mut dyn Agent<Armadora>; 2] = if seat == 0 {
            [&mut *guided, &mut *plain]
        } else {
            [&mut *plain, &mut *guided]
        };
        play_on(&mut m, &mut agents, 100_000).unwrap();
        let winners = m.state().result().unwrap().winners().to_vec();
        if winners.contains(&seat) {
            wins += 1.0 / f64::from(u32::try_from(winners.len()).unwrap());
        }
    }
    wins
}

/// ARM-12 (most gold wins): at 200 iterations a move, the search guided by
/// move averages beats today's `mcts`, which tries each of a turn's
/// hundreds of placements about once and then plays the last of equals.
#[test]
fn arm_12_ismcts_beats_mcts_at_equal_iterations() {
    let mut guided = Mcts::guided(200);
    let mut plain = Mcts::new(200);
    let wins = guided_wins(&mut guided, &mut plain, 8);
    assert!(wins >= 6.0, "ismcts won {wins} of 8");
}
