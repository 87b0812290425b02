// The table bar of a game page (issue 14): each seat with its name, whether its holder is
// connected, its clock and whether its stand-in plays it; the "Waiting for Bob (2:41 left)"
// line; "I'm back", "Rename", the votes of games without clock, "Play again". Also the clock
// settings of the create form. The server keeps the clock (docs/web-api.md, "Tables"):
// a view carries the seconds left when it was made; this module only counts down from there.
import { h } from "./dom.js";
import { api } from "./net.js";

// server time - this browser's time (seconds), measured once per page (GET /api/time)
let offset = 0;
export async function syncTime() {
  try {
    const t0 = Date.now();
    const res = await api("/api/time");
    offset = res.now - (t0 + Date.now()) / 2000;
  } catch (_) { /* keep the browser's own time */ }
}
function serverNow() { return Date.now() / 1000 + offset; }

// "2:41", "1:05:00", "3 d"
export function formatLeft(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 2 * 86400) return `${Math.floor(s / 86400)} d`;
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

// ------------------------------------------------------------------ create form
export function defaultTable() {
  return { mode: "none", per_move: 60, bank: 600, increment: 10, standin: "easy", absent_after: 3, rated_with_bots: false, takebacks: false, spectators_chat: false };
}

// What the create form sends as "table" (only the fields of the chosen mode).
export function tableBody(table) {
  const out = { mode: table.mode, standin: table.standin, absent_after: table.absent_after, rated_with_bots: table.rated_with_bots,
    takebacks: !!table.takebacks, spectators_chat: !!table.spectators_chat };
  if (table.mode === "move") out.per_move = table.per_move;
  if (table.mode === "bank") { out.bank = table.bank; out.increment = table.increment; }
  return out;
}

export function clockFields(table, bots, t, redraw) {
  const num = (key, label, id, min, max) => h("label", { class: "option" }, label + " ",
    h("input", { type: "number", id, min: String(min), max: String(max), step: "1", value: String(table[key]),
      onchange: (e) => { table[key] = Number(e.target.value); } }));
  const levels = bots.filter((b) => ["easy", "medium", "hard"].includes(b));
  return h("fieldset", { class: "options table-options" },
    h("legend", null, t("table.clock")),
    h("label", { class: "option" }, t("table.clock.mode") + " ",
      h("select", { id: "create-clock", onchange: (e) => { table.mode = e.target.value; redraw(); } },
        ["none", "move", "bank"].map((m) => h("option", { value: m, selected: table.mode === m }, t(`table.mode.${m}`))))),
    table.mode === "move" ? num("per_move", t("table.per_move"), "create-per-move", 10, 604800) : null,
    table.mode === "bank" ? [num("bank", t("table.bank"), "create-bank", 30, 2592000),
      num("increment", t("table.increment"), "create-increment", 0, 86400)] : null,
    table.mode !== "none" ? [
      levels.length ? h("label", { class: "option" }, t("table.standin") + " ",
        h("select", { id: "create-standin", onchange: (e) => { table.standin = e.target.value; } },
          levels.map((b) => h("option", { value: b, selected: table.standin === b }, t(`bot.${b}`))))) : null,
      num("absent_after", t("table.absent_after"), "create-absent-after", 1, 20)] : null,
    h("label", { class: "option" },
      h("input", { type: "checkbox", id: "create-rated-bots", checked: table.rated_with_bots,
        onchange: (e) => { table.rated_with_bots = e.target.checked; } }), " ", t("table.rated_with_bots")),
    // issue 31: take-backs in a rated game, and spectators writing in the table chat
    h("label", { class: "option" },
      h("input", { type: "checkbox", id: "create-takebacks", checked: !!table.takebacks,
        onchange: (e) => { table.takebacks = e.target.checked; } }), " ", t("table.takebacks")),
    h("label", { class: "option" },
      h("input", { type: "checkbox", id: "create-spectators-chat", checked: !!table.spectators_chat,
        onchange: (e) => { table.spectators_chat = e.target.checked; } }), " ", t("table.spectators_chat")));
}

// ------------------------------------------------------------------ game page
let stamp = { since: 0, left: null, running: null };
let ticker = null;

// seconds left to the running seat now: its time at the start of its turn less the time since
function leftNow() {
  if (stamp.left === null) return null;
  return stamp.left - (serverNow() - stamp.since);
}

function tick() {
  const left = leftNow();
  if (left === null) return;
  for (const el of document.querySelectorAll(".seat-clock.running, #waiting-left")) el.textContent = formatLeft(left);
}

// The bar above the board. ctx: {view, t, names, act: {back, rename, vote, again, claim},
// hasPlayer, presence: [connected per seat] from the page's polling (GET /api/games/<id>)}.
export function renderTableBar(el, ctx) {
  const { view: v, t, names, act } = ctx;
  const table = v.table || {};
  const clock = table.clock || null;
  const seats = v.seats || [];
  const running = clock && clock.running ? clock.running : null;
  stamp = { since: running ? clock.since : 0, left: running ? clock.left[running - 1] : null, running };
  if (!ticker) ticker = setInterval(tick, 1000);
  const name = (seat) => names[seat - 1] || t("game.seatname", { seat });
  const here = (s) => (s.kind === "bot" ? true : ctx.presence ? !!ctx.presence[s.seat - 1] : !!s.connected);

  const chips = seats.map((s) => {
    const left = clock && clock.left && clock.left[s.seat - 1];
    const on = here(s);
    return h("li", {
      class: `seat-chip${v.to_move === s.seat ? " to-move" : ""}${v.seat === s.seat ? " me" : ""}`,
      "data-seat": String(s.seat), "data-connected": String(on), "data-absent": String(!!s.absent),
    },
    s.kind === "bot" ? h("span", { class: "presence bot", "aria-hidden": "true" }, "⚙")
      : h("span", { class: `presence ${on ? "on" : "off"}`, role: "img", "aria-label": t(on ? "table.connected" : "table.away") }, "●"),
    h("span", { class: "seat-name" }, name(s.seat)),
    s.kind === "bot" || left === null || left === undefined || v.status === "finished" ? null
      : h("span", { class: `seat-clock${running === s.seat ? " running" : ""}`, role: "timer", "aria-label": t("table.clock.of", { name: name(s.seat) }) }, formatLeft(running === s.seat ? leftNow() : left)),
    s.resigned ? h("span", { class: "tag absent" }, t("table.resigned.tag"))
      : s.absent ? h("span", { class: "tag absent" }, t("table.absent.tag"))
      : s.timeouts ? h("span", { class: "tag absent", title: t("table.timeouts", { n: s.timeouts }) }, t("table.timeouts", { n: s.timeouts })) : null);
  });

  let line = null;
  if (v.status !== "finished" && typeof v.to_move === "number") {
    const s = seats[v.to_move - 1];
    if (s && s.resigned) line = t("table.standin.resigned", { name: name(v.to_move), bot: t(`bot.${clock ? clock.standin : "easy"}`) });
    else if (s && s.absent) line = t("table.standin.playing", { name: name(v.to_move), bot: t(`bot.${clock ? clock.standin : "easy"}`) });
    else if (v.to_move === v.seat) line = running ? [t("table.yourmove"), " (", h("span", { id: "waiting-left" }, formatLeft(leftNow())), " ", t("table.left"), ")"] : null;
    else if (s && s.kind === "human" && s.claimed !== false) {
      line = [t("table.waitingfor", { name: name(v.to_move) }),
        running ? [" (", h("span", { id: "waiting-left" }, formatLeft(leftNow())), " ", t("table.left"), ")"] : null,
        here(s) ? null : [" · ", t("table.notconnected")]];
    }
  }

  const mine = v.seat ? seats[v.seat - 1] : null;
  const actions = [];
  if (mine && !mine.resigned && (mine.absent || mine.timeouts)) actions.push(h("button", { class: "btn primary", id: "back-button", type: "button", onclick: act.back }, t("table.back")));
  if (mine && mine.kind === "human" && !mine.player && !ctx.hasPlayer) actions.push(h("button", { class: "btn", id: "claim-seat-button", type: "button", onclick: act.claim }, t("table.claim")));
  if (mine && mine.kind === "human" && v.status !== "finished") actions.push(h("button", { class: "btn", id: "rename-button", type: "button", onclick: act.rename }, t("table.rename")));
  if (mine && v.status !== "finished" && clock && clock.mode === "none") {
    for (const s of seats) {
      // offered only when it can succeed: the server says a vote may hand the seat now (vote_in 0)
      if (s.kind === "human" && s.seat !== v.seat && !here(s) && !s.absent && s.claimed && ctx.voteReady && ctx.voteReady[s.seat - 1]) {
        actions.push(h("button", { class: "btn vote", type: "button", "data-seat": String(s.seat), onclick: () => act.vote(s.seat) }, t("table.vote", { name: name(s.seat) })));
      }
    }
  }
  if (mine && mine.kind === "human" && v.status === "finished") {
    actions.push(h("button", { class: "btn primary big", id: "again-button", type: "button", onclick: act.again },
      table.rematch ? t("table.again.join") : t("table.again")));
  }
  el.replaceChildren(...[
    h("ul", { class: "seat-strip", "aria-label": t("table.seats") }, chips),
    line ? h("p", { class: "waiting-line", id: "waiting-line" }, line) : null,
    actions.length ? h("div", { class: "table-actions" }, actions) : null,
    clock && clock.mode !== "none" && v.status !== "finished" ? h("p", { class: "muted clock-rule" }, clock.mode === "move"
      ? t("table.rule.move", { time: formatLeft(clock.per_move), bot: t(`bot.${clock.standin}`), n: clock.absent_after })
      : t("table.rule.bank", { time: formatLeft(clock.bank), inc: clock.increment, bot: t(`bot.${clock.standin}`), n: clock.absent_after })) : null,
  ].filter(Boolean));
}

export function stopTicker() {
  clearInterval(ticker);
  ticker = null;
  stamp = { since: 0, left: null, running: null };
}

// A log line made by a stand-in, said so: [[index, reason]] -> Map(index -> reason).
export function standinIndex(view) {
  return new Map(((view.table && view.table.standins) || []).map(([i, why]) => [i, why]));
}
