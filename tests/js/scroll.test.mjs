// The scroll that keeps a stretch of the page in view (docs/assets/js/scroll.js scrollFor), which
// the table uses after each move to show the other seats with your hand, the count and the moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { scrollFor } from "../../docs/assets/js/scroll.js";

test("a stretch in view stays, unless more above it is wanted and its foot leaves room", () => {
  assert.equal(scrollFor(40, -60, 0), 0);
  // the felt's top 135 px under the score line: up by 135, the moves still on screen
  assert.equal(scrollFor(-135, -235, -135), -135);
  // up only as far as the stretch's foot allows: the seats partly covered, the moves kept
  assert.equal(scrollFor(-20, -36, -124), -36);
});

test("a stretch partly off screen comes in by the least move, or further up when more above is wanted", () => {
  assert.equal(scrollFor(200, 80, 0), 80); // its foot below the screen: down by 80
  assert.equal(scrollFor(-50, -300, 0), -50); // its top covered: up by 50
  assert.equal(scrollFor(-50, -300, -200), -200); // and the felt's top above it too
});

test("a stretch taller than the room shows its top", () => {
  assert.equal(scrollFor(120, 400, 0), 120);
  assert.equal(scrollFor(-30, 10, -100), -30);
});
