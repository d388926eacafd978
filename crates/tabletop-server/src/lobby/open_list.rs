//! The lobby's list of open matches, a page at a time and shared fairly:
//! one creator (a network: [`creator_of`]) takes at most [`PER_CREATOR`]
//! places on a page,
//! and its other matches come on later pages, never dropped.
//!
//! The matches are put in rounds: round 0 holds the newest
//! [`PER_CREATOR`] matches of every creator, round 1 the next ones, and so
//! on; within a round, newest first (by creation second, then by the
//! order the store took them in, so two matches of one second keep it). A
//! page is the next stretch of that order after the cursor, ended early
//! rather than give one creator more places; the cursor names the last
//! match listed, so walking the pages lists each match once while nothing
//! changes.

use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::net::IpAddr;

use crate::connection::network::PrefixLengths;
use crate::store::OpenMatch;

/// The most matches one page lists.
pub const PAGE: usize = 50;

/// The most places one creator takes on one page.
pub const PER_CREATOR: usize = 3;

/// Where a match stands in the list: its round, then newest first.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    round: usize,
    created: Reverse<u64>,
    taken: Reverse<u64>,
}

impl Place {
    /// The cursor that names this place: opaque to clients.
    pub fn cursor(&self) -> String {
        format!("{}.{}.{}", self.round, self.created.0, self.taken.0)
    }

    /// The place `cursor` names, or `None` when it names none.
    pub fn from_cursor(cursor: &str) -> Option<Place> {
        let mut parts = cursor.split('.');
        let round = parts.next()?.parse().ok()?;
        let created = parts.next()?.parse().ok()?;
        let taken = parts.next()?.parse().ok()?;
        if parts.next().is_some() {
            return None;
        }
        Some(Place {
            round,
            created: Reverse(created),
            taken: Reverse(taken),
        })
    }
}

/// One page of the list: the matches it lists, in order, and the cursor
/// of the next page when one follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// The matches listed: their ids, and when each was created.
    pub listed: Vec<(String, u64)>,
    /// The cursor of the next page.
    pub next: Option<String>,
}

/// The creator an address counts as: its network, as the connection caps
/// count it (`/24` of an IPv4 address, `/64` of an IPv6 one by default; an
/// IPv4 address seen through IPv6 counts as the IPv4 one), so that one
/// party holding a whole network takes no more places than one address.
pub fn creator_of(ip: IpAddr, networks: PrefixLengths) -> String {
    let network = networks.network(ip);
    let bits = match network {
        IpAddr::V4(_) => networks.ipv4,
        IpAddr::V6(_) => networks.ipv6,
    };
    format!("{network}/{bits}")
}

/// The page after `after` (the first page without one) of `open`, the
/// store's open matches newest first.
pub fn page(open: Vec<OpenMatch>, after: Option<&Place>) -> Page {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut placed: Vec<(Place, String, u64, String)> = open
        .into_iter()
        .map(|m| {
            // A match of no known creator counts as its own creator.
            let creator = m.creator.unwrap_or_else(|| format!("match {}", m.id));
            let rank = seen.entry(creator.clone()).or_insert(0);
            let round = *rank / PER_CREATOR;
            *rank = rank.saturating_add(1);
            let place = Place {
                round,
                created: Reverse(m.created),
                taken: Reverse(m.taken),
            };
            (place, creator, m.created, m.id)
        })
        .collect();
    placed.sort();
    let mut rest = placed
        .into_iter()
        .filter(|(place, ..)| after.is_none_or(|after| place > after))
        .peekable();
    let mut on_page: BTreeMap<String, usize> = BTreeMap::new();
    let mut listed = Vec::new();
    let mut last = None;
    while let Some((_, creator, ..)) = rest.peek() {
        let shown = on_page.entry(creator.clone()).or_insert(0);
        if listed.len() >= PAGE || *shown >= PER_CREATOR {
            break;
        }
        *shown = shown.saturating_add(1);
        if let Some((place, _, created, id)) = rest.next() {
            listed.push((id, created));
            last = Some(place);
        }
    }
    let next = match (rest.peek(), last) {
        (Some(_), Some(last)) => Some(last.cursor()),
        _ => None,
    };
    Page { listed, next }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(id: &str, created: u64, creator: Option<&str>) -> OpenMatch {
        OpenMatch {
            id: id.to_owned(),
            created,
            taken: created,
            creator: creator.map(str::to_owned),
        }
    }

    #[test]
    fn a_cursor_names_the_place_it_came_from() {
        let place = Place::from_cursor("2.1700000000.17").unwrap();
        assert_eq!(place.cursor(), "2.1700000000.17");
        for bad in [
            "", "x", "1", "1.2", "1.2.", "-1.2.3", "1.x.3", "1.2.a", "1.2.3.4",
        ] {
            assert_eq!(Place::from_cursor(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_addresses_of_one_network_are_one_creator() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let networks = PrefixLengths::default();
        assert_eq!(creator_of(ip("203.0.113.7"), networks), "203.0.113.0/24");
        assert_eq!(
            creator_of(ip("203.0.113.7"), networks),
            creator_of(ip("::ffff:203.0.113.200"), networks)
        );
        assert_ne!(
            creator_of(ip("203.0.113.7"), networks),
            creator_of(ip("203.0.114.7"), networks)
        );
        assert_eq!(
            creator_of(ip("2001:db8:1:2:3:4:5:6"), networks),
            "2001:db8:1:2::/64"
        );
    }

    #[test]
    fn matches_of_one_second_are_listed_newest_first_by_the_stores_order() {
        let mut all = vec![open("z-older", 5, Some("a")), open("a-newer", 5, Some("b"))];
        all[0].taken = 1;
        all[1].taken = 2;
        assert_eq!(ids(&page(all.clone(), None)), ["a-newer", "z-older"]);
        all[0].taken = 3;
        assert_eq!(ids(&page(all, None)), ["z-older", "a-newer"]);
    }

    fn ids(page: &Page) -> Vec<&str> {
        page.listed.iter().map(|(id, _)| id.as_str()).collect()
    }

    #[test]
    fn one_creator_takes_at_most_its_share_of_a_page() {
        let mut all: Vec<OpenMatch> = (0..10)
            .map(|n| open(&format!("crowd{n}"), 100 - n, Some("a")))
            .collect();
        all.push(open("other", 1, Some("b")));
        all.push(open("old", 0, None));
        let first = page(all.clone(), None);
        assert_eq!(ids(&first), ["crowd0", "crowd1", "crowd2", "other", "old"]);
        let mut walked: Vec<String> = first.listed.into_iter().map(|(id, _)| id).collect();
        let mut next = first.next;
        while let Some(cursor) = next {
            let more = page(all.clone(), Place::from_cursor(&cursor).as_ref());
            assert!(more.listed.len() <= PER_CREATOR, "{:?}", more.listed);
            walked.extend(more.listed.into_iter().map(|(id, _)| id));
            next = more.next;
        }
        walked.sort();
        let mut every: Vec<String> = all.into_iter().map(|m| m.id).collect();
        every.sort();
        assert_eq!(walked, every, "each once");
    }
}
