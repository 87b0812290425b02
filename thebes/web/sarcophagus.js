// Sarcophagus's table, drawn as SVG from one seat's observation
// (shared/spec/sarcophagus.md; the observation's shape is documented in
// thebes/games/sarcophagus/information.py). Only legal moves are clickable:
// every clickable thing is derived from the view's `legal` list.
//
// Same interface as ra.js: TITLE, describeEvent(line, names, t), render(ctx).
// Clickable SVG elements carry data-move (the move they send), data-coin (a coin
// value of your hand to choose) or data-pos (a tile to choose before its coin),
// for people and tests. See docs/web-sarcophagus.md.

import { adoptStyle, svg as s, keyboardClickable } from "./dom.js";
import { addStrings } from "./i18n.js";

export const TITLE = "Sarcophagus";

const ROWS = "abcdef";
const SUITS = ["sun", "moon", "crown", "arms"];
const RANKS = ["null", "ace", "2", "3", "4", "5"];
const SUIT_COLOR = { sun: "#c8401a", moon: "#2d2d38", crown: "#2e7d32", arms: "#1f5fa8" };
// coins by owner seat (0-based): gold, sky, jade, rose
const SEAT_COLOR = ["#f2b233", "#4aa3df", "#5cc27a", "#e0607e"];
const SEAT_INK = ["#2a1a00", "#04263d", "#06301a", "#3d0515"];
const SUIT_BONUS = [0, 0, 1, 2, 4];
const SARC_POSITIONS = ["e3", "f3", "f4"];
const REVEAL_MS = 1000;

addStrings({
  en: {
    "sarcophagus.suit.sun": "sun", "sarcophagus.suit.moon": "moon",
    "sarcophagus.suit.crown": "crown", "sarcophagus.suit.arms": "arms",
    "sarcophagus.trap": "trap", "sarcophagus.god": "god",
    "sarcophagus.tile.trap": "{suit} trap", "sarcophagus.tile.god": "{suit} god",
    "sarcophagus.tile.number": "{suit} {rank}",
    "sarcophagus.facedown": "face down",
    "sarcophagus.log.layout": "The pyramid is laid out face down; the top tile a1 turns face up.",
    "sarcophagus.log.first": "{name} takes the first turn.",
    "sarcophagus.log.place": "{name} places a {value} on {pos}.",
    "sarcophagus.log.placehidden": "{name} places a coin on {pos}.",
    "sarcophagus.log.pass": "{name} passes (no coins left).",
    "sarcophagus.log.discard": "{name} discards {tile} to a trap.",
    "sarcophagus.hint.first": "Place your first coin on the top-left tile {pos} (marked ★): choose one of your coins, then click the tile.",
    "sarcophagus.hint.second": "Place your second coin on any face-up tile with fewer than 4 coins: choose one of your coins, then a glowing tile.",
    "sarcophagus.hint.claimrule": "A tile with 4 coins and two free sides (marked ✓) goes to whoever has most coins on it.",
    "sarcophagus.hint.coinchosen": "Your {value} is chosen: click a glowing tile.",
    "sarcophagus.hint.tilechosen": "Tile {pos} is chosen: click one of your coins.",
    "sarcophagus.hint.pass": "You have no coins left: pass (your coins come back when tiles are claimed).",
    "sarcophagus.hint.trap": "You claimed a trap! Choose one of your number tiles to discard (click it, in your row).",
    "sarcophagus.hint.endtrap": "Your sarcophagus tile is a trap! Choose one of your number tiles to discard (click it, in your row).",
    "sarcophagus.hint.wait.place": "{name} is placing a coin…",
    "sarcophagus.hint.wait.pass": "{name} has no coins and passes…",
    "sarcophagus.hint.passes": "{n} of {players} passes in a row: when every player has passed, the top-left tile {pos} is assessed with whatever coins it holds.",
    "sarcophagus.hint.wait.discard": "{name} must discard a number tile to a trap…",
    "sarcophagus.hint.reveal": "The pyramid is empty: the sarcophagus tiles are turned over…",
    "sarcophagus.hint.winner": "The game is over: {name} wins with {fame} fame.",
    "sarcophagus.hint.draw": "The game is over: {names} share first place with {fame} fame.",
    "sarcophagus.pass": "Pass",
    "sarcophagus.cancel": "Choose again",
    "sarcophagus.yourcoins": "Your coins",
    "sarcophagus.nocoins": "No coins in hand",
    "sarcophagus.coinhelp": "Click a coin, then a glowing tile (or drag the coin there).",
    "sarcophagus.coin.pick": "Your coin {value}",
    "sarcophagus.coin.place": "Place your coin {value} on {pos}",
    "sarcophagus.inhand": "{n} coins in hand",
    "sarcophagus.you": "you",
    "sarcophagus.fame": "Fame {fame}",
    "sarcophagus.protected": "god: safe from traps",
    "sarcophagus.bonus": "number tiles {numbers} + suit bonus {bonus} ({list})",
    "sarcophagus.bonus.one": "{n}× {suit} +{bonus}",
    "sarcophagus.claimed.none": "no tiles yet",
    "sarcophagus.sarcophagus": "Sarcophagus",
    "sarcophagus.sarcophagus.note": "3 tiles, face down, under e3, f3 and f4",
    "sarcophagus.lot": "sarcophagus tile with {n} coins",
    "sarcophagus.lot.values": "coins: {values}",
    "sarcophagus.topleft": "top-left tile: every turn's first coin goes here",
    "sarcophagus.claimable": "two free sides: claimed as soon as it holds 4 coins",
    "sarcophagus.oversarc": "lies over a sarcophagus tile",
    "sarcophagus.legend.topleft": "★ top-left tile (first coin)",
    "sarcophagus.legend.claimable": "✓ can be claimed at 4 coins",
    "sarcophagus.legend.sarc": "⚱ over the sarcophagus",
    "sarcophagus.legend.coins": "coins: yours show their value",
    "sarcophagus.legend.coins.all": "coins in their owner's colour",
    "sarcophagus.discards": "Discard pile",
    "sarcophagus.discards.unseen": "+ {n} sarcophagus tile(s) unseen",
    "sarcophagus.lasttie": "Last tie, on {pos} ({tile}):",
    "sarcophagus.lasttie.coins": "coins turned over: {coins}",
    "sarcophagus.news": "What just happened",
    "sarcophagus.news.claim": "{name} claims {tile} ({pos}).",
    "sarcophagus.news.trapclaim": "{name} claims {tile} ({pos}): it costs a number tile, unless a god protects.",
    "sarcophagus.news.godclaim": "{name} claims {tile} ({pos}): safe from traps from now on.",
    "sarcophagus.news.claimed": "{name} claims {tile}.",
    "sarcophagus.news.lot": "{name} also takes the sarcophagus tile beneath, unseen, with the coins on it.",
    "sarcophagus.news.nobody": "Nobody claims {tile} ({pos}): discarded.",
    "sarcophagus.news.unseen": "The sarcophagus tile beneath is discarded unseen.",
    "sarcophagus.news.tie": "Tie on {pos}: the coins are turned over ({coins}).",
    "sarcophagus.news.reveal": "{name}'s sarcophagus tile: {tile}.",
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
    "sarcophagus.suit.sun": "soleil", "sarcophagus.suit.moon": "lune",
    "sarcophagus.suit.crown": "couronne", "sarcophagus.suit.arms": "armes",
    "sarcophagus.trap": "piège", "sarcophagus.god": "dieu",
    "sarcophagus.tile.trap": "piège {suit}", "sarcophagus.tile.god": "dieu {suit}",
    "sarcophagus.tile.number": "{rank} {suit}",
    "sarcophagus.facedown": "face cachée",
    "sarcophagus.log.layout": "La pyramide est posée face cachée ; la tuile du sommet a1 est retournée.",
    "sarcophagus.log.first": "{name} commence.",
    "sarcophagus.log.place": "{name} pose un {value} sur {pos}.",
    "sarcophagus.log.placehidden": "{name} pose une pièce sur {pos}.",
    "sarcophagus.log.pass": "{name} passe (plus de pièces).",
    "sarcophagus.log.discard": "{name} défausse {tile} à cause d'un piège.",
    "sarcophagus.hint.first": "Posez votre première pièce sur la tuile en haut à gauche {pos} (marquée ★) : choisissez une de vos pièces, puis cliquez la tuile.",
    "sarcophagus.hint.second": "Posez votre seconde pièce sur une tuile visible portant moins de 4 pièces : choisissez une pièce, puis une tuile en surbrillance.",
    "sarcophagus.hint.claimrule": "Une tuile à 4 pièces avec deux côtés libres (marquée ✓) revient à qui y a le plus de pièces.",
    "sarcophagus.hint.coinchosen": "Votre {value} est choisi : cliquez une tuile en surbrillance.",
    "sarcophagus.hint.tilechosen": "Tuile {pos} choisie : cliquez une de vos pièces.",
    "sarcophagus.hint.pass": "Vous n'avez plus de pièces : passez (vos pièces reviennent quand des tuiles sont prises).",
    "sarcophagus.hint.trap": "Vous avez pris un piège ! Choisissez une de vos tuiles numérotées à défausser (cliquez-la, dans votre rangée).",
    "sarcophagus.hint.endtrap": "Votre tuile du sarcophage est un piège ! Choisissez une de vos tuiles numérotées à défausser (cliquez-la, dans votre rangée).",
    "sarcophagus.hint.wait.place": "{name} pose une pièce…",
    "sarcophagus.hint.wait.pass": "{name} n'a plus de pièces et passe…",
    "sarcophagus.hint.passes": "{n} passe(s) sur {players} à la suite : quand tous ont passé, la tuile en haut à gauche {pos} est évaluée avec les pièces qu'elle porte.",
    "sarcophagus.hint.wait.discard": "{name} doit défausser une tuile numérotée à cause d'un piège…",
    "sarcophagus.hint.reveal": "La pyramide est vide : on retourne les tuiles du sarcophage…",
    "sarcophagus.hint.winner": "La partie est finie : {name} gagne avec {fame} points de gloire.",
    "sarcophagus.hint.draw": "La partie est finie : {names} partagent la première place avec {fame} points de gloire.",
    "sarcophagus.pass": "Passer",
    "sarcophagus.cancel": "Choisir à nouveau",
    "sarcophagus.yourcoins": "Vos pièces",
    "sarcophagus.nocoins": "Aucune pièce en main",
    "sarcophagus.coinhelp": "Cliquez une pièce, puis une tuile en surbrillance (ou glissez-y la pièce).",
    "sarcophagus.coin.pick": "Votre pièce {value}",
    "sarcophagus.coin.place": "Poser votre pièce {value} sur {pos}",
    "sarcophagus.inhand": "{n} pièces en main",
    "sarcophagus.you": "vous",
    "sarcophagus.fame": "Gloire {fame}",
    "sarcophagus.protected": "dieu : à l'abri des pièges",
    "sarcophagus.bonus": "tuiles numérotées {numbers} + bonus de couleur {bonus} ({list})",
    "sarcophagus.bonus.one": "{n}× {suit} +{bonus}",
    "sarcophagus.claimed.none": "aucune tuile encore",
    "sarcophagus.sarcophagus": "Sarcophage",
    "sarcophagus.sarcophagus.note": "3 tuiles face cachée, sous e3, f3 et f4",
    "sarcophagus.lot": "tuile du sarcophage avec {n} pièces",
    "sarcophagus.lot.values": "pièces : {values}",
    "sarcophagus.topleft": "tuile en haut à gauche : la première pièce de chaque tour va ici",
    "sarcophagus.claimable": "deux côtés libres : prise dès qu'elle porte 4 pièces",
    "sarcophagus.oversarc": "posée sur une tuile du sarcophage",
    "sarcophagus.legend.topleft": "★ tuile en haut à gauche (première pièce)",
    "sarcophagus.legend.claimable": "✓ peut être prise à 4 pièces",
    "sarcophagus.legend.sarc": "⚱ sur le sarcophage",
    "sarcophagus.legend.coins": "pièces : les vôtres montrent leur valeur",
    "sarcophagus.legend.coins.all": "pièces à la couleur de leur propriétaire",
    "sarcophagus.discards": "Défausse",
    "sarcophagus.discards.unseen": "+ {n} tuile(s) du sarcophage jamais vue(s)",
    "sarcophagus.lasttie": "Dernière égalité, sur {pos} ({tile}) :",
    "sarcophagus.lasttie.coins": "pièces retournées : {coins}",
    "sarcophagus.news": "Ce qui vient de se passer",
    "sarcophagus.news.claim": "{name} prend {tile} ({pos}).",
    "sarcophagus.news.trapclaim": "{name} prend {tile} ({pos}) : il coûte une tuile numérotée, sauf si un dieu protège.",
    "sarcophagus.news.godclaim": "{name} prend {tile} ({pos}) : désormais à l'abri des pièges.",
    "sarcophagus.news.claimed": "{name} prend {tile}.",
    "sarcophagus.news.lot": "{name} prend aussi la tuile du sarcophage en dessous, sans la voir, avec les pièces posées dessus.",
    "sarcophagus.news.nobody": "Personne ne prend {tile} ({pos}) : défaussée.",
    "sarcophagus.news.unseen": "La tuile du sarcophage en dessous est défaussée sans être vue.",
    "sarcophagus.news.tie": "Égalité sur {pos} : les pièces sont retournées ({coins}).",
    "sarcophagus.news.reveal": "Tuile du sarcophage de {name} : {tile}.",
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

// ------------------------------------------------------------------ helpers
function title(text) { return s("title", null, text); }

let styled = false;
function addStyle() {
  if (styled || typeof document === "undefined") return;
  styled = true;
  const css = `
.sarc-board { font-family: "DejaVu Sans", system-ui, sans-serif; user-select: none; }
.sarc-board .lbl { font-size: 15px; fill: #5a3a14; font-weight: 600; }
.sarc-board .lbl.small { font-size: 12px; font-weight: 500; }
.sarc-board .pos-name { font-size: 11px; fill: #7a5a2a; }
.sarc-board .pos-name.light { fill: #f3dcb0; }
.sarc-board .clickable { cursor: pointer; }
.sarc-board .clickable .hl { stroke: #f2b233; stroke-width: 4; filter: url(#sarcGlow); animation: sarc-pulse 1.4s ease-in-out infinite; }
.sarc-board .selected .hl { stroke: #e8731a; stroke-width: 5; animation: none; }
.sarc-board .clickable:hover .hl, .sarc-board .clickable:focus .hl { stroke: #e8731a; }
.sarc-board .clickable:focus { outline: none; }
.sarc-board .coin-pick.clickable { cursor: grab; touch-action: none; }
.sarc-board g.cell.drop-ok .hl { stroke: #f2b233; stroke-width: 4; filter: url(#sarcGlow); }
.sarc-board .ghost { opacity: .85; }
@keyframes sarc-pulse { 50% { stroke-opacity: .45; } }
.sarc-board .panel-bg { fill: #f6ead0; stroke: #a58650; stroke-width: 1.2; }
.sarc-board .panel.active .panel-bg { stroke: #e8731a; stroke-width: 3; }
.sarc-board .pname { font-size: 16px; font-weight: 700; fill: #3b2a10; }
.sarc-board .fame { font-size: 14px; font-weight: 700; fill: #7a1f06; }
.sarc-board .coin-v { font-weight: 800; }
.sarc-board .flip { animation: sarc-flip .6s ease-out; transform-box: fill-box; transform-origin: center; }
@keyframes sarc-flip { from { transform: scaleX(0); } to { transform: scaleX(1); } }
.sarc-news ul, .sarc-final ul { margin: .2rem 0 0; padding-left: 1.2rem; }
.below .sarc-final { grid-column: 1 / -1; }
.sarc-final table { border-collapse: collapse; width: 100%; }
.sarc-final th, .sarc-final td { padding: .25rem .5rem; border-bottom: 1px solid #3d3428; text-align: left; }
.sarc-final tr.winner td { color: var(--gold, #f2b233); font-weight: 700; }
`;
  adoptStyle("sarcophagus-style", css);
}

function parseTile(name) {
  const [suit, rank] = name.split("-");
  return { suit, rank };
}

export function tileLabel(name, t) {
  const { suit, rank } = parseTile(name);
  const sname = t(`sarcophagus.suit.${suit}`);
  if (rank === "null") return t("sarcophagus.tile.trap", { suit: sname });
  if (rank === "ace") return t("sarcophagus.tile.god", { suit: sname });
  return t("sarcophagus.tile.number", { suit: sname, rank });
}

function isNumber(name) { const r = parseTile(name).rank; return r !== "null" && r !== "ace"; }
function tileOrder(name) { const { suit, rank } = parseTile(name); return SUITS.indexOf(suit) * 6 + RANKS.indexOf(rank); }

// Fame of a list of tile names, with its parts (spec, Scoring).
export function fameOf(tiles) {
  let numbers = 0;
  const perSuit = {};
  for (const name of tiles) {
    if (!isNumber(name)) continue;
    const { suit, rank } = parseTile(name);
    numbers += Number(rank);
    perSuit[suit] = (perSuit[suit] || 0) + 1;
  }
  const bonuses = SUITS.filter((x) => SUIT_BONUS[perSuit[x] || 0]).map((x) => [x, perSuit[x], SUIT_BONUS[perSuit[x]]]);
  const bonus = bonuses.reduce((a, b) => a + b[2], 0);
  return { numbers, bonus, bonuses, fame: numbers + bonus };
}

// Tiles a seat holds, of every kind (ruling 23's tie-break): face up, plus unrevealed sarcophagus tiles.
function heldCount(obs, p) { return obs.claimed[p].length + obs.sarcophagi[p].filter((l) => !l.tile).length; }

// A 12px SVG text line squeezed into `width` when it would overflow (about 6.6px a character).
function fit(text, width) {
  return text.length * 6.6 > width ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {};
}

function bonusList(f, t) {
  return f.bonuses.map(([suit, c, b]) => t("sarcophagus.bonus.one", { n: c, suit: t(`sarcophagus.suit.${suit}`), bonus: b })).join(", ");
}
function bonusText(f, t) {
  return t("sarcophagus.bonus", { numbers: f.numbers, bonus: f.bonus, list: bonusList(f, t) });
}

function nameOf(view, seat0, t) {
  if (seat0 === null || seat0 === undefined) return "";
  const n = view.names && view.names[seat0];
  return n || t("game.seatname", { seat: seat0 + 1 });
}

// Position geometry (spec, The pyramid): row r (0-based), index i (0-based).
function coords(pos) { return [ROWS.indexOf(pos[0]), Number(pos.slice(1)) - 1]; }
function posName(r, i) { return `${ROWS[r]}${i + 1}`; }
function sideMasks(r, i, baseFree) {
  const at = (rr, ii) => (rr >= 0 && rr < 6 && ii >= 0 && ii <= rr ? [posName(rr, ii)] : []);
  const sides = [[...at(r - 1, i - 1), ...at(r - 1, i)], at(r, i - 1), at(r, i + 1)];
  if (r < 5 || baseFree) sides.push([...at(r + 1, i), ...at(r + 1, i + 1)]);
  return sides;
}
// Positions still present with at least two free sides.
export function claimableSet(present, baseFree) {
  const out = new Set();
  for (const pos of present) {
    const [r, i] = coords(pos);
    const free = sideMasks(r, i, baseFree).filter((side) => !side.some((p) => present.has(p))).length;
    if (free >= 2) out.add(pos);
  }
  return out;
}

// ------------------------------------------------------------------ drawing
function suitGlyph(suit, cx, cy, r, color) {
  if (suit === "sun") {
    const rays = [];
    for (let k = 0; k < 8; k++) {
      const a = (k * Math.PI) / 4;
      rays.push(s("line", { x1: cx + Math.cos(a) * r * 0.62, y1: cy + Math.sin(a) * r * 0.62, x2: cx + Math.cos(a) * r, y2: cy + Math.sin(a) * r, stroke: color, "stroke-width": Math.max(1.2, r * 0.16), "stroke-linecap": "round" }));
    }
    return s("g", null, s("circle", { cx, cy, r: r * 0.45, fill: color }), rays);
  }
  if (suit === "moon") {
    // a crescent: a half circle on the left, hollowed by a flatter arc
    const X = cx + r * 0.35;
    return s("path", { fill: color, d: `M${X},${cy - r} A${r},${r} 0 0 0 ${X},${cy + r} A${r * 1.4},${r * 1.4} 0 0 1 ${X},${cy - r} Z` });
  }
  if (suit === "crown") {
    return s("path", { fill: color, d: `M${cx - r},${cy + r * 0.7} L${cx - r},${cy - r * 0.5} L${cx - r * 0.5},${cy + r * 0.05} L${cx},${cy - r * 0.8} L${cx + r * 0.5},${cy + r * 0.05} L${cx + r},${cy - r * 0.5} L${cx + r},${cy + r * 0.7} Z` });
  }
  // arms: a shield
  return s("path", { fill: color, d: `M${cx - r * 0.8},${cy - r * 0.85} H${cx + r * 0.8} V${cy} Q${cx + r * 0.8},${cy + r * 0.7} ${cx},${cy + r} Q${cx - r * 0.8},${cy + r * 0.7} ${cx - r * 0.8},${cy} Z` });
}

// A tile face (name) or back (null) in the box x, y, w (square).
function tileFace(name, x, y, w, t, extra = {}) {
  const g = s("g", { class: "tile " + (name ? "up" : "down"), "data-tile": name || null, ...extra });
  if (!name) {
    g.append(title(t("sarcophagus.facedown")),
      s("rect", { x, y, width: w, height: w, rx: w * 0.08, fill: "#8a5a2b", stroke: "#4a2e10", "stroke-width": 1.5 }),
      s("rect", { x: x + w * 0.12, y: y + w * 0.12, width: w * 0.76, height: w * 0.76, rx: w * 0.05, fill: "none", stroke: "#c79a5a", "stroke-width": Math.max(1, w * 0.03) }),
      s("path", { d: `M${x + w * 0.5},${y + w * 0.24} L${x + w * 0.76},${y + w * 0.5} L${x + w * 0.5},${y + w * 0.76} L${x + w * 0.24},${y + w * 0.5} Z`, fill: "#a8733a", stroke: "#c79a5a", "stroke-width": Math.max(1, w * 0.02) }));
    return g;
  }
  const { suit, rank } = parseTile(name);
  const color = SUIT_COLOR[suit];
  const trap = rank === "null";
  const god = rank === "ace";
  g.append(title(tileLabel(name, t)),
    s("rect", { x, y, width: w, height: w, rx: w * 0.08, fill: trap ? "#f7d8d0" : god ? "#efe2ff" : "#fff8e8", stroke: trap ? "#b3261e" : god ? "#6d3fa0" : "#8a6a35", "stroke-width": trap || god ? 2.5 : 1.5 }));
  if (trap || god) {
    g.append(suitGlyph(suit, x + w * 0.2, y + w * 0.2, w * 0.12, color));
    if (trap) {
      // a snake-like zigzag: the trap
      g.append(s("path", { d: `M${x + w * 0.14},${y + w * (w >= 44 ? 0.45 : 0.6)} ` + "l".concat(Array.from({ length: 5 }, (_, k) => `${w * 0.1},${(k % 2 ? 1 : -1) * w * 0.13}`).join(" l")), fill: "none", stroke: "#b3261e", "stroke-width": Math.max(1.5, w * 0.07), "stroke-linecap": "round", "stroke-linejoin": "round" }));
    } else {
      // an ankh: the god
      const cx = x + w * 0.5, cy = y + w * (w >= 44 ? 0.34 : 0.46);
      g.append(s("g", { fill: "none", stroke: "#6d3fa0", "stroke-width": Math.max(1.5, w * 0.06), "stroke-linecap": "round" },
        s("ellipse", { cx, cy: cy - w * 0.08, rx: w * 0.07, ry: w * 0.09 }),
        s("line", { x1: cx, y1: cy + w * 0.01, x2: cx, y2: cy + w * 0.24 }),
        s("line", { x1: cx - w * 0.12, y1: cy + w * 0.05, x2: cx + w * 0.12, y2: cy + w * 0.05 })));
    }
    if (w >= 44) g.append(s("text", { x: x + w / 2, y: y + w * 0.68, "text-anchor": "middle", "font-size": w * 0.16, "font-weight": 700, fill: trap ? "#b3261e" : "#6d3fa0" }, t(trap ? "sarcophagus.trap" : "sarcophagus.god")));
  } else {
    g.append(suitGlyph(suit, x + w * 0.22, y + w * 0.22, w * 0.14, color),
      s("text", { x: x + w * 0.48, y: y + w * (w >= 44 ? 0.7 : 0.84), "text-anchor": "middle", "font-size": w * (w >= 44 ? 0.5 : 0.6), "font-weight": 800, fill: color }, rank));
  }
  return g;
}

function coin(owner, value, cx, cy, r, t, extra = {}) {
  const col = SEAT_COLOR[owner % SEAT_COLOR.length];
  const ink = SEAT_INK[owner % SEAT_INK.length];
  return s("g", { class: "coin", "data-owner": String(owner + 1), "data-value": value === null || value === undefined ? null : String(value), ...extra },
    s("circle", { cx, cy, r, fill: col, stroke: ink, "stroke-width": 1.5 }),
    value === null || value === undefined
      ? s("circle", { cx, cy, r: r * 0.45, fill: "none", stroke: ink, "stroke-opacity": 0.5, "stroke-width": 1.2 })
      : s("text", { x: cx, y: cy + r * 0.38, "text-anchor": "middle", "font-size": r * 1.1, class: "coin-v", fill: ink }, String(value)));
}

// ------------------------------------------------------------------ log
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

// ------------------------------------------------------------------ module state
// Kept per game id across renders (the page's `ui` is reset at every new version).
const reveals = {};   // game id -> {shown, timer}
const histories = {};   // game id -> {obs: previous observation, news: [[key, vars]...], version, said}
let lastSaid = null;    // the history of the game last drawn (its `said`: log index -> news)

// The log in words, each event followed by what the rules did with it (claims, ties,
// discards) as this page saw it happen: a page opened mid-game says it from then on.
export function narrate(log, names, t, obs) {
  const said = (lastSaid && lastSaid.said) || new Map();
  const view = { names };
  return log.map((line) => {
    const words = describeEvent(line, names, t);
    const news = said.get(line.index);
    return news ? [words, ...news.map((item) => newsText(item, view, t))].join(" ") : words;
  });
}
let helpOpen = false;
let dragged = false;  // a drag just ended: the click that follows it is not a choice

// Sarcophagus tiles turned over at the end, in reveal order (seat 1 first).
function endReveals(obs) {
  const endgame = obs.phase === "over" || (obs.turn !== null && obs.turn !== undefined && obs.top_left === null);
  if (!endgame) return [];
  const out = [];
  obs.sarcophagi.forEach((lots, seat) => lots.forEach((lot, k) => { if (lot.tile) out.push({ seat, k, tile: lot.tile }); }));
  return out;
}

// What the rules did by themselves between two observations (claims, ties, discards),
// as raw items {key, seat, tile, pos, coins} translated when shown (newsText).
function happenings(before, after) {
  const out = [];
  if (!before || !after || !before.pyramid || !after.pyramid) return out;
  const onPyramid = {};
  for (const [pos, cell] of Object.entries(before.pyramid)) if (cell.tile) onPyramid[cell.tile] = pos;
  for (const tie of (after.ties || []).slice((before.ties || []).length)) {
    out.push({ key: "sarcophagus.news.tie", pos: tie.pos, coins: tie.coins });
  }
  for (let seat = 0; seat < after.players; seat++) {
    const had = new Set(before.claimed[seat] || []);
    for (const tile of after.claimed[seat] || []) {
      if (had.has(tile)) continue;
      if (!(tile in onPyramid)) {
        // face down in the last view this page saw (turned up and claimed since), unless
        // it is a sarcophagus tile revealed at the end (those have their own news)
        if (!endReveals(after).some((r) => r.tile === tile)) out.push({ key: "sarcophagus.news.claimed", seat, tile });
        continue;
      }
      const rank = parseTile(tile).rank;
      const key = rank === "null" ? "sarcophagus.news.trapclaim" : rank === "ace" ? "sarcophagus.news.godclaim" : "sarcophagus.news.claim";
      out.push({ key, seat, tile, pos: onPyramid[tile] });
    }
    const lotsBefore = (before.sarcophagi[seat] || []).length;
    for (let k = lotsBefore; k < (after.sarcophagi[seat] || []).length; k++) out.push({ key: "sarcophagus.news.lot", seat });
  }
  const discarded = new Set(before.discards || []);
  for (const tile of after.discards || []) {
    if (!discarded.has(tile) && tile in onPyramid) out.push({ key: "sarcophagus.news.nobody", tile, pos: onPyramid[tile] });
  }
  if ((after.discarded_unseen || 0) > (before.discarded_unseen || 0)) out.push({ key: "sarcophagus.news.unseen" });
  return out;
}

function newsText(item, view, t) {
  const vars = { pos: item.pos };
  if (item.seat !== undefined) vars.name = nameOf(view, item.seat, t);
  if (item.tile) vars.tile = tileLabel(item.tile, t);
  if (item.coins) vars.coins = item.coins.map(([o, v]) => `${nameOf(view, o, t)} ${v}`).join(", ");
  return t(item.key, vars);
}

// ------------------------------------------------------------------ board
const W = 1000;
const TILE = 80;          // a pyramid tile (unit square of the spec)
const PX = 24, PY = 56;   // the pyramid's top-left corner (row f starts at PX)
const RX = 540;           // the right column (hand, seats)
const RW = W - RX - 8;
const COMPACT_BELOW = 1000; // px of board width under which the column goes under the pyramid (phones, tablets)
let relayout = null;
let laidCompact = null; // the layout last drawn, and the board it was drawn in
let laidBoard = null;
if (typeof window !== "undefined") {
  window.addEventListener("resize", () => {
    if (relayout && laidBoard && laidBoard.isConnected && (laidBoard.clientWidth < COMPACT_BELOW) !== laidCompact) relayout();
  });
}

export function render(ctx) {
  const { view, board, hint, actions, below, send, t, ui, redraw, h } = ctx;
  addStyle();
  // on a phone the right column (hand, seats) goes under the pyramid, its pieces larger,
  // so that the board is drawn about 0.7:1 and every clickable piece is at least 44 px
  const compact = (board.clientWidth || window.innerWidth) < COMPACT_BELOW;
  relayout = redraw;
  laidCompact = compact;
  laidBoard = board;
  const RW = compact ? RX - 16 : W - RX - 8; // eslint-disable-line no-shadow
  const col = s("g", { class: "sarc-column" });
  const obs = view.observation;
  const legal = new Set(view.legal || []);
  const me = view.seat ? view.seat - 1 : null;
  const n = obs.players;
  const baseFree = !(view.options && view.options.base_free === false);

  // legal moves, by kind
  const placeMoves = [...legal].filter((m) => m.startsWith("place ")).map((m) => m.split(" "));
  const targets = {};   // pos -> Set(values)
  const valuesOk = new Set();
  for (const [, v, pos] of placeMoves) { (targets[pos] = targets[pos] || new Set()).add(Number(v)); valuesOk.add(Number(v)); }
  const discardTiles = [...legal].filter((m) => m.startsWith("discard ")).map((m) => m.split(" ")[1]);
  const canPass = legal.has("pass");
  if (ui.value !== undefined && ui.value !== null && !valuesOk.has(ui.value)) ui.value = null;
  if (ui.pos && !targets[ui.pos]) ui.pos = null;

  // news: what the rules did since the last view this page saw
  const hist = histories[view.id] || (histories[view.id] = { obs: null, news: [], version: -1 });
  if (hist.obs && view.version > hist.version) {
    const fresh = happenings(hist.obs, obs);
    if (fresh.length) hist.news = fresh.concat(hist.news).slice(0, 6);
    // the log says it too, after the event that did it (narrate)
    if (fresh.length) (hist.said || (hist.said = new Map())).set(view.version - 1, fresh);
  }
  lastSaid = hist;
  if (view.version !== hist.version) { hist.obs = obs; hist.version = view.version; }

  // the final reveal, one sarcophagus tile a second
  const toReveal = endReveals(obs);
  const rv = reveals[view.id] || (reveals[view.id] = { shown: 0, timer: null });
  rv.redraw = redraw; // the latest page's: a timer set by a page since left still redraws this one
  if (rv.shown < toReveal.length && !rv.timer) {
    rv.timer = setTimeout(() => {
      rv.timer = null; rv.shown += 1;
      const r = toReveal[rv.shown - 1];
      if (r) hist.news = [{ key: "sarcophagus.news.reveal", seat: r.seat, tile: r.tile }].concat(hist.news).slice(0, 6);
      rv.redraw();
    }, REVEAL_MS);
  }
  const revealing = rv.shown < toReveal.length;
  const hiddenTiles = new Set(toReveal.slice(rv.shown).map((r) => r.tile));
  const justShown = rv.shown > 0 ? toReveal[rv.shown - 1] : null;

  // Drag a coin of the hand onto a tile: the same move as a coin click then a tile click.
  function dragCoin(ev, v, r) {
    if (ev.button !== 0) return;
    const svgEl = ev.currentTarget.ownerSVGElement;
    const start = [ev.clientX, ev.clientY];
    let ghost = null;
    const move = (e) => {
      if (!ghost && Math.hypot(e.clientX - start[0], e.clientY - start[1]) < 6) return;
      if (!ghost) {
        ghost = coin(me, v, 0, 0, r, t, { class: "coin ghost", "pointer-events": "none" });
        svgEl.append(ghost);
        for (const el of svgEl.querySelectorAll("g.cell[data-pos]")) if (targets[el.dataset.pos] && targets[el.dataset.pos].has(v)) el.classList.add("drop-ok");
      }
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(svgEl.getScreenCTM().inverse());
      ghost.setAttribute("transform", `translate(${p.x},${p.y})`);
    };
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      if (!ghost) return; // not moved: a click, handled by onclick
      ghost.remove();
      dragged = true;
      setTimeout(() => { dragged = false; }, 0);
      const el = document.elementFromPoint(e.clientX, e.clientY);
      const cell = el && el.closest ? el.closest("g.cell[data-pos]") : null;
      const pos = cell ? cell.dataset.pos : null;
      if (pos && targets[pos] && targets[pos].has(v)) { ui.value = null; ui.pos = null; send(`place ${v} ${pos}`); }
      else for (const x of svgEl.querySelectorAll(".drop-ok")) x.classList.remove("drop-ok");
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }

  const present = new Set(Object.keys(obs.pyramid || {}));
  const claimable = claimableSet(present, baseFree);
  const topLeft = obs.top_left;

  // ---------------------------------------------------------------- svg
  const svg = s("svg", { class: "sarc-board" + (compact ? " compact" : ""), role: "group", "aria-label": TITLE, "data-phase": obs.phase,
    "data-turn-coin": obs.coin === null || obs.coin === undefined ? null : String(obs.coin) });
  svg.append(s("defs", null,
    s("linearGradient", { id: "sarcSand", x1: 0, y1: 0, x2: 0, y2: 1 }, s("stop", { offset: "0%", "stop-color": "#f3e2bd" }), s("stop", { offset: "100%", "stop-color": "#dcc08a" })),
    s("filter", { id: "sarcGlow", x: "-30%", y: "-30%", width: "160%", height: "160%" },
      s("feGaussianBlur", { stdDeviation: 3, result: "b" }), s("feMerge", null, s("feMergeNode", { in: "b" }), s("feMergeNode", { in: "SourceGraphic" })))));
  const pyramidH = PY + 6 * TILE + 150;
  svg.append(s("rect", { x: 4, y: 4, width: RX - 14, height: pyramidH - 8, rx: 14, fill: "url(#sarcSand)", stroke: "#8a6a35", "stroke-width": 3 }));
  svg.append(s("text", { x: 20, y: 26, class: "lbl small" }, t("sarcophagus.legend.topleft")),
    s("text", { x: 20, y: 44, class: "lbl small" }, t("sarcophagus.legend.claimable")),
    s("text", { x: RX - 24, y: 26, "text-anchor": "end", class: "lbl small" }, t("sarcophagus.legend.sarc")),
    s("text", { x: RX - 24, y: 44, "text-anchor": "end", class: "lbl small" }, t(me === null ? "sarcophagus.legend.coins.all" : "sarcophagus.legend.coins")));

  // the pyramid
  for (let r = 0; r < 6; r++) {
    for (let i = 0; i <= r; i++) {
      const pos = posName(r, i);
      const x = PX + ((5 - r) / 2 + i) * TILE;
      const y = PY + r * TILE;
      const cell = obs.pyramid[pos];
      if (!cell) {
        svg.append(s("rect", { x: x + 2, y: y + 2, width: TILE - 4, height: TILE - 4, rx: 6, fill: "none", stroke: "#b89a64", "stroke-dasharray": "4 4", "stroke-width": 1 }),
          s("text", { x: x + TILE / 2, y: y + TILE / 2 + 4, "text-anchor": "middle", class: "pos-name" }, pos));
        continue;
      }
      const values = targets[pos];
      let move = null;
      let onclick = null;
      let cls = "cell";
      if (values) {
        if (ui.value !== null && ui.value !== undefined) {
          if (values.has(ui.value)) {
            move = `place ${ui.value} ${pos}`;
            cls += " clickable";
            onclick = () => { ui.value = null; send(move); };
          }
        } else {
          cls += " clickable" + (ui.pos === pos ? " selected" : "");
          onclick = () => { ui.pos = ui.pos === pos ? null : pos; redraw(); };
        }
      }
      const g = s("g", { class: cls, "data-pos": pos, "data-move": move, onclick, "data-claimable": claimable.has(pos) ? "1" : null,
        "data-topleft": pos === topLeft ? "1" : null });
      // An omniscient view (a finished game's replay) names face-down tiles too: draw their backs.
      const shown = cell.face_up === false ? null : cell.tile;
      g.append(tileFace(shown, x + 2, y + 2, TILE - 4, t));
      g.append(s("text", { x: x + TILE - 7, y: y + 15, "text-anchor": "end", class: "pos-name" + (shown ? "" : " light") }, pos));
      let my = y + 30; // markers go down the right edge
      const mark = () => { const at = my; my += 16; return at; };
      const tips = [pos + (shown ? ": " + tileLabel(shown, t) : ": " + t("sarcophagus.facedown")
        + (cell.tile ? ` (${tileLabel(cell.tile, t)})` : ""))];
      if (pos === topLeft) {
        tips.push(t("sarcophagus.topleft"));
        g.append(s("text", { x: x + TILE - 13, y: mark() + 2, "text-anchor": "middle", "font-size": 17, fill: "#e8731a", stroke: "#5a3a14", "stroke-width": 0.8, class: "topleft-mark" }, "★"));
      }
      if (claimable.has(pos)) {
        tips.push(t("sarcophagus.claimable"));
        const cy = mark() - 5;
        g.append(s("circle", { cx: x + TILE - 13, cy, r: 7, fill: "#2e7d32", class: "claim-mark" }),
          s("text", { x: x + TILE - 13, y: cy + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 800, fill: "#fff" }, "✓"));
      }
      if (cell.sarcophagus) {
        tips.push(t("sarcophagus.oversarc"));
        g.append(s("text", { x: x + TILE - 13, y: mark(), "text-anchor": "middle", "font-size": 14, fill: cell.tile ? "#7a1f06" : "#ffd9a0", class: "sarc-mark" }, "⚱"));
      }
      // coins, by owner (yours first), in a row along the tile's bottom
      const stack = cell.coins.slice().sort((a, b) => (a[0] === me ? -1 : 0) - (b[0] === me ? -1 : 0) || a[0] - b[0]);
      if (stack.length) g.append(s("rect", { x: x + 4, y: y + TILE - 23, width: TILE - 8, height: 19, rx: 5, fill: "rgba(70,45,10,.22)" }));
      stack.forEach(([owner, value], k) => {
        g.append(coin(owner, value, x + 15 + k * 17, y + TILE - 13.5, 8, t));
      });
      g.append(title(tips.join(" · ")));
      g.append(s("rect", { x: x + 2, y: y + 2, width: TILE - 4, height: TILE - 4, rx: 6, fill: "none", stroke: "none", class: "hl" }));
      svg.append(g);
    }
  }

  // the sarcophagus beneath: three face-down tiles while their tile stands
  const sy = PY + 6 * TILE + 18;
  svg.append(s("text", { x: PX, y: sy + 18, class: "lbl" }, "⚱ " + t("sarcophagus.sarcophagus")),
    s("text", { x: PX, y: sy + 36, class: "lbl small" }, t("sarcophagus.sarcophagus.note")));
  SARC_POSITIONS.forEach((pos, j) => {
    const x = PX + 250 + j * 62;
    if (obs.pyramid[pos]) svg.append(tileFace(null, x, sy, 50, t, { "data-sarc": pos }));
    else svg.append(s("rect", { x, y: sy, width: 50, height: 50, rx: 5, fill: "none", stroke: "#b89a64", "stroke-dasharray": "4 4" }));
    svg.append(s("text", { x: x + 25, y: sy + 64, "text-anchor": "middle", class: "pos-name" }, pos));
  });
  // discard pile
  const dy = sy + 84;
  svg.append(s("text", { x: PX, y: dy + 14, class: "lbl small" }, t("sarcophagus.discards") + (obs.discards.length || obs.discarded_unseen ? ":" : ": —")));
  let dx = PX + 100;
  for (const tile of obs.discards.filter((x) => !hiddenTiles.has(x))) {
    svg.append(tileFace(tile, dx, dy, 24, t, { class: "tile up discarded" }));
    dx += 27;
  }
  if (obs.discarded_unseen) svg.append(s("text", { x: dx + 4, y: dy + 16, class: "lbl small" }, t("sarcophagus.discards.unseen", { n: obs.discarded_unseen })));

  // right column: your hand, then every seat
  let ry = 4;
  if (me !== null) {
    const hand = obs.hand || [];
    const r = compact ? Math.min(33, (RW - 28) / Math.max(1, Math.min(7, hand.length)) / 2 - 2)
      : Math.min(17, (RW - 28) / Math.max(1, hand.length) / 2 - 2);
    const perRowCoins = compact ? Math.max(1, Math.floor((RW - 28) / (2 * r + 4))) : hand.length || 1;
    const coinRows = Math.max(1, Math.ceil(hand.length / perRowCoins));
    const hh = compact ? 48 + coinRows * (2 * r + 6) : 92;
    const hg = s("g", { class: "hand", id: "sarc-hand" });
    hg.append(s("rect", { x: RX, y: ry, width: RW, height: hh, rx: 12, class: "panel-bg" }));
    hg.append(s("text", { x: RX + 14, y: ry + 24, class: "pname" }, t("sarcophagus.yourcoins")),
      s("text", { x: RX + 130, y: ry + 24, class: "lbl small", ...fit(t("sarcophagus.coinhelp"), RW - 142) }, hand.length ? (placeMoves.length ? t("sarcophagus.coinhelp") : "") : t("sarcophagus.nocoins")));
    hand.forEach((v, k) => {
      const cx = RX + 14 + r + (k % perRowCoins) * (2 * r + 4);
      const cy = compact ? ry + 44 + r + Math.floor(k / perRowCoins) * (2 * r + 6) : ry + 60;
      const ok = valuesOk.has(v);
      let move = null;
      let onclick = null;
      let cls = "coin-pick";
      if (ok) {
        cls += " clickable" + (ui.value === v ? " selected" : "");
        if (ui.pos && targets[ui.pos] && targets[ui.pos].has(v)) {
          move = `place ${v} ${ui.pos}`;
          onclick = () => { if (dragged) return; ui.pos = null; send(move); };
        } else {
          onclick = () => { if (dragged) return; ui.value = ui.value === v ? null : v; ui.pos = null; redraw(); };
        }
      }
      const onpointerdown = ok ? (e) => dragCoin(e, v, r) : null;
      // what a screen reader says of it: the coin, and where it goes once a tile is chosen
      const label = move ? t("sarcophagus.coin.place", { value: v, pos: ui.pos }) : t("sarcophagus.coin.pick", { value: v });
      const g = s("g", { class: cls, "data-coin": ok ? String(v) : null, "data-move": move, onclick, onpointerdown,
        "aria-label": label, "aria-pressed": ok && !move ? String(ui.value === v) : null },
        coin(me, v, cx, cy, r, t),
        s("circle", { cx, cy, r: r + 2, fill: "none", stroke: "none", class: "hl" }));
      hg.append(g);
    });
    col.append(hg);
    ry += hh + 8;
  }
  const ct = compact ? 64 : 36; // a claimed tile's side
  const perRow = Math.floor((RW - 28) / (ct + 4));
  for (let p = 0; p < n; p++) {
    const claimed = (obs.claimed[p] || []).filter((tile) => !hiddenTiles.has(tile));
    const lots = obs.sarcophagi[p] || [];
    const items = claimed.length + lots.filter((lot) => !lot.tile || hiddenTiles.has(lot.tile)).length;
    const rows = Math.max(1, Math.ceil(items / perRow));
    const ph = 62 + rows * (ct + 6) + (fameOf(claimed).bonuses.length ? 16 : 0);
    const active = obs.to_move === p && obs.phase !== "over";
    const panel = s("g", { class: "panel" + (active ? " active" : "") + (p === me ? " mine" : ""), "data-seat": String(p + 1) });
    panel.append(s("rect", { x: RX, y: ry, width: RW, height: ph, rx: 12, class: "panel-bg" }));
    panel.append(s("circle", { cx: RX + 20, cy: ry + 20, r: 8, fill: SEAT_COLOR[p], stroke: SEAT_INK[p] }));
    const nm = nameOf(view, p, t) + (p === me ? ` (${t("sarcophagus.you")})` : "");
    panel.append(s("text", { x: RX + 34, y: ry + 26, class: "pname" }, (active ? "▶ " : "") + nm));
    const f = fameOf(claimed);
    panel.append(s("text", { x: RX + RW - 14, y: ry + 26, "text-anchor": "end", class: "fame", "data-fame": String(f.fame) },
      t("sarcophagus.fame", { fame: f.fame })));
    const bits = [t("sarcophagus.inhand", { n: obs.hands[p] })];
    if (obs.gods[p]) bits.push(t("sarcophagus.protected"));
    panel.append(s("text", { x: RX + 14, y: ry + 46, class: "lbl small", ...fit(bits.join(" · "), RW - 28) }, bits.join(" · ")));
    const top = f.bonuses.length ? 16 : 0; // a line for the suit bonuses
    if (top) panel.append(s("text", { x: RX + 14, y: ry + 62, class: "lbl small", "data-bonus": String(f.bonus), ...fit(bonusText(f, t), RW - 28) }, bonusText(f, t)));
    // claimed tiles (clickable to discard to a trap), then the sarcophagus tiles
    let k = 0;
    const place = () => { const x = RX + 14 + (k % perRow) * (ct + 4); const y = ry + 56 + top + Math.floor(k / perRow) * (ct + 6); k += 1; return [x, y]; };
    if (!items) panel.append(s("text", { x: RX + 14, y: ry + 82, class: "lbl small" }, t("sarcophagus.claimed.none")));
    for (const tile of claimed.slice().sort((a, b) => tileOrder(a) - tileOrder(b))) {
      const [x, y] = place();
      const can = p === me && discardTiles.includes(tile) && !revealing;
      const move = can ? `discard ${tile}` : null;
      const g = s("g", { class: "claimed" + (can ? " clickable" : ""), "data-move": move, onclick: can ? () => send(move) : null },
        tileFace(tile, x, y, ct, t, { class: "tile up" + (justShown && justShown.seat === p && justShown.tile === tile ? " flip" : "") }),
        s("rect", { x, y, width: ct, height: ct, rx: 3, fill: "none", stroke: "none", class: "hl" }));
      panel.append(g);
    }
    lots.forEach((lot, j) => {
      // once revealed (and its turn in the reveal come), the tile is held face up or discarded
      if (lot.tile && !hiddenTiles.has(lot.tile)) return;
      const [x, y] = place();
      const g = s("g", { class: "lot", "data-lot": String(j) });
      g.append(tileFace(null, x, y, ct, t));
      g.append(s("text", { x: x + ct / 2, y: y + ct - 3, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }, "⚱"));
      const tip = [t("sarcophagus.lot", { n: lot.coins })];
      if (lot.values) tip.push(t("sarcophagus.lot.values", { values: lot.values.join(" ") || "—" }));
      lot.values ? lot.values.forEach((v, c) => g.append(coin(p, v, x + 8 + c * 10, y + 8, 6, t)))
        : Array.from({ length: lot.coins }, (_, c) => g.append(coin(p, null, x + 8 + c * 10, y + 8, 6, t)));
      g.append(title(tip.join(" · ")));
      panel.append(g);
    });
    col.append(panel);
    ry += ph + 8;
  }
  // last tie, under the seats
  if (obs.ties && obs.ties.length) {
    const tie = obs.ties[obs.ties.length - 1];
    const coins = tie.coins.map(([o, v]) => `${nameOf(view, o, t)} ${v}`).join(", ");
    const g = s("g", { id: "sarc-tie" },
      s("text", { x: RX + 6, y: ry + 14, class: "lbl small", style: "fill:#e9dcc0" }, t("sarcophagus.lasttie", { pos: tie.pos, tile: tileLabel(tie.tile, t) })),
      s("text", { x: RX + 6, y: ry + 30, class: "lbl small", style: "fill:#e9dcc0",
        ...fit(t("sarcophagus.lasttie.coins", { coins }), RW - 12) }, t("sarcophagus.lasttie.coins", { coins })));
    col.append(g);
    ry += 16;
    ry += 24;
  }
  svg.append(col);
  if (compact) {
    col.setAttribute("transform", `translate(${8 - RX}, ${pyramidH + 4})`);
    svg.setAttribute("viewBox", `0 0 ${RX} ${pyramidH + ry + 8}`);
  } else {
    svg.setAttribute("viewBox", `0 0 ${W} ${Math.max(pyramidH, ry + 4)}`);
  }

  // keyboard: every clickable thing is a focusable button (Enter or Space clicks it)
  keyboardClickable(svg);
  board.replaceChildren(svg);

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
  if (hist.news.length) {
    parts.push(h("section", { class: "card sarc-news", id: "sarc-news" }, h("h2", null, t("sarcophagus.news")),
      h("ul", null, hist.news.map((item) => h("li", null, newsText(item, view, t))))));
  }
  parts.push(h("details", { class: "card help", id: "sarc-help", open: helpOpen ? true : null,
    ontoggle: (e) => { helpOpen = e.target.open; } },
  h("summary", null, t("sarcophagus.help.title")),
  h("ul", null, ["goal", "turn", "reveal", "claim", "traps", "sarc", "end"].map((k) => h("li", null, t(`sarcophagus.help.${k}`))))));
  below.replaceChildren(...parts);
}
