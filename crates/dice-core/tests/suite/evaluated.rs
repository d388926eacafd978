//! A search whose playouts are cut short scores them by the game's lead
//! (`Mcts::evaluated`).

use dice_core::mcts::Mcts;
use dice_core::pig::{Pig, PigAction, PigConfig};
use dice_core::{Agent, DiceRng, Game, Viewer};

/// Points banked by each seat, minus the other's.
fn banked(state: &Pig, out: &mut Vec<f64>) {
    out.clear();
    let [first, second] = [0, 1].map(|seat| f64::from(state.scores()[seat]));
    out.extend([first - second, second - first]);
}

/// The same lead, turned around: being behind counts as leading.
fn behind(state: &Pig, out: &mut Vec<f64>) {
    banked(state, out);
    for lead in out.iter_mut() {
        *lead = -*lead;
    }
}

#[test]
fn a_playout_cut_at_the_tree_is_scored_by_the_games_lead() {
    // Seat 0 has 6 points at stake. Cut at once, holding banks a lead of
    // 6 and rolling leaves none yet: a search that counts the lead holds,
    // and one that counts being behind rolls (a tenth of a point worth
    // 0.73 of a win, so that any lead is close to a sure win).
    let mut game = Pig::new(&PigConfig::default()).unwrap();
    game.apply(PigAction::Roll).unwrap();
    game.apply_chance(6).unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let view = game.view(Viewer::Seat(0));
    let mut rng = DiceRng::from_seed_u64(3);
    let mut ahead = Mcts::new(20).evaluated(banked, 0, 0.1);
    assert_eq!(
        ahead.choose(0, &view, &legal, &mut rng),
        Some(PigAction::Hold)
    );
    let mut back = Mcts::new(20).evaluated(behind, 0, 0.1);
    assert_eq!(
        back.choose(0, &view, &legal, &mut rng),
        Some(PigAction::Roll)
    );
}
