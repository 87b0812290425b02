// The games' table modules, each from its game's own folder: /api/meta gives every game's
// `table`, the URL of its entry module (/static/games/<name>/table.js, or null), loaded
// here with a dynamic import(). A table module exports describeEvent(line, names, t) and
// render(ctx), optionally narrate(log, names, t, obs) and OPTION_CHOICES (options the
// create form offers as a choice among their legal values), and brings its strings with
// i18n.js's addStrings (its title gametitle.<name> too). A game without one, or whose
// module fails to load, gets the generic list of its legal moves (game.js, replay.js).
import { getMeta } from "./page.js";

// game name -> its table module, once loaded
export const TABLES = {};

let loading = null;

// Load every game's table module (once; asked again after a failure to reach the server).
export function loadTables() {
  if (!loading) {
    loading = getMeta().then((meta) => Promise.all(meta.games.filter((g) => g.table).map(async (g) => {
      try { TABLES[g.name] = await import(g.table); } catch (err) { console.info(`no table for ${g.name}: ${err}`); }
    }))).catch((err) => { loading = null; throw err; });
  }
  return loading;
}

// Options of `game` offered as a choice among their legal values: {option: [values]}.
export function optionChoices(game) {
  const mod = TABLES[game];
  return (mod && mod.OPTION_CHOICES) || {};
}
