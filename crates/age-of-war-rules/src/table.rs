//! Where every castle is: the centre or in front of a player (AOW-4,
//! AOW-10, AOW-11).

use core::fmt;

use dice_core::Seat;

use crate::castle::{Castle, Clan};
use crate::per_castle::{CastleSet, PerCastle};

/// Where a castle card lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Place {
    /// In the centre, not yet conquered.
    Centre,
    /// In front of this seat (face up, or face down in a conquered clan).
    Player(Seat),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Centre => f.write_str("centre"),
            Place::Player(seat) => write!(f, "player {seat}"),
        }
    }
}

/// The table: where each of the fourteen castles is.
///
/// Every castle is in exactly one place by construction. Whether a clan is
/// conquered follows from the places (AOW-11: one player holds all of its
/// castles), so it can never disagree with them.
///
/// In records, the list of the fourteen places in table order; a seat
/// beyond the largest table ([`MAX_PLAYERS`](crate::config::MAX_PLAYERS))
/// is refused.
///
/// ```
/// use age_of_war_rules::Castle;
/// use age_of_war_rules::castle::Clan;
/// use age_of_war_rules::table::{Place, Table};
///
/// let mut table = Table::new();
/// assert_eq!(table.centre().count(), 14);
/// table.set(Castle::Kumamoto, Place::Player(1));
/// assert_eq!(table.clan_conqueror(Clan::Shimazu), Some(1));
/// assert!(table.is_face_down(Castle::Kumamoto));
/// assert_eq!(table.score(1), 3);
/// ```
/// Written as an object from castle name to place, in table order:
/// `{"azuchi": "centre", "matsumoto": {"player": 1}, ...}`; read from
/// that, or from the fourteen places as a list in table order (the form
/// states were first written in).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Table {
    places: PerCastle<Place>,
}

impl Default for Table {
    fn default() -> Self {
        Table::new()
    }
}

impl Table {
    /// Every castle in the centre (AOW-4).
    pub const fn new() -> Table {
        Table {
            places: PerCastle::from_array([Place::Centre; Castle::ALL.len()]),
        }
    }

    /// Where `castle` is.
    pub const fn place(&self, castle: Castle) -> Place {
        *self.places.get(castle)
    }

    /// Moves `castle` to `place`.
    pub fn set(&mut self, castle: Castle, place: Place) {
        *self.places.get_mut(castle) = place;
    }

    /// The seat holding `castle`, if it has left the centre.
    pub const fn holder(&self, castle: Castle) -> Option<Seat> {
        match self.place(castle) {
            Place::Centre => None,
            Place::Player(seat) => Some(seat),
        }
    }

    /// The castles still in the centre, in table order.
    pub fn centre(&self) -> impl Iterator<Item = Castle> + '_ {
        self.places
            .iter()
            .filter(|(_, place)| **place == Place::Centre)
            .map(|(castle, _)| castle)
    }

    /// Whether the centre is empty: the game is over (AOW-12).
    pub fn centre_is_empty(&self) -> bool {
        self.places.values().all(|&place| place != Place::Centre)
    }

    /// Every castle in front of `seat`, face up or face down.
    pub fn holdings(&self, seat: Seat) -> impl Iterator<Item = Castle> + '_ {
        self.places
            .iter()
            .filter(move |(_, place)| **place == Place::Player(seat))
            .map(|(castle, _)| castle)
    }

    /// The seat that conquered `clan`: the one holding all of its castles
    /// (AOW-11).
    pub fn clan_conqueror(&self, clan: Clan) -> Option<Seat> {
        let (first, rest) = clan.castles().split_first()?;
        let seat = self.holder(*first)?;
        rest.iter()
            .all(|&castle| self.holder(castle) == Some(seat))
            .then_some(seat)
    }

    /// The castles `seat` may attack (AOW-9, AOW-11): face up and not its
    /// own; one pass over the clans instead of one per castle.
    pub(crate) fn attackable(&self, seat: Seat) -> CastleSet {
        let mut targets = CastleSet::default();
        for clan in Clan::ALL {
            if self.clan_conqueror(clan).is_none() {
                for &castle in clan.castles() {
                    if self.holder(castle) != Some(seat) {
                        targets.insert(castle);
                    }
                }
            }
        }
        targets
    }

    /// Whether `castle` lies face down in a conquered clan: it can never be
    /// attacked again (AOW-11).
    pub fn is_face_down(&self, castle: Castle) -> bool {
        self.clan_conqueror(castle.clan()).is_some()
    }

    /// The clans `seat` conquered, in [`Clan::ALL`] order.
    pub fn clans(&self, seat: Seat) -> impl Iterator<Item = Clan> + '_ {
        Clan::ALL
            .into_iter()
            .filter(move |&clan| self.clan_conqueror(clan) == Some(seat))
    }

    /// AOW-13: points of every face-up castle in front of `seat` plus the
    /// bonus of every clan `seat` conquered. At most 38, when one seat holds
    /// every clan.
    pub fn score(&self, seat: Seat) -> u16 {
        let castles = self
            .holdings(seat)
            .filter(|&castle| !self.is_face_down(castle))
            .map(|castle| u16::from(castle.points()));
        let clans = self.clans(seat).map(|clan| u16::from(clan.bonus()));
        // Fourteen castles of at most 4 points and six clans of at most 10:
        // the sum fits u16 with room to spare.
        castles.chain(clans).sum()
    }

    /// How many castles `seat` holds, face up and face down (the first
    /// tie-break of AOW-14).
    pub fn castles_held(&self, seat: Seat) -> usize {
        self.holdings(seat).count()
    }

    /// How many clans `seat` conquered (the second tie-break of AOW-14).
    pub fn clans_conquered(&self, seat: Seat) -> usize {
        self.clans(seat).count()
    }
}

impl fmt::Display for Table {
    /// One line for the centre, then one per seat holding anything; face-down
    /// castles are listed under their clan.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("centre:")?;
        for castle in self.centre() {
            write!(f, " {castle}")?;
        }
        // The seats holding castles, in increasing order: at most fourteen,
        // however large their numbers.
        let mut shown: Option<Seat> = None;
        while let Some(seat) = self
            .places
            .values()
            .filter_map(|place| match place {
                Place::Player(s) if shown.is_none_or(|last| *s > last) => Some(*s),
                Place::Player(_) | Place::Centre => None,
            })
            .min()
        {
            shown = Some(seat);
            let score = self.score(seat);
            let points = if score == 1 { "point" } else { "points" };
            write!(f, "\nplayer {seat} ({score} {points}):")?;
            for castle in self.holdings(seat).filter(|&held| !self.is_face_down(held)) {
                write!(f, " {castle}")?;
            }
            for clan in self.clans(seat) {
                write!(f, " [{clan} clan]")?;
            }
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Place, Table};
    use crate::castle::Castle;
    use crate::config::MAX_PLAYERS;
    use crate::per_castle::PerCastle;

    impl Serialize for Table {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_map(self.places.iter())
        }
    }

    impl<'de> Deserialize<'de> for Table {
        /// Reads every castle's place, each castle exactly once, and
        /// refuses seats no table has.
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_any(Places)
        }
    }

    struct Places;

    /// A castle held by a seat no table has is refused.
    fn check_seat<E: serde::de::Error>(castle: Castle, place: Place) -> Result<(), E> {
        match place {
            Place::Player(seat) if seat >= MAX_PLAYERS => Err(E::custom(format_args!(
                "AOW-4: {castle} is held by seat {seat}, but a table has at most {MAX_PLAYERS} seats"
            ))),
            _ => Ok(()),
        }
    }

    impl<'de> serde::de::Visitor<'de> for Places {
        type Value = Table;

        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("an object from castle name to place")
        }

        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Table, A::Error> {
            let mut places = [Place::Centre; Castle::ALL.len()];
            for (i, slot) in places.iter_mut().enumerate() {
                *slot = seq
                    .next_element::<Place>()?
                    .ok_or_else(|| A::Error::invalid_length(i, &"the 14 castles' places"))?;
            }
            if seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                return Err(A::Error::invalid_length(15, &"the 14 castles' places"));
            }
            let places = PerCastle::from_array(places);
            for (castle, place) in places.iter() {
                check_seat::<A::Error>(castle, *place)?;
            }
            Ok(Table { places })
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Table, A::Error> {
            let mut places: PerCastle<Option<Place>> = PerCastle::from_fn(|_| None);
            while let Some(castle) = map.next_key::<Castle>()? {
                let place = map.next_value::<Place>()?;
                check_seat::<A::Error>(castle, place)?;
                if places.get_mut(castle).replace(place).is_some() {
                    return Err(A::Error::custom(format_args!(
                        "AOW-2: {castle} is listed twice"
                    )));
                }
            }
            let mut missing = None;
            let places = PerCastle::from_fn(|castle| {
                places.get(castle).unwrap_or_else(|| {
                    missing.get_or_insert(castle);
                    Place::Centre
                })
            });
            match missing {
                Some(castle) => Err(A::Error::custom(format_args!(
                    "AOW-2: the place of {castle} is missing"
                ))),
                None => Ok(Table { places }),
            }
        }
    }
}
