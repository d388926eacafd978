//! The text notation of actions: what a person types, and what a log
//! shows the actor.
//!
//! `warrior d3 4`, `pass`, `reinforce d3`, `palisade c2e`, `end turn`,
//! `power mage d3`, `power goblin d3 1`, `power orc c2e`, `power elf d3`.
//! Reading ignores case and extra spaces, and also takes `d3=4` for
//! `d3 4` and `end_turn` for `end turn`.

use alloc::format;
use alloc::string::String;
use core::fmt::{self, Write as _};
use core::str::FromStr;

use dice_core::ParseActionError;

use crate::action::{Action, Power};
use crate::army::Value;
use crate::board::{Line, Named, Square};

/// The shapes of every action, for errors about text that is none.
const EXPECTED: &str = "expected warrior SQUARE VALUE, palisade LINE, end turn, pass, \
                        reinforce SQUARE or power FACTION ...";

/// An action in the text notation, value included: see
/// [`Action::notation`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Notation(Action);

impl fmt::Display for Notation {
    /// Written piece by piece, each name whole: a text is made for every
    /// legal action offered, every turn.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Action::Warrior { at, value } => {
                f.write_str("warrior ")?;
                write_square_and_value(f, at, value)
            }
            Action::Pass => f.write_str("pass"),
            Action::Reinforce(at) => {
                f.write_str("reinforce ")?;
                at.with_name(|name| f.write_str(name))
            }
            Action::Palisade(line) => {
                f.write_str("palisade ")?;
                line.with_name(|name| f.write_str(name))
            }
            Action::EndTurn => f.write_str("end turn"),
            Action::Power(Power::Mage(at)) => {
                f.write_str("power mage ")?;
                at.with_name(|name| f.write_str(name))
            }
            Action::Power(Power::Goblin { at, value }) => {
                f.write_str("power goblin ")?;
                write_square_and_value(f, at, value)
            }
            Action::Power(Power::Orc(line)) => {
                f.write_str("power orc ")?;
                line.with_name(|name| f.write_str(name))
            }
            Action::Power(Power::Elf(at)) => {
                f.write_str("power elf ")?;
                at.with_name(|name| f.write_str(name))
            }
        }
    }
}

/// `d3 4`: a square and a warrior's value (1 to 5, one digit).
fn write_square_and_value(f: &mut fmt::Formatter<'_>, at: Square, value: Value) -> fmt::Result {
    at.with_name(|name| f.write_str(name))?;
    f.write_char(' ')?;
    f.write_char(char::from(b'0'.saturating_add(value.get())))
}

impl Action {
    /// The action in the text notation, naming a warrior's value: the
    /// actor's own text, never for another seat's eyes (narrate
    /// [`Game::seen_action`](dice_core::Game::seen_action) to them).
    /// [`str::parse`] reads it back.
    ///
    /// ```
    /// use armadora_rules::{Action, Value};
    ///
    /// let action = Action::Warrior { at: "b1".parse().unwrap(), value: Value::Four };
    /// assert_eq!(action.notation().to_string(), "warrior b1 4");
    /// assert_eq!("Warrior  B1=4".parse::<Action>(), Ok(action));
    /// ```
    pub const fn notation(self) -> Notation {
        Notation(self)
    }
}

/// Reads the text notation (see [`Action::notation`]).
///
/// ```
/// use armadora_rules::Action;
///
/// let err = "warrior z9 4".parse::<Action>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "\"warrior z9 4\" is not an action: z9 is not a square (a1 to h5)"
/// );
/// ```
impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        read(text).map_err(|reason| ParseActionError::new(text, reason))
    }
}

/// The words of `text`, lower case, with `=` read as a space.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| c.is_whitespace() || c == '=')
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
}

/// A square and a value, read for `who` (a warrior, the Goblin) from the
/// words `next` reads.
fn square_and_value(
    who: &str,
    next: &mut impl FnMut(&str) -> Result<String, String>,
) -> Result<(Square, Value), String> {
    let at = square(&next(&format!("{who} needs a square and a value"))?)?;
    Ok((at, value(&next(&format!("{who} needs a value"))?)?))
}

fn read(text: &str) -> Result<Action, String> {
    let mut words = words(text);
    let Some(first) = words.next() else {
        return Err(format!("the text is empty: {EXPECTED}"));
    };
    let mut next = |what: &str| {
        words
            .next()
            .ok_or_else(|| format!("{what}, like \"{}\"", example(&first)))
    };
    let action = match first.as_str() {
        "pass" => Action::Pass,
        "end_turn" | "end-turn" | "endturn" => Action::EndTurn,
        "end" => match next("end turn")?.as_str() {
            "turn" => Action::EndTurn,
            other => return Err(format!("\"end {other}\" is no action: end turn, maybe?")),
        },
        "warrior" => {
            let (at, value) = square_and_value("a warrior", &mut next)?;
            Action::Warrior { at, value }
        }
        "reinforce" => Action::Reinforce(square(&next("a reinforcement needs a square")?)?),
        "palisade" => Action::Palisade(line(&next("a palisade needs a line")?)?),
        "power" => {
            let faction = next("a power needs a faction")?;
            let power = match faction.as_str() {
                "mage" => Power::Mage(square(&next("the Mage needs a square")?)?),
                "goblin" => {
                    let (at, value) = square_and_value("the Goblin", &mut next)?;
                    Power::Goblin { at, value }
                }
                "orc" => Power::Orc(line(&next("the Orc needs a line")?)?),
                "elf" => Power::Elf(square(&next("the Elf needs a square")?)?),
                other => {
                    return Err(format!(
                        "\"{other}\" is not a faction: expected power mage SQUARE, \
                         power goblin SQUARE VALUE, power orc LINE or power elf SQUARE"
                    ));
                }
            };
            Action::Power(power)
        }
        other => return Err(format!("\"{other}\" is no kind of action: {EXPECTED}")),
    };
    match words.next() {
        None => Ok(action),
        Some(extra) => Err(format!(
            "\"{extra}\" is one word too many: {} is complete",
            action.notation()
        )),
    }
}

/// A complete example of the action `first` begins.
fn example(first: &str) -> &'static str {
    match first {
        "warrior" => "warrior d3 4",
        "reinforce" => "reinforce d3",
        "palisade" => "palisade c2e",
        "end" => "end turn",
        _ => "power mage d3",
    }
}

fn square(word: &str) -> Result<Square, String> {
    word.parse()
        .map_err(|_| format!("{word} is not a square (a1 to h5)"))
}

fn line(word: &str) -> Result<Line, String> {
    word.parse().map_err(|_| {
        format!("{word} is not a line (the east or south side of a square inside the board, like c2e or c2s)")
    })
}

fn value(word: &str) -> Result<Value, String> {
    word.parse::<u8>()
        .ok()
        .and_then(Value::new)
        .ok_or_else(|| format!("{word} is not a warrior value (1 to 5)"))
}
