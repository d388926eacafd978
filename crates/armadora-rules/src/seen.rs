//! Actions as a viewer may know them (ARM-14): the narration a server may
//! send to a seat or a spectator.

use core::fmt;

use crate::action::{Action, Power};
use crate::army::Value;
use crate::board::{Line, Square};

/// An action as one viewer may know it: an opponent's warrior placement
/// shows its square and not its value (ARM-14). Everything else in an
/// action is public: lines, squares, passes, and the Goblin's warrior,
/// which goes face up.
///
/// Who sees a placed warrior's value is who sees it on the board right
/// after ([`Table::sees`](crate::Table::sees)): its owner when `peek_own`
/// is on, and nobody else. So with `peek_own` off even the actor's own
/// history shows a placement face down, as their view does.
///
/// Its JSON is the action's record form with the hidden value left out:
/// `{"warrior": {"at": "d3"}}` for a hidden value, `{"warrior": {"at":
/// "d3", "value": 4}}` when seen; every other action is written as in a
/// record. Its [`Display`](fmt::Display) is the narration for that viewer:
/// `places a warrior face down on d3`, `places a warrior of value 4 face
/// down on d3`, `places a palisade on c2e`, `passes`, ...
///
/// ```
/// use armadora_rules::prelude::*;
///
/// let mut game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
/// game.apply_chance(Chance::Gold([3, 4, 4, 5, 5, 6, 6, 7])).unwrap();
/// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
/// let action = Action::Warrior { at: "d3".parse().unwrap(), value: Value::Four };
/// let to_opponent = game.seen_action(&action, Viewer::Seat(1));
/// assert_eq!(to_opponent.to_string(), "places a warrior face down on d3");
/// let to_actor = game.seen_action(&action, Viewer::Seat(0));
/// assert_eq!(to_actor.to_string(), "places a warrior of value 4 face down on d3");
/// assert_eq!(game.action_text(&action), "warrior d3 4");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum SeenAction {
    /// A warrior placed face down (ARM-7), its value if the viewer sees it.
    Warrior {
        /// Where.
        at: Square,
        /// Its value, if this viewer may see it.
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Option::is_none")
        )]
        value: Option<Value>,
    },
    /// A pass (ARM-7).
    Pass,
    /// A reinforcement (ARM-15).
    Reinforce(Square),
    /// A palisade (ARM-7).
    Palisade(Line),
    /// The end of a turn after one palisade.
    EndTurn,
    /// A power (ARM-15), all of it public.
    Power(Power),
}

impl SeenAction {
    /// `action` as every seat may know it: a warrior placement without its
    /// value.
    pub const fn public(action: Action) -> SeenAction {
        SeenAction::with_value_seen(action, false)
    }

    /// `action`, a placement's value shown when `value_seen`.
    pub(crate) const fn with_value_seen(action: Action, value_seen: bool) -> SeenAction {
        match action {
            Action::Warrior { at, value } => SeenAction::Warrior {
                at,
                value: if value_seen { Some(value) } else { None },
            },
            Action::Pass => SeenAction::Pass,
            Action::Reinforce(at) => SeenAction::Reinforce(at),
            Action::Palisade(line) => SeenAction::Palisade(line),
            Action::EndTurn => SeenAction::EndTurn,
            Action::Power(power) => SeenAction::Power(power),
        }
    }
}

impl fmt::Display for SeenAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeenAction::Warrior { at, value: None } => {
                write!(f, "places a warrior face down on {at}")
            }
            SeenAction::Warrior {
                at,
                value: Some(value),
            } => write!(f, "places a warrior of value {value} face down on {at}"),
            SeenAction::Pass => f.write_str("passes"),
            SeenAction::Reinforce(at) => write!(f, "reinforces the warrior on {at} (+1)"),
            SeenAction::Palisade(line) => write!(f, "places a palisade on {line}"),
            SeenAction::EndTurn => f.write_str("ends the turn after one palisade"),
            SeenAction::Power(Power::Mage(at)) => {
                write!(f, "uses the Mage to look at the warrior on {at}")
            }
            SeenAction::Power(Power::Goblin { at, value }) => {
                write!(
                    f,
                    "uses the Goblin: a warrior of value {value} face up on {at}"
                )
            }
            SeenAction::Power(Power::Orc(line)) => {
                write!(f, "uses the Orc: an extra palisade on {line}")
            }
            SeenAction::Power(Power::Elf(at)) => {
                write!(f, "uses the Elf: an arrow at the warrior on {at} (-1)")
            }
        }
    }
}

/// What every seat may know of the action: a placement without its value
/// (`places a warrior face down on d3`). The actor's notation is
/// [`Action::notation`].
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&SeenAction::public(*self), f)
    }
}
