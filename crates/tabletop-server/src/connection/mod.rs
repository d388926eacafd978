//! Connections and their limits: the limits set from the command line,
//! what each client address and each network may hold, and an address's
//! network.

pub mod addresses;
pub mod limits;
pub mod network;
