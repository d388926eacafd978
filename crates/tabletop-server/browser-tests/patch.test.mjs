// The client's JSON Patch (RFC 6902: add, remove, replace; RFC 6901
// pointers), run in the browser on the module the server serves.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launch, seatContext, moves, play, parsed, seq, until } from "./lib.mjs";

let server;
let browser;
let page;
before(async () => {
  server = await startServer();
  browser = await launch();
  page = await (await browser.newContext({ locale: "en-US" })).newPage();
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

test("the page asks for view patches and known texts, and draws from them", async () => {
  const created = await (await fetch(server.base + "/api/matches", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "armadora(players=2)", seats: ["person", "person"] }),
  })).json();
  const seat = await seatContext(browser);
  try {
    // Seat 0's page (the one checked) and seat 1's: whoever is to move
    // moves, until seat 0 has moved once and is to move again, so that its
    // last legal list comes as ids whose texts it was already told.
    const other = await seatContext(browser);
    try {
      await seat.page.goto(server.base + created.seats[0].link);
      await other.page.goto(server.base + created.seats[1].link);
      let moved = 0;
      for (let i = 0; i < 6 && moved < 2; i += 1) {
        await until(async () => (await moves(seat.page)).length > 0 || (await moves(other.page)).length > 0, "a seat to move");
        const mine = await moves(seat.page);
        if (mine.length) {
          assert.ok(mine.length > 1 && mine.every((m) => m.text && !/^\d+$/.test(m.text)), JSON.stringify(mine.slice(0, 3)));
          moved += 1;
          if (moved === 2) break;
          await play(seat.page, mine[0]);
        } else {
          const before = await seq(seat.page);
          await play(other.page, (await moves(other.page))[0]);
          await until(async () => (await seq(seat.page)) > before, "seat 1's move shown to seat 0");
        }
      }
      assert.equal(moved, 2, "seat 0 was to move twice");
    } finally {
      await other.context.close();
    }
    const hello = JSON.parse(seat.sent[0]);
    assert.equal(hello.view_patches, true);
    assert.equal(hello.known_texts, true);
    const updates = seat.frames.map((f) => JSON.parse(f)).filter((f) => f.type === "update");
    assert.ok(updates.length >= 2, String(updates.length));
    assert.ok(updates.every((f) => f.update.view_patch && !("view" in f.update)), "updates carry patches");
    const last = updates.at(-1).update;
    assert.ok(last.legal.length > 1 && last.legal.some((l) => l.length === 1), "texts sent once: ids only");
    // The page still writes each move out in full.
    const again = await moves(seat.page);
    assert.equal(again.length, last.legal.length);
    assert.ok(again.every((m) => m.text && !/^\d+$/.test(m.text)), JSON.stringify(again.slice(0, 3)));
    assert.deepEqual(seat.errors, []);
  } finally {
    await seat.context.close();
  }
});
