// Ra's log in words: a fold over the public log that knows what each event did
// (who won which lot with which sun, what a god took, what ended an epoch).
// Everything in Ra is public (shared/spec/ra.md, What each seat sees), so the log
// alone holds every fact; the epoch's scores come from the observation's tallies.
//
// foldRa(log, players, now) -> { notes, last, ... }, `now` the observation after the log
// (its epoch and phase; without it a take that spent the last sun ends no epoch yet):
//   notes: Map log index -> list of [i18n key, vars] said after that event's own words;
//   last:  what the board keeps visible until the next action: the last lot won
//          ({kind: "lot", seat, sun, centre, tiles}) or the last epoch's end
//          ({kind: "epoch", epoch, reason, ra, end, tiles, lot: the lot that ended it}), or null;
//   epoch, over, track, centre, up: the public state after the log (for the tests).
// The rules followed are the engine's (thebes/games/ra/state.py); the browser
// tests replay bot games and check the fold ends where the engine does.

export const RA_TRACK_END = { 3: 8, 4: 9, 5: 10 };

export function foldRa(log, players, now = null) {
  const n = players;
  const end = RA_TRACK_END[n] || 8;
  const notes = new Map();
  const note = (index, key, vars = {}) => {
    if (!notes.has(index)) notes.set(index, []);
    notes.get(index).push([key, vars]);
  };
  let up = []; // per seat, face-up suns
  let down = []; // per seat, face-down suns
  let centre = 1;
  let track = [];
  let raCount = 0;
  let epoch = 1;
  let mover = null; // 0-based seat of the last move (the drawer of a chance tile)
  let auction = null; // {ra, bidders, at, high, highBidder, lot}
  let taking = null; // {index, seat}: a take done, its discards may follow
  let last = null;
  let over = false;

  function epochEnds(index, reason, discarded) {
    note(index, `ra.log.epoch.${reason}`, { epoch, ra: raCount, end });
    if (discarded.length) note(index, "ra.log.epoch.discarded", { tiles: discarded });
    note(index, "ra.log.scores", { epoch });
    const lot = last && last.kind === "lot" && last.index === index ? last : null;
    last = { kind: "epoch", epoch, reason, ra: raCount, end, tiles: discarded, lot, index };
    track = [];
    raCount = 0;
    if (epoch === 3) { over = true; return; } // the game is over (shared/spec/ra.md, Game end)
    // next epoch: suns turn face up
    up = up.map((u, s) => u.concat(down[s]).sort((a, b) => b - a));
    down = down.map(() => []);
    epoch += 1;
  }

  function startAuction(index, ra, kind) {
    const bidders = [];
    for (let i = 1; i <= n; i++) { const s = (ra + i) % n; if (up[s] && up[s].length) bidders.push(s); }
    auction = { ra, kind, bidders, at: 0, high: 0, highBidder: -1, lot: track.slice() };
    const vars = { name: ra, tiles: track.slice(), sun: centre };
    if (kind === "drawn") note(index, track.length ? "ra.log.auction.drawn" : "ra.log.auction.drawn.empty", vars);
    else if (kind === "forced") note(index, "ra.log.auction.forced", vars);
    else note(index, track.length ? "ra.log.auction.called" : "ra.log.auction.called.empty", vars);
  }

  for (const line of log) {
    const ev = line.event || "";
    const words = ev.split(" ");
    const seat = line.seat ? line.seat - 1 : null;
    // a take with every sun spent ends the epoch once its discards are done
    if (taking && !(seat === taking.seat && words[0] === "discard")) {
      if (up.every((u) => !u.length)) epochEnds(taking.index, "suns", []);
      taking = null;
    }
    if (seat === null) {
      if (words[0] === "suns") {
        up = ev.slice(5).split(" / ").map((g) => g.split(",").map(Number).sort((a, b) => b - a));
        down = up.map(() => []);
      } else if (ev === "ra") {
        raCount += 1;
        if (raCount === end) {
          const discarded = track.slice();
          epochEnds(line.index, "ra", discarded);
        } else {
          startAuction(line.index, mover, "drawn");
        }
      } else if (ev) {
        track.push(ev);
        last = null;
      }
      continue;
    }
    mover = seat;
    if (ev === "ra") {
      last = null;
      startAuction(line.index, seat, track.length >= 8 ? "forced" : "voluntary");
    } else if (ev === "draw") {
      last = null;
    } else if (words[0] === "god") {
      last = null;
      const i = track.indexOf(words[1]);
      if (i >= 0) track.splice(i, 1);
    } else if ((words[0] === "bid" || ev === "pass") && auction) {
      if (words[0] === "bid") { auction.high = Number(words[1]); auction.highBidder = seat; }
      auction.at += 1;
      if (auction.at >= auction.bidders.length) {
        const a = auction;
        auction = null;
        if (a.highBidder < 0) {
          if (a.kind === "forced") { note(line.index, "ra.log.nobid.forced", { tiles: track.slice() }); track = []; }
          else note(line.index, "ra.log.nobid", {});
          if (up.every((u) => !u.length)) epochEnds(line.index, "suns", []);
        } else {
          const w = a.highBidder;
          const took = centre;
          up[w] = up[w].filter((x) => x !== a.high);
          down[w].push(took);
          centre = a.high;
          note(line.index, track.length ? "ra.log.wins" : "ra.log.wins.empty", { name: w, sun: a.high, tiles: track.slice(), centre: took });
          last = { kind: "lot", seat: w, sun: a.high, centre: took, tiles: track.slice(), index: line.index };
          track = [];
          taking = { index: line.index, seat: w };
        }
      }
    } else if (words[0] === "discard" && taking) {
      taking.index = line.index;
    }
  }
  // the last take spent every sun: the epoch ended with it unless a discard is still due
  // (the observation after the log tells: a later epoch, or the game over)
  const ended = now && (now.phase === "over" || now.epoch > epoch);
  if (taking && ended && up.every((u) => !u.length)) epochEnds(taking.index, "suns", []);
  return { notes, last, epoch, over, track, centre, up };
}

// The words of every line of `log` (same order), for the log and the live region.
export function narrateRa(log, names, t, obs, describeEvent) {
  const players = (obs && obs.players) || (names && names.length) || 3;
  const { notes } = foldRa(log, players, obs);
  const nameOf = (s) => (names && names[s]) || t("game.seatname", { seat: s + 1 });
  const tilesOf = (tiles) => tiles.map((k) => t(`kind.${k}`)).join(", ");
  const tallies = (obs && obs.tallies) || [];
  return log.map((line) => {
    let text = describeEvent(line, names, t);
    for (const [key, vars] of notes.get(line.index) || []) {
      if (key === "ra.log.scores") {
        const tally = tallies.find((x) => x.epoch === vars.epoch);
        if (!tally) continue;
        const each = (tally.totals || []).map((v, s) => t("ra.log.score", { name: nameOf(s), n: v > 0 ? `+${v}` : String(v), fame: tally.fame[s] }));
        text += " " + t("ra.log.scores", { epoch: vars.epoch, scores: each.join(", ") });
        if (obs && obs.ranking && obs.ranking.length && vars.epoch === tallies[tallies.length - 1].epoch) {
          const w = obs.ranking[0];
          text += " " + t("ra.log.gameover", { name: nameOf(w), fame: (obs.scores || tally.fame)[w] });
        }
        continue;
      }
      const words = { ...vars };
      if ("name" in words && typeof words.name === "number") words.name = nameOf(words.name);
      if (Array.isArray(words.tiles)) words.tiles = tilesOf(words.tiles);
      text += " " + t(key, words);
    }
    return text;
  });
}
