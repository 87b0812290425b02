// Players (issue 14): the leaderboard of each game (/leaderboard/<game>), a player's page
// (/player/<name>) and "your player name": claim a name, keep its private key in this
// browser, show it to move it to another browser, or use a key brought from one.
// The key goes to the server only in request bodies (never in a URL).
import { h } from "./dom.js";
import { api, store } from "./net.js";
import { t, getLang } from "./i18n.js";
import { gameTitle, getMeta, toast } from "./page.js";

const KEY = "thebes.player";   // {name, key}

export function myPlayer() { return store.get(KEY, null); }
function setPlayer(p) { store.set(KEY, p); }

function botName(bot) { return t(`bot.${bot}`) === `bot.${bot}` ? bot : t(`bot.${bot}`); }

// Claim ``name`` as this browser's player (POST /api/players); throws the server's refusal.
export async function claim(name) {
  const res = await api("/api/players", { method: "POST", body: { name } });
  setPlayer({ name: res.name, key: res.key });
  store.set("thebes.name", res.name);
  const field = document.getElementById("my-name");
  if (field) field.value = res.name;
  toast(t("players.claimed", { name: res.name }), "ok");
  return res;
}

// The card to claim a name, show the key, or use a key from another browser.
export function playerCard(onChange) {
  const box = h("section", { class: "card", id: "player-card" });
  function draw() {
    const me = myPlayer();
    if (me) {
      const keyField = h("input", { id: "player-key", class: "link", readonly: true, value: me.key, type: "password", "aria-label": t("players.key") });
      box.replaceChildren(h("h2", null, t("players.you")),
        h("p", null, t("players.playas", { name: me.name }), " ",
          h("a", { href: `/player/${encodeURIComponent(me.name)}`, "data-nav": "" }, t("players.mypage"))),
        h("p", { class: "muted" }, t("players.key.help")),
        h("div", { class: "form-line" }, keyField,
          h("button", { class: "btn", type: "button", id: "show-key", onclick: (e) => {
            keyField.type = keyField.type === "password" ? "text" : "password";
            e.target.textContent = keyField.type === "password" ? t("players.key.show") : t("players.key.hide");
          } }, t("players.key.show")),
          h("button", { class: "btn", type: "button", onclick: async () => {
            try { await navigator.clipboard.writeText(me.key); toast(t("create.copied"), "ok"); } catch (_) { keyField.type = "text"; keyField.select(); }
          } }, t("create.copy"))),
        h("button", { class: "btn", type: "button", id: "forget-player", onclick: () => {
          if (window.confirm(t("players.forget.confirm"))) { setPlayer(null); draw(); onChange && onChange(); }
        } }, t("players.forget")));
      return;
    }
    const nameInput = h("input", { id: "claim-name", maxlength: "40", value: store.get("thebes.name", ""), "aria-label": t("players.name") });
    const keyInput = h("input", { id: "import-key", maxlength: "200", "aria-label": t("players.key"), placeholder: t("players.key.paste") });
    box.replaceChildren(h("h2", null, t("players.you")),
      h("p", { class: "muted" }, t("players.why")),
      h("form", { class: "form-line", id: "claim-form", onsubmit: async (e) => {
        e.preventDefault();
        try {
          await claim(nameInput.value);
          draw(); onChange && onChange();
        } catch (err) { toast(t("error.generic", { message: err.message })); }
      } }, h("label", null, t("players.name") + " ", nameInput),
        h("button", { class: "btn primary", type: "submit", id: "claim-button" }, t("players.claim"))),
      h("form", { class: "form-line", onsubmit: async (e) => {
        e.preventDefault();
        const key = keyInput.value.trim();
        try {
          const res = await api("/api/players/me", { method: "POST", body: { key } });
          setPlayer({ name: res.name, key });
          store.set("thebes.name", res.name);
          toast(t("players.claimed", { name: res.name }), "ok");
          draw(); onChange && onChange();
        } catch (err) { toast(t("error.generic", { message: err.message })); }
      } }, keyInput, h("button", { class: "btn", type: "submit" }, t("players.usekey"))));
  }
  draw();
  return box;
}

async function showLeaderboard(root, game) {
  const meta = await api("/api/meta").catch(() => ({ games: [] }));
  const games = (meta.games || []).filter((g) => g.max_players > 1 || g.name === game);
  // no game named: the one this browser last played (game.js), else the first
  const last = store.get("thebes.lastgame", null);
  const chosen = game || (games.some((g) => g.name === last) ? last : null) || (games[0] && games[0].name) || "";
  const board = h("section", { class: "card", id: "leaderboard" }, h("p", { class: "muted" }, t("loading")));
  root.replaceChildren(h("div", { class: "lobby" },
    h("div", { class: "lobby-left" }, playerCard()),
    h("div", { class: "lobby-right" },
      h("nav", { class: "tabs", "aria-label": t("players.games") }, games.map((g) => h("a", {
        class: `btn${g.name === chosen ? " primary" : ""}`, href: `/leaderboard/${encodeURIComponent(g.name)}`, "data-nav": "",
        "aria-current": g.name === chosen ? "page" : null }, gameTitle(g.name, g.title)))),
      board)));
  try {
    const data = await api(`/api/leaderboard/${encodeURIComponent(chosen)}`);
    const rows = data.rows.map((r, i) => h("tr", { class: r.kind, "data-kind": r.kind },
      h("td", null, String(i + 1)),
      h("td", null, r.kind === "bot" ? t("players.botrow", { bot: botName(r.bot) })
        : h("a", { href: `/player/${encodeURIComponent(r.name)}`, "data-nav": "" }, r.name)),
      h("td", { class: "num" }, r.rating.toFixed(1)),
      h("td", { class: "num" }, String(r.games))));
    board.replaceChildren(h("h2", null, t("players.leaderboard", { game: gameTitle(data.game, data.title) })),
      rows.length ? h("table", { class: "board-table" },
        h("thead", null, h("tr", null, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("players.name")),
          h("th", { scope: "col" }, t("players.rating")), h("th", { scope: "col" }, t("players.games.count")))),
        h("tbody", null, rows)) : h("p", { class: "muted" }, t("players.none")),
      data.unrated_bots.length ? h("p", { class: "muted", id: "unrated-bots" },
        t("players.unrated", { bots: data.unrated_bots.map(botName).join(", ") })) : null,
      h("p", { class: "muted" }, t("players.how")));
  } catch (err) {
    board.replaceChildren(h("p", null, t("error.generic", { message: err.message })));
  }
}

async function showPlayer(root, name) {
  const box = h("section", { class: "card", id: "player-page" }, h("p", { class: "muted" }, t("loading")));
  root.replaceChildren(box);
  try {
    const p = await api(`/api/players/${encodeURIComponent(name)}`);
    // a game's title in the page's language (its id only for a game no one has a title for)
    const meta = await getMeta().catch(() => ({ games: [] }));
    const titleOf = (game) => { const m = (meta.games || []).find((x) => x.name === game); return gameTitle(game, m && m.title); };
    const when = (iso) => new Date(iso).toLocaleDateString(getLang(), { day: "numeric", month: "short", year: "numeric" });
    box.replaceChildren(h("h1", null, p.name),
      h("h2", null, t("players.ratings")),
      p.ratings.length ? h("ul", null, p.ratings.map((r) => h("li", null,
        h("a", { href: `/leaderboard/${encodeURIComponent(r.game)}`, "data-nav": "" }, titleOf(r.game)), " · ",
        t(r.games === 1 ? "players.ratingline.one" : "players.ratingline", { rating: r.rating.toFixed(1), games: r.games })))) : h("p", { class: "muted" }, t("players.norating")),
      h("h2", null, t("players.gameslist", { n: p.games_count })),
      h("ul", { class: "games" }, p.games.map((g) => h("li", { class: "game-row", "data-game": g.id },
        h("strong", null, titleOf(g.game)), " · ", t("create.seat", { seat: g.seat }), " · ",
        g.rank ? t("players.rank", { rank: g.rank }) : t(`status.${g.status}`) , " · ", when(g.updated), " ",
        g.status === "finished"
          ? h("a", { class: "btn", href: `/replay/${encodeURIComponent(g.id)}`, "data-nav": "" }, t("replay.link"))
          : h("a", { class: "btn", href: `/play/${encodeURIComponent(g.id)}`, "data-nav": "" }, t("lobby.watch"))))));
  } catch (err) {
    box.replaceChildren(h("p", null, err.status === 404 ? t("players.unknown") : t("error.generic", { message: err.message })));
  }
}

// /leaderboard[/<game>] and /player/<name>; null for any other page.
export function route(root) {
  const lb = location.pathname.match(/^\/leaderboard(?:\/([^/]+))?\/?$/);
  if (lb) {
    const game = lb[1] ? decodeURIComponent(lb[1]) : null;
    const draw = () => showLeaderboard(root, game);
    draw();
    return { cleanup: () => {}, rerender: draw };
  }
  const pl = location.pathname.match(/^\/player\/([^/]+)\/?$/);
  if (pl) {
    const draw = () => showPlayer(root, decodeURIComponent(pl[1]));
    draw();
    return { cleanup: () => {}, rerender: draw };
  }
  return null;
}
