//! View patches: the difference between the last view a connection was
//! sent and the view now, as an RFC 6902 JSON Patch of `add`, `remove` and
//! `replace` operations on RFC 6901 pointers. A connection that opts in is
//! sent what changed instead of the whole view, which is most of an
//! update's bytes.
//!
//! The patch is computed from two views of the same viewer, so it carries
//! nothing the full view would not.

use std::fmt::Write as _;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

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
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct PatchOp<'a> {
    /// What it does.
    pub op: OpKind,
    /// An RFC 6901 JSON Pointer.
    pub path: String,
    /// The value to add or put in place; absent for `remove`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("tsType" = "unknown"))]
    pub value: Option<&'a Value>,
}

/// The operations that turn `old` into `new` when applied in order: a
/// recursive diff of objects; arrays element-wise over their common
/// length, then elements added or removed at the end; any part whose
/// operations would be longer than the part itself is replaced whole.
pub fn diff<'a>(old: &Value, new: &'a Value) -> Vec<PatchOp<'a>> {
    let mut ops = Vec::new();
    if old != new {
        diff_at(&mut String::new(), old, new, &mut ops);
    }
    ops
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

/// Counts the bytes written to it, and refuses to count past `limit`: a
/// part is replaced whole only when that is shorter than its operations,
/// so its length matters only up to theirs.
struct Counter {
    written: usize,
    limit: usize,
}

impl std::io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.written = self.written.saturating_add(buf.len());
        if self.written > self.limit {
            return Err(std::io::ErrorKind::FileTooLarge.into());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The length of `ops` as JSON, one separator each, counted without
/// writing them anywhere; `None` once it passes `limit`.
fn encoded_len(ops: &[PatchOp<'_>], limit: usize) -> Option<usize> {
    let mut counter = Counter { written: 0, limit };
    for o in ops {
        serde_json::to_writer(&mut counter, o).ok()?;
        counter.written = counter.written.saturating_add(1);
    }
    (counter.written <= limit).then_some(counter.written)
}

/// The operations that turn `old` into `new` at `path`, the two known to
/// differ: each part is compared by its parent (a comparison of equal
/// parts is a walk of both in step, cheaper than a diff of them), and its
/// pointer written only when it differs.
fn diff_at<'a>(path: &mut String, old: &Value, new: &'a Value, ops: &mut Vec<PatchOp<'a>>) {
    let mut inner = Vec::new();
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => diff_objects(path, a, b, &mut inner),
        (Value::Array(a), Value::Array(b)) => diff_arrays(path, a, b, &mut inner),
        _ => {
            ops.push(PatchOp {
                op: OpKind::Replace,
                path: path.clone(),
                value: Some(new),
            });
            return;
        }
    }
    // The whole part's operation borrows the pointer's buffer while it is
    // measured and gives it back, so the pointer is copied only when that
    // operation is kept.
    let whole = PatchOp {
        op: OpKind::Replace,
        path: std::mem::take(path),
        value: Some(new),
    };
    // Replaced whole when strictly shorter than the operations; the whole
    // part is measured only up to their length.
    let parts = encoded_len(&inner, usize::MAX).unwrap_or(usize::MAX);
    let shorter = encoded_len(std::slice::from_ref(&whole), parts).is_some_and(|len| len < parts);
    if shorter {
        path.push_str(&whole.path);
        ops.push(whole);
    } else {
        *path = whole.path;
        ops.extend(inner);
    }
}

fn diff_objects<'a>(
    path: &mut String,
    a: &Map<String, Value>,
    b: &'a Map<String, Value>,
    ops: &mut Vec<PatchOp<'a>>,
) {
    for key in a.keys().filter(|k| !b.contains_key(*k)) {
        let back = push_key(path, key);
        ops.push(PatchOp {
            op: OpKind::Remove,
            path: path.clone(),
            value: None,
        });
        path.truncate(back);
    }
    for (key, vb) in b {
        let va = a.get(key);
        if va == Some(vb) {
            continue;
        }
        let back = push_key(path, key);
        match va {
            Some(va) => diff_at(path, va, vb, ops),
            None => ops.push(PatchOp {
                op: OpKind::Add,
                path: path.clone(),
                value: Some(vb),
            }),
        }
        path.truncate(back);
    }
}

fn diff_arrays<'a>(path: &mut String, a: &[Value], b: &'a [Value], ops: &mut Vec<PatchOp<'a>>) {
    for (i, (va, vb)) in a.iter().zip(b).enumerate() {
        if va != vb {
            let back = push_index(path, i);
            diff_at(path, va, vb, ops);
            path.truncate(back);
        }
    }
    // Removed from the end, last first, so every index is in range.
    for i in (b.len()..a.len()).rev() {
        let back = push_index(path, i);
        ops.push(PatchOp {
            op: OpKind::Remove,
            path: path.clone(),
            value: None,
        });
        path.truncate(back);
    }
    for (i, vb) in b.iter().enumerate().skip(a.len()) {
        let back = push_index(path, i);
        ops.push(PatchOp {
            op: OpKind::Add,
            path: path.clone(),
            value: Some(vb),
        });
        path.truncate(back);
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
    use serde_json::json;

    fn round_trip(old: &Value, new: &Value) -> Vec<Value> {
        let ops: Vec<Value> = diff(old, new)
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
