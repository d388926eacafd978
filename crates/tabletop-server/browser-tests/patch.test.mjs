// The client's JSON Patch (RFC 6902: add, remove, replace; RFC 6901
// pointers), run in the browser on the module the server serves.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launch } from "./lib.mjs";

let server;
let browser;
let page;
before(async () => {
  server = await startServer();
  browser = await launch();
  page = await (await browser.newContext()).newPage();
  await page.goto(server.base + "/");
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const apply = (doc, patch) => page.evaluate(async ([d, p]) => {
  const { applyPatch } = await import("/web/patch.js");
  try {
    return { ok: applyPatch(d, p), input: d };
  } catch (e) {
    return { error: String(e.message), input: d };
  }
}, [doc, patch]);

test("the pages and modules are served with their content types", async () => {
  for (const [path, type] of [["/", "text/html"], ["/play/x", "text/html"], ["/web/play.js", "text/javascript"], ["/web/style.css", "text/css"]]) {
    const answer = await fetch(server.base + path);
    assert.equal(answer.status, 200, path);
    assert.ok(answer.headers.get("content-type").startsWith(type), `${path}: ${answer.headers.get("content-type")}`);
  }
  assert.equal((await fetch(server.base + "/web/nothing.js")).status, 404);
});

test("add, remove and replace, in order, on members and array items", async () => {
  const doc = { a: 1, list: [1, 2, 3], deep: { x: { y: "z" } } };
  const { ok, input } = await apply(doc, [
    { op: "replace", path: "/a", value: 2 },
    { op: "add", path: "/b", value: { c: [true] } },
    { op: "remove", path: "/list/0" },
    { op: "add", path: "/list/-", value: 4 },
    { op: "add", path: "/list/1", value: 9 },
    { op: "replace", path: "/deep/x/y", value: null },
    { op: "remove", path: "/b/c/0" },
  ]);
  assert.deepEqual(ok, { a: 2, b: { c: [] }, list: [2, 9, 3, 4], deep: { x: { y: null } } });
  assert.deepEqual(input, doc, "the last view is left unchanged");
});

test("RFC 6901 escapes and the whole document", async () => {
  const { ok } = await apply({ "a/b": 1, "m~n": 2, "": 3 }, [
    { op: "replace", path: "/a~1b", value: 10 },
    { op: "remove", path: "/m~0n" },
    { op: "replace", path: "/", value: 30 },
  ]);
  assert.deepEqual(ok, { "a/b": 10, "": 30 });
  assert.deepEqual((await apply({ a: 1 }, [{ op: "replace", path: "", value: [1] }])).ok, [1]);
});

test("a patch that does not fit is refused, never half applied", async () => {
  for (const patch of [
    [{ op: "remove", path: "/missing" }],
    [{ op: "replace", path: "/list/3", value: 0 }],
    [{ op: "add", path: "/list/5", value: 0 }],
    [{ op: "add", path: "/no/such", value: 0 }],
    [{ op: "move", from: "/a", path: "/b" }],
    [{ op: "add", path: "list", value: 0 }],
    [{ op: "remove", path: "/list/01" }],
  ]) {
    const { error, input } = await apply({ a: 1, list: [1, 2, 3] }, patch);
    assert.ok(error, JSON.stringify(patch));
    assert.deepEqual(input, { a: 1, list: [1, 2, 3] });
  }
});

test("the page asks for patches only once the constant is flipped", async () => {
  const source = await (await fetch(server.base + "/web/play.js")).text();
  assert.match(source, /export const VIEW_PATCHES = false;/);
  assert.match(source, /if \(VIEW_PATCHES\) hello\.view_patches = true;/);
  assert.match(source, /update\.view_patch && state\.view/);
});
