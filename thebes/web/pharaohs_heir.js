// Pharaoh's Heir's table (shared/spec/pharaohs-heir.md), drawn from one seat's
// observation only. Same interface as ra.js: TITLE, describeEvent, render.
//
// Everything clickable is derived from view.legal (notation strings), indexed in a
// Set once per view. Big decisions (place, pay, offer, reap, starve, protect) are
// composed with steppers on the player's own mat; a build is composed by picking a
// canal, a coin and a site; the client then writes the one notation string and
// sends it only if it is in the legal Set. Hooks for people and tests:
//   data-move="..."   sends that move at once (action markers, face-up tiles, buttons)
//   data-add="POS"    adds one (token, grain, tile) to the composed move; data-sub removes one
//   data-pick="canal:v0" | "coin:3" | "site:c1" | "site:nile"   build choices
//   #ph-confirm       sends the composed move (data-move set only when it is legal)
import { adoptStyle } from "./dom.js";
import { addStrings } from "./i18n.js";
import { narrateHeir } from "./pharaohs_heir_log.js";

export const TITLE = "Pharaoh's Heir";

const ACTIONS = ["develop", "sacrifice", "populate", "harvest", "improve"];
const COLUMNS = ["village", "temple", "crop"];
const LETTER = { v: "village", t: "temple", c: "crop" };
const BUILDING = { village: "market", temple: "altar", crop: "farm" };
const AREAS = ["harvest", "gods", "land", "people", "buildings"];
const SPLITS = ["place", "pay", "offer", "reap", "starve", "protect"];
const SEAT_COLORS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e"];

addStrings({
  en: {
    "pharaohs_heir.cycle": "Cycle {cycle} of 2 · year {turn} of 6",
    "pharaohs_heir.unrest": "Time of Unrest, before the second cycle",
    "pharaohs_heir.nile": "Nile tile",
    "pharaohs_heir.nile.none": "not turned yet",
    "pharaohs_heir.nile.flood": "flood",
    "pharaohs_heir.nile.drought": "drought",
    "pharaohs_heir.nile.last": "last numbered tile: {n}",
    "pharaohs_heir.nile.flood.effect": "Flood: buildings not protected by a floodwall were destroyed, floodwalls too; every land tile gains a token at Population.",
    "pharaohs_heir.nile.drought.effect": "Drought: every populated tile lost a token; no tokens from the Nile at Population.",
    "pharaohs_heir.scored": "Cycle 1 is scored: see the score sheet. The Time of Unrest clears the mats.",
    "pharaohs_heir.nile.revealed": "turned so far: {list}",
    "pharaohs_heir.nile.facedown": "face down: {n}",
    "pharaohs_heir.nile.peeked": "You peeked: next year's Nile tile is {tile}",
    "pharaohs_heir.nile.peekedby": "{name} peeked at next year's Nile tile",
    "pharaohs_heir.nile.peekedwhat": "{name} peeked: next year's Nile tile is {tile}",
    "pharaohs_heir.actions": "Action markers",
    "pharaohs_heir.action.develop": "Land development",
    "pharaohs_heir.action.sacrifice": "Sacrifice",
    "pharaohs_heir.action.populate": "Population",
    "pharaohs_heir.action.harvest": "Harvest",
    "pharaohs_heir.action.improve": "Improvement",
    "pharaohs_heir.action.open": "open",
    "pharaohs_heir.perk.develop": "Overseer: any column",
    "pharaohs_heir.perk.sacrifice": "Overseer: +1 per temple tile, or peek",
    "pharaohs_heir.perk.populate": "Overseer: +2 per populated village",
    "pharaohs_heir.perk.harvest": "Overseer: +1 grain per crop tile",
    "pharaohs_heir.perk.improve": "Overseer: tokens from any tiles",
    "pharaohs_heir.what.develop": "Everyone takes a face-up land tile.",
    "pharaohs_heir.what.sacrifice": "Everyone offers grain and acolytes up to the Nile's number.",
    "pharaohs_heir.what.populate": "Villages and canals grow; everyone places the Nile's tokens.",
    "pharaohs_heir.what.harvest": "Farmers become grain; every populated tile eats one grain.",
    "pharaohs_heir.what.improve": "Everyone may build a canal and/or a building.",
    "pharaohs_heir.action.now": "now · {name}",
    "pharaohs_heir.action.by": "taken by {name}",
    "pharaohs_heir.action.done": "done",
    "pharaohs_heir.overseer": "Overseer: {name}",
    "pharaohs_heir.blessing": "Pharaoh's Blessing: {name}",
    "pharaohs_heir.due": "Sacrifice due: {n}",
    "pharaohs_heir.stacks": "Land stacks (face-up tops)",
    "pharaohs_heir.stack.empty": "empty",
    "pharaohs_heir.stack.taken": "taken",
    "pharaohs_heir.stack.down": "+{n} face down",
    "pharaohs_heir.later": "second cycle: {n} tiles face down",
    "pharaohs_heir.setaside": "set aside: {n}",
    "pharaohs_heir.col.village": "Village",
    "pharaohs_heir.col.temple": "Temple",
    "pharaohs_heir.col.crop": "Crop",
    "pharaohs_heir.type.village": "village",
    "pharaohs_heir.type.temple": "temple",
    "pharaohs_heir.type.crop": "crop",
    "pharaohs_heir.bld.market": "market",
    "pharaohs_heir.bld.altar": "altar",
    "pharaohs_heir.bld.farm": "farm",
    "pharaohs_heir.bld.floodwall": "floodwall",
    "pharaohs_heir.nilespace": "Nile space",
    "pharaohs_heir.floodwalls.none": "no floodwall",
    "pharaohs_heir.zero": "zero tile",
    "pharaohs_heir.tokens": "{n} tokens",
    "pharaohs_heir.canal": "canal",
    "pharaohs_heir.grain": "Grain {n}",
    "pharaohs_heir.coins": "Coins in reserve",
    "pharaohs_heir.gone": "out of play",
    "pharaohs_heir.you": "you",
    "pharaohs_heir.badge.blessing": "Pharaoh's Blessing",
    "pharaohs_heir.badge.overseer": "Overseer",
    "pharaohs_heir.tomove": "to move",
    "pharaohs_heir.track": "Sacrifice track",
    "pharaohs_heir.track.cycle": "Cycle {cycle}",
    "pharaohs_heir.total": "Total",
    "pharaohs_heir.sheet": "Score sheet (VPs: cycle 1 / cycle 2)",
    "pharaohs_heir.now": "This cycle so far (quantities)",
    "pharaohs_heir.area.harvest": "Harvest (grain)",
    "pharaohs_heir.area.gods": "Gods (sacrifice)",
    "pharaohs_heir.area.land": "Land (tile values)",
    "pharaohs_heir.area.people": "People (tokens)",
    "pharaohs_heir.area.buildings": "Buildings (coin values)",
    "pharaohs_heir.subtotal": "Subtotal",
    "pharaohs_heir.ranking": "Final ranking",
    "pharaohs_heir.ranking.line": "{place}. {name}: {vp} VP",
    "pharaohs_heir.winner": "The game is over: {name} wins with {vp} VP.",
    "pharaohs_heir.over": "The game is over.",
    "pharaohs_heir.confirm": "Confirm",
    "pharaohs_heir.clear": "Clear",
    "pharaohs_heir.composed": "Your move: {move}",
    "pharaohs_heir.pass": "Build nothing",
    "pharaohs_heir.bonus": "Bonus: +1 per temple tile",
    "pharaohs_heir.peek": "Peek at next year's Nile tile",
    "pharaohs_heir.intocol": "into your {col} column",
    "pharaohs_heir.chosen": "chosen: {n} of {total}",
    "pharaohs_heir.chosen.any": "chosen: {n}",
    "pharaohs_heir.hint.wait": "Waiting for {name}…",
    "pharaohs_heir.hint.choose": "You are the Overseer: click one of the open action markers. You get its bonus.",
    "pharaohs_heir.hint.take": "Land development: click a face-up land tile to add it to your mat.",
    "pharaohs_heir.hint.take.overseer": "Land development: click a face-up land tile; as Overseer you may put it in any column.",
    "pharaohs_heir.hint.take.col": "Now choose the column for {tile}.",
    "pharaohs_heir.hint.offer": "Sacrifice: offer {total} in all, grain (use the grain stepper) and acolytes (click your temple-column tiles). Then confirm.",
    "pharaohs_heir.hint.bonus": "As Overseer: take the bonus (+1 on the track per temple tile) or peek at next year's Nile tile.",
    "pharaohs_heir.hint.place": "Place {total} population tokens: click your land tiles to add one each, then confirm.",
    "pharaohs_heir.hint.place.zero": "Time of Unrest: place {total} tokens on your zero tiles, then confirm.",
    "pharaohs_heir.hint.reap": "Harvest: click your crop-column tiles to turn farmers into grain (or none), then confirm.",
    "pharaohs_heir.hint.starve": "Not enough grain: choose {total} populated tiles that each lose a token, then confirm.",
    "pharaohs_heir.hint.protect": "Flood! Choose {total} of your tiles whose buildings your floodwalls protect, then confirm.",
    "pharaohs_heir.hint.pay": "Pay {total} tokens from any of your tiles (click them), then confirm.",
    "pharaohs_heir.hint.build": "Improvement: pick a canal (≈ on a tile) and/or a coin from your reserve and where to build it, then confirm; or build nothing.",
    "pharaohs_heir.hint.other": "Choose your move.",
    "pharaohs_heir.hint.nothing": "You have nothing to give: just confirm.",
    "pharaohs_heir.log.nile": "The Nile stacks are shuffled and laid face down",
    "pharaohs_heir.log.land": "The land stacks are dealt; their top tiles are turned face up",
    "pharaohs_heir.log.blessing": "Pharaoh's Blessing goes to {name}",
    "pharaohs_heir.log.action": "{name} (Overseer) chooses {action}",
    "pharaohs_heir.log.take": "{name} takes {tile} into the {col} column",
    "pharaohs_heir.log.offer": "{name} offers {grain} grain and {acolytes} acolytes",
    "pharaohs_heir.log.bonus": "{name} takes the Overseer's sacrifice bonus",
    "pharaohs_heir.log.peek": "{name} peeks at next year's Nile tile",
    "pharaohs_heir.log.place": "{name} places tokens: {list}",
    "pharaohs_heir.log.reap": "{name} reaps farmers: {list}",
    "pharaohs_heir.log.reap.none": "{name} reaps nothing",
    "pharaohs_heir.log.starve": "{name} starves a token on {list}",
    "pharaohs_heir.log.protect": "{name} protects the buildings on {list}",
    "pharaohs_heir.log.pass": "{name} builds nothing",
    "pharaohs_heir.log.build": "{name} builds {list}",
    "pharaohs_heir.log.pay": "{name} pays tokens: {list}",
    "pharaohs_heir.log.canal": "a canal on {pos}",
    "pharaohs_heir.log.building": "a {kind} {x} on {pos}",
    "pharaohs_heir.log.floodwall": "a floodwall {x}",
    "pharaohs_heir.log.on": "{k} on {pos}",
    "pharaohs_heir.log.and": " and ",
    "pharaohs_heir.pos": "{col} {row}",
    "pharaohs_heir.step.add": "One more on {where} (now {n})",
    "pharaohs_heir.step.sub": "One less on {where} (now {n})",
    "pharaohs_heir.step.grain": "grain",
    "pharaohs_heir.coin.pick": "Build with your coin {x}",
    "pharaohs_heir.cell.place": "Place one more token on {where} ({n} there)",
    "pharaohs_heir.cell.pay": "Pay one more token from {where} ({n} there)",
    "pharaohs_heir.cell.offer": "Offer one more acolyte from {where} ({n} there)",
    "pharaohs_heir.cell.reap": "Reap one more farmer on {where} ({n} there)",
    "pharaohs_heir.cell.starve": "{where} loses a token ({n} there)",
    "pharaohs_heir.cell.protect": "Protect the building on {where} ({n} tokens there)",
    "pharaohs_heir.cell.site": "Build on {where}",
    "pharaohs_heir.help.title": "How to play Pharaoh's Heir",
    "pharaohs_heir.help.goal": "Two cycles of six years. After each cycle, five areas are scored (grain, sacrifice, land, people, buildings): 5, 3, 2, 1 VP for places 1 to 4.",
    "pharaohs_heir.help.year": "Each year the Nile tile is turned (2-5 normal, flood destroys unprotected buildings, drought removes a token from every populated tile), then five actions are chosen in turn by the Overseers; everyone takes part in each.",
    "pharaohs_heir.help.columns": "A tile works as its column: villages grow people, temples hold acolytes for sacrifice, crops hold farmers for harvest.",
    "pharaohs_heir.help.buildings": "Buildings cost their value in tokens: farm (+grain each harvest), market (lowers the grain you owe), altar (+value each sacrifice), floodwall (protects tiles at a flood). Canals grow a token each populated year.",
  },
  fr: {
    "pharaohs_heir.cycle": "Cycle {cycle} sur 2 · année {turn} sur 6",
    "pharaohs_heir.unrest": "Temps des troubles, avant le second cycle",
    "pharaohs_heir.nile": "Tuile du Nil",
    "pharaohs_heir.nile.none": "pas encore retournée",
    "pharaohs_heir.nile.flood": "crue",
    "pharaohs_heir.nile.drought": "sécheresse",
    "pharaohs_heir.nile.last": "dernière tuile chiffrée : {n}",
    "pharaohs_heir.nile.flood.effect": "Crue : les bâtiments non protégés par une digue sont détruits, les digues aussi ; chaque tuile gagne un jeton à la Population.",
    "pharaohs_heir.nile.drought.effect": "Sécheresse : chaque tuile peuplée a perdu un jeton ; pas de jetons du Nil à la Population.",
    "pharaohs_heir.scored": "Le cycle 1 est compté : voyez la feuille de score. Le Temps des troubles vide les plateaux.",
    "pharaohs_heir.nile.revealed": "retournées : {list}",
    "pharaohs_heir.nile.facedown": "face cachée : {n}",
    "pharaohs_heir.nile.peeked": "Vous avez regardé : la tuile du Nil de l'an prochain est {tile}",
    "pharaohs_heir.nile.peekedby": "{name} a regardé la tuile du Nil de l'an prochain",
    "pharaohs_heir.nile.peekedwhat": "{name} a regardé : la tuile du Nil de l'an prochain est {tile}",
    "pharaohs_heir.actions": "Marqueurs d'action",
    "pharaohs_heir.action.develop": "Développement",
    "pharaohs_heir.action.sacrifice": "Sacrifice",
    "pharaohs_heir.action.populate": "Population",
    "pharaohs_heir.action.harvest": "Récolte",
    "pharaohs_heir.action.improve": "Aménagement",
    "pharaohs_heir.action.open": "libre",
    "pharaohs_heir.perk.develop": "Intendant : n'importe quelle colonne",
    "pharaohs_heir.perk.sacrifice": "Intendant : +1 par tuile temple, ou regarder le Nil",
    "pharaohs_heir.perk.populate": "Intendant : +2 par village peuplé",
    "pharaohs_heir.perk.harvest": "Intendant : +1 grain par tuile culture",
    "pharaohs_heir.perk.improve": "Intendant : jetons pris sur n'importe quelles tuiles",
    "pharaohs_heir.what.develop": "Chacun prend une tuile de terre visible.",
    "pharaohs_heir.what.sacrifice": "Chacun offre grain et acolytes jusqu'au nombre du Nil.",
    "pharaohs_heir.what.populate": "Villages et canaux croissent ; chacun place les jetons du Nil.",
    "pharaohs_heir.what.harvest": "Les paysans deviennent du grain ; chaque tuile peuplée mange un grain.",
    "pharaohs_heir.what.improve": "Chacun peut bâtir un canal et/ou un bâtiment.",
    "pharaohs_heir.action.now": "en cours · {name}",
    "pharaohs_heir.action.by": "pris par {name}",
    "pharaohs_heir.action.done": "fait",
    "pharaohs_heir.overseer": "Intendant : {name}",
    "pharaohs_heir.blessing": "Bénédiction de Pharaon : {name}",
    "pharaohs_heir.due": "Sacrifice dû : {n}",
    "pharaohs_heir.stacks": "Piles de terres (tuiles visibles)",
    "pharaohs_heir.stack.empty": "vide",
    "pharaohs_heir.stack.taken": "prise",
    "pharaohs_heir.stack.down": "+{n} face cachée",
    "pharaohs_heir.later": "second cycle : {n} tuiles face cachée",
    "pharaohs_heir.setaside": "mises de côté : {n}",
    "pharaohs_heir.col.village": "Village",
    "pharaohs_heir.col.temple": "Temple",
    "pharaohs_heir.col.crop": "Culture",
    "pharaohs_heir.type.village": "village",
    "pharaohs_heir.type.temple": "temple",
    "pharaohs_heir.type.crop": "culture",
    "pharaohs_heir.bld.market": "marché",
    "pharaohs_heir.bld.altar": "autel",
    "pharaohs_heir.bld.farm": "ferme",
    "pharaohs_heir.bld.floodwall": "digue",
    "pharaohs_heir.nilespace": "Espace du Nil",
    "pharaohs_heir.floodwalls.none": "aucune digue",
    "pharaohs_heir.zero": "tuile zéro",
    "pharaohs_heir.tokens": "{n} jetons",
    "pharaohs_heir.canal": "canal",
    "pharaohs_heir.grain": "Grain {n}",
    "pharaohs_heir.coins": "Pièces en réserve",
    "pharaohs_heir.gone": "hors jeu",
    "pharaohs_heir.you": "vous",
    "pharaohs_heir.badge.blessing": "Bénédiction de Pharaon",
    "pharaohs_heir.badge.overseer": "Intendant",
    "pharaohs_heir.tomove": "à jouer",
    "pharaohs_heir.track": "Piste des sacrifices",
    "pharaohs_heir.track.cycle": "Cycle {cycle}",
    "pharaohs_heir.total": "Total",
    "pharaohs_heir.sheet": "Feuille de score (PV : cycle 1 / cycle 2)",
    "pharaohs_heir.now": "Ce cycle jusqu'ici (quantités)",
    "pharaohs_heir.area.harvest": "Récolte (grain)",
    "pharaohs_heir.area.gods": "Dieux (sacrifices)",
    "pharaohs_heir.area.land": "Terres (valeurs)",
    "pharaohs_heir.area.people": "Peuple (jetons)",
    "pharaohs_heir.area.buildings": "Bâtiments (valeurs)",
    "pharaohs_heir.subtotal": "Sous-total",
    "pharaohs_heir.ranking": "Classement final",
    "pharaohs_heir.ranking.line": "{place}. {name} : {vp} PV",
    "pharaohs_heir.winner": "La partie est finie : {name} gagne avec {vp} PV.",
    "pharaohs_heir.over": "La partie est finie.",
    "pharaohs_heir.confirm": "Valider",
    "pharaohs_heir.clear": "Effacer",
    "pharaohs_heir.composed": "Votre coup : {move}",
    "pharaohs_heir.pass": "Ne rien construire",
    "pharaohs_heir.bonus": "Bonus : +1 par tuile temple",
    "pharaohs_heir.peek": "Regarder la tuile du Nil de l'an prochain",
    "pharaohs_heir.intocol": "dans votre colonne {col}",
    "pharaohs_heir.chosen": "choisis : {n} sur {total}",
    "pharaohs_heir.chosen.any": "choisis : {n}",
    "pharaohs_heir.hint.wait": "En attente de {name}…",
    "pharaohs_heir.hint.choose": "Vous êtes l'Intendant : cliquez un marqueur d'action libre. Vous en recevez le bonus.",
    "pharaohs_heir.hint.take": "Développement : cliquez une tuile de terre visible pour l'ajouter à votre plateau.",
    "pharaohs_heir.hint.take.overseer": "Développement : cliquez une tuile visible ; Intendant, vous pouvez la mettre dans n'importe quelle colonne.",
    "pharaohs_heir.hint.take.col": "Choisissez maintenant la colonne pour {tile}.",
    "pharaohs_heir.hint.offer": "Sacrifice : offrez {total} en tout, grain (compteur de grain) et acolytes (cliquez vos tuiles de la colonne temple). Puis validez.",
    "pharaohs_heir.hint.bonus": "Intendant : prenez le bonus (+1 sur la piste par tuile temple) ou regardez la tuile du Nil de l'an prochain.",
    "pharaohs_heir.hint.place": "Placez {total} jetons de population : cliquez vos tuiles pour en ajouter un, puis validez.",
    "pharaohs_heir.hint.place.zero": "Temps des troubles : placez {total} jetons sur vos tuiles zéro, puis validez.",
    "pharaohs_heir.hint.reap": "Récolte : cliquez vos tuiles de culture pour changer des paysans en grain (ou aucun), puis validez.",
    "pharaohs_heir.hint.starve": "Pas assez de grain : choisissez {total} tuiles peuplées qui perdent chacune un jeton, puis validez.",
    "pharaohs_heir.hint.protect": "Crue ! Choisissez {total} de vos tuiles dont vos digues protègent les bâtiments, puis validez.",
    "pharaohs_heir.hint.pay": "Payez {total} jetons pris sur vos tuiles (cliquez-les), puis validez.",
    "pharaohs_heir.hint.build": "Aménagement : choisissez un canal (≈ sur une tuile) et/ou une pièce de votre réserve et où la bâtir, puis validez ; ou ne construisez rien.",
    "pharaohs_heir.hint.other": "Choisissez votre coup.",
    "pharaohs_heir.hint.nothing": "Vous n'avez rien à donner : validez simplement.",
    "pharaohs_heir.log.nile": "Les piles du Nil sont mélangées et posées face cachée",
    "pharaohs_heir.log.land": "Les piles de terres sont distribuées ; leurs tuiles du dessus sont retournées",
    "pharaohs_heir.log.blessing": "La Bénédiction de Pharaon va à {name}",
    "pharaohs_heir.log.action": "{name} (Intendant) choisit {action}",
    "pharaohs_heir.log.take": "{name} prend {tile} dans la colonne {col}",
    "pharaohs_heir.log.offer": "{name} offre {grain} grain et {acolytes} acolytes",
    "pharaohs_heir.log.bonus": "{name} prend le bonus de sacrifice de l'Intendant",
    "pharaohs_heir.log.peek": "{name} regarde la tuile du Nil de l'an prochain",
    "pharaohs_heir.log.place": "{name} place des jetons : {list}",
    "pharaohs_heir.log.reap": "{name} récolte des paysans : {list}",
    "pharaohs_heir.log.reap.none": "{name} ne récolte rien",
    "pharaohs_heir.log.starve": "{name} perd un jeton sur {list}",
    "pharaohs_heir.log.protect": "{name} protège les bâtiments sur {list}",
    "pharaohs_heir.log.pass": "{name} ne construit rien",
    "pharaohs_heir.log.build": "{name} construit {list}",
    "pharaohs_heir.log.pay": "{name} paie des jetons : {list}",
    "pharaohs_heir.log.canal": "un canal sur {pos}",
    "pharaohs_heir.log.building": "{kind} {x} sur {pos}",
    "pharaohs_heir.log.floodwall": "une digue {x}",
    "pharaohs_heir.log.on": "{k} sur {pos}",
    "pharaohs_heir.log.and": " et ",
    "pharaohs_heir.pos": "{col} {row}",
    "pharaohs_heir.step.add": "Un de plus sur {where} (maintenant {n})",
    "pharaohs_heir.step.sub": "Un de moins sur {where} (maintenant {n})",
    "pharaohs_heir.step.grain": "grain",
    "pharaohs_heir.coin.pick": "Construire avec votre pièce {x}",
    "pharaohs_heir.cell.place": "Placer un jeton de plus sur {where} ({n} dessus)",
    "pharaohs_heir.cell.pay": "Payer un jeton de plus de {where} ({n} dessus)",
    "pharaohs_heir.cell.offer": "Offrir un acolyte de plus de {where} ({n} dessus)",
    "pharaohs_heir.cell.reap": "Récolter un paysan de plus sur {where} ({n} dessus)",
    "pharaohs_heir.cell.starve": "{where} perd un jeton ({n} dessus)",
    "pharaohs_heir.cell.protect": "Protéger le bâtiment sur {where} ({n} jetons dessus)",
    "pharaohs_heir.cell.site": "Construire sur {where}",
    "pharaohs_heir.help.title": "Comment jouer à Pharaoh's Heir",
    "pharaohs_heir.help.goal": "Deux cycles de six années. Après chaque cycle, cinq domaines sont comptés (grain, sacrifices, terres, peuple, bâtiments) : 5, 3, 2, 1 PV pour les places 1 à 4.",
    "pharaohs_heir.help.year": "Chaque année, la tuile du Nil est retournée (2-5 normale, la crue détruit les bâtiments non protégés, la sécheresse retire un jeton de chaque tuile peuplée), puis les Intendants choisissent tour à tour les cinq actions ; tout le monde participe à chacune.",
    "pharaohs_heir.help.columns": "Une tuile agit selon sa colonne : les villages font croître la population, les temples portent les acolytes du sacrifice, les cultures les paysans de la récolte.",
    "pharaohs_heir.help.buildings": "Un bâtiment coûte sa valeur en jetons : ferme (+grain à chaque récolte), marché (réduit le grain dû), autel (+valeur à chaque sacrifice), digue (protège des tuiles lors d'une crue). Un canal fait croître un jeton par année normale.",
  },
});

// ------------------------------------------------------------------ helpers
function nameOf(names, seat0, t) {
  const n = names && names[seat0];
  return n || t("game.seatname", { seat: seat0 + 1 });
}

function posKey(pos) { return "vtc".indexOf(pos[0]) * 100 + parseInt(pos.slice(1), 10); }

function posWords(pos, t) {
  if (!pos || !LETTER[pos[0]]) return pos;
  return t("pharaohs_heir.pos", { col: t(`pharaohs_heir.type.${LETTER[pos[0]]}`), row: pos.slice(1) });
}

function tileWords(tile, t) {
  const m = /^(village|temple|crop)(\d)$/.exec(tile || "");
  return m ? `${t(`pharaohs_heir.type.${m[1]}`)} ${m[2]}` : tile;
}

function nileWords(tile, t) {
  if (tile === "flood" || tile === "drought") return t(`pharaohs_heir.nile.${tile}`);
  return tile;
}

// "offer 2 t0:1" -> {grain: 2, t0: 1}; "starve v0 t1" -> {v0: 1, t1: 1}; "reap" -> {}
function parseSplit(move) {
  const words = move.split(" ");
  const out = {};
  let rest = words.slice(1);
  if (words[0] === "offer") { out.grain = parseInt(rest[0], 10); rest = rest.slice(1); }
  for (const w of rest) {
    const [pos, k] = w.split(":");
    out[pos] = k === undefined ? 1 : parseInt(k, 10);
  }
  return out;
}

// The one canonical spelling of a composed split.
function composeSplit(head, sel) {
  const pos = Object.keys(sel).filter((k) => k !== "grain" && sel[k] > 0).sort((a, b) => posKey(a) - posKey(b));
  const words = [head];
  if (head === "offer") words.push(String(sel.grain || 0));
  for (const p of pos) words.push(head === "starve" || head === "protect" ? p : `${p}:${sel[p]}`);
  return words.join(" ");
}

// "build canal c0 farm 3 c1" -> {canal: "c0", x: 3, site: "c1"}; floodwall: site "nile"
function parseBuild(move) {
  const w = move.split(" ").slice(1);
  const out = { canal: null, x: null, site: null };
  let i = 0;
  if (w[i] === "canal") { out.canal = w[i + 1]; i += 2; }
  if (w[i] === "floodwall") { out.x = parseInt(w[i + 1], 10); out.site = "nile"; } else if (w[i]) { out.x = parseInt(w[i + 1], 10); out.site = w[i + 2]; }
  return out;
}

function composeBuild(b) {
  const words = ["build"];
  if (b.canal) words.push("canal", b.canal);
  if (b.x && b.site) {
    if (b.site === "nile") words.push("floodwall", String(b.x));
    else words.push(BUILDING[LETTER[b.site[0]]], String(b.x), b.site);
  }
  return words.join(" ");
}

function listWords(rest, t) {
  return rest.map((w) => {
    const [pos, k] = w.split(":");
    return k ? t("pharaohs_heir.log.on", { k, pos: posWords(pos, t) }) : posWords(pos, t);
  }).join(", ");
}

// ------------------------------------------------------------------ log
export function describeEvent(line, names, t) {
  const ev = line.event || "";
  const words = ev.split(" ");
  const head = words[0];
  const rest = words.slice(1);
  if (line.seat === null || line.seat === undefined) {
    if (head === "nile") return t("pharaohs_heir.log.nile");
    if (head === "land") return t("pharaohs_heir.log.land");
    if (head === "blessing" && /^\d+$/.test(rest[0] || "")) return t("pharaohs_heir.log.blessing", { name: nameOf(names, parseInt(rest[0], 10) - 1, t) });
    return t("log.chance", { event: ev });
  }
  const name = nameOf(names, line.seat - 1, t);
  try {
    if (ACTIONS.includes(ev)) return t("pharaohs_heir.log.action", { name, action: t(`pharaohs_heir.action.${ev}`) });
    if (head === "take") return t("pharaohs_heir.log.take", { name, tile: tileWords(rest[0], t), col: t(`pharaohs_heir.type.${rest[1]}`) });
    if (head === "offer") {
      const acolytes = rest.slice(1).reduce((n, w) => n + parseInt(w.split(":")[1], 10), 0);
      return t("pharaohs_heir.log.offer", { name, grain: rest[0], acolytes });
    }
    if (ev === "bonus" || ev === "peek" || ev === "pass") return t(`pharaohs_heir.log.${ev}`, { name });
    if (head === "reap" && !rest.length) return t("pharaohs_heir.log.reap.none", { name });
    if (["place", "reap", "starve", "protect", "pay"].includes(head)) return t(`pharaohs_heir.log.${head}`, { name, list: listWords(rest, t) });
    if (head === "build") {
      const b = parseBuild(ev);
      const parts = [];
      if (b.canal) parts.push(t("pharaohs_heir.log.canal", { pos: posWords(b.canal, t) }));
      if (b.site === "nile") parts.push(t("pharaohs_heir.log.floodwall", { x: b.x }));
      else if (b.site) parts.push(t("pharaohs_heir.log.building", { kind: t(`pharaohs_heir.bld.${BUILDING[LETTER[b.site[0]]]}`), x: b.x, pos: posWords(b.site, t) }));
      return t("pharaohs_heir.log.build", { name, list: parts.join(t("pharaohs_heir.log.and")) });
    }
  } catch (_) { /* fall through to the raw text */ }
  return t("log.other", { name, event: ev });
}

// The log in words with what the rules did between moves: each year's Nile tile, the
// cycles' scores, the Time of Unrest, the end (pharaohs_heir_log.js).
export function narrate(log, names, t, obs) { return narrateHeir(log, names, t, obs, describeEvent); }

// ------------------------------------------------------------------ style
const CSS = `
.ph { display: flex; flex-direction: column; gap: 12px; }
.ph-box, .ph-mat { color: #2b1d0e; }
.ph-top { display: flex; flex-wrap: wrap; gap: 12px; align-items: stretch; }
.ph-box { background: #f6ead0; border: 2px solid #8a6a35; border-radius: 12px; padding: 8px 12px; }
.ph-box h3 { margin: 0 0 6px; font-size: 14px; color: #5a3a14; }
.ph-nile { display: flex; gap: 12px; align-items: center; }
.ph-niletile { width: 58px; height: 58px; border-radius: 8px; background: #1c6fc4; color: #fff; display: flex;
  align-items: center; justify-content: center; font-size: 26px; font-weight: bold; border: 2px solid #0b3b6e; }
.ph-niletile.flood { background: #0b3b6e; font-size: 13px; } .ph-niletile.drought { background: #c9a227; color: #3b2a00; font-size: 12px; }
.ph-niletile.none { background: #d9c6a0; color: #5a3a14; font-size: 11px; text-align: center; }
.ph-small { font-size: 12px; color: #5a4630; }
.ph-peek { font-weight: bold; color: #0b6e5e; }
.ph-markers { display: flex; gap: 6px; flex-wrap: wrap; }
.ph-marker { min-width: 104px; border-radius: 8px; padding: 6px 8px; border: 2px solid #8a6a35; background: #fffaf0; font-size: 13px; }
.ph-marker .ph-small { display: block; } .ph-marker .ph-perk { color: #0b6e5e; font-style: italic; }
.ph-marker.taken { background: #e7dcc4; border-style: dashed; } .ph-marker.now { border-color: #d9481f; box-shadow: 0 0 0 2px #f3b28f; opacity: 1; }
.ph-click { cursor: pointer; outline: 3px solid #f7c531; outline-offset: 1px; }
.ph-click:hover, .ph-click:focus { outline-color: #d9481f; }
.ph-stacks { display: flex; gap: 8px; }
.ph-land { width: 74px; border-radius: 6px; padding: 4px; text-align: center; font-size: 12px; border: 2px solid rgba(0,0,0,.3); }
.ph-land b { display: block; font-size: 22px; }
.ph-land.village { background: #f5d76e; } .ph-land.temple { background: #d7b8f3; } .ph-land.crop { background: #a9dc94; }
.ph-land.empty { background: #e9dfc9; color: #5f5238; } .ph-land.sel { outline: 3px solid #d9481f; }
.ph-mats { display: flex; flex-wrap: wrap; gap: 12px; }
.ph-mat { border: 2px solid #8a6a35; border-radius: 12px; background: #fbf3e2; padding: 8px; min-width: 300px; }
.ph-mat.mine { border-color: #d9481f; border-width: 3px; } .ph-mat.active { box-shadow: 0 0 0 3px #f7c531; }
.ph-mathead { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-bottom: 6px; }
.ph-seatdot { width: 12px; height: 12px; border-radius: 50%; display: inline-block; }
.ph-badge { font-size: 11px; border-radius: 10px; padding: 1px 7px; background: #5a3a14; color: #fff; }
.ph-badge.bless { background: #d4a017; color: #3b2a00; } .ph-badge.move { background: #b23a17; }
.ph-grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4px; }
.ph-nilespace { grid-column: 1 / 4; background: #bfe0f5; border: 2px solid #1c6fc4; border-radius: 6px; padding: 4px 6px; font-size: 12px; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; min-height: 26px; }
.ph-colhead { text-align: center; font-weight: bold; font-size: 12px; border-radius: 4px; padding: 2px; }
.ph-colhead.village { background: #f5d76e; } .ph-colhead.temple { background: #d7b8f3; } .ph-colhead.crop { background: #a9dc94; }
.ph-cell { border-radius: 6px; border: 2px solid rgba(0,0,0,.25); padding: 3px 5px; font-size: 12px; min-height: 62px; position: relative; }
.ph-cell.village { background: #fbeeb8; } .ph-cell.temple { background: #eddcfb; } .ph-cell.crop { background: #d8f0cd; }
.ph-cell.zero { background-image: repeating-linear-gradient(45deg, rgba(255,255,255,.0) 0 6px, rgba(255,255,255,.5) 6px 8px); }
.ph-cell.canal { border-color: #1c6fc4; border-width: 3px; }
.ph-cell.empty { border: 1px dashed rgba(0,0,0,.12); background: transparent; }
.ph-cell .ph-val { font-weight: bold; } .ph-cell .ph-pos { color: #5a4630; float: right; font-size: 10px; }
.ph-tok { display: block; font-size: 13px; } .ph-tok.none { color: #6b5d45; }
.ph-canalmark { color: #14508f; font-weight: bold; }
.ph-coin { display: inline-flex; align-items: center; justify-content: center; min-width: 20px; height: 20px; border-radius: 50%;
  background: #e8c25a; border: 1px solid #7a5a10; font-size: 11px; font-weight: bold; padding: 0 3px; }
.ph-coin.wall { background: #8fb8d8; border-color: #0b3b6e; }
.ph-coin.gone { background: #ccc; color: #444; }
.ph-coin.sel, .ph-cell.sel, .ph-nilespace.sel { outline: 3px solid #d9481f; }
.ph-bld { display: block; margin-top: 2px; }
.ph-step { display: flex; align-items: center; gap: 4px; margin-top: 2px; }
.ph-step button { padding: 0 6px; font-size: 13px; line-height: 18px; border-radius: 4px; border: 1px solid #5a3a14; background: #fff; color: #2b1d0e; cursor: pointer; }
.ph-step button:disabled { opacity: .35; cursor: default; }
.ph-step .ph-n { font-weight: bold; color: #a8351a; min-width: 14px; text-align: center; }
/* a phone: a mat's three columns share the width (a cell's − n + steppers, 44 px buttons, fit) */
@media (max-width: 700px) {
  .ph-mat { padding: 4px; min-width: 0; }
  .ph-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 3px; }
  .ph-cell { padding: 3px 2px; }
  .ph-step { gap: 2px; }
}
.ph-pick { font-size: 11px; border-radius: 4px; border: 1px solid #1c6fc4; background: #eef7ff; color: #14508f; cursor: pointer; padding: 0 4px; margin-top: 2px; }
.ph-pick.on { background: #1c6fc4; color: #fff; }
.ph-res { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin-top: 6px; font-size: 12px; }
.ph-areas { font-size: 11px; color: #5a4630; margin-top: 4px; }
.ph-tables { display: flex; flex-wrap: wrap; gap: 12px; }
.ph-tables table { border-collapse: collapse; font-size: 13px; }
.ph-tables th, .ph-tables td { border: 1px solid #c9b48a; padding: 2px 6px; text-align: center; }
.ph-tables td.cur { background: #fff1c2; color: #2b1d0e; font-weight: bold; }
.ph-tables tr.total td, .ph-tables tr.total th { font-weight: bold; }
`;

function ensureStyle() {
  adoptStyle("ph-style", CSS);
}

const LOGS = {}; // game id -> Map(index -> log line), to know who took which marker

// Who chose which action this year: the last k action choices before this position (k = 5 -
// actions left), read from the log lines seen so far for this game. Lines are facts at fixed
// indices, so a replay stepping back reads the same lines; when a line in between is missing
// the names are left out rather than guessed.
function markersTaken(view, obs) {
  const map = LOGS[view.id] || (LOGS[view.id] = new Map());
  for (const line of view.log || []) map.set(line.index, line);
  if (obs.to_move === null || obs.to_move === undefined) return [];
  const k = 5 - (obs.actions_left || []).length;
  if (k <= 0) return [];
  const upto = typeof view.version === "number" ? view.version : (typeof view.index === "number" ? view.index : null);
  if (upto === null) return [];
  const out = [];
  for (let i = upto - 1; i >= 0 && out.length < k; i--) {
    const line = map.get(i);
    if (!line) return [];
    if (line.seat && ACTIONS.includes(line.event)) out.unshift({ action: line.event, seat: line.seat - 1 });
  }
  return out.length === k ? out : [];
}

function keyboard(root) {
  for (const el of root.querySelectorAll(".ph-click")) {
    if (el.tagName === "BUTTON") continue;
    if (el.querySelector("button")) {
      // a button may not hold buttons (screen readers lose them): its own click gets a
      // button of its own, unless its "+" already does the same
      if (el.dataset.add && el.querySelector(`button[data-add="${el.dataset.add}"]`)) continue;
      const own = document.createElement("button");
      own.type = "button";
      own.className = "ph-pick ph-own";
      own.textContent = "✓";
      own.setAttribute("aria-label", el.getAttribute("title") || el.textContent.trim().slice(0, 60));
      own.addEventListener("click", (e) => { e.stopPropagation(); el.click(); });
      el.prepend(own);
      continue;
    }
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); el.click(); }
    });
  }
}

// ------------------------------------------------------------------ render
let helpOpen = false;
const seenCycle = {}; // game id -> cycle when last drawn, to say when cycle 1 is scored

export function render(ctx) {
  const { view, board, hint, actions, below, send, t, ui, redraw, h } = ctx;
  ensureStyle();
  const obs = view.observation;
  const names = view.names || [];
  const n = obs.players;
  const me = view.seat ? view.seat - 1 : null;
  const nm = (p) => nameOf(names, p, t);

  // the legal moves, indexed once per view
  if (!ui.legal) {
    ui.legal = new Set(view.legal || []);
    ui.head = view.legal && view.legal.length ? view.legal[0].split(" ")[0] : null;
    if (ui.head === "pass") ui.head = view.legal.find((m) => m !== "pass") ? "build" : "pass";
    ui.splits = SPLITS.includes(ui.head) ? view.legal.filter((m) => m.split(" ")[0] === ui.head).map(parseSplit) : null;
    ui.builds = view.legal ? view.legal.filter((m) => m.startsWith("build")).map(parseBuild) : [];
    ui.sel = {};
    ui.b = { canal: null, x: null, site: null };
    if (ui.splits && ui.splits.length === 1) ui.sel = { ...ui.splits[0] };
  }
  const legal = ui.legal;
  const head = ui.head;
  const splitMode = ui.splits ? head : null;
  const total = ui.splits && ui.splits.length && head !== "reap"
    ? Object.values(ui.splits[0]).reduce((a, b) => a + b, 0) : null;
  const chosenSum = Object.values(ui.sel).reduce((a, b) => a + b, 0);

  // a split: can one more go on `key` and still be completed to a legal move?
  const canAdd = (key) => splitMode && ui.splits.some((m) => (m[key] || 0) >= (ui.sel[key] || 0) + 1
    && Object.entries(ui.sel).every(([k, v]) => (m[k] || 0) >= v));
  const add = (key) => { ui.sel[key] = (ui.sel[key] || 0) + 1; redraw(); };
  const sub = (key) => { ui.sel[key] = Math.max(0, (ui.sel[key] || 0) - 1); if (!ui.sel[key]) delete ui.sel[key]; redraw(); };
  const stepper = (key) => {
    const k = ui.sel[key] || 0;
    const plus = canAdd(key);
    if (!plus && !k) return null;
    // a screen reader names what the button changes and how many it holds now
    const where = key === "grain" ? t("pharaohs_heir.step.grain") : posWords(key, t);
    return h("span", { class: "ph-step", onclick: (e) => e.stopPropagation() },
      h("button", { type: "button", "data-sub": key, disabled: !k, onclick: () => sub(key), "aria-label": t("pharaohs_heir.step.sub", { where, n: k }) }, "−"),
      h("span", { class: "ph-n" }, String(k)),
      h("button", { type: "button", "data-add": key, disabled: !plus, onclick: () => add(key), "aria-label": t("pharaohs_heir.step.add", { where, n: k }) }, "+"));
  };

  // a build: the choices still compatible with what is picked
  const bMatch = (m, skip) => ["canal", "x", "site"].every((f) => f === skip || ui.b[f] === null || m[f] === ui.b[f]);
  const building = head === "build";
  const canPick = (field, value) => building && ui.builds.some((m) => m[field] === value && bMatch(m, field));
  const pick = (field, value) => { ui.b[field] = ui.b[field] === value ? null : value; redraw(); };

  const root = h("div", { class: "ph", "data-cycle": String(obs.cycle), "data-turn": String(obs.turn), "data-phase": obs.phase });

  // ---- the Nile, the markers, the land stacks
  const nile = obs.nile || {};
  const tileClass = nile.tile === "flood" || nile.tile === "drought" ? nile.tile : nile.tile ? "" : "none";
  const nileBox = h("div", { class: "ph-box", id: "ph-nile" },
    h("h3", null, obs.phase === "unrest" ? t("pharaohs_heir.unrest") : t("pharaohs_heir.cycle", { cycle: obs.cycle, turn: Math.min(obs.turn, 6) })),
    h("div", { class: "ph-nile" },
      h("div", { class: `ph-niletile ${tileClass}`, title: t("pharaohs_heir.nile") }, nile.tile ? nileWords(nile.tile, t) : t("pharaohs_heir.nile.none")),
      h("div", null,
        h("div", null, h("strong", null, t("pharaohs_heir.nile"))),
        nile.last_numbered && (nile.tile === "flood" || nile.tile === "drought") ? h("div", { class: "ph-small" }, t("pharaohs_heir.nile.last", { n: nile.last_numbered })) : null,
        h("div", { class: "ph-small" }, t("pharaohs_heir.nile.revealed", { list: (nile.revealed || []).map((x) => nileWords(x, t)).join(" ") || "–" })),
        h("div", { class: "ph-small" }, t("pharaohs_heir.nile.facedown", { n: (nile.face_down || []).join(" + ") || "0" })))),
    nile.tile === "flood" || nile.tile === "drought" ? h("div", { class: "ph-small" }, t(`pharaohs_heir.nile.${nile.tile}.effect`)) : null,
    nile.peeked && (obs.seat === null || obs.seat === undefined) && nile.peeked_by !== null && nile.peeked_by !== undefined
      ? h("div", { class: "ph-peek" }, t("pharaohs_heir.nile.peekedwhat", { name: nm(nile.peeked_by), tile: nileWords(nile.peeked, t) }))
      : nile.peeked ? h("div", { class: "ph-peek", id: "ph-peeked" }, t("pharaohs_heir.nile.peeked", { tile: nileWords(nile.peeked, t) }))
      : nile.peeked_by !== null && nile.peeked_by !== undefined ? h("div", { class: "ph-small" }, t("pharaohs_heir.nile.peekedby", { name: nm(nile.peeked_by) })) : null);

  const taken = markersTaken(view, obs);
  const markers = h("div", { class: "ph-markers" }, ACTIONS.map((a) => {
    const tk = taken.find((x) => x.action === a);
    const now = obs.action === a;
    const clickable = legal.has(a);
    let status;
    if (now) status = t("pharaohs_heir.action.now", { name: tk ? nm(tk.seat) : nm(obs.overseer) });
    else if (tk) status = t("pharaohs_heir.action.by", { name: nm(tk.seat) });
    else if (obs.actions_left && obs.actions_left.includes(a)) status = t("pharaohs_heir.action.open");
    else status = t("pharaohs_heir.action.done");
    return h("div", { class: "ph-marker" + (tk || (!obs.actions_left || !obs.actions_left.includes(a)) ? " taken" : "") + (now ? " now" : "") + (clickable ? " ph-click" : ""),
      "data-action": a, "data-move": clickable ? a : null, title: `${t(`pharaohs_heir.what.${a}`)} ${t(`pharaohs_heir.perk.${a}`)}`, onclick: clickable ? () => send(a) : null },
    h("strong", null, t(`pharaohs_heir.action.${a}`)),
    clickable ? h("span", { class: "ph-small ph-perk" }, t(`pharaohs_heir.perk.${a}`)) : null,
    h("span", { class: "ph-small" }, tk ? h("span", { style: `color:${SEAT_COLORS[tk.seat % 4]}`, "aria-hidden": "true" }, "● ") : null, status));
  }));
  const who = [];
  if (obs.overseer !== null && obs.overseer !== undefined) who.push(h("span", { class: "ph-small" }, t("pharaohs_heir.overseer", { name: nm(obs.overseer) }), " · "));
  if (obs.blessing !== null && obs.blessing !== undefined) who.push(h("span", { class: "ph-small" }, t("pharaohs_heir.blessing", { name: nm(obs.blessing) })));
  if (obs.due !== null && obs.due !== undefined) who.push(h("span", { class: "ph-small" }, " · ", h("strong", null, t("pharaohs_heir.due", { n: obs.due }))));
  const markerBox = h("div", { class: "ph-box", id: "ph-markers" }, h("h3", null, t("pharaohs_heir.actions")), markers, h("div", { style: "margin-top:6px" }, who));

  // land stacks: a face-up tile is clickable when some `take` of it is legal
  const takes = [...legal].filter((m) => m.startsWith("take "));
  const land = obs.land || { stacks: [] };
  const stackEls = (land.stacks || []).map((st, i) => {
    if (!st.face_up) {
      return h("div", { class: "ph-land empty", "data-stack": String(i + 1) }, h("b", null, "–"),
        st.face_down ? [t("pharaohs_heir.stack.taken"), h("br"), t("pharaohs_heir.stack.down", { n: st.face_down })] : t("pharaohs_heir.stack.empty"));
    }
    const m = /^(village|temple|crop)(\d)$/.exec(st.face_up);
    const mine = takes.filter((x) => x.split(" ")[1] === st.face_up);
    const direct = mine.length === 1 ? mine[0] : null;
    const onclick = mine.length ? () => { if (direct) send(direct); else { ui.take = ui.take === st.face_up ? null : st.face_up; redraw(); } } : null;
    return h("div", { class: `ph-land ${m ? m[1] : ""}` + (mine.length ? " ph-click" : "") + (ui.take === st.face_up ? " sel" : ""),
      "data-stack": String(i + 1), "data-tile": st.face_up, "data-move": direct, "data-take": mine.length > 1 ? st.face_up : null, onclick },
    m ? t(`pharaohs_heir.type.${m[1]}`) : st.face_up, h("b", null, m ? m[2] : ""), h("span", { class: "ph-small" }, t("pharaohs_heir.stack.down", { n: st.face_down })));
  });
  const stackBox = h("div", { class: "ph-box", id: "ph-stacks" }, h("h3", null, t("pharaohs_heir.stacks")),
    h("div", { class: "ph-stacks" }, stackEls),
    land.later_face_down ? h("div", { class: "ph-small" }, t("pharaohs_heir.later", { n: land.later_face_down })) : null,
    land.set_aside ? h("div", { class: "ph-small" }, t("pharaohs_heir.setaside", { n: land.set_aside })) : null);
  root.append(h("div", { class: "ph-top" }, nileBox, stackBox, markerBox));

  // ---- the mats: mine first, then the others in seat order after me
  const order = [];
  for (let i = 0; i < n; i++) order.push(((me === null ? 0 : me) + i) % n);
  const mats = h("div", { class: "ph-mats" });
  for (const p of order) {
    const mat = obs.mats[p];
    const mineMat = p === me;
    const active = obs.to_move === p;
    const headEl = h("div", { class: "ph-mathead" },
      h("span", { class: "ph-seatdot", style: `background:${SEAT_COLORS[p % 4]}` }),
      h("strong", null, nm(p) + (mineMat ? ` (${t("pharaohs_heir.you")})` : "")),
      obs.blessing === p ? h("span", { class: "ph-badge bless" }, t("pharaohs_heir.badge.blessing")) : null,
      obs.overseer === p ? h("span", { class: "ph-badge" }, t("pharaohs_heir.badge.overseer")) : null,
      active ? h("span", { class: "ph-badge move" }, t("pharaohs_heir.tomove")) : null);
    const grid = h("div", { class: "ph-grid" });
    // the Nile space: floodwalls (and the floodwall site of a build)
    const wallSite = mineMat && canPick("site", "nile");
    grid.append(h("div", { class: "ph-nilespace" + (wallSite ? " ph-click" : "") + (mineMat && ui.b.site === "nile" ? " sel" : ""),
      "data-pick": wallSite ? "site:nile" : null, onclick: wallSite ? () => pick("site", "nile") : null },
    h("strong", null, t("pharaohs_heir.nilespace")),
    mat.floodwalls.length ? mat.floodwalls.map((v) => h("span", { class: "ph-coin wall", title: t("pharaohs_heir.bld.floodwall") }, String(v)))
      : h("span", { class: "ph-small" }, t("pharaohs_heir.floodwalls.none")),
    mineMat && ui.b.site === "nile" && ui.b.x ? h("span", { class: "ph-coin wall sel" }, `+${ui.b.x}`) : null));
    for (const c of COLUMNS) {
      const into = mineMat && ui.take && legal.has(`take ${ui.take} ${c}`) ? `take ${ui.take} ${c}` : null;
      grid.append(h("div", { class: `ph-colhead ${c}` + (into ? " ph-click" : ""), "data-move": into, onclick: into ? () => send(into) : null,
        title: into ? t("pharaohs_heir.intocol", { col: t(`pharaohs_heir.type.${c}`) }) : null }, t(`pharaohs_heir.col.${c}`)));
    }
    const rows = Math.max(...COLUMNS.map((c) => mat.columns[c].length));
    for (let r = 0; r < rows; r++) {
      for (const c of COLUMNS) {
        const tl = mat.columns[c][r];
        if (!tl) { grid.append(h("div", { class: "ph-cell empty" })); continue; }
        const pos = tl.pos;
        const type = /^(village|temple|crop)/.exec(tl.tile);
        const addable = mineMat && canAdd(pos);
        const siteOk = mineMat && canPick("site", pos);
        const canalOk = mineMat && canPick("canal", pos);
        let onclick = null;
        let dataAdd = null;
        let dataPick = null;
        if (addable) { onclick = () => add(pos); dataAdd = pos; } else if (siteOk) { onclick = () => pick("site", pos); dataPick = `site:${pos}`; }
        const cell = h("div", {
          class: `ph-cell ${c}` + (r === 0 ? " zero" : "") + (tl.canal ? " canal" : "") + (onclick ? " ph-click" : "")
            + (mineMat && (ui.b.site === pos) ? " sel" : ""),
          "data-pos": pos, "data-seat": String(p + 1), "data-add": dataAdd, "data-pick": dataPick, onclick,
          title: `${posWords(pos, t)}${tl.canal ? " · " + t("pharaohs_heir.canal") : ""}`,
          // a clickable tile says to a screen reader what a click does there
          "aria-label": dataAdd ? t(`pharaohs_heir.cell.${splitMode}`, { where: posWords(pos, t), n: tl.tokens })
            : dataPick ? t("pharaohs_heir.cell.site", { where: posWords(pos, t) }) : null,
        },
        h("span", { class: "ph-pos" }, pos),
        r === 0 ? h("span", { class: "ph-small" }, t("pharaohs_heir.zero"))
          : h("span", null, h("span", { class: "ph-val" }, String(tl.value)), " ", h("span", { class: "ph-small" }, type && type[1] !== c ? t(`pharaohs_heir.type.${type[1]}`) : "")),
        h("span", { class: "ph-tok" + (tl.tokens ? "" : " none") }, "● " + tl.tokens),
        tl.canal ? h("span", { class: "ph-canalmark" }, "≈ " + t("pharaohs_heir.canal")) : null,
        tl.building ? h("span", { class: "ph-bld" }, h("span", { class: "ph-coin" }, String(tl.building)), " ", t(`pharaohs_heir.bld.${BUILDING[c]}`)) : null,
        mineMat && ui.b.site === pos && ui.b.x ? h("span", { class: "ph-bld" }, h("span", { class: "ph-coin sel" }, `+${ui.b.x}`), " ", t(`pharaohs_heir.bld.${BUILDING[c]}`)) : null,
        mineMat && splitMode ? stepper(pos) : null,
        canalOk || (mineMat && ui.b.canal === pos) ? h("button", { type: "button", class: "ph-pick" + (ui.b.canal === pos ? " on" : ""), "data-pick": `canal:${pos}`,
          onclick: (e) => { e.stopPropagation(); pick("canal", pos); } }, "≈ " + t("pharaohs_heir.canal")) : null);
        grid.append(cell);
      }
    }
    // grain and coins
    const grainStep = mineMat && splitMode === "offer" ? stepper("grain") : null;
    const coins = [];
    const seen = new Set();
    for (const v of mat.reserve) {
      const first = !seen.has(v);
      seen.add(v);
      const ok = mineMat && first && canPick("x", v);
      coins.push(h("span", { class: "ph-coin" + (ok ? " ph-click" : "") + (mineMat && first && ui.b.x === v ? " sel" : ""),
        "data-pick": ok ? `coin:${v}` : null, onclick: ok ? () => pick("x", v) : null,
        "aria-label": ok ? t("pharaohs_heir.coin.pick", { x: v }) : null, "aria-pressed": ok ? String(ui.b.x === v) : null }, String(v)));
    }
    const res = h("div", { class: "ph-res" },
      h("strong", { "data-grain": String(p + 1) }, t("pharaohs_heir.grain", { n: mat.grain })), grainStep,
      h("span", null, " · " + t("pharaohs_heir.coins") + ":"), coins,
      mat.out_of_play.length ? h("span", { class: "ph-small" }, " · " + t("pharaohs_heir.gone") + ":") : null,
      mat.out_of_play.map((v) => h("span", { class: "ph-coin gone" }, String(v))));
    const areas = h("div", { class: "ph-areas" }, AREAS.map((a) => `${t(`pharaohs_heir.area.${a}`)} ${mat.areas[a]}`).join(" · "));
    mats.append(h("div", { class: "ph-mat" + (mineMat ? " mine" : "") + (active ? " active" : ""), "data-seat": String(p + 1) }, headEl, grid, res, areas));
  }
  root.append(mats);
  keyboard(root);
  board.replaceChildren(root);

  // ---- hint and buttons
  const btns = [];
  let text;
  const result = view.result;
  const finished = view.status === "finished" || obs.phase === "end";
  if (finished) {
    const scores = (result && result.scores) || obs.scores;
    const first = result && result.ranking && result.ranking.length ? result.ranking[0] - 1 : null;
    text = first !== null ? t("pharaohs_heir.winner", { name: nm(first), vp: scores[first] }) : t("pharaohs_heir.over");
  } else if (!legal.size) {
    text = typeof view.to_move === "number" ? t("pharaohs_heir.hint.wait", { name: nm(view.to_move - 1) }) : t("game.waitingchance");
  } else if (splitMode) {
    const key = splitMode === "place" && obs.phase === "unrest" ? "pharaohs_heir.hint.place.zero" : `pharaohs_heir.hint.${splitMode}`;
    text = total === 0 ? t("pharaohs_heir.hint.nothing") : t(key, { total });
    const move = composeSplit(splitMode, ui.sel);
    const ok = legal.has(move);
    btns.push(h("span", { class: "muted", id: "ph-chosen", "data-chosen": String(chosenSum) }, total !== null ? t("pharaohs_heir.chosen", { n: chosenSum, total }) : t("pharaohs_heir.chosen.any", { n: chosenSum })));
    btns.push(h("button", { class: "btn primary", id: "ph-confirm", "data-move": ok ? move : null, title: ok ? move : null, disabled: !ok, onclick: () => { if (ok) send(move); } },
      t("pharaohs_heir.confirm") + (ok ? ` · ${describeEvent({ seat: me + 1, event: move }, names, t)}` : "")));
    if (chosenSum) btns.push(h("button", { class: "btn", id: "ph-clear", onclick: () => { ui.sel = {}; redraw(); } }, t("pharaohs_heir.clear")));
  } else if (building) {
    text = t("pharaohs_heir.hint.build");
    const move = composeBuild(ui.b);
    const ok = move !== "build" && legal.has(move);
    btns.push(h("button", { class: "btn primary", id: "ph-confirm", "data-move": ok ? move : null, title: ok ? move : null, disabled: !ok, onclick: () => { if (ok) send(move); } },
      t("pharaohs_heir.confirm") + (ok ? ` · ${describeEvent({ seat: me + 1, event: move }, names, t)}` : "")));
    if (ui.b.canal || ui.b.x || ui.b.site) btns.push(h("button", { class: "btn", id: "ph-clear", onclick: () => { ui.b = { canal: null, x: null, site: null }; redraw(); } }, t("pharaohs_heir.clear")));
    if (legal.has("pass")) btns.push(h("button", { class: "btn", id: "ph-pass", "data-move": "pass", onclick: () => send("pass") }, t("pharaohs_heir.pass")));
  } else if (head === "pass") {
    text = t("pharaohs_heir.hint.build");
    btns.push(h("button", { class: "btn primary", id: "ph-pass", "data-move": "pass", onclick: () => send("pass") }, t("pharaohs_heir.pass")));
  } else if (ACTIONS.includes(head)) {
    text = t("pharaohs_heir.hint.choose");
  } else if (head === "take") {
    const overseer = obs.overseer === me;
    text = ui.take ? t("pharaohs_heir.hint.take.col", { tile: tileWords(ui.take, t) }) : t(overseer ? "pharaohs_heir.hint.take.overseer" : "pharaohs_heir.hint.take");
    if (ui.take) {
      for (const c of COLUMNS) {
        const m = `take ${ui.take} ${c}`;
        if (legal.has(m)) btns.push(h("button", { class: "btn primary", "data-move": m, onclick: () => send(m) }, t("pharaohs_heir.intocol", { col: t(`pharaohs_heir.type.${c}`) })));
      }
    }
  } else if (head === "bonus" || head === "peek") {
    text = t("pharaohs_heir.hint.bonus");
    for (const m of ["bonus", "peek"]) if (legal.has(m)) btns.push(h("button", { class: "btn primary", "data-move": m, onclick: () => send(m) }, t(`pharaohs_heir.${m}`)));
  } else {
    text = t("pharaohs_heir.hint.other");
    for (const m of [...legal].slice(0, 24)) btns.push(h("button", { class: "btn move", "data-move": m, onclick: () => send(m) }, m));
  }
  hint.replaceChildren(h("span", { class: legal.size ? "your-turn" : "" }, legal.size ? t("game.yourturn") + " " : ""), text);
  hint.className = "hint" + (legal.size ? " mine" : "");
  actions.replaceChildren(...btns);

  // ---- below: ranking, sacrifice track, score sheet, help
  const parts = [];
  if (finished && result && result.ranking) {
    parts.push(h("section", { class: "card ranking", id: "ph-ranking" }, h("h2", null, t("pharaohs_heir.ranking")),
      h("ol", null, result.ranking.map((s, i) => h("li", { class: i === 0 ? "winner" : "" },
        t("pharaohs_heir.ranking.line", { place: i + 1, name: nm(s - 1), vp: result.scores[s - 1] }))))));
  }
  const seatHeads = h("tr", null, h("th", null, ""), obs.mats.map((_, p) => h("th", null, nm(p))));
  const track = h("table", { id: "ph-track" },
    h("thead", null, h("tr", null, h("th", null, ""), [1, 2, 3, 4, 5, 6].map((y) => h("th", null, String(y))), h("th", null, t("pharaohs_heir.total")))),
    h("tbody", null, obs.track.flatMap((entries, p) => [1, 2].filter((c) => c <= obs.cycle).map((c) => {
      const row = entries.slice((c - 1) * 6, c * 6);
      return h("tr", null, h("th", null, `${nm(p)} · ${t("pharaohs_heir.track.cycle", { cycle: c })}`),
        row.map((v, i) => {
          const past = c < obs.cycle || i + 1 < obs.turn || (i + 1 === obs.turn && v) || finished;
          return h("td", { class: c === obs.cycle && i + 1 === obs.turn && !finished ? "cur" : "" }, past ? String(v) : "·");
        }),
        h("td", null, String(row.reduce((a, b) => a + b, 0))));
    }))));
  const vp = obs.vp;
  const sheet = h("table", { id: "ph-sheet" },
    h("thead", null, seatHeads),
    h("tbody", null,
      AREAS.map((a, ai) => h("tr", null, h("th", null, t(`pharaohs_heir.area.${a}`)), obs.mats.map((_, p) => h("td", null, `${vp[0][p][ai]} / ${vp[1][p][ai]}`)))),
      h("tr", null, h("th", null, t("pharaohs_heir.subtotal")), obs.mats.map((_, p) => h("td", null, `${vp[0][p].reduce((x, y) => x + y, 0)} / ${vp[1][p].reduce((x, y) => x + y, 0)}`))),
      h("tr", { class: "total" }, h("th", null, t("pharaohs_heir.total")), obs.mats.map((_, p) => h("td", null, String(obs.scores[p]))))));
  const now = h("table", { id: "ph-now" },
    h("thead", null, h("tr", null, h("th", null, ""), obs.mats.map((_, p) => h("th", null, nm(p))))),
    h("tbody", null, AREAS.map((a) => h("tr", null, h("th", null, t(`pharaohs_heir.area.${a}`)), obs.mats.map((m) => h("td", null, String(m.areas[a])))))));
  parts.push(h("section", { class: "card ph-tables" },
    h("div", null, h("h2", null, t("pharaohs_heir.sheet")), sheet),
    h("div", null, h("h2", null, t("pharaohs_heir.track")), track),
    finished ? null : h("div", null, h("h2", null, t("pharaohs_heir.now")), now)));
  parts.push(h("details", { class: "card help", id: "ph-help", open: helpOpen ? true : null, ontoggle: (e) => { helpOpen = e.target.open; } },
    h("summary", null, t("pharaohs_heir.help.title")),
    h("ul", null, ["goal", "year", "columns", "buildings"].map((k) => h("li", null, t(`pharaohs_heir.help.${k}`))))));
  below.replaceChildren(...parts);

  if (view.id in seenCycle && obs.cycle > seenCycle[view.id] && ctx.notify) ctx.notify(t("pharaohs_heir.scored"));
  seenCycle[view.id] = obs.cycle;
}
