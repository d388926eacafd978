//! Serde forms the derive does not give: the 40-square arrays, and square
//! sets as lists of square names.

use alloc::vec::Vec;
use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

pub(crate) fn serialize<S: Serializer, T: Serialize, const N: usize>(
    items: &[T; N],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(items.iter())
}

pub(crate) fn deserialize<'de, D, T, const N: usize>(d: D) -> Result<[T; N], D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    let items = Vec::<T>::deserialize(d)?;
    let len = items.len();
    items
        .try_into()
        .map_err(|_| D::Error::invalid_length(len, &"one entry per square"))
}

/// A square set as a list of square names, for readable states and views.
pub(crate) mod square_set {
    use alloc::vec::Vec;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use crate::board::{Square, squares_of};

    #[allow(clippy::trivially_copy_pass_by_ref)] // the signature serde calls
    pub(crate) fn serialize<S: Serializer>(set: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(squares_of(*set))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let squares = Vec::<Square>::deserialize(d)?;
        let mut set = 0u64;
        for s in squares {
            if set & s.bit() != 0 {
                return Err(D::Error::custom(format_args!("square {s} is listed twice")));
            }
            set |= s.bit();
        }
        Ok(set)
    }
}
