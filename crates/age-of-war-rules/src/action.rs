//! A player's decisions after a roll (AOW-5), with their ids and their text
//! notation.

use alloc::format;
use alloc::string::String;
use core::fmt;
use core::iter::Peekable;
use core::str::FromStr;

use dice_core::ParseActionError;

use crate::castle::Castle;
use crate::line::MAX_LINE;

/// What the player does with a roll (AOW-5).
///
/// In records: `{"fill": {"castle": "gassantoda", "line": 2}}` and
/// `"lose_die"`. A line the castle does not have is refused on
/// deserialisation (AOW-2).
///
/// As text (its `Display` and `FromStr`, and the game's
/// [`action_text`](dice_core::Game::action_text) /
/// [`action_from_text`](dice_core::Game::action_from_text)): `fill edo 2`,
/// `fill edo daimyo` for the special daimyo line 0, and `lose die`. Reading
/// ignores case and extra spaces, and also takes `fill edo line 2`,
/// `fill edo special`, `fill edo 0`, `lose`, `lose a die` and `lose_die`.
/// Text that names no action is refused with what was expected; whether
/// the action is legal now is for [`Game::check`](dice_core::Game::check).
///
/// ```
/// use age_of_war_rules::{Action, Castle};
///
/// let fill = Action::Fill { castle: Castle::Gassantoda, line: 2 };
/// assert_eq!(fill.to_string(), "fill gassantoda 2");
/// assert_eq!("Fill  Gassantoda line 2".parse(), Ok(fill));
/// assert_eq!(Action::LoseDie.to_string(), "lose die");
/// let err = "fill edo 9".parse::<Action>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "\"fill edo 9\" is not an action: Edo has lines 1 to 3 and the daimyo line"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Action {
    /// Fill one line of a castle with dice of this roll (AOW-6); the first
    /// fill of a turn commits to the castle (AOW-7).
    Fill {
        /// The castle attacked.
        castle: Castle,
        /// 0 for the special daimyo line, `1..=n` for the printed lines.
        line: u8,
    },
    /// Set one die aside for the rest of the turn and roll the others again.
    LoseDie,
}

/// Action ids: `castle.index() * 5 + line` for fills, then `lose_die`.
const LINE_SLOTS: u32 = MAX_LINE as u32 + 1;
/// The id of [`Action::LoseDie`].
pub(crate) const LOSE_DIE_ID: u32 = 14 * LINE_SLOTS;
/// Every action id is below this bound, for every table size.
pub(crate) const ACTION_ID_BOUND: u32 = LOSE_DIE_ID + 1;

impl Action {
    /// The stable id: `castle index × 5 + line` for a fill (0..70), 70 for
    /// losing a die. `None` for a line the castle does not have.
    pub fn id(self) -> Option<u32> {
        match self {
            Action::Fill { castle, line } => {
                castle.line(line)?;
                let castle = u32::try_from(castle.index()).ok()?;
                castle.checked_mul(LINE_SLOTS)?.checked_add(u32::from(line))
            }
            Action::LoseDie => Some(LOSE_DIE_ID),
        }
    }

    /// The action with this id (see [`id`](Action::id)).
    pub fn from_id(id: u32) -> Option<Action> {
        if id == LOSE_DIE_ID {
            return Some(Action::LoseDie);
        }
        let castle = *Castle::ALL.get(usize::try_from(id / LINE_SLOTS).ok()?)?;
        let line = u8::try_from(id % LINE_SLOTS).ok()?;
        castle.line(line)?;
        Some(Action::Fill { castle, line })
    }
}

impl fmt::Display for Action {
    /// The text notation: `fill edo 2`, `fill edo daimyo`, `lose die`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Fill { castle, line: 0 } => write!(f, "fill {} {SPECIAL}", castle.name()),
            Action::Fill { castle, line } => write!(f, "fill {} {line}", castle.name()),
            Action::LoseDie => f.write_str("lose die"),
        }
    }
}

/// The word for the special daimyo line 0 in the text notation.
const SPECIAL: &str = "daimyo";

impl FromStr for Action {
    type Err = ParseActionError;

    /// Reads the text notation (see [`Action`]).
    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let refuse = |reason: String| ParseActionError::new(text, reason);
        let mut words = text.split_whitespace().peekable();
        let action = match words.next() {
            Some(verb) if verb.eq_ignore_ascii_case("fill") => {
                let castle = read_castle(words.next()).map_err(refuse)?;
                skip(&mut words, "line");
                let line = read_line(castle, words.next()).map_err(refuse)?;
                Action::Fill { castle, line }
            }
            Some(verb) if verb.eq_ignore_ascii_case("lose") => {
                skip(&mut words, "a");
                skip(&mut words, "die");
                Action::LoseDie
            }
            Some(verb) if verb.eq_ignore_ascii_case("lose_die") => Action::LoseDie,
            _ => return Err(refuse(String::from(EXPECTED))),
        };
        match words.next() {
            Some(extra) => Err(refuse(format!(
                "nothing should follow \"{action}\", not \"{extra}\""
            ))),
            None => Ok(action),
        }
    }
}

/// Consumes the next word if it is `word`, in any case.
fn skip<'a>(words: &mut Peekable<impl Iterator<Item = &'a str>>, word: &str) {
    words.next_if(|next| next.eq_ignore_ascii_case(word));
}

/// What an action looks like, for text that is none.
const EXPECTED: &str =
    "expected \"fill CASTLE LINE\" (e.g. \"fill edo 2\", \"fill edo daimyo\") or \"lose die\"";

/// The castle named after `fill`.
fn read_castle(word: Option<&str>) -> Result<Castle, String> {
    let castles = || Castle::ALL.map(Castle::name).join(", ");
    match word {
        None => Err(format!("expected a castle after \"fill\": {}", castles())),
        Some(word) => word
            .parse()
            .map_err(|_| format!("\"{word}\" is no castle: expected one of {}", castles())),
    }
}

/// The line of `castle` named by `word`: a number, or `daimyo` or
/// `special` for the special line 0.
fn read_line(castle: Castle, word: Option<&str>) -> Result<u8, String> {
    let Some(word) = word else {
        return Err(format!(
            "expected a line after the castle: {}",
            lines_of(castle)
        ));
    };
    let line = if word.eq_ignore_ascii_case(SPECIAL) || word.eq_ignore_ascii_case("special") {
        Ok(0)
    } else if word.bytes().all(|byte| byte.is_ascii_digit()) {
        word.parse::<u8>()
    } else {
        return Err(format!("\"{word}\" is no line: {}", lines_of(castle)));
    };
    // A number the card lacks, however large, says which lines it has.
    match line {
        Ok(line) if castle.line(line).is_some() => Ok(line),
        _ => Err(lines_of(castle)),
    }
}

/// The lines `castle` has, in words: `Edo has lines 1 to 3 and the daimyo
/// line`.
fn lines_of(castle: Castle) -> String {
    let printed = castle.printed_lines().len();
    let special = if castle.has_special_line() {
        "the"
    } else {
        "no"
    };
    if printed == 1 {
        format!("{castle} has line 1 and {special} daimyo line")
    } else {
        format!("{castle} has lines 1 to {printed} and {special} daimyo line")
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer};

    use super::Action;
    use crate::castle::Castle;
    use crate::error::AgeOfWarError;

    /// The serialised form of an action, checked on the way in.
    #[derive(Deserialize)]
    #[serde(rename_all = "snake_case", deny_unknown_fields)]
    enum RawAction {
        Fill { castle: Castle, line: u8 },
        LoseDie,
    }

    impl<'de> Deserialize<'de> for Action {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            match RawAction::deserialize(deserializer)? {
                RawAction::Fill { castle, line } if castle.line(line).is_none() => {
                    Err(D::Error::custom(AgeOfWarError::NoSuchLine { castle, line }))
                }
                RawAction::Fill { castle, line } => Ok(Action::Fill { castle, line }),
                RawAction::LoseDie => Ok(Action::LoseDie),
            }
        }
    }
}
