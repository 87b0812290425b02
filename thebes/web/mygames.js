// My games (/mine; issue 31, docs/web.md): every seat this browser holds (mine.js) and,
// with a player key, every game of that player: whose turn it is, the clocks, a link, and
// Resign (with a confirmation) for an unfinished game whose seat this browser holds.
// showMyGames(root, page) draws it and refreshes it every 10 s while shown.
import { h } from "./dom.js";
import { api } from "./net.js";
import { t } from "./i18n.js";
import { mySeats } from "./mine.js";
import { gameTitle, getMeta, toast } from "./page.js";
import * as players from "./players.js";
import { resign } from "./seatplay.js";

function clockWords(clock, game, serverNow) {
  if (!clock || clock.mode === "none" || !clock.running) return null;
  const left = clock.left[clock.running - 1] - (serverNow - clock.since);
  const s = Math.max(0, Math.round(left));
  const text = s >= 3600 ? `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  return t("mine.clock", { time: text });
}

export function showMyGames(root, page) {
  const titles = {};
  const listEl = h("div", { class: "mine-list", id: "mine-list", "aria-live": "polite" }, h("p", { class: "muted" }, t("loading")));
  const head = h("h1", null, t("mine.title"));
  const intro = h("p", { class: "muted" }, t("mine.intro"));
  root.replaceChildren(h("div", { class: "mine-page" }, head, intro, listEl));
  let data = null;
  let serverNow = Date.now() / 1000;

  function draw() {
    head.textContent = t("mine.title");
    intro.textContent = t("mine.intro");
    document.title = `${t("mine.title")} · ${t("app.title")}`;
    if (!data) return;
    if (!data.games.length) { listEl.replaceChildren(h("p", { class: "muted", id: "mine-empty" }, t("mine.empty"))); return; }
    const held = mySeats();
    listEl.replaceChildren(h("ul", { class: "mine-games" }, data.games.map((g) => {
      const names = g.names || [];
      const who = g.to_move ? (names[g.to_move - 1] || t("game.seat.noname", { seat: g.to_move })) : null;
      const turn = g.status === "finished" ? t("status.finished")
        : g.your_turn ? t("mine.yourturn") : who ? t("mine.waiting", { name: who }) : t("status." + g.status);
      const token = held[g.id] && held[g.id].token;
      return h("li", { class: `mine-game${g.your_turn ? " your-turn" : ""}`, "data-game": g.id },
        h("a", { class: "mine-link", href: g.url, "data-nav": "" },
          h("strong", null, gameTitle(g.game, titles[g.game])), " · ",
          g.seat ? t("mine.seat", { seat: g.seat, name: names[g.seat - 1] || "" }) : null),
        h("span", { class: "mine-turn" }, turn),
        clockWords(g.clock, g, serverNow) ? h("span", { class: "mine-clock", role: "timer" }, clockWords(g.clock, g, serverNow)) : null,
        g.can_resign && token ? h("button", { class: "btn danger", type: "button", "data-resign": g.id,
          onclick: async () => { if (await resign(g.id, token, t, names[g.seat - 1])) refresh(); } }, t("resign.button")) : null);
    })));
  }

  async function refresh() {
    const seats = Object.entries(mySeats()).filter(([, s]) => s && s.token).slice(-200)
      .map(([game, s]) => ({ game, token: s.token }));
    const me = players.myPlayer();
    try {
      const [res, time] = await Promise.all([
        api("/api/mine", { method: "POST", body: { seats, key: me ? me.key : null } }),
        api("/api/time").catch(() => ({ now: Date.now() / 1000 })),
      ]);
      data = res;
      serverNow = time.now;
      draw();
    } catch (err) {
      toast(t("error.generic", { message: err.message }));
    }
  }

  getMeta().then((m) => { for (const g of m.games || []) titles[g.name] = g.title; draw(); }).catch(() => {});
  refresh();
  const timer = setInterval(() => { if (!document.hidden) refresh(); }, 10000);
  page.rerender = draw;
  page.cleanup = () => clearInterval(timer);
}
