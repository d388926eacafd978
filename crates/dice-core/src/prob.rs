//! Exact probabilities as reduced integer fractions.

use core::cmp::Ordering;
use core::fmt;

/// An exact probability `numer / denom`, always reduced, with `denom > 0`
/// and `numer <= denom`.
///
/// Chance in this workspace is never a float: solvers and tests compare
/// probabilities exactly, and sums of all outcomes equal [`Prob::ONE`] to the
/// last bit. 128-bit parts hold every roll of up to 49 six-sided dice.
///
/// ```
/// use dice_core::Prob;
///
/// let sixth = Prob::new(1, 6).unwrap();
/// let half = sixth.checked_add(Prob::new(2, 6).unwrap()).unwrap();
/// assert_eq!(half, Prob::new(1, 2).unwrap());
/// assert_eq!(half.to_string(), "1/2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Prob {
    numer: u128,
    denom: u128,
}

impl Prob {
    /// Probability zero.
    pub const ZERO: Prob = Prob { numer: 0, denom: 1 };
    /// Probability one: certainty.
    pub const ONE: Prob = Prob { numer: 1, denom: 1 };

    /// `numer / denom` reduced, or `None` when `denom` is zero or the
    /// fraction exceeds one. A `const fn`, so tables of probabilities can be
    /// built at compile time.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "divides by `gcd`, which is never 0"
    )]
    pub const fn new(numer: u128, denom: u128) -> Option<Prob> {
        if denom == 0 || numer > denom {
            return None;
        }
        let g = gcd(numer, denom);
        Some(Prob {
            numer: numer / g,
            denom: denom / g,
        })
    }

    /// The reduced numerator.
    pub fn numer(self) -> u128 {
        self.numer
    }

    /// The reduced denominator (never zero).
    pub fn denom(self) -> u128 {
        self.denom
    }

    /// The sum, or `None` if it exceeds one or does not fit in 128 bits.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "divides by `gcd`, which is never 0, a divisor of both"
    )]
    pub fn checked_add(self, other: Prob) -> Option<Prob> {
        let g = gcd(self.denom, other.denom);
        let denom = (self.denom / g).checked_mul(other.denom)?;
        let numer = self
            .numer
            .checked_mul(other.denom / g)?
            .checked_add(other.numer.checked_mul(self.denom / g)?)?;
        Prob::new(numer, denom)
    }

    /// The product, or `None` if it does not fit in 128 bits.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "divides by `gcd`, which is never 0, a divisor of both"
    )]
    pub fn checked_mul(self, other: Prob) -> Option<Prob> {
        let g1 = gcd(self.numer, other.denom);
        let g2 = gcd(other.numer, self.denom);
        let numer = (self.numer / g1).checked_mul(other.numer / g2)?;
        let denom = (self.denom / g2).checked_mul(other.denom / g1)?;
        Prob::new(numer, denom)
    }

    /// `1 - self`.
    #[must_use]
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "`numer <= denom` is the type's invariant"
    )]
    pub fn complement(self) -> Prob {
        Prob {
            numer: self.denom - self.numer,
            denom: self.denom,
        }
    }

    /// The nearest `f64`, for display and for statistics outside the rules.
    #[allow(clippy::cast_precision_loss)]
    pub fn to_f64(self) -> f64 {
        self.numer as f64 / self.denom as f64
    }
}

/// Greatest common divisor; `gcd(0, 0)` is 1 so that reduction never divides
/// by zero. Dice denominators fit in 64 bits, where division is far cheaper,
/// so that case takes a 64-bit loop.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "`x % y` only runs while `y != 0`"
)]
pub(crate) const fn gcd(a: u128, b: u128) -> u128 {
    if a <= u64::MAX as u128 && b <= u64::MAX as u128 {
        #[allow(clippy::cast_possible_truncation)] // both checked to fit just above
        let (mut x, mut y) = (a as u64, b as u64);
        while y != 0 {
            (x, y) = (y, x % y);
        }
        return if x == 0 { 1 } else { x as u128 };
    }
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    if x == 0 { 1 } else { x }
}

impl Default for Prob {
    fn default() -> Self {
        Prob::ZERO
    }
}

impl PartialOrd for Prob {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Prob {
    fn cmp(&self, other: &Self) -> Ordering {
        // a/b vs c/d: compare a*d with c*b in 256 bits.
        let (lh, ll) = mul_wide(self.numer, other.denom);
        let (rh, rl) = mul_wide(other.numer, self.denom);
        (lh, ll).cmp(&(rh, rl))
    }
}

/// Full 256-bit product of two 128-bit numbers, as (high, low).
#[expect(
    clippy::arithmetic_side_effects,
    reason = "64-bit halves: each partial product is below 2^128, `mid` below \
              3 * 2^64, and `high` is the top half of a product below 2^256"
)]
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    const MASK: u128 = u64::MAX as u128;
    let (a1, a0) = (a >> 64, a & MASK);
    let (b1, b0) = (b >> 64, b & MASK);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let mid = (p00 >> 64) + (p01 & MASK) + (p10 & MASK);
    let low = (p00 & MASK) | (mid << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (high, low)
}

impl fmt::Debug for Prob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numer, self.denom)
    }
}

impl fmt::Display for Prob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numer, self.denom)
    }
}

/// A string that is not `"numer/denom"` with a valid probability.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a probability fraction \"numer/denom\" in [0, 1]")]
pub struct ParseProbError;

impl core::str::FromStr for Prob {
    type Err = ParseProbError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (n, d) = s.split_once('/').ok_or(ParseProbError)?;
        let n = n.parse().map_err(|_| ParseProbError)?;
        let d = d.parse().map_err(|_| ParseProbError)?;
        Prob::new(n, d).ok_or(ParseProbError)
    }
}

/// Serialised as the string `"numer/denom"`, since JSON numbers cannot carry
/// 128-bit integers portably.
#[cfg(feature = "serde")]
impl serde::Serialize for Prob {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Prob {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = <alloc::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn new_reduces_and_rejects_bad_fractions() {
        assert_eq!(Prob::new(6, 36), Prob::new(1, 6));
        assert_eq!(Prob::new(0, 5), Some(Prob::ZERO));
        assert_eq!(Prob::new(1, 0), None);
        assert_eq!(Prob::new(7, 6), None);
    }

    #[test]
    fn ordering_is_exact() {
        let a = Prob::new(1, 3).unwrap();
        let b = Prob::new(333_333, 1_000_000).unwrap();
        assert!(b < a);
        let big = Prob::new(u128::MAX - 1, u128::MAX).unwrap();
        assert!(big < Prob::ONE);
        assert!(Prob::new(u128::MAX - 2, u128::MAX).unwrap() < big);
    }

    #[test]
    fn add_mul_complement() {
        let third = Prob::new(1, 3).unwrap();
        let sixth = Prob::new(1, 6).unwrap();
        assert_eq!(third.checked_add(sixth), Prob::new(1, 2));
        assert_eq!(third.checked_mul(sixth), Prob::new(1, 18));
        assert_eq!(third.complement(), Prob::new(2, 3).unwrap());
        assert_eq!(Prob::ONE.checked_add(sixth), None);
    }

    #[test]
    fn parses_its_display() {
        let p = Prob::new(7, 792).unwrap();
        assert_eq!(p.to_string().parse::<Prob>(), Ok(p));
        assert!("3/2".parse::<Prob>().is_err());
        assert!("1/0".parse::<Prob>().is_err());
        assert!("x".parse::<Prob>().is_err());
    }
}
