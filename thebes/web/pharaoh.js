// Pharaoh (roll and write): the 6x6 sheet, the dice, the building chart and the
// score sheet, drawn from one seat's observation (shared/spec/pharaoh.md; the
// observation's shape is in thebes/games/pharaoh/observation.py).
//
// Same interface as ra.js: TITLE, describeEvent(line, names, t), render(ctx).
// Only legal moves are clickable: everything clickable is derived from
// view.legal (the notation strings). Elements that send a move carry data-move;
// elements that only choose (a building of the chart, a die to shift) carry
// data-select, for people and tests. See docs/web-pharaoh.md.

import { adoptStyle, svg as s } from "./dom.js";
import { addStrings } from "./i18n.js";

export const TITLE = "Pharaoh";


// The building chart in the spec's order (road included), with points and costs
// (labour, grain, gold, material), as in thebes/games/pharaoh/board.py.
export const KINDS = ["housing", "road", "industrial", "farming", "treasury", "admin",
  "military", "guild", "religious", "monument"];
export const RESOURCES = ["labour", "grain", "gold", "material"];
const POINTS = { housing: 0, road: 0, industrial: 0, farming: 0, treasury: 0, admin: 2,
  military: 2, guild: 2, religious: 2, monument: 5 };
const COST = { housing: [0, 1, 0, 0], road: [0, 0, 0, 0], industrial: [0, 0, 1, 0],
  farming: [1, 0, 0, 0], treasury: [0, 1, 0, 1], admin: [0, 0, 2, 0], military: [1, 1, 0, 0],
  guild: [0, 0, 1, 1], religious: [1, 0, 1, 0], monument: [0, 0, 2, 2] };
// Dice action chart: entry 1..12 -> action.
const CHART = [null, "train", "harvest", "collect", "produce", "train", "none",
  "collect", "harvest", "produce", "flood", "none", "invasion"];
const ACTIONS = ["train", "harvest", "collect", "produce", "none", "flood", "invasion"];
// production action -> [enabling kind, resource gained]
const PRODUCTION = { train: ["housing", "labour"], harvest: ["farming", "grain"],
  collect: ["treasury", "gold"], produce: ["industrial", "material"] };
const OBJECTIVE_POINTS = [0, 2, 3, 2, 2, 3, 3, 2, 2, 3, 3, 2, 2];
const TITLES = ["Peasant", "Clerk", "Governor", "Pharaoh"];
const MONUMENT_LIMIT = 4;
const YIELD_CAP = 3;
const ROUNDS = 20;
const LETTERS = "abcdef";

const COLORS = {
  housing: ["#3f8f4f", "#effff0"], road: ["#9a917f", "#2b2620"], industrial: ["#7b52a8", "#f6efff"],
  farming: ["#b3a22a", "#1f1c00"], treasury: ["#d08a10", "#2a1a00"], admin: ["#2f7fa8", "#eef8ff"],
  military: ["#b3392a", "#fff0ee"], guild: ["#c0508f", "#fff0f8"], religious: ["#ebe2c6", "#4a3a10"],
  monument: ["#a8743a", "#fff6e6"],
};
const RES_COLORS = { labour: "#c46a3a", grain: "#d9b84a", gold: "#f2c230", material: "#8c7b6b" };

addStrings({
  en: {
    "pharaoh.kind.housing": "Housing", "pharaoh.kind.road": "Road", "pharaoh.kind.industrial": "Industrial",
    "pharaoh.kind.farming": "Farming", "pharaoh.kind.treasury": "Treasury", "pharaoh.kind.admin": "Admin",
    "pharaoh.kind.military": "Military", "pharaoh.kind.guild": "Guild", "pharaoh.kind.religious": "Religious",
    "pharaoh.kind.monument": "Monument",
    "pharaoh.short.housing": "Hous", "pharaoh.short.road": "Road", "pharaoh.short.industrial": "Indus",
    "pharaoh.short.farming": "Farm", "pharaoh.short.treasury": "Treas", "pharaoh.short.admin": "Admin",
    "pharaoh.short.military": "Milit", "pharaoh.short.guild": "Guild", "pharaoh.short.religious": "Relig",
    "pharaoh.short.monument": "Monu",
    "pharaoh.a.housing": "a Housing",
    "pharaoh.a.road": "a Road",
    "pharaoh.a.industrial": "an Industrial",
    "pharaoh.a.farming": "a Farming",
    "pharaoh.a.treasury": "a Treasury",
    "pharaoh.a.admin": "an Admin",
    "pharaoh.a.military": "a Military",
    "pharaoh.a.guild": "a Guild",
    "pharaoh.a.religious": "a Religious",
    "pharaoh.a.monument": "a Monument",
    "pharaoh.ability.housing": "enables Train; +1 next to a road",
    "pharaoh.ability.road": "no cost, no points",
    "pharaoh.ability.industrial": "enables Produce; +1 on an edge square",
    "pharaoh.ability.farming": "enables Harvest; +1 next to a river",
    "pharaoh.ability.treasury": "enables Collect; +1 next to an admin",
    "pharaoh.ability.admin": "one free build at once; +1 next to a road",
    "pharaoh.ability.military": "prevents one invasion",
    "pharaoh.ability.guild": "+1 resource of your choice at once",
    "pharaoh.ability.religious": "prevents one flood",
    "pharaoh.ability.monument": "at most 4 a game",
    "pharaoh.res.labour": "labour", "pharaoh.res.grain": "grain", "pharaoh.res.gold": "gold",
    "pharaoh.res.material": "material",
    "pharaoh.act.train": "Train", "pharaoh.act.harvest": "Harvest", "pharaoh.act.collect": "Collect",
    "pharaoh.act.produce": "Produce", "pharaoh.act.none": "No action", "pharaoh.act.flood": "Flood",
    "pharaoh.act.invasion": "Invasion",
    "pharaoh.effect.gain": "+{n} {res}",
    "pharaoh.effect.needs": "needs {kind} on your sheet",
    "pharaoh.effect.none": "nothing happens",
    "pharaoh.effect.prevented": "prevented by your {kind}",
    "pharaoh.effect.flood": "erase a tile (a religious prevents it)",
    "pharaoh.effect.invasion": "−2 reputation (a military prevents it)",
    "pharaoh.obj.1": "Build 3 Housing buildings", "pharaoh.obj.2": "Build 4 Housing buildings",
    "pharaoh.obj.3": "Prevent 1 Flood", "pharaoh.obj.4": "Defend 1 Invasion",
    "pharaoh.obj.5": "Produce 3 Materials in one Round", "pharaoh.obj.6": "Collect 3 Gold in one Round",
    "pharaoh.obj.7": "Have 4 resources of the same type", "pharaoh.obj.8": "Connect 2 Road tiles",
    "pharaoh.obj.9": "Build Military, Admin, and Guild", "pharaoh.obj.10": "Build Religious, Admin, and Guild",
    "pharaoh.obj.11": "Build 2 Monuments", "pharaoh.obj.12": "Build 2 Industrial buildings",
    "pharaoh.title.Peasant": "Peasant", "pharaoh.title.Clerk": "Clerk", "pharaoh.title.Governor": "Governor",
    "pharaoh.title.Pharaoh": "Pharaoh",
    "pharaoh.round": "Round {round} of 20",
    "pharaoh.setup": "Setup",
    "pharaoh.over": "Game over",
    "pharaoh.sheet": "{name}'s sheet",
    "pharaoh.sheet.mine": "Your sheet",
    "pharaoh.sheet.aria": "A 6×6 sheet",
    "pharaoh.you": "you",
    "pharaoh.dice": "Your dice",
    "pharaoh.dice.of": "Dice",
    "pharaoh.dice.none": "The dice are rolled at the start of each round.",
    "pharaoh.dice.rolled": "rolled {a}–{b}",
    "pharaoh.dice.shifted": "shifted (rolled {a}–{b})",
    "pharaoh.dice.x": "die 1 (column)",
    "pharaoh.dice.y": "die 2 (row)",
    "pharaoh.dice.forced": "Natural {a}–{b}: {action} is forced",
    "pharaoh.offers": "The dice offer",
    "pharaoh.dicechart": "Dice chart:",
    "pharaoh.thisround": "this round: {n}",
    "pharaoh.nothing": "No action possible",
    "pharaoh.shift.up": "Pay 1 resource: die {d} +1",
    "pharaoh.shift.down": "Pay 1 resource: die {d} −1",
    "pharaoh.shift.pay": "Pay with:",
    "pharaoh.shift.cancel": "Cancel",
    "pharaoh.shift.preview": "Die {d}: {from} → {to}; the dice would then offer {list}.",
    "pharaoh.storage": "Resources",
    "pharaoh.preventions": "Preventions: flood {flood}, invasion {invasion}",
    "pharaoh.monuments": "Monuments drawn: {n} of 4",
    "pharaoh.chart": "Building chart",
    "pharaoh.chart.kind": "Building",
    "pharaoh.chart.points": "Points",
    "pharaoh.chart.cost": "Cost",
    "pharaoh.chart.ability": "Ability, bonus",
    "pharaoh.free": "free",
    "pharaoh.canpay": "your resources cover this cost",
    "pharaoh.score": "Score: {n}",
    "pharaoh.scoresheet": "Score sheet (reputation per round)",
    "pharaoh.scoresheet.total": "Total",
    "pharaoh.scoresheet.now": "this round so far",
    "pharaoh.objectives": "Objectives",
    "pharaoh.objectives.done": "done",
    "pharaoh.objectives.doneby": "done by {names}",
    "pharaoh.others": "The other sheets",
    "pharaoh.drawn": "gold frame: drawn this round",
    "pharaoh.legend": "hill · river · empty square",
    "pharaoh.hill": "hill",
    "pharaoh.river": "river",
    "pharaoh.skip": "Build nothing this round",
    "pharaoh.skip.free": "No free build",
    "pharaoh.take2": "Take {a} + {b}",
    "pharaoh.take1": "Take 1 {res}",
    "pharaoh.deselect": "Choose another building",
    "pharaoh.view": "Show this sheet large",
    "pharaoh.hint.housing": "Setup: click an empty square of your sheet to draw your first housing (free).",
    "pharaoh.hint.take": "Setup: you start with 1 labour; choose two more resources (the buttons under this line).",
    "pharaoh.hint.dice": "Dice action: click one of the actions your dice offer (lit). Before that, once a round, you may pay 1 resource to move a die by 1 (the − and + buttons).",
    "pharaoh.hint.dice.shifted": "Dice action: click one of the actions your dice now offer (lit).",
    "pharaoh.hint.dice.nothing": "None of the actions your dice offer can be done: click “No action possible”, or pay 1 resource to move a die (− and +).",
    "pharaoh.hint.forced": "The roll is a natural {a}–{b}: click {action}, it is forced.",
    "pharaoh.hint.pay": "Choose the resource you pay to move die {d} by {delta}.",
    "pharaoh.hint.erase": "Flood! Click one of your buildings or roads (framed in red) to erase it.",
    "pharaoh.hint.build": "Build: choose a building in the chart (the ones you can afford are lit), then click an empty square of your sheet. Or build nothing this round.",
    "pharaoh.hint.free": "Free build (your admin): choose any building but an admin in the chart, it costs nothing, then click a square. Or no free build.",
    "pharaoh.hint.square": "Click a lit square of your sheet to draw your {kind}.",
    "pharaoh.hint.square.bonus": "Click a lit square of your sheet to draw your {kind} (+1: its bonus applies there as the sheet stands).",
    "pharaoh.bonus": "+1 bonus here",
    "pharaoh.hint.guild": "Your guild gives one resource: choose which (the buttons under this line).",
    "pharaoh.hint.wait": "Waiting for {name}…",
    "pharaoh.hint.over.solo": "Game over: {n} points. Your title: {title}.",
    "pharaoh.hint.over.solo.none": "Game over: {n} points (a title needs 10).",
    "pharaoh.hint.over": "Game over: {name} wins with {n} points.",
    "pharaoh.hint.over.tie": "Game over: {names} share the first place with {n} points.",
    "pharaoh.result": "Final result",
    "pharaoh.notice.round": "Round {round} is scored: {n} (total {total}).",
    "pharaoh.result.line": "{place}. {name}: {n} points",
    "pharaoh.result.title": "Title: {title}",
    "pharaoh.result.notitle": "No title (10 points are needed for Peasant).",
    "pharaoh.titles": "Titles: 10 Peasant · 20 Clerk · 25 Governor · 30 Pharaoh",
    "pharaoh.help.title": "How to play Pharaoh",
    "pharaoh.help.goal": "Build a city on your 6×6 sheet over 20 rounds and earn reputation. Hills and rivers are drawn at the start; nothing can be built on them.",
    "pharaoh.help.dice": "Each round the two dice are rolled. Die 1 names a column (a–f), die 2 a row. They offer three actions: die 1, die 2 and their sum, read on the dice chart. Train, Harvest, Collect and Produce give as many resources as you have buildings enabling them (at most 3).",
    "pharaoh.help.shift": "Once a round, before your action, you may pay 1 resource to add or subtract 1 on one die.",
    "pharaoh.help.build": "Then you may draw one building, paying its cost. Points and the +1 bonus count only in the round the building is drawn, on the sheet as it stands at the end of that round.",
    "pharaoh.help.disasters": "A natural 5–5 floods (erase one of your tiles) and 6–6 is an invasion (−2); a religious or a military building prevents one.",
    "pharaoh.help.end": "After 20 rounds, the highest total wins. Alone, your total earns a title.",
    "pharaoh.log.objectives": "Marked objectives: {list}.",
    "pharaoh.log.hill": "A hill is drawn on {sq}.",
    "pharaoh.log.river": "A river is drawn on {sq}.",
    "pharaoh.log.roll": "The dice show {a} and {b}.",
    "pharaoh.log.build": "{name} draws {kind} on {sq}.",
    "pharaoh.log.take2": "{name} takes {a} and {b}.",
    "pharaoh.log.take1": "{name} takes 1 {res} (guild).",
    "pharaoh.log.shift": "{name} pays 1 {res}: die {d} {delta}.",
    "pharaoh.log.action": "{name}: {action}.",
    "pharaoh.log.erase": "{name} erases the tile on {sq}.",
    "pharaoh.log.skip": "{name} builds nothing.",
  },
  fr: {
    "pharaoh.kind.housing": "Habitation", "pharaoh.kind.road": "Route", "pharaoh.kind.industrial": "Industrie",
    "pharaoh.kind.farming": "Ferme", "pharaoh.kind.treasury": "Trésor", "pharaoh.kind.admin": "Administration",
    "pharaoh.kind.military": "Caserne", "pharaoh.kind.guild": "Guilde", "pharaoh.kind.religious": "Temple",
    "pharaoh.kind.monument": "Monument",
    "pharaoh.short.housing": "Habit", "pharaoh.short.road": "Route", "pharaoh.short.industrial": "Indus",
    "pharaoh.short.farming": "Ferme", "pharaoh.short.treasury": "Trés", "pharaoh.short.admin": "Admin",
    "pharaoh.short.military": "Cas", "pharaoh.short.guild": "Guild", "pharaoh.short.religious": "Tem",
    "pharaoh.short.monument": "Monu",
    "pharaoh.a.housing": "une habitation",
    "pharaoh.a.road": "une route",
    "pharaoh.a.industrial": "une industrie",
    "pharaoh.a.farming": "une ferme",
    "pharaoh.a.treasury": "un trésor",
    "pharaoh.a.admin": "une administration",
    "pharaoh.a.military": "une caserne",
    "pharaoh.a.guild": "une guilde",
    "pharaoh.a.religious": "un temple",
    "pharaoh.a.monument": "un monument",
    "pharaoh.ability.housing": "permet Former ; +1 à côté d'une route",
    "pharaoh.ability.road": "gratuite, sans points",
    "pharaoh.ability.industrial": "permet Produire ; +1 sur une case du bord",
    "pharaoh.ability.farming": "permet Récolter ; +1 à côté d'un fleuve",
    "pharaoh.ability.treasury": "permet Percevoir ; +1 à côté d'une administration",
    "pharaoh.ability.admin": "une construction gratuite aussitôt ; +1 à côté d'une route",
    "pharaoh.ability.military": "empêche une invasion",
    "pharaoh.ability.guild": "+1 ressource au choix aussitôt",
    "pharaoh.ability.religious": "empêche une crue",
    "pharaoh.ability.monument": "4 au plus par partie",
    "pharaoh.res.labour": "main-d'œuvre", "pharaoh.res.grain": "grain", "pharaoh.res.gold": "or",
    "pharaoh.res.material": "matériau",
    "pharaoh.act.train": "Former", "pharaoh.act.harvest": "Récolter", "pharaoh.act.collect": "Percevoir",
    "pharaoh.act.produce": "Produire", "pharaoh.act.none": "Aucune action", "pharaoh.act.flood": "Crue",
    "pharaoh.act.invasion": "Invasion",
    "pharaoh.effect.gain": "+{n} {res}",
    "pharaoh.effect.needs": "il faut {kind} sur la feuille",
    "pharaoh.effect.none": "rien ne se passe",
    "pharaoh.effect.prevented": "empêchée par votre {kind}",
    "pharaoh.effect.flood": "effacer une tuile (un temple l'empêche)",
    "pharaoh.effect.invasion": "−2 de réputation (une caserne l'empêche)",
    "pharaoh.obj.1": "Construire 3 habitations", "pharaoh.obj.2": "Construire 4 habitations",
    "pharaoh.obj.3": "Empêcher 1 crue", "pharaoh.obj.4": "Repousser 1 invasion",
    "pharaoh.obj.5": "Produire 3 matériaux en un tour", "pharaoh.obj.6": "Percevoir 3 or en un tour",
    "pharaoh.obj.7": "Avoir 4 ressources du même type", "pharaoh.obj.8": "Relier 2 routes",
    "pharaoh.obj.9": "Construire caserne, administration et guilde",
    "pharaoh.obj.10": "Construire temple, administration et guilde",
    "pharaoh.obj.11": "Construire 2 monuments", "pharaoh.obj.12": "Construire 2 industries",
    "pharaoh.title.Peasant": "Paysan", "pharaoh.title.Clerk": "Scribe", "pharaoh.title.Governor": "Gouverneur",
    "pharaoh.title.Pharaoh": "Pharaon",
    "pharaoh.round": "Tour {round} sur 20",
    "pharaoh.setup": "Mise en place",
    "pharaoh.over": "Partie terminée",
    "pharaoh.sheet": "Feuille de {name}",
    "pharaoh.sheet.mine": "Votre feuille",
    "pharaoh.sheet.aria": "Une feuille de 6×6",
    "pharaoh.you": "vous",
    "pharaoh.dice": "Vos dés",
    "pharaoh.dice.of": "Dés",
    "pharaoh.dice.none": "Les dés sont lancés au début de chaque tour.",
    "pharaoh.dice.rolled": "lancé {a}–{b}",
    "pharaoh.dice.shifted": "modifiés (lancé {a}–{b})",
    "pharaoh.dice.x": "dé 1 (colonne)",
    "pharaoh.dice.y": "dé 2 (ligne)",
    "pharaoh.dice.forced": "{a}–{b} naturel : {action} obligatoire",
    "pharaoh.offers": "Les dés proposent",
    "pharaoh.dicechart": "Tableau des dés :",
    "pharaoh.thisround": "ce tour : {n}",
    "pharaoh.nothing": "Aucune action possible",
    "pharaoh.shift.up": "Payer 1 ressource : dé {d} +1",
    "pharaoh.shift.down": "Payer 1 ressource : dé {d} −1",
    "pharaoh.shift.pay": "Payer avec :",
    "pharaoh.shift.cancel": "Annuler",
    "pharaoh.shift.preview": "Dé {d} : {from} → {to} ; les dés proposeraient alors {list}.",
    "pharaoh.storage": "Ressources",
    "pharaoh.preventions": "Protections : crue {flood}, invasion {invasion}",
    "pharaoh.monuments": "Monuments construits : {n} sur 4",
    "pharaoh.chart": "Tableau des bâtiments",
    "pharaoh.chart.kind": "Bâtiment",
    "pharaoh.chart.points": "Points",
    "pharaoh.chart.cost": "Coût",
    "pharaoh.chart.ability": "Effet, bonus",
    "pharaoh.free": "gratuit",
    "pharaoh.canpay": "vos ressources couvrent ce coût",
    "pharaoh.score": "Score : {n}",
    "pharaoh.scoresheet": "Feuille de score (réputation par tour)",
    "pharaoh.scoresheet.total": "Total",
    "pharaoh.scoresheet.now": "ce tour jusqu'ici",
    "pharaoh.objectives": "Objectifs",
    "pharaoh.objectives.done": "atteint",
    "pharaoh.objectives.doneby": "atteint par {names}",
    "pharaoh.others": "Les autres feuilles",
    "pharaoh.drawn": "cadre doré : construit ce tour",
    "pharaoh.legend": "colline · fleuve · case vide",
    "pharaoh.hill": "colline",
    "pharaoh.river": "fleuve",
    "pharaoh.skip": "Ne rien construire ce tour",
    "pharaoh.skip.free": "Pas de construction gratuite",
    "pharaoh.take2": "Prendre {a} + {b}",
    "pharaoh.take1": "Prendre 1 {res}",
    "pharaoh.deselect": "Choisir un autre bâtiment",
    "pharaoh.view": "Afficher cette feuille en grand",
    "pharaoh.hint.housing": "Mise en place : cliquez une case vide de votre feuille pour y dessiner votre première habitation (gratuite).",
    "pharaoh.hint.take": "Mise en place : vous commencez avec 1 main-d'œuvre ; choisissez deux autres ressources (les boutons sous cette ligne).",
    "pharaoh.hint.dice": "Action des dés : cliquez une des actions que vos dés proposent (allumées). Avant, une fois par tour, vous pouvez payer 1 ressource pour changer un dé de 1 (les boutons − et +).",
    "pharaoh.hint.dice.shifted": "Action des dés : cliquez une des actions que vos dés proposent maintenant (allumées).",
    "pharaoh.hint.dice.nothing": "Aucune des actions proposées n'est possible : cliquez « Aucune action possible », ou payez 1 ressource pour changer un dé (− et +).",
    "pharaoh.hint.forced": "Le lancer est un {a}–{b} naturel : cliquez {action}, c'est obligatoire.",
    "pharaoh.hint.pay": "Choisissez la ressource à payer pour changer le dé {d} de {delta}.",
    "pharaoh.hint.erase": "Crue ! Cliquez un de vos bâtiments ou routes (encadrés de rouge) pour l'effacer.",
    "pharaoh.hint.build": "Construction : choisissez un bâtiment dans le tableau (ceux que vous pouvez payer sont allumés), puis cliquez une case vide de votre feuille. Ou ne construisez rien ce tour.",
    "pharaoh.hint.free": "Construction gratuite (administration) : choisissez n'importe quel bâtiment sauf une administration, il ne coûte rien, puis cliquez une case. Ou renoncez.",
    "pharaoh.hint.square": "Cliquez une case allumée de votre feuille pour y dessiner : {kind}.",
    "pharaoh.hint.square.bonus": "Cliquez une case allumée de votre feuille pour y dessiner : {kind} (+1 : son bonus s'y applique, selon la feuille actuelle).",
    "pharaoh.bonus": "bonus de +1 ici",
    "pharaoh.hint.guild": "Votre guilde donne une ressource : choisissez laquelle (les boutons sous cette ligne).",
    "pharaoh.hint.wait": "En attente de {name}…",
    "pharaoh.hint.over.solo": "Partie terminée : {n} points. Votre titre : {title}.",
    "pharaoh.hint.over.solo.none": "Partie terminée : {n} points (il en faut 10 pour un titre).",
    "pharaoh.hint.over": "Partie terminée : {name} gagne avec {n} points.",
    "pharaoh.hint.over.tie": "Partie terminée : {names} partagent la première place avec {n} points.",
    "pharaoh.result": "Résultat final",
    "pharaoh.notice.round": "Tour {round} compté : {n} (total {total}).",
    "pharaoh.result.line": "{place}. {name} : {n} points",
    "pharaoh.result.title": "Titre : {title}",
    "pharaoh.result.notitle": "Pas de titre (il faut 10 points pour Paysan).",
    "pharaoh.titles": "Titres : 10 Paysan · 20 Scribe · 25 Gouverneur · 30 Pharaon",
    "pharaoh.help.title": "Comment jouer à Pharaoh",
    "pharaoh.help.goal": "Bâtissez une cité sur votre feuille de 6×6 en 20 tours et gagnez de la réputation. Collines et fleuves sont tirés au début ; on ne peut rien y construire.",
    "pharaoh.help.dice": "À chaque tour, on lance les deux dés. Le dé 1 désigne une colonne (a–f), le dé 2 une ligne. Ils proposent trois actions : dé 1, dé 2 et leur somme, lues sur le tableau des dés. Former, Récolter, Percevoir et Produire donnent autant de ressources que vous avez de bâtiments qui les permettent (3 au plus).",
    "pharaoh.help.shift": "Une fois par tour, avant votre action, vous pouvez payer 1 ressource pour ajouter ou retirer 1 à un dé.",
    "pharaoh.help.build": "Ensuite vous pouvez dessiner un bâtiment en payant son coût. Les points et le bonus de +1 ne comptent qu'au tour où le bâtiment est dessiné, selon la feuille à la fin de ce tour.",
    "pharaoh.help.disasters": "Un 5–5 naturel est une crue (effacez une de vos tuiles) et un 6–6 une invasion (−2) ; un temple ou une caserne en empêche une.",
    "pharaoh.help.end": "Après 20 tours, le plus haut total gagne. En solo, votre total vous vaut un titre.",
    "pharaoh.log.objectives": "Objectifs marqués : {list}.",
    "pharaoh.log.hill": "Une colline est dessinée en {sq}.",
    "pharaoh.log.river": "Un fleuve est dessiné en {sq}.",
    "pharaoh.log.roll": "Les dés donnent {a} et {b}.",
    "pharaoh.log.build": "{name} dessine {kind} en {sq}.",
    "pharaoh.log.take2": "{name} prend {a} et {b}.",
    "pharaoh.log.take1": "{name} prend 1 {res} (guilde).",
    "pharaoh.log.shift": "{name} paie 1 {res} : dé {d} {delta}.",
    "pharaoh.log.action": "{name} : {action}.",
    "pharaoh.log.erase": "{name} efface la tuile en {sq}.",
    "pharaoh.log.skip": "{name} ne construit rien.",
  },
});

// ------------------------------------------------------------------ helpers
const SQUARE = /^[a-f][1-6]$/;
function isSquare(sq) { return SQUARE.test(sq || ""); }

function seatName(names, seat0, t) {
  return (names && names[seat0]) || t("game.seatname", { seat: seat0 + 1 });
}

function objectiveList(a, b) {
  const out = [a, b, a + b];
  return [...new Set(out)].sort((x, y) => x - y);
}

// Units a production action would yield on a seat's sheet: min(3, enabling buildings).
function yieldOf(sheet, action) {
  const kind = PRODUCTION[action][0];
  let n = 0;
  for (const k of Object.values(sheet)) if (k === kind) n += 1;
  return Math.min(YIELD_CAP, n);
}

// Whether the storage covers a kind's cost (a hint between build steps; clicks come from view.legal).
function canPay(info, kind) {
  if (kind === "monument" && info.monuments_drawn >= MONUMENT_LIMIT) return false;
  return COST[kind].every((n, r) => info.storage[RESOURCES[r]] >= n);
}

function neighbours(sq) {
  const x = LETTERS.indexOf(sq[0]), y = Number(sq[1]);
  const out = [];
  for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
    if (x + dx >= 0 && x + dx < 6 && y + dy >= 1 && y + dy <= 6) out.push(LETTERS[x + dx] + (y + dy));
  }
  return out;
}

// Whether a kind drawn on sq would have its +1 bonus on the sheet as it stands now
// (the bonus is judged at the end of the round; this is a guide for the click).
function bonusNow(obs, sheet, kind, sq) {
  const near = (test) => neighbours(sq).some(test);
  if (kind === "housing" || kind === "admin") return near((q) => sheet[q] === "road");
  if (kind === "industrial") return /^[af]|[16]$/.test(sq);
  if (kind === "farming") return near((q) => (obs.rivers || []).includes(q));
  if (kind === "treasury") return near((q) => sheet[q] === "admin");
  return false;
}

function costText(kind, t) {
  const parts = COST[kind].map((n, r) => (n ? `${n} ${t(`pharaoh.res.${RESOURCES[r]}`)}` : null)).filter(Boolean);
  return parts.length ? parts.join(", ") : t("pharaoh.free");
}

// ------------------------------------------------------------------ log
export function describeEvent(line, names, t) {
  const ev = line.event || "";
  const w = ev.split(" ");
  const kindOk = (k) => KINDS.includes(k);
  const resOk = (r) => RESOURCES.includes(r);
  if (line.seat === null || line.seat === undefined) {
    if (w[0] === "objectives" && w.length === 3) {
      const a = parseInt(w[1], 10), b = parseInt(w[2], 10);
      if (a >= 1 && b >= 1 && a + b <= 12) {
        return t("pharaoh.log.objectives", { list: objectiveList(a, b).map((n) => `${n}. ${t(`pharaoh.obj.${n}`)}`).join("; ") });
      }
    }
    if (w[0] === "hill" && isSquare(w[1])) return t("pharaoh.log.hill", { sq: w[1] });
    if (w[0] === "river" && isSquare(w[1])) return t("pharaoh.log.river", { sq: w[1] });
    if (w[0] === "roll" && w.length === 3) return t("pharaoh.log.roll", { a: w[1], b: w[2] });
    return t("log.chance", { event: ev });
  }
  const name = seatName(names, line.seat - 1, t);
  if (w[0] === "build" && kindOk(w[1]) && isSquare(w[2])) return t("pharaoh.log.build", { name, kind: t(`pharaoh.a.${w[1]}`), sq: w[2] });
  if (w[0] === "take" && w.length === 3 && resOk(w[1]) && resOk(w[2])) return t("pharaoh.log.take2", { name, a: t(`pharaoh.res.${w[1]}`), b: t(`pharaoh.res.${w[2]}`) });
  if (w[0] === "take" && w.length === 2 && resOk(w[1])) return t("pharaoh.log.take1", { name, res: t(`pharaoh.res.${w[1]}`) });
  if (w[0] === "shift" && w.length === 4 && resOk(w[3])) return t("pharaoh.log.shift", { name, res: t(`pharaoh.res.${w[3]}`), d: w[1], delta: w[2] });
  if (w[0] === "action" && ACTIONS.includes(w[1])) return t("pharaoh.log.action", { name, action: t(`pharaoh.act.${w[1]}`) });
  if (w[0] === "erase" && isSquare(w[1])) return t("pharaoh.log.erase", { name, sq: w[1] });
  if (ev === "skip") return t("pharaoh.log.skip", { name });
  return t("log.other", { name, event: ev });
}

// ------------------------------------------------------------------ drawing
const STYLE = `
.rw-table { display: grid; gap: .9rem; font-family: "DejaVu Sans", system-ui, sans-serif; }
.rw-top { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.rw-main { flex: 0 1 430px; min-width: 280px; }
.board .rw-main svg.rw-sheet { width: 100%; max-width: 430px; }
.rw-side { flex: 1 1 380px; display: grid; gap: .7rem; min-width: 280px; }
.rw-box { background: var(--panel, #2a251e); border: 1px solid #3d3428; border-radius: 10px; padding: .6rem .8rem; }
.rw-box h3 { margin: 0 0 .45rem; font-size: .95rem; color: var(--gold, #f2b233); }
.rw-head { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: baseline; }
.rw-head .rw-round { font-size: 1.15rem; font-weight: 700; color: var(--gold, #f2b233); }
.rw-head .rw-score { font-weight: 700; }
.rw-dice { display: flex; gap: 1.2rem; align-items: center; flex-wrap: wrap; }
.rw-die { display: grid; justify-items: center; gap: .2rem; }
.rw-die .rw-die-row { display: flex; gap: .3rem; align-items: center; }
.board .rw-die svg { width: 54px; height: 54px; }
.rw-die .rw-cap { font-size: .75rem; color: var(--muted, #b7a88e); }
.rw-step { width: 2rem; height: 2rem; padding: 0; font-weight: 700; font-size: 1.1rem; }
.rw-step.selected { outline: 3px solid #ffe14d; }
.rw-note { font-size: .82rem; color: var(--muted, #b7a88e); }
.rw-forced { color: #ff9c8c; font-weight: 700; }
.rw-offers { display: flex; gap: .5rem; flex-wrap: wrap; margin-top: .3rem; }
.rw-offers-cap { margin-top: .6rem; }
.rw-offer { display: grid; gap: .1rem; text-align: left; min-width: 6.5rem; padding: .35rem .6rem; border-radius: 8px; border: 1px solid #5a4c38; background: #201b15; color: var(--ink, #f4ead8); font: inherit; }
.rw-offer .rw-entry { font-size: .75rem; color: var(--muted, #b7a88e); }
.rw-offer .rw-act { font-weight: 700; }
.rw-offer .rw-eff { font-size: .78rem; }
.rw-offer.off { opacity: .45; }
.rw-offer.clickable { cursor: pointer; border-color: #ffe14d; background: #3a301c; box-shadow: 0 0 8px #ffe14d66; }
.rw-offer.clickable:hover { filter: brightness(1.15); }
.rw-dicechart { display: flex; flex-wrap: wrap; gap: .25rem .7rem; margin-top: .55rem; font-size: .78rem; align-items: baseline; }
.rw-chip { color: var(--muted, #b7a88e); white-space: nowrap; }
.rw-chip b { display: inline-block; min-width: 1.1rem; text-align: center; margin-left: .15rem; border-radius: 4px; background: #201b15; color: var(--ink, #f4ead8); font-weight: 600; }
.rw-chip b.on { background: #ffe14d; color: #2a1a00; }
.rw-pay { display: flex; gap: .4rem; flex-wrap: wrap; align-items: center; margin-top: .5rem; }
.rw-res { display: flex; gap: .8rem; flex-wrap: wrap; }
.rw-res-item { display: flex; gap: .3rem; align-items: center; font-weight: 600; }
.rw-res-dot { display: inline-block; width: .95rem; height: .95rem; border-radius: 50%; border: 1px solid #0008; }
.rw-chart { width: 100%; border-collapse: collapse; font-size: .84rem; }
.rw-chart th { text-align: left; color: var(--muted, #b7a88e); font-weight: 500; padding: .15rem .3rem; }
.rw-chart td { padding: .2rem .3rem; border-top: 1px solid #3d3428; }
.rw-chart td:first-child { white-space: nowrap; }
.rw-chart td.rw-can { color: #9fe29a; }
.rw-chart tr.off { opacity: .5; }
.rw-chart tr.affordable td { background: #3a301c; font-weight: 600; }
.rw-chart tr.affordable td:first-child { box-shadow: inset 4px 0 0 #ffe14d; }
.rw-chart tr.clickable { cursor: pointer; }
.rw-chart tr.clickable:hover td { background: #4a3c20; }
.rw-chart tr.selected td { background: #6b5315; color: #fff; }
.rw-chart tr.selected td:first-child { box-shadow: inset 8px 0 0 #ffe14d; }
.rw-chart .rw-swatch { display: inline-block; width: .9rem; height: .9rem; border-radius: 3px; margin-right: .35rem; vertical-align: -2px; border: 1px solid #0006; }
.rw-scores { width: 100%; border-collapse: collapse; font-size: .8rem; text-align: center; }
.rw-scores th, .rw-scores td { padding: .15rem .2rem; border: 1px solid #3d3428; min-width: 1.4rem; }
.rw-scores th:first-child { text-align: left; }
.rw-scores td.now { font-style: italic; color: #ffe14d; }
.rw-scores td.neg { color: #ff9c8c; }
.rw-scores td.pos { color: #9fe29a; }
.rw-scores th.current { background: #3a301c; color: #ffe14d; }
.rw-scores tr.active th { color: #2a1a00; background: #ffe14d; }
.rw-scores td.total { font-weight: 700; color: var(--gold, #f2b233); }
.rw-obj { list-style: none; margin: 0; padding: 0; display: grid; gap: .25rem; font-size: .88rem; }
.rw-obj li.done { color: #9fe29a; }
.rw-others { display: flex; flex-wrap: wrap; gap: .7rem; }
.rw-other { background: #201b15; border: 1px solid #3d3428; border-radius: 8px; padding: .4rem; width: 190px; cursor: pointer; }
.rw-other.active { border-color: #ffe14d; }
.rw-other .rw-oname { font-weight: 700; font-size: .85rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.rw-other .rw-oline { font-size: .75rem; color: var(--muted, #b7a88e); }
.board .rw-other svg.rw-sheet { width: 100%; }
.rw-sheet .sq-label { font-size: 13px; fill: #8a6a35; font-weight: 700; }
.rw-sheet .tile-label { font-size: 10.5px; font-weight: 700; }
.rw-sheet .target { cursor: pointer; }
.rw-sheet .bonus-mark { font-size: 20px; font-weight: 800; fill: #3f8f4f; pointer-events: none; }
.rw-sheet .target .hl { fill: rgba(255, 225, 77, .28); stroke: #ffe14d; stroke-width: 3; }
.rw-sheet .target:hover .hl { fill: rgba(255, 225, 77, .55); }
.rw-sheet .target.erase .hl { fill: rgba(255, 59, 47, .18); stroke: #ff3b2f; }
.rw-sheet .target.erase:hover .hl { fill: rgba(255, 59, 47, .45); }
.rw-sheet .target:focus { outline: none; }
.rw-sheet .target:focus-visible .hl { stroke: #fff; }
.rw-rank { list-style: none; padding-left: .3rem; margin: 0; font-size: 1.05rem; }
.rw-rank li.winner { color: var(--gold, #f2b233); font-weight: 700; }
.rw-bar { display: flex; gap: .4rem; flex-wrap: wrap; }
`;

function ensureStyle() {
  adoptStyle("pharaoh-style", STYLE);
}

// A glyph per kind, in a w-wide box centred at (cx, cy).
function glyph(kind, cx, cy, w, fg) {
  const u = w / 10;
  const st = { stroke: fg, "stroke-width": Math.max(1, u * 0.8), fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" };
  switch (kind) {
    case "housing":
      return s("path", { ...st, d: `M${cx - u * 3.5},${cy + u * 3} v${-u * 3.5} l${u * 3.5},${-u * 3} l${u * 3.5},${u * 3} v${u * 3.5} Z M${cx - u},${cy + u * 3} v${-u * 2.5} h${u * 2} v${u * 2.5}` });
    case "road":
      return s("g", st, s("line", { x1: cx - u * 4.5, y1: cy - u * 2, x2: cx + u * 4.5, y2: cy - u * 2 }),
        s("line", { x1: cx - u * 4.5, y1: cy + u * 2, x2: cx + u * 4.5, y2: cy + u * 2 }),
        s("line", { x1: cx - u * 4, y1: cy, x2: cx + u * 4, y2: cy, "stroke-dasharray": `${u * 1.5} ${u * 1.2}` }));
    case "industrial":
      return s("path", { ...st, d: `M${cx - u * 4},${cy + u * 3} v${-u * 4} l${u * 2.5},${-u * 1.5} v${u * 1.5} l${u * 2.5},${-u * 1.5} v${u * 1.5} h${u * 1} v${-u * 4} h${u * 2} v${u * 8} Z` });
    case "farming":
      return s("g", st, ...[-2.5, 0, 2.5].map((dx) => s("g", null,
        s("line", { x1: cx + u * dx, y1: cy + u * 3.5, x2: cx + u * dx, y2: cy - u * 3.5 }),
        s("ellipse", { cx: cx + u * dx, cy: cy - u * 2, rx: u * 0.8, ry: u * 1.6, fill: fg }))));
    case "treasury":
      return s("g", st, ...[2, 0, -2].map((dy) => s("ellipse", { cx, cy: cy + u * dy, rx: u * 3.5, ry: u * 1.2, fill: "none" })));
    case "admin":
      return s("g", st, s("path", { d: `M${cx - u * 4.2},${cy - u * 1.5} L${cx},${cy - u * 4} L${cx + u * 4.2},${cy - u * 1.5} Z` }),
        ...[-3, -1, 1, 3].map((dx) => s("line", { x1: cx + u * dx, y1: cy - u * 0.6, x2: cx + u * dx, y2: cy + u * 3 })),
        s("line", { x1: cx - u * 4.2, y1: cy + u * 3.6, x2: cx + u * 4.2, y2: cy + u * 3.6 }));
    case "military":
      return s("path", { ...st, d: `M${cx},${cy - u * 4} l${u * 3.5},${u * 1.3} v${u * 2.5} q0,${u * 3} ${-u * 3.5},${u * 4.5} q${-u * 3.5},${-u * 1.5} ${-u * 3.5},${-u * 4.5} v${-u * 2.5} Z` });
    case "guild":
      return s("g", st, s("line", { x1: cx, y1: cy - u * 4, x2: cx, y2: cy + u * 3.5 }),
        s("line", { x1: cx - u * 4, y1: cy - u * 2.5, x2: cx + u * 4, y2: cy - u * 2.5 }),
        s("path", { d: `M${cx - u * 4},${cy - u * 2.5} l${-u},${u * 3} h${u * 2} Z M${cx + u * 4},${cy - u * 2.5} l${-u},${u * 3} h${u * 2} Z` }),
        s("line", { x1: cx - u * 2, y1: cy + u * 3.5, x2: cx + u * 2, y2: cy + u * 3.5 }));
    case "religious":
      return s("g", st, s("ellipse", { cx, cy: cy - u * 2.3, rx: u * 1.5, ry: u * 1.9 }),
        s("line", { x1: cx, y1: cy - u * 0.4, x2: cx, y2: cy + u * 4 }),
        s("line", { x1: cx - u * 2.8, y1: cy + u * 0.5, x2: cx + u * 2.8, y2: cy + u * 0.5 }));
    case "monument":
      return s("g", st, s("path", { d: `M${cx - u * 4.5},${cy + u * 3.5} L${cx},${cy - u * 4} L${cx + u * 4.5},${cy + u * 3.5} Z`, fill: fg, "fill-opacity": 0.25 }),
        s("line", { x1: cx - u * 2.7, y1: cy + u * 0.5, x2: cx + u * 2.7, y2: cy + u * 0.5 }),
        s("line", { x1: cx - u * 1.5, y1: cy - u * 1.5, x2: cx + u * 1.5, y2: cy - u * 1.5 }));
    default:
      return null;
  }
}

function hill(x, y, c) {
  return s("g", { class: "terrain hill" },
    s("rect", { x: x + 1, y: y + 1, width: c - 2, height: c - 2, fill: "#c9a46a", rx: 4 }),
    s("path", { d: `M${x + c * 0.08},${y + c * 0.82} Q${x + c * 0.32},${y + c * 0.25} ${x + c * 0.56},${y + c * 0.82} Z`, fill: "#8f6a35", stroke: "#6b4c22", "stroke-width": 1.2 }),
    s("path", { d: `M${x + c * 0.4},${y + c * 0.82} Q${x + c * 0.66},${y + c * 0.38} ${x + c * 0.92},${y + c * 0.82} Z`, fill: "#a57d45", stroke: "#6b4c22", "stroke-width": 1.2 }));
}

function river(x, y, c) {
  const waves = [0.3, 0.52, 0.74].map((f) => s("path", {
    d: `M${x + c * 0.1},${y + c * f} q${c * 0.1},${-c * 0.1} ${c * 0.2},0 t${c * 0.2},0 t${c * 0.2},0 t${c * 0.2},0`,
    fill: "none", stroke: "#e6f4ff", "stroke-width": Math.max(1, c / 28), "stroke-linecap": "round" }));
  return s("g", { class: "terrain river" }, s("rect", { x: x + 1, y: y + 1, width: c - 2, height: c - 2, fill: "#3f86c6", rx: 4 }), waves);
}

function building(kind, x, y, c, small, t) {
  const [bg, fg] = COLORS[kind];
  return s("g", { class: "tile", "data-kind": kind },
    s("title", null, t(`pharaoh.kind.${kind}`)),
    s("rect", { x: x + 2, y: y + 2, width: c - 4, height: c - 4, rx: 6, fill: bg, stroke: "rgba(0,0,0,.4)" }),
    glyph(kind, x + c / 2, y + (small ? c / 2 : c * 0.42), c * (small ? 0.62 : 0.5), fg),
    small ? null : s("text", { x: x + c / 2, y: y + c - 7, "text-anchor": "middle", fill: fg, class: "tile-label" }, t(`pharaoh.short.${kind}`)));
}

// One seat's sheet as SVG. targets: square -> {move, cls} for clickable squares.
function sheetSvg(obs, info, { cell, labels, targets, send, t }) {
  const pad = labels ? 22 : 2;
  const size = pad + cell * 6 + 2;
  const svg = s("svg", { viewBox: `0 0 ${size} ${size}`, class: "rw-sheet", role: targets && targets.size ? "group" : "img",
    "aria-label": t("pharaoh.sheet.aria") });
  svg.append(s("rect", { x: 0, y: 0, width: size, height: size, rx: 8, fill: "#f3e2bd" }));
  const terrain = {};
  for (const sq of obs.hills || []) terrain[sq] = "hill";
  for (const sq of obs.rivers || []) terrain[sq] = "river";
  const drawn = new Set(info.drawn || []);
  for (let xi = 0; xi < 6; xi++) {
    if (labels) svg.append(s("text", { x: pad + xi * cell + cell / 2, y: 16, "text-anchor": "middle", class: "sq-label" }, LETTERS[xi]));
    for (let yi = 0; yi < 6; yi++) {
      if (labels && xi === 0) svg.append(s("text", { x: 10, y: pad + yi * cell + cell / 2 + 5, "text-anchor": "middle", class: "sq-label" }, String(yi + 1)));
      const sq = LETTERS[xi] + (yi + 1);
      const x = pad + xi * cell, y = pad + yi * cell;
      const g = s("g", { class: "sq", "data-square": sq });
      g.append(s("rect", { x: x + 0.5, y: y + 0.5, width: cell - 1, height: cell - 1, fill: "#fbf1da", stroke: "#c8ad7a", "stroke-width": 1 }));
      if (terrain[sq] === "hill") g.append(hill(x, y, cell), s("title", null, `${sq} · ${t("pharaoh.hill")}`));
      else if (terrain[sq] === "river") g.append(river(x, y, cell), s("title", null, `${sq} · ${t("pharaoh.river")}`));
      const kind = info.sheet[sq];
      if (kind && COLORS[kind]) g.append(building(kind, x, y, cell, !labels, t));
      if (drawn.has(sq) && kind) g.append(s("rect", { x: x + 1.5, y: y + 1.5, width: cell - 3, height: cell - 3, rx: 6, fill: "none", stroke: "#ffb300", "stroke-width": labels ? 4 : 2.5, class: "drawn-mark" }));
      const target = targets && targets.get(sq);
      if (target) {
        g.classList.add("target");
        if (target.cls) g.classList.add(target.cls);
        g.setAttribute("data-move", target.move);
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.append(s("rect", { x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, rx: 6, class: "hl" }),
          s("title", null, `${target.label} · ${sq}` + (target.bonus ? ` · ${t("pharaoh.bonus")}` : "")));
        if (target.bonus) {
          g.setAttribute("data-bonus", "1");
          g.append(s("text", { x: x + cell / 2, y: y + cell / 2 + 7, "text-anchor": "middle", class: "bonus-mark" }, "+1"));
        }
        g.addEventListener("click", () => send(target.move));
        g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); send(target.move); } });
      }
      svg.append(g);
    }
  }
  return svg;
}

const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

function dieSvg(n, changed) {
  const svg = s("svg", { viewBox: "0 0 40 40", class: "rw-die-face", "data-value": String(n) });
  svg.append(s("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, fill: changed ? "#fff3c4" : "#fffaf0", stroke: changed ? "#e8731a" : "#5a3a14", "stroke-width": 2.5 }));
  for (const [px, py] of PIPS[n] || []) svg.append(s("circle", { cx: 2 + px * 9, cy: 2 + py * 9, r: 3.4, fill: "#2a1a00" }));
  return svg;
}

function resDot(h, r) {
  return h("span", { class: "rw-res-dot", style: `background:${RES_COLORS[r]}` });
}

// ------------------------------------------------------------------ render
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
  const chartBox = h("div", { class: "rw-box" }, h("h3", null, t("pharaoh.chart")), chart);

  const side = h("div", { class: "rw-side" }, diceBox, resBox, chartBox);
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
    h("div", { style: "overflow-x:auto" }, h("table", { class: "rw-scores" },
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

function titleText(title, t) {
  return TITLES.includes(title) ? t(`pharaoh.title.${title}`) : title;
}

function rankingOf(scores) {
  return scores.map((v, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
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
