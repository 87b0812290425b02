// The thebes browser client: the header, and routing on location.pathname to the page
// modules: lobby.js (/), game.js (/play/<id>), replay.js (/replay/<id>, /upload),
// players.js (/leaderboard, /player/<name>), mygames.js (/mine). Plain ES modules, no build step. Game
// tables are drawn by one module per game, each in its game's own folder, loaded from
// /api/meta before the first page is drawn (tables.js); a game without one gets a plain
// list of its legal moves.
import { h } from "./dom.js";
import { t, getLang, setLang, onLangChange, LANGUAGES } from "./i18n.js";
import * as replay from "./replay.js";
import * as players from "./players.js";
import { showLobby, youLabel } from "./lobby.js";
import { showGame } from "./game.js";
import { showMyGames } from "./mygames.js";
import { myName } from "./mine.js";
import { navigate } from "./page.js";
import { store } from "./net.js";
import { TABLES, loadTables } from "./tables.js";

// The tables (and the games' titles and strings they bring) before the first page; a
// server out of reach: the pages say so, and the tables come (and the page is drawn
// again) as soon as it answers.
let tablesLoaded = true;
try { await loadTables(); } catch (_) { tablesLoaded = false; }

// ------------------------------------------------------------------ chrome
function renderChrome() {
  const header = document.getElementById("top");
  header.replaceChildren(
    h("a", { href: "/", class: "brand", "data-nav": "" }, h("span", { class: "brand-sun" }), t("app.title")),
    h("span", { class: "tagline" }, t("app.tagline")),
    h("span", { class: "spacer" }),
    h("a", { class: "btn", id: "mygames-link", href: "/mine", "data-nav": "" }, t("mine.link")),
    h("a", { class: "btn", id: "leaderboard-link", href: "/leaderboard", "data-nav": "" }, t("players.link")),
    h("label", { class: "name-field" }, t("you.name") + " ",
      h("input", {
        id: "my-name", value: myName(), placeholder: t("you.name.placeholder"), maxlength: "40",
        oninput: (e) => {
          store.set("thebes.name", e.target.value.trim());
          for (const el of document.querySelectorAll(".seat-row .you")) el.textContent = youLabel();
        },
      })),
    h("label", { class: "lang-field" }, h("span", { class: "sr" }, t("lang.label")),
      h("select", { id: "lang", "aria-label": t("lang.label"), onchange: (e) => setLang(e.target.value) },
        LANGUAGES.map(([code, label]) => h("option", { value: code, selected: code === getLang() }, label)))),
  );
  document.title = t("app.title");
}

// ------------------------------------------------------------------ routing
// The page shown: its rerender (a language change) and cleanup (leaving it); closed once left.
let current = { rerender: () => {}, cleanup: () => {}, closed: false };

onLangChange(() => { renderChrome(); current.rerender(); });

function route() {
  current.closed = true;
  current.cleanup();
  const page = { rerender: () => {}, cleanup: () => {}, closed: false };
  current = page;
  const root = document.getElementById("app");
  const other = replay.route(root, TABLES) || players.route(root); // replay.js, players.js
  if (other) { Object.assign(page, other); return; }
  const m = location.pathname.match(/^\/play\/([^/]+)\/?$/);
  if (m) {
    const token = new URLSearchParams(location.search).get("token");
    showGame(root, decodeURIComponent(m[1]), token, page, TABLES);
  } else if (/^\/mine\/?$/.test(location.pathname)) {
    showMyGames(root, page);
  } else {
    showLobby(root, page);
  }
}

document.addEventListener("click", (e) => {
  const a = e.target.closest && e.target.closest("a[data-nav]");
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  navigate(a.getAttribute("href"));
});
window.addEventListener("popstate", route);

document.documentElement.lang = getLang();
renderChrome();
route();
if (!tablesLoaded) {
  (async () => {
    for (let wait = 1000; ; wait = Math.min(2 * wait, 8000)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      try { await loadTables(); break; } catch (_) { /* still out of reach */ }
    }
    renderChrome();
    current.rerender();
  })();
}
