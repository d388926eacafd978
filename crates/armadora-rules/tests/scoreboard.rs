//! The running score: none while warriors hide their values (the gold
//! falls by them, ARM-10), the gold each seat won at the end (ARM-12).
#![allow(clippy::unwrap_used, reason = "a failure is a failed test")]

use armadora_rules::dice_core::play_out;
use armadora_rules::prelude::*;

#[test]
fn arm_10_no_running_score_before_the_end_and_the_gold_won_at_the_end() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        let config = ArmadoraConfig::new(players);
        let mut m = Match::<Armadora>::new(&config, seed).unwrap();
        let mut bots = vec![RandomAgent; players];
        let mut agents: Vec<&mut dyn Agent<Armadora>> = bots
            .iter_mut()
            .map(|b| b as &mut dyn Agent<Armadora>)
            .collect();
        let mut rng = DiceRng::from_seed_u64(seed);
        while m.state().result().is_none() {
            assert_eq!(Armadora::scoreboard(&m.state().view(Viewer::Seat(0))), None);
            let before = m.log().len();
            // One step at a time: stopping after it is the step limit.
            let _ = play_out(&mut m, &mut agents, &mut rng, 1);
            assert!(m.log().len() > before, "the game moves on");
        }
        let result = m.state().result().unwrap();
        let viewers = (0..players).map(Viewer::Seat).chain([Viewer::Spectator]);
        for viewer in viewers {
            let board = Armadora::scoreboard(&m.state().view(viewer)).unwrap();
            assert_eq!(board.unit(), "gold");
            assert_eq!(board.totals(), result.scores(), "{viewer:?}");
        }
        assert!(result.scores().iter().sum::<i32>() > 0);
    }
}
