// The game review under a finished game's (or an uploaded record's) replay (issue 17).
// replay.js mounts it with createReview(...): a "Review this game" button asks the server
// (POST /api/games/<id>/review), progress is polled (GET) and shown with the reviews to run
// before this one and when it should be ready (announced politely: a status or place change,
// the estimate at most every ANNOUNCE_MS), and the stored review
// (docs/review.md) is drawn: an SVG graph of each seat's win chance (solo: expected score)
// whose points jump the replay there, a per-seat table of accuracy and marks, the chance
// events that swung most; annotate(index) gives the move list its marks and, on a marked
// move, the move the search preferred, in words.
import { h, svg } from "./dom.js";
import { api } from "./net.js";
import { t, addStrings, getLang } from "./i18n.js";
import { spoken } from "./logwords.js";

const POLL_MS = 1000;
const ANNOUNCE_MS = 30000;
const W = 640;
const H = 196;
const PAD = { l: 48, r: 8, t: 8, b: 30 };
const COLORS = ["#f2b233", "#5dade2", "#58d68d", "#ec7063", "#af7ac5", "#f5cba7", "#48c9b0", "#d0d3d4"];
const GLYPH = { inaccuracy: "?!", mistake: "?", blunder: "??" };

// the graph's caption, axis titles, legend and why the chances need not add up to 100%
addStrings({
  en: {
    "review.axis.x": "events of the game →",
    "review.axis.win": "win chance",
    "review.axis.score": "expected score",
    "review.legend": "Lines:",
    "review.graph.note": "Each line is one seat's own chance, judged by the search from what that seat could see at the time: so the lines need not add up to 100%.",
  },
  fr: {
    "review.axis.x": "événements de la partie →",
    "review.axis.win": "chance de gagner",
    "review.axis.score": "score attendu",
    "review.legend": "Courbes :",
    "review.graph.note": "Chaque courbe est la chance d'une place, jugée par la recherche d'après ce que cette place pouvait voir à ce moment : les courbes n'ont donc pas à faire 100 % à elles toutes.",
  },
});

const MARK_FILL = { inaccuracy: "#f4d03f", mistake: "#eb984e", blunder: "#c0392b" };

// The styles live in review.css (the Content-Security-Policy allows no inline style).
function ensureStyle() {
  if (document.getElementById("review-style")) return;
  document.head.append(h("link", { id: "review-style", rel: "stylesheet", href: "/static/review.css" }));
}

function pct(x) { return x === null || x === undefined ? "–" : `${Math.round(100 * x)}%`; }
// a wait in seconds, in words: "under a minute", "about 3 minutes"
function waitWords(seconds) {
  if (seconds < 60) return t("review.eta.soon");
  const n = Math.round(seconds / 60);
  return t("review.eta", { time: n === 1 ? t("review.minutes.one") : t("review.minutes", { n }) });
}
function num(x) { return x === null || x === undefined ? "–" : x.toLocaleString(getLang(), { maximumFractionDigits: 1 }); }

// opts: {gameId, el, total(), names(), goTo(n), describe(seat, text) -> words, onChange()}
export function createReview(opts) {
  ensureStyle();
  const st = { status: null, done: 0, total: 0, ahead: null, wait: null, review: null, error: null, index: 0, closed: false };
  let timer = null;
  const byIndex = new Map();
  // the panel's content is redrawn; the live region stays (a new one would not be read out)
  const body = h("div");
  const news = h("p", { class: "sr", id: "review-news", "aria-live": "polite", "aria-atomic": "true" });
  opts.el.replaceChildren(body, news);
  const said = { key: null, text: null, at: 0 };

  const url = `/api/games/${encodeURIComponent(opts.gameId)}/review`;

  function accept(res) {
    const was = st.status;
    st.status = res.status; st.done = res.done; st.total = res.total; st.error = res.error || null;
    st.ahead = res.ahead ?? null; st.wait = res.wait ?? null;
    if (res.status === "done" && (was === "queued" || was === "running")) say("done", t("review.ready"));
    if (res.status === "done" && res.review) {
      st.review = res.review;
      byIndex.clear();
      for (const d of res.review.decisions) byIndex.set(d.index, d);
      opts.onChange();
    }
    draw();
    clearTimeout(timer);
    if ((res.status === "queued" || res.status === "running") && !st.closed) timer = setTimeout(poll, POLL_MS);
  }

  async function poll() {
    if (st.closed) return;
    try { accept(await api(url)); } catch (err) { st.status = "failed"; st.error = err.message; draw(); }
  }

  async function start() {
    st.status = "queued"; draw();
    try { accept(await api(url, { method: "POST" })); } catch (err) { st.status = "failed"; st.error = err.message; draw(); }
  }

  // the live region: a new status or place in the queue at once, a new estimate at most
  // every ANNOUNCE_MS (the visible text changes every poll)
  function say(key, text) {
    const now = Date.now();
    if (text === said.text || (key === said.key && now - said.at < ANNOUNCE_MS)) return;
    said.key = key; said.text = text; said.at = now;
    news.textContent = text;
  }

  // the sentence the panel shows while the review waits or runs (and what the live region says)
  function pending() {
    const eta = st.wait === null ? "" : waitWords(st.wait);
    const join = (...parts) => spoken(parts.filter(Boolean));
    if (st.status === "running") {
      say("running", join(t("review.started"), eta));
      return join(st.total ? t("review.progress", { done: st.done, total: st.total }) : t("review.started"), eta);
    }
    if (st.ahead === null) return t("review.queued");   // asked, not answered yet
    const place = st.ahead === 0 ? t("review.ahead.none")
      : st.ahead === 1 ? t("review.ahead.one") : t("review.ahead", { n: st.ahead });
    say(`queued ${st.ahead}`, join(place, eta));
    return join(place, eta);
  }

  function seatName(seat) {
    const names = opts.names();
    return (names && names[seat - 1]) || t("game.seatname", { seat });
  }

  function draw() {
    const el = body;
    opts.el.className = "review card";
    opts.el.id = "review";
    const head = h("h2", null, t("review.title"));
    if (st.status === null) { el.replaceChildren(); return; }
    if (st.status === "none") {
      el.replaceChildren(head, h("p", { class: "muted" }, t("review.intro")),
        h("button", { class: "btn primary", id: "review-start", type: "button", onclick: start }, t("review.button")));
      return;
    }
    if (st.status === "queued" || st.status === "running") {
      const label = pending();
      el.replaceChildren(head, h("p", { id: "review-status" }, label),
        // no value while it waits: an indeterminate bar (something is under way), not an empty one
        h("progress", { id: "review-progress", max: String(st.total || 1), value: st.status === "running" && st.total ? String(st.done || 0) : null, "aria-label": label }));
      return;
    }
    if (st.status === "failed") {
      el.replaceChildren(head, h("p", { class: "hint", role: "alert", id: "review-status" }, t("review.failed", { message: st.error || "?" })),
        h("button", { class: "btn", id: "review-start", type: "button", onclick: start }, t("review.button")));
      return;
    }
    const r = st.review;
    const solo = r.players === 1;
    el.replaceChildren(head,
      h("p", { class: "muted" }, t("review.intro"), " ", r.budget && r.budget.iterations ? t("review.budget", { n: r.budget.iterations }) : ""),
      h("figure", { class: "review-figure" },
        h("figcaption", { class: "review-caption", id: "review-caption" }, solo ? t("review.graph.solo") : t("review.graph")),
        graph(r, solo), legend(r),
        solo ? null : h("p", { class: "muted review-note", id: "review-note" }, t("review.graph.note"))),
      h("p", { class: "muted" }, t("review.graph.hint")),
      summary(r), swings(r, solo) ?? "");   // replaceChildren would write a null as "null"
  }

  function graph(r, solo) {
    const key = solo ? "score" : "win";
    const total = Math.max(1, opts.total() || r.events);
    let lo = 0, hi = 1;
    if (solo) {
      const all = r.series.flatMap((s) => s.points.map((p) => p.score));
      lo = Math.min(0, ...all); hi = Math.max(1, ...all);
    }
    const x = (at) => PAD.l + (W - PAD.l - PAD.r) * (at / total);
    const y = (v) => PAD.t + (H - PAD.t - PAD.b) * (1 - (v - lo) / (hi - lo || 1));
    const title = solo ? t("review.graph.solo") : t("review.graph");
    const nodes = [svg("title", null, title)];
    const ticks = solo ? [lo, (lo + hi) / 2, hi] : [0, 0.5, 1];
    for (const v of ticks) {
      nodes.push(svg("line", { class: "axis", x1: PAD.l, x2: W - PAD.r, y1: y(v), y2: y(v) }));
      nodes.push(svg("text", { class: "axis-label", x: PAD.l - 4, y: y(v) + 3, "text-anchor": "end" }, solo ? num(v) : pct(v)));
    }
    // the axes' titles: what the height and the width of the graph measure
    const midY = PAD.t + (H - PAD.t - PAD.b) / 2;
    nodes.push(svg("text", { class: "axis-title", id: "review-axis-y", x: 10, y: midY, "text-anchor": "middle",
      transform: `rotate(-90 10 ${midY})` }, t(solo ? "review.axis.score" : "review.axis.win")));
    nodes.push(svg("text", { class: "axis-title", id: "review-axis-x", x: PAD.l + (W - PAD.l - PAD.r) / 2, y: H - 8,
      "text-anchor": "middle" }, t("review.axis.x")));
    nodes.push(svg("line", { class: "now", id: "review-now", x1: x(st.index), x2: x(st.index), y1: PAD.t, y2: H - PAD.b }));
    r.series.forEach((s) => {
      const color = COLORS[(s.seat - 1) % COLORS.length];
      const pts = s.points.filter((p) => p[key] !== null && p[key] !== undefined);
      if (!pts.length) return;
      nodes.push(svg("polyline", { fill: "none", stroke: color, "stroke-width": 1.6, points: pts.map((p) => `${x(p.at).toFixed(1)},${y(p[key]).toFixed(1)}`).join(" ") }));
      for (const p of pts) {
        const marked = !!p.mark;
        const name = seatName(s.seat);
        const vars = { name, at: p.at, win: pct(p.win), score: num(p.score), mark: marked ? t(`review.mark.${p.mark}`) : "" };
        const label = t(`review.point${marked ? ".mark" : ""}${solo ? ".solo" : ""}`, vars);
        const circle = svg("circle", {
          class: `pt${marked ? " marked " + p.mark : ""}`, cx: x(p.at).toFixed(1), cy: y(p[key]).toFixed(1),
          r: marked ? (p.mark === "blunder" ? 5 : 4) : 2.2, fill: marked ? MARK_FILL[p.mark] : color, stroke: color,
          "data-at": String(p.at), "data-seat": String(s.seat), "data-mark": p.mark || null,
          tabindex: marked ? "0" : null, role: marked ? "button" : null, "aria-label": marked ? label : null,
          onclick: (e) => { e.stopPropagation(); opts.goTo(p.at); },
          onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); opts.goTo(p.at); } },
        }, svg("title", null, label));
        nodes.push(circle);
      }
    });
    const root = svg("svg", { class: "review-graph", id: "review-graph", viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": title,
      onclick: (e) => {
        const box = root.getBoundingClientRect();
        const vx = ((e.clientX - box.left) / box.width) * W;
        const at = Math.round(((vx - PAD.l) / (W - PAD.l - PAD.r)) * total);
        opts.goTo(Math.max(0, Math.min(total, at)));
      } }, nodes);
    return root;
  }

  function legend(r) {
    return h("div", { class: "review-legend", id: "review-legend" }, h("span", { class: "muted" }, t("review.legend")), r.series.map((s) => h("span", null,
      svg("svg", { class: "swatch", viewBox: "0 0 14 4", "aria-hidden": "true" },
        svg("rect", { width: 14, height: 4, fill: COLORS[(s.seat - 1) % COLORS.length] })), seatName(s.seat))));
  }

  function summary(r) {
    const cols = ["review.seat", "review.accuracy", "review.inaccuracies", "review.mistakes", "review.blunders"];
    return h("table", { class: "review-table", id: "review-summary" },
      h("thead", null, h("tr", null, cols.map((c) => h("th", { scope: "col" }, t(c))))),
      h("tbody", null, r.summary.map((row) => h("tr", { "data-seat": String(row.seat) },
        h("th", { scope: "row" }, seatName(row.seat)),
        h("td", null, row.accuracy === null ? "–" : num(row.accuracy)),
        h("td", null, String(row.inaccuracies)), h("td", null, String(row.mistakes)), h("td", null, String(row.blunders))))));
  }

  function swings(r, solo) {
    const all = [];
    for (const c of r.chance) for (const s of c.swings) all.push([c, s]);
    all.sort((a, b) => Math.abs(b[1].swing) - Math.abs(a[1].swing));
    const top = all.slice(0, 3).filter(([, s]) => Math.abs(s.swing) >= 0.05);
    if (!top.length) return null;
    return h("div", { id: "review-swings" }, h("h3", null, t("review.swings")), h("ul", null, top.map(([c, s]) => h("li", null,
      h("a", { href: "#", onclick: (e) => { e.preventDefault(); opts.goTo(c.index + 1); } },
        t(solo ? "review.swing.solo" : "review.swing", {
          at: c.index + 1, event: c.event, name: seatName(s.seat),
          before: solo ? num(s.before.score) : pct(s.before.win), after: solo ? num(s.after.score) : pct(s.after.win),
        }))))));
  }

  // the move list: a mark after a judged move, and on a marked one the preferred move
  function annotate(index) {
    const d = byIndex.get(index);
    if (!d || d.forced || !d.mark) return [];
    const words = opts.describe(d.seat, d.best.move);
    return [
      h("span", { class: `review-mark ${d.mark}`, "data-mark": d.mark, title: t(`review.mark.${d.mark}`) },
        GLYPH[d.mark], h("span", { class: "sr-only" }, " " + t(`review.mark.${d.mark}`))),
      h("span", { class: "review-better", "data-best": d.best.move }, t("review.better", { move: words })),
    ];
  }

  function setIndex(n) {
    st.index = n;
    const line = opts.el.querySelector("#review-now");
    if (!line || !st.review) return;
    const total = Math.max(1, opts.total() || st.review.events);
    const xv = PAD.l + (W - PAD.l - PAD.r) * (n / total);
    line.setAttribute("x1", xv); line.setAttribute("x2", xv);
  }

  poll();
  return {
    annotate, setIndex, redraw: draw,
    cleanup: () => { st.closed = true; clearTimeout(timer); },
  };
}
