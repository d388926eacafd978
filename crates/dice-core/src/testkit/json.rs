//! JSON helpers for hostile-input tests: refusals, edits, and random
//! corruption of valid values.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Debug;
use core::num::NonZeroU32;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::game::{Game, ToMove};
use crate::rng::DiceRng;
use crate::testkit::random::viewers;

/// The four kinds of edit [`Corruptor::mutate_value`] draws from.
const FOUR: NonZeroU32 = NonZeroU32::MIN.saturating_add(3);

/// `value` as compact JSON text.
///
/// # Panics
/// When `value` does not serialise: every wire type must.
pub(crate) fn to_json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| panic!("does not serialise: {e}"))
}

/// The error decoding `json` as a `T`.
///
/// # Panics
/// When `json` decodes.
pub fn refusal<T: DeserializeOwned + Debug>(json: Value) -> String {
    let shown = json.to_string();
    match serde_json::from_value::<T>(json) {
        Ok(v) => panic!("{shown} should be refused, but reads as {v:?}"),
        Err(e) => e.to_string(),
    }
}

/// Decoding `json` as a `T` fails with a message containing `needle`.
///
/// ```
/// use dice_core::testkit::json::assert_refused;
/// use dice_core::pig::PigConfig;
///
/// assert_refused::<PigConfig>(serde_json::json!({"players": 9}), "not 9");
/// ```
///
/// # Panics
/// When `json` decodes, or the error does not say `needle`.
pub fn assert_refused<T: DeserializeOwned + Debug>(json: Value, needle: &str) {
    let message = refusal::<T>(json);
    assert!(
        message.contains(needle),
        "the error {message:?} should say {needle:?}"
    );
}

/// `json` with the value at the JSON pointer `pointer` replaced.
///
/// # Panics
/// When nothing is at `pointer`.
pub fn edited(json: &Value, pointer: &str, value: Value) -> Value {
    let mut json = json.clone();
    *json
        .pointer_mut(pointer)
        .unwrap_or_else(|| panic!("nothing at {pointer}")) = value;
    json
}

/// `value` survives a JSON round trip unchanged.
///
/// # Panics
/// When it does not.
pub fn assert_round_trips<T>(value: &T)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let text = serde_json::to_string(value).unwrap_or_else(|e| panic!("{value:?}: {e}"));
    let back: T = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(&back, value, "{text}");
}

/// Numbers a hostile peer might write: the edges of every field's range.
pub const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "13",
    "14",
    "255",
    "256",
    "65536",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "-1",
    "-9223372036854775808",
    "1.5",
    "1e300",
];

/// Random edits of valid JSON: a game's own words (the names of its
/// encoding, and some that are none) and [`NUMBERS`].
#[derive(Debug, Clone)]
pub struct Corruptor<'a> {
    words: &'a [&'a str],
}

impl<'a> Corruptor<'a> {
    /// Edits that write these strings (and every number in [`NUMBERS`]).
    pub fn new(words: &'a [&'a str]) -> Self {
        Corruptor { words }
    }

    fn word(&self, rng: &mut DiceRng) -> &'a str {
        rng.choose(self.words).copied().unwrap_or("")
    }

    fn number(rng: &mut DiceRng) -> Value {
        let text = rng.choose(NUMBERS).copied().unwrap_or("0");
        serde_json::from_str(text).unwrap_or(Value::Null)
    }

    fn scalar(&self, rng: &mut DiceRng) -> Value {
        match rng.index(4) {
            Some(0) => Self::number(rng),
            Some(1) => json!(self.word(rng)),
            Some(2) => Value::Null,
            _ => json!({ self.word(rng): Self::number(rng) }),
        }
    }

    /// One random edit of one node: an element dropped, duplicated or
    /// added, a field dropped, added or replaced, or a node replaced.
    pub fn mutate_value(&self, json: &mut Value, rng: &mut DiceRng) {
        let mut all = Vec::new();
        pointers(json, String::new(), &mut all);
        // `all` holds at least the root's pointer, so one is always chosen.
        let Some(node) = rng
            .choose(&all)
            .cloned()
            .and_then(|at| json.pointer_mut(&at))
        else {
            return;
        };
        let choice = rng.below(FOUR);
        match node {
            Value::Array(items) if !items.is_empty() && choice < 3 => {
                let Some(i) = rng.index(items.len()) else {
                    return;
                };
                match choice {
                    0 => {
                        items.remove(i);
                    }
                    1 => {
                        let copy = items[i].clone();
                        items.insert(i, copy);
                    }
                    _ => items.push(self.scalar(rng)),
                }
            }
            Value::Object(fields) if !fields.is_empty() && choice < 3 => {
                let keys: Vec<String> = fields.keys().cloned().collect();
                let Some(key) = rng.choose(&keys).cloned() else {
                    return;
                };
                match choice {
                    0 => {
                        fields.remove(&key);
                    }
                    1 => {
                        fields.insert(format!("{key}_"), self.scalar(rng));
                    }
                    _ => {
                        fields.insert(key, self.scalar(rng));
                    }
                }
            }
            _ => *node = self.scalar(rng),
        }
    }

    /// One number in the JSON text replaced by another from [`NUMBERS`].
    pub fn mutate_text(&self, text: &str, rng: &mut DiceRng) -> String {
        let bytes = text.as_bytes();
        let mut numbers = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()) {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                numbers.push(start..i);
            } else {
                i += 1;
            }
        }
        match rng.choose(&numbers) {
            Some(range) => {
                let number = rng.choose(NUMBERS).copied().unwrap_or("0");
                format!("{}{number}{}", &text[..range.start], &text[range.end..])
            }
            None => text.to_owned(),
        }
    }

    /// The JSON of `state` and of each of its views, each corrupted by
    /// `edits` value edits and, separately, by one text edit: texts a
    /// hostile peer might send in place of a valid position.
    pub fn corrupted_positions<G>(&self, state: &G, edits: usize, rng: &mut DiceRng) -> Vec<String>
    where
        G: Game + Serialize,
        G::View: Serialize,
    {
        let mut texts = Vec::new();
        let mut originals = vec_of_json(state);
        originals.extend(viewers(state).flat_map(|v| vec_of_json(&state.view(v))));
        for json in originals {
            let mut by_value = json.clone();
            for _ in 0..edits {
                self.mutate_value(&mut by_value, rng);
            }
            texts.push(by_value.to_string());
            texts.push(self.mutate_text(&json.to_string(), rng));
        }
        texts
    }
}

fn vec_of_json<T: Serialize>(value: &T) -> Vec<Value> {
    alloc::vec![serde_json::to_value(value).unwrap_or_else(|e| panic!("does not serialise: {e}"))]
}

/// Every JSON pointer in `value`, the root included.
fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                pointers(item, format!("{at}/{i}"), out);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                pointers(item, format!("{at}/{key}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// Whatever `text` decodes to, as a state or as a view, is a value the
/// engine plays on: a decoded state re-encodes to itself, reports a result
/// exactly at the end, determinizes each of its views to a state that
/// round-trips, and plays up to 50 random steps with every listed action
/// and outcome accepted. Returns whether `text` decoded as either.
///
/// # Panics
/// When a decoded value breaks one of those promises.
pub fn check_decoded<G>(text: &str, seed: u64) -> bool
where
    G: Game + Serialize + DeserializeOwned,
    G::View: DeserializeOwned,
{
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut decoded = false;
    if let Ok(state) = serde_json::from_str::<G>(text) {
        decoded = true;
        let again = to_json(&state);
        assert_eq!(
            serde_json::from_str::<G>(&again).ok().as_ref(),
            Some(&state),
            "a decoded state does not survive a round trip: {text}"
        );
        for viewer in viewers(&state) {
            let view = state.view(viewer);
            let sampled = G::determinize(&view, &mut rng).unwrap_or_else(|e| {
                panic!("{viewer:?}'s view of a decoded state determinizes to nothing ({e}): {text}")
            });
            assert_eq!(sampled.view(viewer), view, "{text}");
        }
        play_on(state, &mut rng, text);
    }
    if let Ok(view) = serde_json::from_str::<G::View>(text) {
        decoded = true;
        let sampled = G::determinize(&view, &mut rng)
            .unwrap_or_else(|e| panic!("a decoded view determinizes to nothing ({e}): {text}"));
        let again = to_json(&sampled);
        assert_eq!(
            serde_json::from_str::<G>(&again).ok().as_ref(),
            Some(&sampled),
            "a state determinized from a decoded view does not survive a round trip: {text}"
        );
        play_on(sampled, &mut rng, text);
    }
    decoded
}

fn play_on<G: Game>(mut game: G, rng: &mut DiceRng, text: &str) {
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for _ in 0..50 {
        game.legal_actions(&mut legal);
        game.chance_outcomes(&mut outcomes);
        assert_eq!(
            game.result().is_some(),
            game.to_move() == ToMove::Over,
            "a result exactly at the end: {text}"
        );
        match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                assert!(legal.is_empty() && !outcomes.is_empty(), "{text}");
                let outcome = game
                    .sample_chance(rng)
                    .unwrap_or_else(|| panic!("no outcome at a chance node: {text}"));
                game.apply_chance(outcome)
                    .unwrap_or_else(|e| panic!("a drawn outcome refused: {e}: {text}"));
            }
            ToMove::Player(_) => {
                assert!(outcomes.is_empty() && !legal.is_empty(), "{text}");
                let action = *rng.choose(&legal).unwrap_or_else(|| panic!("{text}"));
                game.apply(action)
                    .unwrap_or_else(|e| panic!("a listed action refused: {e}: {text}"));
            }
        }
    }
}
