// The notation of Pharaoh's Heir's composed moves (shared/spec/pharaohs-heir.md,
// Notation): a split (place, pay, offer, reap, starve, protect) and a build read into
// the table's selection and written back in their one canonical spelling.

export const LETTER = { v: "village", t: "temple", c: "crop" };
export const BUILDING = { village: "market", temple: "altar", crop: "farm" };

function posKey(pos) { return "vtc".indexOf(pos[0]) * 100 + parseInt(pos.slice(1), 10); }

// "offer 2 t0:1" -> {grain: 2, t0: 1}; "starve v0 t1" -> {v0: 1, t1: 1}; "reap" -> {}
export function parseSplit(move) {
  const words = move.split(" ");
  const out = {};
  let rest = words.slice(1);
  if (words[0] === "offer") { out.grain = parseInt(rest[0], 10); rest = rest.slice(1); }
  for (const w of rest) {
    const [pos, k] = w.split(":");
    out[pos] = k === undefined ? 1 : parseInt(k, 10);
  }
  return out;
}

// The one canonical spelling of a composed split.
export function composeSplit(head, sel) {
  const pos = Object.keys(sel).filter((k) => k !== "grain" && sel[k] > 0).sort((a, b) => posKey(a) - posKey(b));
  const words = [head];
  if (head === "offer") words.push(String(sel.grain || 0));
  for (const p of pos) words.push(head === "starve" || head === "protect" ? p : `${p}:${sel[p]}`);
  return words.join(" ");
}

// "build canal c0 farm 3 c1" -> {canal: "c0", x: 3, site: "c1"}; floodwall: site "nile"
export function parseBuild(move) {
  const w = move.split(" ").slice(1);
  const out = { canal: null, x: null, site: null };
  let i = 0;
  if (w[i] === "canal") { out.canal = w[i + 1]; i += 2; }
  if (w[i] === "floodwall") { out.x = parseInt(w[i + 1], 10); out.site = "nile"; } else if (w[i]) { out.x = parseInt(w[i + 1], 10); out.site = w[i + 2]; }
  return out;
}

export function composeBuild(b) {
  const words = ["build"];
  if (b.canal) words.push("canal", b.canal);
  if (b.x && b.site) {
    if (b.site === "nile") words.push("floodwall", String(b.x));
    else words.push(BUILDING[LETTER[b.site[0]]], String(b.x), b.site);
  }
  return words.join(" ");
}
