//! Loading and validating rulesets (tables D1–D7).

use era_rules::ruleset::{Disaster, DisasterRule, EmptyCells, RulesetSpec, Target};
use era_rules::{BuildingKind, Colour, Ruleset, Side};

fn load(json: &serde_json::Value) -> Result<Ruleset, String> {
    serde_json::from_value::<Ruleset>(json.clone()).map_err(|e| e.to_string())
}

fn default_json() -> serde_json::Value {
    serde_json::to_value(Ruleset::default()).unwrap()
}

#[test]
fn the_default_ruleset_is_the_spec_tables_and_round_trips() {
    let r = Ruleset::default();
    assert!(r.is_default());
    assert_eq!(r.face(Colour::Yellow, Side::Six).to_string(), "WHK");
    assert_eq!(r.face(Colour::Yellow, Side::Five).to_string(), "FF|S");
    assert_eq!(
        r.disaster(3),
        DisasterRule {
            target: Target::EachOpponent,
            effect: Disaster::Scorch {
                areas: 1,
                remove_to_free: true
            }
        }
    );
    assert_eq!(
        r.disaster(40).effect,
        Disaster::LoseAll {
            resource: era_rules::Resource::Goods
        }
    );
    assert_eq!(load(&default_json()).unwrap(), r);
}

#[test]
fn a_corrected_ruleset_loads_from_json() {
    let mut json = default_json();
    json["dice"]["gray"][3] = "GG".into();
    json["buildings"]["farm"]["cost"] = "WWF".into();
    let r = load(&json).unwrap();
    assert!(!r.is_default());
    assert_eq!(r.face(Colour::Gray, Side::Four).to_string(), "GG");
    assert_eq!(
        r.building_cost(BuildingKind::Farm).as_array(),
        &[0, 0, 2, 1]
    );
}

fn rejected(edit: impl FnOnce(&mut serde_json::Value), field: &str) {
    let mut json = default_json();
    edit(&mut json);
    let err = load(&json).unwrap_err();
    assert!(err.contains(&format!("`{field}`")), "{err}");
}

#[test]
fn a_die_without_six_faces_is_rejected() {
    rejected(
        |j| j["dice"]["blue"] = serde_json::json!(["G", "G"]),
        "dice.blue",
    );
}

#[test]
fn an_unknown_symbol_is_rejected() {
    rejected(|j| j["dice"]["white"][0] = "Z".into(), "dice.white[0]");
}

#[test]
fn a_shape_that_is_not_connected_is_rejected() {
    rejected(
        |j| j["buildings"]["market"]["shape"] = serde_json::json!(["#.#"]),
        "buildings.market.shape",
    );
}

#[test]
fn a_negative_count_is_rejected() {
    rejected(
        |j| j["buildings"]["hospital"]["count"] = (-1).into(),
        "buildings.hospital.count",
    );
    rejected(
        |j| j["walls"]["counts"][0]["count"] = (-2).into(),
        "walls.counts[0].count",
    );
}

#[test]
fn a_disaster_table_with_gaps_is_rejected() {
    rejected(
        |j| j["disasters"][2]["from"] = 4.into(),
        "disasters[2].from",
    );
    rejected(
        |j| {
            let rows = j["disasters"].as_array_mut().unwrap();
            let last = rows.len() - 1;
            rows[last]["to"] = 7.into();
        },
        "disasters[6].to",
    );
}

#[test]
fn too_few_pieces_for_four_players_is_rejected() {
    rejected(
        |j| j["buildings"]["keep"]["count"] = 3.into(),
        "buildings.keep.count",
    );
}

#[test]
fn an_even_domain_has_no_centre() {
    let mut spec = RulesetSpec::default();
    spec.domain_size = 8;
    assert_eq!(Ruleset::new(spec).unwrap_err().field(), "domain_size");
}

#[test]
fn unknown_fields_are_rejected() {
    let mut json = default_json();
    json["extra"] = 1.into();
    assert!(load(&json).is_err());
}

#[test]
fn era_24_d3_only_the_markets_bonus_counts_empty_cells() {
    let r = Ruleset::default();
    assert_eq!(
        r.bonus_empty_cells(BuildingKind::Market),
        EmptyCells::Adjacent,
        "revision 4"
    );
    rejected(
        |j| j["buildings"]["guildhall"]["empty_cells"] = "domain".into(),
        "buildings.guildhall.empty_cells",
    );
    let err = load(&{
        let mut json = default_json();
        json["buildings"]["market"]["empty_cells"] = "around".into();
        json
    })
    .unwrap_err();
    assert!(err.contains("adjacent") && err.contains("domain"), "{err}");
}
