//! A JSON text read once into a tape of its parts: each value's kind and
//! byte span, each object member's key, and where each value's parts end.
//! No value is built from it: two texts are compared part by part through
//! their tapes, a part's bytes standing for the part (what a view patch
//! needs of two views written by one serialiser).

use std::borrow::Cow;

/// The deepest nesting read; a deeper text is not read at all.
pub const MAX_DEPTH: usize = 128;

/// What a part is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `{…}`.
    Object,
    /// `[…]`.
    Array,
    /// A string, number, `true`, `false` or `null`.
    Scalar,
}

/// One value of the text.
#[derive(Debug, Clone, Copy)]
struct Part {
    kind: Kind,
    /// Its bytes, `start..end`.
    start: usize,
    end: usize,
    /// Its key's bytes between the quotes, as written (escapes and all),
    /// when it is an object's member.
    key: (usize, usize),
    /// The index of the part after its own parts.
    next: usize,
    /// How many members or elements it has.
    len: usize,
}

/// A JSON text's parts, in the order they are written: a part's members
/// or elements follow it, the first at the next index.
#[derive(Debug)]
pub struct Tape<'a> {
    text: &'a str,
    parts: Vec<Part>,
}

impl<'a> Tape<'a> {
    /// The tape of `text`, one JSON value (whitespace around it and
    /// between its tokens allowed); `None` when it is not one, or nests
    /// deeper than [`MAX_DEPTH`]. Part 0 is the whole value.
    pub fn of(text: &'a str) -> Option<Self> {
        let mut tape = Tape {
            text,
            // About one part in eight bytes of a compact view.
            parts: Vec::with_capacity(text.len() / 8),
        };
        let end = tape.value(0, (0, 0), 0)?;
        (tape.skip_space(end) == text.len()).then_some(tape)
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.text.as_bytes().get(at).copied()
    }

    fn skip_space(&self, mut at: usize) -> usize {
        while matches!(self.byte(at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            at = at.saturating_add(1);
        }
        at
    }

    /// Reads the string starting at `at` (its opening quote); answers
    /// where it ends, past its closing quote.
    fn string(&self, at: usize) -> Option<usize> {
        if self.byte(at)? != b'"' {
            return None;
        }
        let mut at = at.saturating_add(1);
        loop {
            let rest = self.text.as_bytes().get(at..)?;
            at = at.saturating_add(rest.iter().position(|b| matches!(b, b'"' | b'\\'))?);
            match self.byte(at)? {
                b'\\' => at = at.saturating_add(2),
                _ => return Some(at.saturating_add(1)),
            }
        }
    }

    /// Reads the value at `at` (after any whitespace), with `key` if it is
    /// a member; answers where it ends.
    fn value(&mut self, at: usize, key: (usize, usize), depth: usize) -> Option<usize> {
        if depth > MAX_DEPTH {
            return None;
        }
        let start = self.skip_space(at);
        let index = self.parts.len();
        self.parts.push(Part {
            kind: Kind::Scalar,
            start,
            end: start,
            key,
            next: index,
            len: 0,
        });
        let (kind, end, len) = match self.byte(start)? {
            b'{' => {
                let (end, len) = self.items(start, b'}', true, depth)?;
                (Kind::Object, end, len)
            }
            b'[' => {
                let (end, len) = self.items(start, b']', false, depth)?;
                (Kind::Array, end, len)
            }
            b'"' => (Kind::Scalar, self.string(start)?, 0),
            _ => {
                let rest = self.text.as_bytes().get(start..)?;
                let len = rest
                    .iter()
                    .position(|b| {
                        matches!(b, b',' | b']' | b'}' | b':' | b' ' | b'\t' | b'\n' | b'\r')
                    })
                    .unwrap_or(rest.len());
                (len > 0).then_some((Kind::Scalar, start.saturating_add(len), 0))?
            }
        };
        let next = self.parts.len();
        let part = self.parts.get_mut(index)?;
        *part = Part {
            kind,
            end,
            next,
            len,
            ..*part
        };
        Some(end)
    }

    /// Reads the members (`keyed`) or elements of the object or array
    /// opened at `at`, up to `close`; answers where it ends and how many
    /// it holds.
    fn items(&mut self, at: usize, close: u8, keyed: bool, depth: usize) -> Option<(usize, usize)> {
        let mut at = self.skip_space(at.saturating_add(1));
        if self.byte(at)? == close {
            return Some((at.saturating_add(1), 0));
        }
        let mut len = 0_usize;
        loop {
            let mut key = (0, 0);
            if keyed {
                let key_start = self.skip_space(at);
                let key_end = self.string(key_start)?;
                key = (key_start.saturating_add(1), key_end.saturating_sub(1));
                at = self.skip_space(key_end);
                if self.byte(at)? != b':' {
                    return None;
                }
                at = at.saturating_add(1);
            }
            let end = self.value(at, key, depth.saturating_add(1))?;
            at = self.skip_space(end);
            len = len.saturating_add(1);
            match self.byte(at)? {
                b',' => at = at.saturating_add(1),
                b if b == close => return Some((at.saturating_add(1), len)),
                _ => return None,
            }
        }
    }

    fn part(&self, i: usize) -> Option<&Part> {
        self.parts.get(i)
    }

    /// What part `i` is (a scalar when there is no such part).
    pub fn kind(&self, i: usize) -> Kind {
        self.part(i).map_or(Kind::Scalar, |p| p.kind)
    }

    /// Part `i` as written; `None` for no such part.
    pub fn text(&self, i: usize) -> Option<&'a str> {
        self.part(i).and_then(|p| self.text.get(p.start..p.end))
    }

    /// How many members or elements part `i` has.
    pub fn len(&self, i: usize) -> usize {
        self.part(i).map_or(0, |p| p.len)
    }

    /// The members or elements of part `i`, in order.
    pub fn children(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let len = self.len(i);
        std::iter::successors(Some(i.saturating_add(1)), |c| self.part(*c).map(|p| p.next))
            .take(len)
    }

    /// The key of member `i` as written between its quotes; `None` for
    /// no such part.
    pub fn key_text(&self, i: usize) -> Option<&'a str> {
        self.part(i).and_then(|p| self.text.get(p.key.0..p.key.1))
    }

    /// The key of member `i`, its escapes read; `None` for no such part,
    /// or a key whose escapes do not read.
    pub fn key(&self, i: usize) -> Option<Cow<'a, str>> {
        let raw = self.key_text(i)?;
        if !raw.contains('\\') {
            return Some(Cow::Borrowed(raw));
        }
        let part = self.part(i)?;
        let quoted = self
            .text
            .get(part.key.0.saturating_sub(1)..part.key.1.saturating_add(1))?;
        serde_json::from_str::<String>(quoted).ok().map(Cow::Owned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_read_into_its_parts_in_order() {
        let text = r#"{"a": [1, "x,]"], "b\"c": {}, "d": null}"#;
        let tape = Tape::of(text).unwrap();
        assert_eq!(tape.kind(0), Kind::Object);
        assert_eq!(tape.len(0), 3);
        let members: Vec<usize> = tape.children(0).collect();
        let keys: Vec<_> = members.iter().map(|m| tape.key(*m).unwrap()).collect();
        assert_eq!(keys, ["a", "b\"c", "d"]);
        assert_eq!(tape.key_text(members[1]), Some(r#"b\"c"#));
        let a = members[0];
        assert_eq!(tape.kind(a), Kind::Array);
        let elements: Vec<&str> = tape.children(a).map(|e| tape.text(e).unwrap()).collect();
        assert_eq!(elements, ["1", r#""x,]""#]);
        assert_eq!(tape.text(members[1]), Some("{}"));
        assert_eq!(tape.text(members[2]), Some("null"));
        assert_eq!(tape.text(99), None);
    }

    #[test]
    fn text_that_is_no_json_value_has_no_tape() {
        for bad in [
            "",
            "{",
            "[1,",
            r#"{"a" 1}"#,
            r#"{"a":}"#,
            "[1]]",
            r#""open"#,
            "1 2",
        ] {
            assert!(Tape::of(bad).is_none(), "{bad:?}");
        }
        let deep = "[".repeat(MAX_DEPTH + 2) + &"]".repeat(MAX_DEPTH + 2);
        assert!(Tape::of(&deep).is_none());
    }
}
