// Every game the server lists (GET /api/games: the registry's catalogue,
// so a new game needs no edit here) on the play page: one person and the
// game's default bot, the person's moves clicked until the end or
// DECISIONS of them, drawn from the view's parts when the game has no
// drawing of its own, with no console error. LISTED=NAME also asks that
// the game NAME is listed (.ci/fixture-game: its fixture).
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserAndServer, seatContext, moves, play, until } from "./lib.mjs";

const DECISIONS = 40;
const shared = browserAndServer();

async function facts(id) {
  return (await fetch(`${shared.server.base}/api/matches/${id}`)).json();
}

test("every game the server lists is played on the play page by clicking", async () => {
  const { games } = await (await fetch(shared.server.base + "/api/games")).json();
  assert.ok(games.length > 0, "no game listed");
  if (process.env.LISTED) assert.ok(games.some((g) => g.name === process.env.LISTED), `${process.env.LISTED} is not listed`);
  for (const game of games) {
    const seats = Array.from({ length: game.players }, (_, i) => (i === 0 ? "person" : game.bots[0]));
    const answer = await fetch(shared.server.base + "/api/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: game.name, seats }) });
    assert.equal(answer.status, 201, `${game.name}: ${await answer.clone().text()}`);
    const created = await answer.json();
    const person = await seatContext(shared.browser);
    try {
      await person.page.goto(shared.server.base + created.seats[0].link);
      await person.page.waitForSelector("body[data-seq]");
      let decisions = 0;
      while (decisions < DECISIONS) {
        let legal = [];
        let over = false;
        await until(async () => {
          legal = await moves(person.page);
          over = !legal.length && (await facts(created.id)).status === "over";
          return legal.length > 0 || over;
        }, `${game.name}: a move or the end`);
        if (over) break;
        await play(person.page, legal[decisions % legal.length]);
        decisions += 1;
      }
      assert.ok(decisions > 0, `${game.name}: no move was clicked`);
      if ((await facts(created.id)).status === "over") {
        await person.page.waitForSelector("#result:not([hidden])");
      }
      assert.deepEqual(person.errors, [], `${game.name}: console errors`);
    } finally {
      await person.context.close();
    }
  }
});
