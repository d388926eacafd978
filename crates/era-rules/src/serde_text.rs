//! Cells and pieces in JSON: written as their text (`"e5"`, `"wall3"`) and
//! read back by parsing it, so that a record spells them as the notation
//! does and accepts nothing the notation refuses.

use alloc::borrow::Cow;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::cell::Cell;
use crate::piece::Piece;

/// Implements `Serialize` by `Display` and `Deserialize` by `FromStr`.
macro_rules! serde_by_text {
    ($($ty:ty),+) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <Cow<'de, str>>::deserialize(d)?;
                s.parse().map_err(D::Error::custom)
            }
        }
    )+};
}

serde_by_text!(Cell, Piece);
