//! The card data of AOW-2 and AOW-3, as printed.

use crate::castle::{Castle, Clan};
use crate::line::Line;

const A: Line = Line::symbols(1, 0, 0);
const C: Line = Line::symbols(0, 1, 0);
const D: Line = Line::symbols(0, 0, 1);
const AA: Line = Line::symbols(2, 0, 0);
const CC: Line = Line::symbols(0, 2, 0);
const DD: Line = Line::symbols(0, 0, 2);
const AC: Line = Line::symbols(1, 1, 0);
const fn inf(n: u8) -> Line {
    Line::Infantry(n)
}

/// One castle card: clan, points and printed battle lines in table order.
pub(crate) struct Card {
    pub(crate) name: &'static str,
    pub(crate) title: &'static str,
    pub(crate) clan: Clan,
    pub(crate) points: u8,
    pub(crate) lines: &'static [Line],
}

/// The fourteen castles of AOW-2, in table order (the order of [`Castle`]).
pub(crate) const CARDS: [Card; 14] = [
    card("azuchi", "Azuchi", Clan::Oda, 3, &[A, CC, inf(5)]),
    card("matsumoto", "Matsumoto", Clan::Oda, 2, &[A, A, inf(7)]),
    card("odani", "Odani", Clan::Oda, 1, &[inf(10)]),
    card("gifu", "Gifu", Clan::Oda, 1, &[D, A, C]),
    card("edo", "Edo", Clan::Tokugawa, 3, &[AC, AC, inf(3)]),
    card("kiyosu", "Kiyosu", Clan::Tokugawa, 2, &[D, A, C, inf(3)]),
    card("inuyama", "Inuyama", Clan::Tokugawa, 1, &[D, AA]),
    card("kasugayama", "Kasugayama", Clan::Uesugi, 4, &[AA, CC]),
    card("kitanosho", "Kitanosho", Clan::Uesugi, 3, &[D, AC, inf(6)]),
    card("gassantoda", "Gassantoda", Clan::Mori, 2, &[D, inf(8)]),
    card(
        "takahashi",
        "Takahashi",
        Clan::Mori,
        2,
        &[CC, inf(5), inf(2)],
    ),
    card(
        "matsuyama",
        "Matsuyama",
        Clan::Chosokabe,
        2,
        &[D, inf(4), inf(4)],
    ),
    card("marugame", "Marugame", Clan::Chosokabe, 1, &[DD, C]),
    card(
        "kumamoto",
        "Kumamoto",
        Clan::Shimazu,
        3,
        &[DD, A, C, inf(4)],
    ),
];

const fn card(
    name: &'static str,
    title: &'static str,
    clan: Clan,
    points: u8,
    lines: &'static [Line],
) -> Card {
    Card {
        name,
        title,
        clan,
        points,
        lines,
    }
}

/// One clan: its castles and bonus (AOW-3).
pub(crate) struct ClanCard {
    pub(crate) name: &'static str,
    pub(crate) title: &'static str,
    pub(crate) bonus: u8,
    pub(crate) castles: &'static [Castle],
}

/// The six clans of AOW-3, in the order of [`Clan`].
pub(crate) const CLANS: [ClanCard; 6] = [
    ClanCard {
        name: "oda",
        title: "Oda",
        bonus: 10,
        castles: &[
            Castle::Azuchi,
            Castle::Matsumoto,
            Castle::Odani,
            Castle::Gifu,
        ],
    },
    ClanCard {
        name: "tokugawa",
        title: "Tokugawa",
        bonus: 8,
        castles: &[Castle::Edo, Castle::Kiyosu, Castle::Inuyama],
    },
    ClanCard {
        name: "uesugi",
        title: "Uesugi",
        bonus: 8,
        castles: &[Castle::Kasugayama, Castle::Kitanosho],
    },
    ClanCard {
        name: "mori",
        title: "Mori",
        bonus: 5,
        castles: &[Castle::Gassantoda, Castle::Takahashi],
    },
    ClanCard {
        name: "chosokabe",
        title: "Chosokabe",
        bonus: 4,
        castles: &[Castle::Matsuyama, Castle::Marugame],
    },
    ClanCard {
        name: "shimazu",
        title: "Shimazu",
        bonus: 3,
        castles: &[Castle::Kumamoto],
    },
];
