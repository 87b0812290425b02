// The record upload page (/upload; replay.js routes it): a record file read in the
// browser, shown in short, then POST /api/records to view it as a replay or to continue
// it as a new game with seats chosen here (docs/web-api.md, Replays and uploaded
// records); a refused record's first bad event and the legal events there; the uploads
// this browser made (localStorage thebes.imports).
import { adoptStyle, h } from "./dom.js";
import { api, store } from "./net.js";
import { t, addStrings } from "./i18n.js";
import { defaultBot, sortBots } from "./logwords.js";
import { gameTitle, getMeta, navigate, toast } from "./page.js";

addStrings({
  en: {
    "upload.link": "Upload a record",
    "upload.title": "Upload a record",
    "upload.intro": "A record is the JSON file of a game (the “Record” download, or thebes selfplay). It is checked event by event with the same replay as thebes replay.",
    "upload.file": "Record file",
    "upload.mode": "What to do with it",
    "upload.mode.view": "View it as a replay",
    "upload.mode.continue": "Continue it as a new game",
    "upload.seats": "Seats of the new game",
    "upload.submit.view": "Upload and view",
    "upload.submit.continue": "Upload and play on",
    "upload.nofile": "Choose a record file first.",
    "upload.read": "{game}, {players} players, {events} events",
    "upload.finished": "finished",
    "upload.unfinished": "unfinished",
    "upload.notjson": "This file is not a JSON record: {message}",
    "upload.refused": "This record is refused.",
    "upload.refused.event": "Event {index} ({event}) is not legal there: the record stops making sense at that point.",
    "upload.refused.legal": "Legal there: {legal}",
    "upload.refused.more": "… and {n} more",
    "upload.refused.detail": "Details: {message}",
    "upload.finishedgame": "This record is of a finished game: there is nothing to continue. View it as a replay instead.",
    "upload.needhuman": "At least one seat must be a person (you).",
    "upload.done": "Uploaded: {events} events.",
    "upload.mine": "Your uploads",
    "upload.mine.none": "Nothing uploaded from this browser yet.",
  },
  fr: {
    "upload.link": "Importer une partie",
    "upload.title": "Importer une partie",
    "upload.intro": "Une partie est le fichier JSON d’un jeu (le téléchargement « Partie », ou thebes selfplay). Elle est vérifiée événement par événement par la même relecture que thebes replay.",
    "upload.file": "Fichier de la partie",
    "upload.mode": "Qu’en faire",
    "upload.mode.view": "La revoir",
    "upload.mode.continue": "La continuer dans une nouvelle partie",
    "upload.seats": "Places de la nouvelle partie",
    "upload.submit.view": "Importer et revoir",
    "upload.submit.continue": "Importer et continuer",
    "upload.nofile": "Choisissez d’abord un fichier.",
    "upload.read": "{game}, {players} joueurs, {events} événements",
    "upload.finished": "finie",
    "upload.unfinished": "non finie",
    "upload.notjson": "Ce fichier n’est pas une partie JSON : {message}",
    "upload.refused": "Cette partie est refusée.",
    "upload.refused.event": "L’événement {index} ({event}) n’est pas légal à cet endroit : la partie cesse d’avoir un sens là.",
    "upload.refused.legal": "Légal à cet endroit : {legal}",
    "upload.refused.more": "… et {n} de plus",
    "upload.refused.detail": "Détails : {message}",
    "upload.finishedgame": "Cette partie est finie : il n’y a rien à continuer. Revoyez-la plutôt.",
    "upload.needhuman": "Au moins une place doit être une personne (vous).",
    "upload.done": "Importée : {events} événements.",
    "upload.mine": "Vos imports",
    "upload.mine.none": "Rien d’importé depuis ce navigateur.",
  },
});

const STYLE = `
.upload-page { max-width: 860px; margin: 1rem auto; padding: 0 1rem; }
.upload-page form > * { margin: .6rem 0; }
.upload-page input[type=file] { max-width: 100%; }
.upload-page .seat-row { display: flex; gap: .5rem; align-items: center; margin: .3rem 0; }
.upload-error { border-left: 5px solid var(--red, #d9482f); background: #3a2320; }
.upload-error code { white-space: pre-wrap; }
.upload-info { color: var(--muted, #b7a88e); }
`;

export function showUpload(root) {
  adoptStyle("upload-style", STYLE);
  const st = { text: null, parsed: null, mode: "view", seats: [], meta: null, busy: false, error: null, info: null };
  const box = h("section", { class: "card", id: "upload" });
  const mineBox = h("section", { class: "card", id: "my-uploads" });
  root.replaceChildren(h("div", { class: "upload-page" },
    h("div", { class: "game-head" }, h("a", { class: "btn", href: "/", "data-nav": "" }, t("replay.back"))),
    box, mineBox));

  getMeta().then((m) => { st.meta = m; draw(); }).catch(() => {});

  function gameMeta() {
    return st.meta && st.parsed && st.meta.games.find((g) => g.name === st.parsed.game);
  }

  function defaultSeats() {
    const gm = gameMeta();
    const players = st.parsed && Number.isInteger(st.parsed.players) ? st.parsed.players : 0;
    const bots = sortBots(gm && gm.bots && gm.bots.length ? gm.bots : (st.meta && st.meta.bots) || ["random"]);
    const best = defaultBot(bots);
    const seats = [];
    for (let i = 0; i < Math.min(players, 12); i++) seats.push(st.seats[i] || (i === 0 ? { kind: "human", bot: best } : { kind: "bot", bot: best }));
    st.seats = seats;
    return bots;
  }

  async function readFile(file) {
    st.error = null; st.info = null; st.parsed = null; st.text = null;
    if (!file) { draw(); return; }
    st.text = await file.text();
    try {
      const data = JSON.parse(st.text);
      if (data && typeof data === "object" && !Array.isArray(data)) st.parsed = data;
    } catch (err) {
      st.error = { message: t("upload.notjson", { message: err.message }) };
    }
    if (st.parsed && st.parsed.result && st.mode === "continue") st.mode = "view";
    draw();
  }

  async function submit() {
    if (st.busy) return;
    if (!st.text) { st.error = { message: t("upload.nofile") }; draw(); return; }
    const body = { record: st.text, mode: st.mode };
    if (st.mode === "continue") {
      const first = st.seats.findIndex((s) => s.kind === "human");
      if (first < 0) { st.error = { message: t("upload.needhuman") }; draw(); return; }
      const name = store.get("thebes.name", "") || null;
      body.seats = st.seats.map((s, i) => (s.kind === "bot" ? { kind: "bot", bot: s.bot } : { kind: "human", name: i === first ? name : null }));
    }
    st.busy = true; st.error = null; draw();
    try {
      const res = await api("/api/records", { method: "POST", body });
      st.busy = false;
      if (st.mode === "view") {
        const list = store.get("thebes.imports", []);
        list.unshift({ id: res.id, game: res.game, players: res.players, events: res.events, finished: res.finished, at: new Date().toISOString() });
        store.set("thebes.imports", list.slice(0, 30));
        toast(t("upload.done", { events: res.events }), "ok");
        navigate(res.url);
      } else {
        const links = res.links || [];
        const seats = store.get("thebes.seats", {});
        if (links.length) seats[res.game.id] = { seat: links[0].seat, token: links[0].token };
        store.set("thebes.seats", seats);
        navigate(links.length ? links[0].url : `/play/${encodeURIComponent(res.game.id)}`);
      }
    } catch (err) {
      st.busy = false;
      if (err.status === 409) st.error = { message: t("upload.finishedgame") };
      else st.error = { message: err.message, data: err.data };
      draw();
    }
  }

  function errorBox() {
    const e = st.error;
    if (!e) return null;
    const d = e.data || {};
    const parts = [];
    if (d.index !== undefined && d.index !== null) {
      parts.push(h("strong", null, t("upload.refused")), " ",
        h("span", { id: "upload-error-event" }, t("upload.refused.event", { index: d.index, event: `“${d.event}”` })));
      if (d.legal && d.legal.length) {
        const shown = d.legal.slice(0, 12).join(", ");
        const more = (d.legal_count || d.legal.length) - Math.min(12, d.legal.length);
        parts.push(h("div", null, t("upload.refused.legal", { legal: shown }) + (more > 0 ? " " + t("upload.refused.more", { n: more }) : "")));
      }
      parts.push(h("div", { class: "muted" }, t("upload.refused.detail", { message: "" }), h("code", null, e.message)));
    } else if (e.data) {
      parts.push(h("strong", null, t("upload.refused")), " ", e.message);
    } else {
      parts.push(e.message);
    }
    return h("div", { class: "hint upload-error", id: "upload-error", role: "alert", "data-index": d.index !== undefined && d.index !== null ? String(d.index) : null }, parts);
  }

  function draw() {
    const p = st.parsed;
    const gm = gameMeta();
    let info = null;
    if (p && typeof p.game === "string") {
      info = h("p", { class: "upload-info", id: "upload-info" }, t("upload.read", {
        game: gameTitle(p.game, gm && gm.title), players: p.players, events: Array.isArray(p.events) ? p.events.length : "?",
      }) + " · " + (p.result ? t("upload.finished") : t("upload.unfinished")));
    }
    let seatRows = null;
    if (st.mode === "continue" && p) {
      const bots = defaultSeats();
      seatRows = h("fieldset", { class: "options", id: "upload-seats" }, h("legend", null, t("upload.seats")),
        st.seats.map((s, i) => h("div", { class: "seat-row", "data-seat": String(i + 1) },
          h("span", { class: "seat-num" }, t("create.seat", { seat: i + 1 })),
          h("select", { class: "seat-kind", onchange: (e) => { s.kind = e.target.value; draw(); } },
            h("option", { value: "human", selected: s.kind === "human" }, t("create.kind.human")),
            h("option", { value: "bot", selected: s.kind === "bot" }, t("create.kind.bot"))),
          s.kind === "bot"
            ? h("select", { class: "seat-bot", "aria-label": t("create.strength"), onchange: (e) => { s.bot = e.target.value; } },
              bots.map((b) => h("option", { value: b, selected: s.bot === b }, t(`bot.${b}`) === `bot.${b}` ? b : t(`bot.${b}`))))
            : h("span", { class: "muted" }, st.seats.findIndex((x) => x.kind === "human") === i ? `${store.get("thebes.name", "") || "?"} (${t("create.you")})` : t("lobby.free")))));
    }
    const fileInput = h("input", { type: "file", id: "record-file", accept: ".json,application/json", onchange: (e) => readFile(e.target.files[0]) });
    box.replaceChildren(
      h("h2", null, t("upload.title")),
      h("p", { class: "muted" }, t("upload.intro")),
      h("form", { id: "upload-form", onsubmit: (e) => { e.preventDefault(); submit(); } },
        h("label", null, t("upload.file") + " ", fileInput),
        info,
        h("fieldset", { class: "options" }, h("legend", null, t("upload.mode")),
          h("label", null, h("input", { type: "radio", name: "mode", value: "view", id: "mode-view", checked: st.mode === "view", onchange: () => { st.mode = "view"; draw(); } }), " ", t("upload.mode.view")), " ",
          h("label", null, h("input", { type: "radio", name: "mode", value: "continue", id: "mode-continue", checked: st.mode === "continue", onchange: () => { st.mode = "continue"; draw(); } }), " ", t("upload.mode.continue"))),
        seatRows,
        errorBox(),
        h("button", { type: "submit", class: "btn primary big", id: "upload-submit", disabled: st.busy },
          st.mode === "view" ? t("upload.submit.view") : t("upload.submit.continue"))));
    // a redraw must not lose the chosen file: keep it in the new input
    if (st.file) { try { const dt = new DataTransfer(); dt.items.add(st.file); fileInput.files = dt.files; } catch (_) { /* old browser */ } }
    fileInput.addEventListener("change", (e) => { st.file = e.target.files[0] || null; });
    const list = store.get("thebes.imports", []);
    mineBox.replaceChildren(h("h2", null, t("upload.mine")),
      list.length ? h("ul", { class: "games" }, list.map((u) => h("li", null,
        h("a", { href: `/replay/${encodeURIComponent(u.id)}`, "data-nav": "" }, `${u.game} · ${t("lobby.players", { n: u.players })} · ${t("lobby.events", { n: u.events })}`),
        " ", h("span", { class: "muted" }, u.finished ? t("upload.finished") : t("upload.unfinished")))))
        : h("p", { class: "muted" }, t("upload.mine.none")));
  }

  draw();
  return { cleanup: () => {}, rerender: draw };
}
