// How Pharaoh's table looks: the kinds' colours and glyphs, hills and rivers, a seat's
// 6x6 sheet as SVG (its clickable squares given by the page), a die, a resource's dot,
// and the stylesheet.
import { adoptStyle, svg as s } from "../../dom.js";
import { LETTERS } from "./rules.js";

export const COLORS = {
  housing: ["#3f8f4f", "#effff0"], road: ["#9a917f", "#2b2620"], industrial: ["#7b52a8", "#f6efff"],
  farming: ["#b3a22a", "#1f1c00"], treasury: ["#d08a10", "#2a1a00"], admin: ["#2f7fa8", "#eef8ff"],
  military: ["#b3392a", "#fff0ee"], guild: ["#c0508f", "#fff0f8"], religious: ["#ebe2c6", "#4a3a10"],
  monument: ["#a8743a", "#fff6e6"],
};
const RES_COLORS = { labour: "#c46a3a", grain: "#d9b84a", gold: "#f2c230", material: "#8c7b6b" };

const STYLE = `
.rw-table { display: grid; gap: .9rem; font-family: "DejaVu Sans", system-ui, sans-serif; }
.rw-top { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.rw-main { flex: 0 1 430px; min-width: 280px; }
.board .rw-main svg.rw-sheet { width: 100%; max-width: 430px; }
.rw-side { flex: 1 1 380px; display: grid; gap: .7rem; min-width: 280px; }
.rw-box { background: var(--panel, #2a251e); border: 1px solid #3d3428; border-radius: 10px; padding: .6rem .8rem; }
.rw-box h3 { margin: 0 0 .45rem; font-size: .95rem; color: var(--gold, #f2b233); }
.rw-head { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: baseline; }
.rw-head .rw-round { font-size: 1.15rem; font-weight: 700; color: var(--gold, #f2b233); }
.rw-head .rw-score { font-weight: 700; }
.rw-dice { display: flex; gap: 1.2rem; align-items: center; flex-wrap: wrap; }
.rw-die { display: grid; justify-items: center; gap: .2rem; }
.rw-die .rw-die-row { display: flex; gap: .3rem; align-items: center; }
.board .rw-die svg { width: 54px; height: 54px; }
.rw-die .rw-cap { font-size: .75rem; color: var(--muted, #b7a88e); }
.rw-step { width: 2rem; height: 2rem; padding: 0; font-weight: 700; font-size: 1.1rem; }
.rw-step.selected { outline: 3px solid #ffe14d; }
.rw-note { font-size: .82rem; color: var(--muted, #b7a88e); }
.rw-forced { color: #ff9c8c; font-weight: 700; }
.rw-offers { display: flex; gap: .5rem; flex-wrap: wrap; margin-top: .3rem; }
.rw-offers-cap { margin-top: .6rem; }
.rw-offer { display: grid; gap: .1rem; text-align: left; min-width: 6.5rem; padding: .35rem .6rem; border-radius: 8px; border: 1px solid #5a4c38; background: #201b15; color: var(--ink, #f4ead8); font: inherit; }
.rw-offer .rw-entry { font-size: .75rem; color: var(--muted, #b7a88e); }
.rw-offer .rw-act { font-weight: 700; }
.rw-offer .rw-eff { font-size: .78rem; }
.rw-offer.off { background: #1a1611; border-style: dashed; color: var(--muted, #b7a88e); }
.rw-offer.off .rw-entry { color: #a3967f; }
.rw-offer.clickable { cursor: pointer; border-color: #ffe14d; background: #3a301c; box-shadow: 0 0 8px #ffe14d66; }
.rw-offer.clickable:hover { filter: brightness(1.15); }
.rw-dicechart { display: flex; flex-wrap: wrap; gap: .25rem .7rem; margin-top: .55rem; font-size: .78rem; align-items: baseline; }
.rw-chip { color: var(--muted, #b7a88e); white-space: nowrap; }
.rw-chip b { display: inline-block; min-width: 1.1rem; text-align: center; margin-left: .15rem; border-radius: 4px; background: #201b15; color: var(--ink, #f4ead8); font-weight: 600; }
.rw-chip b.on { background: #ffe14d; color: #2a1a00; }
.rw-pay { display: flex; gap: .4rem; flex-wrap: wrap; align-items: center; margin-top: .5rem; }
.rw-res { display: flex; gap: .8rem; flex-wrap: wrap; }
.rw-res-item { display: flex; gap: .3rem; align-items: center; font-weight: 600; }
.rw-res-dot { display: inline-block; width: .95rem; height: .95rem; border-radius: 50%; border: 1px solid #0008; }
.rw-chart { width: 100%; border-collapse: collapse; font-size: .84rem; }
.rw-chart th { text-align: left; color: var(--muted, #b7a88e); font-weight: 500; padding: .15rem .3rem; }
.rw-chart td { padding: .2rem .3rem; border-top: 1px solid #3d3428; }
.rw-chart td:first-child { white-space: nowrap; }
.rw-chart td.rw-can { color: #9fe29a; }
.rw-chart tr.off td { color: var(--muted, #b7a88e); }
.rw-chart tr.off .rw-swatch { opacity: .5; }
.rw-chart tr.affordable td { background: #3a301c; font-weight: 600; }
.rw-chart tr.affordable td:first-child { box-shadow: inset 4px 0 0 #ffe14d; }
.rw-chart tr.clickable { cursor: pointer; }
.rw-chart tr.clickable:hover td { background: #4a3c20; }
.rw-chart tr.selected td { background: #6b5315; color: #fff; }
.rw-chart tr.selected td:first-child { box-shadow: inset 8px 0 0 #ffe14d; }
.rw-chart .rw-swatch { display: inline-block; width: .9rem; height: .9rem; border-radius: 3px; margin-right: .35rem; vertical-align: -2px; border: 1px solid #0006; }
.rw-scores { width: 100%; border-collapse: collapse; font-size: .8rem; text-align: center; }
.rw-scores th, .rw-scores td { padding: .15rem .2rem; border: 1px solid #3d3428; min-width: 1.4rem; }
.rw-scores th:first-child { text-align: left; }
.rw-scores td.now { font-style: italic; color: #ffe14d; }
.rw-scores td.neg { color: #ff9c8c; }
.rw-scores td.pos { color: #9fe29a; }
.rw-scores th.current { background: #3a301c; color: #ffe14d; }
.rw-scores tr.active th { color: #2a1a00; background: #ffe14d; }
.rw-scores td.total { font-weight: 700; color: var(--gold, #f2b233); }
.rw-obj { list-style: none; margin: 0; padding: 0; display: grid; gap: .25rem; font-size: .88rem; }
.rw-obj li.done { color: #9fe29a; }
.rw-others { display: flex; flex-wrap: wrap; gap: .7rem; }
.rw-other { background: #201b15; border: 1px solid #3d3428; border-radius: 8px; padding: .4rem; width: 190px; cursor: pointer; }
.rw-other.active { border-color: #ffe14d; }
.rw-other .rw-oname { font-weight: 700; font-size: .85rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.rw-other .rw-oline { font-size: .75rem; color: var(--muted, #b7a88e); }
.board .rw-other svg.rw-sheet { width: 100%; }
.rw-sheet .sq-label { font-size: 13px; fill: #8a6a35; font-weight: 700; }
.rw-sheet .tile-label { font-size: 10.5px; font-weight: 700; }
.rw-sheet .target { cursor: pointer; }
.rw-sheet .bonus-mark { font-size: 20px; font-weight: 800; fill: #3f8f4f; pointer-events: none; }
.rw-sheet .target .hl { fill: rgba(255, 225, 77, .28); stroke: #ffe14d; stroke-width: 3; }
.rw-sheet .target:hover .hl { fill: rgba(255, 225, 77, .55); }
.rw-sheet .target.erase .hl { fill: rgba(255, 59, 47, .18); stroke: #ff3b2f; }
.rw-sheet .target.erase:hover .hl { fill: rgba(255, 59, 47, .45); }
.rw-sheet .target:focus { outline: none; }
.rw-sheet .target:focus-visible .hl { stroke: #fff; }
.rw-rank { list-style: none; padding-left: .3rem; margin: 0; font-size: 1.05rem; }
.rw-rank li.winner { color: var(--gold, #f2b233); font-weight: 700; }
.rw-bar { display: flex; gap: .4rem; flex-wrap: wrap; }
/* the table's own layout never pushes the page wider than the screen; touch targets of 44 px */
.board .rw-top > .rw-main, .board .rw-top > .rw-side { min-width: 0; max-width: 100%; }
.board .rw-top > .rw-side { flex-basis: 280px; }
.board .rw-table > * { min-width: 0; }
@media (max-width: 700px), (pointer: coarse) {
  .board .btn.rw-step { min-width: 44px; min-height: 44px; }
}
/* a phone: while building, the building chart comes right under the sheet (not after the dice) */
@media (max-width: 700px) {
  .rw-side.building > #rw-chart-box { order: -1; }
}
`;

export function ensureStyle() {
  adoptStyle("pharaoh-style", STYLE);
}

// A glyph per kind, in a w-wide box centred at (cx, cy).
function glyph(kind, cx, cy, w, fg) {
  const u = w / 10;
  const st = { stroke: fg, "stroke-width": Math.max(1, u * 0.8), fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" };
  switch (kind) {
    case "housing":
      return s("path", { ...st, d: `M${cx - u * 3.5},${cy + u * 3} v${-u * 3.5} l${u * 3.5},${-u * 3} l${u * 3.5},${u * 3} v${u * 3.5} Z M${cx - u},${cy + u * 3} v${-u * 2.5} h${u * 2} v${u * 2.5}` });
    case "road":
      return s("g", st, s("line", { x1: cx - u * 4.5, y1: cy - u * 2, x2: cx + u * 4.5, y2: cy - u * 2 }),
        s("line", { x1: cx - u * 4.5, y1: cy + u * 2, x2: cx + u * 4.5, y2: cy + u * 2 }),
        s("line", { x1: cx - u * 4, y1: cy, x2: cx + u * 4, y2: cy, "stroke-dasharray": `${u * 1.5} ${u * 1.2}` }));
    case "industrial":
      return s("path", { ...st, d: `M${cx - u * 4},${cy + u * 3} v${-u * 4} l${u * 2.5},${-u * 1.5} v${u * 1.5} l${u * 2.5},${-u * 1.5} v${u * 1.5} h${u * 1} v${-u * 4} h${u * 2} v${u * 8} Z` });
    case "farming":
      return s("g", st, ...[-2.5, 0, 2.5].map((dx) => s("g", null,
        s("line", { x1: cx + u * dx, y1: cy + u * 3.5, x2: cx + u * dx, y2: cy - u * 3.5 }),
        s("ellipse", { cx: cx + u * dx, cy: cy - u * 2, rx: u * 0.8, ry: u * 1.6, fill: fg }))));
    case "treasury":
      return s("g", st, ...[2, 0, -2].map((dy) => s("ellipse", { cx, cy: cy + u * dy, rx: u * 3.5, ry: u * 1.2, fill: "none" })));
    case "admin":
      return s("g", st, s("path", { d: `M${cx - u * 4.2},${cy - u * 1.5} L${cx},${cy - u * 4} L${cx + u * 4.2},${cy - u * 1.5} Z` }),
        ...[-3, -1, 1, 3].map((dx) => s("line", { x1: cx + u * dx, y1: cy - u * 0.6, x2: cx + u * dx, y2: cy + u * 3 })),
        s("line", { x1: cx - u * 4.2, y1: cy + u * 3.6, x2: cx + u * 4.2, y2: cy + u * 3.6 }));
    case "military":
      return s("path", { ...st, d: `M${cx},${cy - u * 4} l${u * 3.5},${u * 1.3} v${u * 2.5} q0,${u * 3} ${-u * 3.5},${u * 4.5} q${-u * 3.5},${-u * 1.5} ${-u * 3.5},${-u * 4.5} v${-u * 2.5} Z` });
    case "guild":
      return s("g", st, s("line", { x1: cx, y1: cy - u * 4, x2: cx, y2: cy + u * 3.5 }),
        s("line", { x1: cx - u * 4, y1: cy - u * 2.5, x2: cx + u * 4, y2: cy - u * 2.5 }),
        s("path", { d: `M${cx - u * 4},${cy - u * 2.5} l${-u},${u * 3} h${u * 2} Z M${cx + u * 4},${cy - u * 2.5} l${-u},${u * 3} h${u * 2} Z` }),
        s("line", { x1: cx - u * 2, y1: cy + u * 3.5, x2: cx + u * 2, y2: cy + u * 3.5 }));
    case "religious":
      return s("g", st, s("ellipse", { cx, cy: cy - u * 2.3, rx: u * 1.5, ry: u * 1.9 }),
        s("line", { x1: cx, y1: cy - u * 0.4, x2: cx, y2: cy + u * 4 }),
        s("line", { x1: cx - u * 2.8, y1: cy + u * 0.5, x2: cx + u * 2.8, y2: cy + u * 0.5 }));
    case "monument":
      return s("g", st, s("path", { d: `M${cx - u * 4.5},${cy + u * 3.5} L${cx},${cy - u * 4} L${cx + u * 4.5},${cy + u * 3.5} Z`, fill: fg, "fill-opacity": 0.25 }),
        s("line", { x1: cx - u * 2.7, y1: cy + u * 0.5, x2: cx + u * 2.7, y2: cy + u * 0.5 }),
        s("line", { x1: cx - u * 1.5, y1: cy - u * 1.5, x2: cx + u * 1.5, y2: cy - u * 1.5 }));
    default:
      return null;
  }
}

function hill(x, y, c) {
  return s("g", { class: "terrain hill" },
    s("rect", { x: x + 1, y: y + 1, width: c - 2, height: c - 2, fill: "#c9a46a", rx: 4 }),
    s("path", { d: `M${x + c * 0.08},${y + c * 0.82} Q${x + c * 0.32},${y + c * 0.25} ${x + c * 0.56},${y + c * 0.82} Z`, fill: "#8f6a35", stroke: "#6b4c22", "stroke-width": 1.2 }),
    s("path", { d: `M${x + c * 0.4},${y + c * 0.82} Q${x + c * 0.66},${y + c * 0.38} ${x + c * 0.92},${y + c * 0.82} Z`, fill: "#a57d45", stroke: "#6b4c22", "stroke-width": 1.2 }));
}

function river(x, y, c) {
  const waves = [0.3, 0.52, 0.74].map((f) => s("path", {
    d: `M${x + c * 0.1},${y + c * f} q${c * 0.1},${-c * 0.1} ${c * 0.2},0 t${c * 0.2},0 t${c * 0.2},0 t${c * 0.2},0`,
    fill: "none", stroke: "#e6f4ff", "stroke-width": Math.max(1, c / 28), "stroke-linecap": "round" }));
  return s("g", { class: "terrain river" }, s("rect", { x: x + 1, y: y + 1, width: c - 2, height: c - 2, fill: "#3f86c6", rx: 4 }), waves);
}

function building(kind, x, y, c, small, t) {
  const [bg, fg] = COLORS[kind];
  return s("g", { class: "tile", "data-kind": kind },
    s("title", null, t(`pharaoh.kind.${kind}`)),
    s("rect", { x: x + 2, y: y + 2, width: c - 4, height: c - 4, rx: 6, fill: bg, stroke: "rgba(0,0,0,.4)" }),
    glyph(kind, x + c / 2, y + (small ? c / 2 : c * 0.42), c * (small ? 0.62 : 0.5), fg),
    small ? null : s("text", { x: x + c / 2, y: y + c - 7, "text-anchor": "middle", fill: fg, class: "tile-label" }, t(`pharaoh.short.${kind}`)));
}

// One seat's sheet as SVG. targets: square -> {move, cls} for clickable squares.
export function sheetSvg(obs, info, { cell, labels, targets, send, t }) {
  const pad = labels ? 22 : 2;
  const size = pad + cell * 6 + 2;
  const svg = s("svg", { viewBox: `0 0 ${size} ${size}`, class: "rw-sheet", role: targets && targets.size ? "group" : "img",
    "aria-label": t("pharaoh.sheet.aria") });
  svg.append(s("rect", { x: 0, y: 0, width: size, height: size, rx: 8, fill: "#f3e2bd" }));
  const terrain = {};
  for (const sq of obs.hills || []) terrain[sq] = "hill";
  for (const sq of obs.rivers || []) terrain[sq] = "river";
  const drawn = new Set(info.drawn || []);
  for (let xi = 0; xi < 6; xi++) {
    if (labels) svg.append(s("text", { x: pad + xi * cell + cell / 2, y: 16, "text-anchor": "middle", class: "sq-label" }, LETTERS[xi]));
    for (let yi = 0; yi < 6; yi++) {
      if (labels && xi === 0) svg.append(s("text", { x: 10, y: pad + yi * cell + cell / 2 + 5, "text-anchor": "middle", class: "sq-label" }, String(yi + 1)));
      const sq = LETTERS[xi] + (yi + 1);
      const x = pad + xi * cell, y = pad + yi * cell;
      const g = s("g", { class: "sq", "data-square": sq });
      g.append(s("rect", { x: x + 0.5, y: y + 0.5, width: cell - 1, height: cell - 1, fill: "#fbf1da", stroke: "#c8ad7a", "stroke-width": 1 }));
      if (terrain[sq] === "hill") g.append(hill(x, y, cell), s("title", null, `${sq} · ${t("pharaoh.hill")}`));
      else if (terrain[sq] === "river") g.append(river(x, y, cell), s("title", null, `${sq} · ${t("pharaoh.river")}`));
      const kind = info.sheet[sq];
      if (kind && COLORS[kind]) g.append(building(kind, x, y, cell, !labels, t));
      if (drawn.has(sq) && kind) g.append(s("rect", { x: x + 1.5, y: y + 1.5, width: cell - 3, height: cell - 3, rx: 6, fill: "none", stroke: "#ffb300", "stroke-width": labels ? 4 : 2.5, class: "drawn-mark" }));
      const target = targets && targets.get(sq);
      if (target) {
        g.classList.add("target");
        if (target.cls) g.classList.add(target.cls);
        g.setAttribute("data-move", target.move);
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.append(s("rect", { x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, rx: 6, class: "hl" }),
          s("title", null, `${target.label} · ${sq}` + (target.bonus ? ` · ${t("pharaoh.bonus")}` : "")));
        if (target.bonus) {
          g.setAttribute("data-bonus", "1");
          g.append(s("text", { x: x + cell / 2, y: y + cell / 2 + 7, "text-anchor": "middle", class: "bonus-mark" }, "+1"));
        }
        g.addEventListener("click", () => send(target.move));
        g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); send(target.move); } });
      }
      svg.append(g);
    }
  }
  return svg;
}

const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

export function dieSvg(n, changed) {
  const svg = s("svg", { viewBox: "0 0 40 40", class: "rw-die-face", "data-value": String(n) });
  svg.append(s("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, fill: changed ? "#fff3c4" : "#fffaf0", stroke: changed ? "#e8731a" : "#5a3a14", "stroke-width": 2.5 }));
  for (const [px, py] of PIPS[n] || []) svg.append(s("circle", { cx: 2 + px * 9, cy: 2 + py * 9, r: 3.4, fill: "#2a1a00" }));
  return svg;
}

export function resDot(h, r) {
  return h("span", { class: "rw-res-dot", style: `background:${RES_COLORS[r]}` });
}
