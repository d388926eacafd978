//! A JSON text read only as far as it is compared: an object's members or
//! an array's elements as slices of the text, each value's extent found by
//! following its bytes (strings and nesting), no value built and nothing
//! listed below the level asked for. Two texts written by one serialiser
//! are compared slice by slice, a value's bytes standing for the value:
//! what a view patch needs, where most of two views is the same and only
//! the parts that differ are read any deeper.

use std::borrow::Cow;

/// The deepest nesting a comparison goes down to.
pub const MAX_DEPTH: usize = 128;

/// What a value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `{…}`.
    Object,
    /// `[…]`.
    Array,
    /// A string, number, `true`, `false` or `null`.
    Scalar,
}

/// The bytes that open and close an object, and an array.
const BRACKETS: [(u8, u8); 2] = [(b'{', b'}'), (b'[', b']')];

/// What `value` (a value's text, from its first byte) is, by its first
/// byte.
pub fn kind(value: &str) -> Kind {
    let [(object, _), (array, _)] = BRACKETS;
    match value.as_bytes().first() {
        Some(&b) if b == object => Kind::Object,
        Some(&b) if b == array => Kind::Array,
        _ => Kind::Scalar,
    }
}

/// `text` without the whitespace JSON allows around a value.
pub fn trim(text: &str) -> &str {
    text.trim_matches([' ', '\t', '\n', '\r'])
}

/// An object's member, as slices of its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Member<'a> {
    /// Its key as written, quotes included (escapes and all).
    pub quoted_key: &'a str,
    /// Its value's text.
    pub value: &'a str,
}

impl<'a> Member<'a> {
    /// The key, its escapes read; `None` when they do not read.
    pub fn key(&self) -> Option<Cow<'a, str>> {
        if !self.quoted_key.contains('\\') {
            let inside = self.quoted_key.strip_prefix('"')?.strip_suffix('"')?;
            return Some(Cow::Borrowed(inside));
        }
        serde_json::from_str::<String>(self.quoted_key)
            .ok()
            .map(Cow::Owned)
    }
}

/// The members of `object` (an object's text, from its `{` to its `}`),
/// in order; `None` when it is not an object, or does not read as one.
pub fn members(object: &str) -> Option<Vec<Member<'_>>> {
    let mut read = Items::object(object)?;
    let mut members = Vec::new();
    while let Some(item) = read.next()? {
        members.push(item.member()?);
    }
    Some(members)
}

/// One item of an object or array, as slices of its text.
#[derive(Debug, Clone, Copy)]
pub struct Item<'a> {
    /// The item as written: `"key": value`, or an element's value.
    pub whole: &'a str,
    /// A member's key as written, quotes included; `None` for an element.
    pub quoted_key: Option<&'a str>,
    /// The value's text.
    pub value: &'a str,
}

impl<'a> Item<'a> {
    /// The item as an object's member; `None` for an array's element.
    pub fn member(&self) -> Option<Member<'a>> {
        Some(Member {
            quoted_key: self.quoted_key?,
            value: self.value,
        })
    }
}

/// Where an item lies in the text it was read from, as byte offsets:
/// kept beside that text, its level is not read again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    start: usize,
    /// Past a member's key's closing quote; `start` for an element.
    key_end: usize,
    value: usize,
    end: usize,
}

impl Span {
    /// The span of `item` (read from any text written the same way) in a
    /// text where it starts at `start`.
    pub fn of(start: usize, item: &Item<'_>) -> Self {
        let key = item.quoted_key.map_or(0, str::len);
        let value_at = item.whole.len().saturating_sub(item.value.len());
        Span {
            start,
            key_end: start.saturating_add(key),
            value: start.saturating_add(value_at),
            end: start.saturating_add(item.whole.len()),
        }
    }
}

/// The members of an object read back from their [`Span`]s, without
/// reading the text: the spans must come from this text.
#[derive(Debug, Clone)]
pub struct Listed<'a> {
    text: &'a str,
    spans: core::slice::Iter<'a, Span>,
}

impl<'a> Listed<'a> {
    /// The members of `object` where `spans` found them.
    pub fn members(object: &'a str, spans: &'a [Span]) -> Self {
        Listed {
            text: object,
            spans: spans.iter(),
        }
    }

    /// The next item, as [`Items::next`] reads it; `None` where a span
    /// does not fall in the text.
    #[expect(
        clippy::should_implement_trait,
        reason = "the same shape as Items::next"
    )]
    pub fn next(&mut self) -> Option<Option<Item<'a>>> {
        let Some(span) = self.spans.next() else {
            return Some(None);
        };
        Some(Some(Item {
            whole: self.text.get(span.start..span.end)?,
            quoted_key: Some(self.text.get(span.start..span.key_end)?),
            value: self.text.get(span.value..span.end)?,
        }))
    }
}

/// Reads the items of an object or an array one at a time, or passes
/// over one the caller already has the bytes of, unread.
#[derive(Debug, Clone)]
pub struct Items<'a> {
    text: &'a str,
    /// The next item's first byte, or the closing bracket.
    at: usize,
    close: u8,
    keyed: bool,
}

impl<'a> Items<'a> {
    /// The members of `object`; `None` when it does not open as one.
    pub fn object(object: &'a str) -> Option<Self> {
        Self::open(object, b'{', b'}', true)
    }

    /// The elements of `array`; `None` when it does not open as one.
    pub fn array(array: &'a str) -> Option<Self> {
        Self::open(array, b'[', b']', false)
    }

    /// Where the next item starts (or the closing bracket is).
    pub fn at(&self) -> usize {
        self.at
    }

    fn open(text: &'a str, open: u8, close: u8, keyed: bool) -> Option<Self> {
        let bytes = text.as_bytes();
        (bytes.first() == Some(&open)).then(|| Items {
            text,
            at: skip_space(bytes, 1),
            close,
            keyed,
        })
    }

    /// The next item; `Some(None)` once the closing bracket is reached and
    /// ends the text, `None` where the text does not read.
    #[expect(
        clippy::should_implement_trait,
        reason = "a text that does not read is told apart from the end"
    )]
    pub fn next(&mut self) -> Option<Option<Item<'a>>> {
        let bytes = self.text.as_bytes();
        if *bytes.get(self.at)? == self.close {
            return (self.at.saturating_add(1) == bytes.len()).then_some(None);
        }
        let start = self.at;
        let (quoted_key, value_start) = if self.keyed {
            let key_end = string_end(bytes, start)?;
            let colon = skip_space(bytes, key_end);
            if bytes.get(colon) != Some(&b':') {
                return None;
            }
            (
                Some(self.text.get(start..key_end)?),
                skip_space(bytes, colon.saturating_add(1)),
            )
        } else {
            (None, start)
        };
        let end = value_end(bytes, value_start)?;
        self.at = self.after(end)?;
        Some(Some(Item {
            whole: self.text.get(start..end)?,
            quoted_key,
            value: self.text.get(value_start..end)?,
        }))
    }

    /// Whether the next item is written `whole` (an item's text), byte for
    /// byte, and ends there: then it is passed over unread.
    pub fn skip_same(&mut self, whole: &str) -> bool {
        let bytes = self.text.as_bytes();
        let end = self.at.saturating_add(whole.len());
        // A number or literal could go on: the same bytes are the same
        // item only where the new text ends it there too.
        let ends = matches!(bytes.get(end), Some(b',' | b' ' | b'\t' | b'\n' | b'\r'))
            || bytes.get(end) == Some(&self.close);
        if !ends || bytes.get(self.at..end) != Some(whole.as_bytes()) {
            return false;
        }
        match self.after(end) {
            Some(next) => {
                self.at = next;
                true
            }
            None => false,
        }
    }

    /// Past the separator after an item ending at `end`: the next item's
    /// first byte, or the closing bracket.
    fn after(&self, end: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let at = skip_space(bytes, end);
        match *bytes.get(at)? {
            b',' => {
                let next = skip_space(bytes, at.saturating_add(1));
                // No item after the comma is no JSON.
                (*bytes.get(next)? != self.close).then_some(next)
            }
            b if b == self.close => Some(at),
            _ => None,
        }
    }
}

fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while matches!(bytes.get(at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        at = at.saturating_add(1);
    }
    at
}

/// Where the string opened at `at` ends, past its closing quote.
fn string_end(bytes: &[u8], at: usize) -> Option<usize> {
    if bytes.get(at) != Some(&b'"') {
        return None;
    }
    let mut at = at.saturating_add(1);
    loop {
        let rest = bytes.get(at..)?;
        at = at.saturating_add(rest.iter().position(|b| matches!(b, b'"' | b'\\'))?);
        match bytes.get(at)? {
            b'\\' => at = at.saturating_add(2),
            _ => return Some(at.saturating_add(1)),
        }
    }
}

/// Where the value starting at `at` ends: past its closing quote or
/// bracket, or at the byte that ends a number or a literal. Nesting is
/// followed, strings and all, without reading what is inside.
fn value_end(bytes: &[u8], at: usize) -> Option<usize> {
    match *bytes.get(at)? {
        b'"' => string_end(bytes, at),
        b'{' | b'[' => {
            let mut depth = 0_usize;
            let mut i = at;
            loop {
                match *bytes.get(i)? {
                    b'"' => {
                        i = string_end(bytes, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth = depth.saturating_add(1),
                    b'}' | b']' => {
                        depth = depth.checked_sub(1)?;
                        if depth == 0 {
                            return Some(i.saturating_add(1));
                        }
                    }
                    _ => {}
                }
                i = i.saturating_add(1);
            }
        }
        _ => {
            let rest = bytes.get(at..)?;
            let len = rest
                .iter()
                .position(|b| matches!(b, b',' | b']' | b'}' | b':' | b' ' | b'\t' | b'\n' | b'\r'))
                .unwrap_or(rest.len());
            (len > 0).then_some(at.saturating_add(len))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The elements of `array`, or `None` where it does not read.
    fn elements(array: &str) -> Option<Vec<&str>> {
        let mut read = Items::array(array)?;
        let mut elements = Vec::new();
        while let Some(item) = read.next()? {
            elements.push(item.value);
        }
        Some(elements)
    }

    #[test]
    fn a_text_is_read_one_level_at_a_time() {
        let text = r#"{"a": [1, "x,]"], "b\"c": {}, "d": null}"#;
        assert_eq!(kind(text), Kind::Object);
        let read = members(text).unwrap();
        let keys: Vec<_> = read.iter().map(|m| m.key().unwrap()).collect();
        assert_eq!(keys, ["a", "b\"c", "d"]);
        assert_eq!(read[1].quoted_key, r#""b\"c""#);
        let a = read[0].value;
        assert_eq!(kind(a), Kind::Array);
        assert_eq!(elements(a).unwrap(), ["1", r#""x,]""#]);
        assert_eq!(read[1].value, "{}");
        assert_eq!(members(read[1].value).unwrap(), []);
        assert_eq!(read[2].value, "null");
        assert_eq!(kind("null"), Kind::Scalar);
        assert_eq!(elements("[ ]").unwrap(), Vec::<&str>::new());
        assert_eq!(trim(" \n[1] "), "[1]");
    }

    #[test]
    fn an_item_written_the_same_is_passed_over_unread() {
        let mut items = Items::object(r#"{"a": 12, "b": [1], "c": 3}"#).unwrap();
        // The same bytes, but the number goes on.
        assert!(!items.skip_same(r#""a": 1"#));
        assert!(items.skip_same(r#""a": 12"#));
        assert!(!items.skip_same(r#""b": [2]"#));
        let b = items.next().unwrap().unwrap();
        assert_eq!(
            (b.quoted_key, b.value, b.whole),
            (Some(r#""b""#), "[1]", r#""b": [1]"#)
        );
        assert!(items.skip_same(r#""c": 3"#));
        assert!(matches!(items.next(), Some(None)));
        let mut items = Items::array("[1, 2]").unwrap();
        assert!(items.skip_same("1"));
        assert!(!items.skip_same("2]"));
        assert!(items.skip_same("2"));
        assert!(matches!(items.next(), Some(None)));
    }

    #[test]
    fn text_that_is_no_object_or_array_has_no_items() {
        for bad in [
            "",
            "{",
            "[1,",
            r#"{"a" 1}"#,
            r#"{"a":}"#,
            "[1]]",
            r#"{"a": "open}"#,
            "[1 2]",
            "1",
            r#"{"a": 1,}"#,
            "[[1]",
        ] {
            assert!(members(bad).is_none() && elements(bad).is_none(), "{bad:?}");
        }
        assert!(members("[1]").is_none());
        assert!(elements("{}").is_none());
    }
}
