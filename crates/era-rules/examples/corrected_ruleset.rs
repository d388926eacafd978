//! A player holding the physical game corrects the ruleset: the default
//! ruleset's JSON, a value changed, the whole checked, and a seeded game
//! of bots played on it.
//!
//! ```text
//! cargo run -p era-rules --example corrected_ruleset                    # a correction made here
//! cargo run -p era-rules --example corrected_ruleset -- --print-default > ruleset.json
//! cargo run -p era-rules --example corrected_ruleset -- ruleset.json    # your corrected file
//! ```

use era_rules::prelude::*;
use era_rules::ruleset::RulesetSpec;
use serde_json::Value;

/// The ruleset to play: the file named on the command line, or the default
/// one with the corrections a player made after checking the box.
fn corrected(path: Option<&str>) -> Result<Ruleset, Box<dyn std::error::Error>> {
    if let Some(path) = path {
        let text = std::fs::read_to_string(path)?;
        // Every field is checked on load; an invalid one is refused with
        // its path.
        return Ok(serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?);
    }
    let mut json = serde_json::to_value(Ruleset::default())?;
    let mut edit = |path: &str, value: Value| -> Result<(), String> {
        let slot = json
            .pointer_mut(path)
            .ok_or_else(|| format!("no field {path}"))?;
        println!("  {path}: {slot} -> {value}");
        *slot = value;
        Ok(())
    };
    println!("corrections:");
    edit("/dice/yellow/4", "FF|SS".into())?; // the choice face, as printed
    edit("/buildings/hospital/cost", "GSW".into())?;
    edit("/tracks/resource_max/wood", 7.into())?;
    // A row of the disaster table D5 as printed: Fire (4 skulls) strikes
    // each opponent and takes two buildings, walled ones included.
    edit("/disasters/4/target", "each_opponent".into())?;
    edit(
        "/disasters/4/effect",
        serde_json::json!({ "remove": { "buildings": 2, "walled_safe": false } }),
    )?;
    Ok(serde_json::from_value(json)?)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arg = std::env::args().nth(1);
    if arg.as_deref() == Some("--print-default") {
        println!("{}", serde_json::to_string_pretty(&Ruleset::default())?);
        return Ok(());
    }

    // A mistake is refused with the field at fault, and nothing is played.
    let mut typo = serde_json::to_value(Ruleset::default())?;
    if let Some(face) = typo.pointer_mut("/dice/white/4") {
        *face = "SK|WW".into();
    }
    if let Err(e) = serde_json::from_value::<Ruleset>(typo) {
        println!("a typo is refused: {e}");
    }
    // The same checks, in code.
    let mut spec = RulesetSpec::default();
    spec.domain_size = 8;
    if let Err(e) = Ruleset::new(spec) {
        println!("in code too: field `{}`: {}", e.field(), e.reason());
    }

    let ruleset = corrected(arg.as_deref())?;
    let colour = Colour::Yellow;
    println!(
        "yellow die: {}",
        Side::ALL
            .map(|side| ruleset.face(colour, side).to_string())
            .join(" ")
    );
    println!(
        "hospital cost: {}, wood up to {}",
        ruleset.building_cost(BuildingKind::Hospital),
        ruleset.resource_max(Resource::Wood)
    );
    let fire = ruleset.disaster(4);
    println!("4 skulls: {} strikes {:?}", fire.effect, fire.target);

    // A seeded game of two greedy bots on the corrected ruleset. The
    // record carries the ruleset, so it replays anywhere.
    let config = EraConfig::with_ruleset(2, ruleset);
    let mut m = Match::<Era>::new(&config, 7)?;
    let (mut first, mut second) = (Greedy, Greedy);
    let mut seats: [&mut dyn Agent<Era>; 2] = [&mut first, &mut second];
    play_out(&mut m, &mut seats, &mut DiceRng::from_seed_u64(7), 100_000)?;
    let game = m.state();
    let result = game.result().ok_or("the game did not end")?;
    println!("\n{}\n", game.view(Viewer::Spectator));
    for (seat, score) in game.scores().iter().enumerate() {
        println!(
            "player {seat}: {} points (after {} disaster points){}",
            score.total(),
            score.disasters,
            if result.is_winner(seat) { ", wins" } else { "" }
        );
    }
    let record = serde_json::to_string(&m.record())?;
    assert!(record.contains("\"ruleset\""));
    assert_eq!(replay(&serde_json::from_str(&record)?)?, m);
    println!(
        "after {} rounds; the record ({} bytes) carries the ruleset and replays",
        game.round(),
        record.len()
    );
    Ok(())
}
