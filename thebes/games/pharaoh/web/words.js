// Pharaoh in words: seats, costs and titles as people read them, each log line
// (describeEvent) and the log with what each round scored (narrate).
import "./strings.js";
import { ACTIONS, COST, KINDS, RESOURCES, TITLES, isSquare, objectiveList } from "./rules.js";

export function seatName(names, seat0, t) {
  return (names && names[seat0]) || t("game.seatname", { seat: seat0 + 1 });
}

export function costText(kind, t) {
  const parts = COST[kind].map((n, r) => (n ? `${n} ${t(`pharaoh.res.${RESOURCES[r]}`)}` : null)).filter(Boolean);
  return parts.length ? parts.join(", ") : t("pharaoh.free");
}

export function titleText(title, t) {
  return TITLES.includes(title) ? t(`pharaoh.title.${title}`) : title;
}

export function describeEvent(line, names, t) {
  const ev = line.event || "";
  const w = ev.split(" ");
  const kindOk = (k) => KINDS.includes(k);
  const resOk = (r) => RESOURCES.includes(r);
  if (line.seat === null || line.seat === undefined) {
    if (w[0] === "objectives" && w.length === 3) {
      const a = parseInt(w[1], 10), b = parseInt(w[2], 10);
      if (a >= 1 && b >= 1 && a + b <= 12) {
        return t("pharaoh.log.objectives", { list: objectiveList(a, b).map((n) => `${n}. ${t(`pharaoh.obj.${n}`)}`).join("; ") });
      }
    }
    if (w[0] === "hill" && isSquare(w[1])) return t("pharaoh.log.hill", { sq: w[1] });
    if (w[0] === "river" && isSquare(w[1])) return t("pharaoh.log.river", { sq: w[1] });
    if (w[0] === "roll" && w.length === 3) return t("pharaoh.log.roll", { a: w[1], b: w[2] });
    return t("log.chance", { event: ev });
  }
  const name = seatName(names, line.seat - 1, t);
  if (w[0] === "build" && kindOk(w[1]) && isSquare(w[2])) return t("pharaoh.log.build", { name, kind: t(`pharaoh.a.${w[1]}`), sq: w[2] });
  if (w[0] === "take" && w.length === 3 && resOk(w[1]) && resOk(w[2])) return t("pharaoh.log.take2", { name, a: t(`pharaoh.res.${w[1]}`), b: t(`pharaoh.res.${w[2]}`) });
  if (w[0] === "take" && w.length === 2 && resOk(w[1])) return t("pharaoh.log.take1", { name, res: t(`pharaoh.res.${w[1]}`) });
  if (w[0] === "shift" && w.length === 4 && resOk(w[3])) return t("pharaoh.log.shift", { name, res: t(`pharaoh.res.${w[3]}`), d: w[1], delta: w[2] });
  if (w[0] === "action" && ACTIONS.includes(w[1])) return t("pharaoh.log.action", { name, action: t(`pharaoh.act.${w[1]}`) });
  if (w[0] === "erase" && isSquare(w[1])) return t("pharaoh.log.erase", { name, sq: w[1] });
  if (ev === "skip") return t("pharaoh.log.skip", { name });
  return t("log.other", { name, event: ev });
}

// The log in words with what each round scored (from the sheets' round scores, which
// every seat sees: shared/spec/pharaoh.md, What each seat sees). Round k starts at the
// k-th "roll"; its scores are said on its last event, once the sheets have them.
export function narrate(log, names, t, obs) {
  const words = log.map((line) => describeEvent(line, names, t));
  const seats = (obs && obs.seats) || [];
  const name = (p) => seatName(names, p, t);
  const scored = (k) => seats.map((x, p) => {
    const rs = x.round_scores || [];
    const total = rs.slice(0, k).reduce((a, b) => a + b, 0);
    return t("pharaoh.log.score", { name: name(p), n: rs[k - 1] > 0 ? `+${rs[k - 1]}` : String(rs[k - 1]), total });
  }).join(", ");
  const written = Math.min(...seats.map((x) => (x.round_scores || []).length), Infinity);
  let round = 0;
  log.forEach((line, i) => {
    const ev = line.event || "";
    const next = log[i + 1];
    const endsRound = next ? (next.seat === null || next.seat === undefined) && ev !== "" && next.event.startsWith("roll ") : obs && obs.phase === "over";
    if (!line.seat && ev.startsWith("roll ")) round += 1;
    if (endsRound && round >= 1 && round <= written && seats.length) words[i] += " " + t("pharaoh.log.scored", { round, list: scored(round) });
    if (!next && obs && obs.phase === "over" && seats.length) {
      words[i] += " " + t("pharaoh.log.over", { list: seats.map((x, p) => t("pharaoh.log.final", { name: name(p), total: x.score })).join(", ") });
    }
  });
  return words;
}
