// The game page (/play/<id>[?token=T]): a seat's (or a spectator's) view of one game,
// kept live by the game's socket (docs/web-api.md): the table drawn by the game's module
// (TABLES, from each game's folder: tables.js; a plain list of legal moves without one), the
// table bar (clock.js: seats, clocks, votes), the log in words with an aria-live region
// saying what others did, hints, and a move chosen while the connection is down held
// and sent on reconnect with its version. showGame(root, gameId, token, page, TABLES)
// sets page.rerender and page.cleanup.
import { h } from "./dom.js";
import { api, refusalText, store } from "./net.js";
import { t, has } from "./i18n.js";
import { liveNews, logWords, seatNames, spoken } from "./logwords.js";
import * as tablebar from "./clock.js";
import * as players from "./players.js";
import { myName, mySeats, rememberSeat } from "./mine.js";
import { gameTitle, getMeta, navigate, playUrl, seatLabel, shownNames, toast } from "./page.js";
import { makeChat } from "./chat.js";
import { logNotes, renderSeatBar, turnCame } from "./seatplay.js";

// the games' titles from GET /api/meta, for a game without its own in i18n.js (gameTitle)
const titles = {};

export function showGame(root, gameId, token, page, TABLES) {
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
  const seatBarEl = h("div", { class: "seat-bar", id: "seat-bar", hidden: true });
  const chat = makeChat({ gameId, token, t });
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
  let announcedWords = null; // that line's words then (a line the board completes later grows)

  function announce(words) {
    const lastIndex = state.log.length ? state.log[state.log.length - 1].index : -1;
    const wordsAt = (index) => { const i = state.log.findIndex((l) => l.index === index); return i < 0 ? null : words[i]; };
    if (announced === null) { announced = lastIndex; announcedWords = wordsAt(lastIndex); return; }
    const v = state.view || {};
    const mod = TABLES[v.game];
    const plain = (line) => logWords(mod && mod.describeEvent ? { describeEvent: mod.describeEvent } : null, [line], v.names || [], t, null)[0];
    const news = liveNews(state.log, words, plain, announced, v.seat, announcedWords);
    announced = Math.max(announced, lastIndex);
    announcedWords = wordsAt(announced);
    if (news.length) announcer.textContent = spoken(news.slice(-4));
  }

  root.replaceChildren(h("div", { class: "game-page" },
    headEl,
    h("div", { class: "game-grid" },
      h("div", { class: "game-main" }, tableEl, seatBarEl, hintEl, offlineEl, actionsEl, boardEl, belowEl),
      h("div", { class: "game-side" }, logBox, chat.el)), announcer));

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
    // a take-back goes back in versions: the view that says so (one more take-back) stands
    const backs = (x) => ((x && x.table && x.table.takebacks) || []).length;
    const rewound = state.view && backs(view) > backs(state.view);
    if (state.view && view.version < state.view.version && !rewound) return; // an older answer overtaken by the socket
    if (rewound) state.log = state.log.filter((l) => l.index < view.version);
    const wasMyTurn = !!(state.view && state.view.legal && state.view.legal.length);
    const byIndex = new Map(state.log.map((l) => [l.index, l]));
    for (const line of view.log || []) byIndex.set(line.index, line);
    state.log = [...byIndex.values()].sort((a, b) => a.index - b.index);
    if (!fromSocket && view.log) state.log = view.log.slice();
    if (state.view && view.version !== state.view.version) table = null;
    view.rawNames = view.names; // as the server has them; shown names are made at each draw (language)
    const first = !state.view;
    const ended = state.view && state.view.status !== "finished" && view.status === "finished";
    state.view = view;
    state.pending = false;
    state.error = null;
    if (!first && !wasMyTurn && view.legal && view.legal.length) turnCame(view, t, gameTitle(view.game, titles[view.game]));
    draw();
    bringIntoView(first, ended);
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
  let voteReady = null; // per seat: a vote may hand it to a bot now (vote_in 0: the server says so)
  function drawBar() {
    const v = state.view;
    if (!v || state.error) return;
    tablebar.renderTableBar(tableEl, { view: v, t, names: v.names || [], act: tableActions, hasPlayer: !!players.myPlayer(), presence, voteReady });
  }
  async function pollPresence() {
    if (document.hidden || state.closed) return;
    try {
      const g = await api(`/api/games/${encodeURIComponent(gameId)}`);
      presence = g.seats.map((s) => !!s.connected);
      voteReady = g.seats.map((s) => s.vote_in === 0);
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
    store.set("thebes.lastgame", v.game); // the leaderboard opens on the game last played (players.js)
    const mod = TABLES[v.game];
    const title = gameTitle(v.game, titles[v.game]);
    headEl.replaceChildren(...[
      h("a", { class: "btn", href: "/", "data-nav": "" }, t("game.back")),
      h("h1", null, title),
      h("span", { class: "who" }, v.seat ? (v.names[v.seat - 1] ? t("game.seat", { seat: v.seat, name: v.names[v.seat - 1] }) : t("game.seat.noname", { seat: v.seat })) : t("game.spectator")),
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
    renderSeatBar(seatBarEl, { view: v, gameId, token, t, decided: state.log.some((l) => l.seat === v.seat) });
    chat.update(v);
    document.title = `${v.legal && v.legal.length ? "● " : ""}${title} · ${t("app.title")}`;
    if (mod) {
      if (!table) table = {};
      mod.render({ view: v, log: state.log, board: boardEl, hint: hintEl, actions: actionsEl, below: belowEl, send, t, ui: table, redraw: draw, h, notify: (m) => toast(m, "ok", "table") });
    } else {
      drawGeneric(v);
    }
    // the log after the table: a table may learn what an event did while drawing it
    const words = logWords(mod, state.log, names, t, v.observation);
    const notes = logNotes(v, t);
    const noteItems = (i) => (notes.get(i) || []).map((text) => h("li", { class: "note", "data-note": String(i) }, text));
    logList.replaceChildren(...(state.log.length ? state.log.map((line, i) => [noteItems(line.index), h("li", { class: line.seat ? "move" : "chance", "data-index": String(line.index), "data-standin": standins.get(line.index) || null },
      words[i], standins.has(line.index) ? [" ", h("em", { class: "standin" }, t(`log.standin.${standins.get(line.index)}`))] : null)]).flat() : [h("li", { class: "muted" }, t("log.empty"))]),
      ...[...notes.keys()].filter((i) => i >= (state.log.length ? state.log[state.log.length - 1].index + 1 : 0)).map(noteItems).flat());
    announce(words);
    logList.scrollTop = logList.scrollHeight;
  }

  // A phone opens the table at the line above the board (the header, the game's head and
  // the table bar fill the first screen otherwise); a game that ends while the page is open
  // brings its end (the table bar's Play again, the line naming the winner) into view.
  function bringIntoView(first, ended) {
    const phone = window.matchMedia && window.matchMedia("(max-width: 700px)").matches;
    if (ended) tableEl.scrollIntoView({ block: "start" });
    else if (first && phone && window.scrollY < 10) hintEl.scrollIntoView({ block: "start" });
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
        else toast(wasMove ? t("game.refused", { message: refusalText(msg) || "?" }) : t("error.generic", { message: refusalText(msg) || "?" }));
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

  page.rerender = draw;
  getMeta().then((m) => {
    for (const g of m.games || []) titles[g.name] = g.title;
    if (state.view) draw();
  }).catch(() => {});
  page.cleanup = () => {
    state.closed = true;
    clearInterval(presenceTimer);
    chat.cleanup();
    tablebar.stopTicker();
    clearTimeout(retryTimer);
    if (ws) ws.close();
  };
  draw();
  tablebar.syncTime().then(() => { if (state.view) draw(); });
  load().then((ok) => { if (ok || !state.error) connect(); });
}
