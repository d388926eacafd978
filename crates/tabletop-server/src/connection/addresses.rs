//! What one client address may take: open connections, and new matches at
//! a sustained rate; and what one network may take: open connections, the
//! fewer the fuller the server. Behind a reverse proxy every client has
//! the proxy's address; give such a server limits for the proxy as a
//! whole.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::connection::limits::{Bucket, Limits};
use crate::connection::network::PrefixLengths;

/// Addresses remembered before forgotten ones are cleared out.
const REMEMBERED: usize = 4096;

#[derive(Debug)]
struct Usage {
    connections: usize,
    creates: Bucket,
    asks: Bucket,
}

/// Each address's usage, and each network's open connections (a network
/// is forgotten when it holds none).
#[derive(Debug, Default)]
struct Counts {
    usage: BTreeMap<IpAddr, Usage>,
    networks: BTreeMap<IpAddr, usize>,
}

/// Why a connection is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// Its address holds as many connections as it may.
    #[error("too many connections from the address")]
    Address,
    /// Its network holds as many connections as it may.
    #[error("too many connections from the network")]
    Network,
    /// Its network holds as many connections as are free, or more: the
    /// places left are kept for networks holding fewer.
    #[error("the places left are kept for networks holding fewer connections")]
    Share,
}

/// Every client address's usage.
#[derive(Debug)]
pub struct Addresses {
    counts: Mutex<Counts>,
    per_address: usize,
    per_network: usize,
    prefix_lengths: PrefixLengths,
    /// Whether the last free places are kept for networks holding fewer
    /// connections (not on the peers' listener, whose few processes hold
    /// every relayed connection).
    keep_share: bool,
    creates_per_minute: u32,
    create_burst: u32,
    asks_per_minute: u32,
    ask_burst: u32,
}

/// One open connection of an address; the counts drop with the last
/// clone.
#[derive(Debug)]
pub struct Slot {
    addresses: Arc<Addresses>,
    ip: IpAddr,
    network: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.addresses.counts();
        if let Some(u) = counts.usage.get_mut(&self.ip) {
            u.connections = u.connections.saturating_sub(1);
        }
        if let Some(held) = counts.networks.get_mut(&self.network) {
            *held = held.saturating_sub(1);
            if *held == 0 {
                counts.networks.remove(&self.network);
            }
        }
    }
}

impl Addresses {
    /// The limits of `limits` for every address.
    pub fn new(limits: &Limits) -> Self {
        Addresses {
            counts: Mutex::new(Counts::default()),
            per_address: limits.connections_per_address,
            per_network: limits.connections_per_prefix,
            prefix_lengths: limits.prefix_lengths,
            keep_share: true,
            creates_per_minute: limits.creates_per_minute,
            create_burst: limits.create_burst,
            asks_per_minute: limits.lobby_requests_per_minute,
            ask_burst: limits.lobby_burst,
        }
    }

    /// The peers' listener's: no limit on connections per address or
    /// network, no share kept (the relayed connections come from a few
    /// processes); the rates of `limits`.
    pub fn for_peers(limits: &Limits) -> Self {
        Addresses {
            per_address: usize::MAX,
            per_network: usize::MAX,
            keep_share: false,
            ..Addresses::new(limits)
        }
    }

    fn counts(&self) -> MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn entry<'a>(&self, usage: &'a mut BTreeMap<IpAddr, Usage>, ip: IpAddr) -> &'a mut Usage {
        let ip = ip.to_canonical();
        if usage.len() >= REMEMBERED && !usage.contains_key(&ip) {
            usage.retain(|_, u| u.connections > 0 || !u.creates.is_full() || !u.asks.is_full());
        }
        usage.entry(ip).or_insert_with(|| Usage {
            connections: 0,
            creates: Bucket::per_minute(self.creates_per_minute, self.create_burst),
            asks: Bucket::per_minute(self.asks_per_minute, self.ask_burst),
        })
    }

    /// A connection of `ip` when `free` places are left (this one's
    /// included), unless its address or network holds as many as it may,
    /// or its network holds `free` or more.
    ///
    /// # Errors
    /// Why the connection is refused.
    pub fn connect(self: &Arc<Self>, ip: IpAddr, free: usize) -> Result<Slot, Refused> {
        let ip = ip.to_canonical();
        let network = self.prefix_lengths.network(ip);
        let mut counts = self.counts();
        // A network leaves the map when its last connection closes.
        let held = counts.networks.get(&network).copied().unwrap_or(0);
        if held >= self.per_network {
            return Err(Refused::Network);
        }
        if self.keep_share && held >= free {
            return Err(Refused::Share);
        }
        let u = self.entry(&mut counts.usage, ip);
        if u.connections >= self.per_address {
            return Err(Refused::Address);
        }
        u.connections = u.connections.saturating_add(1);
        let held = counts.networks.entry(network).or_insert(0);
        *held = held.saturating_add(1);
        Ok(Slot {
            addresses: Arc::clone(self),
            ip,
            network,
        })
    }

    /// Whether `ip` may create a match now (it takes one of its tokens).
    pub fn may_create(&self, ip: IpAddr) -> bool {
        let mut counts = self.counts();
        self.entry(&mut counts.usage, ip).creates.take()
    }

    /// Whether `ip` may make a lobby request that costs the server now (a
    /// seat taken, a rematch, a replay, the list of open matches; it
    /// takes one of its tokens).
    pub fn may_ask(&self, ip: IpAddr) -> bool {
        let mut counts = self.counts();
        self.entry(&mut counts.usage, ip).asks.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default limits but for `change`.
    fn limits_with(change: impl FnOnce(&mut Limits)) -> Limits {
        let mut limits = Limits::default();
        change(&mut limits);
        limits
    }

    #[test]
    fn an_address_gets_its_connections_back_as_they_close() {
        let limits = limits_with(|l| l.connections_per_address = 2);
        let addresses = Arc::new(Addresses::new(&limits));
        let ip: IpAddr = [127, 0, 0, 1].into();
        let other: IpAddr = [127, 0, 0, 2].into();
        let a = addresses.connect(ip, ROOM).unwrap();
        let _b = addresses.connect(ip, ROOM).unwrap();
        assert_eq!(addresses.connect(ip, ROOM).err(), Some(Refused::Address));
        assert!(addresses.connect(other, ROOM).is_ok());
        drop(a);
        assert!(addresses.connect(ip, ROOM).is_ok());
    }

    /// Free places far beyond any test's connections.
    const ROOM: usize = 1_000;

    #[test]
    fn a_network_is_capped_as_a_whole_and_gets_its_connections_back() {
        let limits = limits_with(|l| l.connections_per_prefix = 3);
        let addresses = Arc::new(Addresses::new(&limits));
        let mut held: Vec<Slot> = (1..=3)
            .map(|last| {
                addresses
                    .connect([198, 51, 100, last].into(), ROOM)
                    .unwrap()
            })
            .collect();
        // A fourth address of the same /24 (or its IPv4-mapped IPv6 form)
        // finds its network full; another /24 does not.
        let mapped: IpAddr = "::ffff:198.51.100.9".parse().unwrap();
        for ip in [[198, 51, 100, 4].into(), mapped] {
            assert_eq!(addresses.connect(ip, ROOM).err(), Some(Refused::Network));
        }
        assert!(addresses.connect([198, 51, 101, 1].into(), ROOM).is_ok());
        held.pop();
        held.push(addresses.connect(mapped, ROOM).unwrap());
        // The peers' listener caps no network.
        let peers = Arc::new(Addresses::for_peers(&limits));
        assert!((0..10).all(|_| peers.connect([198, 51, 100, 1].into(), 1).is_ok()));
    }

    #[test]
    fn the_last_free_places_go_to_networks_holding_fewer() {
        let addresses = Arc::new(Addresses::new(&Limits::default()));
        let crowd: IpAddr = [203, 0, 113, 1].into();
        let stranger: IpAddr = [192, 0, 2, 1].into();
        let mut held = Vec::new();
        for _ in 0..3 {
            held.push(addresses.connect(crowd, 10).unwrap());
        }
        // Holding three, the crowd's network gets a fourth only while more
        // than three places are free; a network holding none gets the last.
        held.push(addresses.connect(crowd, 4).unwrap());
        assert_eq!(addresses.connect(crowd, 4).err(), Some(Refused::Share));
        held.push(addresses.connect(stranger, 1).unwrap());
        assert_eq!(addresses.connect(stranger, 1).err(), Some(Refused::Share));
    }

    /// Whether an address may go on now, taking one of its tokens.
    type Take = fn(&Addresses, IpAddr) -> bool;

    /// Creating matches and lobby requests are limited alike: an address
    /// gets a burst at once, then waits, and another address is not held
    /// back by it.
    #[test]
    fn an_address_creates_or_asks_a_burst_then_waits() {
        let creates = Limits {
            creates_per_minute: 1,
            create_burst: 3,
            ..Limits::default()
        };
        let asks = Limits {
            lobby_requests_per_minute: 1,
            lobby_burst: 2,
            ..Limits::default()
        };
        let limiters: [(Limits, usize, Take); 2] = [
            (creates, 3, Addresses::may_create),
            (asks.clone(), 2, Addresses::may_ask),
        ];
        let ip: IpAddr = [10, 0, 0, 1].into();
        for (limits, burst, take) in limiters {
            let addresses = Addresses::new(&limits);
            assert!((0..burst).all(|_| take(&addresses, ip)));
            assert!(!take(&addresses, ip));
            assert!(take(&addresses, [10, 0, 0, 2].into()));
        }
        // Creating is counted apart: an address out of lobby requests
        // still creates.
        let addresses = Addresses::new(&asks);
        assert!((0..2).all(|_| addresses.may_ask(ip)));
        assert!(!addresses.may_ask(ip));
        assert!(addresses.may_create(ip));
    }
}
