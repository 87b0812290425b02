// The thebes browser client: routing, API and socket, the lobby, the game page.
// Plain ES modules, no build step. Game tables are drawn by one module per game
// (ra.js); a game without one gets a plain list of its legal moves.
import { h } from "./dom.js";
import { api, store } from "./net.js";
import { t, getLang, setLang, onLangChange, LANGUAGES, has } from "./i18n.js";
import * as ra from "./ra.js";
import * as replay from "./replay.js";
import { defaultBot, logWords, seatNames, sortBots } from "./logwords.js";
import * as tablebar from "./clock.js";
import * as players from "./players.js";

const TABLES = { ra };
// The other games' tables, each in its own module with the same interface as ra.js
// (TITLE, describeEvent, render); a module not there yet leaves its game on the generic list.
for (const [game, path] of Object.entries({ sarcophagus: "./sarcophagus.js",
  "pharaohs-heir": "./pharaohs_heir.js", pharaoh: "./pharaoh.js" })) {
  try { TABLES[game] = await import(path); } catch (err) { console.info(`no table for ${game} yet`); }
}

// ------------------------------------------------------------------ helpers
let metaPromise = null;
function getMeta() {
  if (!metaPromise) metaPromise = api("/api/meta").catch((err) => { metaPromise = null; throw err; });
  return metaPromise;
}
let titles = {};

function myName() { return store.get("thebes.name", ""); }
function mySeats() { return store.get("thebes.seats", {}); }
// the private links of the games this browser created, to show them again
function myInvites() { return store.get("thebes.invites", {}); }
function rememberInvites(gameId, links) {
  const all = myInvites();
  all[gameId] = links.map((l) => ({ seat: l.seat, url: l.url }));
  const ids = Object.keys(all);
  for (const id of ids.slice(0, Math.max(0, ids.length - 50))) delete all[id]; // keep the latest 50
  store.set("thebes.invites", all);
}
function rememberSeat(gameId, seat, token) {
  const seats = mySeats();
  seats[gameId] = { seat, token };
  store.set("thebes.seats", seats);
}

// A notice in the corner for 6 s; one with a `key` replaces the shown one of that key
// (a table's running notices update one box instead of piling up).
function toast(message, kind = "error", key = null) {
  const box = document.getElementById("toasts");
  const old = key ? [...box.children].find((n) => n.dataset.key === key) : null;
  const node = old || h("div", { role: "status", "data-key": key });
  node.className = `toast ${kind}`;
  node.textContent = message;
  if (!old) box.append(node);
  clearTimeout(node.timer);
  node.timer = setTimeout(() => node.remove(), 6000);
}

function seatLabel(names, seat) {
  const name = names && names[seat - 1];
  return name || t("game.seatname", { seat });
}

// Names as shown: a seat without a name is "Seat N"; two seats with the same
// name (two "greedy bot"s) get their seat number added.
function shownNames(names, players) {
  const raw = [];
  for (let i = 0; i < players; i++) raw.push((names && names[i]) || null);
  const count = {};
  for (const n of raw) if (n) count[n] = (count[n] || 0) + 1;
  return raw.map((n, i) => (n && count[n] > 1 ? `${n} ${i + 1}` : n));
}

function when(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const sameDay = d.toDateString() === new Date().toDateString();
  return "· " + (sameDay ? d.toLocaleTimeString(getLang(), { hour: "2-digit", minute: "2-digit" })
    : d.toLocaleDateString(getLang(), { day: "numeric", month: "short" }));
}

function botLabel(bot) { return has(`bot.${bot}`) ? t(`bot.${bot}`) : bot; }

function playUrl(gameId, token) {
  return `/play/${encodeURIComponent(gameId)}` + (token ? `?token=${encodeURIComponent(token)}` : "");
}

// ------------------------------------------------------------------ chrome
let rerender = () => {};
let cleanup = () => {};

function renderChrome() {
  const header = document.getElementById("top");
  header.replaceChildren(
    h("a", { href: "/", class: "brand", "data-nav": "" }, h("span", { class: "brand-sun" }), t("app.title")),
    h("span", { class: "tagline" }, t("app.tagline")),
    h("span", { class: "spacer" }),
    h("a", { class: "btn", id: "leaderboard-link", href: "/leaderboard", "data-nav": "" }, t("players.link")),
    h("label", { class: "name-field" }, t("you.name") + " ",
      h("input", {
        id: "my-name", value: myName(), placeholder: t("you.name.placeholder"), maxlength: "40",
        oninput: (e) => {
          store.set("thebes.name", e.target.value.trim());
          for (const el of document.querySelectorAll(".seat-row .you")) el.textContent = `${myName() || "?"} (${t("create.you")})`;
        },
      })),
    h("label", { class: "lang-field" }, h("span", { class: "sr" }, t("lang.label")),
      h("select", { id: "lang", "aria-label": t("lang.label"), onchange: (e) => setLang(e.target.value) },
        LANGUAGES.map(([code, label]) => h("option", { value: code, selected: code === getLang() }, label)))),
  );
  document.title = t("app.title");
}

onLangChange(() => { renderChrome(); rerender(); });

// ------------------------------------------------------------------ lobby
async function showLobby(root) {
  let meta = null;
  let games = [];
  let created = null; // {game, links}
  let timer = null;

  const openBox = h("section", { class: "card", id: "open-games" });
  const playingBox = h("section", { class: "card", id: "playing-games" });
  const finishedBox = h("section", { class: "card", id: "finished-games" });
  const createBox = h("section", { class: "card", id: "create" });
  const form = { game: null, players: null, options: {}, seats: [], table: tablebar.defaultTable() };

  root.replaceChildren(h("div", { class: "lobby" },
    h("div", { class: "lobby-left" }, createBox),
    h("div", { class: "lobby-right" }, openBox, playingBox, finishedBox)));

  function seatsLine(g) {
    return h("span", { class: "seats" }, g.seats.map((s) => {
      let label;
      if (s.kind === "bot") label = h("span", { class: "seat bot" }, t("lobby.bot", { bot: botLabel(s.bot) }));
      else if (!s.claimed) label = h("span", { class: "seat free" }, (s.name ? s.name + " · " : "") + t("lobby.free"));
      else label = h("span", { class: "seat human", "data-connected": String(!!s.connected) },
        h("span", { class: `presence ${s.connected ? "on" : "off"}`, role: "img", "aria-label": t(s.connected ? "table.connected" : "table.away") }, "●"), " ",
        s.name || t("game.seatname", { seat: s.seat }));
      return label;
    }));
  }

  function title(g) {
    const m = meta && meta.games.find((x) => x.name === g.game);
    return `${m ? m.title : g.game} · ${t(g.players === 1 ? "lobby.players.one" : "lobby.players", { n: g.players })}`;
  }

  function mineButton(g) {
    const mine = mySeats()[g.id];
    const invites = myInvites()[g.id];
    return [
      invites && invites.length > 1 && g.status !== "finished"
        ? h("button", { class: "btn invites", type: "button", onclick: () => { created = { game: g, links: invites }; drawCreate(); window.scrollTo(0, 0); } }, t("lobby.invites"))
        : null,
      mine ? h("a", { class: "btn primary", href: playUrl(g.id, mine.token), "data-nav": "" }, t("lobby.resume", { seat: mine.seat })) : null,
    ];
  }

  function gameRow(g, actions) {
    return h("li", { class: "game-row", "data-game": g.id },
      h("div", { class: "game-title" }, h("strong", null, title(g)), " ",
        h("span", { class: "muted" }, t("lobby.events", { n: g.events })), " ",
        h("span", { class: "muted when" }, when(g.updated)),
        g.seed_known ? h("span", { class: "seed-known", title: t("lobby.seedknown.why") }, t("lobby.seedknown")) : null),
      seatsLine(g),
      h("div", { class: "actions" }, actions));
  }

  async function join(g) {
    const name = myName();
    if (!name) { toast(t("lobby.needname")); document.getElementById("my-name").focus(); return; }
    try {
      const res = await api(`/api/games/${encodeURIComponent(g.id)}/join`, { method: "POST", body: { name } });
      rememberSeat(g.id, res.seat, res.token);
      toast(t("lobby.joined", { seat: res.seat }), "ok");
      navigate(res.url || playUrl(g.id, res.token));
    } catch (err) {
      toast(t("error.generic", { message: err.message }));
      refresh();
    }
  }

  function drawLists() {
    const open = games.filter((g) => g.status === "open");
    const playing = games.filter((g) => g.status === "playing");
    const finished = games.filter((g) => g.status === "finished").slice(0, 20);
    openBox.replaceChildren(h("h2", null, t("lobby.open")),
      open.length ? h("ul", { class: "games" }, open.map((g) => gameRow(g, [
        mineButton(g),
        mySeats()[g.id] ? null : h("button", { class: "btn primary join", onclick: () => join(g) }, t("lobby.join")),
        h("a", { class: "btn", href: playUrl(g.id), "data-nav": "" }, t("lobby.watch")),
      ]))) : h("p", { class: "muted" }, t("lobby.open.none")));
    playingBox.replaceChildren(h("h2", null, t("lobby.playing")),
      playing.length ? h("ul", { class: "games" }, playing.map((g) => gameRow(g, [
        mineButton(g),
        h("a", { class: "btn watch", href: playUrl(g.id), "data-nav": "" }, t("lobby.watch")),
      ]))) : h("p", { class: "muted" }, t("lobby.playing.none")));
    finishedBox.replaceChildren(h("h2", null, t("lobby.finished"), " ", h("a", { class: "btn", id: "upload-link", href: "/upload", "data-nav": "" }, t("upload.link"))),
      finished.length ? h("ul", { class: "games" }, finished.map((g) => {
        const row = gameRow(g, [
          h("a", { class: "btn", href: playUrl(g.id), "data-nav": "" }, t("lobby.replay")),
          h("a", { class: "btn replay-link", href: `/replay/${encodeURIComponent(g.id)}`, "data-nav": "" }, t("replay.link")),
          h("a", { class: "btn", href: `/api/games/${encodeURIComponent(g.id)}/record`, download: `${g.game}-${g.id}.json` }, t("lobby.record")),
        ]);
        if (g.result && g.result.ranking) {
          const names = shownNames(g.seats.map((s) => s.name), g.players);
          row.insertBefore(h("div", { class: "result" },
            h("strong", null, t("lobby.winner", { name: seatLabel(names, g.result.ranking[0]) })), " · ",
            g.result.ranking.map((s) => `${seatLabel(names, s)} ${g.result.scores[s - 1]}`).join(" · ")), row.lastChild);
        }
        return row;
      })) : h("p", { class: "muted" }, t("lobby.finished.none")));
  }

  // options offered as a choice among their legal values (shared/spec/pharaohs-heir.md, Options)
  const CHOICES = { piecepacks: [2, 1] };

  // the strength levels first (easy, medium, hard), then the named bots (as on the upload page)
  function botsFor(gm) {
    return sortBots((gm && gm.bots && gm.bots.length ? gm.bots : meta.bots) || []);
  }

  function defaultSeats(n, bots) {
    const best = defaultBot(bots);
    const seats = [];
    for (let i = 0; i < n; i++) {
      const old = form.seats[i];
      seats.push(old || (i === 0 ? { kind: "human", name: "", bot: null } : { kind: "bot", name: "", bot: best }));
    }
    for (const seat of seats) if (seat.kind === "bot" && !bots.includes(seat.bot)) seat.bot = best;
    form.seats = seats;
  }

  function drawCreate() {
    if (created) { drawCreated(); return; }
    if (!meta) { createBox.replaceChildren(h("h2", null, t("create.title")), h("p", { class: "muted" }, t("loading"))); return; }
    if (!meta.games.length) { createBox.replaceChildren(h("h2", null, t("create.title")), h("p", null, t("lobby.nogames"))); return; }
    const gm = meta.games.find((g) => g.name === form.game) || meta.games[0];
    form.game = gm.name;
    if (!form.players || form.players < gm.min_players || form.players > gm.max_players) form.players = gm.min_players;
    const bots = botsFor(gm);
    defaultSeats(form.players, bots);
    const players = [];
    for (let n = gm.min_players; n <= gm.max_players; n++) players.push(n);

    const optionInputs = Object.entries(gm.default_options || {}).map(([key, dflt]) => {
      const value = key in form.options ? form.options[key] : dflt;
      let input;
      if (typeof dflt === "boolean") {
        input = h("input", { type: "checkbox", checked: value, onchange: (e) => { form.options[key] = e.target.checked; } });
      } else if (CHOICES[key]) {
        input = h("select", { onchange: (e) => { form.options[key] = JSON.parse(e.target.value); } },
          CHOICES[key].map((c) => h("option", { value: JSON.stringify(c), selected: c === value }, t(`option.${key}.${c}`))));
      } else if (typeof dflt === "number") {
        input = h("input", { type: "number", value: String(value), step: Number.isInteger(dflt) ? "1" : "any",
          onchange: (e) => { form.options[key] = Number.isInteger(dflt) ? parseInt(e.target.value, 10) : parseFloat(e.target.value); } });
      } else {
        input = h("input", { type: "text", value: String(value), onchange: (e) => { form.options[key] = e.target.value; } });
      }
      // each option by a name and a line saying what it changes (i18n option.<key>)
      return h("label", { class: "option", "data-option": key },
        input, " ", has(`option.${key}`) ? t(`option.${key}`) : key,
        has(`option.${key}.help`) ? h("span", { class: "option-help muted" }, t(`option.${key}.help`)) : null);
    });

    const seatRows = form.seats.map((s, i) => h("div", { class: "seat-row", "data-seat": String(i + 1) },
      h("span", { class: "seat-num" }, t("create.seat", { seat: i + 1 })),
      h("select", { class: "seat-kind", "aria-label": t("create.seat.kind", { seat: i + 1 }), onchange: (e) => { s.kind = e.target.value; if (s.kind === "bot" && !s.bot) s.bot = defaultBot(bots); drawCreate(); } },
        h("option", { value: "human", selected: s.kind === "human" }, t("create.kind.human")),
        h("option", { value: "bot", selected: s.kind === "bot" }, t("create.kind.bot"))),
      s.kind === "human"
        ? (form.seats.findIndex((x) => x.kind === "human") === i
          ? h("span", { class: "you" }, `${myName() || "?"} (${t("create.you")})`)
          : h("input", { class: "seat-name", value: s.name, placeholder: t("create.friend"), "aria-label": t("create.seat.name", { seat: i + 1 }), maxlength: "40", oninput: (e) => { s.name = e.target.value; } }))
        : h("select", { class: "seat-bot", "aria-label": `${t("create.seat", { seat: i + 1 })}: ${t("create.strength")}`, onchange: (e) => { s.bot = e.target.value; } },
          bots.map((b) => h("option", { value: b, selected: s.bot === b }, botLabel(b))))));

    createBox.replaceChildren(
      h("h2", null, t("create.title")),
      h("form", { id: "create-form", onsubmit: (e) => { e.preventDefault(); submit(); } },
        h("div", { class: "form-line" },
          h("label", null, t("create.game") + " ",
            h("select", { id: "create-game", onchange: (e) => { form.game = e.target.value; form.options = {}; form.players = null; drawCreate(); } },
              meta.games.map((g) => h("option", { value: g.name, selected: g.name === gm.name }, g.title)))),
          h("label", null, t("create.players") + " ",
            h("select", { id: "create-players", onchange: (e) => { form.players = parseInt(e.target.value, 10); drawCreate(); } },
              players.map((n) => h("option", { value: String(n), selected: n === form.players }, String(n)))))),
        h("fieldset", { class: "options" }, h("legend", null, t("create.options")),
          optionInputs.length ? optionInputs : h("span", { class: "muted" }, t("create.nooptions"))),
        h("div", { class: "seat-rows" }, seatRows),
        tablebar.clockFields(form.table, bots, t, drawCreate),
        h("button", { type: "submit", class: "btn primary big", id: "create-submit" }, t("create.submit"))));
  }

  function drawCreated() {
    const { game, links } = created;
    const names = game.seats.map((s) => s.name);
    createBox.replaceChildren(
      h("h2", null, t("create.title")),
      h("p", null, t("create.created")),
      h("ul", { class: "links" }, links.map((l) => {
        const full = new URL(l.url, location.origin).href;
        const input = h("input", { class: "link", value: full, readonly: true, onclick: (e) => e.target.select() });
        return h("li", { "data-seat": String(l.seat) },
          h("span", { class: "seat-num" }, `${t("create.seat", { seat: l.seat })} · ${seatLabel(names, l.seat)}`),
          input,
          h("button", {
            class: "btn", type: "button", onclick: async (e) => {
              try { await navigator.clipboard.writeText(full); } catch (_) { input.select(); document.execCommand("copy"); }
              e.target.textContent = t("create.copied");
            },
          }, t("create.copy")));
      })),
      h("p", { class: "muted" }, t("create.private")),
      h("div", { class: "form-line" },
        h("a", { class: "btn primary big", id: "open-my-seat", href: links[0].url, "data-nav": "" }, t("create.open")),
        h("button", { class: "btn", type: "button", onclick: () => { created = null; drawCreate(); } }, t("create.another"))));
  }

  async function submit() {
    const name = myName();
    const humans = form.seats.filter((s) => s.kind === "human");
    if (!humans.length) { toast(t("create.needhuman")); return; }
    if (!name) { toast(t("lobby.needname")); document.getElementById("my-name").focus(); return; }
    const firstHuman = form.seats.findIndex((s) => s.kind === "human");
    const seats = form.seats.map((s, i) => (s.kind === "bot"
      ? { kind: "bot", bot: s.bot }
      : { kind: "human", name: i === firstHuman ? name : (s.name.trim() || null) }));
    try {
      const res = await api("/api/games", { method: "POST", body: { game: form.game, players: form.players, options: form.options, seats, table: tablebar.tableBody(form.table) } });
      const links = res.links || [];
      if (!links.length) { refresh(); return; }
      rememberSeat(res.game.id, links[0].seat, links[0].token);
      if (links.length === 1) { navigate(links[0].url); return; }
      rememberInvites(res.game.id, links);
      created = { game: res.game, links };
      drawCreate();
      refresh();
    } catch (err) {
      toast(t("error.generic", { message: err.message }));
    }
  }

  async function refresh() {
    try {
      const data = await api("/api/games");
      games = data.games || [];
      drawLists();
    } catch (err) {
      toast(t("error.network"));
    }
  }

  rerender = () => { drawCreate(); drawLists(); };
  drawCreate(); drawLists();
  try {
    meta = await getMeta();
  } catch (err) {
    meta = { games: [], bots: [] };
    toast(t("error.network"));
  }
  drawCreate();
  await refresh();
  timer = setInterval(() => { if (!document.hidden) refresh(); }, 5000);
  cleanup = () => clearInterval(timer);
}

// ------------------------------------------------------------------ game page
function showGame(root, gameId, token) {
  if (token) {
    // keep the key with the game so the lobby can offer to come back
    const prev = mySeats()[gameId];
    if (!prev || prev.token !== token) rememberSeat(gameId, prev ? prev.seat : null, token);
  }
  // held: a move chosen while the server was out of reach, sent on reconnect with its version
  const state = { view: null, log: [], connected: false, wasConnected: false, closed: false, error: null,
    pending: false, held: null, sentHeld: null };
  let ws = null;
  let retry = 0;
  let retryTimer = null;
  let table = null; // per-game UI state kept across renders (selections)

  const statusEl = h("span", { class: "conn" });
  const headEl = h("div", { class: "game-head" });
  const tableEl = h("section", { class: "table-bar", id: "table-bar", "aria-label": t("table.seats") });
  const hintEl = h("div", { class: "hint", id: "hint", "aria-live": "polite" });
  const actionsEl = h("div", { class: "action-bar", id: "action-bar" });
  const boardEl = h("div", { class: "board", id: "board" });
  const offlineEl = h("div", { class: "offline-note", id: "offline-note", role: "status", hidden: true });
  const belowEl = h("div", { class: "below", id: "below" });
  const logList = h("ol", { class: "log", id: "log", tabindex: "0", "aria-label": t("game.log") });
  // the log sits beside the board; on a phone it is folded under it (open on a tap)
  const narrow = window.matchMedia && window.matchMedia("(max-width: 980px)").matches;
  const logBox = h("details", { class: "log-box", id: "log-box", open: !narrow },
    h("summary", null, h("h2", null, t("game.log"))), logList);
  // what others did, said to screen readers as it happens (the log's own words)
  const announcer = h("div", { class: "sr", id: "announcer", "aria-live": "polite", "aria-atomic": "true" });
  let announced = null; // the last log index said (null: nothing yet, the history is not read out)

  function announce(words) {
    const lastIndex = state.log.length ? state.log[state.log.length - 1].index : -1;
    if (announced === null) { announced = lastIndex; return; }
    const mine = state.view && state.view.seat;
    const news = state.log.map((line, i) => [line, words[i]])
      .filter(([line]) => line.index > announced && line.seat !== mine).map(([, w]) => w);
    announced = Math.max(announced, lastIndex);
    if (news.length) announcer.textContent = news.slice(-4).join(" ");
  }

  root.replaceChildren(h("div", { class: "game-page" },
    headEl,
    h("div", { class: "game-grid" },
      h("div", { class: "game-main" }, tableEl, hintEl, offlineEl, actionsEl, boardEl, belowEl),
      logBox), announcer));

  function send(move) {
    const v = state.view;
    if (!v || state.pending || state.held) return;
    state.pending = true;
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ type: "move", move, version: v.version }));
      // the answer is the next view (or an error) on the socket
      setTimeout(() => { state.pending = false; }, 4000);
    } else {
      api(`/api/games/${encodeURIComponent(gameId)}/moves`, { method: "POST", body: { token, move, version: v.version } })
        .then((view) => { state.pending = false; applyView(view, false); })
        .catch((err) => {
          state.pending = false;
          // the server is out of reach: keep the move, with the version it was chosen at,
          // and send it when the connection is back (a stale one is then refused in words)
          if (err.status === undefined) { state.held = { move, version: v.version }; draw(); return; }
          toast(err.status === 409 ? t("game.stale", { move: moveWords(move) }) : t("game.refused", { message: err.message }));
          load();
        });
    }
  }

  function moveWords(move) {
    const v = state.view || {};
    const mod = TABLES[v.game];
    try {
      if (mod && mod.describeEvent && v.seat) return String(mod.describeEvent({ seat: v.seat, event: move }, v.names || [], t)).replace(/\.$/, "");
    } catch (_) { /* the notation then */ }
    return move;
  }

  function sendHeld() {
    const held = state.held;
    if (!held || !ws || ws.readyState !== WebSocket.OPEN) return;
    state.held = null;
    state.pending = true;
    state.sentHeld = held;
    ws.send(JSON.stringify({ type: "move", move: held.move, version: held.version }));
    // its answer is a view, or an error: a 409 then means the game moved on meanwhile
    setTimeout(() => { state.pending = false; if (state.sentHeld === held) state.sentHeld = null; }, 4000);
  }

  function applyView(msg, fromSocket) {
    const { type, ...view } = msg;
    if (state.view && view.version < state.view.version) return; // an older answer overtaken by the socket
    const byIndex = new Map(state.log.map((l) => [l.index, l]));
    for (const line of view.log || []) byIndex.set(line.index, line);
    state.log = [...byIndex.values()].sort((a, b) => a.index - b.index);
    if (!fromSocket && view.log) state.log = view.log.slice();
    if (state.view && view.version !== state.view.version) table = null;
    view.rawNames = view.names; // as the server has them; shown names are made at each draw (language)
    state.view = view;
    state.pending = false;
    state.error = null;
    draw();
    adopt(view);
  }

  // A seat link opened in a browser with a name takes that name (unless the seat has one);
  // a browser with a claimed player links the seat to it (once per page).
  const adopted = { name: false, player: false };
  function adopt(v) {
    const mine = v.seat && v.seats ? v.seats[v.seat - 1] : null;
    if (!mine || mine.kind !== "human" || !token) return;
    const me = players.myPlayer();
    if (me && !mine.player && !adopted.player) {
      adopted.player = true;
      api(`/api/games/${encodeURIComponent(gameId)}/player`, { method: "POST", body: { token, key: me.key } }).catch(() => {});
    } else if (!me && !mine.name && myName() && !adopted.name && v.status !== "finished") {
      adopted.name = true;
      api(`/api/games/${encodeURIComponent(gameId)}/name`, { method: "POST", body: { token, name: myName() } }).catch(() => {});
    }
  }

  // Who is connected: the views change only with the game, so the page asks every 4 s.
  let presence = null;
  function drawBar() {
    const v = state.view;
    if (!v || state.error) return;
    tablebar.renderTableBar(tableEl, { view: v, t, names: v.names || [], act: tableActions, hasPlayer: !!players.myPlayer(), presence });
  }
  async function pollPresence() {
    if (document.hidden || state.closed) return;
    try {
      const g = await api(`/api/games/${encodeURIComponent(gameId)}`);
      presence = g.seats.map((s) => !!s.connected);
      drawBar();
    } catch (_) { /* the socket's own error handling says what is wrong */ }
  }
  const presenceTimer = setInterval(pollPresence, 4000);

  // The table bar's actions (clock.js): I'm back, rename, votes, play again.
  const tableActions = {
    back: () => api(`/api/games/${encodeURIComponent(gameId)}/back`, { method: "POST", body: { token } })
      .then(() => toast(t("table.back.done"), "ok")).catch((err) => toast(t("error.generic", { message: err.message }))),
    rename: () => {
      const v = state.view;
      const now = v && v.seat ? v.names[v.seat - 1] || "" : "";
      const name = window.prompt(t("table.rename.prompt"), now);
      if (name === null) return;
      api(`/api/games/${encodeURIComponent(gameId)}/name`, { method: "POST", body: { token, name: name.trim().slice(0, 40) || null } })
        .catch((err) => toast(t("error.generic", { message: err.message })));
    },
    vote: (seat) => api(`/api/games/${encodeURIComponent(gameId)}/vote`, { method: "POST", body: { token, seat } })
      .then((res) => toast(res.absent ? t("table.vote.absent") : t("table.vote.done", res), "ok"))
      .catch((err) => toast(t("error.generic", { message: err.message }))),
    claim: async () => {
      const name = myName() || (window.prompt(t("players.name")) || "").trim();
      if (!name) return;
      try {
        await players.claim(name);
        adopted.player = false;
        if (state.view) adopt(state.view);
      } catch (err) { toast(t("error.generic", { message: err.message })); }
    },
    again: () => api(`/api/games/${encodeURIComponent(gameId)}/again`, { method: "POST", body: { token } })
      .then((res) => { rememberSeat(res.game, res.seat, res.token); navigate(res.url); })
      .catch((err) => toast(t("error.generic", { message: err.message }))),
  };

  // The search's top moves for this seat (GET /api/games/<id>/hint), from its own view only.
  async function askHint() {
    const button = document.getElementById("hint-button");
    if (button) { button.disabled = true; button.textContent = t("hint.thinking"); }
    try {
      const answer = await api(`/api/games/${encodeURIComponent(gameId)}/hint?token=${encodeURIComponent(token)}`);
      const v = state.view || {};
      const mod = TABLES[v.game];
      const names = v.names || [];
      // the search's value of a move: mostly the chance to win; solo, no one to beat
      const moves = answer.moves.map((m) => t(v.players === 1 || m.expected === null || m.expected === undefined ? "hint.move.solo" : "hint.move", {
        move: mod && v.seat ? String(mod.describeEvent({ seat: v.seat, event: m.move }, names, t)).replace(/\.$/, "") : m.move,
        share: Math.round(m.share * 100), expected: Math.round((m.expected || 0) * 100),
      })).join("; ");
      toast(t("hint.result", { moves }), "ok");
    } catch (err) {
      toast(t("error.generic", { message: err.message }));
    } finally {
      const again = document.getElementById("hint-button");
      if (again) { again.disabled = false; again.textContent = t("hint.button"); }
    }
  }

  function draw() {
    const v = state.view;
    statusEl.className = "conn " + (state.connected ? "on" : "off");
    statusEl.textContent = state.connected ? t("game.live") : t("game.offline");
    // while the connection is down the board is paused; a move clicked then waits for it
    const paused = Boolean(state.held) || (!state.connected && state.wasConnected && !state.error);
    boardEl.classList.toggle("paused", paused);
    boardEl.setAttribute("aria-busy", paused ? "true" : "false");
    offlineEl.hidden = !paused;
    offlineEl.textContent = state.held ? t("game.held", { move: moveWords(state.held.move) }) : paused ? t("game.paused") : "";
    if (state.error) {
      headEl.replaceChildren(h("a", { class: "btn", href: "/", "data-nav": "" }, t("game.back")));
      hintEl.textContent = state.error;
      actionsEl.replaceChildren(); boardEl.replaceChildren(); belowEl.replaceChildren(); logList.replaceChildren();
      return;
    }
    if (!v) { hintEl.textContent = t("loading"); return; }
    v.names = shownNames(seatNames(v.rawNames, v.seats, t, has), v.players);
    boardEl.dataset.version = String(v.version);
    boardEl.dataset.status = v.status;
    const mod = TABLES[v.game];
    const title = titles[v.game] || (mod && mod.TITLE) || v.game;
    headEl.replaceChildren(...[
      h("a", { class: "btn", href: "/", "data-nav": "" }, t("game.back")),
      h("h1", null, title),
      h("span", { class: "who" }, v.seat ? t("game.seat", { seat: v.seat, name: seatLabel(v.names, v.seat) }) : t("game.spectator")),
      !v.seat && mySeats()[gameId] && mySeats()[gameId].token
        ? h("a", { class: "btn primary", href: playUrl(gameId, mySeats()[gameId].token), "data-nav": "" }, t("lobby.resume", { seat: mySeats()[gameId].seat || "?" }))
        : null,
      h("span", { class: "status-tag " + v.status }, t("status." + v.status)),
      v.seed_known ? h("span", { class: "seed-known", title: t("lobby.seedknown.why") }, t("lobby.seedknown")) : null,
      statusEl,
      h("span", { class: "spacer" }),
      token && v.legal && v.legal.length ? h("button", { class: "btn", id: "hint-button", onclick: askHint }, t("hint.button")) : null,
      v.status === "finished" ? h("a", { class: "btn", id: "replay-link", href: `/replay/${encodeURIComponent(gameId)}`, "data-nav": "" }, t("replay.link")) : null,
      v.status === "finished" ? h("a", { class: "btn", href: `/api/games/${encodeURIComponent(gameId)}/record`, download: `${v.game}-${gameId}.json` }, t("game.record")) : null].filter(Boolean));
    logBox.querySelector("h2").textContent = t("game.log");
    const names = v.names || [];
    const standins = tablebar.standinIndex(v);
    drawBar();
    document.title = `${v.legal && v.legal.length ? "● " : ""}${title} · ${t("app.title")}`;
    if (mod) {
      if (!table) table = {};
      mod.render({ view: v, log: state.log, board: boardEl, hint: hintEl, actions: actionsEl, below: belowEl, send, t, ui: table, redraw: draw, h, notify: (m) => toast(m, "ok", "table") });
    } else {
      drawGeneric(v);
    }
    // the log after the table: a table may learn what an event did while drawing it
    const words = logWords(mod, state.log, names, t, v.observation);
    logList.replaceChildren(...(state.log.length ? state.log.map((line, i) => h("li", { class: line.seat ? "move" : "chance", "data-index": String(line.index), "data-standin": standins.get(line.index) || null },
      words[i], standins.has(line.index) ? [" ", h("em", { class: "standin" }, t(`log.standin.${standins.get(line.index)}`))] : null)) : [h("li", { class: "muted" }, t("log.empty"))]));
    announce(words);
    logList.scrollTop = logList.scrollHeight;
  }

  function drawGeneric(v) {
    boardEl.replaceChildren(h("p", { class: "muted" }, t("game.unknown")),
      h("pre", { class: "obs" }, JSON.stringify(v.observation, null, 1)));
    belowEl.replaceChildren();
    if (v.status === "finished") hintEl.textContent = t("game.over");
    else if (v.legal && v.legal.length) hintEl.textContent = t("game.yourturn");
    else if (typeof v.to_move === "number" && v.seats && v.seats[v.to_move - 1] && v.seats[v.to_move - 1].kind === "human" && v.seats[v.to_move - 1].claimed === false) hintEl.textContent = t("game.waitingjoin", { seat: v.to_move });
    else hintEl.textContent = v.to_move && v.to_move !== "chance" ? t("game.waiting", { name: seatLabel(v.names, v.to_move) }) : t("game.waitingchance");
    actionsEl.replaceChildren(...(v.legal || []).map((m) => h("button", { class: "btn move", "data-move": m, onclick: () => send(m) }, m)));
  }

  function connect() {
    if (state.closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const since = state.log.length ? state.log[state.log.length - 1].index + 1 : 0;
    const q = new URLSearchParams();
    if (token) q.set("token", token);
    q.set("since", String(since));
    ws = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(gameId)}/ws?${q}`);
    let pinger = null;
    ws.onopen = () => {
      retry = 0; state.connected = true; state.wasConnected = true; draw();
      sendHeld();
      // keep idle connections alive through proxies
      pinger = setInterval(() => { if (ws && ws.readyState === WebSocket.OPEN) ws.send('{"type": "ping"}'); }, 25000);
    };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch (_) { return; }
      if (msg.type === "view") applyView(msg, true);
      else if (msg.type === "error") {
        const wasMove = state.pending;
        state.pending = false;
        const held = state.sentHeld;
        state.sentHeld = null;
        if (held && msg.status === 409) toast(t("game.stale", { move: moveWords(held.move) }));
        else toast(wasMove ? t("game.refused", { message: msg.error || "?" }) : t("error.generic", { message: msg.error || "?" }));
        if (state.view && msg.legal) { state.view.legal = msg.legal; }
        table = null;
        draw();
      }
    };
    ws.onclose = (e) => {
      clearInterval(pinger);
      state.connected = false;
      ws = null;
      if (state.closed) return;
      if (e.code === 4429) {   // a limit (sockets per game, sockets a minute): its error was shown; later
        draw();
        retryTimer = setTimeout(connect, 30000);
        return;
      }
      if (e.code >= 4000 && e.code < 5000) {
        // the server refused this page for good (unknown game, wrong key, hidden information)
        const status = e.code - 4000;
        state.error = status === 404 ? t("game.notfound") : status === 403 ? (token ? t("game.badtoken") : t("game.hidden")) : t("error.generic", { message: e.reason || status });
        draw();
        return;
      }
      draw();
      const delay = Math.min(8000, 500 * 2 ** retry++);
      retryTimer = setTimeout(connect, delay);
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  async function load() {
    const q = token ? `?token=${encodeURIComponent(token)}` : "";
    try {
      const view = await api(`/api/games/${encodeURIComponent(gameId)}/view${q}`);
      if (view.seat && token) rememberSeat(gameId, view.seat, token);
      applyView(view, false);
      setTimeout(pollPresence, 300);    // after the socket opened: this page counts too
      return true;
    } catch (err) {
      if (err.status === 404) state.error = t("game.notfound");
      else if (err.status === 403) state.error = token ? t("game.badtoken") : t("game.hidden");
      else { toast(t("error.network")); return false; }
      draw();
      return false;
    }
  }

  rerender = draw;
  getMeta().then((m) => {
    for (const g of m.games || []) titles[g.name] = g.title;
    if (state.view) draw();
  }).catch(() => {});
  cleanup = () => {
    state.closed = true;
    clearInterval(presenceTimer);
    tablebar.stopTicker();
    clearTimeout(retryTimer);
    if (ws) ws.close();
  };
  draw();
  tablebar.syncTime().then(() => { if (state.view) draw(); });
  load().then((ok) => { if (ok || !state.error) connect(); });
}

// ------------------------------------------------------------------ routing
function route() {
  cleanup();
  cleanup = () => {};
  rerender = () => {};
  const root = document.getElementById("app");
  const rp = replay.route(root, TABLES); // /replay/<id> and /upload (replay.js)
  if (rp) { ({ cleanup, rerender } = rp); return; }
  const pp = players.route(root); // /leaderboard[/<game>] and /player/<name> (players.js)
  if (pp) { ({ cleanup, rerender } = pp); return; }
  const m = location.pathname.match(/^\/play\/([^/]+)\/?$/);
  if (m) {
    const token = new URLSearchParams(location.search).get("token");
    showGame(root, decodeURIComponent(m[1]), token);
  } else {
    showLobby(root);
  }
}

export function navigate(url) {
  history.pushState(null, "", url);
  route();
  window.scrollTo(0, 0);
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
