//! The hot paths allocate nothing once the caller's buffers are warm.

use age_of_war_rules::{Action, AgeOfWar, AgeOfWarConfig, Chance};
use dice_core::{DiceRng, Game, Prob, ToMove};

#[test]
fn legal_actions_check_apply_and_chance_do_not_allocate() {
    for players in [2, 6] {
        let mut game = AgeOfWar::new(&AgeOfWarConfig { players }).unwrap();
        let mut rng = DiceRng::from_seed_u64(9);
        let mut legal: Vec<Action> = Vec::with_capacity(128);
        let mut outcomes: Vec<(Chance, Prob)> = Vec::with_capacity(1024);
        let mut steps = 0u32;
        let info = allocation_counter::measure(|| {
            while game.to_move() != ToMove::Over {
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
        });
        assert!(steps > 100, "a whole game was played");
        assert_eq!(info.count_total, 0, "{players} players");
    }
}
