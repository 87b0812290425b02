// The log in words, the same for every game page: a table module's narrate(log, names,
// t, obs) when it has one (it knows what each event did: ra.js), else its
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
