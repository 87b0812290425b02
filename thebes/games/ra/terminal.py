"""Ra in the terminal: the whole table on one screen, drawn from one seat's observation.

View module for :mod:`thebes.tui.play` (``render``, ``event_line``, ``move_label``).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from thebes.games.ra.scoring import TALLY_LINES

CATEGORIES = (
    ("Gods", ("god",)),
    ("Gold", ("gold",)),
    ("Pharaohs", ("pharaoh",)),
    ("Nile", ("nile", "flood")),
    ("Civilizations", ("astronomy", "agriculture", "writing", "religion", "art")),
    ("Monuments", ("fortress", "obelisk", "palace", "pyramid", "temple", "statue",
                   "step-pyramid", "sphinx")),
)
DISASTERS = ("funeral", "drought", "unrest", "earthquake")
STYLE = {"ra": "bold red", "god": "bold magenta", "gold": "bold yellow", "pharaoh": "cyan",
         "nile": "blue", "flood": "bold blue", "funeral": "white on red",
         "drought": "white on red", "unrest": "white on red", "earthquake": "white on red"}
STYLE.update({k: "green" for k in CATEGORIES[4][1]})
STYLE.update({k: "yellow" for k in CATEGORIES[5][1]})
LINE_NAMES = {"pharaohs": "Pharaohs", "civilizations": "Civilizations", "nile": "Nile",
              "gods": "Gods", "gold": "Gold", "monuments": "Monuments", "suns": "Suns"}


def seat_name(seat: int | None, me: int) -> str:
    if seat is None:
        return "chance"
    return "You" if seat == me else f"Seat {seat + 1}"


def tile(kind: str | None) -> Text:
    if kind is None:
        return Text("  ·  ", style="dim")
    return Text(f" {kind} ", style=STYLE.get(kind, ""))


def render(obs: dict[str, Any], seat: int) -> Group:
    """The table: Ra track, auction track, centre sun, bag, each seat's suns and display, tallies."""
    parts: list[Any] = []
    end = obs["ra_track_end"]
    dots = Text("Ra track ")
    dots.append("●" * obs["ra_track"], style="bold red")
    dots.append("○" * (end - obs["ra_track"]), style="dim")
    dots.append(f"  {obs['ra_track']} of {end} Ra tiles end the epoch")
    head = Text(f"Epoch {obs['epoch']} of 3   ", style="bold")
    head.append(f"centre sun [{obs['centre_sun']}]   ", style="bold yellow")
    head.append(f"bag: {obs['bag_total']} tiles", style="dim")
    parts += [head, dots]
    track = Text("Auction track ")
    for kind in obs["auction_track"]:
        track.append_text(tile(kind))
        track.append(" ")
    parts.append(track)
    auction = obs.get("auction")
    if auction:
        line = Text(f"Auction ({auction['kind']}), Ra player: "
                    f"{seat_name(auction['ra_player'], seat)}.  ", style="bold")
        for bidder, sun in auction["bids"]:
            line.append(f"{seat_name(bidder, seat)}: {'pass' if sun is None else sun}   ")
        parts.append(line)
    if obs.get("discard"):
        d = obs["discard"]
        parts.append(Text(f"{seat_name(d['seat'], seat)} must discard for a {d['disaster']}",
                          style="bold red"))

    table = Table(show_lines=False, expand=False)
    for column in ("seat", "suns (up / down)", "fame", "display"):
        table.add_column(column)
    for s, info in enumerate(obs["seats"]):
        name = Text(seat_name(s, seat), style="bold reverse" if s == obs["to_move"] else "bold")
        suns = Text(" ".join(str(x) for x in info["suns_up"]) or "-", style="bold yellow")
        if info["suns_down"]:
            suns.append("  / " + " ".join(str(x) for x in info["suns_down"]), style="dim")
        shown = Text()
        display = info["display"]
        for label, kinds in CATEGORIES:
            held = [(k, display[k]) for k in kinds if display.get(k)]
            if held:
                shown.append(f"{label}: ", style="bold")
                shown.append(", ".join(f"{k} x{n}" if n > 1 else k for k, n in held) + "  ")
        table.add_row(name, suns, str(info["fame"]), shown or Text("(nothing yet)", style="dim"))
    parts.append(table)
    if obs["tallies"]:
        parts.append(tally_table(obs["tallies"][-1], obs["players"], seat))
    if obs["phase"] == "over" and obs.get("ranking"):
        parts.append(Text("Final ranking: " + ", ".join(
            f"{place}. {seat_name(s, seat)} ({obs['scores'][s]})"
            for place, s in enumerate(obs["ranking"], 1)), style="bold green"))
    return Group(*parts)


def after_event(obs_before: dict[str, Any], obs_after: dict[str, Any]) -> Table | None:
    """The epoch's tally, the moment the epoch is scored."""
    if len(obs_after["tallies"]) > len(obs_before["tallies"]):
        return tally_table(obs_after["tallies"][-1], obs_after["players"], obs_after["seat"])
    return None


def tally_table(tally: dict[str, Any], players: int, me: int) -> Table:
    """One epoch's tally: pharaohs, civilizations, Nile, gods, gold (+ monuments, suns)."""
    table = Table(title=f"Epoch {tally['epoch']} tally")
    table.add_column("")
    for s in range(players):
        table.add_column(seat_name(s, me), justify="right")
    for line in TALLY_LINES:
        if line in tally["lines"]:
            table.add_row(LINE_NAMES[line], *(f"{v:+d}" for v in tally["lines"][line]))
    table.add_row("Total", *(f"{v:+d}" for v in tally["totals"]), style="bold")
    table.add_row("Fame", *(str(v) for v in tally["fame"]), style="bold yellow")
    return table


def move_label(obs: dict[str, Any], text: str) -> str:
    """A menu label in plain words for a legal move."""
    words = text.split()
    if text == "draw":
        return "Draw a tile from the bag"
    if text == "ra":
        full = all(k is not None for k in obs["auction_track"])
        return "Invoke Ra: auction the track" + (" (it is full)" if full else "")
    if text == "end":
        return "End your turn"
    if text == "pass":
        return "Pass"
    if words[0] == "god":
        return f"Play a god to take the {words[1]}"
    if words[0] == "bid":
        return f"Bid sun {words[1]}"
    if words[0] == "discard":
        return "Discard " + " and ".join(words[1:])
    return text


def event_line(obs_before: dict[str, Any], text: str, actor: int | None) -> str:
    """One log line for an event as the person's seat sees it."""
    me = obs_before["seat"]
    if actor is None:
        if text.startswith("suns "):
            return f"Suns dealt: {text[5:]}"
        if text == "ra":
            return f"  ...a [bold red]Ra tile[/] ({obs_before['ra_track'] + 1} of " \
                   f"{obs_before['ra_track_end']})"
        return f"  ...drew: [{STYLE.get(text, 'bold')}]{text}[/]"
    who = seat_name(actor, me)
    words = text.split()
    if text == "draw":
        return f"{who} draw{'' if who == 'You' else 's'} a tile"
    if text == "ra":
        return f"{who} invoke{'' if who == 'You' else 's'} [bold red]Ra[/]"
    if text == "end":
        return f"{who} end{'' if who == 'You' else 's'} the turn"
    if text == "pass":
        return f"{who} pass{'' if who == 'You' else 'es'}"
    if words[0] == "bid":
        return f"{who} bid{'' if who == 'You' else 's'} sun {words[1]}"
    if words[0] == "god":
        return f"{who} play{'' if who == 'You' else 's'} a god and take{'' if who == 'You' else 's'} the {words[1]}"
    return f"{who} discard{'' if who == 'You' else 's'} " + " and ".join(words[1:])
