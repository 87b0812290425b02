// Sarcophagus's log in words: each event, then what the rules did right after it
// (claims, ties, tiles nobody claims, sarcophagus tiles taken or discarded unseen, the
// sarcophagus tiles turned over at the end), shared/spec/sarcophagus.md (Claims,
// Everybody out of coins, End of the game).
//
// A fold over the public log and the observation, so that a page opened mid-game, a
// reloaded one or a replay jumped to the end tells every earlier claim. The log gives
// each event's kind, actor and position; the observation's `assessments` (every tile
// assessed, in order: position, tile, claimer or null) and `ties` (the coins turned over)
// give what was announced to all at the time; nothing hidden is needed. When an
// assessment happens follows from the rules without the pyramid's geometry:
// - a `place V T` that puts a 4th coin on T is followed by T's assessment exactly when T
//   is claimable, that is when the next assessment is T's;
// - the N-th pass in a row assesses the top-left tile (the first present in reading order);
// - then the cascade: every next assessment whose tile holds 4 coins belongs to it (a
//   later event's first assessment is of a tile not yet full, or of the top-left tile,
//   which is claimable and would have been in the cascade), until a trap claimer owes a
//   discard (no god, a number tile held): it goes on after his `discard`;
// - the pyramid empty and no discard owed: the sarcophagus tiles are turned over.
//
// foldSarcophagus(log, obs) -> Map log index -> [{key, seat, tile, pos, coins}, ...]
//   (i18n keys sarcophagus.news.*; `obs` the observation after the log or later; an
//   older one tells as far as its assessments go).
// tests/games/sarcophagus/test_web_sarcophagus_log.py runs it with Node against the engine.
import { addStrings } from "../../i18n.js";
import { ROWS, SARC_POSITIONS, nameOf, parseTile, tileLabel } from "./rules.js";

addStrings({
  en: {
    "sarcophagus.log.layout": "The pyramid is laid out face down; the top tile a1 turns face up.",
    "sarcophagus.log.first": "{name} takes the first turn.",
    "sarcophagus.log.place": "{name} places a {value} on {pos}.",
    "sarcophagus.log.placehidden": "{name} places a coin on {pos}.",
    "sarcophagus.log.pass": "{name} passes (no coins left).",
    "sarcophagus.log.discard": "{name} discards {tile} to a trap.",
    "sarcophagus.news.claim": "{name} claims {tile} ({pos}).",
    "sarcophagus.news.trapclaim": "{name} claims {tile} ({pos}): it costs a number tile, unless a god protects.",
    "sarcophagus.news.godclaim": "{name} claims {tile} ({pos}): safe from traps from now on.",
    "sarcophagus.news.lot": "{name} also takes the sarcophagus tile beneath, unseen, with the coins on it.",
    "sarcophagus.news.nobody": "Nobody claims {tile} ({pos}): discarded.",
    "sarcophagus.news.unseen": "The sarcophagus tile beneath is discarded unseen.",
    "sarcophagus.news.tie": "Tie on {pos}: the coins are turned over ({coins}).",
    "sarcophagus.news.reveal": "{name}'s sarcophagus tile: {tile}.",
  },
  fr: {
    "sarcophagus.log.layout": "La pyramide est posée face cachée ; la tuile du sommet a1 est retournée.",
    "sarcophagus.log.first": "{name} commence.",
    "sarcophagus.log.place": "{name} pose un {value} sur {pos}.",
    "sarcophagus.log.placehidden": "{name} pose une pièce sur {pos}.",
    "sarcophagus.log.pass": "{name} passe (plus de pièces).",
    "sarcophagus.log.discard": "{name} défausse {tile} à cause d'un piège.",
    "sarcophagus.news.claim": "{name} prend {tile} ({pos}).",
    "sarcophagus.news.trapclaim": "{name} prend {tile} ({pos}) : il coûte une tuile numérotée, sauf si un dieu protège.",
    "sarcophagus.news.godclaim": "{name} prend {tile} ({pos}) : désormais à l'abri des pièges.",
    "sarcophagus.news.lot": "{name} prend aussi la tuile du sarcophage en dessous, sans la voir, avec les pièces posées dessus.",
    "sarcophagus.news.nobody": "Personne ne prend {tile} ({pos}) : défaussée.",
    "sarcophagus.news.unseen": "La tuile du sarcophage en dessous est défaussée sans être vue.",
    "sarcophagus.news.tie": "Égalité sur {pos} : les pièces sont retournées ({coins}).",
    "sarcophagus.news.reveal": "Tuile du sarcophage de {name} : {tile}.",
  },
});

// The 21 positions in reading order: a1, b1, b2, c1, ...
const READING = [...ROWS].flatMap((row, r) => Array.from({ length: r + 1 }, (_, i) => `${row}${i + 1}`));

export function describeEvent(line, names, t) {
  const who = line.seat ? (names && names[line.seat - 1]) || t("game.seatname", { seat: line.seat }) : null;
  const ev = line.event || "";
  const words = ev.split(" ");
  if (line.seat === null || line.seat === undefined) {
    if (words[0] === "layout") return t("sarcophagus.log.layout");
    if (words[0] === "first" && /^\d+$/.test(words[1] || "")) {
      const k = Number(words[1]);
      return t("sarcophagus.log.first", { name: (names && names[k - 1]) || t("game.seatname", { seat: k }) });
    }
    return t("log.chance", { event: ev });
  }
  if (words[0] === "place" && words.length === 3) {
    return words[1] === "?" ? t("sarcophagus.log.placehidden", { name: who, pos: words[2] })
      : t("sarcophagus.log.place", { name: who, value: words[1], pos: words[2] });
  }
  if (ev === "pass") return t("sarcophagus.log.pass", { name: who });
  if (words[0] === "discard" && words.length === 2 && words[1].includes("-")) return t("sarcophagus.log.discard", { name: who, tile: tileLabel(words[1], t) });
  return t("log.other", { name: who, event: ev });
}

export function foldSarcophagus(log, obs) {
  const notes = new Map();
  if (!obs || !Array.isArray(obs.assessments) || !log.length || log[0].index !== 0) return notes;
  const n = obs.players;
  const assessments = obs.assessments;
  const ties = obs.ties || [];
  let next = 0;       // the next assessment to place in the log
  let nextTie = 0;
  const owners = {};  // position -> owners of its coins (0-based seats)
  const present = new Set(READING);
  const numbers = new Array(n).fill(0); // number tiles held face up (a trap costs one)
  const gods = new Array(n).fill(false);
  let passes = 0;
  let owed = false;   // a trap's claimer owes a discard: the cascade waits for it
  let lost = false;   // the observation holds fewer assessments than the log needs
  let ended = false;
  let index = 0;
  const say = (item) => { if (!notes.has(index)) notes.set(index, []); notes.get(index).push(item); };

  // The next assessment, if it is of `pos`: claim or discard it (spec, Claims).
  function assess(pos) {
    const a = assessments[next];
    if (!a || a.pos !== pos) { lost = true; return; }
    next += 1;
    const counts = new Array(n).fill(0);
    for (const o of owners[pos] || []) counts[o] += 1;
    const most = Math.max(...counts);
    if (most > 0 && counts.filter((c) => c === most).length > 1) {
      const tie = ties[nextTie];
      nextTie += 1;
      if (tie && tie.pos === pos) say({ key: "sarcophagus.news.tie", pos, coins: tie.coins });
    }
    present.delete(pos);
    delete owners[pos];
    const under = SARC_POSITIONS.includes(pos);
    const seat = a.claimer;
    if (seat === null || seat === undefined) {
      say({ key: "sarcophagus.news.nobody", tile: a.tile, pos });
      if (under) say({ key: "sarcophagus.news.unseen" });
      return;
    }
    const rank = parseTile(a.tile).rank;
    say({ key: rank === "null" ? "sarcophagus.news.trapclaim" : rank === "ace" ? "sarcophagus.news.godclaim" : "sarcophagus.news.claim",
      seat, tile: a.tile, pos });
    if (under) say({ key: "sarcophagus.news.lot", seat });
    if (rank === "ace") gods[seat] = true;
    else if (rank !== "null") numbers[seat] += 1;
    else if (!gods[seat] && numbers[seat]) owed = true;
  }
  // Every next assessment of a full tile, until a discard is owed (rulings 13, 14).
  function cascade() {
    while (!lost && !owed && next < assessments.length && (owners[assessments[next].pos] || []).length === 4) {
      assess(assessments[next].pos);
    }
  }

  for (const line of log) {
    index = line.index;
    if (lost) break;
    const words = (line.event || "").split(" ");
    if (line.seat && words[0] === "place" && words.length === 3) {
      const pos = words[2];
      (owners[pos] = owners[pos] || []).push(line.seat - 1);
      passes = 0;
      const a = assessments[next];
      if (owners[pos].length === 4 && a && a.pos === pos) { assess(pos); cascade(); }
    } else if (line.seat && words[0] === "pass") {
      passes += 1;
      if (passes === n) {
        passes = 0;
        assess(READING.find((p) => present.has(p)));
        cascade();
      }
    } else if (line.seat && words[0] === "discard" && words.length === 2) {
      numbers[line.seat - 1] -= 1;
      if (owed) { owed = false; cascade(); }
    }
    if (!present.size && !owed && !ended && !lost) {
      ended = true;
      // the end: every claimed sarcophagus tile is turned over, seat 1 first
      (obs.sarcophagi || []).forEach((lots, seat) => lots.forEach((lot) => {
        if (lot.tile) say({ key: "sarcophagus.news.reveal", seat, tile: lot.tile });
      }));
    }
  }
  return notes;
}

// One news item in words.
export function newsText(item, view, t) {
  const vars = { pos: item.pos };
  if (item.seat !== undefined) vars.name = nameOf(view, item.seat, t);
  if (item.tile) vars.tile = tileLabel(item.tile, t);
  if (item.coins) vars.coins = item.coins.map(([o, v]) => `${nameOf(view, o, t)} ${v}`).join(", ");
  return t(item.key, vars);
}

// The log in words, each event followed by what the rules did with it; `unshown` (a Set,
// optional): the sarcophagus tiles the board has not turned over yet, told once it has.
export function narrate(log, names, t, obs, unshown) {
  const notes = foldSarcophagus(log, obs);
  const view = { names };
  const told = (item) => !(unshown && item.key === "sarcophagus.news.reveal" && unshown.has(item.tile));
  return log.map((line) => {
    const words = describeEvent(line, names, t);
    const news = (notes.get(line.index) || []).filter(told);
    return news.length ? [words, ...news.map((item) => newsText(item, view, t))].join(" ") : words;
  });
}
