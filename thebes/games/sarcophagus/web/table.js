// Sarcophagus's table (shared/spec/sarcophagus.md; the observation's shape is documented
// in thebes/games/sarcophagus/information.py): the page's part, that is which moves are
// legal and how they are offered, the hint line and its buttons, the final reveal (one
// sarcophagus tile a second), the final scoring, what just happened and the rules in
// short. Only legal moves are clickable: every clickable thing is derived from the
// view's `legal` list.
//
// The entry module of its folder, with every table's interface (thebes/web/tables.js):
// describeEvent(line, names, t), narrate(log, names, t, obs), render(ctx); its strings
// below (its title and option too). The modules it stands on: rules.js (tiles, fame,
// geometry), log.js (the log in words), draw.js (pieces, CSS), board.js (the SVG
// board). Clickable SVG elements carry data-move (the move they send), data-coin (a
// coin value of your hand to choose) or data-pos (a tile to choose before its coin),
// for people and tests. See docs/games/sarcophagus/web.md.

import { addStrings } from "../../i18n.js";
import { drawBoard } from "./board.js";
import { foldSarcophagus, narrate as narrateLog, newsText } from "./log.js";
import { bonusList, fameOf, heldCount, nameOf } from "./rules.js";

export { describeEvent } from "./log.js";
export { claimableSet, fameOf, tileLabel } from "./rules.js";

const REVEAL_MS = 1000;

addStrings({
  en: {
    "gametitle.sarcophagus": "Sarcophagus",
    "option.base_free": "The pyramid's base is free",
    "option.base_free.help": "A bottom-row tile's lower side counts as free, as on a flat table (the standard game). Untick it to stand the pyramid on the ground.",
    "sarcophagus.hint.first": "Place your first coin on the top-left tile {pos} (marked ★): choose one of your coins, then select the tile.",
    "sarcophagus.hint.second": "Place your second coin on any face-up tile with fewer than 4 coins: choose one of your coins, then a glowing tile.",
    "sarcophagus.hint.claimrule": "A tile with 4 coins and two free sides (marked ✓) goes to whoever has most coins on it.",
    "sarcophagus.hint.coinchosen": "Your {value} is chosen: select a glowing tile.",
    "sarcophagus.hint.tilechosen": "Tile {pos} is chosen: select one of your coins.",
    "sarcophagus.hint.pass": "You have no coins left: pass (your coins come back when tiles are claimed).",
    "sarcophagus.hint.trap": "You claimed a trap! Choose one of your number tiles to discard (select it, in your row).",
    "sarcophagus.hint.endtrap": "Your sarcophagus tile is a trap! Choose one of your number tiles to discard (select it, in your row).",
    "sarcophagus.hint.wait.place": "{name} is placing a coin…",
    "sarcophagus.hint.wait.pass": "{name} has no coins and passes…",
    "sarcophagus.hint.passes": "{n} of {players} passes in a row: when every player has passed, the top-left tile {pos} is assessed with whatever coins it holds.",
    "sarcophagus.hint.wait.discard": "{name} must discard a number tile to a trap…",
    "sarcophagus.hint.reveal": "The pyramid is empty: the sarcophagus tiles are turned over…",
    "sarcophagus.hint.winner": "The game is over: {name} wins with {fame} fame.",
    "sarcophagus.hint.draw": "The game is over: {names} share first place with {fame} fame.",
    "sarcophagus.pass": "Pass",
    "sarcophagus.cancel": "Choose again",
    "sarcophagus.news": "What just happened",
    "sarcophagus.final": "Final scoring",
    "sarcophagus.final.place": "Place",
    "sarcophagus.final.player": "Player",
    "sarcophagus.final.numbers": "Number tiles",
    "sarcophagus.final.bonus": "Suit bonus",
    "sarcophagus.final.fame": "Fame",
    "sarcophagus.final.held": "Tiles held",
    "sarcophagus.final.tiebreak": "Equal fame: fewest tiles held wins.",
    "sarcophagus.help.title": "How to play Sarcophagus",
    "sarcophagus.help.goal": "Goal: collect number tiles (2 to 5 fame each) from the pyramid; 2, 3 or 4 number tiles of one suit add 1, 2 or 4 fame.",
    "sarcophagus.help.turn": "Your turn: place two coins, one at a time. The first always goes on the top-left tile (★); the second on any face-up tile holding fewer than 4 coins.",
    "sarcophagus.help.reveal": "A coin turns face up every face-down tile next to its tile.",
    "sarcophagus.help.claim": "A tile holding 4 coins with two free sides (✓) goes to whoever has most coins on it; on a tie the coins are turned over and the highest total wins. The coins then come back to their owners.",
    "sarcophagus.help.traps": "Traps (null tiles) make their claimer discard a number tile, unless he holds a god (ace).",
    "sarcophagus.help.sarc": "Whoever claims e3, f3 or f4 also takes the sarcophagus tile beneath, unseen: his coins on it are out of play. Those tiles (the four 5s and two traps) are revealed at the end.",
    "sarcophagus.help.end": "With no coins you pass; when everyone has passed, the top-left tile is assessed. The game ends when the pyramid is empty.",
  },
  fr: {
    "gametitle.sarcophagus": "Sarcophage",
    "option.base_free": "La base de la pyramide est libre",
    "option.base_free.help": "Le côté bas d'une tuile de la dernière rangée compte comme libre, comme sur une table (le jeu standard). Décochez pour poser la pyramide sur le sol.",
    "sarcophagus.hint.first": "Posez votre première pièce sur la tuile en haut à gauche {pos} (marquée ★) : choisissez une de vos pièces, puis choisissez la tuile.",
    "sarcophagus.hint.second": "Posez votre seconde pièce sur une tuile visible portant moins de 4 pièces : choisissez une pièce, puis une tuile en surbrillance.",
    "sarcophagus.hint.claimrule": "Une tuile à 4 pièces avec deux côtés libres (marquée ✓) revient à qui y a le plus de pièces.",
    "sarcophagus.hint.coinchosen": "Votre {value} est choisi : choisissez une tuile en surbrillance.",
    "sarcophagus.hint.tilechosen": "Tuile {pos} choisie : choisissez une de vos pièces.",
    "sarcophagus.hint.pass": "Vous n'avez plus de pièces : passez (vos pièces reviennent quand des tuiles sont prises).",
    "sarcophagus.hint.trap": "Vous avez pris un piège ! Choisissez une de vos tuiles numérotées à défausser (choisissez-la, dans votre rangée).",
    "sarcophagus.hint.endtrap": "Votre tuile du sarcophage est un piège ! Choisissez une de vos tuiles numérotées à défausser (choisissez-la, dans votre rangée).",
    "sarcophagus.hint.wait.place": "{name} pose une pièce…",
    "sarcophagus.hint.wait.pass": "{name} n'a plus de pièces et passe…",
    "sarcophagus.hint.passes": "{n} passe(s) sur {players} à la suite : quand tous ont passé, la tuile en haut à gauche {pos} est évaluée avec les pièces qu'elle porte.",
    "sarcophagus.hint.wait.discard": "{name} doit défausser une tuile numérotée à cause d'un piège…",
    "sarcophagus.hint.reveal": "La pyramide est vide : on retourne les tuiles du sarcophage…",
    "sarcophagus.hint.winner": "La partie est finie : {name} gagne avec {fame} points de gloire.",
    "sarcophagus.hint.draw": "La partie est finie : {names} partagent la première place avec {fame} points de gloire.",
    "sarcophagus.pass": "Passer",
    "sarcophagus.cancel": "Choisir à nouveau",
    "sarcophagus.news": "Ce qui vient de se passer",
    "sarcophagus.final": "Décompte final",
    "sarcophagus.final.place": "Place",
    "sarcophagus.final.player": "Joueur",
    "sarcophagus.final.numbers": "Tuiles numérotées",
    "sarcophagus.final.bonus": "Bonus de couleur",
    "sarcophagus.final.fame": "Gloire",
    "sarcophagus.final.held": "Tuiles détenues",
    "sarcophagus.final.tiebreak": "À gloire égale, le moins de tuiles détenues l'emporte.",
    "sarcophagus.help.title": "Comment jouer au Sarcophage",
    "sarcophagus.help.goal": "But : prendre des tuiles numérotées (2 à 5 points de gloire chacune) dans la pyramide ; 2, 3 ou 4 tuiles numérotées d'une même couleur rapportent 1, 2 ou 4 points de plus.",
    "sarcophagus.help.turn": "À votre tour : posez deux pièces, l'une après l'autre. La première va toujours sur la tuile en haut à gauche (★) ; la seconde sur n'importe quelle tuile visible portant moins de 4 pièces.",
    "sarcophagus.help.reveal": "Une pièce retourne toutes les tuiles cachées voisines de sa tuile.",
    "sarcophagus.help.claim": "Une tuile à 4 pièces avec deux côtés libres (✓) revient à qui y a le plus de pièces ; en cas d'égalité les pièces sont retournées et le plus gros total l'emporte. Les pièces reviennent ensuite à leurs propriétaires.",
    "sarcophagus.help.traps": "Un piège (tuile nulle) oblige qui le prend à défausser une tuile numérotée, sauf s'il détient un dieu (as).",
    "sarcophagus.help.sarc": "Qui prend e3, f3 ou f4 prend aussi la tuile du sarcophage en dessous, sans la voir : ses pièces posées dessus sont hors jeu. Ces tuiles (les quatre 5 et deux pièges) sont révélées à la fin.",
    "sarcophagus.help.end": "Sans pièce, on passe ; quand tous ont passé, la tuile en haut à gauche est évaluée. La partie finit quand la pyramide est vide.",
  },
});

// ------------------------------------------------------------------ module state
// Kept per game id across renders (the page's `ui` is reset at every new version).
const reveals = {};   // game id -> {shown, timer, redraw}
// log -> the sarcophagus tiles the board drawn with it has not turned over yet: the game
// page draws its log (the same array) after the board, and the log tells a tile once the
// board shows it. The replay's log is the whole game's, lines ahead of the slider too
// (another array): it tells them all.
const unshown = new WeakMap();
let helpOpen = false;

// The log in words (log.js), the end's sarcophagus tiles as the board turns them.
export function narrate(log, names, t, obs) { return narrateLog(log, names, t, obs, unshown.get(log)); }

// Sarcophagus tiles turned over at the end, in reveal order (seat 1 first).
function endReveals(obs) {
  const endgame = obs.phase === "over" || (obs.turn !== null && obs.turn !== undefined && obs.top_left === null);
  if (!endgame) return [];
  const out = [];
  obs.sarcophagi.forEach((lots, seat) => lots.forEach((lot, k) => { if (lot.tile) out.push({ seat, k, tile: lot.tile }); }));
  return out;
}

export function render(ctx) {
  const { view, hint, actions, below, send, t, ui, redraw, h } = ctx;
  const obs = view.observation;
  const legal = new Set(view.legal || []);
  const me = view.seat ? view.seat - 1 : null;
  const n = obs.players;
  const topLeft = obs.top_left;

  // legal moves, by kind
  const placeMoves = [...legal].filter((m) => m.startsWith("place ")).map((m) => m.split(" "));
  const targets = {};   // pos -> Set(values)
  const valuesOk = new Set();
  for (const [, v, pos] of placeMoves) { (targets[pos] = targets[pos] || new Set()).add(Number(v)); valuesOk.add(Number(v)); }
  const discardTiles = [...legal].filter((m) => m.startsWith("discard ")).map((m) => m.split(" ")[1]);
  const canPass = legal.has("pass");
  if (ui.value !== undefined && ui.value !== null && !valuesOk.has(ui.value)) ui.value = null;
  if (ui.pos && !targets[ui.pos]) ui.pos = null;

  // the final reveal, one sarcophagus tile a second
  const toReveal = endReveals(obs);
  const rv = reveals[view.id] || (reveals[view.id] = { shown: 0, timer: null });
  rv.redraw = redraw; // the latest page's: a timer set by a page since left still redraws this one
  if (rv.shown < toReveal.length && !rv.timer) {
    rv.timer = setTimeout(() => {
      rv.timer = null; rv.shown += 1;
      rv.redraw();
    }, REVEAL_MS);
  }
  const revealing = rv.shown < toReveal.length;
  const hiddenTiles = new Set(toReveal.slice(rv.shown).map((r) => r.tile));
  if (ctx.log) unshown.set(ctx.log, hiddenTiles);
  const justShown = rv.shown > 0 ? toReveal[rv.shown - 1] : null;

  // what the rules did lately (claims, ties, discards, the reveal as far as it is shown),
  // newest first: the log's own notes (log.js), so a reloaded page has them too
  const notes = foldSarcophagus(ctx.log || [], obs);
  const news = [...notes.keys()].sort((a, b) => b - a).flatMap((i) => notes.get(i))
    .filter((item) => !(item.key === "sarcophagus.news.reveal" && hiddenTiles.has(item.tile))).slice(0, 6);

  drawBoard(ctx, { obs, me, n, targets, valuesOk, placeMoves, discardTiles, hiddenTiles, revealing, justShown });

  // ---------------------------------------------------------------- hint and buttons
  const btns = [];
  let text;
  const waitingFor = typeof view.to_move === "number" ? nameOf(view, view.to_move - 1, t) : null;
  const over = obs.phase === "over"; // (a replay may show earlier positions of a finished game)
  const final = over && !revealing && obs.ranking;
  if (revealing) {
    text = t("sarcophagus.hint.reveal");
  } else if (over) {
    if (final) {
      const best = obs.scores[obs.ranking[0]];
      const firsts = obs.ranking.filter((p) => obs.scores[p] === best && heldCount(obs, p) === heldCount(obs, obs.ranking[0]));
      text = firsts.length > 1
        ? t("sarcophagus.hint.draw", { names: firsts.map((p) => nameOf(view, p, t)).join(t("log.and")), fame: best })
        : t("sarcophagus.hint.winner", { name: nameOf(view, obs.ranking[0], t), fame: best });
    } else text = t("game.over");
  } else if (!legal.size) {
    if (!waitingFor) text = t("game.waitingchance");
    else text = t(`sarcophagus.hint.wait.${obs.phase === "pass" || obs.phase === "discard" ? obs.phase : "place"}`, { name: waitingFor });
    if (waitingFor && obs.passes) text += " " + t("sarcophagus.hint.passes", { n: obs.passes, players: n, pos: topLeft });
  } else if (discardTiles.length) {
    text = t(obs.top_left === null ? "sarcophagus.hint.endtrap" : "sarcophagus.hint.trap");
  } else if (canPass) {
    text = t("sarcophagus.hint.pass");
    if (obs.passes) text += " " + t("sarcophagus.hint.passes", { n: obs.passes, players: n, pos: topLeft });
    btns.push(h("button", { class: "btn primary", id: "sarc-pass", "data-move": "pass", onclick: () => send("pass") }, t("sarcophagus.pass")));
  } else if (ui.value !== null && ui.value !== undefined) {
    text = t("sarcophagus.hint.coinchosen", { value: ui.value });
  } else if (ui.pos) {
    text = t("sarcophagus.hint.tilechosen", { pos: ui.pos });
  } else if (obs.coin === 1) {
    text = t("sarcophagus.hint.first", { pos: topLeft }) + " " + t("sarcophagus.hint.claimrule");
  } else {
    text = t("sarcophagus.hint.second") + " " + t("sarcophagus.hint.claimrule");
  }
  if ((ui.value !== null && ui.value !== undefined) || ui.pos) {
    btns.push(h("button", { class: "btn", id: "sarc-cancel", onclick: () => { ui.value = null; ui.pos = null; redraw(); } }, t("sarcophagus.cancel")));
  }
  hint.replaceChildren(h("span", { class: legal.size ? "your-turn" : "" }, legal.size ? t("game.yourturn") + " " : ""), text);
  hint.className = "hint" + (legal.size ? " mine" : "");
  actions.replaceChildren(...btns);

  // ---------------------------------------------------------------- below: final scoring, news, help
  const parts = [];
  if (final) {
    parts.push(h("section", { class: "card sarc-final ranking", id: "sarc-final" },
      h("h2", null, t("sarcophagus.final")),
      h("table", null,
        h("thead", null, h("tr", null, ["final.place", "final.player", "final.numbers", "final.bonus", "final.fame", "final.held"].map((k) => h("th", null, t(`sarcophagus.${k}`))))),
        h("tbody", null, obs.ranking.map((p, i) => {
          const f = fameOf(obs.claimed[p]);
          const held = heldCount(obs, p);
          return h("tr", { class: i === 0 ? "winner" : "", "data-seat": String(p + 1) },
            h("td", null, String(i + 1)), h("td", null, nameOf(view, p, t)),
            h("td", null, String(f.numbers)),
            h("td", null, f.bonuses.length ? bonusList(f, t) : "—"),
            h("td", null, String(obs.scores[p])), h("td", null, String(held)));
        }))),
      h("p", { class: "muted" }, t("sarcophagus.final.tiebreak"))));
  }
  if (news.length) {
    parts.push(h("section", { class: "card sarc-news", id: "sarc-news" }, h("h2", null, t("sarcophagus.news")),
      h("ul", null, news.map((item) => h("li", null, newsText(item, view, t))))));
  }
  parts.push(h("details", { class: "card help", id: "sarc-help", open: helpOpen ? true : null,
    ontoggle: (e) => { helpOpen = e.target.open; } },
  h("summary", null, t("sarcophagus.help.title")),
  h("ul", null, ["goal", "turn", "reveal", "claim", "traps", "sarc", "end"].map((k) => h("li", null, t(`sarcophagus.help.${k}`))))));
  below.replaceChildren(...parts);
}
