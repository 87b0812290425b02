// How Sarcophagus's pieces look: tiles (face and back), coins in their owner's colour,
// the suits' glyphs, and the table's stylesheet. Pure drawing, no rules and no state:
// the board (board.js) places them.
import { adoptStyle, svg as s } from "../../dom.js";
import { addStrings } from "../../i18n.js";
import { parseTile, tileLabel } from "./rules.js";

const SUIT_COLOR = { sun: "#c8401a", moon: "#2d2d38", crown: "#2e7d32", arms: "#1f5fa8" };
// coins by owner seat (0-based): gold, sky, jade, rose
export const SEAT_COLOR = ["#f2b233", "#4aa3df", "#5cc27a", "#e0607e"];
export const SEAT_INK = ["#2a1a00", "#04263d", "#06301a", "#3d0515"];

addStrings({
  en: {
    "sarcophagus.trap": "trap",
    "sarcophagus.god": "god",
    "sarcophagus.facedown": "face down",
  },
  fr: {
    "sarcophagus.trap": "piège",
    "sarcophagus.god": "dieu",
    "sarcophagus.facedown": "face cachée",
  },
});

export function title(text) { return s("title", null, text); }

// The table's CSS, adopted once.
let styled = false;
export function addStyle() {
  if (styled || typeof document === "undefined") return;
  styled = true;
  const css = `
.sarc-board { font-family: "DejaVu Sans", system-ui, sans-serif; user-select: none; }
.sarc-board .lbl { font-size: 15px; fill: #5a3a14; font-weight: 600; }
.sarc-board .lbl.small { font-size: 12px; font-weight: 500; }
.sarc-board .pos-name { font-size: 11px; fill: #7a5a2a; }
.sarc-board .pos-name.light { fill: #f3dcb0; }
.sarc-board .clickable { cursor: pointer; }
.sarc-board .clickable .hl { stroke: #f2b233; stroke-width: 4; filter: url(#sarcGlow); animation: sarc-pulse 1.4s ease-in-out infinite; }
.sarc-board .selected .hl { stroke: #e8731a; stroke-width: 5; animation: none; }
.sarc-board .clickable:hover .hl, .sarc-board .clickable:focus .hl { stroke: #e8731a; }
.sarc-board .clickable:focus { outline: none; }
.sarc-board .coin-pick.clickable { cursor: grab; touch-action: none; }
.sarc-board g.cell.drop-ok .hl { stroke: #f2b233; stroke-width: 4; filter: url(#sarcGlow); }
.sarc-board .ghost { opacity: .85; }
@keyframes sarc-pulse { 50% { stroke-opacity: .45; } }
.sarc-board .panel-bg { fill: #f6ead0; stroke: #a58650; stroke-width: 1.2; }
.sarc-board .panel.active .panel-bg { stroke: #e8731a; stroke-width: 3; }
.sarc-board .pname { font-size: 16px; font-weight: 700; fill: #3b2a10; }
.sarc-board .fame { font-size: 14px; font-weight: 700; fill: #7a1f06; }
.sarc-board .coin-v { font-weight: 800; }
.sarc-board .flip { animation: sarc-flip .6s ease-out; transform-box: fill-box; transform-origin: center; }
@keyframes sarc-flip { from { transform: scaleX(0); } to { transform: scaleX(1); } }
.sarc-news ul, .sarc-final ul { margin: .2rem 0 0; padding-left: 1.2rem; }
.below .sarc-final { grid-column: 1 / -1; }
.sarc-final table { border-collapse: collapse; width: 100%; }
.sarc-final th, .sarc-final td { padding: .25rem .5rem; border-bottom: 1px solid #3d3428; text-align: left; }
.sarc-final tr.winner td { color: var(--gold, #f2b233); font-weight: 700; }
.board svg.sarc-board.compact { max-width: 640px; margin: 0 auto; }
`;
  adoptStyle("sarcophagus-style", css);
}

// A 12px SVG text line squeezed into `width` when it would overflow (about 6.6px a character).
export function fit(text, width) {
  return text.length * 6.6 > width ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {};
}

function suitGlyph(suit, cx, cy, r, color) {
  if (suit === "sun") {
    const rays = [];
    for (let k = 0; k < 8; k++) {
      const a = (k * Math.PI) / 4;
      rays.push(s("line", { x1: cx + Math.cos(a) * r * 0.62, y1: cy + Math.sin(a) * r * 0.62, x2: cx + Math.cos(a) * r, y2: cy + Math.sin(a) * r, stroke: color, "stroke-width": Math.max(1.2, r * 0.16), "stroke-linecap": "round" }));
    }
    return s("g", null, s("circle", { cx, cy, r: r * 0.45, fill: color }), rays);
  }
  if (suit === "moon") {
    // a crescent: a half circle on the left, hollowed by a flatter arc
    const X = cx + r * 0.35;
    return s("path", { fill: color, d: `M${X},${cy - r} A${r},${r} 0 0 0 ${X},${cy + r} A${r * 1.4},${r * 1.4} 0 0 1 ${X},${cy - r} Z` });
  }
  if (suit === "crown") {
    return s("path", { fill: color, d: `M${cx - r},${cy + r * 0.7} L${cx - r},${cy - r * 0.5} L${cx - r * 0.5},${cy + r * 0.05} L${cx},${cy - r * 0.8} L${cx + r * 0.5},${cy + r * 0.05} L${cx + r},${cy - r * 0.5} L${cx + r},${cy + r * 0.7} Z` });
  }
  // arms: a shield
  return s("path", { fill: color, d: `M${cx - r * 0.8},${cy - r * 0.85} H${cx + r * 0.8} V${cy} Q${cx + r * 0.8},${cy + r * 0.7} ${cx},${cy + r} Q${cx - r * 0.8},${cy + r * 0.7} ${cx - r * 0.8},${cy} Z` });
}

// A tile face (name) or back (null) in the box x, y, w (square).
export function tileFace(name, x, y, w, t, extra = {}) {
  const g = s("g", { class: "tile " + (name ? "up" : "down"), "data-tile": name || null, ...extra });
  if (!name) {
    g.append(title(t("sarcophagus.facedown")),
      s("rect", { x, y, width: w, height: w, rx: w * 0.08, fill: "#8a5a2b", stroke: "#4a2e10", "stroke-width": 1.5 }),
      s("rect", { x: x + w * 0.12, y: y + w * 0.12, width: w * 0.76, height: w * 0.76, rx: w * 0.05, fill: "none", stroke: "#c79a5a", "stroke-width": Math.max(1, w * 0.03) }),
      s("path", { d: `M${x + w * 0.5},${y + w * 0.24} L${x + w * 0.76},${y + w * 0.5} L${x + w * 0.5},${y + w * 0.76} L${x + w * 0.24},${y + w * 0.5} Z`, fill: "#a8733a", stroke: "#c79a5a", "stroke-width": Math.max(1, w * 0.02) }));
    return g;
  }
  const { suit, rank } = parseTile(name);
  const color = SUIT_COLOR[suit];
  const trap = rank === "null";
  const god = rank === "ace";
  g.append(title(tileLabel(name, t)),
    s("rect", { x, y, width: w, height: w, rx: w * 0.08, fill: trap ? "#f7d8d0" : god ? "#efe2ff" : "#fff8e8", stroke: trap ? "#b3261e" : god ? "#6d3fa0" : "#8a6a35", "stroke-width": trap || god ? 2.5 : 1.5 }));
  if (trap || god) {
    g.append(suitGlyph(suit, x + w * 0.2, y + w * 0.2, w * 0.12, color));
    if (trap) {
      // a snake-like zigzag: the trap
      g.append(s("path", { d: `M${x + w * 0.14},${y + w * (w >= 44 ? 0.45 : 0.6)} ` + "l".concat(Array.from({ length: 5 }, (_, k) => `${w * 0.1},${(k % 2 ? 1 : -1) * w * 0.13}`).join(" l")), fill: "none", stroke: "#b3261e", "stroke-width": Math.max(1.5, w * 0.07), "stroke-linecap": "round", "stroke-linejoin": "round" }));
    } else {
      // an ankh: the god
      const cx = x + w * 0.5, cy = y + w * (w >= 44 ? 0.34 : 0.46);
      g.append(s("g", { fill: "none", stroke: "#6d3fa0", "stroke-width": Math.max(1.5, w * 0.06), "stroke-linecap": "round" },
        s("ellipse", { cx, cy: cy - w * 0.08, rx: w * 0.07, ry: w * 0.09 }),
        s("line", { x1: cx, y1: cy + w * 0.01, x2: cx, y2: cy + w * 0.24 }),
        s("line", { x1: cx - w * 0.12, y1: cy + w * 0.05, x2: cx + w * 0.12, y2: cy + w * 0.05 })));
    }
    if (w >= 44) g.append(s("text", { x: x + w / 2, y: y + w * 0.68, "text-anchor": "middle", "font-size": w * 0.16, "font-weight": 700, fill: trap ? "#b3261e" : "#6d3fa0" }, t(trap ? "sarcophagus.trap" : "sarcophagus.god")));
  } else {
    g.append(suitGlyph(suit, x + w * 0.22, y + w * 0.22, w * 0.14, color),
      s("text", { x: x + w * 0.48, y: y + w * (w >= 44 ? 0.7 : 0.84), "text-anchor": "middle", "font-size": w * (w >= 44 ? 0.5 : 0.6), "font-weight": 800, fill: color }, rank));
  }
  return g;
}

export function coin(owner, value, cx, cy, r, t, extra = {}) {
  const col = SEAT_COLOR[owner % SEAT_COLOR.length];
  const ink = SEAT_INK[owner % SEAT_INK.length];
  return s("g", { class: "coin", "data-owner": String(owner + 1), "data-value": value === null || value === undefined ? null : String(value), ...extra },
    s("circle", { cx, cy, r, fill: col, stroke: ink, "stroke-width": 1.5 }),
    value === null || value === undefined
      ? s("circle", { cx, cy, r: r * 0.45, fill: "none", stroke: ink, "stroke-opacity": 0.5, "stroke-width": 1.2 })
      : s("text", { x: cx, y: cy + r * 0.38, "text-anchor": "middle", "font-size": r * 1.1, class: "coin-v", fill: ink }, String(value)));
}
