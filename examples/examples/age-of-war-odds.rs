//! The exact chance to conquer every Age of War castle in one turn with
//! seven dice and best play: from the centre, and stealing it from an
//! opponent (special daimyo line included).
//!
//! `cargo run --release --example age-of-war-odds [-- --json]`

use age_of_war_rules::Castle;
use age_of_war_rules::solver::OddsTable;

fn main() {
    let json = std::env::args().skip(1).any(|a| a == "--json");
    let odds = OddsTable::new();
    if json {
        let castles: Vec<serde_json::Value> = Castle::ALL
            .iter()
            .map(|&c| {
                let o = odds.castle(c);
                serde_json::json!({
                    "castle": c.name(),
                    "conquer": o.conquer().to_f64(),
                    "steal": o.steal().map(dice_core::Prob::to_f64),
                })
            })
            .collect();
        println!("{}", serde_json::json!({ "castles": castles }));
        return;
    }
    println!(
        "{:<12} {:>6} {:>10} {:>10}",
        "castle", "points", "conquer", "steal"
    );
    for castle in Castle::ALL {
        let o = odds.castle(castle);
        let steal = o.steal().map_or_else(
            || "-".to_string(),
            |p| format!("{:.4}%", p.to_f64() * 100.0),
        );
        println!(
            "{:<12} {:>6} {:>9.4}% {:>10}",
            castle.to_string(),
            castle.points(),
            o.conquer().to_f64() * 100.0,
            steal
        );
    }
}
