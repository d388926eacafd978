//! The hot paths allocate nothing once the caller's buffers are warm.

use age_of_war_rules::dice_core::observation::{ObservationTensor, observation_len};
use age_of_war_rules::prelude::*;

#[test]
fn legal_actions_check_apply_chance_and_tensors_do_not_allocate() {
    for players in [2, 6] {
        let config = AgeOfWarConfig::new(players);
        let mut game = AgeOfWar::new(&config).unwrap();
        let mut rng = DiceRng::from_seed_u64(9);
        let mut legal: Vec<Action> = Vec::with_capacity(128);
        let mut outcomes: Vec<(Chance, Prob)> = Vec::with_capacity(1024);
        let mut tensor: Vec<f32> = Vec::with_capacity(observation_len::<AgeOfWar>(&config));
        let mut steps = 0u32;
        let info = allocation_counter::measure(|| {
            while game.to_move() != ToMove::Over {
                AgeOfWar::write_observation(&game, &mut tensor);
                match game.to_move() {
                    ToMove::Chance => {
                        game.chance_outcomes(&mut outcomes);
                        let outcome = game.sample_chance(&mut rng).unwrap();
                        game.check_chance(&outcome).unwrap();
                        game.apply_chance_unchecked(outcome);
                    }
                    ToMove::Player(_) => {
                        game.legal_actions(&mut legal);
                        let action = *rng.choose(&legal).unwrap();
                        game.check(&action).unwrap();
                        let _ = game.is_legal(&Action::LoseDie);
                        game.apply_unchecked(action);
                    }
                    ToMove::Over => {}
                }
                steps += 1;
            }
            AgeOfWar::write_observation(&game, &mut tensor);
        });
        assert!(steps > 100, "a whole game was played");
        assert_eq!(tensor.len(), observation_len::<AgeOfWar>(&config));
        assert_eq!(info.count_total, 0, "{players} players");
    }
}
