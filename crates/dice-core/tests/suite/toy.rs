//! What the suite's toy games share: moves of two words, and the one
//! refusal they give.

use dice_core::{Game, ParseActionError, ToMove};

/// A move or an outcome the position does not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not now")]
pub struct NotNow;

/// Refuses `action` unless it is among the legal actions.
pub fn listed<G: Game<Error = NotNow>>(game: &G, action: &G::Action) -> Result<(), NotNow> {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    legal.contains(action).then_some(()).ok_or(NotNow)
}

/// Who is to move in a toy game where seat 0 alone decides: nobody once
/// `over`, chance while the die or coin is `in_the_air`, else seat 0.
pub fn seat_zero_or_chance(over: bool, in_the_air: bool) -> ToMove {
    if over {
        ToMove::Over
    } else if in_the_air {
        ToMove::Chance
    } else {
        ToMove::Player(0)
    }
}

/// A move of two variants, each told by its word; the ids follow the
/// order written.
macro_rules! two_moves {
    ($(#[$meta:meta])* $name:ident { $first:ident = $first_text:literal, $second:ident = $second_text:literal }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        enum $name {
            $first,
            $second,
        }

        impl $name {
            const ALL: [$name; 2] = [$name::$first, $name::$second];

            fn word(self) -> &'static str {
                match self {
                    $name::$first => $first_text,
                    $name::$second => $second_text,
                }
            }

            fn from_text(text: &str) -> Result<$name, dice_core::ParseActionError> {
                $name::ALL
                    .into_iter()
                    .find(|m| m.word() == text)
                    .ok_or_else(|| $crate::toy::unknown(text, $name::ALL.map($name::word)))
            }

            fn id(self) -> u32 {
                match self {
                    $name::$first => 0,
                    $name::$second => 1,
                }
            }

            fn from_id(id: u32) -> Option<$name> {
                $name::ALL.get(usize::try_from(id).ok()?).copied()
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.word())
            }
        }
    };
}

pub(crate) use two_moves;

/// Inside `impl Game`, the methods that speak only of the moves, a type
/// [`two_moves!`] declared: their text and their ids.
macro_rules! move_methods {
    ($name:ident) => {
        fn action_text(&self, action: &$name) -> String {
            action.to_string()
        }
        fn action_from_text(&self, text: &str) -> Result<$name, dice_core::ParseActionError> {
            $name::from_text(text)
        }
        fn action_id_bound(&self) -> u32 {
            2
        }
        fn action_id(&self, action: &$name) -> Option<u32> {
            Some(action.id())
        }
        fn action_from_id(&self, id: u32) -> Option<$name> {
            $name::from_id(id)
        }
    };
}

pub(crate) use move_methods;

/// The refusal of a word that is neither move.
pub fn unknown(text: &str, words: [&str; 2]) -> ParseActionError {
    ParseActionError::new(text, words.join(" or "))
}
