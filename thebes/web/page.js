// What every page of the client shares: notices (toast), moving to another page
// (navigate), the server's list of games and bots (getMeta, fetched once), seat and bot
// names as shown, and a seat's play link.
import { h } from "./dom.js";
import { api } from "./net.js";
import { t, has } from "./i18n.js";

// A notice in the corner for 6 s; one with a `key` replaces the shown one of that key
// (a table's running notices update one box instead of piling up).
export function toast(message, kind = "error", key = null) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const old = key ? [...box.children].find((n) => n.dataset.key === key) : null;
  const node = old || h("div", { role: "status", "data-key": key });
  node.className = `toast ${kind}`;
  node.textContent = message;
  if (!old) box.append(node);
  clearTimeout(node.timer);
  node.timer = setTimeout(() => node.remove(), 6000);
}

// Another page of the client without reloading: app.js routes on popstate.
export function navigate(url) {
  history.pushState(null, "", url);
  window.dispatchEvent(new PopStateEvent("popstate"));
  window.scrollTo(0, 0);
}

// GET /api/meta once per page load (asked again after a failure).
let metaPromise = null;
export function getMeta() {
  if (!metaPromise) metaPromise = api("/api/meta").catch((err) => { metaPromise = null; throw err; });
  return metaPromise;
}

// A 1-based seat's shown name, or "Seat N".
export function seatLabel(names, seat) {
  const name = names && names[seat - 1];
  return name || t("game.seatname", { seat });
}

// Names as shown: a seat without a name is "Seat N"; two seats with the same
// name (two "greedy bot"s) get their seat number added.
export function shownNames(names, players) {
  const raw = [];
  for (let i = 0; i < players; i++) raw.push((names && names[i]) || null);
  const count = {};
  for (const n of raw) if (n) count[n] = (count[n] || 0) + 1;
  return raw.map((n, i) => (n && count[n] > 1 ? `${n} ${i + 1}` : n));
}

// A game's title in the page's language (gametitle.<name>), else the server's title
// (`fallback`, GET /api/meta), else its name.
export function gameTitle(game, fallback) {
  return has(`gametitle.${game}`) ? t(`gametitle.${game}`) : fallback || game;
}

export function botLabel(bot) { return has(`bot.${bot}`) ? t(`bot.${bot}`) : bot; }

export function playUrl(gameId, token) {
  return `/play/${encodeURIComponent(gameId)}` + (token ? `?token=${encodeURIComponent(token)}` : "");
}
