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
