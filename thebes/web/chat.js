// The table chat of a game page (issue 31; docs/web.md): beside the log (under it on a
// phone), its new messages said to screen readers, every message put in as text (never as
// HTML), at most 500 characters. Seats write; spectators read, and write only where the
// creator allowed. A person can be muted: this browser then hides their messages (kept in
// localStorage, per game and seat). makeChat({gameId, token, t}) -> {el, update(view), poll(), cleanup()}.
import { h } from "./dom.js";
import { api } from "./net.js";
import { mutedSeats, setMuted } from "./mine.js";
import { toast } from "./page.js";

export const MAX_CHAT = 500;

export function makeChat({ gameId, token, t }) {
  const state = { messages: [], last: 0, view: null, loading: false, closed: false, primed: false };
  const list = h("ol", { class: "chat-list", id: "chat-list", tabindex: "0" });
  const live = h("div", { class: "sr", id: "chat-live", "aria-live": "polite", "aria-atomic": "false" });
  const input = h("textarea", { id: "chat-input", rows: "2", maxlength: String(MAX_CHAT) });
  const count = h("span", { class: "muted chat-count", id: "chat-count", "aria-live": "off" });
  const label = h("label", { for: "chat-input", class: "sr", id: "chat-input-label" });
  const sendBtn = h("button", { class: "btn", id: "chat-send", type: "submit" });
  const form = h("form", { class: "chat-form", id: "chat-form", onsubmit: (e) => { e.preventDefault(); post(); } },
    label, input, h("div", { class: "chat-send-line" }, count, sendBtn));
  const title = h("h2", null);
  const muteBox = h("div", { class: "chat-mutes", id: "chat-mutes" });
  const el = h("details", { class: "chat-box", id: "chat-box", open: true },
    h("summary", null, title), list, muteBox, form, live);
  input.addEventListener("input", () => { count.textContent = t("chat.count", { n: input.value.length, max: MAX_CHAT }); });
  input.addEventListener("keydown", (e) => { if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); post(); } });

  const muted = () => mutedSeats(gameId);

  function canWrite(v) {
    if (!v || v.status === "finished") return false;
    if (v.seat) return true;
    return !!(v.table && v.table.clock && v.table.clock.spectators_chat);
  }

  function draw() {
    const v = state.view;
    title.textContent = t("chat.title");
    list.setAttribute("aria-label", t("chat.title"));
    label.textContent = t("chat.label");
    sendBtn.textContent = t("chat.send");
    input.placeholder = t("chat.placeholder");
    count.textContent = t("chat.count", { n: input.value.length, max: MAX_CHAT });
    form.hidden = !canWrite(v);
    const hide = muted();
    const shown = state.messages.filter((m) => !(m.seat && hide.includes(m.seat)));
    list.replaceChildren(...(shown.length ? shown.map((m) => h("li", { class: "chat-msg", "data-id": String(m.id), "data-seat": m.seat ? String(m.seat) : null },
      h("strong", null, (m.name || (m.seat ? t("game.seat.noname", { seat: m.seat }) : t("chat.spectator"))) + ": "),
      h("span", { class: "chat-text" }, m.text))) : [h("li", { class: "muted" }, t("chat.empty"))]));
    list.scrollTop = list.scrollHeight;
    // mute per person: every other seat that wrote, or is a person
    const seats = (v && v.seats) || [];
    const people = seats.filter((s) => s.kind === "human" && s.seat !== (v && v.seat));
    muteBox.replaceChildren(...people.map((s) => {
      const on = hide.includes(s.seat);
      const who = (v.names && v.names[s.seat - 1]) || t("game.seat.noname", { seat: s.seat });
      return h("button", { class: "btn small chat-mute", type: "button", "data-seat": String(s.seat), "aria-pressed": on ? "true" : "false",
        onclick: () => { setMuted(gameId, s.seat, !on); draw(); } }, t(on ? "chat.unmute" : "chat.mute", { name: who }));
    }));
  }

  async function poll() {
    if (state.closed || state.loading) return;
    state.loading = true;
    try {
      const res = await api(`/api/games/${encodeURIComponent(gameId)}/chat/read`, { method: "POST", body: { token: token || null, since: state.last } });
      const fresh = (res.messages || []).filter((m) => m.id > state.last);
      if (fresh.length) {
        const first = !state.primed;   // the history when the page opens is not read out
        state.messages.push(...fresh);
        if (state.messages.length > 300) state.messages = state.messages.slice(-300);
        state.last = fresh[fresh.length - 1].id;
        const hide = muted();
        const said = fresh.filter((m) => !first && m.seat !== (state.view && state.view.seat) && !(m.seat && hide.includes(m.seat)));
        if (said.length) live.textContent = said.map((m) => t("chat.said", { name: m.name || t("chat.spectator"), text: m.text })).join(" ");
        draw();
      }
    } catch (_) { /* a finished game's chat is for those seated; a network error: later */ }
    state.primed = true;
    state.loading = false;
  }

  async function post() {
    const text = input.value.trim();
    if (!text) return;
    sendBtn.disabled = true;
    try {
      await api(`/api/games/${encodeURIComponent(gameId)}/chat`, { method: "POST", body: { token: token || null, text } });
      input.value = "";
      await poll();
    } catch (err) {
      toast(t("error.generic", { message: err.message }));
    }
    sendBtn.disabled = false;
    input.focus();
  }

  const timer = setInterval(() => { if (!document.hidden) poll(); }, 5000);
  draw();     // its title and labels at once (a spectator refused the board still reads it)
  poll();
  return {
    el,
    update(view) {
      const before = state.view;
      state.view = view;
      if (!before || (view.table && view.table.chat && view.table.chat > state.last)) poll();
      draw();
    },
    poll,
    rerender: draw,
    cleanup() { state.closed = true; clearInterval(timer); },
  };
}
