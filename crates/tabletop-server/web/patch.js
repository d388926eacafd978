// RFC 6902 JSON Patch, the subset the server sends (add, remove, replace)
// with RFC 6901 pointers, applied in order to a copy of the last view.

/** The path's reference tokens: "/a/b~1c/~0d" → ["a", "b/c", "~d"]. */
export function pointerTokens(pointer) {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function arrayIndex(token, length, appending) {
  if (appending && token === "-") return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`not an array index: ${token}`);
  const i = Number(token);
  if (i > length || (!appending && i === length)) throw new Error(`index ${i} out of range`);
  return i;
}

/** `doc` with `patch` applied; `doc` itself is left unchanged. Throws on
 * an operation this client does not know or a path that does not exist. */
export function applyPatch(doc, patch) {
  let root = structuredClone(doc);
  for (const op of patch) {
    const tokens = pointerTokens(op.path);
    if (!["add", "remove", "replace"].includes(op.op)) throw new Error(`unsupported op: ${op.op}`);
    if (tokens.length === 0) {
      if (op.op === "remove") throw new Error("cannot remove the whole document");
      root = structuredClone(op.value);
      continue;
    }
    let parent = root;
    for (const t of tokens.slice(0, -1)) {
      if (parent === null || typeof parent !== "object") throw new Error(`no such path: ${op.path}`);
      const key = Array.isArray(parent) ? arrayIndex(t, parent.length, false) : t;
      if (!(key in parent)) throw new Error(`no such path: ${op.path}`);
      parent = parent[key];
    }
    if (parent === null || typeof parent !== "object") throw new Error(`no such path: ${op.path}`);
    const last = tokens[tokens.length - 1];
    if (Array.isArray(parent)) {
      const i = arrayIndex(last, parent.length, op.op === "add");
      if (op.op === "add") parent.splice(i, 0, structuredClone(op.value));
      else if (op.op === "remove") parent.splice(i, 1);
      else parent[i] = structuredClone(op.value);
    } else {
      const exists = Object.prototype.hasOwnProperty.call(parent, last);
      if (op.op !== "add" && !exists) throw new Error(`no such member: ${op.path}`);
      if (op.op === "remove") delete parent[last];
      else parent[last] = structuredClone(op.value);
    }
  }
  return root;
}
