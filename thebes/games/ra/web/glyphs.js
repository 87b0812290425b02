// Ra's tile glyphs, drawn as SVG: one small picture per kind or category (the table in
// table.js draws them on its tiles). Kinds as in the rules: docs/games/ra/spec.md, Components.

import { svg as s } from "../../dom.js";

export const CIVS = ["astronomy", "agriculture", "writing", "religion", "art"];
export const MONUMENTS = ["fortress", "obelisk", "palace", "pyramid", "temple", "statue", "step-pyramid", "sphinx"];
export const DISASTERS = ["funeral", "drought", "unrest", "earthquake"];

// A small glyph per category, drawn in a w x w box centred at (cx, cy).
export function glyph(kind, cx, cy, w, fg) {
  const u = w / 10;
  const st = { stroke: fg, "stroke-width": Math.max(1.2, u * 0.9), fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" };
  if (kind === "ra") {
    return s("g", null, s("circle", { cx, cy, r: u * 2.6, fill: fg }),
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => {
        const a = (i * Math.PI) / 4;
        return s("line", { ...st, x1: cx + Math.cos(a) * u * 3.4, y1: cy + Math.sin(a) * u * 3.4, x2: cx + Math.cos(a) * u * 4.6, y2: cy + Math.sin(a) * u * 4.6 });
      }));
  }
  if (kind === "god") {
    return s("g", st, s("ellipse", { cx, cy: cy - u * 2.2, rx: u * 1.6, ry: u * 2 }),
      s("line", { x1: cx, y1: cy - u * 0.2, x2: cx, y2: cy + u * 4.2 }),
      s("line", { x1: cx - u * 2.6, y1: cy + u * 0.6, x2: cx + u * 2.6, y2: cy + u * 0.6 }));
  }
  if (kind === "gold") {
    return s("g", { fill: fg }, s("rect", { x: cx - u * 3.5, y: cy + u * 0.5, width: u * 3.2, height: u * 2, rx: u * 0.4 }),
      s("rect", { x: cx + u * 0.3, y: cy + u * 0.5, width: u * 3.2, height: u * 2, rx: u * 0.4 }),
      s("rect", { x: cx - u * 1.6, y: cy - u * 2, width: u * 3.2, height: u * 2, rx: u * 0.4 }));
  }
  if (kind === "pharaoh") {
    return s("g", st, s("path", { d: `M${cx - u * 3.4},${cy + u * 3.6} L${cx - u * 2.2},${cy - u * 2.4} Q${cx},${cy - u * 4.4} ${cx + u * 2.2},${cy - u * 2.4} L${cx + u * 3.4},${cy + u * 3.6} Z` }),
      s("circle", { cx, cy: cy + u * 0.2, r: u * 1.3 }));
  }
  if (kind === "nile" || kind === "flood") {
    const waves = [-1.6, 0.4, 2.4].map((dy) => s("path", { d: `M${cx - u * 3.6},${cy + u * dy} q${u * 0.9},${-u * 1.2} ${u * 1.8},0 t${u * 1.8},0 t${u * 1.8},0 t${u * 1.8},0` }));
    if (kind === "flood") waves.push(s("path", { d: `M${cx},${cy - u * 4.6} q${u * 1.5},${u * 2} 0,${u * 2.4} q${-u * 1.5},${-u * 0.4} 0,${-u * 2.4} Z`, fill: fg }));
    return s("g", st, waves);
  }
  if (CIVS.includes(kind)) {
    return s("g", st, s("rect", { x: cx - u * 3, y: cy - u * 3.2, width: u * 6, height: u * 6.4, rx: u * 0.8 }),
      s("line", { x1: cx - u * 1.8, y1: cy - u * 1.4, x2: cx + u * 1.8, y2: cy - u * 1.4 }),
      s("line", { x1: cx - u * 1.8, y1: cy + u * 0.4, x2: cx + u * 1.8, y2: cy + u * 0.4 }),
      s("line", { x1: cx - u * 1.8, y1: cy + u * 2.0, x2: cx + u * 0.8, y2: cy + u * 2.0 }));
  }
  if (MONUMENTS.includes(kind)) {
    if (kind === "obelisk") return s("path", { ...st, d: `M${cx - u},${cy + u * 3.8} L${cx - u * 0.7},${cy - u * 2.8} L${cx},${cy - u * 4} L${cx + u * 0.7},${cy - u * 2.8} L${cx + u},${cy + u * 3.8} Z` });
    if (kind === "step-pyramid") return s("path", { ...st, d: `M${cx - u * 4},${cy + u * 3.5} h${u * 8} v${-u * 2} h${-u * 1.5} v${-u * 2} h${-u * 1.5} v${-u * 2} h${-u * 2} v${u * 2} h${-u * 1.5} v${u * 2} h${-u * 1.5} Z` });
    if (kind === "pyramid") return s("path", { ...st, d: `M${cx - u * 4},${cy + u * 3.5} L${cx},${cy - u * 3.8} L${cx + u * 4},${cy + u * 3.5} Z` });
    if (kind === "sphinx") return s("path", { ...st, d: `M${cx - u * 4},${cy + u * 3} h${u * 8} v${-u * 2} h${-u * 3} v${-u * 2.5} q${-u},${-u * 2} ${-u * 2},0 v${u * 2.5} h${-u * 3} Z` });
    if (kind === "fortress") return s("path", { ...st, d: `M${cx - u * 3.5},${cy + u * 3.5} v${-u * 6} h${u * 1.4} v${u * 1.4} h${u * 1.4} v${-u * 1.4} h${u * 1.4} v${u * 1.4} h${u * 1.4} v${-u * 1.4} h${u * 1.4} v${u * 6} Z` });
    if (kind === "palace") return s("g", st, s("path", { d: `M${cx - u * 4},${cy - u * 1.6} L${cx},${cy - u * 4} L${cx + u * 4},${cy - u * 1.6} Z` }),
      ...[-2.6, -0.9, 0.9, 2.6].map((dx) => s("line", { x1: cx + u * dx, y1: cy - u * 1, x2: cx + u * dx, y2: cy + u * 3.5 })));
    if (kind === "temple") return s("g", st, s("line", { x1: cx - u * 4, y1: cy - u * 3, x2: cx + u * 4, y2: cy - u * 3 }),
      ...[-2.5, 0, 2.5].map((dx) => s("line", { x1: cx + u * dx, y1: cy - u * 2.4, x2: cx + u * dx, y2: cy + u * 3.5 })));
    return s("g", st, s("circle", { cx, cy: cy - u * 2.4, r: u * 1.4 }), s("path", { d: `M${cx - u * 2},${cy + u * 3.8} L${cx - u * 1.2},${cy - u * 0.8} h${u * 2.4} L${cx + u * 2},${cy + u * 3.8} Z` }));
  }
  if (DISASTERS.includes(kind)) {
    return s("path", { d: `M${cx + u},${cy - u * 4.5} L${cx - u * 2.4},${cy + u * 0.6} h${u * 2.2} L${cx - u},${cy + u * 4.5} L${cx + u * 2.6},${cy - u * 0.8} h${-u * 2.2} Z`, fill: fg });
  }
  return null;
}
