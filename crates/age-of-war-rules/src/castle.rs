//! Castles (AOW-2) and clans (AOW-3).

use core::fmt;
use core::str::FromStr;

use crate::data::{CARDS, CLANS, Card, ClanCard};
use crate::line::{Line, LineSet};

/// One of the fourteen castle cards (AOW-2), in table order.
///
/// ```
/// use age_of_war_rules::{Castle, Clan, Line};
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
#[allow(missing_docs)]
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

    #[expect(
        clippy::indexing_slicing,
        reason = "a Castle's index is below 14 = CARDS.len()"
    )]
    const fn card(self) -> &'static Card {
        &CARDS[self.index()]
    }

    /// The name in records, lowercase, e.g. `"odani"`.
    pub const fn name(self) -> &'static str {
        self.card().name
    }

    /// The clan it belongs to.
    pub const fn clan(self) -> Clan {
        self.card().clan
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

    /// Line `n`: 0 is the special daimyo line, `1..=n` the printed lines.
    pub fn line(self, n: u8) -> Option<Line> {
        match n.checked_sub(1) {
            None => self.has_special_line().then_some(Line::SPECIAL),
            Some(printed) => self.printed_lines().get(usize::from(printed)).copied(),
        }
    }

    /// The printed lines as a set (every line a conquest from the centre
    /// needs).
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "at most four printed lines, so 1 << len is at most 16 and at least 2"
    )]
    pub const fn printed_set(self) -> LineSet {
        // At most four printed lines: bits 1..=4.
        let bits = ((1u8 << self.printed_lines().len()) - 1) << 1;
        LineSet::from_bits_or_empty(bits)
    }

    /// Every line on the card, special line included when it has one.
    pub const fn all_lines(self) -> LineSet {
        let printed = self.printed_set().bits();
        let special = if self.has_special_line() { 1 } else { 0 };
        LineSet::from_bits_or_empty(printed | special)
    }
}

impl fmt::Display for Castle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.card().title)
    }
}

/// A name that is no castle or clan.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("AOW-2/AOW-3: unknown castle or clan name")]
pub struct ParseNameError;

impl FromStr for Castle {
    type Err = ParseNameError;

    /// Reads the lowercase record name.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Castle::ALL
            .iter()
            .copied()
            .find(|c| c.name() == s)
            .ok_or(ParseNameError)
    }
}

/// One of the six clans (AOW-3).
///
/// ```
/// use age_of_war_rules::{Castle, Clan};
///
/// assert_eq!(Clan::Mori.bonus(), 5);
/// assert_eq!(Clan::Mori.castles(), &[Castle::Gassantoda, Castle::Takahashi]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[allow(missing_docs)]
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

    #[expect(
        clippy::indexing_slicing,
        reason = "a Clan's index is below 6 = CLANS.len()"
    )]
    const fn card(self) -> &'static ClanCard {
        &CLANS[self.index()]
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

    /// Its castles, in table order.
    pub const fn castles(self) -> &'static [Castle] {
        self.card().castles
    }
}

impl fmt::Display for Clan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.card().title)
    }
}

impl FromStr for Clan {
    type Err = ParseNameError;

    /// Reads the lowercase name.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Clan::ALL
            .iter()
            .copied()
            .find(|c| c.name() == s)
            .ok_or(ParseNameError)
    }
}
