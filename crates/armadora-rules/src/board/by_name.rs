//! Squares and lines travel by name: records write the text notation
//! (`d3`, `c2e`) and read it back through `FromStr`.

/// Serialises `$named` as its name ([`Named`](super::name::Named)) and deserialises it with
/// `FromStr`; a failed read answers `$complaint`, its `{:.8}` showing at
/// most eight characters of the text (hostile input can be long).
macro_rules! serde_by_name {
    ($named:ty, $complaint:literal) => {
        impl serde::Serialize for $named {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                crate::board::name::Named::with_name(self, |name| s.serialize_str(name))
            }
        }

        impl<'de> serde::Deserialize<'de> for $named {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <alloc::borrow::Cow<'de, str>>::deserialize(d)?;
                text.parse()
                    .map_err(|_| serde::de::Error::custom(format_args!($complaint, text)))
            }
        }
    };
}
