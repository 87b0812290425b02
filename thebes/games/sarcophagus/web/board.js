// Sarcophagus's board, drawn as SVG from one seat's observation: the pyramid with its
// marks and coins, the sarcophagus beneath, the discard pile, your hand and every seat's
// panel, the last tie. Only legal moves are clickable (the page, table.js, sorts
// `view.legal` into `play`); a coin is chosen by a click or dragged onto its tile.
import { svg as s, compactBelow, keyboardClickable } from "../../dom.js";
import { addStrings } from "../../i18n.js";
import { addStyle, coin, fit, SEAT_COLOR, SEAT_INK, tileFace, title } from "./draw.js";
import { SARC_POSITIONS, bonusText, claimableSet, fameOf, nameOf, posName, tileLabel, tileOrder } from "./rules.js";

addStrings({
  en: {
    "sarcophagus.yourcoins": "Your coins",
    "sarcophagus.nocoins": "No coins in hand",
    "sarcophagus.coinhelp": "Select a coin, then a glowing tile (or drag the coin there).",
    "sarcophagus.coin.pick": "Your coin {value}",
    "sarcophagus.coin.place": "Place your coin {value} on {pos}",
    "sarcophagus.inhand": "{n} coins in hand",
    "sarcophagus.you": "you",
    "sarcophagus.fame": "Fame {fame}",
    "sarcophagus.protected": "god: safe from traps",
    "sarcophagus.claimed.none": "no tiles yet",
    "sarcophagus.sarcophagus": "Sarcophagus",
    "sarcophagus.sarcophagus.note": "3 tiles, face down, under e3, f3 and f4",
    "sarcophagus.lot": "sarcophagus tile with {n} coins",
    "sarcophagus.lot.values": "coins: {values}",
    "sarcophagus.topleft": "top-left tile: every turn's first coin goes here",
    "sarcophagus.claimable": "two free sides: claimed as soon as it holds 4 coins",
    "sarcophagus.oversarc": "lies over a sarcophagus tile",
    "sarcophagus.legend.topleft": "★ top-left tile (first coin)",
    "sarcophagus.legend.claimable": "✓ can be claimed at 4 coins",
    "sarcophagus.legend.sarc": "⚱ over the sarcophagus",
    "sarcophagus.legend.coins": "coins: yours show their value",
    "sarcophagus.legend.coins.all": "coins in their owner's colour",
    "sarcophagus.discards": "Discard pile",
    "sarcophagus.discards.unseen": "+ {n} sarcophagus tile(s) unseen",
    "sarcophagus.lasttie": "Last tie, on {pos} ({tile}):",
    "sarcophagus.lasttie.coins": "coins turned over: {coins}",
  },
  fr: {
    "sarcophagus.yourcoins": "Vos pièces",
    "sarcophagus.nocoins": "Aucune pièce en main",
    "sarcophagus.coinhelp": "Choisissez une pièce, puis une tuile en surbrillance (ou glissez-y la pièce).",
    "sarcophagus.coin.pick": "Votre pièce {value}",
    "sarcophagus.coin.place": "Poser votre pièce {value} sur {pos}",
    "sarcophagus.inhand": "{n} pièces en main",
    "sarcophagus.you": "vous",
    "sarcophagus.fame": "Gloire {fame}",
    "sarcophagus.protected": "dieu : à l'abri des pièges",
    "sarcophagus.claimed.none": "aucune tuile encore",
    "sarcophagus.sarcophagus": "Sarcophage",
    "sarcophagus.sarcophagus.note": "3 tuiles face cachée, sous e3, f3 et f4",
    "sarcophagus.lot": "tuile du sarcophage avec {n} pièces",
    "sarcophagus.lot.values": "pièces : {values}",
    "sarcophagus.topleft": "tuile en haut à gauche : la première pièce de chaque tour va ici",
    "sarcophagus.claimable": "deux côtés libres : prise dès qu'elle porte 4 pièces",
    "sarcophagus.oversarc": "posée sur une tuile du sarcophage",
    "sarcophagus.legend.topleft": "★ tuile en haut à gauche (première pièce)",
    "sarcophagus.legend.claimable": "✓ peut être prise à 4 pièces",
    "sarcophagus.legend.sarc": "⚱ sur le sarcophage",
    "sarcophagus.legend.coins": "pièces : les vôtres montrent leur valeur",
    "sarcophagus.legend.coins.all": "pièces à la couleur de leur propriétaire",
    "sarcophagus.discards": "Défausse",
    "sarcophagus.discards.unseen": "+ {n} tuile(s) du sarcophage jamais vue(s)",
    "sarcophagus.lasttie": "Dernière égalité, sur {pos} ({tile}) :",
    "sarcophagus.lasttie.coins": "pièces retournées : {coins}",
  },
});

const W = 1000;
const TILE = 80;          // a pyramid tile (unit square of the spec)
const PX = 24, PY = 56;   // the pyramid's top-left corner (row f starts at PX)
const RX = 540;           // the right column (hand, seats)
let relayout = null;
let laidCompact = null; // the layout last drawn, and the board it was drawn in
let laidBoard = null;
if (typeof window !== "undefined") {
  window.addEventListener("resize", () => {
    if (relayout && laidBoard && laidBoard.isConnected && (laidBoard.clientWidth < compactBelow()) !== laidCompact) relayout();
  });
}
let dragged = false;  // a drag just ended: the click that follows it is not a choice

// Draw the board into ctx.board. play: {obs, me (0-based seat or null), n, targets (pos ->
// Set of coin values), valuesOk, placeMoves, discardTiles, hiddenTiles (sarcophagus tiles
// not yet turned over by the reveal), revealing, justShown}.
export function drawBoard(ctx, play) {
  const { view, board, send, t, ui, redraw } = ctx;
  const { obs, me, n, targets, valuesOk, placeMoves, discardTiles, hiddenTiles, revealing, justShown } = play;
  addStyle();
  // on a phone the right column (hand, seats) goes under the pyramid, its pieces larger,
  // so that the board is drawn about 0.7:1 and every clickable piece is at least 44 px
  const compact = (board.clientWidth || window.innerWidth) < compactBelow();
  relayout = redraw;
  laidCompact = compact;
  laidBoard = board;
  const RW = compact ? RX - 16 : W - RX - 8;
  const col = s("g", { class: "sarc-column" });
  const baseFree = !(view.options && view.options.base_free === false);

  // Drag a coin of the hand onto a tile: the same move as a coin click then a tile click.
  function dragCoin(ev, v, r) {
    if (ev.button !== 0) return;
    const svgEl = ev.currentTarget.ownerSVGElement;
    const start = [ev.clientX, ev.clientY];
    let ghost = null;
    const move = (e) => {
      if (!ghost && Math.hypot(e.clientX - start[0], e.clientY - start[1]) < 6) return;
      if (!ghost) {
        ghost = coin(me, v, 0, 0, r, t, { class: "coin ghost", "pointer-events": "none" });
        svgEl.append(ghost);
        for (const el of svgEl.querySelectorAll("g.cell[data-pos]")) if (targets[el.dataset.pos] && targets[el.dataset.pos].has(v)) el.classList.add("drop-ok");
      }
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(svgEl.getScreenCTM().inverse());
      ghost.setAttribute("transform", `translate(${p.x},${p.y})`);
    };
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      if (!ghost) return; // not moved: a click, handled by onclick
      ghost.remove();
      dragged = true;
      setTimeout(() => { dragged = false; }, 0);
      const el = document.elementFromPoint(e.clientX, e.clientY);
      const cell = el && el.closest ? el.closest("g.cell[data-pos]") : null;
      const pos = cell ? cell.dataset.pos : null;
      if (pos && targets[pos] && targets[pos].has(v)) { ui.value = null; ui.pos = null; send(`place ${v} ${pos}`); }
      else for (const x of svgEl.querySelectorAll(".drop-ok")) x.classList.remove("drop-ok");
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }

  const present = new Set(Object.keys(obs.pyramid || {}));
  const claimable = claimableSet(present, baseFree);
  const topLeft = obs.top_left;

  // ---------------------------------------------------------------- svg
  const svg = s("svg", { class: "sarc-board" + (compact ? " compact" : ""), role: "group", "aria-label": t("gametitle.sarcophagus"), "data-phase": obs.phase,
    "data-turn-coin": obs.coin === null || obs.coin === undefined ? null : String(obs.coin) });
  svg.append(s("defs", null,
    s("linearGradient", { id: "sarcSand", x1: 0, y1: 0, x2: 0, y2: 1 }, s("stop", { offset: "0%", "stop-color": "#f3e2bd" }), s("stop", { offset: "100%", "stop-color": "#dcc08a" })),
    s("filter", { id: "sarcGlow", x: "-30%", y: "-30%", width: "160%", height: "160%" },
      s("feGaussianBlur", { stdDeviation: 3, result: "b" }), s("feMerge", null, s("feMergeNode", { in: "b" }), s("feMergeNode", { in: "SourceGraphic" })))));
  const pyramidH = PY + 6 * TILE + 150;
  svg.append(s("rect", { x: 4, y: 4, width: RX - 14, height: pyramidH - 8, rx: 14, fill: "url(#sarcSand)", stroke: "#8a6a35", "stroke-width": 3 }));
  svg.append(s("text", { x: 20, y: 26, class: "lbl small" }, t("sarcophagus.legend.topleft")),
    s("text", { x: 20, y: 44, class: "lbl small" }, t("sarcophagus.legend.claimable")),
    s("text", { x: RX - 24, y: 26, "text-anchor": "end", class: "lbl small" }, t("sarcophagus.legend.sarc")),
    s("text", { x: RX - 24, y: 44, "text-anchor": "end", class: "lbl small" }, t(me === null ? "sarcophagus.legend.coins.all" : "sarcophagus.legend.coins")));

  // the pyramid
  for (let r = 0; r < 6; r++) {
    for (let i = 0; i <= r; i++) {
      const pos = posName(r, i);
      const x = PX + ((5 - r) / 2 + i) * TILE;
      const y = PY + r * TILE;
      const cell = obs.pyramid[pos];
      if (!cell) {
        svg.append(s("rect", { x: x + 2, y: y + 2, width: TILE - 4, height: TILE - 4, rx: 6, fill: "none", stroke: "#b89a64", "stroke-dasharray": "4 4", "stroke-width": 1 }),
          s("text", { x: x + TILE / 2, y: y + TILE / 2 + 4, "text-anchor": "middle", class: "pos-name" }, pos));
        continue;
      }
      const values = targets[pos];
      let move = null;
      let onclick = null;
      let cls = "cell";
      if (values) {
        if (ui.value !== null && ui.value !== undefined) {
          if (values.has(ui.value)) {
            move = `place ${ui.value} ${pos}`;
            cls += " clickable";
            onclick = () => { ui.value = null; send(move); };
          }
        } else {
          cls += " clickable" + (ui.pos === pos ? " selected" : "");
          onclick = () => { ui.pos = ui.pos === pos ? null : pos; redraw(); };
        }
      }
      const g = s("g", { class: cls, "data-pos": pos, "data-move": move, onclick, "data-claimable": claimable.has(pos) ? "1" : null,
        "data-topleft": pos === topLeft ? "1" : null });
      // An omniscient view (a finished game's replay) names face-down tiles too: draw their backs.
      const shown = cell.face_up === false ? null : cell.tile;
      g.append(tileFace(shown, x + 2, y + 2, TILE - 4, t));
      g.append(s("text", { x: x + TILE - 7, y: y + 15, "text-anchor": "end", class: "pos-name" + (shown ? "" : " light") }, pos));
      let my = y + 30; // markers go down the right edge
      const mark = () => { const at = my; my += 16; return at; };
      const tips = [pos + (shown ? ": " + tileLabel(shown, t) : ": " + t("sarcophagus.facedown")
        + (cell.tile ? ` (${tileLabel(cell.tile, t)})` : ""))];
      if (pos === topLeft) {
        tips.push(t("sarcophagus.topleft"));
        g.append(s("text", { x: x + TILE - 13, y: mark() + 2, "text-anchor": "middle", "font-size": 17, fill: "#e8731a", stroke: "#5a3a14", "stroke-width": 0.8, class: "topleft-mark" }, "★"));
      }
      if (claimable.has(pos)) {
        tips.push(t("sarcophagus.claimable"));
        const cy = mark() - 5;
        g.append(s("circle", { cx: x + TILE - 13, cy, r: 7, fill: "#2e7d32", class: "claim-mark" }),
          s("text", { x: x + TILE - 13, y: cy + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 800, fill: "#fff" }, "✓"));
      }
      if (cell.sarcophagus) {
        tips.push(t("sarcophagus.oversarc"));
        g.append(s("text", { x: x + TILE - 13, y: mark(), "text-anchor": "middle", "font-size": 14, fill: cell.tile ? "#7a1f06" : "#ffd9a0", class: "sarc-mark" }, "⚱"));
      }
      // coins, by owner (yours first), in a row along the tile's bottom
      const stack = cell.coins.slice().sort((a, b) => (a[0] === me ? -1 : 0) - (b[0] === me ? -1 : 0) || a[0] - b[0]);
      if (stack.length) g.append(s("rect", { x: x + 4, y: y + TILE - 23, width: TILE - 8, height: 19, rx: 5, fill: "rgba(70,45,10,.22)" }));
      stack.forEach(([owner, value], k) => {
        g.append(coin(owner, value, x + 15 + k * 17, y + TILE - 13.5, 8, t));
      });
      g.append(title(tips.join(" · ")));
      g.append(s("rect", { x: x + 2, y: y + 2, width: TILE - 4, height: TILE - 4, rx: 6, fill: "none", stroke: "none", class: "hl" }));
      svg.append(g);
    }
  }

  // the sarcophagus beneath: three face-down tiles while their tile stands
  const sy = PY + 6 * TILE + 18;
  svg.append(s("text", { x: PX, y: sy + 18, class: "lbl" }, "⚱ " + t("sarcophagus.sarcophagus")),
    s("text", { x: PX, y: sy + 36, class: "lbl small" }, t("sarcophagus.sarcophagus.note")));
  SARC_POSITIONS.forEach((pos, j) => {
    const x = PX + 250 + j * 62;
    if (obs.pyramid[pos]) svg.append(tileFace(null, x, sy, 50, t, { "data-sarc": pos }));
    else svg.append(s("rect", { x, y: sy, width: 50, height: 50, rx: 5, fill: "none", stroke: "#b89a64", "stroke-dasharray": "4 4" }));
    svg.append(s("text", { x: x + 25, y: sy + 64, "text-anchor": "middle", class: "pos-name" }, pos));
  });
  // discard pile
  const dy = sy + 84;
  svg.append(s("text", { x: PX, y: dy + 14, class: "lbl small" }, t("sarcophagus.discards") + (obs.discards.length || obs.discarded_unseen ? ":" : ": —")));
  let dx = PX + 100;
  for (const tile of obs.discards.filter((x) => !hiddenTiles.has(x))) {
    svg.append(tileFace(tile, dx, dy, 24, t, { class: "tile up discarded" }));
    dx += 27;
  }
  if (obs.discarded_unseen) svg.append(s("text", { x: dx + 4, y: dy + 16, class: "lbl small" }, t("sarcophagus.discards.unseen", { n: obs.discarded_unseen })));

  // right column: your hand, then every seat
  let ry = 4;
  if (me !== null) {
    const hand = obs.hand || [];
    const r = compact ? Math.min(33, (RW - 28) / Math.max(1, Math.min(7, hand.length)) / 2 - 2)
      : Math.min(17, (RW - 28) / Math.max(1, hand.length) / 2 - 2);
    const perRowCoins = compact ? Math.max(1, Math.floor((RW - 28) / (2 * r + 4))) : hand.length || 1;
    const coinRows = Math.max(1, Math.ceil(hand.length / perRowCoins));
    const hh = compact ? 48 + coinRows * (2 * r + 6) : 92;
    const hg = s("g", { class: "hand", id: "sarc-hand" });
    hg.append(s("rect", { x: RX, y: ry, width: RW, height: hh, rx: 12, class: "panel-bg" }));
    hg.append(s("text", { x: RX + 14, y: ry + 24, class: "pname" }, t("sarcophagus.yourcoins")),
      s("text", { x: RX + 130, y: ry + 24, class: "lbl small", ...fit(t("sarcophagus.coinhelp"), RW - 142) }, hand.length ? (placeMoves.length ? t("sarcophagus.coinhelp") : "") : t("sarcophagus.nocoins")));
    hand.forEach((v, k) => {
      const cx = RX + 14 + r + (k % perRowCoins) * (2 * r + 4);
      const cy = compact ? ry + 44 + r + Math.floor(k / perRowCoins) * (2 * r + 6) : ry + 60;
      const ok = valuesOk.has(v);
      let move = null;
      let onclick = null;
      let cls = "coin-pick";
      if (ok) {
        cls += " clickable" + (ui.value === v ? " selected" : "");
        if (ui.pos && targets[ui.pos] && targets[ui.pos].has(v)) {
          move = `place ${v} ${ui.pos}`;
          onclick = () => { if (dragged) return; ui.pos = null; send(move); };
        } else {
          onclick = () => { if (dragged) return; ui.value = ui.value === v ? null : v; ui.pos = null; redraw(); };
        }
      }
      const onpointerdown = ok ? (e) => dragCoin(e, v, r) : null;
      // what a screen reader says of it: the coin, and where it goes once a tile is chosen
      const label = move ? t("sarcophagus.coin.place", { value: v, pos: ui.pos }) : t("sarcophagus.coin.pick", { value: v });
      const g = s("g", { class: cls, "data-coin": ok ? String(v) : null, "data-move": move, onclick, onpointerdown,
        "aria-label": label, "aria-pressed": ok && !move ? String(ui.value === v) : null },
        coin(me, v, cx, cy, r, t),
        s("circle", { cx, cy, r: r + 2, fill: "none", stroke: "none", class: "hl" }));
      hg.append(g);
    });
    col.append(hg);
    ry += hh + 8;
  }
  const ct = compact ? 64 : 36; // a claimed tile's side
  const perRow = Math.floor((RW - 28) / (ct + 4));
  for (let p = 0; p < n; p++) {
    const claimed = (obs.claimed[p] || []).filter((tile) => !hiddenTiles.has(tile));
    const lots = obs.sarcophagi[p] || [];
    const items = claimed.length + lots.filter((lot) => !lot.tile || hiddenTiles.has(lot.tile)).length;
    const rows = Math.max(1, Math.ceil(items / perRow));
    const ph = 62 + rows * (ct + 6) + (fameOf(claimed).bonuses.length ? 16 : 0);
    const active = obs.to_move === p && obs.phase !== "over";
    const panel = s("g", { class: "panel" + (active ? " active" : "") + (p === me ? " mine" : ""), "data-seat": String(p + 1) });
    panel.append(s("rect", { x: RX, y: ry, width: RW, height: ph, rx: 12, class: "panel-bg" }));
    panel.append(s("circle", { cx: RX + 20, cy: ry + 20, r: 8, fill: SEAT_COLOR[p], stroke: SEAT_INK[p] }));
    const nm = nameOf(view, p, t) + (p === me ? ` (${t("sarcophagus.you")})` : "");
    panel.append(s("text", { x: RX + 34, y: ry + 26, class: "pname" }, (active ? "▶ " : "") + nm));
    const f = fameOf(claimed);
    panel.append(s("text", { x: RX + RW - 14, y: ry + 26, "text-anchor": "end", class: "fame", "data-fame": String(f.fame) },
      t("sarcophagus.fame", { fame: f.fame })));
    const bits = [t("sarcophagus.inhand", { n: obs.hands[p] })];
    if (obs.gods[p]) bits.push(t("sarcophagus.protected"));
    panel.append(s("text", { x: RX + 14, y: ry + 46, class: "lbl small", ...fit(bits.join(" · "), RW - 28) }, bits.join(" · ")));
    const top = f.bonuses.length ? 16 : 0; // a line for the suit bonuses
    if (top) panel.append(s("text", { x: RX + 14, y: ry + 62, class: "lbl small", "data-bonus": String(f.bonus), ...fit(bonusText(f, t), RW - 28) }, bonusText(f, t)));
    // claimed tiles (clickable to discard to a trap), then the sarcophagus tiles
    let k = 0;
    const place = () => { const x = RX + 14 + (k % perRow) * (ct + 4); const y = ry + 56 + top + Math.floor(k / perRow) * (ct + 6); k += 1; return [x, y]; };
    if (!items) panel.append(s("text", { x: RX + 14, y: ry + 82, class: "lbl small" }, t("sarcophagus.claimed.none")));
    for (const tile of claimed.slice().sort((a, b) => tileOrder(a) - tileOrder(b))) {
      const [x, y] = place();
      const can = p === me && discardTiles.includes(tile) && !revealing;
      const move = can ? `discard ${tile}` : null;
      const g = s("g", { class: "claimed" + (can ? " clickable" : ""), "data-move": move, onclick: can ? () => send(move) : null },
        tileFace(tile, x, y, ct, t, { class: "tile up" + (justShown && justShown.seat === p && justShown.tile === tile ? " flip" : "") }),
        s("rect", { x, y, width: ct, height: ct, rx: 3, fill: "none", stroke: "none", class: "hl" }));
      panel.append(g);
    }
    lots.forEach((lot, j) => {
      // once revealed (and its turn in the reveal come), the tile is held face up or discarded
      if (lot.tile && !hiddenTiles.has(lot.tile)) return;
      const [x, y] = place();
      const g = s("g", { class: "lot", "data-lot": String(j) });
      g.append(tileFace(null, x, y, ct, t));
      g.append(s("text", { x: x + ct / 2, y: y + ct - 3, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }, "⚱"));
      const tip = [t("sarcophagus.lot", { n: lot.coins })];
      if (lot.values) tip.push(t("sarcophagus.lot.values", { values: lot.values.join(" ") || "—" }));
      lot.values ? lot.values.forEach((v, c) => g.append(coin(p, v, x + 8 + c * 10, y + 8, 6, t)))
        : Array.from({ length: lot.coins }, (_, c) => g.append(coin(p, null, x + 8 + c * 10, y + 8, 6, t)));
      g.append(title(tip.join(" · ")));
      panel.append(g);
    });
    col.append(panel);
    ry += ph + 8;
  }
  // last tie, under the seats
  if (obs.ties && obs.ties.length) {
    const tie = obs.ties[obs.ties.length - 1];
    const coins = tie.coins.map(([o, v]) => `${nameOf(view, o, t)} ${v}`).join(", ");
    const g = s("g", { id: "sarc-tie" },
      s("text", { x: RX + 6, y: ry + 14, class: "lbl small", style: "fill:#e9dcc0" }, t("sarcophagus.lasttie", { pos: tie.pos, tile: tileLabel(tie.tile, t) })),
      s("text", { x: RX + 6, y: ry + 30, class: "lbl small", style: "fill:#e9dcc0",
        ...fit(t("sarcophagus.lasttie.coins", { coins }), RW - 12) }, t("sarcophagus.lasttie.coins", { coins })));
    col.append(g);
    ry += 16;
    ry += 24;
  }
  svg.append(col);
  if (compact) {
    col.setAttribute("transform", `translate(${8 - RX}, ${pyramidH + 4})`);
    svg.setAttribute("viewBox", `0 0 ${RX} ${pyramidH + ry + 8}`);
  } else {
    svg.setAttribute("viewBox", `0 0 ${W} ${Math.max(pyramidH, ry + 4)}`);
  }

  // keyboard: every clickable thing is a focusable button (Enter or Space clicks it)
  keyboardClickable(svg);
  board.replaceChildren(svg);
}
