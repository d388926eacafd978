//! What one client address may take: open connections, and new matches at
//! a sustained rate. Behind a reverse proxy every client has the proxy's
//! address; give such a server limits for the proxy as a whole.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::limits::{Bucket, Limits};

/// Addresses remembered before forgotten ones are cleared out.
const REMEMBERED: usize = 4096;

#[derive(Debug)]
struct Usage {
    connections: usize,
    creates: Bucket,
    asks: Bucket,
}

/// Every client address's usage.
#[derive(Debug)]
pub struct Addresses {
    usage: Mutex<BTreeMap<IpAddr, Usage>>,
    per_address: usize,
    creates_per_minute: u32,
    create_burst: u32,
    asks_per_minute: u32,
    ask_burst: u32,
}

/// One open connection of an address; the count drops with the last clone.
#[derive(Debug)]
pub struct Slot {
    addresses: Arc<Addresses>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut usage = self.addresses.usage();
        if let Some(u) = usage.get_mut(&self.ip) {
            u.connections = u.connections.saturating_sub(1);
        }
    }
}

impl Addresses {
    /// The limits of `limits` for every address.
    pub fn new(limits: &Limits) -> Self {
        Addresses {
            usage: Mutex::new(BTreeMap::new()),
            per_address: limits.connections_per_address,
            creates_per_minute: limits.creates_per_minute,
            create_burst: limits.create_burst,
            asks_per_minute: limits.lobby_requests_per_minute,
            ask_burst: limits.lobby_burst,
        }
    }

    fn usage(&self) -> MutexGuard<'_, BTreeMap<IpAddr, Usage>> {
        self.usage.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn entry<'a>(&self, usage: &'a mut BTreeMap<IpAddr, Usage>, ip: IpAddr) -> &'a mut Usage {
        if usage.len() >= REMEMBERED && !usage.contains_key(&ip) {
            usage.retain(|_, u| u.connections > 0 || !u.creates.is_full() || !u.asks.is_full());
        }
        usage.entry(ip).or_insert_with(|| Usage {
            connections: 0,
            creates: Bucket::per_minute(self.creates_per_minute, self.create_burst),
            asks: Bucket::per_minute(self.asks_per_minute, self.ask_burst),
        })
    }

    /// A connection of `ip`, or `None` when it has as many as it may.
    pub fn connect(self: &Arc<Self>, ip: IpAddr) -> Option<Slot> {
        let mut usage = self.usage();
        let u = self.entry(&mut usage, ip);
        if u.connections >= self.per_address {
            return None;
        }
        u.connections = u.connections.saturating_add(1);
        Some(Slot {
            addresses: Arc::clone(self),
            ip,
        })
    }

    /// Whether `ip` may create a match now (it takes one of its tokens).
    pub fn may_create(&self, ip: IpAddr) -> bool {
        let mut usage = self.usage();
        self.entry(&mut usage, ip).creates.take()
    }

    /// Whether `ip` may make a lobby request that costs the server now (a
    /// seat taken, a rematch, a replay, the list of open matches; it
    /// takes one of its tokens).
    pub fn may_ask(&self, ip: IpAddr) -> bool {
        let mut usage = self.usage();
        self.entry(&mut usage, ip).asks.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_connections_back_as_they_close() {
        let limits = Limits {
            connections_per_address: 2,
            ..Limits::default()
        };
        let addresses = Arc::new(Addresses::new(&limits));
        let ip: IpAddr = [127, 0, 0, 1].into();
        let other: IpAddr = [127, 0, 0, 2].into();
        let a = addresses.connect(ip).unwrap();
        let _b = addresses.connect(ip).unwrap();
        assert!(addresses.connect(ip).is_none());
        assert!(addresses.connect(other).is_some());
        drop(a);
        assert!(addresses.connect(ip).is_some());
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
