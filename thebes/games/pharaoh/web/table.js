// Pharaoh (roll and write): the 6x6 sheet, the dice, the building chart and the
// score sheet, drawn from one seat's observation (shared/spec/pharaoh.md; the
// observation's shape is in thebes/games/pharaoh/observation.py).
//
// The entry module of its folder, with every table's interface (thebes/web/tables.js):
// describeEvent(line, names, t), narrate, render(ctx).
// Only legal moves are clickable: everything clickable is derived from
// view.legal (the notation strings). Elements that send a move carry data-move;
// elements that only choose (a building of the chart, a die to shift) carry
// data-select, for people and tests. See docs/games/pharaoh/web.md.
//
// Its modules: strings.js (English and French), rules.js (charts and
// guides), words.js (the log in words), draw.js (sheets, dice, CSS).
import "./strings.js";
import { COLORS, dieSvg, ensureStyle, resDot, sheetSvg } from "./draw.js";
import { ACTIONS, CHART, KINDS, OBJECTIVE_POINTS, POINTS, PRODUCTION, RESOURCES, ROUNDS, bonusNow, canPay, rankingOf, yieldOf } from "./rules.js";
import { costText, seatName, titleText } from "./words.js";

export { describeEvent, narrate } from "./words.js";

const focusOf = {}; // game id -> seat (0-based) shown large for a spectator
const seenRounds = {}; // game id -> rounds written on the big sheet when last drawn
let helpOpen = false;

export function render(ctx) {
  const { view, board, hint, actions, below, send, t, ui, redraw, h, notify } = ctx;
  ensureStyle();
  const obs = view.observation;
  const legal = view.legal || [];
  const legalSet = new Set(legal);
  const names = view.names || [];
  const n = obs.players;
  const me = view.seat ? view.seat - 1 : null;
  let big = me;
  if (big === null) {
    big = focusOf[view.id];
    if (big === undefined || big >= n) big = obs.to_move !== null && obs.to_move !== undefined ? obs.to_move : 0;
  }
  const info = obs.seats[big];
  const phase = obs.phase;
  const over = view.status === "finished" || phase === "over";
  const myTurn = legal.length > 0;

  // moves by shape
  const builds = {}; // kind -> Map(square -> move)
  const shifts = {}; // "d delta" -> [resources]
  const takes2 = [], takes1 = [], erases = [];
  for (const m of legal) {
    const w = m.split(" ");
    if (w[0] === "build") (builds[w[1]] = builds[w[1]] || new Map()).set(w[2], m);
    else if (w[0] === "shift") (shifts[`${w[1]} ${w[2]}`] = shifts[`${w[1]} ${w[2]}`] || []).push(w[3]);
    else if (w[0] === "take" && w.length === 3) takes2.push(m);
    else if (w[0] === "take") takes1.push(m);
    else if (w[0] === "erase") erases.push(w[1]);
  }
  const buildKinds = KINDS.filter((k) => builds[k]);
  if (ui.kind && !builds[ui.kind]) ui.kind = null;
  if (buildKinds.length === 1 && phase === "starting housing") ui.kind = buildKinds[0];
  if (ui.shift && !shifts[ui.shift]) ui.shift = null;

  // ---- the big sheet and its clickable squares
  const targets = new Map();
  if (me === big && myTurn) {
    if (ui.kind && builds[ui.kind]) {
      for (const [sq, move] of builds[ui.kind]) {
        targets.set(sq, { move, label: t(`pharaoh.kind.${ui.kind}`), bonus: bonusNow(obs, info.sheet, ui.kind, sq) });
      }
    }
    for (const sq of erases) targets.set(sq, { move: `erase ${sq}`, cls: "erase", label: t("pharaoh.act.flood") });
  }
  const sheetTitle = big === me ? t("pharaoh.sheet.mine") : t("pharaoh.sheet", { name: seatName(names, big, t) });
  const roundText = phase === "over" ? t("pharaoh.over") : obs.round ? t("pharaoh.round", { round: obs.round }) : t("pharaoh.setup");
  const main = h("div", { class: "rw-main", "data-seat": String(big + 1) },
    h("div", { class: "rw-head" },
      h("span", { class: "rw-round", id: "rw-round", "data-round": String(obs.round) }, roundText),
      h("span", null, sheetTitle),
      h("span", { class: "rw-score" }, t("pharaoh.score", { n: info.score })),
      info.this_round !== null && info.this_round !== undefined && !over
        ? h("span", { class: "rw-note" }, t("pharaoh.thisround", { n: info.this_round > 0 ? `+${info.this_round}` : String(info.this_round) })) : null),
    sheetSvg(obs, info, { cell: 66, labels: true, targets, send, t }),
    h("div", { class: "rw-note" }, t("pharaoh.legend"), " · ", t("pharaoh.drawn")));

  // ---- dice, offers and the shift control
  const diceBox = h("div", { class: "rw-box", id: "rw-dice" });
  if (over) {
    diceBox.hidden = true;
  } else if (!obs.roll) {
    diceBox.append(h("h3", null, t("pharaoh.dice.of")), h("div", { class: "rw-note" }, t("pharaoh.dice.none")));
  } else {
    const [d1, d2] = info.dice[0] ? info.dice : obs.roll;
    const dicePhase = me === big && myTurn && phase === "dice action";
    const stepper = (d, delta) => {
      const key = `${d} ${delta}`;
      const ok = dicePhase && shifts[key];
      return h("button", { class: "btn rw-step" + (ui.shift === key ? " selected" : ""), disabled: !ok,
        "data-select": ok ? `shift ${key}` : null, title: t(delta === "+1" ? "pharaoh.shift.up" : "pharaoh.shift.down", { d }),
        "aria-label": t(delta === "+1" ? "pharaoh.shift.up" : "pharaoh.shift.down", { d }),
        onclick: ok ? () => { ui.shift = ui.shift === key ? null : key; redraw(); } : null }, delta === "+1" ? "+" : "−");
    };
    const die = (d, value, rolled, cap) => h("div", { class: "rw-die", "data-die": String(d) },
      h("div", { class: "rw-die-row" }, stepper(d, "-1"), dieSvg(value, value !== rolled), stepper(d, "+1")),
      h("span", { class: "rw-cap" }, cap));
    diceBox.append(h("h3", null, big === me ? t("pharaoh.dice") : `${t("pharaoh.dice.of")} · ${seatName(names, big, t)}`),
      h("div", { class: "rw-dice" }, die(1, d1, obs.roll[0], t("pharaoh.dice.x")), die(2, d2, obs.roll[1], t("pharaoh.dice.y")),
        h("div", { class: "rw-note" }, info.shifted ? t("pharaoh.dice.shifted", { a: obs.roll[0], b: obs.roll[1] }) : t("pharaoh.dice.rolled", { a: obs.roll[0], b: obs.roll[1] }))));
    if (ui.shift && dicePhase) {
      const [d, delta] = ui.shift.split(" ");
      const after = [d1, d2];
      after[Number(d) - 1] += Number(delta);
      const list = [...new Set([after[0], after[1], after[0] + after[1]])]
        .map((e) => `${e} ${t(`pharaoh.act.${CHART[e]}`)}`).join(", ");
      diceBox.append(h("div", { class: "rw-note", id: "rw-preview" },
        t("pharaoh.shift.preview", { d, from: [d1, d2][Number(d) - 1], to: after[Number(d) - 1], list })));
      diceBox.append(h("div", { class: "rw-pay", id: "rw-pay" }, h("span", null, t("pharaoh.shift.pay")),
        RESOURCES.filter((r) => shifts[ui.shift].includes(r)).map((r) => {
          const move = `shift ${d} ${delta} ${r}`;
          return h("button", { class: "btn primary", "data-move": move, onclick: () => { ui.shift = null; send(move); } }, resDot(h, r), " ", t(`pharaoh.res.${r}`));
        }),
        h("button", { class: "btn", onclick: () => { ui.shift = null; redraw(); } }, t("pharaoh.shift.cancel"))));
    }
    const offers = h("div", { class: "rw-offers" });
    if (obs.forced) {
      offers.append(h("div", { class: "rw-forced" }, t("pharaoh.dice.forced", { a: obs.roll[0], b: obs.roll[1], action: t(`pharaoh.act.${obs.forced}`) })));
    }
    const entries = obs.forced ? [] : [d1, d2, d1 + d2];
    const shown = new Set();
    for (const entry of entries) {
      const action = CHART[entry];
      shown.add(action);
      offers.append(offerCard(h, t, entry, action, info, dicePhase && legalSet.has(`action ${action}`), send, ui));
    }
    if (obs.forced) {
      shown.add(obs.forced);
      offers.append(offerCard(h, t, obs.forced === "flood" ? 10 : 12, obs.forced, info, dicePhase && legalSet.has(`action ${obs.forced}`), send, ui));
    }
    if (dicePhase && legalSet.has("action none") && !shown.has("none")) {
      offers.append(h("button", { class: "rw-offer clickable", "data-move": "action none", onclick: () => send("action none") },
        h("span", { class: "rw-act" }, t("pharaoh.nothing")), h("span", { class: "rw-eff" }, t("pharaoh.effect.none"))));
    }
    diceBox.append(h("div", { class: "rw-note rw-offers-cap" }, t("pharaoh.offers")), offers);
    // the whole dice chart, the entries offered now lit: what a shift could reach
    const offered = new Set(obs.forced ? [] : [d1, d2, d1 + d2]);
    diceBox.append(h("div", { class: "rw-dicechart", id: "rw-dicechart" }, h("span", { class: "rw-note" }, t("pharaoh.dicechart")),
      ACTIONS.map((a) => h("span", { class: "rw-chip" }, `${t(`pharaoh.act.${a}`)} `,
        CHART.map((x, e) => (x === a ? e : null)).filter((e) => e !== null).map((e) => h("b", { class: offered.has(e) ? "on" : "" }, String(e)))))));
  }

  // ---- resources
  const st = info.storage;
  const resBox = h("div", { class: "rw-box", id: "rw-storage" }, h("h3", null, t("pharaoh.storage")),
    h("div", { class: "rw-res" }, RESOURCES.map((r) => h("span", { class: "rw-res-item", "data-res": r, "data-count": String(st[r]) },
      resDot(h, r), `${st[r]} ${t(`pharaoh.res.${r}`)}`))),
    h("div", { class: "rw-note" }, t("pharaoh.preventions", info.preventions), " · ", t("pharaoh.monuments", { n: info.monuments_drawn })));

  // ---- the building chart
  const building_ = me === big && myTurn && buildKinds.length > 0 && phase !== "starting housing";
  const chart = h("table", { class: "rw-chart", id: "rw-chart" },
    h("thead", null, h("tr", null, h("th", null, t("pharaoh.chart.kind")), h("th", null, t("pharaoh.chart.points")),
      h("th", null, t("pharaoh.chart.cost")), h("th", null, t("pharaoh.chart.ability")))),
    h("tbody", null, KINDS.map((k) => {
      const ok = building_ && Boolean(builds[k]);
      let cls = ok ? "affordable clickable" : building_ ? "off" : "";
      if (ok && ui.kind === k) cls += " selected";
      return h("tr", { class: cls, "data-kind": k, "data-select": ok ? `kind ${k}` : null, tabindex: ok ? "0" : null,
        role: ok ? "button" : null,
        onclick: ok ? () => { ui.kind = ui.kind === k ? null : k; redraw(); } : null,
        onkeydown: ok ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ui.kind = ui.kind === k ? null : k; redraw(); } } : null },
      h("td", null, h("span", { class: "rw-swatch", style: `background:${COLORS[k][0]}` }), t(`pharaoh.kind.${k}`)),
      h("td", null, String(POINTS[k])),
      h("td", { class: !building_ && !over && canPay(info, k) ? "rw-can" : null, title: !building_ && !over && canPay(info, k) ? t("pharaoh.canpay") : null },
        phase === "free build" && ok ? t("pharaoh.free") : costText(k, t)),
      h("td", null, t(`pharaoh.ability.${k}`)));
    })));
  const chartBox = h("div", { class: "rw-box", id: "rw-chart-box" }, h("h3", null, t("pharaoh.chart")), chart);

  const side = h("div", { class: "rw-side" + (building_ ? " building" : "") }, diceBox, resBox, chartBox);
  const top = h("div", { class: "rw-top" }, main, side);

  // ---- objectives
  const parts = [top];
  if (obs.marked && obs.marked.length) {
    parts.push(h("div", { class: "rw-box", id: "rw-objectives" }, h("h3", null, t("pharaoh.objectives")),
      h("ul", { class: "rw-obj" }, obs.marked.map((o) => {
        const done = info.objectives_done.includes(o);
        const others = n > 1 ? obs.seats.map((x, p) => (x.objectives_done.includes(o) ? seatName(names, p, t) : null)).filter(Boolean) : [];
        return h("li", { class: done ? "done" : "", "data-objective": String(o), "data-done": done ? "1" : "0" },
          done ? "☑ " : "☐ ", `${o}. ${t(`pharaoh.obj.${o}`)} (+${OBJECTIVE_POINTS[o]})`,
          n > 1 && others.length ? h("span", { class: "rw-note" }, " — " + t("pharaoh.objectives.doneby", { names: others.join(", ") })) : null,
          n === 1 && done ? h("span", { class: "rw-note" }, " — " + t("pharaoh.objectives.done")) : null);
      }))));
  }

  // ---- the score sheet: one row per seat
  const cur = obs.round;
  const scoreRows = obs.seats.map((x, p) => h("tr", { class: (p === big ? "big" : "") + (obs.to_move === p && !over ? " active" : ""), "data-seat": String(p + 1) },
    h("th", null, seatName(names, p, t) + (p === me ? ` (${t("pharaoh.you")})` : "")),
    Array.from({ length: ROUNDS }, (_, r) => {
      if (r < x.round_scores.length) {
        const v = x.round_scores[r];
        return h("td", { class: v > 0 ? "pos" : v < 0 ? "neg" : "" }, String(v));
      }
      if (r === x.round_scores.length && x.this_round !== null && x.this_round !== undefined) {
        return h("td", { class: "now", title: t("pharaoh.scoresheet.now") }, String(x.this_round));
      }
      return h("td", null, "");
    }),
    h("td", { class: "total" }, String(x.score))));
  parts.push(h("div", { class: "rw-box", id: "rw-scoresheet" }, h("h3", null, t("pharaoh.scoresheet")),
    h("div", { style: "overflow-x:auto", tabindex: "0", role: "region", "aria-label": t("pharaoh.scoresheet") }, h("table", { class: "rw-scores" },
      h("thead", null, h("tr", null, h("th", null, ""),
        Array.from({ length: ROUNDS }, (_, r) => h("th", { class: r + 1 === cur && phase !== "over" ? "current" : "" }, String(r + 1))),
        h("th", null, t("pharaoh.scoresheet.total")))),
      h("tbody", null, scoreRows))),
    n === 1 ? h("div", { class: "rw-note" }, t("pharaoh.titles")) : null));

  // ---- the other seats' sheets, small
  if (n > 1) {
    const cards = [];
    for (let p = 0; p < n; p++) {
      if (p === big) continue;
      const x = obs.seats[p];
      const active = obs.to_move === p && !over;
      const canFocus = me === null;
      cards.push(h("div", { class: "rw-other" + (active ? " active" : ""), "data-seat": String(p + 1), title: canFocus ? t("pharaoh.view") : null,
        onclick: canFocus ? () => { focusOf[view.id] = p; redraw(); } : null },
      h("div", { class: "rw-oname" }, seatName(names, p, t)),
      h("div", { class: "rw-oline" }, t("pharaoh.score", { n: x.score }), obs.roll ? ` · ${t("pharaoh.dice.of")} ${x.dice[0] || obs.roll[0]}–${x.dice[1] || obs.roll[1]}` : ""),
      h("div", { class: "rw-oline" }, RESOURCES.map((r) => `${x.storage[r]} ${t(`pharaoh.res.${r}`)}`).join(" · ")),
      sheetSvg(obs, x, { cell: 28, labels: false, targets: null, send, t })));
    }
    parts.push(h("div", { class: "rw-box", id: "rw-others" }, h("h3", null, t("pharaoh.others")), h("div", { class: "rw-others" }, cards)));
  }
  board.replaceChildren(h("div", { class: "rw-table", "data-phase": phase, "data-round": String(obs.round) }, parts));

  // ---- hint and the buttons of the action bar
  const btns = [];
  let text;
  if (over) {
    const scores = obs.scores;
    if (n === 1) {
      text = obs.title ? t("pharaoh.hint.over.solo", { n: scores[0], title: titleText(obs.title, t) }) : t("pharaoh.hint.over.solo.none", { n: scores[0] });
    } else {
      const ranking = view.result && view.result.ranking ? view.result.ranking.map((x) => x - 1) : rankingOf(scores);
      const best = ranking.filter((p) => scores[p] === scores[ranking[0]]);
      text = best.length > 1
        ? t("pharaoh.hint.over.tie", { names: best.map((p) => seatName(names, p, t)).join(t("log.and")), n: scores[best[0]] })
        : t("pharaoh.hint.over", { name: seatName(names, ranking[0], t), n: scores[ranking[0]] });
    }
  } else if (!myTurn) {
    const waitingFor = typeof view.to_move === "number" ? seatName(names, view.to_move - 1, t) : null;
    text = waitingFor ? t("pharaoh.hint.wait", { name: waitingFor }) : t("game.waitingchance");
  } else if (phase === "starting housing") {
    text = t("pharaoh.hint.housing");
  } else if (phase === "starting resources") {
    text = t("pharaoh.hint.take");
    for (const m of takes2) {
      const [, a, b] = m.split(" ");
      btns.push(h("button", { class: "btn", "data-move": m, onclick: () => send(m) }, resDot(h, a), resDot(h, b), " ",
        t("pharaoh.take2", { a: t(`pharaoh.res.${a}`), b: t(`pharaoh.res.${b}`) })));
    }
  } else if (phase === "dice action") {
    if (ui.shift) {
      const [d, delta] = ui.shift.split(" ");
      text = t("pharaoh.hint.pay", { d, delta });
    } else if (obs.forced) {
      text = t("pharaoh.hint.forced", { a: obs.roll[0], b: obs.roll[1], action: t(`pharaoh.act.${obs.forced}`) });
    } else {
      const actionsLegal = legal.filter((m) => m.startsWith("action "));
      const offered = [info.dice[0], info.dice[1], info.dice[0] + info.dice[1]].map((e) => CHART[e]);
      const nothing = actionsLegal.length === 1 && actionsLegal[0] === "action none" && !offered.includes("none");
      text = nothing ? t("pharaoh.hint.dice.nothing") : info.shifted ? t("pharaoh.hint.dice.shifted") : t("pharaoh.hint.dice");
    }
  } else if (phase === "erase") {
    text = t("pharaoh.hint.erase");
  } else if (phase === "build action" || phase === "free build") {
    const withBonus = ["housing", "industrial", "farming", "treasury", "admin"].includes(ui.kind);
    text = ui.kind ? t(withBonus ? "pharaoh.hint.square.bonus" : "pharaoh.hint.square", { kind: t(`pharaoh.kind.${ui.kind}`) }) : t(phase === "free build" ? "pharaoh.hint.free" : "pharaoh.hint.build");
    if (ui.kind) btns.push(h("button", { class: "btn", onclick: () => { ui.kind = null; redraw(); } }, t("pharaoh.deselect")));
    if (legalSet.has("skip")) btns.push(h("button", { class: "btn", id: "rw-skip", "data-move": "skip", onclick: () => send("skip") }, t(phase === "free build" ? "pharaoh.skip.free" : "pharaoh.skip")));
  } else if (phase === "guild resource") {
    text = t("pharaoh.hint.guild");
    for (const m of takes1) {
      const r = m.split(" ")[1];
      btns.push(h("button", { class: "btn primary", "data-move": m, onclick: () => send(m) }, resDot(h, r), " ", t("pharaoh.take1", { res: t(`pharaoh.res.${r}`) })));
    }
  } else {
    text = t("game.yourturn");
  }
  hint.replaceChildren(h("span", { class: myTurn ? "your-turn" : "" }, myTurn ? t("game.yourturn") + " " : ""), text);
  hint.className = "hint" + (myTurn ? " mine" : "");
  actions.replaceChildren(h("div", { class: "rw-bar" }, btns));

  // ---- below: the result at the end, and the help box
  const low = [];
  if (over) {
    const scores = obs.scores;
    const ranking = view.result && view.result.ranking ? view.result.ranking.map((x) => x - 1) : rankingOf(scores);
    low.push(h("section", { class: "card ranking", id: "ranking" }, h("h2", null, t("pharaoh.result")),
      h("ul", { class: "rw-rank" }, ranking.map((p, i) => h("li", { class: scores[p] === scores[ranking[0]] ? "winner" : "" },
        t("pharaoh.result.line", { place: 1 + ranking.findIndex((q) => scores[q] === scores[p]), name: seatName(names, p, t), n: scores[p] })))),
      n === 1 ? h("p", { id: "rw-title", class: "winner" }, obs.title ? t("pharaoh.result.title", { title: titleText(obs.title, t) }) : t("pharaoh.result.notitle")) : null));
  }
  low.push(h("details", { class: "card help", id: "pharaoh-help", open: helpOpen ? true : null, ontoggle: (e) => { helpOpen = e.target.open; } },
    h("summary", null, t("pharaoh.help.title")),
    h("ul", null, ["goal", "dice", "shift", "build", "disasters", "end"].map((k) => h("li", null, t(`pharaoh.help.${k}`))))));
  below.replaceChildren(...low);

  // say so when a round's score is written (not when the page opens)
  const written = info.round_scores.length;
  const key = `${view.id}/${big}`;
  if (key in seenRounds && written > seenRounds[key] && notify && !over) {
    const v = info.round_scores[written - 1];
    notify(t("pharaoh.notice.round", { round: written, n: v > 0 ? `+${v}` : String(v), total: info.score }));
  }
  seenRounds[key] = written;
}

function offerCard(h, t, entry, action, info, clickable, send, ui) {
  let eff;
  if (PRODUCTION[action]) {
    const y = yieldOf(info.sheet, action);
    eff = y ? t("pharaoh.effect.gain", { n: y, res: t(`pharaoh.res.${PRODUCTION[action][1]}`) })
      : t("pharaoh.effect.needs", { kind: t(`pharaoh.a.${PRODUCTION[action][0]}`) });
  } else if (action === "flood" && info.preventions.flood > 0) eff = t("pharaoh.effect.prevented", { kind: t("pharaoh.kind.religious") });
  else if (action === "invasion" && info.preventions.invasion > 0) eff = t("pharaoh.effect.prevented", { kind: t("pharaoh.kind.military") });
  else eff = t(`pharaoh.effect.${action}`);
  const move = `action ${action}`;
  return h(clickable ? "button" : "div", { class: "rw-offer" + (clickable ? " clickable" : " off"), "data-entry": String(entry),
    "data-action": action, "data-move": clickable ? move : null,
    onclick: clickable ? () => { ui.shift = null; send(move); } : null },
  h("span", { class: "rw-entry" }, String(entry)),
  h("span", { class: "rw-act" }, t(`pharaoh.act.${action}`)),
  h("span", { class: "rw-eff" }, eff));
}
