//! Reading a [`Disaster`]: the form serde's derive reads (externally
//! tagged; a variant's fields by name, unknown ones refused, or in order),
//! with the same errors, but one visitor for the fields of every variant
//! rather than one per variant.

use core::fmt;

use serde::Deserialize;
use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Error as _, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};

use super::spec::Disaster;
use crate::symbols::Resource;

/// The variants as written, in the order of [`Kind::ALL`].
const VARIANTS: &[&str] = &[
    "none",
    "points",
    "points_or_lose",
    "lose",
    "lose_all",
    "disease",
    "scorch",
    "remove",
];

/// A variant of [`Disaster`], without its fields.
#[derive(Clone, Copy)]
enum Kind {
    None,
    Points,
    PointsOrLose,
    Lose,
    LoseAll,
    Disease,
    Scorch,
    Remove,
}

/// Where a field's value goes while a variant is read.
enum Slot {
    /// The first or second number.
    Number(usize),
    Flag,
    Resource,
}

impl Kind {
    const ALL: [Kind; 8] = [
        Kind::None,
        Kind::Points,
        Kind::PointsOrLose,
        Kind::Lose,
        Kind::LoseAll,
        Kind::Disease,
        Kind::Scorch,
        Kind::Remove,
    ];

    /// The variant's name in Rust, as errors give it.
    fn name(self) -> &'static str {
        match self {
            Kind::None => "None",
            Kind::Points => "Points",
            Kind::PointsOrLose => "PointsOrLose",
            Kind::Lose => "Lose",
            Kind::LoseAll => "LoseAll",
            Kind::Disease => "Disease",
            Kind::Scorch => "Scorch",
            Kind::Remove => "Remove",
        }
    }

    /// The variant's fields as written, in order.
    fn fields(self) -> &'static [&'static str] {
        match self {
            Kind::None => &[],
            Kind::Points => &["disaster"],
            Kind::PointsOrLose => &["disaster", "resources"],
            Kind::Lose => &["resources"],
            Kind::LoseAll => &["resource"],
            Kind::Disease => &["per_building", "hospital_immune"],
            Kind::Scorch => &["areas", "remove_to_free"],
            Kind::Remove => &["buildings", "walled_safe"],
        }
    }

    /// Where field `field` (an index into [`Kind::fields`]) goes: a first
    /// field is a number but for `lose_all`; a second, a flag but for
    /// `points_or_lose`.
    fn slot(self, field: usize) -> Slot {
        match (self, field) {
            (Kind::LoseAll, 0) => Slot::Resource,
            (_, 0) => Slot::Number(0),
            (Kind::PointsOrLose, _) => Slot::Number(1),
            _ => Slot::Flag,
        }
    }
}

/// The fields of one variant read so far.
struct Read {
    kind: Kind,
    numbers: [Option<u32>; 2],
    flag: Option<bool>,
    resource: Option<Resource>,
}

impl Read {
    fn new(kind: Kind) -> Read {
        Read {
            kind,
            numbers: [None; 2],
            flag: None,
            resource: None,
        }
    }

    fn has(&self, field: usize) -> bool {
        match self.kind.slot(field) {
            Slot::Number(i) => self.numbers.get(i).is_some_and(Option::is_some),
            Slot::Flag => self.flag.is_some(),
            Slot::Resource => self.resource.is_some(),
        }
    }

    /// Reads field `field`'s value from a map.
    fn value<'de, A: MapAccess<'de>>(&mut self, field: usize, map: &mut A) -> Result<(), A::Error> {
        match self.kind.slot(field) {
            Slot::Number(i) => {
                let n = map.next_value()?;
                if let Some(slot) = self.numbers.get_mut(i) {
                    *slot = Some(n);
                }
            }
            Slot::Flag => self.flag = Some(map.next_value()?),
            Slot::Resource => self.resource = Some(map.next_value()?),
        }
        Ok(())
    }

    /// Reads field `field` from a sequence; false if it has ended.
    fn element<'de, A: SeqAccess<'de>>(
        &mut self,
        field: usize,
        seq: &mut A,
    ) -> Result<bool, A::Error> {
        Ok(match self.kind.slot(field) {
            Slot::Number(i) => {
                let n = seq.next_element()?;
                if let Some(slot) = self.numbers.get_mut(i) {
                    *slot = n;
                }
                n.is_some()
            }
            Slot::Flag => {
                self.flag = seq.next_element()?;
                self.flag.is_some()
            }
            Slot::Resource => {
                self.resource = seq.next_element()?;
                self.resource.is_some()
            }
        })
    }

    /// The disaster, or the first field (in order) not read.
    fn finish<E: de::Error>(self) -> Result<Disaster, E> {
        let names = self.kind.fields();
        let missing = |field: usize| E::missing_field(names.get(field).copied().unwrap_or(""));
        let number = |i: usize| {
            self.numbers
                .get(i)
                .copied()
                .flatten()
                .ok_or_else(|| missing(i))
        };
        let flag = || self.flag.ok_or_else(|| missing(1));
        Ok(match self.kind {
            Kind::None => Disaster::None,
            Kind::Points => Disaster::Points {
                disaster: number(0)?,
            },
            Kind::PointsOrLose => Disaster::PointsOrLose {
                disaster: number(0)?,
                resources: number(1)?,
            },
            Kind::Lose => Disaster::Lose {
                resources: number(0)?,
            },
            Kind::LoseAll => Disaster::LoseAll {
                resource: self.resource.ok_or_else(|| missing(0))?,
            },
            Kind::Disease => Disaster::Disease {
                per_building: number(0)?,
                hospital_immune: flag()?,
            },
            Kind::Scorch => Disaster::Scorch {
                areas: number(0)?,
                remove_to_free: flag()?,
            },
            Kind::Remove => Disaster::Remove {
                buildings: number(0)?,
                walled_safe: flag()?,
            },
        })
    }
}

impl<'de> Deserialize<'de> for Disaster {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_enum("Disaster", VARIANTS, DisasterVisitor)
    }
}

struct DisasterVisitor;

impl<'de> Visitor<'de> for DisasterVisitor {
    type Value = Disaster;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("enum Disaster")
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Disaster, A::Error> {
        match data.variant_seed(Variant)? {
            (Kind::None, variant) => variant.unit_variant().map(|()| Disaster::None),
            (kind, variant) => variant.struct_variant(kind.fields(), Fields(kind)),
        }
    }
}

/// Reads a variant's name.
struct Variant;

impl<'de> DeserializeSeed<'de> for Variant {
    type Value = Kind;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Kind, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for Variant {
    type Value = Kind;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("variant identifier")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Kind, E> {
        VARIANTS
            .iter()
            .zip(Kind::ALL)
            .find_map(|(&name, kind)| (name == v).then_some(kind))
            .ok_or_else(|| E::unknown_variant(v, VARIANTS))
    }
}

/// Reads the fields of one variant, as a map or in order.
struct Fields(Kind);

impl<'de> Visitor<'de> for Fields {
    type Value = Disaster;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "struct variant Disaster::{}", self.0.name())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Disaster, A::Error> {
        let mut read = Read::new(self.0);
        for field in 0..self.0.fields().len() {
            if !read.element(field, &mut seq)? {
                return Err(A::Error::invalid_length(field, &Elements(self.0)));
            }
        }
        read.finish()
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Disaster, A::Error> {
        let mut read = Read::new(self.0);
        while let Some(field) = map.next_key_seed(Field(self.0))? {
            if read.has(field) {
                let name = self.0.fields().get(field).copied().unwrap_or("");
                return Err(A::Error::duplicate_field(name));
            }
            read.value(field, &mut map)?;
        }
        read.finish()
    }
}

/// What a sequence of a variant's fields holds: `struct variant
/// Disaster::Points with 1 element`.
struct Elements(Kind);

impl de::Expected for Elements {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.fields().len();
        let plural = if n == 1 { "" } else { "s" };
        write!(
            f,
            "struct variant Disaster::{} with {n} element{plural}",
            self.0.name()
        )
    }
}

/// Reads the name of one of a variant's fields: its index.
struct Field(Kind);

impl<'de> DeserializeSeed<'de> for Field {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for Field {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<usize, E> {
        let fields = self.0.fields();
        fields
            .iter()
            .position(|&name| name == v)
            .ok_or_else(|| E::unknown_field(v, fields))
    }
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::String;

    /// What serde's derive reads, to compare with.
    mod derived {
        use crate::symbols::Resource;

        #[derive(Debug, serde::Deserialize)]
        #[expect(dead_code, reason = "the fields are compared through Debug")]
        #[serde(rename_all = "snake_case", deny_unknown_fields)]
        pub(super) enum Disaster {
            None,
            Points {
                disaster: u32,
            },
            PointsOrLose {
                disaster: u32,
                resources: u32,
            },
            Lose {
                resources: u32,
            },
            LoseAll {
                resource: Resource,
            },
            Disease {
                per_building: u32,
                hospital_immune: bool,
            },
            Scorch {
                areas: u32,
                remove_to_free: bool,
            },
            Remove {
                buildings: u32,
                walled_safe: bool,
            },
        }
    }

    fn read<T: serde::de::DeserializeOwned + core::fmt::Debug>(text: &str) -> String {
        match serde_json::from_str::<T>(text) {
            Ok(value) => format!("{value:?}"),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn reads_as_the_derive_does() {
        let texts = [
            r#""none""#,
            r#"{"none": null}"#,
            r#"{"none": 1}"#,
            r#"{"none": {}}"#,
            r#""points""#,
            r#"{"points": {"disaster": 3}}"#,
            r#"{"points": [3]}"#,
            r#"{"points": []}"#,
            r#"{"points": [3, 4]}"#,
            r#"{"points": {}}"#,
            r#"{"points": {"disaster": 3, "disaster": 4}}"#,
            r#"{"points": {"disaster": 3, "resources": 4}}"#,
            r#"{"points": {"disaster": -1}}"#,
            r#"{"points": {"disaster": 1.5}}"#,
            r#"{"points": 3}"#,
            r#"{"points": null}"#,
            r#"{"points_or_lose": {"resources": 2, "disaster": 4}}"#,
            r#"{"points_or_lose": {"disaster": 4}}"#,
            r#"{"points_or_lose": {"resources": 4}}"#,
            r#"{"points_or_lose": [4, 2]}"#,
            r#"{"points_or_lose": [4]}"#,
            r#"{"points_or_lose": {"resources": 2, "resources": 2}}"#,
            r#"{"lose": {"resources": 2}}"#,
            r#"{"lose": [2]}"#,
            r#"{"lose_all": {"resource": "wood"}}"#,
            r#"{"lose_all": {"resource": "iron"}}"#,
            r#"{"lose_all": ["stone"]}"#,
            r#"{"lose_all": {}}"#,
            r#"{"lose_all": {"resource": 3}}"#,
            r#"{"disease": {"per_building": 1, "hospital_immune": true}}"#,
            r#"{"disease": {"hospital_immune": true}}"#,
            r#"{"disease": {"per_building": 1}}"#,
            r#"{"disease": [1, false]}"#,
            r#"{"disease": [1]}"#,
            r#"{"disease": {"per_building": 1, "hospital_immune": 1}}"#,
            r#"{"scorch": {"areas": 2, "remove_to_free": false}}"#,
            r#"{"scorch": {"remove_to_free": false, "areas": 2}}"#,
            r#"{"scorch": {"remove_to_free": false, "remove_to_free": true}}"#,
            r#"{"remove": {"buildings": 1, "walled_safe": true}}"#,
            r#"{"remove": {"walled_safe": true}}"#,
            r#"{"remove": [1, true, 2]}"#,
            r#"{"remove": {"buildings": 1, "walled_safe": true, "x": 1}}"#,
            r#"{"flood": {}}"#,
            r#""flood""#,
            "{}",
            r#"{"points": {"disaster": 3}, "lose": {"resources": 1}}"#,
            "[]",
            "3",
            "null",
            r#"{"Points": {"disaster": 3}}"#,
        ];
        for text in texts {
            assert_eq!(
                read::<super::Disaster>(text),
                read::<derived::Disaster>(text),
                "{text}"
            );
        }
    }
}
