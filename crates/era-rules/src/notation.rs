//! Actions as a person types them, and chance outcomes as text.
//!
//! One action per line, words separated by spaces, case ignored (the
//! notation is ASCII, so only ASCII letters are folded):
//!
//! | action | text |
//! |---|---|
//! | lay out or build a piece | `place farm at c3 turn 0` (`at` and `turn` optional; orientation 0 if left out) |
//! | choose the piece to build | `build farm` (or `choose farm`) |
//! | set a die aside to roll again | `reroll yellow 3` |
//! | roll the dice set aside | `roll` |
//! | stop rolling, feathers or building | `done` |
//! | a feather re-roll | `feather 2`, `feather 2 with yellow 6` |
//! | a Monastery sets a die | `set yellow 1 to 2` |
//! | a choice face's set | `collect yellow 5 b` |
//! | a disaster's choices | `scorch e4`, `burn c3`, `lose wood`, `refuse` (the points) |
//! | Extort | `demand wood`, `pay`, `refuse` |
//!
//! A face is its number in table D1 (1 to 6) or its symbols (`fff`,
//! `ff|s`) when no other face of that colour shows the same; a set of a
//! choice face is `a`, `b` or its symbols. Pieces are written as in
//! records (`lumber_mill`, `wall4`, `scorched`).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use dice_core::ParseActionError;

use crate::action::{Action, Chance, DieRef};
use crate::building::BuildingKind;
use crate::cell::Cell;
use crate::colour::Colour;
use crate::face::ChoiceSet;
use crate::piece::Piece;
use crate::ruleset::Ruleset;
use crate::side::Side;
use crate::start_player::start_roll_shown;
use crate::state::Era;
use crate::symbols::Resource;

const ACTIONS: &str = "place, build, reroll, roll, set, done, feather, collect, scorch, burn, lose, demand, pay or refuse";

/// The text [`read`] reads back.
pub(crate) fn write(action: Action) -> String {
    let die = |d: DieRef| format!("{} {}", d.die, d.face.number());
    match action {
        Action::Place { piece, at, turn } => format!("place {piece} at {at} turn {turn}"),
        Action::Choose(piece) => format!("build {piece}"),
        Action::Reroll(d) => format!("reroll {}", die(d)),
        Action::Roll => "roll".into(),
        Action::Done => "done".into(),
        Action::Feather { face, with: None } => format!("feather {}", face.number()),
        Action::Feather {
            face,
            with: Some(d),
        } => format!("feather {} with {}", face.number(), die(d)),
        Action::SetDie { die, from, to } => {
            format!("set {die} {} to {}", from.number(), to.number())
        }
        Action::Collect { die, face, set } => format!("collect {die} {} {set}", face.number()),
        Action::Scorch(cell) => format!("scorch {cell}"),
        Action::Burn(cell) => format!("burn {cell}"),
        Action::Demand(r) => format!("demand {r}"),
        Action::Pay => "pay".into(),
        Action::Refuse => "refuse".into(),
        Action::Lose(r) => format!("lose {r}"),
    }
}

/// Reads an action written as [`write`] writes it, forgiving case, spacing
/// and the optional words.
pub(crate) fn read(ruleset: &Ruleset, text: &str) -> Result<Action, ParseActionError> {
    let mut words = Words::new(text, ruleset);
    let action = words.action()?;
    match words.next() {
        None => Ok(action),
        Some(extra) => Err(words.fail(format!("`{extra}` after a whole action"))),
    }
}

/// The words of one action, read left to right.
struct Words<'a> {
    text: &'a str,
    list: Vec<String>,
    next: usize,
    ruleset: &'a Ruleset,
}

impl<'a> Words<'a> {
    fn new(text: &'a str, ruleset: &'a Ruleset) -> Self {
        Words {
            text,
            list: text
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|w| !w.is_empty())
                .map(str::to_ascii_lowercase)
                .collect(),
            next: 0,
            ruleset,
        }
    }

    fn fail(&self, reason: impl Into<String>) -> ParseActionError {
        ParseActionError::new(self.text, reason)
    }

    fn next(&mut self) -> Option<String> {
        let w = self.list.get(self.next)?.clone();
        self.next = self.next.saturating_add(1);
        Some(w)
    }

    /// The next word, or an error saying what was expected there.
    fn word(&mut self, what: &str) -> Result<String, ParseActionError> {
        self.next()
            .ok_or_else(|| self.fail(format!("expected {what} at the end")))
    }

    /// Skips `word` if it comes next.
    fn optional(&mut self, word: &str) -> bool {
        let here = self.list.get(self.next).is_some_and(|w| w == word);
        if here {
            self.next = self.next.saturating_add(1);
        }
        here
    }

    fn action(&mut self) -> Result<Action, ParseActionError> {
        let verb = self
            .next()
            .ok_or_else(|| self.fail(format!("expected an action: {ACTIONS}")))?;
        Ok(match verb.as_str() {
            "place" => {
                let piece = self.piece()?;
                self.optional("at");
                let at = self.cell()?;
                let turn = if self.optional("turn") || self.optional("orientation") {
                    self.number("an orientation number")?
                } else {
                    match self.next() {
                        Some(w) => w.parse().map_err(|_| {
                            self.fail(format!("`{w}` is not an orientation number"))
                        })?,
                        None => 0,
                    }
                };
                Action::Place { piece, at, turn }
            }
            "build" | "choose" => Action::Choose(self.piece()?),
            "reroll" => Action::Reroll(self.die()?),
            "roll" => Action::Roll,
            "done" | "stop" => Action::Done,
            "feather" => {
                let face = self.face(Colour::White)?;
                let with = if self.optional("with") {
                    Some(self.die()?)
                } else {
                    None
                };
                Action::Feather { face, with }
            }
            "set" => {
                let from = self.die()?;
                self.optional("to");
                let to = self.face(from.die)?;
                Action::SetDie {
                    die: from.die,
                    from: from.face,
                    to,
                }
            }
            "collect" => {
                let d = self.die()?;
                self.optional("set");
                let set = self.set(d)?;
                Action::Collect {
                    die: d.die,
                    face: d.face,
                    set,
                }
            }
            "scorch" => Action::Scorch(self.cell()?),
            "burn" => Action::Burn(self.cell()?),
            "demand" => Action::Demand(self.resource()?),
            "pay" => Action::Pay,
            "refuse" => Action::Refuse,
            "lose" => Action::Lose(self.resource()?),
            other => {
                return Err(self.fail(format!("`{other}` is no action; expected {ACTIONS}")));
            }
        })
    }

    fn number(&mut self, what: &str) -> Result<u8, ParseActionError> {
        let w = self.word(what)?;
        w.parse()
            .map_err(|_| self.fail(format!("`{w}` is not {what}")))
    }

    fn piece(&mut self) -> Result<Piece, ParseActionError> {
        const PIECES: &str = "a building (keep, longhouse, townhouse, church, farm, lumber_mill, \
             market, hospital, guildhall, monastery, university, cathedral), wall1 to wall8 or scorched";
        let w = self.word(PIECES)?;
        let w = if w == "wall" {
            let length = self.word("a wall's length")?;
            format!("wall{length}")
        } else {
            w.replace('-', "_")
        };
        if let Some(kind) = BuildingKind::ALL
            .into_iter()
            .find(|k| bare(k.name()).eq(bare(&w)))
        {
            return Ok(Piece::Building(kind));
        }
        w.parse()
            .map_err(|_| self.fail(format!("`{w}` is not {PIECES}")))
    }

    fn cell(&mut self) -> Result<Cell, ParseActionError> {
        let w = self.word("a cell like e5")?;
        w.parse()
            .map_err(|_| self.fail(format!("`{w}` is not a cell like e5")))
    }

    fn colour(&mut self) -> Result<Colour, ParseActionError> {
        let w = self.word("a die colour: yellow, gray, blue or white")?;
        let w = if w == "grey" { "gray".into() } else { w };
        Colour::ALL
            .into_iter()
            .find(|c| c.name() == w)
            .ok_or_else(|| {
                self.fail(format!(
                    "`{w}` is not a die colour: yellow, gray, blue or white"
                ))
            })
    }

    /// A face of a `colour` die: its number, or its symbols if no other
    /// face of the die shows them.
    fn face(&mut self, colour: Colour) -> Result<Side, ParseActionError> {
        let w = self.word("a face: its number 1 to 6, or its symbols")?;
        if let Ok(n) = w.parse::<u8>() {
            return Side::from_number(n).ok_or_else(|| {
                self.fail(format!("`{w}`: the faces of a die are numbered 1 to 6"))
            });
        }
        let shows = |s: &Side| same_symbols(&self.ruleset.face(colour, *s).to_string(), &w);
        let mut matching = Side::ALL.into_iter().filter(shows);
        match (matching.next(), matching.next()) {
            (Some(side), None) => Ok(side),
            (Some(a), Some(b)) => Err(self.fail(format!(
                "`{w}`: faces {} and {} of the {colour} die both show it; give the face number",
                a.number(),
                b.number()
            ))),
            (None, _) => Err(self.fail(format!(
                "`{w}` is no face of the {colour} die: give its number 1 to 6, or its symbols"
            ))),
        }
    }

    /// A die: its colour, then one of its faces.
    fn die(&mut self) -> Result<DieRef, ParseActionError> {
        let die = self.colour()?;
        Ok(DieRef {
            die,
            face: self.face(die)?,
        })
    }

    /// A set of the choice face `d` shows: `a`, `b`, or the set's symbols.
    fn set(&mut self, d: DieRef) -> Result<ChoiceSet, ParseActionError> {
        let w = self.word("a set: a or b")?;
        let face = self.ruleset.face(d.die, d.face);
        ChoiceSet::ALL
            .into_iter()
            .find(|set| set.to_string() == w || same_symbols(&face.yields(*set).to_string(), &w))
            .ok_or_else(|| self.fail(format!("`{w}` is no set of the face {face}: a or b")))
    }

    fn resource(&mut self) -> Result<Resource, ParseActionError> {
        let w = self.word("a resource: goods, stone, wood or food")?;
        Resource::ALL
            .into_iter()
            .find(|r| r.name() == w)
            .ok_or_else(|| {
                self.fail(format!(
                    "`{w}` is not a resource: goods, stone, wood or food"
                ))
            })
    }
}

/// A name without its underscores, as `lumbermill`.
fn bare(name: &str) -> impl Iterator<Item = char> + '_ {
    name.chars().filter(|&c| c != '_')
}

/// Whether `typed` names the same symbols as `shown` (a face as written):
/// the same letters, in any order and case, the same side of a bar.
fn same_symbols(shown: &str, typed: &str) -> bool {
    let mut shown = shown.split('|');
    let mut typed = typed.split('|');
    loop {
        match (shown.next(), typed.next()) {
            (None, None) => return true,
            (Some(a), Some(b)) if same_letters(a, b) => {}
            _ => return false,
        }
    }
}

/// Whether `a` and `b` hold the same letters, each as often, in any order
/// and case, spaces aside. Both are a few letters long.
fn same_letters(a: &str, b: &str) -> bool {
    let letters = |s: &str| {
        s.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| c.to_ascii_uppercase())
            .collect::<Vec<char>>()
    };
    let (a, b) = (letters(a), letters(b));
    let count = |of: &[char], letter: char| of.iter().filter(|&&c| c == letter).count();
    a.len() == b.len()
        && a.iter()
            .all(|&letter| count(&a, letter) == count(&b, letter))
}

impl Era {
    /// The outcome in full, dice by their faces: `player 1 rolls yellow:
    /// FFF FFF WHK`.
    pub(crate) fn outcome_text(&self, outcome: Chance) -> String {
        let mut text = String::new();
        match outcome {
            Chance::StartRoll(faces) => {
                text.push_str("the start-player roll:");
                for (sep, seat, side) in start_roll_shown(&faces) {
                    let face = self.ruleset().face(Colour::Gray, side);
                    let _ = write!(text, "{sep} player {seat} rolls {face} ({side})");
                }
            }
            Chance::Roll { die, faces } => {
                let seat = self.rolling_seat().unwrap_or_else(|| self.start_player());
                let _ = write!(text, "player {seat} rolls {die}:");
                for (side, &n) in faces.iter() {
                    for _ in 0..n {
                        let _ = write!(text, " {}", self.ruleset().face(die, side));
                    }
                }
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::same_symbols;

    #[test]
    fn symbols_match_in_any_order_and_case() {
        assert!(same_symbols("WHK", "kwh"));
        assert!(same_symbols("FF|S", "ff | s"));
        assert!(!same_symbols("FF|S", "s|ff"));
        assert!(!same_symbols("FFF", "ff"));
    }
}
