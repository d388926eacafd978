//! Typed maps: one value per die colour, resource, building kind, die face
//! or table size, indexed by the key itself (as shakmaty's `ByColor` is by
//! `Color`), so that no index can fall outside the table.

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Index, IndexMut};

use dice_core::write_separated;

use crate::building::BuildingKind;
use crate::colour::Colour;
use crate::side::Side;
use crate::symbols::{Resource, Symbol};
use crate::table::TableSize;

/// One value per [`Colour`]: yellow, gray, blue, white.
pub type ByColour<T> = Map<Colour, T, 4>;

/// One value per [`Resource`]: goods, stone, wood, food.
pub type ByResource<T> = Map<Resource, T, 4>;

/// One value per [`BuildingKind`], in the order of table D3.
pub type ByBuilding<T> = Map<BuildingKind, T, 12>;

/// One value per [`Side`] of a die: what each face shows, or how many dice
/// show it.
pub type BySide<T> = Map<Side, T, 6>;

/// How many dice (of one colour) show each face.
pub type FaceCounts = BySide<u8>;

/// One value per [`TableSize`]: for 2, 3 and 4 players.
pub type ByTable<T> = Map<TableSize, T, 3>;

/// One value per [`Symbol`]: how many of each a face shows.
pub type BySymbol<T> = Map<Symbol, T, 10>;

/// A key of a [`Map`]: one of a fixed list of `N` values.
///
/// Implemented by this crate's small enums only ([`Colour`],
/// [`Resource`], [`BuildingKind`], [`Side`], [`TableSize`], [`Symbol`]).
pub trait Key<const N: usize>: Copy + Eq + fmt::Debug + sealed::Sealed {
    /// Every key, in order.
    const ALL: [Self; N];

    /// The key's place in [`Key::ALL`], below `N`.
    fn position(self) -> usize;
}

mod sealed {
    /// Only this crate's enums are keys, so every position is below `N`.
    pub trait Sealed {}
}

/// Implements [`Key`] for fieldless enums whose variants are listed, in
/// declaration order, in their `ALL`.
macro_rules! keys {
    ($($key:ty, $n:literal;)*) => {$(
        impl sealed::Sealed for $key {}

        impl Key<$n> for $key {
            const ALL: [$key; $n] = <$key>::ALL;

            fn position(self) -> usize {
                self as usize
            }
        }
    )*};
}

keys! {
    Colour, 4;
    Resource, 4;
    BuildingKind, 12;
    Side, 6;
    TableSize, 3;
    Symbol, 10;
}

/// One value per key `K`, `N` in all.
///
/// Written as a JSON array in the order of [`Key::ALL`]
/// (`"resources": [0, 2, 2, 2]` for goods, stone, wood, food).
///
/// ```
/// use era_rules::Resource;
/// use era_rules::map::ByResource;
///
/// let mut stock = ByResource::from_fn(|_| 2u8);
/// stock[Resource::Goods] = 0;
/// assert_eq!(stock.as_array(), &[0, 2, 2, 2]);
/// assert_eq!(stock.iter().filter(|(_, n)| **n > 0).count(), 3);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Map<K, T, const N: usize> {
    values: [T; N],
    keys: PhantomData<K>,
}

impl<K: Key<N>, T, const N: usize> Map<K, T, N> {
    /// The map holding `value(key)` for every key.
    pub fn from_fn(value: impl FnMut(K) -> T) -> Self {
        Map::from_array(K::ALL.map(value))
    }

    /// The map whose values are `values`, in the order of [`Key::ALL`].
    pub const fn from_array(values: [T; N]) -> Self {
        Map {
            values,
            keys: PhantomData,
        }
    }

    /// The values, in the order of [`Key::ALL`].
    pub const fn as_array(&self) -> &[T; N] {
        &self.values
    }

    /// Each key with its value.
    pub fn iter(&self) -> impl Iterator<Item = (K, &T)> + Clone {
        K::ALL.into_iter().zip(&self.values)
    }

    /// Each key with its value, to change.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (K, &mut T)> {
        K::ALL.into_iter().zip(&mut self.values)
    }

    /// The values, in key order.
    pub fn values(&self) -> impl Iterator<Item = &T> + Clone {
        self.values.iter()
    }

    /// The map of `f(key, value)`.
    pub fn map<U>(&self, mut f: impl FnMut(K, &T) -> U) -> Map<K, U, N> {
        Map::from_fn(|k| f(k, &self[k]))
    }
}

impl<K: Key<N>, const N: usize> Map<K, u8, N> {
    /// The sum of the values.
    pub fn total(&self) -> u32 {
        self.values.iter().map(|&n| u32::from(n)).sum()
    }

    /// Whether any value is above zero.
    pub fn any(&self) -> bool {
        self.values.iter().any(|&n| n > 0)
    }
}

impl<K, T: Default, const N: usize> Default for Map<K, T, N> {
    fn default() -> Self {
        Map {
            values: core::array::from_fn(|_| T::default()),
            keys: PhantomData,
        }
    }
}

impl<K: Key<N>, T, const N: usize> Index<K> for Map<K, T, N> {
    type Output = T;

    #[expect(
        clippy::indexing_slicing,
        reason = "a key's position is below N: the keys are this crate's enums, in order (`Key` is sealed)"
    )]
    fn index(&self, key: K) -> &T {
        &self.values[key.position()]
    }
}

impl<K: Key<N>, T, const N: usize> IndexMut<K> for Map<K, T, N> {
    #[expect(
        clippy::indexing_slicing,
        reason = "a key's position is below N: the keys are this crate's enums, in order (`Key` is sealed)"
    )]
    fn index_mut(&mut self, key: K) -> &mut T {
        &mut self.values[key.position()]
    }
}

impl<K: Key<N>, T: fmt::Debug, const N: usize> fmt::Debug for Map<K, T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<K: Key<N> + fmt::Display, T: fmt::Display, const N: usize> fmt::Display for Map<K, T, N> {
    /// `yellow 3, gray 1, blue 0, white 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_separated(f, ", ", self.iter(), |f, (key, value)| {
            write!(f, "{key} {value}")
        })
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::Map;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl<K, T, const N: usize> Serialize for Map<K, T, N>
    where
        [T; N]: Serialize,
    {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            self.values.serialize(s)
        }
    }

    impl<'de, K, T, const N: usize> Deserialize<'de> for Map<K, T, N>
    where
        [T; N]: Deserialize<'de>,
    {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            Ok(Map {
                values: <[T; N]>::deserialize(d)?,
                keys: core::marker::PhantomData,
            })
        }
    }
}
