// A seat's own actions on the game page (issue 31; docs/web.md): Resign (after a
// confirmation), Take back (against bots at once, with people a request they accept or
// refuse), the opt-in alerts of "your turn" while the tab is hidden (a browser
// notification, a sound), and the log's notes: who resigned, what was taken back.
import { h } from "./dom.js";
import { api } from "./net.js";
import { turnAlerts, setTurnAlerts } from "./mine.js";
import { toast } from "./page.js";

// A turn held this long (seconds) in a game without a clock gets a line saying what the
// others can do (docs/tables.md).
export const LONG_TURN = 15 * 60;

// Resign a seat (game page and My games): asks first; resolves true once done.
export async function resign(gameId, token, t, name) {
  if (!window.confirm(t("resign.confirm", { name: name || "" }))) return false;
  try {
    await api(`/api/games/${encodeURIComponent(gameId)}/resign`, { method: "POST", body: { token } });
    toast(t("resign.done"), "ok");
    return true;
  } catch (err) {
    toast(t("error.generic", { message: err.message }));
    return false;
  }
}

function seatName(v, seat, t) {
  return (v.names && v.names[seat - 1]) || t("game.seat.noname", { seat });
}

// The bar of the seat's own actions; ctx: {view, gameId, token, t, decided: the seat has
// made a decision in the log (Take back is offered only then)}.
export function renderSeatBar(el, { view: v, gameId, token, t, decided = true }) {
  const mine = v.seat && v.seats ? v.seats[v.seat - 1] : null;
  const parts = [];
  const table = v.table || {};
  const request = table.request && table.request.version === v.version ? table.request : null;
  if (request && mine && request.by !== v.seat && !(request.yes || []).includes(v.seat) && !mine.resigned) {
    const answer = (accept) => api(`/api/games/${encodeURIComponent(gameId)}/takeback/answer`, { method: "POST", body: { token, accept } })
      .then((res) => toast(res.done ? t("takeback.done", { n: res.taken }) : res.refused ? t("takeback.refused") : t("takeback.accepted"), "ok"))
      .catch((err) => toast(t("error.generic", { message: err.message })));
    parts.push(h("div", { class: "notice takeback-request", id: "takeback-request", role: "alert" },
      h("p", null, t("takeback.asked", { name: seatName(v, request.by, t), n: v.version - request.to })),
      h("button", { class: "btn primary", id: "takeback-accept", type: "button", onclick: () => answer(true) }, t("takeback.accept")),
      h("button", { class: "btn", id: "takeback-refuse", type: "button", onclick: () => answer(false) }, t("takeback.refuse"))));
  } else if (request && mine && request.by === v.seat) {
    parts.push(h("p", { class: "muted", id: "takeback-waiting", role: "status" }, t("takeback.waiting")));
  }
  const actions = [];
  if (mine && mine.kind === "human" && token && v.status !== "finished" && !mine.resigned) {
    if (decided) actions.push(h("button", { class: "btn", id: "takeback-button", type: "button",
      onclick: () => api(`/api/games/${encodeURIComponent(gameId)}/takeback`, { method: "POST", body: { token } })
        .then((res) => toast(res.done ? t("takeback.done", { n: res.taken }) : t("takeback.sent"), "ok"))
        .catch((err) => toast(t("error.generic", { message: err.message }))) }, t("takeback.button")));
    actions.push(h("button", { class: "btn danger", id: "resign-button", type: "button",
      onclick: () => resign(gameId, token, t, seatName(v, v.seat, t)) }, t("resign.button")));
  }
  // a person who keeps the move for long in a game without a clock: what the others can do
  const waiting = typeof v.to_move === "number" && v.to_move !== v.seat && v.seats && v.seats[v.to_move - 1];
  if (mine && waiting && waiting.kind === "human" && !waiting.absent && v.status === "playing"
      && table.clock && table.clock.mode === "none" && table.turn_since
      && Date.now() / 1000 - table.turn_since > LONG_TURN) {
    parts.push(h("p", { class: "muted", id: "long-turn" }, t("table.longturn", {
      name: seatName(v, v.to_move, t), minutes: Math.floor((Date.now() / 1000 - table.turn_since) / 60) })));
  }
  if (table.clock && table.clock.takebacks && v.status !== "finished") {
    parts.push(h("p", { class: "muted", id: "takebacks-allowed" }, t("takeback.allowed")));
  }
  if (mine && mine.resigned) parts.push(h("p", { class: "muted", id: "resigned-note" }, t("resign.yours")));
  if (mine && mine.kind === "human" && token && v.status !== "finished") {
    const alerts = turnAlerts();
    actions.push(h("label", { class: "check alert-opt" }, h("input", { type: "checkbox", id: "alert-notify", checked: alerts.notify,
      onchange: async (e) => {
        let on = e.target.checked;
        if (on && typeof Notification !== "undefined" && Notification.permission !== "granted") {
          try { on = (await Notification.requestPermission()) === "granted"; } catch (_) { on = false; }
          if (!on) { toast(t("alerts.denied")); e.target.checked = false; }
        }
        setTurnAlerts({ notify: on });
      } }), " ", t("alerts.notify")));
    actions.push(h("label", { class: "check alert-opt" }, h("input", { type: "checkbox", id: "alert-sound", checked: alerts.sound,
      onchange: (e) => setTurnAlerts({ sound: e.target.checked }) }), " ", t("alerts.sound")));
  }
  if (actions.length) parts.push(h("div", { class: "table-actions seat-actions" }, actions));
  el.replaceChildren(...parts);
  el.hidden = !parts.length;
}

// The log's notes: index -> [words] (a note sits before the event of that index).
export function logNotes(v, t) {
  const notes = new Map();
  const add = (i, text) => { if (!notes.has(i)) notes.set(i, []); notes.get(i).push(text); };
  const table = v.table || {};
  for (const [seat, index] of table.resigned || []) add(index, t("log.resigned", { name: seatName(v, seat, t) }));
  for (const [index, n, seat] of table.takebacks || []) add(index, t("log.takeback", { name: seatName(v, seat, t), n }));
  return notes;
}

// Your turn came while the tab is hidden: a notification and/or a sound, as opted into.
let audio = null;
export function turnCame(v, t, title) {
  if (typeof document === "undefined" || !document.hidden) return;
  const alerts = turnAlerts();
  if (alerts.notify && typeof Notification !== "undefined" && Notification.permission === "granted") {
    try {
      const note = new Notification(t("alerts.title", { game: title }), { body: t("alerts.body"), tag: `thebes-${v.id}` });
      note.onclick = () => { window.focus(); note.close(); };
      window.__thebesNotified = (window.__thebesNotified || 0) + 1;
    } catch (_) { /* notifications off in this browser */ }
  }
  if (alerts.sound) {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.25);
    } catch (_) { /* no audio */ }
  }
}
