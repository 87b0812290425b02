// The one DOM builder of the client: h() for HTML elements, svg() for SVG ones.
// Attributes: null/undefined/false are left out, "on..." adds a listener, "text" sets the
// text content, "style" goes through the CSSOM (the page's CSP refuses inline style
// attributes and <style> elements), true is an empty (boolean) HTML attribute; children may be arrays nested
// to any depth, nodes or strings.

export const SVG_NS = "http://www.w3.org/2000/svg";

function element(ns, tag, attrs, children) {
  const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (k === "text") node.textContent = v;
      else if (k === "style") node.style.cssText = v; // through the CSSOM: allowed by the page's CSP
      else node.setAttribute(k, v === true && !ns ? "" : v);
    }
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function h(tag, attrs, ...children) { return element(null, tag, attrs, children); }

// A table module's stylesheet, adopted once under `id`: a constructed CSSStyleSheet, not a
// <style> element, so that the server's Content-Security-Policy (style-src 'self', no inline
// style) lets it apply (docs/security.md).
const adopted = new Set();
export function adoptStyle(id, css) {
  if (adopted.has(id) || typeof document === "undefined") return;
  adopted.add(id);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
export function svg(tag, attrs, ...children) { return element(SVG_NS, tag, attrs, children); }

// Keyboard play on a drawn board: every ".clickable" under root becomes a focusable button
// that Enter or Space clicks.
export function keyboardClickable(root) {
  for (const el of root.querySelectorAll(".clickable")) {
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); el.dispatchEvent(new MouseEvent("click", { bubbles: true })); }
    });
  }
}

// The board width (px) under which a table draws its compact layout (larger pieces, one
// column). A touch screen keeps it up to 1000 px (tablets: every piece at least 44 px); with
// a mouse, a laptop's board (about 920 px at 1280 x 800) gets the wide layout, which fits
// its window, and only a narrow window (under 800 px of board) the compact one.
export function compactBelow() {
  const coarse = typeof window !== "undefined" && window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  return coarse ? 1000 : 800;
}
