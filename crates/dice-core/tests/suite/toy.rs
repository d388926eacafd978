//! What the suite's toy games share: moves of two words, and the one
//! refusal they give.

use dice_core::{Game, ParseActionError};

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

/// The refusal of a word that is neither move.
pub fn unknown(text: &str, words: [&str; 2]) -> ParseActionError {
    ParseActionError::new(text, words.join(" or "))
}
