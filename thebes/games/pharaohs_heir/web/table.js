// Pharaoh's Heir's table (shared/spec/pharaohs-heir.md), drawn from one seat's
// observation only. The entry module of its folder, with the interface every table has
// (thebes/web/tables.js): describeEvent, narrate, render, OPTION_CHOICES.
//
// Everything clickable is derived from view.legal (notation strings), indexed in a
// Set once per view. Big decisions (place, pay, offer, reap, starve, protect) are
// composed with steppers on the player's own mat; a build is composed by picking a
// canal, a coin and a site; the client then writes the one notation string and
// sends it only if it is in the legal Set. Hooks for people and tests:
//   data-move="..."   sends that move at once (action markers, face-up tiles, buttons)
//   data-add="POS"    adds one (token, grain, tile) to the composed move; data-sub removes one
//   data-pick="canal:v0" | "coin:3" | "site:c1" | "site:nile"   build choices
//   #ph-confirm       sends the composed move (data-move set only when it is legal)
//
// Its modules: strings.js (English and French, its title and options too), words.js
// (names of things, the log in words), moves.js (composed moves' notation), style.js
// (CSS), log.js (the fold behind the log's words).
import "./strings.js";
import { has } from "../../i18n.js";
import { ensureStyle } from "./style.js";
import { BUILDING, composeBuild, composeSplit, parseBuild, parseSplit } from "./moves.js";
import { ACTIONS, describeEvent, nameOf, nileWords, posWords, tileWords } from "./words.js";

export { describeEvent, narrate } from "./words.js";

// Options the create form offers as a choice among their legal values (shared/spec/pharaohs-heir.md, Options).
export const OPTION_CHOICES = { piecepacks: [2, 1] };

const COLUMNS = ["village", "temple", "crop"];
const AREAS = ["harvest", "gods", "land", "people", "buildings"];
const SPLITS = ["place", "pay", "offer", "reap", "starve", "protect"];
const SEAT_COLORS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e"];

const LOGS = {}; // game id -> Map(index -> log line), to know who took which marker

// Who chose which action this year: the last k action choices before this position (k = 5 -
// actions left), read from the log lines seen so far for this game. Lines are facts at fixed
// indices, so a replay stepping back reads the same lines; when a line in between is missing
// the names are left out rather than guessed.
function markersTaken(view, obs) {
  const map = LOGS[view.id] || (LOGS[view.id] = new Map());
  for (const line of view.log || []) map.set(line.index, line);
  if (obs.to_move === null || obs.to_move === undefined) return [];
  const k = 5 - (obs.actions_left || []).length;
  if (k <= 0) return [];
  const upto = typeof view.version === "number" ? view.version : (typeof view.index === "number" ? view.index : null);
  if (upto === null) return [];
  const out = [];
  for (let i = upto - 1; i >= 0 && out.length < k; i--) {
    const line = map.get(i);
    if (!line) return [];
    if (line.seat && ACTIONS.includes(line.event)) out.unshift({ action: line.event, seat: line.seat - 1 });
  }
  return out.length === k ? out : [];
}

function keyboard(root) {
  for (const el of root.querySelectorAll(".ph-click")) {
    if (el.tagName === "BUTTON") continue;
    if (el.querySelector("button")) {
      // a button may not hold buttons (screen readers lose them): its own click gets a
      // button of its own, unless its "+" already does the same
      if (el.dataset.add && el.querySelector(`button[data-add="${el.dataset.add}"]`)) continue;
      const own = document.createElement("button");
      own.type = "button";
      own.className = "ph-pick ph-own";
      own.textContent = "✓";
      own.setAttribute("aria-label", el.getAttribute("title") || el.textContent.trim().slice(0, 60));
      own.addEventListener("click", (e) => { e.stopPropagation(); el.click(); });
      el.prepend(own);
      continue;
    }
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); el.click(); }
    });
  }
}

// ------------------------------------------------------------------ render
let helpOpen = false;
const seenCycle = {}; // game id -> cycle when last drawn, to say when cycle 1 is scored

export function render(ctx) {
  const { view, board, hint, actions, below, send, t, ui, redraw, h } = ctx;
  ensureStyle();
  const obs = view.observation;
  const names = view.names || [];
  const n = obs.players;
  const me = view.seat ? view.seat - 1 : null;
  const nm = (p) => nameOf(names, p, t);

  // the legal moves, indexed once per view
  if (!ui.legal) {
    ui.legal = new Set(view.legal || []);
    ui.head = view.legal && view.legal.length ? view.legal[0].split(" ")[0] : null;
    if (ui.head === "pass") ui.head = view.legal.find((m) => m !== "pass") ? "build" : "pass";
    ui.splits = SPLITS.includes(ui.head) ? view.legal.filter((m) => m.split(" ")[0] === ui.head).map(parseSplit) : null;
    ui.builds = view.legal ? view.legal.filter((m) => m.startsWith("build")).map(parseBuild) : [];
    ui.sel = {};
    ui.b = { canal: null, x: null, site: null };
    if (ui.splits && ui.splits.length === 1) ui.sel = { ...ui.splits[0] };
  }
  const legal = ui.legal;
  const head = ui.head;
  const splitMode = ui.splits ? head : null;
  const total = ui.splits && ui.splits.length && head !== "reap"
    ? Object.values(ui.splits[0]).reduce((a, b) => a + b, 0) : null;
  const chosenSum = Object.values(ui.sel).reduce((a, b) => a + b, 0);

  // a split: can one more go on `key` and still be completed to a legal move?
  const canAdd = (key) => splitMode && ui.splits.some((m) => (m[key] || 0) >= (ui.sel[key] || 0) + 1
    && Object.entries(ui.sel).every(([k, v]) => (m[k] || 0) >= v));
  const add = (key) => { ui.sel[key] = (ui.sel[key] || 0) + 1; redraw(); };
  const sub = (key) => { ui.sel[key] = Math.max(0, (ui.sel[key] || 0) - 1); if (!ui.sel[key]) delete ui.sel[key]; redraw(); };
  const stepper = (key) => {
    const k = ui.sel[key] || 0;
    const plus = canAdd(key);
    if (!plus && !k) return null;
    // a screen reader names what the button changes and how many it holds now
    const where = key === "grain" ? t("pharaohs_heir.step.grain") : posWords(key, t);
    return h("span", { class: "ph-step", onclick: (e) => e.stopPropagation() },
      h("button", { type: "button", "data-sub": key, disabled: !k, onclick: () => sub(key), "aria-label": t("pharaohs_heir.step.sub", { where, n: k }) }, "−"),
      h("span", { class: "ph-n" }, String(k)),
      h("button", { type: "button", "data-add": key, disabled: !plus, onclick: () => add(key), "aria-label": t("pharaohs_heir.step.add", { where, n: k }) }, "+"));
  };

  // a build: the choices still compatible with what is picked
  const bMatch = (m, skip) => ["canal", "x", "site"].every((f) => f === skip || ui.b[f] === null || m[f] === ui.b[f]);
  const building = head === "build";
  const canPick = (field, value) => building && ui.builds.some((m) => m[field] === value && bMatch(m, field));
  const pick = (field, value) => { ui.b[field] = ui.b[field] === value ? null : value; redraw(); };

  const root = h("div", { class: "ph", "data-cycle": String(obs.cycle), "data-turn": String(obs.turn), "data-phase": obs.phase });

  // ---- the Nile, the markers, the land stacks
  const nile = obs.nile || {};
  const tileClass = nile.tile === "flood" || nile.tile === "drought" ? nile.tile : nile.tile ? "" : "none";
  const nileBox = h("div", { class: "ph-box", id: "ph-nile" },
    h("h3", null, obs.phase === "unrest" ? t("pharaohs_heir.unrest") : t("pharaohs_heir.cycle", { cycle: obs.cycle, turn: Math.min(obs.turn, 6) })),
    h("div", { class: "ph-nile" },
      h("div", { class: `ph-niletile ${tileClass}`, title: t("pharaohs_heir.nile") }, nile.tile ? nileWords(nile.tile, t) : t("pharaohs_heir.nile.none")),
      h("div", null,
        h("div", null, h("strong", null, t("pharaohs_heir.nile"))),
        nile.last_numbered && (nile.tile === "flood" || nile.tile === "drought") ? h("div", { class: "ph-small" }, t("pharaohs_heir.nile.last", { n: nile.last_numbered })) : null,
        h("div", { class: "ph-small" }, t("pharaohs_heir.nile.revealed", { list: (nile.revealed || []).map((x) => nileWords(x, t)).join(" ") || "–" })),
        h("div", { class: "ph-small" }, t("pharaohs_heir.nile.facedown", { n: (nile.face_down || []).join(" + ") || "0" })))),
    nile.tile === "flood" || nile.tile === "drought" ? h("div", { class: "ph-small" }, t(`pharaohs_heir.nile.${nile.tile}.effect`)) : null,
    nile.peeked && (obs.seat === null || obs.seat === undefined) && nile.peeked_by !== null && nile.peeked_by !== undefined
      ? h("div", { class: "ph-peek" }, t("pharaohs_heir.nile.peekedwhat", { name: nm(nile.peeked_by), tile: nileWords(nile.peeked, t) }))
      : nile.peeked ? h("div", { class: "ph-peek", id: "ph-peeked" }, t("pharaohs_heir.nile.peeked", { tile: nileWords(nile.peeked, t) }))
      : nile.peeked_by !== null && nile.peeked_by !== undefined ? h("div", { class: "ph-small" }, t("pharaohs_heir.nile.peekedby", { name: nm(nile.peeked_by) })) : null);

  const taken = markersTaken(view, obs);
  const markers = h("div", { class: "ph-markers" }, ACTIONS.map((a) => {
    const tk = taken.find((x) => x.action === a);
    const now = obs.action === a;
    const clickable = legal.has(a);
    let status;
    if (now) status = t("pharaohs_heir.action.now", { name: tk ? nm(tk.seat) : nm(obs.overseer) });
    else if (tk) status = t("pharaohs_heir.action.by", { name: nm(tk.seat) });
    else if (obs.actions_left && obs.actions_left.includes(a)) status = t("pharaohs_heir.action.open");
    else status = t("pharaohs_heir.action.done");
    return h("div", { class: "ph-marker" + (tk || (!obs.actions_left || !obs.actions_left.includes(a)) ? " taken" : "") + (now ? " now" : "") + (clickable ? " ph-click" : ""),
      "data-action": a, "data-move": clickable ? a : null, title: `${t(`pharaohs_heir.what.${a}`)} ${t(`pharaohs_heir.perk.${a}`)}`, onclick: clickable ? () => send(a) : null },
    h("strong", null, t(`pharaohs_heir.action.${a}`)),
    clickable ? h("span", { class: "ph-small ph-perk" }, t(`pharaohs_heir.perk.${a}`)) : null,
    h("span", { class: "ph-small" }, tk ? h("span", { style: `color:${SEAT_COLORS[tk.seat % 4]}`, "aria-hidden": "true" }, "● ") : null, status));
  }));
  const who = [];
  if (obs.overseer !== null && obs.overseer !== undefined) who.push(h("span", { class: "ph-small" }, t("pharaohs_heir.overseer", { name: nm(obs.overseer) }), " · "));
  if (obs.blessing !== null && obs.blessing !== undefined) who.push(h("span", { class: "ph-small" }, t("pharaohs_heir.blessing", { name: nm(obs.blessing) })));
  if (obs.due !== null && obs.due !== undefined) who.push(h("span", { class: "ph-small" }, " · ", h("strong", null, t("pharaohs_heir.due", { n: obs.due }))));
  const markerBox = h("div", { class: "ph-box", id: "ph-markers" }, h("h3", null, t("pharaohs_heir.actions")), markers, h("div", { style: "margin-top:6px" }, who));

  // land stacks: a face-up tile is clickable when some `take` of it is legal
  const takes = [...legal].filter((m) => m.startsWith("take "));
  const land = obs.land || { stacks: [] };
  const stackEls = (land.stacks || []).map((st, i) => {
    if (!st.face_up) {
      return h("div", { class: "ph-land empty", "data-stack": String(i + 1) }, h("b", null, "–"),
        st.face_down ? [t("pharaohs_heir.stack.taken"), h("br"), t("pharaohs_heir.stack.down", { n: st.face_down })] : t("pharaohs_heir.stack.empty"));
    }
    const m = /^(village|temple|crop)(\d)$/.exec(st.face_up);
    const mine = takes.filter((x) => x.split(" ")[1] === st.face_up);
    const direct = mine.length === 1 ? mine[0] : null;
    const onclick = mine.length ? () => { if (direct) send(direct); else { ui.take = ui.take === st.face_up ? null : st.face_up; redraw(); } } : null;
    return h("div", { class: `ph-land ${m ? m[1] : ""}` + (mine.length ? " ph-click" : "") + (ui.take === st.face_up ? " sel" : ""),
      "data-stack": String(i + 1), "data-tile": st.face_up, "data-move": direct, "data-take": mine.length > 1 ? st.face_up : null, onclick },
    m ? t(`pharaohs_heir.type.${m[1]}`) : st.face_up, h("b", null, m ? m[2] : ""), h("span", { class: "ph-small" }, t("pharaohs_heir.stack.down", { n: st.face_down })));
  });
  const stackBox = h("div", { class: "ph-box", id: "ph-stacks" }, h("h3", null, t("pharaohs_heir.stacks")),
    h("div", { class: "ph-stacks" }, stackEls),
    land.later_face_down ? h("div", { class: "ph-small" }, t("pharaohs_heir.later", { n: land.later_face_down })) : null,
    land.set_aside ? h("div", { class: "ph-small" }, t("pharaohs_heir.setaside", { n: land.set_aside })) : null);
  root.append(h("div", { class: "ph-top" }, nileBox, stackBox, markerBox));

  // ---- the mats: mine first, then the others in seat order after me
  const order = [];
  for (let i = 0; i < n; i++) order.push(((me === null ? 0 : me) + i) % n);
  const mats = h("div", { class: "ph-mats" });
  for (const p of order) {
    const mat = obs.mats[p];
    const mineMat = p === me;
    const active = obs.to_move === p;
    const headEl = h("div", { class: "ph-mathead" },
      h("span", { class: "ph-seatdot", style: `background:${SEAT_COLORS[p % 4]}` }),
      h("strong", null, nm(p) + (mineMat ? ` (${t("pharaohs_heir.you")})` : "")),
      obs.blessing === p ? h("span", { class: "ph-badge bless" }, t("pharaohs_heir.badge.blessing")) : null,
      obs.overseer === p ? h("span", { class: "ph-badge" }, t("pharaohs_heir.badge.overseer")) : null,
      active ? h("span", { class: "ph-badge move" }, t("pharaohs_heir.tomove")) : null);
    const grid = h("div", { class: "ph-grid" });
    // the Nile space: floodwalls (and the floodwall site of a build)
    const wallSite = mineMat && canPick("site", "nile");
    grid.append(h("div", { class: "ph-nilespace" + (wallSite ? " ph-click" : "") + (mineMat && ui.b.site === "nile" ? " sel" : ""),
      "data-pick": wallSite ? "site:nile" : null, onclick: wallSite ? () => pick("site", "nile") : null },
    h("strong", null, t("pharaohs_heir.nilespace")),
    mat.floodwalls.length ? mat.floodwalls.map((v) => h("span", { class: "ph-coin wall", title: t("pharaohs_heir.bld.floodwall") }, String(v)))
      : h("span", { class: "ph-small" }, t("pharaohs_heir.floodwalls.none")),
    mineMat && ui.b.site === "nile" && ui.b.x ? h("span", { class: "ph-coin wall sel" }, `+${ui.b.x}`) : null));
    for (const c of COLUMNS) {
      const into = mineMat && ui.take && legal.has(`take ${ui.take} ${c}`) ? `take ${ui.take} ${c}` : null;
      grid.append(h("div", { class: `ph-colhead ${c}` + (into ? " ph-click" : ""), "data-move": into, onclick: into ? () => send(into) : null,
        title: into ? t("pharaohs_heir.intocol", { col: t(`pharaohs_heir.type.${c}`) }) : null }, t(`pharaohs_heir.col.${c}`)));
    }
    const rows = Math.max(...COLUMNS.map((c) => mat.columns[c].length));
    for (let r = 0; r < rows; r++) {
      for (const c of COLUMNS) {
        const tl = mat.columns[c][r];
        if (!tl) { grid.append(h("div", { class: "ph-cell empty" })); continue; }
        const pos = tl.pos;
        const type = /^(village|temple|crop)/.exec(tl.tile);
        const addable = mineMat && canAdd(pos);
        const siteOk = mineMat && canPick("site", pos);
        const canalOk = mineMat && canPick("canal", pos);
        let onclick = null;
        let dataAdd = null;
        let dataPick = null;
        if (addable) { onclick = () => add(pos); dataAdd = pos; } else if (siteOk) { onclick = () => pick("site", pos); dataPick = `site:${pos}`; }
        const cell = h("div", {
          class: `ph-cell ${c}` + (r === 0 ? " zero" : "") + (tl.canal ? " canal" : "") + (onclick ? " ph-click" : "")
            + (mineMat && (ui.b.site === pos) ? " sel" : ""),
          "data-pos": pos, "data-seat": String(p + 1), "data-add": dataAdd, "data-pick": dataPick, onclick,
          title: `${posWords(pos, t)}${tl.canal ? " · " + t("pharaohs_heir.canal") : ""}`,
          // a clickable tile says to a screen reader what a click does there
          "aria-label": dataAdd ? t(`pharaohs_heir.cell.${splitMode}${tl.tokens === 1 && has(`pharaohs_heir.cell.${splitMode}.one`) ? ".one" : ""}`, { where: posWords(pos, t), n: tl.tokens })
            : dataPick ? t("pharaohs_heir.cell.site", { where: posWords(pos, t) }) : null,
        },
        h("span", { class: "ph-pos" }, pos),
        r === 0 ? h("span", { class: "ph-small" }, t("pharaohs_heir.zero"))
          : h("span", null, h("span", { class: "ph-val" }, String(tl.value)), " ", h("span", { class: "ph-small" }, type && type[1] !== c ? t(`pharaohs_heir.type.${type[1]}`) : "")),
        h("span", { class: "ph-tok" + (tl.tokens ? "" : " none") }, "● " + tl.tokens),
        tl.canal ? h("span", { class: "ph-canalmark" }, "≈ " + t("pharaohs_heir.canal")) : null,
        tl.building ? h("span", { class: "ph-bld" }, h("span", { class: "ph-coin" }, String(tl.building)), " ", t(`pharaohs_heir.bld.${BUILDING[c]}`)) : null,
        mineMat && ui.b.site === pos && ui.b.x ? h("span", { class: "ph-bld" }, h("span", { class: "ph-coin sel" }, `+${ui.b.x}`), " ", t(`pharaohs_heir.bld.${BUILDING[c]}`)) : null,
        mineMat && splitMode ? stepper(pos) : null,
        canalOk || (mineMat && ui.b.canal === pos) ? h("button", { type: "button", class: "ph-pick" + (ui.b.canal === pos ? " on" : ""), "data-pick": `canal:${pos}`,
          onclick: (e) => { e.stopPropagation(); pick("canal", pos); } }, "≈ " + t("pharaohs_heir.canal")) : null);
        grid.append(cell);
      }
    }
    // grain and coins
    const grainStep = mineMat && splitMode === "offer" ? stepper("grain") : null;
    const coins = [];
    const seen = new Set();
    for (const v of mat.reserve) {
      const first = !seen.has(v);
      seen.add(v);
      const ok = mineMat && first && canPick("x", v);
      coins.push(h("span", { class: "ph-coin" + (ok ? " ph-click" : "") + (mineMat && first && ui.b.x === v ? " sel" : ""),
        "data-pick": ok ? `coin:${v}` : null, onclick: ok ? () => pick("x", v) : null,
        "aria-label": ok ? t("pharaohs_heir.coin.pick", { x: v }) : null, "aria-pressed": ok ? String(ui.b.x === v) : null }, String(v)));
    }
    const res = h("div", { class: "ph-res" },
      h("strong", { "data-grain": String(p + 1) }, t("pharaohs_heir.grain", { n: mat.grain })), grainStep,
      h("span", null, " · " + t("pharaohs_heir.coins") + ":"), coins,
      mat.out_of_play.length ? h("span", { class: "ph-small" }, " · " + t("pharaohs_heir.gone") + ":") : null,
      mat.out_of_play.map((v) => h("span", { class: "ph-coin gone" }, String(v))));
    const areas = h("div", { class: "ph-areas" }, AREAS.map((a) => `${t(`pharaohs_heir.area.${a}`)} ${mat.areas[a]}`).join(" · "));
    mats.append(h("div", { class: "ph-mat" + (mineMat ? " mine" : "") + (active ? " active" : ""), "data-seat": String(p + 1) }, headEl, grid, res, areas));
  }
  root.append(mats);
  keyboard(root);
  board.replaceChildren(root);

  // ---- hint and buttons
  const btns = [];
  let text;
  const result = view.result;
  const finished = view.status === "finished" || obs.phase === "end";
  if (finished) {
    const scores = (result && result.scores) || obs.scores;
    const first = result && result.ranking && result.ranking.length ? result.ranking[0] - 1 : null;
    text = first !== null ? t("pharaohs_heir.winner", { name: nm(first), vp: scores[first] }) : t("pharaohs_heir.over");
  } else if (!legal.size) {
    text = typeof view.to_move === "number" ? t("pharaohs_heir.hint.wait", { name: nm(view.to_move - 1) }) : t("game.waitingchance");
  } else if (splitMode) {
    const key = splitMode === "place" && obs.phase === "unrest" ? "pharaohs_heir.hint.place.zero" : `pharaohs_heir.hint.${splitMode}`;
    // one token: the singular sentence where there is one ("1 tokens" otherwise)
    text = total === 0 ? t("pharaohs_heir.hint.nothing") : t(total === 1 && has(`${key}.one`) ? `${key}.one` : key, { total });
    const move = composeSplit(splitMode, ui.sel);
    const ok = legal.has(move);
    btns.push(h("span", { class: "muted", id: "ph-chosen", "data-chosen": String(chosenSum) }, total !== null ? t("pharaohs_heir.chosen", { n: chosenSum, total }) : t("pharaohs_heir.chosen.any", { n: chosenSum })));
    btns.push(h("button", { class: "btn primary", id: "ph-confirm", "data-move": ok ? move : null, title: ok ? move : null, disabled: !ok, onclick: () => { if (ok) send(move); } },
      t("pharaohs_heir.confirm") + (ok ? ` · ${describeEvent({ seat: me + 1, event: move }, names, t)}` : "")));
    if (chosenSum) btns.push(h("button", { class: "btn", id: "ph-clear", onclick: () => { ui.sel = {}; redraw(); } }, t("pharaohs_heir.clear")));
  } else if (building) {
    text = t("pharaohs_heir.hint.build");
    const move = composeBuild(ui.b);
    const ok = move !== "build" && legal.has(move);
    btns.push(h("button", { class: "btn primary", id: "ph-confirm", "data-move": ok ? move : null, title: ok ? move : null, disabled: !ok, onclick: () => { if (ok) send(move); } },
      t("pharaohs_heir.confirm") + (ok ? ` · ${describeEvent({ seat: me + 1, event: move }, names, t)}` : "")));
    if (ui.b.canal || ui.b.x || ui.b.site) btns.push(h("button", { class: "btn", id: "ph-clear", onclick: () => { ui.b = { canal: null, x: null, site: null }; redraw(); } }, t("pharaohs_heir.clear")));
    if (legal.has("pass")) btns.push(h("button", { class: "btn", id: "ph-pass", "data-move": "pass", onclick: () => send("pass") }, t("pharaohs_heir.pass")));
  } else if (head === "pass") {
    text = t("pharaohs_heir.hint.build");
    btns.push(h("button", { class: "btn primary", id: "ph-pass", "data-move": "pass", onclick: () => send("pass") }, t("pharaohs_heir.pass")));
  } else if (ACTIONS.includes(head)) {
    text = t("pharaohs_heir.hint.choose");
  } else if (head === "take") {
    const overseer = obs.overseer === me;
    text = ui.take ? t("pharaohs_heir.hint.take.col", { tile: tileWords(ui.take, t) }) : t(overseer ? "pharaohs_heir.hint.take.overseer" : "pharaohs_heir.hint.take");
    if (ui.take) {
      for (const c of COLUMNS) {
        const m = `take ${ui.take} ${c}`;
        if (legal.has(m)) btns.push(h("button", { class: "btn primary", "data-move": m, onclick: () => send(m) }, t("pharaohs_heir.intocol", { col: t(`pharaohs_heir.type.${c}`) })));
      }
    }
  } else if (head === "bonus" || head === "peek") {
    text = t("pharaohs_heir.hint.bonus");
    for (const m of ["bonus", "peek"]) if (legal.has(m)) btns.push(h("button", { class: "btn primary", "data-move": m, onclick: () => send(m) }, t(`pharaohs_heir.${m}`)));
  } else {
    text = t("pharaohs_heir.hint.other");
    for (const m of [...legal].slice(0, 24)) btns.push(h("button", { class: "btn move", "data-move": m, onclick: () => send(m) }, m));
  }
  hint.replaceChildren(h("span", { class: legal.size ? "your-turn" : "" }, legal.size ? t("game.yourturn") + " " : ""), text);
  hint.className = "hint" + (legal.size ? " mine" : "");
  actions.replaceChildren(...btns);

  // ---- below: ranking, sacrifice track, score sheet, help
  const parts = [];
  if (finished && result && result.ranking) {
    parts.push(h("section", { class: "card ranking", id: "ph-ranking" }, h("h2", null, t("pharaohs_heir.ranking")),
      h("ol", null, result.ranking.map((s, i) => h("li", { class: i === 0 ? "winner" : "" },
        t("pharaohs_heir.ranking.line", { place: i + 1, name: nm(s - 1), vp: result.scores[s - 1] }))))));
  }
  const seatHeads = h("tr", null, h("th", null, ""), obs.mats.map((_, p) => h("th", null, nm(p))));
  const track = h("table", { id: "ph-track" },
    h("thead", null, h("tr", null, h("th", null, ""), [1, 2, 3, 4, 5, 6].map((y) => h("th", null, String(y))), h("th", null, t("pharaohs_heir.total")))),
    h("tbody", null, obs.track.flatMap((entries, p) => [1, 2].filter((c) => c <= obs.cycle).map((c) => {
      const row = entries.slice((c - 1) * 6, c * 6);
      return h("tr", null, h("th", null, `${nm(p)} · ${t("pharaohs_heir.track.cycle", { cycle: c })}`),
        row.map((v, i) => {
          const past = c < obs.cycle || i + 1 < obs.turn || (i + 1 === obs.turn && v) || finished;
          return h("td", { class: c === obs.cycle && i + 1 === obs.turn && !finished ? "cur" : "" }, past ? String(v) : "·");
        }),
        h("td", null, String(row.reduce((a, b) => a + b, 0))));
    }))));
  const vp = obs.vp;
  const sheet = h("table", { id: "ph-sheet" },
    h("thead", null, seatHeads),
    h("tbody", null,
      AREAS.map((a, ai) => h("tr", null, h("th", null, t(`pharaohs_heir.area.${a}`)), obs.mats.map((_, p) => h("td", null, `${vp[0][p][ai]} / ${vp[1][p][ai]}`)))),
      h("tr", null, h("th", null, t("pharaohs_heir.subtotal")), obs.mats.map((_, p) => h("td", null, `${vp[0][p].reduce((x, y) => x + y, 0)} / ${vp[1][p].reduce((x, y) => x + y, 0)}`))),
      h("tr", { class: "total" }, h("th", null, t("pharaohs_heir.total")), obs.mats.map((_, p) => h("td", null, String(obs.scores[p]))))));
  const now = h("table", { id: "ph-now" },
    h("thead", null, h("tr", null, h("th", null, ""), obs.mats.map((_, p) => h("th", null, nm(p))))),
    h("tbody", null, AREAS.map((a) => h("tr", null, h("th", null, t(`pharaohs_heir.area.${a}`)), obs.mats.map((m) => h("td", null, String(m.areas[a])))))));
  parts.push(h("section", { class: "card ph-tables" },
    h("div", null, h("h2", null, t("pharaohs_heir.sheet")), sheet),
    h("div", null, h("h2", null, t("pharaohs_heir.track")), track),
    finished ? null : h("div", null, h("h2", null, t("pharaohs_heir.now")), now)));
  parts.push(h("details", { class: "card help", id: "ph-help", open: helpOpen ? true : null, ontoggle: (e) => { helpOpen = e.target.open; } },
    h("summary", null, t("pharaohs_heir.help.title")),
    h("ul", null, ["goal", "year", "columns", "buildings"].map((k) => h("li", null, t(`pharaohs_heir.help.${k}`))))));
  below.replaceChildren(...parts);

  if (view.id in seenCycle && obs.cycle > seenCycle[view.id] && ctx.notify) ctx.notify(t("pharaohs_heir.scored"));
  seenCycle[view.id] = obs.cycle;
}
