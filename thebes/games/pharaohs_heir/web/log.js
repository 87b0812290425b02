// Pharaoh's Heir's log in words: a fold over the public log that knows where each year
// begins (and what its Nile tile does), where the first cycle ends and is scored, what
// the Time of Unrest clears, and where and how the game ends
// (shared/spec/pharaohs-heir.md: Turn, Time of Unrest, Scoring).
//
// None of these has an event of its own: the Nile tile is turned, a cycle is scored and
// the mats are cleared by the rules right after some move. The fold finds those moves
// from the log's shape alone: every turn is five Overseer choices (`develop` ...
// `improve`, the fifth forced but still an event), each followed by its round's moves
// (take; offer, bonus|peek; place; reap, starve; pass|build, pay). A round ends at the
// last of its moves; the fifth round's end ends the year, the sixth year's end the
// cycle. Population's `place` moves are all N players' in a numbered year (starting
// with the Overseer) and none in a flood or drought, which tells them from the Time
// of Unrest's `place` moves (those start left of that Overseer, who comes last).
// For the log's last event the observation after it (`now`) tells whether the round
// is over (`now.action` is null between rounds). The numbers (VPs per area, the Nile
// tiles turned) come from the observation, which every seat sees.
//
// foldHeir(log, players, now) -> { notes: Map log index -> [[i18n key, vars], ...] }
// narrateHeir(log, names, t, obs, describeEvent) -> the words of every log line.
// tests/games/pharaohs_heir/test_web_pharaohs_heir_log.py runs both with Node against the engine.
import { addStrings } from "../../i18n.js";

const ACTIONS = ["develop", "sacrifice", "populate", "harvest", "improve"];
const ROUND = { develop: ["take"], sacrifice: ["offer", "bonus", "peek"], populate: ["place"],
  harvest: ["reap", "starve"], improve: ["pass", "build", "pay"] };
const AREAS = ["harvest", "gods", "land", "people", "buildings"];
const TURNS = 6; // years in a cycle

export function foldHeir(log, players, now = null) {
  const n = players;
  const notes = new Map();
  const note = (index, key, vars = {}) => {
    if (!notes.has(index)) notes.set(index, []);
    notes.get(index).push([key, vars]);
  };
  let choices = 0; // Overseer choices so far
  let round = null; // { action, overseer, places (populate: how many of the next places are its) }
  let turnsDone = 0; // years over
  let awaitingYear = false; // the first cycle is over: the next year starts after the unrest
  let blessing = null; // 0-based holder of Pharaoh's Blessing: the next year's first Overseer
  let prev = null; // index of the previous event

  function yearStarts(index) {
    const cycle = Math.floor(turnsDone / TURNS) + 1;
    const turn = (turnsDone % TURNS) + 1;
    note(index, "pharaohs_heir.log.year", { cycle, turn, global: turnsDone, blessing });
  }

  function roundEnds(index) {
    round = null;
    if (choices % 5) return;
    turnsDone = choices / 5;
    if (turnsDone === TURNS) {
      note(index, "pharaohs_heir.log.cycle", { cycle: 1 });
      note(index, "pharaohs_heir.log.unrest", {});
      awaitingYear = true;
    } else if (turnsDone === 2 * TURNS) {
      note(index, "pharaohs_heir.log.cycle", { cycle: 2 });
      note(index, "pharaohs_heir.log.over", {});
    } else {
      yearStarts(index);
    }
  }

  // populate's places: all N in a numbered year (from the Overseer leftwards), else none
  function populatePlaces(at, overseer) {
    const g = choices === 0 ? 0 : Math.floor((choices - 1) / 5);
    const tile = now && now.nile && now.nile.revealed ? now.nile.revealed[g] : undefined;
    if (tile !== undefined) return tile === "flood" || tile === "drought" ? 0 : n;
    let run = 0;
    for (let j = at + 1; j < log.length && run < n; j++) {
      const l = log[j];
      if (!l.seat || !(l.event || "").startsWith("place") || l.seat - 1 !== (overseer + run) % n) break;
      run += 1;
    }
    return run >= n ? n : 0;
  }

  log.forEach((line, i) => {
    const ev = line.event || "";
    const head = ev.split(" ")[0];
    const seat = line.seat ? line.seat - 1 : null;
    // a move outside the running round ends it with the move before
    if (round) {
      let inRound = seat !== null && ROUND[round.action].includes(head);
      if (inRound && round.action === "populate") inRound = round.places-- > 0;
      if (!inRound) roundEnds(prev);
    }
    if (awaitingYear && seat !== null && (ACTIONS.includes(ev) || head === "protect")) {
      awaitingYear = false;
      yearStarts(prev);
    }
    if (seat === null) {
      if (head === "blessing") { blessing = Number(ev.split(" ")[1]) - 1; yearStarts(line.index); }
    } else if (ACTIONS.includes(ev) && !round) {
      choices += 1;
      if (choices % 5 === 0) blessing = (seat + 1) % n; // left of the fifth Overseer
      round = { action: ev, overseer: seat, places: ev === "populate" ? populatePlaces(i, seat) : 0 };
    }
    prev = line.index;
  });
  // the log's last event: the observation after it says whether its round is over
  if (prev !== null && now && !now.action) {
    if (round) roundEnds(prev);
    const started = now.phase && !["unrest", "land", "nile", "blessing", "end"].includes(now.phase);
    if (awaitingYear && started) { awaitingYear = false; yearStarts(prev); }
  }
  return { notes, choices, turnsDone };
}

// The VPs of a cycle per seat, or null before it is scored (obs.vp: cycle x seat x area).
function cycleVp(obs, cycle) {
  const table = obs && obs.vp && obs.vp[cycle - 1];
  if (!table || !table.some((areas) => areas.some((v) => v))) return null;
  return table;
}

// Seats from winner to last: most VPs, then the combined VPs in Harvest, Gods, Land,
// People, Buildings, then seat order (R17).
export function heirRanking(vp) {
  const seats = vp[0].map((_, s) => s);
  const key = (s) => {
    const combined = AREAS.map((_, a) => vp.reduce((x, c) => x + c[s][a], 0));
    return [combined.reduce((x, y) => x + y, 0), ...combined];
  };
  return seats.sort((a, b) => {
    const ka = key(a), kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return a - b;
  });
}

// The words of every line of `log` (same order), for the log, the replay and the live region.
export function narrateHeir(log, names, t, obs, describeEvent) {
  const players = (obs && obs.players) || (names && names.length) || 3;
  const { notes } = foldHeir(log, players, obs);
  const nameOf = (s) => (names && names[s]) || t("game.seatname", { seat: s + 1 });
  const revealed = (obs && obs.nile && obs.nile.revealed) || [];
  return log.map((line) => {
    let text = describeEvent(line, names, t);
    const said = notes.get(line.index) || [];
    if (said.length && !/[.!?…]$/.test(text)) text += "."; // the move's words end a sentence
    for (const [key, vars] of said) {
      if (key === "pharaohs_heir.log.year") {
        const tile = revealed[vars.global];
        text += " " + t(key, vars);
        if (vars.blessing !== null) text += " " + t("pharaohs_heir.log.blessed", { name: nameOf(vars.blessing) });
        if (tile === "flood" || tile === "drought") text += " " + t(`pharaohs_heir.log.year.${tile}`);
        else if (tile) text += " " + t("pharaohs_heir.log.year.number", { n: tile });
      } else if (key === "pharaohs_heir.log.cycle") {
        const vp = cycleVp(obs, vars.cycle);
        if (!vp) { text += " " + t("pharaohs_heir.log.cycle.over", vars); continue; }
        const each = vp.map((areas, s) => t("pharaohs_heir.log.cycle.seat", {
          name: nameOf(s), vp: areas.reduce((a, b) => a + b, 0),
          areas: AREAS.map((a, k) => t("pharaohs_heir.log.cycle.area", { area: t(`pharaohs_heir.log.area.${a}`), vp: areas[k] })).join(", "),
        }));
        text += " " + t(key, { cycle: vars.cycle, list: each.join("; ") });
      } else if (key === "pharaohs_heir.log.over") {
        const vp = [cycleVp(obs, 1), cycleVp(obs, 2)];
        if (!vp[0] || !vp[1]) { text += " " + t("pharaohs_heir.log.over.plain"); continue; }
        const total = (s) => vp[0][s].concat(vp[1][s]).reduce((a, b) => a + b, 0);
        const order = heirRanking(vp);
        const tied = order.length > 1 && total(order[0]) === total(order[1]);
        text += " " + t(tied ? "pharaohs_heir.log.over.tiebreak" : key, {
          name: nameOf(order[0]), vp: total(order[0]),
          list: order.map((s) => t("pharaohs_heir.log.final", { name: nameOf(s), vp: total(s) })).join(", "),
        });
      } else {
        text += " " + t(key, vars);
      }
    }
    return text;
  });
}

addStrings({
  en: {
    "pharaohs_heir.log.year": "Year {turn} of cycle {cycle} begins.",
    "pharaohs_heir.log.blessed": "{name} holds Pharaoh's Blessing and is the first Overseer.",
    "pharaohs_heir.log.year.number": "The Nile tile is a {n}: {n} tokens each at Population, a sacrifice due of {n}.",
    "pharaohs_heir.log.year.flood": "The Nile floods: every building a floodwall does not protect is destroyed, and every floodwall.",
    "pharaohs_heir.log.year.drought": "Drought: every land tile with people loses a token.",
    "pharaohs_heir.log.cycle": "Cycle {cycle} is over and scored: {list}.",
    "pharaohs_heir.log.cycle.over": "Cycle {cycle} is over and scored.",
    "pharaohs_heir.log.cycle.seat": "{name} {vp} VP ({areas})",
    "pharaohs_heir.log.cycle.area": "{area} {vp}",
    "pharaohs_heir.log.area.harvest": "Harvest",
    "pharaohs_heir.log.area.gods": "Gods",
    "pharaohs_heir.log.area.land": "Land",
    "pharaohs_heir.log.area.people": "People",
    "pharaohs_heir.log.area.buildings": "Buildings",
    "pharaohs_heir.log.unrest": "Time of Unrest: the land tiles taken, canals, grain and people leave every mat; markets and altars become people on the zero tiles, farms become grain; floodwalls stay.",
    "pharaohs_heir.log.over": "The game is over after two cycles: {name} wins with {vp} VP. Final: {list}.",
    "pharaohs_heir.log.over.tiebreak": "The game is over after two cycles: {name} wins the tie on {vp} VP by the most VPs in Harvest, then Gods, Land, People, Buildings. Final: {list}.",
    "pharaohs_heir.log.over.plain": "The game is over after two cycles.",
    "pharaohs_heir.log.final": "{name} {vp} VP",
  },
  fr: {
    "pharaohs_heir.log.year": "L'année {turn} du cycle {cycle} commence.",
    "pharaohs_heir.log.blessed": "{name} a la Bénédiction de Pharaon et est le premier Intendant.",
    "pharaohs_heir.log.year.number": "La tuile du Nil est un {n} : {n} jetons chacun à la Population, un sacrifice dû de {n}.",
    "pharaohs_heir.log.year.flood": "Le Nil déborde : tout bâtiment qu'aucune digue ne protège est détruit, et toutes les digues.",
    "pharaohs_heir.log.year.drought": "Sécheresse : chaque tuile de terre peuplée perd un jeton.",
    "pharaohs_heir.log.cycle": "Le cycle {cycle} est fini et compté : {list}.",
    "pharaohs_heir.log.cycle.over": "Le cycle {cycle} est fini et compté.",
    "pharaohs_heir.log.cycle.seat": "{name} {vp} PV ({areas})",
    "pharaohs_heir.log.cycle.area": "{area} {vp}",
    "pharaohs_heir.log.area.harvest": "Récolte",
    "pharaohs_heir.log.area.gods": "Dieux",
    "pharaohs_heir.log.area.land": "Terres",
    "pharaohs_heir.log.area.people": "Peuple",
    "pharaohs_heir.log.area.buildings": "Bâtiments",
    "pharaohs_heir.log.unrest": "Temps des troubles : les tuiles de terre prises, les canaux, le grain et le peuple quittent chaque plateau ; marchés et autels deviennent du peuple sur les tuiles zéro, les fermes du grain ; les digues restent.",
    "pharaohs_heir.log.over": "La partie est finie après deux cycles : {name} gagne avec {vp} PV. Final : {list}.",
    "pharaohs_heir.log.over.tiebreak": "La partie est finie après deux cycles : {name} gagne l'égalité à {vp} PV par le plus de PV en Récolte, puis Dieux, Terres, Peuple, Bâtiments. Final : {list}.",
    "pharaohs_heir.log.over.plain": "La partie est finie après deux cycles.",
    "pharaohs_heir.log.final": "{name} {vp} PV",
  },
});
