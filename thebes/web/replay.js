// The replay viewer (/replay/<id>); the record upload page (/upload) is upload.js.
// app.js hands these two routes over with route(root, tables); the positions come
// from GET /api/games/<id>/replay (docs/web-api.md, Replays and uploaded records) and
// are drawn by the game's own table module, read-only (a send that does nothing,
// no legal moves), or as the plain observation when the game has no table module.
import { adoptStyle, h } from "./dom.js";
import { api, store } from "./net.js";
import { t, addStrings, getLang, has } from "./i18n.js";
import { logWords, seatNames } from "./logwords.js";
import { createReview } from "./review.js";
import { showUpload } from "./upload.js";
import { gameTitle, getMeta, seatLabel, shownNames, toast } from "./page.js";

addStrings({
  en: {
    "replay.link": "Replay",
    "replay.title": "Replay · {game}",
    "replay.back": "← Lobby",
    "replay.start": "To the start",
    "replay.prev": "One event back",
    "replay.next": "One event forward",
    "replay.end": "To the end",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.speed": "Speed",
    "replay.speed.unit": "{n} events/s",
    "replay.position": "Event {n} of {total}",
    "replay.slider": "Position in the game",
    "replay.start.label": "The start: nothing played yet",
    "replay.persp.omniscient": "Everything shown (the game is over)",
    "replay.persp.imported": "Everything shown (uploaded record)",
    "replay.persp.seat": "Seat {seat}'s view ({name})",
    "replay.persp.public": "Public view (nothing is hidden in this game)",
    "replay.live": "The game is still going on: new events appear here.",
    "replay.forbidden": "This game is still going on and hides information: only a player can replay it, from their seat's link.",
    "replay.notfound": "There is no such game.",
    "replay.record": "Download the record",
    "replay.play.game": "Open the game",
    "replay.keys": "Keys: ← → step, Home / End, space plays or pauses. Select a line of the log to jump there.",
    "replay.generic": "This game has no table drawing yet; here is its position as data.",
    "replay.over": "The end of the game.",
    "replay.tomove": "{name} to move.",
    "replay.chance": "Chance to draw.",
  },
  fr: {
    "replay.link": "Revoir",
    "replay.title": "Relecture · {game}",
    "replay.back": "← Salon",
    "replay.start": "Au début",
    "replay.prev": "Un événement en arrière",
    "replay.next": "Un événement en avant",
    "replay.end": "À la fin",
    "replay.play": "Lire",
    "replay.pause": "Pause",
    "replay.speed": "Vitesse",
    "replay.speed.unit": "{n} évén./s",
    "replay.position": "Événement {n} sur {total}",
    "replay.slider": "Position dans la partie",
    "replay.start.label": "Le début : rien n’est encore joué",
    "replay.persp.omniscient": "Tout est montré (la partie est finie)",
    "replay.persp.imported": "Tout est montré (partie importée)",
    "replay.persp.seat": "Vue de la place {seat} ({name})",
    "replay.persp.public": "Vue publique (ce jeu ne cache rien)",
    "replay.live": "La partie continue : les nouveaux événements s’ajoutent ici.",
    "replay.forbidden": "Cette partie est en cours et cache des informations : seul un joueur peut la revoir, depuis le lien de sa place.",
    "replay.notfound": "Cette partie n’existe pas.",
    "replay.record": "Télécharger la partie",
    "replay.play.game": "Ouvrir la partie",
    "replay.keys": "Touches : ← → pas à pas, Début / Fin, espace lit ou met en pause. Choisissez une ligne du journal pour y aller.",
    "replay.generic": "Ce jeu n’a pas encore de plateau dessiné ; voici sa position en données.",
    "replay.over": "La fin de la partie.",
    "replay.tomove": "À {name} de jouer.",
    "replay.chance": "Au hasard de tirer.",
  },
});

const STYLE = `
.replay-bar { display: flex; flex-wrap: wrap; align-items: center; gap: .45rem; margin: .5rem 0; }
.replay-bar .btn { min-width: 2.4rem; text-align: center; }
.replay-bar input[type=range] { flex: 1; min-width: 180px; accent-color: var(--gold, #f2b233); }
.replay-pos { font-variant-numeric: tabular-nums; min-width: 9rem; }
.replay-log li { cursor: pointer; border-radius: 4px; padding-left: .2rem; }
.replay-log li.ahead { color: var(--muted, #b7a88e); }
.replay-log li.current { background: #4a3b1c; outline: 1px solid var(--gold, #f2b233); opacity: 1; }
.replay-log li:hover { background: #3a3226; }
.replay-persp { font-size: .85rem; padding: .1rem .55rem; border-radius: 999px; background: #2b3a4a; }
.replay-note { margin: .3rem 0; }
@media (max-width: 700px), (pointer: coarse) {
  .replay-bar input[type=range], .replay-bar select { min-height: 44px; }
  .replay-bar .btn { min-width: 44px; }
  .replay-bar label { display: inline-flex; align-items: center; gap: .4rem; min-height: 44px; }
}
`;
function ensureStyle() {
  adoptStyle("replay-style", STYLE);
}

// ------------------------------------------------------------------ routing
// Returns {cleanup, rerender} when the page is one of ours, else null.
export function route(root, tables) {
  const m = location.pathname.match(/^\/replay\/([^/]+)\/?$/);
  if (m) {
    ensureStyle();
    const q = new URLSearchParams(location.search);
    return showReplay(root, decodeURIComponent(m[1]), q.get("token"), q.get("at"), tables || {});
  }
  if (/^\/upload\/?$/.test(location.pathname)) return showUpload(root);
  return null;
}

// ------------------------------------------------------------------ viewer
const SPEEDS = [0.5, 1, 2, 4, 8, 16];

// the games' titles from GET /api/meta: a game the client has no title for (a plugin's)
const metaTitles = {};

function showReplay(root, gameId, tokenParam, atParam, tables) {
  const mine = store.get("thebes.seats", {})[gameId];
  const token = tokenParam || (mine && mine.token) || null;
  const st = {
    // endObs: the observation at the end of the log held, so a line's words (which may
    // need the observation: a cycle's scores) are the same wherever the slider stands
    total: null, index: 0, log: [], endObs: null, view: null, error: null, playing: false,
    speed: store.get("thebes.replay.speed", 2), seq: 0, shown: -1, closed: false,
  };
  let playTimer = null;
  let ui = {};

  const headEl = h("div", { class: "game-head" });
  const barEl = h("div", { class: "replay-bar", id: "replay-controls" });
  const noteEl = h("div", { class: "muted replay-note", id: "replay-note" });
  const hintEl = h("div", { class: "hint", id: "hint", "aria-live": "polite" });
  const actionsEl = h("div", { class: "action-bar", id: "action-bar" });
  const boardEl = h("div", { class: "board", id: "board" });
  const belowEl = h("div", { class: "below", id: "below" });
  const reviewEl = h("section", { class: "review", id: "review" });
  let review = null; // the game review (review.js), once the game is over or uploaded
  const logList = h("ol", { class: "log replay-log", id: "log", start: "0", tabindex: "0", "aria-label": t("game.log") });
  const logTitle = h("h2", null, t("game.log"));
  const logBox = h("aside", { class: "log-box" }, logTitle, logList);
  root.replaceChildren(h("div", { class: "game-page replay-page", id: "replay" },
    headEl, barEl, noteEl,
    h("div", { class: "game-grid" }, h("div", { class: "game-main" }, hintEl, actionsEl, boardEl, belowEl, reviewEl), logBox)));

  function url(at, since) {
    const q = new URLSearchParams();
    if (token) q.set("token", token);
    if (at !== null && at !== undefined) q.set("at", String(at));
    q.set("since", String(since));
    return `/api/games/${encodeURIComponent(gameId)}/replay?${q}`;
  }

  function fail(err) {
    stop();
    if (err.status === 404) st.error = t("replay.notfound");
    else if (err.status === 403) st.error = t("replay.forbidden");
    else { toast(t("error.generic", { message: err.message })); return; }
    draw();
  }

  // the whole log so far (as this viewer sees it) and the number of events
  async function loadAll(at) {
    const first = await api(url(null, st.log.length));
    mergeLog(first.log);
    st.total = first.events;
    st.endObs = first.observation;
    // a finished game or an upload opens at its first event (docs/web.md), a game in
    // progress at its last one (the viewer then follows it); ?at= says where otherwise
    if ((at === null || at === undefined) && !first.finished && !first.imported) {
      st.index = first.index; st.view = first; st.shown = first.index; drawAll(); return;
    }
    await goTo(at === null || at === undefined ? 0 : at);
  }

  function mergeLog(lines) {
    const byIndex = new Map(st.log.map((l) => [l.index, l]));
    for (const line of lines || []) byIndex.set(line.index, line);
    st.log = [...byIndex.values()].sort((a, b) => a.index - b.index);
  }

  async function goTo(n) {
    if (st.total === null) return;
    n = Math.max(0, Math.min(st.total, n));
    st.index = n;
    drawBar();
    const seq = ++st.seq;
    try {
      const v = await api(url(n, n));
      if (seq !== st.seq || st.closed) return;
      st.view = v;
      st.shown = v.index;
      if (v.events > st.total) { // a game in progress moved on: fetch the new log lines
        const more = await api(url(null, st.log.length));
        mergeLog(more.log);
        st.total = more.events;
        st.endObs = more.observation;
      }
      drawAll();
    } catch (err) { fail(err); }
  }

  function step(d) { stop(); goTo(st.index + d); }

  function play() {
    if (st.total === null) return;
    if (st.index >= st.total) goTo(0);
    st.playing = true;
    drawBar();
    tick();
  }
  // Playing keeps to the clock: event k of the run is due k / speed seconds after it
  // started; when fetching and drawing are slower than that, it jumps to the event due
  // (so 16 events/s is 16 events/s, not 1 / (1/16 s + the time to draw)).
  function tick() {
    clearTimeout(playTimer);
    if (!st.playing) return;
    const started = performance.now();
    const from = st.index;
    const speed = st.speed;
    const step = async () => {
      if (!st.playing || st.closed || st.speed !== speed) return;
      if (st.index >= st.total) { stop(); return; }
      const due = from + Math.floor(((performance.now() - started) * speed) / 1000);
      await goTo(Math.min(st.total, Math.max(due, st.index + 1)));
      const next = started + ((st.index - from + 1) * 1000) / speed;
      playTimer = setTimeout(step, Math.max(0, next - performance.now()));
    };
    playTimer = setTimeout(step, 1000 / speed);
  }
  function stop() { st.playing = false; clearTimeout(playTimer); drawBar(); }

  function drawHead() {
    const v = st.view;
    const title = v ? gameTitle(v.game, metaTitles[v.game]) : "";
    document.title = `${title ? t("replay.title", { game: title }) + " · " : ""}${t("app.title")}`;
    let persp = null;
    if (v) {
      if (v.imported) persp = t("replay.persp.imported");
      else if (v.perspective === "omniscient") persp = t("replay.persp.omniscient");
      else if (v.perspective === "seat") persp = t("replay.persp.seat", { seat: v.seat, name: seatLabel(shownNames(seatNames(v.names, v.seats, t, has), v.players), v.seat) });
      else persp = t("replay.persp.public");
    }
    const canDownload = v && !v.imported && (v.finished || !v.hidden_information); // as GET /record allows
    headEl.replaceChildren(...[
      h("a", { class: "btn", href: "/", "data-nav": "" }, t("replay.back")),
      h("h1", null, t("replay.title", { game: title })),
      persp ? h("span", { class: "replay-persp", id: "replay-perspective", "data-perspective": v.perspective }, persp) : null,
      h("span", { class: "spacer" }),
      v && !v.imported ? h("a", { class: "btn", href: `/play/${encodeURIComponent(gameId)}` + (token ? `?token=${encodeURIComponent(token)}` : ""), "data-nav": "" }, t("replay.play.game")) : null,
      canDownload ? h("a", { class: "btn", id: "replay-record", href: `/api/games/${encodeURIComponent(gameId)}/record`, download: `${v.game}-${gameId}.json` }, t("replay.record")) : null,
      h("a", { class: "btn", href: "/upload", "data-nav": "" }, t("upload.link")),
    ].filter(Boolean));
  }

  // the controls are built once per language and updated in place (a button being
  // clicked is never replaced under the pointer while a game plays)
  let bar = null;
  function buildBar() {
    const btn = (id, label, glyph, onclick) => h("button", { class: "btn", id, type: "button", title: label, "aria-label": label, onclick }, glyph);
    bar = {
      lang: getLang(),
      first: btn("replay-first", t("replay.start"), "|◀", () => { stop(); goTo(0); }),
      prev: btn("replay-prev", t("replay.prev"), "◀", () => step(-1)),
      play: btn("replay-play", t("replay.play"), "", () => { if (st.playing) stop(); else play(); }),
      next: btn("replay-next", t("replay.next"), "▶", () => step(1)),
      last: btn("replay-last", t("replay.end"), "▶|", () => { stop(); goTo(st.total); }),
      slider: h("input", { type: "range", id: "replay-slider", min: "0", "aria-label": t("replay.slider"),
        oninput: (e) => { const n = parseInt(e.target.value, 10); stop(); goTo(n); } }),
      pos: h("span", { class: "replay-pos", id: "replay-position" }),
      speed: h("select", { id: "replay-speed", "aria-label": t("replay.speed"), onchange: (e) => { st.speed = parseFloat(e.target.value); store.set("thebes.replay.speed", st.speed); if (st.playing) tick(); } },
        SPEEDS.map((s) => h("option", { value: String(s), selected: s === st.speed }, t("replay.speed.unit", { n: s.toLocaleString(getLang()) })))),
    };
    barEl.replaceChildren(bar.first, bar.prev, bar.play, bar.next, bar.last, bar.slider, bar.pos,
      h("label", null, t("replay.speed") + " ", bar.speed));
  }

  function drawBar() {
    if (st.error || st.total === null) { barEl.replaceChildren(); bar = null; return; }
    if (!bar || bar.lang !== getLang() || !barEl.contains(bar.play)) buildBar();
    const n = st.index;
    const total = st.total;
    bar.first.disabled = n <= 0;
    bar.prev.disabled = n <= 0;
    bar.next.disabled = n >= total;
    bar.last.disabled = n >= total;
    const label = st.playing ? t("replay.pause") : t("replay.play");
    bar.play.textContent = (st.playing ? "‖ " : "▶ ") + label;
    bar.play.title = label;
    bar.play.setAttribute("aria-label", label);
    bar.play.dataset.playing = st.playing ? "1" : "0";
    bar.slider.max = String(total);
    if (document.activeElement !== bar.slider || !st.playing) bar.slider.value = String(n);
    bar.pos.dataset.index = String(n);
    bar.pos.dataset.total = String(total);
    bar.pos.textContent = t("replay.position", { n, total });
  }

  function drawLog() {
    const v = st.view;
    const mod = v && tables[v.game];
    const names = v ? shownNames(seatNames(v.names, v.seats, t, has), v.players) : [];
    const n = st.shown < 0 ? st.index : st.shown;
    logTitle.textContent = t("game.log");
    const words = logWords(mod, st.log, names, t, st.endObs || (v ? v.observation : null));
    logList.replaceChildren(h("li", { class: "chance" + (n === 0 ? " current" : ""), "data-index": "-1", value: "0", onclick: () => { stop(); goTo(0); } }, t("replay.start.label")),
      ...st.log.map((line, i) => h("li", {
        class: `${line.seat ? "move" : "chance"}${line.index < n - 1 ? " done" : line.index === n - 1 ? " current" : " ahead"}`,
        "data-index": String(line.index), value: String(line.index + 1),
        onclick: () => { stop(); goTo(line.index + 1); },
      }, words[i], review ? review.annotate(line.index) : null)));
    const cur = logList.querySelector("li.current");
    if (cur) {
      const top = cur.offsetTop - logList.offsetTop;
      if (top < logList.scrollTop || top > logList.scrollTop + logList.clientHeight - 30) logList.scrollTop = Math.max(0, top - logList.clientHeight / 2);
    }
  }

  function drawBoard() {
    const v = st.view;
    if (!v) return;
    boardEl.dataset.index = String(v.index);
    boardEl.dataset.version = String(v.index);
    boardEl.dataset.status = v.status;
    const names = shownNames(seatNames(v.names, v.seats, t, has), v.players);
    const view = { ...v, names, legal: [] };
    const mod = tables[v.game];
    noteEl.textContent = (!v.finished && !v.imported ? t("replay.live") + " " : "") + t("replay.keys");
    if (mod && mod.render) {
      try {
        mod.render({ view, log: st.log.slice(0, v.index), board: boardEl, hint: hintEl, actions: actionsEl, below: belowEl, send: () => {}, t, ui, redraw: drawBoard, h, notify: () => {} });
        actionsEl.replaceChildren();
        return;
      } catch (err) {
        console.warn("table module failed in the replay; showing the plain view", err);
      }
    }
    drawGeneric(view);
  }

  function drawGeneric(v) {
    boardEl.replaceChildren(h("p", { class: "muted" }, t("replay.generic")),
      h("pre", { class: "obs" }, JSON.stringify(v.observation, null, 1)));
    belowEl.replaceChildren();
    actionsEl.replaceChildren();
    if (v.status === "finished") hintEl.textContent = t("replay.over");
    else if (typeof v.to_move === "number") hintEl.textContent = t("replay.tomove", { name: seatLabel(v.names, v.to_move) });
    else hintEl.textContent = t("replay.chance");
  }

  function drawAll() {
    if (st.error) { draw(); return; }
    ui = {}; // selections of the table module never carry from one position to the next
    drawHead(); drawBar(); drawBoard(); drawLog(); mountReview();
  }

  // "Review this game": only where everything may be shown (a finished game, an upload)
  function mountReview() {
    const v = st.view;
    if (!review && v && (v.finished || v.imported)) {
      const mod = tables[v.game];
      review = createReview({
        gameId, el: reviewEl, total: () => st.total, names: () => shownNames(v.names, v.players),
        goTo: (n) => { stop(); goTo(n); },
        // one move out of context: the module's words for a single event, else the notation
        describe: (seat, text) => logWords(mod && mod.describeEvent ? { describeEvent: mod.describeEvent } : null,
                                           [{ index: 0, seat, event: text }], shownNames(v.names, v.players), t, null)[0],
        onChange: drawLog,
      });
    }
    if (review) review.setIndex(st.index);
  }

  function draw() {
    if (st.error) {
      headEl.replaceChildren(h("a", { class: "btn", href: "/", "data-nav": "" }, t("replay.back")),
        h("span", { class: "spacer" }), h("a", { class: "btn", href: "/upload", "data-nav": "" }, t("upload.link")));
      barEl.replaceChildren(); noteEl.textContent = "";
      hintEl.textContent = st.error;
      hintEl.id = "hint";
      hintEl.dataset.error = "1";
      boardEl.replaceChildren(); belowEl.replaceChildren(); actionsEl.replaceChildren(); logList.replaceChildren();
      return;
    }
    if (!st.view) { hintEl.textContent = t("loading"); drawHead(); return; }
    drawAll();
  }

  function onKey(e) {
    if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName) && e.target.type !== "range") return;
    if (e.key === "ArrowLeft") { e.preventDefault(); step(-1); }
    else if (e.key === "ArrowRight") { e.preventDefault(); step(1); }
    else if (e.key === "Home") { e.preventDefault(); stop(); goTo(0); }
    else if (e.key === "End") { e.preventDefault(); stop(); goTo(st.total); }
    else if (e.key === " " && e.target.tagName !== "BUTTON") { e.preventDefault(); if (st.playing) stop(); else play(); }
  }
  document.addEventListener("keydown", onKey);

  // a game in progress: fetch the events played since, and follow them when at the end
  const follow = setInterval(async () => {
    const v = st.view;
    if (document.hidden || st.closed || st.error || !v || v.finished || v.imported || st.total === null) return;
    try {
      const more = await api(url(null, st.log.length));
      if (st.closed || more.events <= st.total) return;
      const atEnd = st.index === st.total && !st.playing;
      mergeLog(more.log);
      st.total = more.events;
      st.endObs = more.observation;
      if (atEnd) { st.index = more.index; st.view = more; st.shown = more.index; drawAll(); } else { drawBar(); drawLog(); }
    } catch (_) { /* the next try */ }
  }, 3000);

  draw();
  getMeta().then((m) => {
    for (const g of m.games || []) metaTitles[g.name] = g.title;
    if (st.view && !st.closed) drawHead();
  }).catch(() => {});
  const at = atParam !== null && atParam !== "" && !Number.isNaN(parseInt(atParam, 10)) ? parseInt(atParam, 10) : null;
  loadAll(at).catch(fail);
  return {
    cleanup: () => { st.closed = true; stop(); clearInterval(follow); document.removeEventListener("keydown", onKey); if (review) review.cleanup(); },
    rerender: () => { draw(); if (review) review.redraw(); },
  };
}
