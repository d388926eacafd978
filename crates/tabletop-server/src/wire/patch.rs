//! View patches: the difference between the last view a connection was
//! sent and the view now, as an RFC 6902 JSON Patch of `add`, `remove` and
//! `replace` operations on RFC 6901 pointers. A connection that opts in is
//! sent what changed instead of the whole view, which is most of an
//! update's bytes.
//!
//! The patch is computed from two views of the same viewer, so it carries
//! nothing the full view would not. It is worked out from the two views'
//! JSON texts as the engine wrote them, not from JSON values made of them:
//! a part that did not change is told by comparing its bytes, and each
//! operation's value is a slice of the new text.

use std::fmt::Write as _;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::wire::json_text::{self, Item, Items, Kind, Listed, MAX_DEPTH, Member, Span};

/// What an operation does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OpKind {
    /// Adds a key, or inserts an array element.
    Add,
    /// Removes a key or an array element.
    Remove,
    /// Replaces the value at the path.
    Replace,
}

/// One operation of a view patch, borrowing its value from the new view:
/// `{"op": "replace", "path": "/board/b1/1", "value": 5}`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PatchOp<'a> {
    /// What it does.
    pub op: OpKind,
    /// An RFC 6901 JSON Pointer.
    pub path: String,
    /// The value to add or put in place; absent for `remove`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<Value>", extend("tsType" = "unknown"))]
    pub value: Option<&'a RawValue>,
}

/// The operations that turn the view `old` into the view `new` (JSON
/// texts) when applied in order: a recursive diff of objects; arrays
/// element-wise over their common length, then elements removed or added
/// at the end; any part whose operations would be longer than the part
/// itself is replaced whole. Text that is not JSON is replaced whole.
pub fn diff<'a>(old: &RawValue, new: &'a RawValue) -> Vec<PatchOp<'a>> {
    if old.get() == new.get() {
        return Vec::new();
    }
    let mut ops = Vec::new();
    let (was, now) = (json_text::trim(old.get()), json_text::trim(new.get()));
    Walk { depth: 0 }.diff_at(&mut String::new(), was, now, &mut ops);
    finish(ops, new)
}

/// A view kept for the patch of the next step: its text, and where its
/// members lie once a patch has found them, so that the next patch does
/// not read the view's top level again.
#[derive(Debug)]
pub struct KeptView {
    text: Box<RawValue>,
    members: Members,
}

/// Where a view's members lie in its text (trimmed), as a patch to it
/// found them; none when it did not read them all. They hold for that
/// text alone, so they name it: [`KeptView::with_members`] keeps them only
/// beside the very text [`diff_kept`] read.
#[derive(Debug, Clone, Default)]
pub struct Members {
    spans: Option<Vec<Span>>,
    found_in: TextAt,
}

/// Where a text lies in memory (its first byte's address, its length): a
/// text boxed once and never changed is the only one at that place while
/// it lives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct TextAt(usize, usize);

impl TextAt {
    fn of(text: &RawValue) -> Self {
        TextAt(text.get().as_ptr().addr(), text.get().len())
    }
}

impl KeptView {
    /// `text`, its members not yet found.
    pub fn new(text: Box<RawValue>) -> Self {
        KeptView {
            text,
            members: Members::default(),
        }
    }

    /// `text` with the members [`diff_kept`] found in it: the same box it
    /// read, moved here. Members found in another text are dropped (the
    /// next patch reads the top level again), so that a mismatched pair
    /// costs time, never a wrong patch.
    pub fn with_members(text: Box<RawValue>, members: Members) -> Self {
        let members = if members.found_in == TextAt::of(&text) {
            members
        } else {
            Members::default()
        };
        KeptView { text, members }
    }

    /// The view's text.
    pub fn text(&self) -> &RawValue {
        &self.text
    }
}

/// [`diff`] from a kept view, with where `new`'s members lie, for
/// [`KeptView::with_members`]: the same operations, the kept view's top
/// level taken from its members instead of read again.
pub fn diff_kept<'a>(old: &KeptView, new: &'a RawValue) -> (Vec<PatchOp<'a>>, Members) {
    let found_in = TextAt::of(new);
    if old.text.get() == new.get() {
        let spans = old.members.spans.clone();
        return (Vec::new(), Members { spans, found_in });
    }
    let (was, now) = (json_text::trim(old.text.get()), json_text::trim(new.get()));
    let (mut ops, mut found) = (Vec::new(), Vec::new());
    let path = &mut String::new();
    let (top, below) = (Walk { depth: 0 }, Walk { depth: 1 });
    let in_step = match (
        &old.members.spans,
        json_text::kind(was),
        json_text::kind(now),
    ) {
        (Some(spans), Kind::Object, Kind::Object) => {
            let mut old = Listed::members(was, spans);
            below.objects_in_step(path, || old.next(), now, &mut ops, Some(&mut found))
        }
        (None, Kind::Object, Kind::Object) => Items::object(was).and_then(|mut old| {
            below.objects_in_step(path, || old.next(), now, &mut ops, Some(&mut found))
        }),
        _ => None,
    };
    let spans = if in_step.is_some() {
        Walk::settle(path, now, 0, &mut ops);
        Some(found)
    } else {
        ops.clear();
        top.diff_at(path, was, now, &mut ops);
        None
    };
    (finish(ops, new), Members { spans, found_in })
}

/// The walk's operations as a patch of `new`: each value a part of
/// `new`, itself JSON, so each reads as JSON; were one not to, the whole
/// view is sent instead.
fn finish<'a>(ops: Vec<WalkOp<'a>>, new: &'a RawValue) -> Vec<PatchOp<'a>> {
    let whole = || {
        vec![PatchOp {
            op: OpKind::Replace,
            path: String::new(),
            value: Some(new),
        }]
    };
    ops.into_iter()
        .map(|o| {
            let value = match (o.op, o.value) {
                (OpKind::Remove, _) => None,
                (_, Some(text)) => Some(serde_json::from_str::<&RawValue>(text).ok()?),
                // A part the walk could not read.
                (_, None) => return None,
            };
            Some(PatchOp {
                op: o.op,
                path: o.path,
                value,
            })
        })
        .collect::<Option<Vec<_>>>()
        .unwrap_or_else(whole)
}

// The walk writes its JSON Pointer into one buffer: a token is pushed on
// the way down and cut on the way back up, so a part that did not change
// costs no pointer of its own.

/// Appends `key` to `path` as one reference token (RFC 6901: `~` is
/// written `~0`, `/` is written `~1`); answers the length to cut back to.
fn push_key(path: &mut String, key: &str) -> usize {
    let back = path.len();
    path.push('/');
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
    back
}

/// Appends array index `i` to `path` as one reference token.
fn push_index(path: &mut String, i: usize) -> usize {
    let back = path.len();
    // Writing to a String cannot fail.
    let _ = write!(path, "/{i}");
    back
}

/// How many bytes `text` takes inside a JSON string, as serde_json
/// escapes it: `"` and `\` and the short control escapes in two, other
/// control characters in six.
fn escaped_len(text: &str) -> usize {
    text.bytes()
        .map(|b| match b {
            b'"' | b'\\' | 0x08 | 0x0c | b'\n' | b'\r' | b'\t' => 2,
            0..=0x1f => 6,
            _ => 1,
        })
        .sum()
}

/// An operation as the walk makes it: its value a part of the new view's
/// text.
struct WalkOp<'a> {
    op: OpKind,
    path: String,
    value: Option<&'a str>,
}

impl WalkOp<'_> {
    /// Its length as compact JSON with one separator, as serde_json writes
    /// a [`PatchOp`]: `{"op":"…","path":"…","value":…}` and a comma.
    fn len(&self) -> usize {
        let kind = match self.op {
            OpKind::Add => "add".len(),
            OpKind::Remove => "remove".len(),
            OpKind::Replace => "replace".len(),
        };
        let value = self
            .value
            .map_or(0, |v| r#","value":"#.len().saturating_add(v.len()));
        [
            r#"{"op":""#.len(),
            kind,
            r#"","path":""#.len(),
            escaped_len(&self.path),
            r#""}"#.len(),
            value,
            1,
        ]
        .iter()
        .fold(0_usize, |sum, n| sum.saturating_add(*n))
    }
}

/// The walk down the two views' texts, reading each part only where the
/// two differ: a part whose bytes are equal is not read into.
struct Walk {
    /// How deep the part under comparison is.
    depth: usize,
}

impl Walk {
    /// An operation of kind `op` at `path`, with `now`, a part of the new
    /// view, as its value (none for `remove`).
    fn op<'a>(op: OpKind, path: &str, now: Option<&'a str>) -> WalkOp<'a> {
        WalkOp {
            op,
            path: path.to_owned(),
            value: now,
        }
    }

    /// The mark of a part the walk could not read (a key whose escapes do
    /// not read, or nesting past [`MAX_DEPTH`]): it makes [`diff`] send the
    /// whole view instead.
    fn unreadable<'a>() -> WalkOp<'a> {
        WalkOp {
            op: OpKind::Replace,
            path: String::new(),
            value: None,
        }
    }

    /// The operations that turn part `was` of the old view into part `now`
    /// of the new one, at `path`: none when their texts are equal; each
    /// part is compared by its parent and its pointer written only when
    /// it differs.
    fn diff_at<'a>(&self, path: &mut String, was: &str, now: &'a str, ops: &mut Vec<WalkOp<'a>>) {
        if was == now {
            return;
        }
        let first = ops.len();
        let below = Walk {
            depth: self.depth.saturating_add(1),
        };
        match (json_text::kind(was), json_text::kind(now)) {
            _ if self.depth > MAX_DEPTH => {
                ops.push(Self::unreadable());
                return;
            }
            (Kind::Object, Kind::Object) => below.diff_objects(path, was, now, ops),
            (Kind::Array, Kind::Array) => below.diff_arrays(path, was, now, ops),
            _ => {
                ops.push(Self::op(OpKind::Replace, path, Some(now)));
                return;
            }
        }
        Self::settle(path, now, first, ops);
    }

    /// The operations from `first` on, which turn a part into `now` at
    /// `path`, replaced by one that puts `now` whole where that is
    /// shorter.
    fn settle<'a>(path: &mut String, now: &'a str, first: usize, ops: &mut Vec<WalkOp<'a>>) {
        // Replaced whole when strictly shorter than the part's operations.
        // The whole part's operation borrows the pointer's buffer while it
        // is measured and gives it back, so the pointer is copied only
        // when that operation is kept.
        let parts = ops
            .iter()
            .skip(first)
            .fold(0_usize, |sum, o| sum.saturating_add(o.len()));
        let whole = WalkOp {
            op: OpKind::Replace,
            path: std::mem::take(path),
            value: Some(now),
        };
        if whole.len() < parts {
            path.push_str(&whole.path);
            ops.truncate(first);
            ops.push(whole);
        } else {
            *path = whole.path;
        }
    }

    /// Keys removed, in the old view's order, then keys changed or added,
    /// in the new view's. Two views of one type write the same keys in the
    /// same order: then the members are paired in step, with no lookup.
    fn diff_objects<'a>(
        &self,
        path: &mut String,
        was: &str,
        now: &'a str,
        ops: &mut Vec<WalkOp<'a>>,
    ) {
        let first = ops.len();
        let in_step = Items::object(was)
            .and_then(|mut old| self.objects_in_step(path, || old.next(), now, ops, None));
        if in_step.is_some() {
            return;
        }
        ops.truncate(first);
        let (Some(old), Some(new)) = (json_text::members(was), json_text::members(now)) else {
            ops.push(Self::unreadable());
            return;
        };
        for o in &old {
            if !new.iter().any(|n| n.quoted_key == o.quoted_key) {
                let Some(key) = o.key() else {
                    ops.push(Self::unreadable());
                    continue;
                };
                let back = push_key(path, &key);
                ops.push(Self::op(OpKind::Remove, path, None));
                path.truncate(back);
            }
        }
        for n in &new {
            let was = old.iter().find(|o| o.quoted_key == n.quoted_key);
            self.diff_member(path, n, was.map(|o| o.value), ops);
        }
    }

    /// The members of two objects with the same keys in the same order,
    /// the old one's read by `old`, paired in step; `None` when the keys
    /// are not the same (the caller then drops what this pushed). A member
    /// the new view writes byte for byte as the old one did is passed over
    /// unread. Where each member of `now` lies goes to `found`.
    fn objects_in_step<'a, 'w>(
        &self,
        path: &mut String,
        mut old: impl FnMut() -> Option<Option<Item<'w>>>,
        now: &'a str,
        ops: &mut Vec<WalkOp<'a>>,
        mut found: Option<&mut Vec<Span>>,
    ) -> Option<()> {
        let mut new = Items::object(now)?;
        while let Some(o) = old()? {
            let start = new.at();
            if new.skip_same(o.whole) {
                if let Some(found) = found.as_deref_mut() {
                    found.push(Span::of(start, &o));
                }
                continue;
            }
            let n = new.next()??;
            if let Some(found) = found.as_deref_mut() {
                found.push(Span::of(start, &n));
            }
            if n.quoted_key != o.quoted_key {
                return None;
            }
            if o.value != n.value {
                self.diff_member(path, &n.member()?, Some(o.value), ops);
            }
        }
        new.next()?.is_none().then_some(())
    }

    /// Member `n` of the new view, against its key's value `was` in the
    /// old one (added when there is none).
    fn diff_member<'a>(
        &self,
        path: &mut String,
        n: &Member<'a>,
        was: Option<&str>,
        ops: &mut Vec<WalkOp<'a>>,
    ) {
        let Some(key) = n.key() else {
            ops.push(Self::unreadable());
            return;
        };
        let back = push_key(path, &key);
        match was {
            Some(was) => self.diff_at(path, was, n.value, ops),
            None => ops.push(Self::op(OpKind::Add, path, Some(n.value))),
        }
        path.truncate(back);
    }

    /// Elements over the common length in step, each passed over unread
    /// where the new view writes it byte for byte as the old one did; then
    /// the old one's extra elements removed from the end, last first (so
    /// every index is in range), or the new one's added.
    fn diff_arrays<'a>(
        &self,
        path: &mut String,
        was: &str,
        now: &'a str,
        ops: &mut Vec<WalkOp<'a>>,
    ) {
        if self.arrays_in_step(path, was, now, ops).is_none() {
            ops.push(Self::unreadable());
        }
    }

    /// [`diff_arrays`](Walk::diff_arrays); `None` where a text does not
    /// read.
    fn arrays_in_step<'a>(
        &self,
        path: &mut String,
        was: &str,
        now: &'a str,
        ops: &mut Vec<WalkOp<'a>>,
    ) -> Option<()> {
        let (mut old, mut new) = (Items::array(was)?, Items::array(now)?);
        let mut n = 0_usize;
        let mut old_left = None;
        while let Some(o) = old.next()? {
            if !new.skip_same(o.whole) {
                let Some(v) = new.next()? else {
                    old_left = Some(o);
                    break;
                };
                if o.value != v.value {
                    let back = push_index(path, n);
                    self.diff_at(path, o.value, v.value, ops);
                    path.truncate(back);
                }
            }
            n = n.saturating_add(1);
        }
        if old_left.is_some() {
            let mut old_len = n.saturating_add(1);
            while old.next()?.is_some() {
                old_len = old_len.saturating_add(1);
            }
            for i in (n..old_len).rev() {
                let back = push_index(path, i);
                ops.push(Self::op(OpKind::Remove, path, None));
                path.truncate(back);
            }
            return Some(());
        }
        while let Some(v) = new.next()? {
            let back = push_index(path, n);
            ops.push(Self::op(OpKind::Add, path, Some(v.value)));
            path.truncate(back);
            n = n.saturating_add(1);
        }
        Some(())
    }
}

/// Why a patch did not apply.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("operation {index} of the patch does not apply: {why}")]
pub struct PatchError {
    /// The operation's index.
    pub index: usize,
    /// What is wrong with it.
    pub why: String,
}

/// Applies `ops` (`add`, `remove`, `replace`) to `doc` in order, as a
/// client does; `doc` is unchanged when an operation does not apply.
///
/// # Errors
/// An operation that is not one of the three, or whose path does not
/// exist (its parent, for `add`).
pub fn apply(doc: &mut Value, ops: &[Value]) -> Result<(), PatchError> {
    let mut work = doc.clone();
    for (index, o) in ops.iter().enumerate() {
        apply_one(&mut work, o).map_err(|why| PatchError { index, why })?;
    }
    *doc = work;
    Ok(())
}

fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

fn apply_one(doc: &mut Value, o: &Value) -> Result<(), String> {
    let kind = o["op"].as_str().ok_or("no `op`")?;
    let path = o["path"].as_str().ok_or("no `path`")?;
    let value = o.get("value");
    if path.is_empty() {
        return match (kind, value) {
            ("replace" | "add", Some(v)) => {
                *doc = v.clone();
                Ok(())
            }
            _ => Err(format!("`{kind}` of the whole document")),
        };
    }
    let Some((parent_path, last)) = path.rsplit_once('/') else {
        return Err(format!("`{path}` is not a pointer"));
    };
    let mut parent = doc;
    for token in parent_path.split('/').skip(1) {
        let token = unescape(token);
        parent = match parent {
            Value::Object(m) => m.get_mut(&token),
            Value::Array(a) => token.parse::<usize>().ok().and_then(|i| a.get_mut(i)),
            _ => None,
        }
        .ok_or_else(|| format!("`{path}`: no `{token}`"))?;
    }
    let last = unescape(last);
    match (parent, kind, value) {
        (Value::Object(m), "add", Some(v)) => {
            m.insert(last, v.clone());
        }
        (Value::Object(m), "replace", Some(v)) if m.contains_key(&last) => {
            m.insert(last, v.clone());
        }
        (Value::Object(m), "remove", None) if m.contains_key(&last) => {
            m.remove(&last);
        }
        (Value::Array(a), kind, value) => {
            let len = a.len();
            let i = if last == "-" {
                len
            } else {
                last.parse::<usize>()
                    .map_err(|_| format!("`{path}`: `{last}` is no index"))?
            };
            match (kind, value) {
                ("add", Some(v)) if i <= len => a.insert(i, v.clone()),
                ("replace", Some(v)) if i < len => {
                    if let Some(slot) = a.get_mut(i) {
                        *slot = v.clone();
                    }
                }
                ("remove", None) if i < len => {
                    a.remove(i);
                }
                _ => return Err(format!("`{kind}` at `{path}` (length {len})")),
            }
        }
        (_, kind, _) => return Err(format!("`{kind}` at `{path}`")),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Map, json};

    fn raw(v: &Value) -> Box<RawValue> {
        serde_json::value::to_raw_value(v).unwrap()
    }

    fn round_trip(old: &Value, new: &Value) -> Vec<Value> {
        let ops: Vec<Value> = diff(&raw(old), &raw(new))
            .iter()
            .map(|o| serde_json::to_value(o).unwrap())
            .collect();
        let mut doc = old.clone();
        apply(&mut doc, &ops).unwrap_or_else(|e| panic!("{e}: {ops:?}"));
        assert_eq!(&doc, new, "{ops:?}");
        ops
    }

    #[test]
    fn equal_views_need_no_operation() {
        let v = json!({"a": [1, 2, {"b": null}]});
        assert!(round_trip(&v, &v).is_empty());
    }

    #[test]
    fn a_changed_field_is_one_replace_at_its_pointer() {
        let pad = "x".repeat(60);
        let old = json!({"board": {"b1": [1, 2, 3], "c/3": 0, "d~": 1, "name": pad}, "turn": 3, "long": pad});
        let new = json!({"board": {"b1": [1, 5, 3], "c/3": 1, "d~": 1, "name": pad}, "turn": 3, "long": pad});
        let ops = round_trip(&old, &new);
        assert_eq!(
            ops,
            vec![
                json!({"op": "replace", "path": "/board/b1/1", "value": 5}),
                json!({"op": "replace", "path": "/board/c~13", "value": 1}),
            ]
        );
    }

    #[test]
    fn arrays_grow_and_shrink_at_the_end_and_keys_come_and_go() {
        let [a, b, c, d] = ["a", "b", "c", "d"].map(|x| x.repeat(40));
        let old = json!({"log": [a, b, c, d], "hand": [a, b], "gone": 1, "pad": d});
        let new = json!({"log": [a, b], "hand": [a, b, "c"], "new": {"x": 1}, "pad": d});
        let ops = round_trip(&old, &new);
        assert_eq!(
            ops,
            vec![
                json!({"op": "remove", "path": "/gone"}),
                json!({"op": "add", "path": "/hand/2", "value": "c"}),
                json!({"op": "remove", "path": "/log/3"}),
                json!({"op": "remove", "path": "/log/2"}),
                json!({"op": "add", "path": "/new", "value": {"x": 1}}),
            ]
        );
    }

    #[test]
    fn a_part_changed_throughout_is_replaced_whole() {
        let old = json!({"row": [1, 2, 3, 4, 5]});
        let new = json!({"row": [6, 7, 8, 9, 0]});
        assert_eq!(
            round_trip(&old, &new),
            vec![json!({"op": "replace", "path": "/row", "value": [6, 7, 8, 9, 0]})]
        );
        assert_eq!(
            round_trip(&json!(1), &json!([1])),
            vec![json!({"op": "replace", "path": "", "value": [1]})]
        );
    }

    #[test]
    fn a_part_is_replaced_whole_at_the_deepest_level_where_that_is_shorter() {
        // The row is shorter whole than as three operations; the parts
        // above it, with their long neighbours, are not.
        let pad = "x".repeat(200);
        let old = json!({"board": {"row": [1, 2, 3], "name": pad}, "log": [pad, pad]});
        let new = json!({"board": {"row": [4, 5, 6], "name": pad}, "log": [pad, pad]});
        assert_eq!(
            round_trip(&old, &new),
            vec![json!({"op": "replace", "path": "/board/row", "value": [4, 5, 6]})]
        );
        // Keys that need escaping, next to unchanged ones that do not
        // appear in any pointer.
        let old = json!({"a/b": {"c~d": 1, "e": pad}, "f": pad});
        let new = json!({"a/b": {"c~d": 2, "e": pad}, "f": pad});
        assert_eq!(
            round_trip(&old, &new),
            vec![json!({"op": "replace", "path": "/a~1b/c~0d", "value": 2})]
        );
    }

    /// The next number of a xorshift stream, below `bound`.
    fn draw(state: &mut u64, bound: u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        state.checked_rem(bound).expect("a bound above 0")
    }

    /// A random document: objects, arrays and scalars, keys that need
    /// escaping in pointers and in JSON among them.
    fn document(state: &mut u64, depth: u32) -> Value {
        let keys = ["a", "b/c", "d~e", "q\"t", "z"];
        match draw(state, if depth == 0 { 3 } else { 5 }) {
            0 => json!(draw(state, 4)),
            1 => json!(["x", "y/z", "é"][usize::try_from(draw(state, 3)).unwrap()]),
            2 => Value::Null,
            3 => Value::Array(
                (0..draw(state, 4))
                    .map(|_| document(state, depth.saturating_sub(1)))
                    .collect(),
            ),
            _ => {
                let mut members = Map::new();
                for k in keys {
                    if draw(state, 2) == 0 {
                        members.insert(k.to_owned(), document(state, depth.saturating_sub(1)));
                    }
                }
                Value::Object(members)
            }
        }
    }

    /// `doc` with some of its parts drawn again.
    fn changed(state: &mut u64, doc: &Value, depth: u32) -> Value {
        if draw(state, 8) == 0 {
            return document(state, depth);
        }
        match doc {
            Value::Array(items) => {
                let mut items: Vec<Value> = items
                    .iter()
                    .map(|v| changed(state, v, depth.saturating_sub(1)))
                    .collect();
                match draw(state, 4) {
                    0 => items.truncate(items.len().saturating_sub(1)),
                    1 => items.push(document(state, depth.saturating_sub(1))),
                    _ => {}
                }
                Value::Array(items)
            }
            Value::Object(members) => {
                let mut kept = Map::new();
                for (k, v) in members {
                    if draw(state, 6) != 0 {
                        kept.insert(k.clone(), changed(state, v, depth.saturating_sub(1)));
                    }
                }
                if draw(state, 4) == 0 {
                    kept.insert("new".to_owned(), json!(1));
                }
                Value::Object(kept)
            }
            other => other.clone(),
        }
    }

    #[test]
    fn every_patch_of_random_documents_gives_the_new_one_and_is_no_longer_than_it() {
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..20_000 {
            let old = document(&mut state, 4);
            let new = changed(&mut state, &old, 4);
            let ops = round_trip(&old, &new);
            for o in &ops {
                let op = WalkOp {
                    op: match o["op"].as_str() {
                        Some("add") => OpKind::Add,
                        Some("remove") => OpKind::Remove,
                        _ => OpKind::Replace,
                    },
                    path: o["path"].as_str().unwrap().to_owned(),
                    value: o.get("value").map(|_| "0"),
                };
                let value = o.get("value").map_or(0, |v| v.to_string().len() - 1);
                assert_eq!(op.len() + value, o.to_string().len() + 1, "{o}");
            }
            let patch_len: usize = ops.iter().map(|o| o.to_string().len() + 1).sum();
            let whole = json!({"op": "replace", "path": "", "value": new})
                .to_string()
                .len()
                + 1;
            assert!(patch_len <= whole, "{old} -> {new}: {ops:?}");
        }
    }

    /// Like a view: an object whose keys stay, its values changing.
    fn view(state: &mut u64, was: Option<&Value>) -> Value {
        let members = ["a", "b/c", "d~e", "q\"t", "z"].map(|k| {
            let value = match was.and_then(|w| w.get(k)) {
                Some(v) if draw(state, 3) == 0 => changed(state, v, 3),
                Some(v) => v.clone(),
                None => document(state, 3),
            };
            (k.to_owned(), value)
        });
        Value::Object(members.into_iter().collect())
    }

    /// A patch's operations as JSON values, to compare two patches.
    fn values(ops: &[PatchOp<'_>]) -> Vec<Value> {
        ops.iter()
            .map(|o| serde_json::to_value(o).unwrap())
            .collect()
    }

    #[test]
    fn a_kept_view_patches_as_its_text_does_along_a_chain_of_views() {
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut read_from_members = 0;
        for n in 0..2_000 {
            let first = if n % 4 == 0 {
                document(&mut state, 4)
            } else {
                view(&mut state, None)
            };
            let mut kept = KeptView::new(raw(&first));
            for _ in 0..6 {
                let was: Value = serde_json::from_str(kept.text().get()).unwrap();
                // Now and then the same view again, whose members carry over.
                let next = match draw(&mut state, 6) {
                    0 => was.clone(),
                    1 => changed(&mut state, &was, 4),
                    _ if was.is_object() => view(&mut state, Some(&was)),
                    _ => changed(&mut state, &was, 4),
                };
                let new = raw(&next);
                let expected = values(&diff(kept.text(), &new));
                read_from_members += usize::from(kept.members.spans.is_some());
                let (ops, members) = diff_kept(&kept, &new);
                assert_eq!(values(&ops), expected, "{was} -> {next}");
                kept = KeptView::with_members(new, members);
            }
            // Objects at the top, most of the time: their members are kept.
            if let Some(spans) = &kept.members.spans {
                let listed: Vec<_> = {
                    let text = json_text::trim(kept.text().get());
                    let mut read = Listed::members(text, spans);
                    std::iter::from_fn(|| read.next().unwrap())
                        .map(|i| i.whole)
                        .collect()
                };
                let text = json_text::trim(kept.text().get());
                let mut items = Items::object(text).unwrap();
                let read: Vec<_> = std::iter::from_fn(|| items.next().unwrap())
                    .map(|i| i.whole)
                    .collect();
                assert_eq!(listed, read);
            }
        }
        // The members were used, not only the texts read again.
        assert!(read_from_members > 3_000, "{read_from_members}");
    }

    #[test]
    fn members_kept_beside_another_text_are_dropped_and_its_patches_stay_right() {
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..2_000 {
            let first = view(&mut state, None);
            let found_in = raw(&view(&mut state, Some(&first)));
            let (_, members) = diff_kept(&KeptView::new(raw(&first)), &found_in);
            // Another view, its members elsewhere, paired with them.
            let other = view(&mut state, None);
            let next = raw(&view(&mut state, Some(&other)));
            let kept = KeptView::with_members(raw(&other), members);
            assert!(kept.members.spans.is_none());
            let expected = values(&diff(&raw(&other), &next));
            assert_eq!(values(&diff_kept(&kept, &next).0), expected);
        }
        // What the check prevents: members found in one text read another
        // at the wrong places, and keys that happen to fall there (here in
        // an array) would pass for members: the patch would miss `b`.
        let long = "x".repeat(60);
        let first = raw(&json!({"a": [1], "b": 7, "c": 100, "d": long}));
        let found_in = raw(&json!({"a": [], "b": 7, "c": 100, "d": long}));
        let (_, members) = diff_kept(&KeptView::new(first), &found_in);
        let was = raw(&json!({"a": [0, "b", 7, "c", 10], "d": long}));
        let next = raw(&json!({"a": [], "b": 7, "c": 100, "d": long}));
        let expected = values(&diff(&was, &next));
        let mismatched = KeptView {
            text: was.clone(),
            members: members.clone(),
        };
        assert!(mismatched.members.spans.is_some());
        let wrong = values(&diff_kept(&mismatched, &next).0);
        assert_ne!(wrong, expected);
        let kept = KeptView::with_members(was, members);
        assert_eq!(values(&diff_kept(&kept, &next).0), expected);
        assert!(expected.iter().any(|o| o["path"] == "/b"), "{expected:?}");
    }

    #[test]
    fn a_patch_that_does_not_apply_leaves_the_view_unchanged() {
        let mut doc = json!({"a": [1]});
        let ops = [
            json!({"op": "replace", "path": "/a/0", "value": 2}),
            json!({"op": "remove", "path": "/a/5"}),
        ];
        assert_eq!(apply(&mut doc, &ops).map_err(|e| e.index), Err(1));
        assert_eq!(doc, json!({"a": [1]}));
        for bad in [
            json!({"op": "move", "path": "/a", "from": "/b"}),
            json!({"op": "replace", "path": "/b", "value": 1}),
            json!({"op": "add", "path": "/x/y", "value": 1}),
            json!({"op": "add", "path": "a", "value": 1}),
        ] {
            assert!(
                apply(&mut doc, std::slice::from_ref(&bad)).is_err(),
                "{bad}"
            );
        }
    }
}
