// The package as a user gets it: `npm pack`, the tarball installed into a
// scratch project, the README's example run there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { gameNames } from "../node.js";

const here = new URL("..", import.meta.url).pathname;

test("npm pack, install the tarball, run the README's example", () => {
  const scratch = mkdtempSync(join(tmpdir(), "tabletop-engines-user-"));
  try {
    const name = execFileSync("npm", ["pack", "--pack-destination", scratch, "--silent"], { cwd: here, encoding: "utf8" }).trim().split("\n").pop();
    const tarball = join(scratch, name);
    const listing = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" });
    for (const file of ["package/pkg/tabletop_engines_bg.wasm", "package/index.d.ts", "package/wire.d.ts", "package/server.d.ts", "package/node.js", "package/index.js"]) {
      assert.ok(listing.includes(file), `${file} is not packed`);
    }
    assert.ok(!listing.includes("package/src/"), "the Rust sources are packed");
    const project = join(scratch, "app");
    execFileSync("mkdir", ["-p", project]);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", tarball], { cwd: project, stdio: "pipe" });
    const readme = readFileSync(join(here, "README.md"), "utf8");
    const example = readme.split("## Example")[1].match(/```js\n([\s\S]*?)```/)[1];
    writeFileSync(join(project, "example.mjs"), example);
    const out = execFileSync("node", ["example.mjs"], { cwd: project, encoding: "utf8" });
    // Every game of the registry, as `console.log` prints the list.
    assert.ok(out.startsWith(`${inspect(gameNames())}\n`), out);
    assert.match(out, /returns \[/);
    assert.match(out, /IllegalActionError - .*ARM-/);
    assert.match(out, /\ntrue\n/);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
