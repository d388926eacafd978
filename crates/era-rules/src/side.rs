//! Which of a die's six faces: a column of table D1.

use core::fmt;

/// One of the six faces of a die, by its column in table D1: `Side::One`
/// is face 1. Records write the face index, 0 to 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Face 1 (index 0).
    One,
    /// Face 2 (index 1).
    Two,
    /// Face 3 (index 2).
    Three,
    /// Face 4 (index 3).
    Four,
    /// Face 5 (index 4).
    Five,
    /// Face 6 (index 5).
    Six,
}

impl Side {
    /// All six, face 1 first.
    pub const ALL: [Side; 6] = [
        Side::One,
        Side::Two,
        Side::Three,
        Side::Four,
        Side::Five,
        Side::Six,
    ];

    /// The face with this index (0 to 5), as records write it.
    pub const fn from_index(index: u8) -> Option<Side> {
        match index {
            0 => Some(Side::One),
            1 => Some(Side::Two),
            2 => Some(Side::Three),
            3 => Some(Side::Four),
            4 => Some(Side::Five),
            5 => Some(Side::Six),
            _ => None,
        }
    }

    /// The face's index, 0 to 5.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The face's number in table D1, 1 to 6.
    pub const fn number(self) -> u8 {
        match self {
            Side::One => 1,
            Side::Two => 2,
            Side::Three => 3,
            Side::Four => 4,
            Side::Five => 5,
            Side::Six => 6,
        }
    }

    /// The face with this number (1 to 6) of table D1.
    pub const fn from_number(number: u8) -> Option<Side> {
        match number.checked_sub(1) {
            Some(index) => Side::from_index(index),
            None => None,
        }
    }
}

impl fmt::Display for Side {
    /// `face 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "face {}", self.number())
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::Side;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Side {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_u8(self.index())
        }
    }

    impl<'de> Deserialize<'de> for Side {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let index = u8::deserialize(d)?;
            Side::from_index(index).ok_or_else(|| {
                serde::de::Error::custom(alloc::format!(
                    "face index {index} is not a face of a die (0 to 5, table D1)"
                ))
            })
        }
    }
}
