//! The printed cards of AOW-2 and AOW-3 as plain data: names, points, clan
//! bonuses and battle lines.
//!
//! [`Castle`](crate::castle::Castle) and [`Clan`](crate::castle::Clan) read
//! their cards from here and show them through their own methods (`name`,
//! `points`, `printed_lines`, `bonus`, `Display`); which castle belongs to
//! which clan is part of those types, so this module needs nothing but
//! [`Line`].

use crate::line::Line;

const A: Line = Line::symbols(1, 0, 0);
const C: Line = Line::symbols(0, 1, 0);
const D: Line = Line::symbols(0, 0, 1);
const AA: Line = Line::symbols(2, 0, 0);
const CC: Line = Line::symbols(0, 2, 0);
const DD: Line = Line::symbols(0, 0, 2);
const AC: Line = Line::symbols(1, 1, 0);
const fn inf(total: u8) -> Line {
    Line::Infantry(total)
}

/// One castle card (AOW-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct CastleCard {
    /// The name in records and in the text notation, lowercase.
    pub(crate) name: &'static str,
    /// The name as printed.
    pub(crate) title: &'static str,
    /// The points it scores face up (AOW-13).
    pub(crate) points: u8,
    /// The printed battle lines in table order (lines 1 to 4); the special
    /// daimyo line is not among them.
    pub(crate) lines: &'static [Line],
}

const fn castle(
    name: &'static str,
    title: &'static str,
    points: u8,
    lines: &'static [Line],
) -> CastleCard {
    CastleCard {
        name,
        title,
        points,
        lines,
    }
}

/// Card `index` of `cards`, a table of one card per castle (or clan) in
/// the order of its `ALL`.
#[expect(
    clippy::indexing_slicing,
    reason = "every index is a castle's (or clan's) place in its `ALL`, and each table has one card per place"
)]
pub(crate) const fn card<T>(cards: &'static [T], index: usize) -> &'static T {
    &cards[index]
}

/// The castle cards in table order, the order of
/// [`Castle::ALL`](crate::castle::Castle::ALL).
pub(crate) const CASTLES: [CastleCard; 14] = [
    // Azuchi (Oda): 3 points, `A` · `C C` · `5 inf`.
    castle("azuchi", "Azuchi", 3, &[A, CC, inf(5)]),
    // Matsumoto (Oda): 2 points, `A` · `A` · `7 inf`.
    castle("matsumoto", "Matsumoto", 2, &[A, A, inf(7)]),
    // Odani (Oda): 1 point, `10 inf`.
    castle("odani", "Odani", 1, &[inf(10)]),
    // Gifu (Oda): 1 point, `D` · `A` · `C`.
    castle("gifu", "Gifu", 1, &[D, A, C]),
    // Edo (Tokugawa): 3 points, `A C` · `A C` · `3 inf`.
    castle("edo", "Edo", 3, &[AC, AC, inf(3)]),
    // Kiyosu (Tokugawa): 2 points, `D` · `A` · `C` · `3 inf`.
    castle("kiyosu", "Kiyosu", 2, &[D, A, C, inf(3)]),
    // Inuyama (Tokugawa): 1 point, `D` · `A A`.
    castle("inuyama", "Inuyama", 1, &[D, AA]),
    // Kasugayama (Uesugi): 4 points, `A A` · `C C`.
    castle("kasugayama", "Kasugayama", 4, &[AA, CC]),
    // Kitanosho (Uesugi): 3 points, `D` · `A C` · `6 inf`.
    castle("kitanosho", "Kitanosho", 3, &[D, AC, inf(6)]),
    // Gassantoda (Mori): 2 points, `D` · `8 inf`.
    castle("gassantoda", "Gassantoda", 2, &[D, inf(8)]),
    // Takahashi (Mori): 2 points, `C C` · `5 inf` · `2 inf`.
    castle("takahashi", "Takahashi", 2, &[CC, inf(5), inf(2)]),
    // Matsuyama (Chosokabe): 2 points, `D` · `4 inf` · `4 inf`.
    castle("matsuyama", "Matsuyama", 2, &[D, inf(4), inf(4)]),
    // Marugame (Chosokabe): 1 point, `D D` · `C`.
    castle("marugame", "Marugame", 1, &[DD, C]),
    // Kumamoto (Shimazu): 3 points, `D D` · `A` · `C` · `4 inf`; no special
    // daimyo line.
    castle("kumamoto", "Kumamoto", 3, &[DD, A, C, inf(4)]),
];

/// One clan (AOW-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct ClanCard {
    /// The name, lowercase.
    pub(crate) name: &'static str,
    /// The name as printed.
    pub(crate) title: &'static str,
    /// The points the whole clan scores once conquered, in place of its
    /// castles' points (AOW-11, AOW-13).
    pub(crate) bonus: u8,
}

const fn clan(name: &'static str, title: &'static str, bonus: u8) -> ClanCard {
    ClanCard { name, title, bonus }
}

/// The clans in the order of [`Clan::ALL`](crate::castle::Clan::ALL).
pub(crate) const CLANS: [ClanCard; 6] = [
    // Oda: Azuchi, Matsumoto, Odani, Gifu; bonus 10.
    clan("oda", "Oda", 10),
    // Tokugawa: Edo, Kiyosu, Inuyama; bonus 8.
    clan("tokugawa", "Tokugawa", 8),
    // Uesugi: Kasugayama, Kitanosho; bonus 8.
    clan("uesugi", "Uesugi", 8),
    // Mori: Gassantoda, Takahashi; bonus 5.
    clan("mori", "Mori", 5),
    // Chosokabe: Matsuyama, Marugame; bonus 4.
    clan("chosokabe", "Chosokabe", 4),
    // Shimazu: Kumamoto; bonus 3.
    clan("shimazu", "Shimazu", 3),
];
