// What Pharaoh's table knows of the rules (shared/spec/pharaoh.md): the building chart
// with points and costs, the dice chart, production, objectives' points, titles, the
// sheet's squares, and the guides the page shows between clicks (a yield, whether a
// cost is covered, a bonus as the sheet stands). Clicks still come from view.legal.

// The building chart in the spec's order (road included), with points and costs
// (labour, grain, gold, material), as in thebes/games/pharaoh/board.py.
export const KINDS = ["housing", "road", "industrial", "farming", "treasury", "admin",
  "military", "guild", "religious", "monument"];
export const RESOURCES = ["labour", "grain", "gold", "material"];
export const POINTS = { housing: 0, road: 0, industrial: 0, farming: 0, treasury: 0, admin: 2,
  military: 2, guild: 2, religious: 2, monument: 5 };
export const COST = { housing: [0, 1, 0, 0], road: [0, 0, 0, 0], industrial: [0, 0, 1, 0],
  farming: [1, 0, 0, 0], treasury: [0, 1, 0, 1], admin: [0, 0, 2, 0], military: [1, 1, 0, 0],
  guild: [0, 0, 1, 1], religious: [1, 0, 1, 0], monument: [0, 0, 2, 2] };
// Dice action chart: entry 1..12 -> action.
export const CHART = [null, "train", "harvest", "collect", "produce", "train", "none",
  "collect", "harvest", "produce", "flood", "none", "invasion"];
export const ACTIONS = ["train", "harvest", "collect", "produce", "none", "flood", "invasion"];
// production action -> [enabling kind, resource gained]
export const PRODUCTION = { train: ["housing", "labour"], harvest: ["farming", "grain"],
  collect: ["treasury", "gold"], produce: ["industrial", "material"] };
export const OBJECTIVE_POINTS = [0, 2, 3, 2, 2, 3, 3, 2, 2, 3, 3, 2, 2];
export const TITLES = ["Peasant", "Clerk", "Governor", "Pharaoh"];
const MONUMENT_LIMIT = 4;
const YIELD_CAP = 3;
export const ROUNDS = 20;
export const LETTERS = "abcdef";

const SQUARE = /^[a-f][1-6]$/;
export function isSquare(sq) { return SQUARE.test(sq || ""); }

export function objectiveList(a, b) {
  const out = [a, b, a + b];
  return [...new Set(out)].sort((x, y) => x - y);
}

// Units a production action would yield on a seat's sheet: min(3, enabling buildings).
export function yieldOf(sheet, action) {
  const kind = PRODUCTION[action][0];
  let n = 0;
  for (const k of Object.values(sheet)) if (k === kind) n += 1;
  return Math.min(YIELD_CAP, n);
}

// Whether the storage covers a kind's cost (a hint between build steps; clicks come from view.legal).
export function canPay(info, kind) {
  if (kind === "monument" && info.monuments_drawn >= MONUMENT_LIMIT) return false;
  return COST[kind].every((n, r) => info.storage[RESOURCES[r]] >= n);
}

function neighbours(sq) {
  const x = LETTERS.indexOf(sq[0]), y = Number(sq[1]);
  const out = [];
  for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
    if (x + dx >= 0 && x + dx < 6 && y + dy >= 1 && y + dy <= 6) out.push(LETTERS[x + dx] + (y + dy));
  }
  return out;
}

// Whether a kind drawn on sq would have its +1 bonus on the sheet as it stands now
// (the bonus is judged at the end of the round; this is a guide for the click).
export function bonusNow(obs, sheet, kind, sq) {
  const near = (test) => neighbours(sq).some(test);
  if (kind === "housing" || kind === "admin") return near((q) => sheet[q] === "road");
  if (kind === "industrial") return /^[af]|[16]$/.test(sq);
  if (kind === "farming") return near((q) => (obs.rivers || []).includes(q));
  if (kind === "treasury") return near((q) => sheet[q] === "admin");
  return false;
}

// Seats (0-based) from the highest score down, seat order on ties.
export function rankingOf(scores) {
  return scores.map((v, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
}
