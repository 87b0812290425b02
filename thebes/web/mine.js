// What this browser remembers (localStorage through net.js's store): the name typed in
// the header, the seats it holds (game id -> {seat, token}) and the private links of the
// games it created (to show them again from the lobby).
import { store } from "./net.js";

export function myName() { return store.get("thebes.name", ""); }
export function mySeats() { return store.get("thebes.seats", {}); }
export function myInvites() { return store.get("thebes.invites", {}); }

export function rememberInvites(gameId, links) {
  const all = myInvites();
  all[gameId] = links.map((l) => ({ seat: l.seat, url: l.url }));
  const ids = Object.keys(all);
  for (const id of ids.slice(0, Math.max(0, ids.length - 50))) delete all[id]; // keep the latest 50
  store.set("thebes.invites", all);
}

export function rememberSeat(gameId, seat, token) {
  const seats = mySeats();
  seats[gameId] = { seat, token };
  store.set("thebes.seats", seats);
}

// The table chat's muted people, per game: game id -> [1-based seats] (chat.js).
export function mutedSeats(gameId) { return (store.get("thebes.muted", {})[gameId]) || []; }
export function setMuted(gameId, seat, on) {
  const all = store.get("thebes.muted", {});
  const seats = new Set(all[gameId] || []);
  if (on) seats.add(seat); else seats.delete(seat);
  all[gameId] = [...seats];
  const ids = Object.keys(all);
  for (const id of ids.slice(0, Math.max(0, ids.length - 200))) delete all[id];
  store.set("thebes.muted", all);
}

// "Your turn" while the tab is hidden (game.js): browser notifications and a sound, each
// opted into here (the Notification API asks the browser's permission once).
export function turnAlerts() { return store.get("thebes.alerts", { notify: false, sound: false }); }
export function setTurnAlerts(value) { store.set("thebes.alerts", { ...turnAlerts(), ...value }); }
