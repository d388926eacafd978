//! The greedy bot plays games that end.

use era_rules::bot::PATIENCE_ROUNDS;
use era_rules::prelude::*;

/// ERA-19: the game ends only once buildings run out, and a building can
/// lower the score "if the game ended now" that the greedy bot maximises;
/// it still builds after `PATIENCE_ROUNDS`, so games between greedy bots
/// end.
#[test]
fn era_19_games_between_greedy_bots_end() {
    for seed in 1..=40 {
        let mut m = Match::<Era>::new(&EraConfig::new(2), seed).unwrap();
        let (mut first, mut second) = (Greedy, Greedy);
        let mut agents: [&mut dyn Agent<Era>; 2] = [&mut first, &mut second];
        let ended = play_out(
            &mut m,
            &mut agents,
            &mut DiceRng::from_seed_u64(seed),
            20_000,
        );
        let game = m.state();
        assert!(
            ended.is_ok() && game.result().is_some(),
            "seed {seed}: still going in round {}",
            game.round()
        );
        assert!(game.round() <= PATIENCE_ROUNDS + 10, "seed {seed}");
    }
}
