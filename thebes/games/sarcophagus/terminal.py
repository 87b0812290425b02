"""Sarcophagus in the terminal: the pyramid in its brick bond, drawn from one
seat's observation (your own coin values shown, the others' hidden).

View module for :mod:`thebes.tui.play` (``render``, ``event_line``,
``move_label``, ``choose``, ``after_event``).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from thebes.games.sarcophagus.scoring import SUIT_BONUS

ROWS = "abcdef"
CELL = 15
SUIT_STYLE = {"sun": "bold yellow", "moon": "bold cyan", "crown": "bold green",
              "arms": "bold blue"}
#: more moves than this and the turn asks for "value tile" instead of a menu.
MENU_LIMIT = 12


def seat_name(seat: int | None, me: int | None) -> str:
    if seat is None:
        return "chance"
    return "You" if seat == me else f"Seat {seat + 1}"


def tile_text(name: str | None) -> Text:
    """A tile in colour: traps red, gods magenta, number tiles by suit; face down dim."""
    if name is None:
        return Text("▒▒▒▒▒▒", style="dim")
    suit, rank = name.split("-")
    if rank == "null":
        return Text(f"{suit}-trap", style="bold white on red")
    if rank == "ace":
        return Text(f"{suit}-god", style="bold magenta")
    return Text(name, style=SUIT_STYLE[suit])


def coin_text(owner: int, value: int | None, me: int | None) -> Text:
    if owner == me:
        return Text(f"Y{value}", style="bold reverse")
    return Text(f"{owner + 1}{'?' if value is None else value}", style="bold")


def pyramid(obs: dict[str, Any], me: int | None) -> Text:
    """Six rows, each offset by half a tile; every tile shows its position, its
    face (or ▒ face down), ``*`` over the sarcophagus, and its coins."""
    out = Text()
    top_left = obs["top_left"]
    for r in range(6):
        if not any(f"{ROWS[r]}{i}" in obs["pyramid"] for i in range(1, r + 2)):
            continue  # a row that has left entirely
        indent = " " * ((5 - r) * CELL // 2)
        line1, line2 = Text(indent), Text(indent)
        for i in range(1, r + 2):
            pos = f"{ROWS[r]}{i}"
            cell = obs["pyramid"].get(pos)
            if cell is None:
                line1.append(" " * CELL)
                line2.append(" " * CELL)
                continue
            head = Text(pos + " ", style="bold underline" if pos == top_left else "dim")
            head.append_text(tile_text(cell["tile"]))
            if cell["sarcophagus"]:
                head.append("*", style="bold red")
            head.truncate(CELL - 1, pad=True)
            line1.append_text(head)
            line1.append(" ")
            coins = Text(" ")
            stack = sorted(cell["coins"], key=lambda c: (c[0] != me, c[0]))  # by owner, yours first
            for owner, value in stack:
                coins.append_text(coin_text(owner, value, me))
                coins.append(" ")
            coins.truncate(CELL, pad=True)
            line2.append_text(coins)
        out.append_text(line1)
        out.append("\n")
        out.append_text(line2)
        out.append("\n")
    return out


def render(obs: dict[str, Any], seat: int) -> Group:
    """The table: the pyramid, hands, claimed tiles, sarcophagus tiles, fame so far."""
    parts: list[Any] = []
    head = Text("Sarcophagus  ", style="bold")
    if obs["phase"] == "over":
        head.append("game over", style="bold green")
    elif obs["to_move"] is not None:
        who = seat_name(obs["to_move"], seat)
        what = {"place": f"coin {obs['coin']} of the turn", "pass": "must pass",
                "discard": "must discard a number tile to a trap"}.get(obs["phase"], "")
        head.append(f"{who} to move: {what}", style="bold reverse" if obs["to_move"] == seat
                    else "")
    if obs["passes"]:
        head.append(f"   ({obs['passes']} pass{'es' if obs['passes'] > 1 else ''} in a row)",
                    style="dim")
    parts.append(head)
    if obs["pyramid"]:
        parts.append(pyramid(obs, seat))
        parts.append(Text("Underlined: the top-left tile (every turn's first coin goes there; "
                          "the second goes on any face-up tile with room). * lies over the "
                          "sarcophagus. Y3 = your 3; 2? = a coin of seat 2.\n"
                          "A tile with four coins and two free sides goes to the most coins "
                          "(a tie: the higher total; still tied: discarded). Number tiles are "
                          "fame, gods protect from traps, a trap costs a number tile.",
                          style="dim"))
    table = Table(expand=False)
    for column in ("seat", "coins in hand", "claimed tiles", "sarcophagus", "fame"):
        table.add_column(column)
    for s in range(obs["players"]):
        name = Text(seat_name(s, seat), style="bold reverse" if s == obs["to_move"] else "bold")
        if s == seat:
            hand = Text(" ".join(str(v) for v in obs["hand"]) or "-", style="bold")
        else:
            hand = Text(f"{obs['hands'][s]} coins")
        claimed = Text()
        for name_ in obs["claimed"][s]:
            claimed.append_text(tile_text(name_))
            claimed.append(" ")
        if obs["gods"][s]:
            claimed.append("(protected from traps)", style="magenta")
        lots = obs["sarcophagi"][s]
        sarc = Text(", ".join(
            (tile_text(lot["tile"]).plain if lot["tile"] else "tile") + f" with {lot['coins']} coin{'s' if lot['coins'] != 1 else ''}"
            + (f" ({' '.join(map(str, lot['values']))})" if lot["values"] is not None else "")
            for lot in lots) or "-")
        table.add_row(name, hand, claimed or Text("-", style="dim"), sarc, str(obs["fame"][s]))
    parts.append(table)
    if obs["discards"] or obs["discarded_unseen"]:
        line = Text("Discard pile: ")
        for name_ in obs["discards"]:
            line.append_text(tile_text(name_))
            line.append(" ")
        if obs["discarded_unseen"]:
            line.append(f"+ {obs['discarded_unseen']} sarcophagus tile(s) unseen", style="dim")
        parts.append(line)
    if obs["ties"]:
        tie = obs["ties"][-1]
        coins = ", ".join(f"{seat_name(o, seat)} {v}" for o, v in tie["coins"])
        parts.append(Text(f"Last tie: {tile_text(tie['tile']).plain} on {tie['pos']} "
                          f"(coins turned over: {coins})", style="dim"))
    if obs["phase"] == "over" and obs["scores"] is not None:
        parts.append(final_table(obs, seat))
    return Group(*parts)


def final_table(obs: dict[str, Any], seat: int) -> Table:
    """Final scoring per seat: number tiles, suit bonuses, total, place."""
    table = Table(title="Final scoring")
    for column in ("place", "seat", "number tiles", "suit bonus", "fame", "tiles held"):
        table.add_column(column)
    for place, s in enumerate(obs["ranking"], 1):
        numbers = [t for t in obs["claimed"][s] if t.split("-")[1] not in ("null", "ace")]
        ranks = sum(int(t.split("-")[1]) for t in numbers)
        per_suit: dict[str, int] = {}
        for t in numbers:
            per_suit[t.split("-")[0]] = per_suit.get(t.split("-")[0], 0) + 1
        bonus = ", ".join(f"{suit} x{c}: +{SUIT_BONUS[c]}" for suit, c in per_suit.items()
                          if SUIT_BONUS[c]) or "-"
        table.add_row(str(place), seat_name(s, seat), str(ranks), bonus, str(obs["scores"][s]),
                      str(len(obs["claimed"][s])))
    return table


def _tile_on(obs: dict[str, Any], pos: str) -> str:
    cell = obs["pyramid"].get(pos)
    return tile_text(cell["tile"]).plain if cell and cell["tile"] else "face down"


def move_label(obs: dict[str, Any], text: str) -> str:
    """A menu label in plain words for a legal move."""
    words = text.split()
    if words[0] == "place":
        cell = obs["pyramid"][words[2]]
        others = len(cell["coins"])
        return (f"Put your {words[1]} on {words[2]} ({_tile_on(obs, words[2])}, "
                f"{others} coin{'s' if others != 1 else ''} there)")
    if text == "pass":
        return "Pass (you have no coins)"
    if words[0] == "discard":
        return f"Discard {words[1]} to the trap"
    return text


def event_line(obs_before: dict[str, Any], text: str, actor: int | None) -> str:
    """One log line for an event as the person's seat sees it."""
    me = obs_before["seat"]
    words = text.split()
    if actor is None:
        if words[0] == "layout":
            return "The pyramid is laid out face down; the apex a1 turns up."
        if words[0] == "first":
            first = int(words[1]) - 1
            return f"{seat_name(first, me)} take{'' if first == me else 's'} the first turn."
        return text
    who = seat_name(actor, me)
    s = "" if actor == me else "s"
    if words[0] == "place":
        value = "a coin" if words[1] == "?" else f"a {words[1]}"
        fourth = len(obs_before["pyramid"][words[2]]["coins"]) == 3
        return (f"{who} place{s} {value} on {words[2]} ({_tile_on(obs_before, words[2])})"
                + (": the fourth coin" if fourth else ""))
    if text == "pass":
        return f"{who} pass{'' if actor == me else 'es'} (no coins)"
    if words[0] == "discard":
        return f"{who} discard{s} {words[1]} to a trap"
    return f"{who}: {text}"


def after_event(before: dict[str, Any], after: dict[str, Any]) -> Text | None:
    """What the rules did by themselves after an event, in plain words: ties
    turned over, claims, discards, sarcophagus tiles, the end's reveals."""
    me = after["seat"]
    lines: list[str] = []
    for tie in after["ties"][len(before["ties"]):]:
        coins = ", ".join(f"{seat_name(o, me)} {v}" for o, v in tie["coins"])
        lines.append(f"  tie on {tie['pos']}, the coins are turned over: {coins}")
    on_pyramid = {cell["tile"] for cell in before["pyramid"].values() if cell["tile"]}
    reveals: list[str] = []
    for s in range(after["players"]):
        who = seat_name(s, me)
        verb = "" if s == me else "s"
        for tile in after["claimed"][s]:
            if tile in before["claimed"][s]:
                continue
            label = tile_text(tile).plain
            if tile in on_pyramid:
                extra = {"null": ": a trap!", "ace": ": protected from traps from now on"}
                lines.append(f"  {who} claim{verb} {label}{extra.get(tile.split('-')[1], '')}")
            else:
                reveals.append(f"  {who} reveal{verb} {label} from the sarcophagus")
        for _ in after["sarcophagi"][s][len(before["sarcophagi"][s]):]:
            lines.append(f"  {who} also take{verb} the sarcophagus tile beneath, unseen, "
                         "with the coins on it")
    for tile in after["discards"]:
        if tile not in before["discards"] and tile in on_pyramid:
            lines.append(f"  nobody claims {tile_text(tile).plain}: discarded")
    if after["discarded_unseen"] > before["discarded_unseen"]:
        lines.append("  the sarcophagus tile beneath is discarded unseen")
    lines += reveals  # the end comes after the last claim
    return Text("\n".join(lines), style="italic") if lines else None


def choose(console: Console, state: Any, seat: int, menu: Any) -> Any:
    """A short menu, or for a second coin with many choices: type ``VALUE TILE``
    (``3 b1``) or the full notation; ``m`` lists every move, ``h`` asks for a
    hint, ``q`` quits. ``menu`` is the loop's (thebes/tui/play.py ``Menu``)."""
    actions = state.legal_actions()
    if len(actions) <= MENU_LIMIT:
        return menu.ask(state, seat)
    obs = state.observation(seat)
    values = sorted({int(state.action_to_text(a).split()[1]) for a in actions})
    places = sorted({state.action_to_text(a).split()[2] for a in actions},
                    key=lambda p: (p[0], int(p[1:])))
    console.print(f"  your coins: [bold]{' '.join(map(str, values))}[/]   "
                  f"open tiles: [bold]{' '.join(places)}[/]")
    while True:
        answer = console.input("[bold]your coin[/] (VALUE TILE, e.g. "
                               f"'{values[-1]} {places[0]}'; m lists moves, h for a hint, "
                               "q quits): ").strip()
        if answer.lower() in ("q", "quit", "exit"):
            return None
        if answer.lower() in ("h", "hint", "?"):
            menu.hint(state, seat)
            continue
        if answer.lower() in ("m", "moves"):
            for text in (state.action_to_text(a) for a in actions):
                console.print(f"  {move_label(obs, text)}  [dim]{text}[/dim]")
            continue
        text = answer if answer.startswith("place ") else "place " + " ".join(answer.split())
        try:
            return state.parse(text)
        except ValueError as err:
            console.print(f"[red]{err}[/red]")
