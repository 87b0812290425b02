// The lobby (/): the form that creates a game (game, players, options, seats, clock), the
// private links of a game just created, and the open, running and finished games
// (GET /api/games every 5 s while the page is shown). showLobby(root, page) draws it into
// root and sets page.rerender (a language change) and page.cleanup (leaving the page).
import { h } from "./dom.js";
import { api } from "./net.js";
import { t, getLang, has } from "./i18n.js";
import { defaultBot, seatNames, sortBots } from "./logwords.js";
import * as tablebar from "./clock.js";
import { myName, mySeats, myInvites, rememberInvites, rememberSeat } from "./mine.js";
import { botLabel, gameTitle, getMeta, navigate, playUrl, seatLabel, shownNames, toast } from "./page.js";
import { optionChoices } from "./tables.js";

// "· 14:05" today, else "· 3 Nov", in the page's language
function when(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const sameDay = d.toDateString() === new Date().toDateString();
  return "· " + (sameDay ? d.toLocaleTimeString(getLang(), { hour: "2-digit", minute: "2-digit" })
    : d.toLocaleDateString(getLang(), { day: "numeric", month: "short" }));
}

// The create form's own seat: "Ann (you)", or before a name is typed, where to type it.
export function youLabel() {
  const name = myName();
  return name ? `${name} (${t("create.you")})` : t("create.you.noname");
}

export async function showLobby(root, page) {
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
    return `${gameTitle(g.game, m && m.title)} · ${t(g.players === 1 ? "lobby.players.one" : "lobby.players", { n: g.players })}`;
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

  // Watch: a game with hidden information can be watched only once it is over, which the
  // row says instead of offering a page that would refuse (its players still find "Play")
  function watchButton(g, cls = "") {
    const m = meta && meta.games.find((x) => x.name === g.game);
    if (m && m.hidden_information) return h("span", { class: "muted watch-later" }, t("lobby.watch.later"));
    return h("a", { class: `btn${cls ? " " + cls : ""}`, href: playUrl(g.id), "data-nav": "" }, t("lobby.watch"));
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
        watchButton(g),
      ]))) : h("p", { class: "muted" }, t("lobby.open.none")));
    playingBox.replaceChildren(h("h2", null, t("lobby.playing")),
      playing.length ? h("ul", { class: "games" }, playing.map((g) => gameRow(g, [
        mineButton(g),
        watchButton(g, "watch"),
      ]))) : h("p", { class: "muted" }, t("lobby.playing.none")));
    finishedBox.replaceChildren(h("h2", null, t("lobby.finished"), " ", h("a", { class: "btn", id: "upload-link", href: "/upload", "data-nav": "" }, t("upload.link"))),
      finished.length ? h("ul", { class: "games" }, finished.map((g) => {
        const row = gameRow(g, [
          h("a", { class: "btn", href: playUrl(g.id), "data-nav": "" }, t("lobby.replay")),
          h("a", { class: "btn replay-link", href: `/replay/${encodeURIComponent(g.id)}`, "data-nav": "" }, t("replay.link")),
          h("a", { class: "btn", href: `/api/games/${encodeURIComponent(g.id)}/record`, download: `${g.game}-${g.id}.json` }, t("lobby.record")),
        ]);
        if (g.result && g.result.ranking) {
          const names = shownNames(seatNames(g.seats.map((s) => s.name), g.seats, t, has), g.players);
          row.insertBefore(h("div", { class: "result" },
            h("strong", null, t("lobby.winner", { name: seatLabel(names, g.result.ranking[0]) })), " · ",
            g.result.ranking.map((s) => `${seatLabel(names, s)} ${g.result.scores[s - 1]}`).join(" · ")), row.lastChild);
        }
        return row;
      })) : h("p", { class: "muted" }, t("lobby.finished.none")));
  }

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

    // options offered as a choice among their legal values: the table module's OPTION_CHOICES
    const CHOICES = optionChoices(gm.name);
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
          ? h("span", { class: "you" }, youLabel())
          : h("input", { class: "seat-name", value: s.name, placeholder: t("create.friend"), "aria-label": t("create.seat.name", { seat: i + 1 }), maxlength: "40", oninput: (e) => { s.name = e.target.value; } }))
        : h("select", { class: "seat-bot", "aria-label": `${t("create.seat", { seat: i + 1 })}: ${t("create.strength")}`, onchange: (e) => { s.bot = e.target.value; } },
          bots.map((b) => h("option", { value: b, selected: s.bot === b }, botLabel(b))))));

    createBox.replaceChildren(
      h("h2", null, t("create.title")),
      h("form", { id: "create-form", onsubmit: (e) => { e.preventDefault(); submit(); } },
        h("div", { class: "form-line" },
          h("label", null, t("create.game") + " ",
            h("select", { id: "create-game", onchange: (e) => { form.game = e.target.value; form.options = {}; form.players = null; drawCreate(); } },
              meta.games.map((g) => h("option", { value: g.name, selected: g.name === gm.name }, gameTitle(g.name, g.title))))),
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
          h("span", { class: "seat-num" }, names[l.seat - 1] ? `${t("create.seat", { seat: l.seat })} · ${names[l.seat - 1]}` : t("create.seat", { seat: l.seat })),
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
      // the cap on unfinished games: say how to free a slot, with a link to My games
      if (err.data && err.data.code === "live_games") capRefusal(err);
      else toast(t("error.generic", { message: err.message }));
    }
  }

  function capRefusal(err) {
    const old = document.getElementById("cap-refusal");
    const note = h("div", { class: "notice error", id: "cap-refusal", role: "alert" },
      h("p", null, err.message),
      h("a", { class: "btn primary", id: "cap-mygames", href: "/mine", "data-nav": "" }, t("mine.link")));
    if (old) old.replaceWith(note);
    else (document.getElementById("create-form") || root.firstElementChild || root).prepend(note);
    note.querySelector("a").focus();
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

  page.rerender = () => { drawCreate(); drawLists(); };
  drawCreate(); drawLists();
  try {
    meta = await getMeta();
  } catch (err) {
    meta = { games: [], bots: [] };
    toast(t("error.network"));
  }
  if (page.closed) return; // left while the server answered: start no timer
  drawCreate();
  await refresh();
  if (page.closed) return;
  timer = setInterval(() => { if (!document.hidden) refresh(); }, 5000);
  page.cleanup = () => clearInterval(timer);
}
