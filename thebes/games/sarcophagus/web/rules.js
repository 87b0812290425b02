// What Sarcophagus's pages know of the rules (shared/spec/sarcophagus.md): tile names
// and their words, fame with suit bonuses (Scoring), the tie-break's tiles held
// (ruling 23), and the pyramid's geometry (The pyramid: sides, claimable tiles).
// No drawing here: the board (board.js), the log (log.js) and
// the page (table.js) share these.
import { addStrings } from "../../i18n.js";

export const ROWS = "abcdef";
export const SUITS = ["sun", "moon", "crown", "arms"];
export const RANKS = ["null", "ace", "2", "3", "4", "5"];
const SUIT_BONUS = [0, 0, 1, 2, 4];
// the positions over the sarcophagus, in the order of its slots
export const SARC_POSITIONS = ["e3", "f3", "f4"];

addStrings({
  en: {
    "sarcophagus.suit.sun": "sun", "sarcophagus.suit.moon": "moon",
    "sarcophagus.suit.crown": "crown", "sarcophagus.suit.arms": "arms",
    "sarcophagus.tile.trap": "{suit} trap", "sarcophagus.tile.god": "{suit} god",
    "sarcophagus.tile.number": "{suit} {rank}",
    "sarcophagus.bonus": "number tiles {numbers} + suit bonus {bonus} ({list})",
    "sarcophagus.bonus.one": "{n}× {suit} +{bonus}",
  },
  fr: {
    "sarcophagus.suit.sun": "soleil", "sarcophagus.suit.moon": "lune",
    "sarcophagus.suit.crown": "couronne", "sarcophagus.suit.arms": "armes",
    "sarcophagus.tile.trap": "piège {suit}", "sarcophagus.tile.god": "dieu {suit}",
    "sarcophagus.tile.number": "{rank} {suit}",
    "sarcophagus.bonus": "tuiles numérotées {numbers} + bonus de couleur {bonus} ({list})",
    "sarcophagus.bonus.one": "{n}× {suit} +{bonus}",
  },
});

// "moon-3" -> {suit: "moon", rank: "3"}
export function parseTile(name) {
  const [suit, rank] = name.split("-");
  return { suit, rank };
}

// A tile in words: "moon 3", "sun trap", "arms god" (French: "3 lune", "piège soleil").
export function tileLabel(name, t) {
  const { suit, rank } = parseTile(name);
  const sname = t(`sarcophagus.suit.${suit}`);
  if (rank === "null") return t("sarcophagus.tile.trap", { suit: sname });
  if (rank === "ace") return t("sarcophagus.tile.god", { suit: sname });
  return t("sarcophagus.tile.number", { suit: sname, rank });
}

export function isNumber(name) { const r = parseTile(name).rank; return r !== "null" && r !== "ace"; }
// the spec's tile order: suits, then ranks
export function tileOrder(name) { const { suit, rank } = parseTile(name); return SUITS.indexOf(suit) * 6 + RANKS.indexOf(rank); }

// Fame of a list of tile names, with its parts (spec, Scoring):
// {numbers, bonus, bonuses: [[suit, count, bonus], ...], fame}.
export function fameOf(tiles) {
  let numbers = 0;
  const perSuit = {};
  for (const name of tiles) {
    if (!isNumber(name)) continue;
    const { suit, rank } = parseTile(name);
    numbers += Number(rank);
    perSuit[suit] = (perSuit[suit] || 0) + 1;
  }
  const bonuses = SUITS.filter((x) => SUIT_BONUS[perSuit[x] || 0]).map((x) => [x, perSuit[x], SUIT_BONUS[perSuit[x]]]);
  const bonus = bonuses.reduce((a, b) => a + b[2], 0);
  return { numbers, bonus, bonuses, fame: numbers + bonus };
}

export function bonusList(f, t) {
  return f.bonuses.map(([suit, c, b]) => t("sarcophagus.bonus.one", { n: c, suit: t(`sarcophagus.suit.${suit}`), bonus: b })).join(", ");
}
export function bonusText(f, t) {
  return t("sarcophagus.bonus", { numbers: f.numbers, bonus: f.bonus, list: bonusList(f, t) });
}

// Tiles a seat holds, of every kind (ruling 23's tie-break): face up, plus unrevealed sarcophagus tiles.
export function heldCount(obs, p) { return obs.claimed[p].length + obs.sarcophagi[p].filter((l) => !l.tile).length; }

// A seat's name (0-based seat): the view's, else "Seat N".
export function nameOf(view, seat0, t) {
  if (seat0 === null || seat0 === undefined) return "";
  const n = view.names && view.names[seat0];
  return n || t("game.seatname", { seat: seat0 + 1 });
}

// Position geometry (spec, The pyramid): row r (0-based), index i (0-based).
export function coords(pos) { return [ROWS.indexOf(pos[0]), Number(pos.slice(1)) - 1]; }
export function posName(r, i) { return `${ROWS[r]}${i + 1}`; }
function sideMasks(r, i, baseFree) {
  const at = (rr, ii) => (rr >= 0 && rr < 6 && ii >= 0 && ii <= rr ? [posName(rr, ii)] : []);
  const sides = [[...at(r - 1, i - 1), ...at(r - 1, i)], at(r, i - 1), at(r, i + 1)];
  if (r < 5 || baseFree) sides.push([...at(r + 1, i), ...at(r + 1, i + 1)]);
  return sides;
}
// Positions still present with at least two free sides.
export function claimableSet(present, baseFree) {
  const out = new Set();
  for (const pos of present) {
    const [r, i] = coords(pos);
    const free = sideMasks(r, i, baseFree).filter((side) => !side.some((p) => present.has(p))).length;
    if (free >= 2) out.add(pos);
  }
  return out;
}
