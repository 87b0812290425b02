// Pharaoh's Heir in words: seats, positions, tiles and Nile tiles as people read them,
// each log line (describeEvent) and the log with what the rules did between moves
// (narrate: each year's Nile tile, the cycles' scores, the Time of Unrest, the end;
// the fold is log.js).
import "./strings.js";
import { narrateHeir } from "./log.js";
import { BUILDING, LETTER, parseBuild } from "./moves.js";

export const ACTIONS = ["develop", "sacrifice", "populate", "harvest", "improve"];

export function nameOf(names, seat0, t) {
  const n = names && names[seat0];
  return n || t("game.seatname", { seat: seat0 + 1 });
}

export function posWords(pos, t) {
  if (!pos || !LETTER[pos[0]]) return pos;
  return t("pharaohs_heir.pos", { col: t(`pharaohs_heir.type.${LETTER[pos[0]]}`), row: pos.slice(1) });
}

export function tileWords(tile, t) {
  const m = /^(village|temple|crop)(\d)$/.exec(tile || "");
  return m ? `${t(`pharaohs_heir.type.${m[1]}`)} ${m[2]}` : tile;
}

export function nileWords(tile, t) {
  if (tile === "flood" || tile === "drought") return t(`pharaohs_heir.nile.${tile}`);
  return tile;
}

function listWords(rest, t) {
  return rest.map((w) => {
    const [pos, k] = w.split(":");
    return k ? t("pharaohs_heir.log.on", { k, pos: posWords(pos, t) }) : posWords(pos, t);
  }).join(", ");
}

export function describeEvent(line, names, t) {
  const ev = line.event || "";
  const words = ev.split(" ");
  const head = words[0];
  const rest = words.slice(1);
  if (line.seat === null || line.seat === undefined) {
    if (head === "nile") return t("pharaohs_heir.log.nile");
    if (head === "land") return t("pharaohs_heir.log.land");
    if (head === "blessing" && /^\d+$/.test(rest[0] || "")) return t("pharaohs_heir.log.blessing", { name: nameOf(names, parseInt(rest[0], 10) - 1, t) });
    return t("log.chance", { event: ev });
  }
  const name = nameOf(names, line.seat - 1, t);
  try {
    if (ACTIONS.includes(ev)) return t("pharaohs_heir.log.action", { name, action: t(`pharaohs_heir.action.${ev}`) });
    if (head === "take") return t("pharaohs_heir.log.take", { name, tile: tileWords(rest[0], t), col: t(`pharaohs_heir.type.${rest[1]}`) });
    if (head === "offer") {
      const acolytes = rest.slice(1).reduce((n, w) => n + parseInt(w.split(":")[1], 10), 0);
      return t("pharaohs_heir.log.offer", { name, grain: rest[0], acolytes });
    }
    if (ev === "bonus" || ev === "peek" || ev === "pass") return t(`pharaohs_heir.log.${ev}`, { name });
    if (head === "reap" && !rest.length) return t("pharaohs_heir.log.reap.none", { name });
    if (["place", "reap", "starve", "protect", "pay"].includes(head)) return t(`pharaohs_heir.log.${head}`, { name, list: listWords(rest, t) });
    if (head === "build") {
      const b = parseBuild(ev);
      const parts = [];
      if (b.canal) parts.push(t("pharaohs_heir.log.canal", { pos: posWords(b.canal, t) }));
      if (b.site === "nile") parts.push(t("pharaohs_heir.log.floodwall", { x: b.x }));
      else if (b.site) parts.push(t("pharaohs_heir.log.building", { kind: t(`pharaohs_heir.bld.${BUILDING[LETTER[b.site[0]]]}`), x: b.x, pos: posWords(b.site, t) }));
      return t("pharaohs_heir.log.build", { name, list: parts.join(t("pharaohs_heir.log.and")) });
    }
  } catch (_) { /* fall through to the raw text */ }
  return t("log.other", { name, event: ev });
}

// The log in words with what the rules did between moves.
export function narrate(log, names, t, obs) { return narrateHeir(log, names, t, obs, describeEvent); }
