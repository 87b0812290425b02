// Words shared by the game page and the replay viewer.
//
// logWords: the log in words, the same for every page: a table module's narrate(log,
// names, t, obs) when it has one (it knows what each event did), else its
// describeEvent(line, names, t) line by line, else the plain notation.

export function logWords(mod, log, names, t, obs) {
  const plain = (line) => (line.seat
    ? t("log.other", { name: (names && names[line.seat - 1]) || t("game.seatname", { seat: line.seat }), event: line.event })
    : t("log.chance", { event: line.event }));
  if (mod && mod.narrate) {
    try { return mod.narrate(log, names, t, obs); } catch (err) { console.warn("narrate failed", err); }
  }
  const one = mod && mod.describeEvent ? (line) => {
    try { return mod.describeEvent(line, names, t); } catch (_) { return plain(line); }
  } : plain;
  return log.map(one);
}

// What the live region says of the log lines after index `after`: another seat's line
// in full; one's own (seat `mine`, 1-based) only for what the rules did after it (the
// words past its plain description `plain(line)`: a cycle scored, an epoch ended), since
// the player knows their own move. `words` are logWords' for `log`. `said` (optional):
// the words line `after` had when it was said; what they gained since is said too (a
// line the board completes later, such as a game's end revealed piece by piece).
export function liveNews(log, words, plain, after, mine, said) {
  const news = [];
  log.forEach((line, i) => {
    if (line.index === after && said && words[i] !== said && words[i].startsWith(said)) {
      const gained = words[i].slice(said.length).replace(/^[\s.]+/, "");
      if (gained) news.push(gained);
    }
    if (line.index <= after) return;
    if (!mine || line.seat !== mine) { news.push(words[i]); return; }
    const own = plain(line);
    const rest = words[i].startsWith(own) ? words[i].slice(own.length).replace(/^[\s.]+/, "") : "";
    if (rest) news.push(rest);
  });
  return news;
}

// News as one text to read out: each item a sentence (a move's words may lack the period).
export function spoken(news) {
  return news.map((s) => (/[.!?…:]$/.test(s) ? s : `${s}.`)).join(" ");
}

// Bots in the one order every menu shows: the strength levels (easy, medium, hard), then
// the named bots (random, greedy, ismcts), then any other.
const BOT_ORDER = ["easy", "medium", "hard", "random", "greedy", "ismcts"];
export function sortBots(bots) {
  const rank = (b) => (BOT_ORDER.includes(b) ? BOT_ORDER.indexOf(b) : BOT_ORDER.length);
  return bots.slice().sort((a, b) => rank(a) - rank(b));
}

// The one default bot of every menu (the lobby, the upload page), as `thebes play`'s
// (thebes/tui/play.py DEFAULT_BOT): the medium level, else the first offered.
export const DEFAULT_BOT = "medium";
export function defaultBot(bots) { return bots.includes(DEFAULT_BOT) ? DEFAULT_BOT : bots[0]; }

// Seat names as shown: a bot seat still under the server's default name ("greedy bot")
// is named in the page's language (bot.seatname); names people chose stay as they are.
export function seatNames(names, seats, t, has) {
  return (names || []).map((name, i) => {
    const seat = seats && seats[i];
    if (!seat || seat.kind !== "bot" || !seat.bot || (name && name !== `${seat.bot} bot`)) return name;
    return has(`botword.${seat.bot}`) ? t("bot.seatname", { bot: t(`botword.${seat.bot}`) }) : name;
  });
}
