//! Capability tokens: 128 bits from the operating system's generator,
//! handed out once; only their SHA-256 is stored.

use sha2::{Digest, Sha256};

/// Lowercase hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len().saturating_mul(2));
    for b in bytes {
        for nibble in [b >> 4, b & 0xf] {
            if let Some(&d) = DIGITS.get(usize::from(nibble)) {
                out.push(char::from(d));
            }
        }
    }
    out
}

/// `N` random bytes from the operating system, as hex.
///
/// # Errors
/// When the operating system's generator fails.
pub fn random_hex<const N: usize>() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

/// A new capability token (128 bits, 32 hex digits).
///
/// # Errors
/// When the operating system's generator fails.
pub fn new_token() -> Result<String, getrandom::Error> {
    random_hex::<16>()
}

/// What the store keeps of a token: its SHA-256, as hex.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// 32 random bytes from the operating system: a generator's key.
///
/// # Errors
/// When the operating system's generator fails.
pub fn os_seed() -> Result<[u8; 32], getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    Ok(bytes)
}

/// A generator's key derived from a fixed seed and a counter (the
/// `--dice-seed` mode for tests and benchmarks).
pub fn derived_seed(seed: u64, n: u64) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(b"tabletop-server dice seed");
    hasher.update(seed.to_le_bytes());
    hasher.update(n.to_le_bytes());
    let mut out = [0u8; 32];
    for (o, b) in out.iter_mut().zip(hasher.finalize().iter()) {
        *o = *b;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_and_differ() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
    }
}
