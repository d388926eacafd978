//! Writes seeds for the JSON targets: states and every seat's view from
//! random games of each engine, at several points of play, so the fuzzer
//! starts from valid text and mutates its numbers and lists.
//!
//! `cargo run --manifest-path fuzz/Cargo.toml --example seed_corpus`

use std::path::Path;

use dice_core::{DiceRng, Game, Match, ToMove, Viewer};
use serde::Serialize;

fn write<T: Serialize>(dir: &Path, name: &str, value: &T) {
    let text = serde_json::to_string(value).expect("engine values encode");
    std::fs::write(dir.join(name), text).expect("the corpus directory is writable");
}

fn seeds<G>(target: &str, configs: &[G::Config], every: u32)
where
    G: Game + Serialize,
    G::Config: Serialize,
    G::Action: Serialize,
    G::Chance: Serialize,
    G::View: Serialize,
{
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    std::fs::create_dir_all(&dir).expect("the corpus directory can be made");
    let mut written = 0;
    for (c, config) in configs.iter().enumerate() {
        write(&dir, &format!("config-{c}.json"), config);
        for seed in 0..4u64 {
            let mut m = Match::<G>::new(config, seed).expect("listed configs are valid");
            let mut rng = DiceRng::from_seed_u64(seed);
            let mut legal = Vec::new();
            let mut step = 0u32;
            loop {
                if step.is_multiple_of(every) {
                    let tag = format!("{c}-{seed}-{step}");
                    write(&dir, &format!("state-{tag}.json"), m.state());
                    for seat in 0..m.state().players() {
                        let view = m.state().view(Viewer::Seat(seat));
                        write(&dir, &format!("view-{tag}-{seat}.json"), &view);
                    }
                    written += 1;
                }
                step += 1;
                match m.state().to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        m.resolve_chance();
                    }
                    ToMove::Player(_) => {
                        m.state().legal_actions(&mut legal);
                        let action = *rng.choose(&legal).expect("a decision has actions");
                        m.play(action).expect("listed actions apply");
                    }
                }
            }
            write(&dir, &format!("record-{c}-{seed}.json"), &m.record());
        }
    }
    println!("{target}: {written} positions");
}

fn main() {
    use age_of_war_rules::{AgeOfWar, AgeOfWarConfig};
    use armadora_rules::{Armadora, ArmadoraConfig};
    use era_rules::{Era, EraConfig};

    seeds::<AgeOfWar>(
        "age_of_war_json",
        &[AgeOfWarConfig::new(2), AgeOfWarConfig::new(5)],
        400,
    );
    seeds::<Armadora>(
        "armadora_json",
        &[
            ArmadoraConfig::new(2),
            ArmadoraConfig::new(3).advanced(true),
            ArmadoraConfig::new(4),
        ],
        10,
    );
    seeds::<Era>("era_json", &[EraConfig::new(2), EraConfig::new(4)], 40);
    let era_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/era_json");
    write(&era_dir, "ruleset.json", &era_rules::Ruleset::default());
    text_seeds();
}

/// Every legal action's text at a few positions of each game, for the
/// `text_actions` target.
fn text_seeds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/text_actions");
    std::fs::create_dir_all(&dir).expect("the corpus directory can be made");
    let mut written = 0;
    for selector in [0u8, 1, 2, 3, 20, 21, 22, 23, 120, 121, 122, 123] {
        for seed in 0..3u64 {
            for (i, input) in fuzz::text_seeds(seed, selector).iter().enumerate().take(40) {
                let name = format!("text-{selector}-{seed}-{i}");
                std::fs::write(dir.join(name), input).expect("the corpus directory is writable");
                written += 1;
            }
        }
    }
    println!("text_actions: {written} inputs");
}
