//! Castles (AOW-2) and clans (AOW-3).

use core::fmt;
use core::str::FromStr;

use crate::data::{self, CastleCard, ClanCard};
use crate::line::{Line, LineSet};

/// One of the fourteen castle cards (AOW-2), in table order.
///
/// ```
/// use age_of_war_rules::Castle;
/// use age_of_war_rules::castle::Clan;
/// use age_of_war_rules::line::Line;
///
/// let castle: Castle = "gassantoda".parse().unwrap();
/// assert_eq!(castle.clan(), Clan::Mori);
/// assert_eq!(castle.points(), 2);
/// assert_eq!(castle.line(2), Some(Line::Infantry(8)));
/// assert_eq!(castle.line(0), Some(Line::SPECIAL));
/// assert_eq!(castle.to_string(), "Gassantoda");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[expect(
    missing_docs,
    reason = "a castle's name is all it says; variant docs would turn the JSON schemas' enum into a oneOf"
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Castle {
    Azuchi,
    Matsumoto,
    Odani,
    Gifu,
    Edo,
    Kiyosu,
    Inuyama,
    Kasugayama,
    Kitanosho,
    Gassantoda,
    Takahashi,
    Matsuyama,
    Marugame,
    Kumamoto,
}

impl Castle {
    /// All fourteen castles, in table order.
    pub const ALL: [Castle; 14] = [
        Castle::Azuchi,
        Castle::Matsumoto,
        Castle::Odani,
        Castle::Gifu,
        Castle::Edo,
        Castle::Kiyosu,
        Castle::Inuyama,
        Castle::Kasugayama,
        Castle::Kitanosho,
        Castle::Gassantoda,
        Castle::Takahashi,
        Castle::Matsuyama,
        Castle::Marugame,
        Castle::Kumamoto,
    ];

    /// The castle's position in table order, from 0.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Its bit in a set of castles: bit [`index`](Castle::index) of a
    /// `u16`, which holds all fourteen.
    pub(crate) const fn bit(self) -> u16 {
        1 << (self as u16)
    }

    /// Its printed card.
    pub(crate) const fn card(self) -> &'static CastleCard {
        data::card(&data::CASTLES, self.index())
    }

    /// The name in records and in the text notation, lowercase, e.g.
    /// `"odani"`.
    pub const fn name(self) -> &'static str {
        self.card().name
    }

    /// The clan it belongs to (AOW-3).
    pub const fn clan(self) -> Clan {
        match self {
            Castle::Azuchi | Castle::Matsumoto | Castle::Odani | Castle::Gifu => Clan::Oda,
            Castle::Edo | Castle::Kiyosu | Castle::Inuyama => Clan::Tokugawa,
            Castle::Kasugayama | Castle::Kitanosho => Clan::Uesugi,
            Castle::Gassantoda | Castle::Takahashi => Clan::Mori,
            Castle::Matsuyama | Castle::Marugame => Clan::Chosokabe,
            Castle::Kumamoto => Clan::Shimazu,
        }
    }

    /// The points it scores face up (AOW-13).
    pub const fn points(self) -> u8 {
        self.card().points
    }

    /// The printed battle lines, in table order: line `n` is
    /// `printed_lines()[n - 1]`.
    pub const fn printed_lines(self) -> &'static [Line] {
        self.card().lines
    }

    /// Whether the card carries the special daimyo line 0 (all but
    /// Kumamoto, AOW-2).
    pub const fn has_special_line(self) -> bool {
        !matches!(self, Castle::Kumamoto)
    }

    /// Line `line`: 0 is the special daimyo line, `1..=n` the printed lines.
    pub fn line(self, line: u8) -> Option<Line> {
        match line.checked_sub(1) {
            None => self.has_special_line().then_some(Line::SPECIAL),
            Some(printed) => self.printed_lines().get(usize::from(printed)).copied(),
        }
    }

    /// The printed lines as a set (every line a conquest from the centre
    /// needs).
    pub const fn printed_set(self) -> LineSet {
        LineSet::printed(self.printed_lines().len())
    }

    /// Every line on the card, special line included when it has one.
    pub const fn all_lines(self) -> LineSet {
        let printed = self.printed_set();
        if self.has_special_line() {
            printed.with_special()
        } else {
            printed
        }
    }
}

impl fmt::Display for Castle {
    /// The name as printed, e.g. `Gassantoda`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.card().title)
    }
}

/// A name that is no castle or clan.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("AOW-2/AOW-3: unknown castle or clan name")]
#[non_exhaustive]
pub struct ParseNameError;

/// The one of `all` whose name is `name`, in any case.
fn named<T: Copy>(
    all: &[T],
    name_of: fn(T) -> &'static str,
    name: &str,
) -> Result<T, ParseNameError> {
    all.iter()
        .copied()
        .find(|&one| name_of(one).eq_ignore_ascii_case(name))
        .ok_or(ParseNameError)
}

impl FromStr for Castle {
    type Err = ParseNameError;

    /// Reads the name, in any case: `"odani"`, `"Odani"`.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        named(&Castle::ALL, Castle::name, name)
    }
}

/// One of the six clans (AOW-3).
///
/// ```
/// use age_of_war_rules::Castle;
/// use age_of_war_rules::castle::Clan;
///
/// assert_eq!(Clan::Mori.bonus(), 5);
/// assert_eq!(Clan::Mori.castles(), &[Castle::Gassantoda, Castle::Takahashi]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[expect(
    missing_docs,
    reason = "a clan's name is all it says; variant docs would turn the JSON schemas' enum into a oneOf"
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Clan {
    Oda,
    Tokugawa,
    Uesugi,
    Mori,
    Chosokabe,
    Shimazu,
}

impl Clan {
    /// All six clans.
    pub const ALL: [Clan; 6] = [
        Clan::Oda,
        Clan::Tokugawa,
        Clan::Uesugi,
        Clan::Mori,
        Clan::Chosokabe,
        Clan::Shimazu,
    ];

    /// The clan's position in [`Clan::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Its name and bonus as printed.
    pub(crate) const fn card(self) -> &'static ClanCard {
        data::card(&data::CLANS, self.index())
    }

    /// The lowercase name, e.g. `"mori"`.
    pub const fn name(self) -> &'static str {
        self.card().name
    }

    /// The points the whole clan scores once conquered, instead of its
    /// castles' points (AOW-11).
    pub const fn bonus(self) -> u8 {
        self.card().bonus
    }

    /// Its castles, in table order (AOW-3).
    pub const fn castles(self) -> &'static [Castle] {
        match self {
            Clan::Oda => &[
                Castle::Azuchi,
                Castle::Matsumoto,
                Castle::Odani,
                Castle::Gifu,
            ],
            Clan::Tokugawa => &[Castle::Edo, Castle::Kiyosu, Castle::Inuyama],
            Clan::Uesugi => &[Castle::Kasugayama, Castle::Kitanosho],
            Clan::Mori => &[Castle::Gassantoda, Castle::Takahashi],
            Clan::Chosokabe => &[Castle::Matsuyama, Castle::Marugame],
            Clan::Shimazu => &[Castle::Kumamoto],
        }
    }
}

impl fmt::Display for Clan {
    /// The name as printed, e.g. `Mori`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.card().title)
    }
}

impl FromStr for Clan {
    type Err = ParseNameError;

    /// Reads the name, in any case.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        named(&Clan::ALL, Clan::name, name)
    }
}
