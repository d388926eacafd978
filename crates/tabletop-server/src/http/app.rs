//! What the request handlers share, passed to each explicitly, and what
//! comes with each request: the client's address.

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use tokio::sync::watch;

use crate::connection::addresses::{Addresses, Slot};
use crate::connection::limits::Limits;
use crate::lobby::Lobby;
use crate::offline::Engines;

/// What every request handler shares.
#[derive(Debug)]
pub struct App {
    /// The matches.
    pub lobby: Arc<Lobby>,
    /// The limits.
    pub limits: Limits,
    /// Open WebSocket connections.
    pub connections: AtomicUsize,
    /// Open HTTP connections (a WebSocket's until it is upgraded).
    pub http_connections: Arc<AtomicUsize>,
    /// Each client address's usage.
    pub addresses: Arc<Addresses>,
    /// Set when the server drains.
    pub shutdown: watch::Receiver<bool>,
    /// The offline table's package, when `--offline-table` is given.
    pub engines: Option<Arc<Engines>>,
    /// Whether a connection whose match another process owns is served
    /// through that process: on the public listener, not on the peers'
    /// (a connection passes through two processes at most).
    pub relay: bool,
}

/// The client a request came from: its address, and its connection's
/// place among that address's connections (a WebSocket keeps it).
#[derive(Debug, Clone)]
pub struct Peer {
    /// The address.
    pub ip: IpAddr,
    /// The connection's slot.
    pub slot: Arc<Slot>,
}
