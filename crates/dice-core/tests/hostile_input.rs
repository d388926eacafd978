//! Records and saved positions from strangers: bounded time, bounded memory,
//! an error naming the problem, never a panic.
#![allow(
    clippy::arithmetic_side_effects,
    reason = "a test game counts its own steps"
)]

use dice_core::pig::{Pig, PigAction, PigConfig};
use dice_core::{
    DiceRng, Entry, EntryError, Game, GameResult, MAX_CHANCE_CHAIN, Match, ParseActionError, Prob,
    Record, ReplayError, ToMove, Viewer, replay,
};

/// A Pig record that ends the game in three entries (target 1), followed by
/// `extra` holds.
fn finished_record_text(extra: usize) -> String {
    let mut text = String::from(
        r#"{"game":"pig","format":1,"config":{"players":2,"target":1},"seed":0,"log":["#,
    );
    text.push_str(r#"{"player":0,"action":"roll"},{"chance":2},{"player":0,"action":"hold"}"#);
    for _ in 0..extra {
        text.push_str(r#",{"action":"hold"}"#);
    }
    text.push_str("]}");
    text
}

#[test]
fn a_record_of_two_million_entries_past_the_end_stops_at_the_first_one() {
    let text = finished_record_text(2_000_000);
    let info = allocation_counter::measure(|| {
        let record: Record<Pig> = serde_json::from_str(&text).unwrap();
        assert_eq!(record.log().len(), 2_000_003);
        let err = replay(&record).unwrap_err();
        assert_eq!(
            err,
            ReplayError::Entry {
                index: 3,
                reason: EntryError::AfterEnd
            }
        );
        assert_eq!(err.to_string(), "entry 3: the game is already over");
    });
    // Decoding holds the log once (a few machine words per entry) plus the
    // growth of its vector: memory is linear in the text, here below three
    // times its size.
    let text_bytes = u64::try_from(text.len()).unwrap();
    assert!(
        info.bytes_max < 3 * text_bytes,
        "peak {} bytes for {} bytes of text",
        info.bytes_max,
        text_bytes
    );
}

#[test]
fn a_valid_record_of_a_million_entries_replays_in_memory_linear_in_its_length() {
    // Rolling twos forever never ends a turn, so every entry is legal.
    let entries = 1_000_000usize;
    let log: Vec<Entry<Pig>> = (0..entries)
        .map(|i| {
            if i % 2 == 0 {
                Entry::Action {
                    player: Some(0),
                    action: PigAction::Roll,
                }
            } else {
                Entry::Chance(2)
            }
        })
        .collect();
    let record = Record::<Pig>::new(PigConfig {
        players: 2,
        target: u32::MAX,
        openspiel: None,
    })
    .with_seed(0)
    .with_log(log);
    let info = allocation_counter::measure(|| {
        let m = replay(&record).unwrap();
        assert_eq!(m.log().len(), entries);
        assert_eq!(m.state().turn_total(), 1_000_000);
    });
    // The match keeps its own copy of the log and nothing else grows.
    let per_entry = u64::try_from(size_of::<Entry<Pig>>()).unwrap();
    let entries = u64::try_from(entries).unwrap();
    assert!(
        info.bytes_max < 3 * per_entry * entries,
        "peak {} bytes for {entries} entries",
        info.bytes_max
    );
}

/// `depth` nested JSON arrays.
fn nested(depth: usize) -> String {
    "[".repeat(depth) + &"]".repeat(depth)
}

#[test]
fn deeply_nested_json_is_refused_without_exhausting_the_stack() {
    let deep = nested(1_000_000);
    let as_entry = format!(
        r#"{{"game":"pig","format":1,"config":{{}},"seed":0,"log":[{{"chance":{deep}}}]}}"#
    );
    let as_config =
        format!(r#"{{"game":"pig","format":1,"config":{{"players":{deep}}},"seed":0,"log":[]}}"#);
    for text in [&as_entry, &as_config, &deep] {
        let err = serde_json::from_str::<Record<Pig>>(text).unwrap_err();
        assert!(
            err.to_string().contains("recursion limit exceeded")
                || err.to_string().starts_with("invalid type")
                || err.to_string().starts_with("entry 0: invalid type"),
            "{err}"
        );
    }
    // Where a caller reads untyped JSON first, serde_json stops at 128 levels.
    let err = serde_json::from_str::<serde_json::Value>(&as_entry).unwrap_err();
    assert!(
        err.to_string().contains("recursion limit exceeded"),
        "{err}"
    );
}

#[test]
fn impossible_pig_configs_are_refused_when_decoded() {
    for (text, problem) in [
        (r#"{"players":1}"#, "Pig is for 2 to 8 players, not 1"),
        (
            r#"{"players":9,"target":5}"#,
            "Pig is for 2 to 8 players, not 9",
        ),
        (r#"{"target":0}"#, "the target must be at least 1"),
        (r#"{"players":-2}"#, "invalid value: integer `-2`"),
        (
            r#"{"players":2,"target":4294967296}"#,
            "invalid value: integer `4294967296`",
        ),
        (r#"{"players":2,"seats":2}"#, "unknown field `seats`"),
    ] {
        let err = serde_json::from_str::<PigConfig>(text).unwrap_err();
        assert!(err.to_string().contains(problem), "{text}: {err}");
    }
    assert_eq!(
        serde_json::from_str::<PigConfig>("{}").unwrap(),
        PigConfig::default()
    );
}

#[test]
fn impossible_pig_positions_name_what_is_wrong() {
    let valid = r#"{"config":{"players":2,"target":30},"scores":[0,0],"current":0,"turn_total":0,"rolled":false,"rolling":false}"#;
    assert!(serde_json::from_str::<Pig>(valid).is_ok());
    for (from, to, problem) in [
        (
            r#""scores":[0,0]"#,
            r#""scores":[0,0,0]"#,
            "one score per seat",
        ),
        (
            r#""current":0"#,
            r#""current":2"#,
            "the seat to move is not at the table",
        ),
        (
            r#""turn_total":0"#,
            r#""turn_total":5"#,
            "a turn total before the first roll",
        ),
        (
            r#""scores":[0,0]"#,
            r#""scores":[30,31]"#,
            "two seats past the target",
        ),
        (
            r#""players":2"#,
            r#""players":0"#,
            "Pig is for 2 to 8 players, not 0",
        ),
    ] {
        let text = valid.replace(from, to);
        let err = serde_json::from_str::<Pig>(&text).unwrap_err();
        assert!(err.to_string().contains(problem), "{text}: {err}");
    }
}

/// A broken game whose dice never settle: every state is a chance node.
#[derive(Debug, Clone, PartialEq)]
struct EndlessRain {
    drops: u64,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("it only rains")]
struct OnlyRain;

impl Game for EndlessRain {
    const NAME: &'static str = "endless-rain";
    type Config = ();
    type Action = ();
    type Chance = ();
    type View = u64;
    type Error = OnlyRain;
    type SeenAction = &'static str;
    type SeenChance = &'static str;

    fn new((): &()) -> Result<Self, OnlyRain> {
        Ok(EndlessRain { drops: 0 })
    }
    fn config(&self) -> &() {
        &()
    }
    fn players(&self) -> usize {
        1
    }
    fn to_move(&self) -> ToMove {
        ToMove::Chance
    }
    fn legal_actions(&self, out: &mut Vec<()>) {
        out.clear();
    }
    fn check(&self, (): &()) -> Result<(), OnlyRain> {
        Err(OnlyRain)
    }
    fn apply_unchecked(&mut self, (): ()) {}
    fn chance_outcomes(&self, out: &mut Vec<((), Prob)>) {
        out.clear();
        out.push(((), Prob::ONE));
    }
    fn check_chance(&self, (): &()) -> Result<(), OnlyRain> {
        Ok(())
    }
    fn apply_chance_unchecked(&mut self, (): ()) {
        self.drops += 1;
    }
    fn view(&self, _viewer: Viewer) -> u64 {
        self.drops
    }
    fn determinize(view: &u64, _rng: &mut DiceRng) -> Result<Self, dice_core::InconsistentView> {
        Ok(EndlessRain { drops: *view })
    }
    fn result(&self) -> Option<GameResult> {
        None
    }
    fn seen_action(&self, (): &(), _viewer: Viewer) -> &'static str {
        "nothing"
    }
    fn seen_chance(&self, (): &(), _viewer: Viewer) -> &'static str {
        "rain"
    }
    fn action_text(&self, (): &()) -> String {
        "nothing".into()
    }
    fn action_from_text(&self, text: &str) -> Result<(), ParseActionError> {
        Err(ParseActionError::new(text, "it only rains"))
    }
    fn chance_text(&self, (): &()) -> String {
        "rain".into()
    }
    fn action_id_bound(&self) -> u32 {
        1
    }
    fn action_id(&self, (): &()) -> Option<u32> {
        Some(0)
    }
    fn action_from_id(&self, id: u32) -> Option<()> {
        (id == 0).then_some(())
    }
}

#[test]
fn chance_that_never_settles_stops_after_max_chance_chain_events() {
    let record = Record::<EndlessRain>::new(())
        .with_seed(0)
        .with_log(vec![Entry::Action {
            player: None,
            action: (),
        }]);
    let err = replay(&record).unwrap_err();
    assert_eq!(
        err.to_string(),
        "entry 0: pending chance events could not be resolved from the seed"
    );
    let mut m = Match::<EndlessRain>::new(&(), 0).unwrap();
    assert_eq!(m.resolve_all_chance(MAX_CHANCE_CHAIN), ToMove::Chance);
    assert_eq!(
        m.state().drops,
        u64::try_from(MAX_CHANCE_CHAIN).unwrap(),
        "exactly the bound, then it gives up"
    );
}

#[test]
fn impossible_results_are_refused_when_decoded() {
    let valid = GameResult::by_ranking(vec![3, 5, 5], vec![vec![1], vec![2], vec![2]]);
    let text = serde_json::to_string(&valid).unwrap();
    assert_eq!(serde_json::from_str::<GameResult>(&text).unwrap(), valid);
    for (bad, problem) in [
        (
            r#"{"scores":[1],"tiebreaks":[[1],[2]],"winners":[0]}"#,
            "more tie-break lists than seats",
        ),
        (
            r#"{"scores":[1,2],"tiebreaks":[],"winners":[2]}"#,
            "a winner who is not at the table",
        ),
        (
            r#"{"scores":[2,2],"tiebreaks":[],"winners":[1,0]}"#,
            "winners out of order or repeated",
        ),
        (
            r#"{"scores":[2,2],"tiebreaks":[],"winners":[1,1]}"#,
            "winners out of order or repeated",
        ),
    ] {
        let err = serde_json::from_str::<GameResult>(bad).unwrap_err();
        assert!(err.to_string().contains(problem), "{bad}: {err}");
    }
}
