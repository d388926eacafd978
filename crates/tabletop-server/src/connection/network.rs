//! A client address's network: the prefix of its first bits (`/24` of an
//! IPv4 address, `/64` of an IPv6 one by default). One party often holds
//! a whole network (an IPv6 `/64` is one customer's), so connections are
//! counted per network as well as per address.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// How many leading bits name an address's network.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrefixLengths {
    /// Of an IPv4 address (an IPv4-mapped IPv6 address counts as IPv4),
    /// 0 to 32.
    pub ipv4: u8,
    /// Of an IPv6 address, 0 to 128.
    pub ipv6: u8,
}

impl Default for PrefixLengths {
    fn default() -> Self {
        PrefixLengths { ipv4: 24, ipv6: 64 }
    }
}

impl PrefixLengths {
    /// The network of `ip`: its first bits, the rest zero. An
    /// IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) is its IPv4 address.
    pub fn network(self, ip: IpAddr) -> IpAddr {
        match ip.to_canonical() {
            IpAddr::V4(v4) => {
                // A prefix of 0 keeps no bit (a shift by the whole width
                // is no shift in Rust, hence the arm of its own).
                let mask = match u32::BITS.saturating_sub(u32::from(self.ipv4)) {
                    32.. => 0,
                    host_bits => u32::MAX << host_bits,
                };
                IpAddr::V4(Ipv4Addr::from(u32::from(v4) & mask))
            }
            IpAddr::V6(v6) => {
                let mask = match u128::BITS.saturating_sub(u32::from(self.ipv6)) {
                    128.. => 0,
                    host_bits => u128::MAX << host_bits,
                };
                IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn an_address_is_counted_in_its_network() {
        let lengths = PrefixLengths::default();
        assert_eq!(lengths.network(ip("203.0.113.77")), ip("203.0.113.0"));
        assert_eq!(lengths.network(ip("127.0.0.200")), ip("127.0.0.0"));
        assert_eq!(
            lengths.network(ip("2001:db8:1:2:3:4:5:6")),
            ip("2001:db8:1:2::")
        );
        // An IPv4-mapped IPv6 address is the IPv4 address's network.
        assert_eq!(
            lengths.network(ip("::ffff:203.0.113.77")),
            ip("203.0.113.0")
        );
    }

    #[test]
    fn prefix_lengths_run_from_every_address_to_one_network() {
        let whole = PrefixLengths {
            ipv4: 32,
            ipv6: 128,
        };
        assert_eq!(whole.network(ip("127.0.0.7")), ip("127.0.0.7"));
        assert_eq!(whole.network(ip("2001:db8::1")), ip("2001:db8::1"));
        let none = PrefixLengths { ipv4: 0, ipv6: 0 };
        assert_eq!(none.network(ip("198.51.100.1")), ip("0.0.0.0"));
        assert_eq!(none.network(ip("2001:db8::1")), ip("::"));
        let odd = PrefixLengths { ipv4: 25, ipv6: 48 };
        assert_eq!(odd.network(ip("127.0.0.200")), ip("127.0.0.128"));
        assert_eq!(odd.network(ip("2001:db8:7:8::1")), ip("2001:db8:7::"));
    }
}
