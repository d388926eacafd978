//! The equilibrium solver on Liar's Dice against OpenSpiel's `CFRSolver`.

use dice_core::Game;
use dice_core::cfr::{Cfr, CfrVariant};
use liars_dice_rules::{LiarsDice, LiarsDiceConfig};

fn solver(variant: CfrVariant) -> Cfr<LiarsDice> {
    let root = LiarsDice::new(&LiarsDiceConfig::default()).unwrap();
    Cfr::new(&root, variant).unwrap()
}

/// OpenSpiel's `CFRSolver` on `liars_dice(players=2,numdice=1)`: the
/// exploitability of its average policy after 1, 10 and 100 iterations.
#[test]
fn ld_cfr_exploitability_matches_openspiel_at_1_10_100_iterations() {
    let mut cfr = solver(CfrVariant::Vanilla);
    assert_eq!(cfr.information_states(), 24_576);
    let golden = [
        (1, 0.780_744_323_192_24),
        (10, 0.183_925_618_175_214_44),
        (100, 0.022_459_328_859_567_574),
    ];
    for (iterations, expected) in golden {
        cfr.run(iterations - cfr.iterations());
        let got = cfr.exploitability();
        std::println!("{iterations}: {got:?}");
        assert!(
            (got - expected).abs() < 1e-9,
            "after {iterations}: {got} != {expected}"
        );
    }
}
