// Ra's table, drawn as SVG from one seat's observation (shared/spec/ra.md and
// the online help in shared/seeds/ra-online-help-fr.txt). Only legal moves are
// clickable: every clickable thing is derived from the view's `legal` list.
//
// render(ctx) draws the board; describeEvent(line, names, t) turns one log line
// into a sentence; narrate(log, names, t, obs) gives every line its sentence with
// what the event did (who won which lot, what ended an epoch: log.js).
// Clickable SVG elements carry data-move (the move they send), data-god (select a
// god) or data-discard (a kind to discard), for people and tests.

import { svg as s, compactBelow, keyboardClickable } from "../../dom.js";
import "./strings.js";
import { foldRa, narrateRa } from "./log.js";
import { CIVS, DISASTERS, MONUMENTS, glyph } from "./glyphs.js";
import { ensureStyle } from "./style.js";

// Kinds in the order of the spec's components table (the canonical discard order).
export const KINDS = ["ra", "god", "gold", "pharaoh", "nile", "flood",
  "astronomy", "agriculture", "writing", "religion", "art",
  "fortress", "obelisk", "palace", "pyramid", "temple", "statue", "step-pyramid", "sphinx",
  "funeral", "drought", "unrest", "earthquake"];
const ORDER = Object.fromEntries(KINDS.map((k, i) => [k, i]));

// Display groups, left to right (gods on the left, as on the online table).
const GROUPS = [
  ["cat.gods", ["god"]],
  ["cat.gold", ["gold"]],
  ["cat.pharaohs", ["pharaoh"]],
  ["cat.nile", ["nile", "flood"]],
  ["cat.civ", CIVS],
  ["cat.monuments", MONUMENTS],
];

const COLORS = {
  ra: ["#d9481f", "#fff1d6"], god: ["#6d3fa0", "#f4e9ff"], gold: ["#d4a017", "#3b2a00"],
  pharaoh: ["#2a5f9e", "#eef5ff"], nile: ["#2f8f83", "#eafffb"], flood: ["#1c6fc4", "#eef7ff"],
  civ: ["#4f8f3a", "#f0ffe9"], monument: ["#9c7b4b", "#fff7e6"], disaster: ["#b3261e", "#fff0ee"],
};

function colorOf(kind) {
  if (CIVS.includes(kind)) return COLORS.civ;
  if (MONUMENTS.includes(kind)) return COLORS.monument;
  if (DISASTERS.includes(kind)) return COLORS.disaster;
  return COLORS[kind] || ["#777", "#fff"];
}

function title(text) { return s("title", null, text); }

// One tile: a rounded square with a glyph and a short name; disasters have a black border.
function tile(kind, x, y, w, hgt, t, extra = {}, count = null) {
  const [bg, fg] = colorOf(kind);
  const disaster = DISASTERS.includes(kind);
  const g = s("g", { class: "tile" + (disaster ? " disaster" : ""), "data-kind": kind, ...extra },
    title(count === null ? t(`kind.${kind}`) : `${t(`kind.${kind}`)} × ${count}`),
    s("rect", { x, y, width: w, height: hgt, rx: 6, fill: bg, stroke: disaster ? "#000" : "rgba(0,0,0,.35)", "stroke-width": disaster ? 4 : 1 }),
    glyph(kind, x + w / 2, y + hgt * 0.4, Math.min(w, hgt) * 0.62, fg),
    s("text", { x: x + w / 2, y: y + hgt - 6, "text-anchor": "middle", "font-size": Math.max(8, Math.min(11, w / 5)), fill: fg, class: "tile-label" }, t(`short.${kind}`)));
  return g;
}

function sun(n, cx, cy, r, up, extra = {}, label = null) {
  return s("g", { class: "sun" + (up ? " up" : " down"), ...extra }, label ? title(label) : null,
    s("circle", { cx, cy, r, class: "sun-disc" }),
    s("text", { x: cx, y: cy + r * 0.36, "text-anchor": "middle", "font-size": r * 1.05, class: "sun-num" }, String(n)));
}

function legalSet(view) { return new Set(view.legal || []); }

// A caption cut at spaces into lines of at most `width` SVG units at `size` px: DejaVu Sans
// is about 0.6 em a character (0.66 bold), counted generously so that a line never runs
// past the board (checked in the browser: tests/browser/test_browser_deep.py).
export function wrapLines(text, width, size, bold) {
  const most = Math.max(10, Math.floor(width / (size * (bold ? 0.66 : 0.6))));
  const lines = [];
  let line = "";
  for (const word of String(text).split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (next.length > most && line) { lines.push(line); line = word; } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

function nameOf(view, seat0, t) {
  if (seat0 === null || seat0 === undefined) return "";
  const n = view.names && view.names[seat0];
  return n || t("game.seatname", { seat: seat0 + 1 });
}

function discardOptions(legal) {
  return [...legal].filter((m) => m.startsWith("discard ")).map((m) => m.split(" ").slice(1));
}

function sortKinds(kinds) { return kinds.slice().sort((a, b) => ORDER[a] - ORDER[b]); }

// Whether multiset `part` fits within multiset `whole`.
function within(part, whole) {
  const left = {};
  for (const k of whole) left[k] = (left[k] || 0) + 1;
  for (const k of part) { if (!left[k]) return false; left[k] -= 1; }
  return true;
}

function kindList(kinds, t) {
  return kinds.map((k) => t(`kind.${k}`)).join(t("log.and"));
}

// ------------------------------------------------------------------ log
export function describeEvent(line, names, t) {
  const who = line.seat ? (names && names[line.seat - 1]) || t("game.seatname", { seat: line.seat }) : null;
  const ev = line.event || "";
  const words = ev.split(" ");
  if (line.seat === null || line.seat === undefined) {
    if (words[0] === "suns") {
      const groups = ev.slice(5).split(" / ").map((g, i) => `${(names && names[i]) || t("game.seatname", { seat: i + 1 })} ${g.split(",").join(", ")}`);
      return t("log.suns", { groups: groups.join("; ") });
    }
    if (ev === "ra") return t("log.tile.ra");
    if (ORDER[ev] !== undefined) return t("log.tile", { tile: t(`kind.${ev}`) });
    return t("log.chance", { event: ev });
  }
  if (ev === "draw") return t("log.draw", { name: who });
  if (ev === "ra") return t("log.ra", { name: who });
  if (ev === "end") return t("log.end", { name: who });
  if (ev === "pass") return t("log.pass", { name: who });
  if (words[0] === "bid") return t("log.bid", { name: who, n: words[1] });
  if (words[0] === "god" && ORDER[words[1]] !== undefined) return t("log.god", { name: who, tile: t(`kind.${words[1]}`) });
  if (words[0] === "discard" && words.slice(1).every((k) => ORDER[k] !== undefined)) return t("log.discard", { name: who, tiles: kindList(words.slice(1), t) });
  return t("log.other", { name: who, event: ev });
}

// The words of every line of the log, with what each event did (log.js).
export function narrate(log, names, t, obs) { return narrateRa(log, names, t, obs, describeEvent); }

// ------------------------------------------------------------------ board
// Two layouts of one drawing: wide (a 1000-unit board) and, on a phone or a tablet,
// compact (a 380-unit board drawn at least 1:1, at most 560 px wide, so that every
// clickable piece is at least 44 px).
const WIDE = {
  W: 1000, boardH: 278, lbl: [24, 42], cells: [170, 46, 38, 17], endY: 70, count: [650, 44], epoch: [976, 44, "end"],
  ra: [88, 178, 1], centre: [720, 152, 30], bag: [880, 150], trackLbl: [172, 104],
  slot: (i) => [172 + i * 60, 114, 54, 68], status: [172, 212], panelY: 292,
  sunR: 17, sunStep: 40, tile: [44, 56],
};
const COMPACT = {
  W: 380, boardH: 436, lbl: [14, 22], cells: [104, 27, 20, 11], endY: 44, count: [14, 46], epoch: [14, 76, "start"],
  ra: [64, 150, 0.8], centre: [192, 150, 26], bag: [316, 146], trackLbl: [14, 222],
  slot: (i) => [14 + (i % 4) * 90, 232 + Math.floor(i / 4) * 76, 84, 70], status: [14, 406], panelY: 446,
  sunR: 23, sunStep: 52, tile: [48, 56],
};
let relayout = null; // the latest redraw, called when the width crosses compactBelow() (dom.js)
let laidCompact = null; // the layout last drawn, and the board it was drawn in
let laidBoard = null;
if (typeof window !== "undefined") {
  window.addEventListener("resize", () => {
    if (relayout && laidBoard && laidBoard.isConnected && (laidBoard.clientWidth < compactBelow()) !== laidCompact) relayout();
  });
}
let helpOpen = false; // the "How to play" box stays as the player left it
const seenTallies = {}; // game id -> epochs scored when last drawn
const prevTrack = {}; // game id -> the auction track when last drawn
const PANEL_H = 134;

export function render(ctx) {
  ensureStyle();
  const { view, board, hint, actions, below, send, t, ui, redraw, h, notify } = ctx;
  const obs = view.observation;
  const legal = legalSet(view);
  const me = view.seat ? view.seat - 1 : null;
  const n = obs.players;
  const toMove = obs.to_move;
  const godMoves = [...legal].filter((m) => m.startsWith("god ")).map((m) => m.split(" ")[1]);
  const bidMoves = [...legal].filter((m) => m.startsWith("bid ")).map((m) => parseInt(m.split(" ")[1], 10));
  const canPass = legal.has("pass");
  const discards = discardOptions(legal);
  if (!godMoves.length) ui.god = false;
  if (!ui.discard) ui.discard = [];
  const compact = (board.clientWidth || window.innerWidth) < compactBelow();
  relayout = redraw;
  laidCompact = compact;
  laidBoard = board;
  const G = compact ? COMPACT : WIDE;
  const W = G.W;

  const svg = s("svg", { class: "ra-board" + (compact ? " compact" : ""), role: "group", "aria-label": "Ra",
    "data-epoch": String(obs.epoch), "data-phase": obs.phase });
  svg.append(s("defs", null,
    s("radialGradient", { id: "sunGrad" }, s("stop", { offset: "0%", "stop-color": "#fff6c2" }), s("stop", { offset: "70%", "stop-color": "#f7c531" }), s("stop", { offset: "100%", "stop-color": "#e09a10" })),
    s("linearGradient", { id: "boardGrad", x1: 0, y1: 0, x2: 0, y2: 1 }, s("stop", { offset: "0%", "stop-color": "#f3e2bd" }), s("stop", { offset: "100%", "stop-color": "#e3c993" })),
    s("filter", { id: "glow", x: "-30%", y: "-30%", width: "160%", height: "160%" },
      s("feGaussianBlur", { stdDeviation: 4, result: "b" }), s("feMerge", null, s("feMergeNode", { in: "b" }), s("feMergeNode", { in: "SourceGraphic" })))));

  // board (taller when the captions under the auction track need more lines: see below)
  const boardRect = s("rect", { x: 4, y: 4, width: W - 8, height: G.boardH, rx: 16, fill: "url(#boardGrad)", stroke: "#8a6a35", "stroke-width": 3 });
  svg.append(boardRect);

  // Ra track: one dot per Ra tile drawn, against the number that ends the epoch
  svg.append(s("text", { x: G.lbl[0], y: G.lbl[1], class: "lbl" }, t("ra.ratrack")));
  const [c0, cStep, cy, cr] = G.cells;
  const end = obs.ra_track_end;
  // the last lot or epoch end stays visible until the next action (the log says the same)
  const last = foldRa(ctx.log || view.log || [], n, obs).last;
  const raShown = last && last.kind === "epoch" && last.reason === "ra" ? last.ra : obs.ra_track;
  for (let i = 0; i < 10; i++) {
    const cx = c0 + i * cStep;
    const used = i < end;
    const filled = i < raShown;
    svg.append(s("g", { class: "ra-cell" + (filled ? " filled" : "") },
      s("circle", { cx, cy, r: cr, fill: used ? "#fff8e6" : "#d9c6a0", stroke: i === end - 1 ? "#b3261e" : "#8a6a35", "stroke-width": i === end - 1 ? 3 : 1.2, opacity: used ? 1 : 0.5 }),
      filled ? s("circle", { cx, cy, r: cr * 0.6, fill: "#e8731a", class: "ra-dot" }) : s("text", { x: cx, y: cy + cr * 0.3, "text-anchor": "middle", class: "cell-num" + (compact ? " small" : "") }, String(i + 1))));
    if (i === end - 1) svg.append(s("text", { x: cx, y: G.endY, "text-anchor": "middle", class: "lbl small red" }, `${end} = ${t("ra.ratrack.end")}`));
  }
  svg.append(s("text", { x: G.count[0], y: G.count[1], class: "ra-count" }, `${raShown} / ${end}`));
  svg.append(s("text", { x: G.epoch[0], y: G.epoch[1], "text-anchor": G.epoch[2], class: "epoch" }, t("ra.epoch", { epoch: obs.epoch })));

  // Ra figure: click to invoke Ra; during an auction, the Ra player's name on it
  const auction = obs.auction;
  const raClickable = legal.has("ra");
  const raG = s("g", { class: "ra-figure" + (raClickable ? " clickable" : ""), "data-move": raClickable ? "ra" : null,
    onclick: raClickable ? () => send("ra") : null });
  const [rx, ry, rs] = G.ra;
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    raG.append(s("line", { x1: rx + Math.cos(a) * 52 * rs, y1: ry + Math.sin(a) * 52 * rs, x2: rx + Math.cos(a) * 68 * rs, y2: ry + Math.sin(a) * 68 * rs, stroke: "#d9481f", "stroke-width": 5, "stroke-linecap": "round" }));
  }
  raG.append(s("circle", { cx: rx, cy: ry, r: 50 * rs, fill: "#d9481f", stroke: "#7a1f06", "stroke-width": 3 }));
  raG.append(s("text", { x: rx, y: ry + (auction ? -4 : 12) * rs, "text-anchor": "middle", class: "ra-word" }, t("ra.rabutton")));
  if (auction) {
    const raName = nameOf(view, auction.ra_player, t);
    const fit = raName.length > 10 ? { textLength: 88 * rs, lengthAdjust: "spacingAndGlyphs" } : {};
    raG.append(s("text", { x: rx, y: ry + 26 * rs, "text-anchor": "middle", class: "ra-name " + (auction.kind === "drawn" ? "white" : "yellow"), ...fit }, raName));
  }
  raG.append(title(raClickable ? t("ra.hint.turn") : t("ra.rabutton")));
  svg.append(raG);

  // auction track
  let captionY = G.status[1]; // the next caption line's baseline (captions() below)
  svg.append(s("text", { x: G.trackLbl[0], y: G.trackLbl[1], class: "lbl" }, t("ra.auctiontrack")));
  const track = obs.auction_track || [];
  // a tile that has just come onto the track is marked for a moment
  const before = prevTrack[view.id];
  prevTrack[view.id] = track.slice();
  for (let i = 0; i < 8; i++) {
    const [x, y, w, hh] = G.slot(i);
    svg.append(s("rect", { x, y, width: w, height: hh, rx: 7, fill: "rgba(120,80,30,.12)", stroke: "#a58650", "stroke-dasharray": "4 3" }));
    const kind = track[i];
    if (!kind) continue;
    const takeable = ui.god && godMoves.includes(kind);
    const move = `god ${kind}`;
    const tl = tile(kind, x, y, w, hh, t, takeable ? { class: "tile clickable" + (DISASTERS.includes(kind) ? " disaster" : ""), "data-move": move } : {});
    if (takeable) tl.addEventListener("click", () => { ui.god = false; send(move); });
    if (before && before[i] !== kind) tl.classList.add("fresh");
    svg.append(tl);
  }
  // the track just emptied: the lot taken (or discarded) shown faded, and why
  const trackEmpty = !track.some(Boolean);
  if (last && trackEmpty && !auction) {
    const lot = last.kind === "lot" ? last : last.lot;
    const shown = lot ? lot.tiles : last.tiles;
    shown.slice(0, 8).forEach((kind, i) => {
      const [x, y, w, hh] = G.slot(i);
      const g = tile(kind, x, y, w, hh, t, { class: "tile last-lot" + (DISASTERS.includes(kind) ? " disaster" : "") });
      g.setAttribute("opacity", "0.5");
      svg.append(g);
    });
    const said = [];
    if (last.kind === "epoch") said.push(t(`ra.last.epoch.${last.reason}`, { epoch: last.epoch, ra: last.ra, end: last.end }));
    if (lot) said.push(t(lot.tiles.length ? "ra.last.lot" : "ra.last.lot.empty", { name: nameOf(view, lot.seat, t), sun: lot.sun, centre: lot.centre }));
    svg.append(s("g", { id: "ra-last", class: "last-said captions" }, captions(said)));
  }
  // auction status under the track
  if (auction) {
    const key = `ra.auction.${auction.kind}`;
    svg.append(s("g", { id: "ra-auction-said", class: "captions" }, captions([
      t(key, { name: nameOf(view, auction.ra_player, t) }),
      auction.high_bid !== null && auction.high_bid !== undefined ? t("ra.highbid", { n: auction.high_bid, name: nameOf(view, auction.high_bidder, t) }) : t("ra.nohighbid")])));
  }
  // the captions under the track are cut into lines that fit the board's width; more lines
  // than the board has room for make the board (and so everything under it) taller
  function captions(lines) {
    const out = [];
    lines.forEach((line, i) => {
      const big = i === 0;
      for (const part of wrapLines(line, W - G.status[0] - 14, big ? 15 : 13, big)) {
        out.push(s("text", { x: G.status[0], y: captionY, class: big ? "lbl auction-line" : "lbl small" }, part));
        captionY += big ? 20 : 18;
      }
      captionY += 2;
    });
    return out;
  }
  const extra = Math.max(0, captionY - 22 - (G.boardH - 8));
  boardRect.setAttribute("height", String(G.boardH + extra));

  // centre sun
  const [ccx, ccy, ccr] = G.centre;
  svg.append(sun(obs.centre_sun, ccx, ccy, ccr, true, { class: "sun up centre" }, `${t("ra.centre")}: ${obs.centre_sun}`));
  svg.append(s("text", { x: ccx, y: ccy + ccr + 22, "text-anchor": "middle", class: "lbl small" }, t("ra.centre")));

  // the bag (click to draw), or the cross (click to pass) during an auction
  const [bx, by] = G.bag;
  if (auction || canPass) {
    const g = s("g", { class: "pass-cross" + (canPass ? " clickable" : " inactive"), "data-move": canPass ? "pass" : null,
      onclick: canPass ? () => send("pass") : null },
    title(t("ra.pass")),
    s("circle", { cx: bx, cy: by, r: 36, fill: "#fff8e6", stroke: "#7a1f06", "stroke-width": 3 }),
    s("path", { d: `M${bx - 18},${by - 18} L${bx + 18},${by + 18} M${bx + 18},${by - 18} L${bx - 18},${by + 18}`, stroke: "#b3261e", "stroke-width": 9, "stroke-linecap": "round" }));
    svg.append(g, s("text", { x: bx, y: by + 56, "text-anchor": "middle", class: "lbl small" }, t("ra.pass")));
  } else {
    const drawable = legal.has("draw");
    const g = s("g", { class: "bag" + (drawable ? " clickable" : ""), "data-move": drawable ? "draw" : null,
      onclick: drawable ? () => send("draw") : null },
    title(`${t("ra.bag.left", { n: obs.bag_total })}: ` + KINDS.filter((k) => obs.bag && obs.bag[k]).map((k) => `${t(`short.${k}`)} ${obs.bag[k]}`).join(", ")),
    s("path", { d: `M${bx - 22},${by - 38} q22,14 44,0 l-8,14 q30,18 30,46 q0,22 -30,22 h-28 q-30,0 -30,-22 q0,-28 30,-46 Z`, fill: "#9b6b33", stroke: "#5a3a14", "stroke-width": 3 }),
    s("path", { d: `M${bx - 16},${by - 22} q16,6 32,0`, stroke: "#5a3a14", "stroke-width": 3, fill: "none" }),
    s("text", { x: bx, y: by + 22, "text-anchor": "middle", class: "bag-count" }, String(obs.bag_total)));
    svg.append(g, s("text", { x: bx, y: by + 56, "text-anchor": "middle", class: "lbl small" }, t("ra.bag.left", { n: obs.bag_total })));
  }

  // players' displays: name, fame and auction state; suns; tiles grouped by category
  const discarding = obs.discard && obs.discard.seat === me && discards.length > 0;
  const discardable = new Set(discards.flat());
  const [tw, th] = G.tile;
  let y = G.panelY + extra;
  for (let p = 0; p < n; p++) {
    const seat = obs.seats[p];
    const active = toMove === p && obs.phase !== "over";
    const panel = s("g", { class: "panel" + (active ? " active" : "") + (p === me ? " mine" : ""), "data-seat": String(p + 1) });
    const bg = s("rect", { x: 4, y, width: W - 8, height: PANEL_H, rx: 12, class: "panel-bg" });
    panel.append(bg);
    // name (highlighted for the player to move), fame, auction state
    const nm = nameOf(view, p, t) + (p === me ? ` (${t("create.you")})` : "");
    if (active) panel.append(s("rect", { x: 14, y: y + 10, width: Math.min(compact ? W - 28 : 236, 14 + nm.length * 12.6), height: 30, rx: 6, class: "name-hl" }));
    panel.append(s("text", { x: 22, y: y + 32, class: "pname" + (active ? " active" : "") }, nm));
    panel.append(s("text", { x: 22, y: y + 58, class: "fame" }, t("ra.fame", { n: seat.fame })));
    if (auction) {
      const bid = (auction.bids || []).find((b) => b[0] === p);
      if (bid) panel.append(s("text", { x: 130, y: y + 58, class: "bidstate" + (bid[1] === null ? " passed" : "") }, bid[1] === null ? t("ra.passed") : t("ra.bid", { n: bid[1] })));
      const mx = compact ? W - 30 : 226;
      if (auction.ra_player === p) panel.append(s("g", { class: "mini-ra" }, s("circle", { cx: mx, cy: y + 52, r: 11, fill: "#d9481f" }), s("text", { x: mx, y: y + 56, "text-anchor": "middle", class: "mini-ra-t" }, "Ra")));
    }
    // suns face up (clickable to bid) and face down
    const sunY = compact ? y + 66 + G.sunR : y + 100;
    let sx = 12 + G.sunR;
    for (const v of seat.suns_up) {
      const canBid = p === me && bidMoves.includes(v);
      const g = sun(v, sx, sunY, G.sunR, true, canBid ? { class: "sun up clickable", "data-move": `bid ${v}`, onclick: () => send(`bid ${v}`) } : {});
      g.append(title(canBid ? t("ra.bid", { n: v }) : t("ra.sun.up", { n: v })));
      panel.append(g);
      sx += G.sunStep;
    }
    if (seat.suns_down.length) sx += 8;
    for (const v of seat.suns_down) {
      panel.append(sun(v, sx, sunY, G.sunR, false, {}, t("ra.sun.down", { n: v })));
      sx += G.sunStep;
    }
    // display, grouped by category with counts (compact: in rows under the suns)
    const disp = { ...(seat.display || {}) };
    if (seat.gods !== undefined) disp.god = seat.gods;
    let x = compact ? 12 : Math.max(250, sx + 4);
    let ty = compact ? sunY + G.sunR + 12 : y + 44;
    let rows = 0;
    for (const [catKey, kinds] of GROUPS) {
      const held = kinds.filter((k) => disp[k] > 0);
      if (!held.length) continue;
      const label = t(catKey);
      const groupStart = x;
      if (!compact) panel.append(s("text", { x, y: y + 36, class: "cat" }, label));
      for (const k of held) {
        if (compact && x + tw > W - 8) { x = 12; ty += th + 8; rows += 1; }
        if (compact && rows === 0) rows = 1;
        let extra = {};
        let onclick = null;
        if (catKey === "cat.gods" && p === me && godMoves.length) {
          extra = { class: "tile clickable" + (ui.god ? " selected" : ""), "data-god": "1" };
          onclick = () => { ui.god = !ui.god; redraw(); };
        } else if (discarding && p === me && discardable.has(k)) {
          const next = sortKinds([...ui.discard, k]);
          if (discards.some((opt) => within(next, opt))) {
            extra = { class: "tile clickable", "data-discard": k };
            onclick = () => { ui.discard = next; redraw(); };
          }
        }
        const tl = tile(k, x, ty, tw, th, t, extra, disp[k]);
        if (onclick) tl.addEventListener("click", onclick);
        const chosen = discarding && p === me ? ui.discard.filter((d) => d === k).length : 0;
        if (chosen) {
          tl.append(s("rect", { x, y: ty, width: tw, height: th, rx: 6, class: "discard-veil" }),
            s("text", { x: x + tw / 2, y: ty + th / 2 + 9, "text-anchor": "middle", class: "discard-mark" }, "✕".repeat(chosen)));
        }
        tl.append(s("circle", { cx: x + tw - 3, cy: ty + 3, r: 10, class: "count-bg" }),
          s("text", { x: x + tw - 3, y: ty + 7, "text-anchor": "middle", class: "count" }, String(disp[k])));
        panel.append(tl);
        x += tw + (compact ? 6 : 5);
      }
      x = compact ? x + 6 : Math.max(x, groupStart + label.length * 6.6 + 4) + 12;
    }
    const height = compact ? (rows ? ty + th + 10 - y : sunY + G.sunR + 12 - y) : PANEL_H;
    bg.setAttribute("height", String(height));
    svg.append(panel);
    y += height + 10;
  }
  svg.setAttribute("viewBox", `0 0 ${W} ${y - 4}`);
  // keyboard: every clickable thing is a focusable button (Enter or Space clicks it)
  keyboardClickable(svg);
  board.replaceChildren(svg);

  // hint and buttons
  const btns = [];
  let text;
  const waitingFor = typeof view.to_move === "number" ? nameOf(view, view.to_move - 1, t) : null;
  if (view.status === "finished" || obs.phase === "over") {
    const scores = obs.scores || obs.seats.map((x) => x.fame);
    text = obs.ranking && obs.ranking.length
      ? t("ra.hint.winner", { name: nameOf(view, obs.ranking[0], t), fame: scores[obs.ranking[0]] })
      : t("ra.hint.over");
  } else if (!legal.size) {
    const waitSeat = typeof view.to_move === "number" && view.seats ? view.seats[view.to_move - 1] : null;
    if (!waitingFor) text = t("game.waitingchance");
    else if (waitSeat && waitSeat.kind === "human" && waitSeat.claimed === false) text = t("game.waitingjoin", { seat: view.to_move });
    else if (obs.phase === "auction") text = t("ra.hint.wait.auction", { name: waitingFor });
    else if (obs.phase === "discard") text = t("ra.hint.wait.discard", { name: waitingFor });
    else text = t("ra.hint.wait.turn", { name: waitingFor });
  } else if (discards.length) {
    const chosen = ui.discard;
    // the legal option with exactly the chosen tiles: its own spelling is the canonical one
    const match = discards.find((opt) => opt.length === chosen.length && within(chosen, opt));
    const complete = Boolean(match);
    text = complete ? t("ra.hint.discard.ready") : t("ra.hint.discard", { disaster: t(`kind.${obs.discard ? obs.discard.disaster : "funeral"}`) });
    if (chosen.length) text += " " + t("ra.selected", { tiles: kindList(chosen, t) });
    const move = match ? "discard " + match.join(" ") : null;
    btns.push(h("button", { class: "btn primary", id: "confirm-discard", "data-move": complete ? move : null, disabled: !complete,
      onclick: () => { if (complete) { ui.discard = []; send(move); } } }, t("ra.confirmdiscard")));
    if (chosen.length) btns.push(h("button", { class: "btn", onclick: () => { ui.discard = []; redraw(); } }, t("ra.clear")));
  } else if (obs.phase === "auction") {
    if (bidMoves.length && canPass) text = t("ra.hint.bid");
    else if (bidMoves.length) text = t("ra.hint.bid.must");
    else text = t("ra.hint.bid.passonly");
  } else if (ui.god) {
    text = t("ra.hint.god.selected");
    btns.push(h("button", { class: "btn", onclick: () => { ui.god = false; redraw(); } }, t("ra.cancelgod")));
  } else if (legal.has("end")) {
    text = godMoves.length ? t("ra.hint.god.again") : t("ra.hint.god.end");
  } else {
    text = legal.has("draw") ? t("ra.hint.turn") : t("ra.hint.turn.nodraw");
    if (godMoves.length) text += " " + t("ra.hint.turn.god");
  }
  if (legal.has("end")) btns.push(h("button", { class: "btn primary", id: "end-turn", "data-move": "end", onclick: () => send("end") }, t("ra.endturn")));
  hint.replaceChildren(h("span", { class: legal.size ? "your-turn" : "" }, legal.size ? t("game.yourturn") + " " : ""), text);
  hint.className = "hint" + (legal.size ? " mine" : "");
  actions.replaceChildren(...btns);

  // tallies and the final ranking
  const parts = [];
  if (obs.ranking) {
    const scores = obs.scores || obs.seats.map((x) => x.fame);
    parts.push(h("section", { class: "card ranking", id: "ranking" }, h("h2", null, t("ra.ranking")),
      h("ol", null, obs.ranking.map((p, i) => h("li", { class: i === 0 ? "winner" : "" },
        t("ra.ranking.line", { place: i + 1, name: nameOf(view, p, t), fame: scores[p] }))))));
  }
  const LINES = ["pharaohs", "civilizations", "nile", "gods", "gold", "monuments", "suns"];
  for (const tally of (obs.tallies || []).slice().reverse()) {
    const lines = LINES.filter((k) => tally.lines && tally.lines[k]);
    parts.push(h("section", { class: "card tally" }, h("h2", null, t("ra.tally", { epoch: tally.epoch })),
      h("table", null,
        h("thead", null, h("tr", null, h("th", null, ""), obs.seats.map((_, p) => h("th", null, nameOf(view, p, t))))),
        h("tbody", null,
          lines.map((k) => h("tr", null, h("th", null, t(`ra.tally.${k}`)), tally.lines[k].map((v) => h("td", { class: v > 0 ? "pos" : v < 0 ? "neg" : "" }, v > 0 ? `+${v}` : String(v))))),
          h("tr", { class: "total" }, h("th", null, t("ra.tally.total")), (tally.totals || []).map((v) => h("td", null, v > 0 ? `+${v}` : String(v)))),
          h("tr", { class: "fame" }, h("th", null, t("ra.tally.fame")), (tally.fame || []).map((v) => h("td", null, String(v))))))));
  }
  parts.push(h("details", { class: "card help", id: "ra-help", open: helpOpen ? true : null,
    ontoggle: (e) => { helpOpen = e.target.open; } },
  h("summary", null, t("ra.help.title")),
  h("ul", null, ["goal", "turn", "auction", "gods", "disasters", "scoring"].map((k) => h("li", null, t(`ra.help.${k}`))))));
  below.replaceChildren(...parts);

  // say so when an epoch has just been scored (not when the page opens)
  const scored = (obs.tallies || []).length;
  if (view.id in seenTallies && scored > seenTallies[view.id] && notify && !obs.ranking) {
    notify(t("ra.epochover", { epoch: obs.tallies[scored - 1].epoch }));
  }
  seenTallies[view.id] = scored;
}
