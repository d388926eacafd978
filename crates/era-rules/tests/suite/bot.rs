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

/// ERA-28: the lead `mcts-lead` scores a cut playout by is each seat's
/// score if the game ended now, less the best other seat's.
#[test]
fn era_28_the_score_lead_is_each_seats_margin_over_the_best_other_seat() {
    let mut lead = Vec::new();
    let mut legal = Vec::new();
    for (seed, players) in [(1, 2), (2, 3), (3, 4)] {
        let mut m = Match::<Era>::new(&EraConfig::new(players), seed).unwrap();
        let mut rng = DiceRng::from_seed_u64(seed);
        let mut someone_led = false;
        for _ in 0..400 {
            if m.state().to_move() == ToMove::Over {
                break;
            }
            let totals: Vec<i64> = m.state().scores().iter().map(Score::total).collect();
            era_rules::bot::score_lead(m.state(), &mut lead);
            let expected: Vec<f64> = (0..players)
                .map(|seat| {
                    let others = (0..players).filter(|&o| o != seat).map(|o| totals[o]);
                    let margin = totals[seat] - others.max().unwrap();
                    f64::from(i32::try_from(margin).unwrap())
                })
                .collect();
            assert_eq!(lead, expected, "seed {seed}");
            someone_led |= expected.iter().any(|&l| l > 0.5);
            if m.state().to_move() == ToMove::Chance {
                m.resolve_chance();
            } else {
                m.state().legal_actions(&mut legal);
                m.play(*rng.choose(&legal).unwrap()).unwrap();
            }
        }
        assert!(someone_led, "seed {seed}: nobody ever led");
    }
}
