"""Pharaoh in the terminal: your sheet, dice, storage, building chart and score sheet.

View module for :mod:`thebes.tui.play` (``render``, ``event_line``,
``move_label``, ``choose``), drawn from one seat's observation only
(:mod:`thebes.games.pharaoh.observation` gives its shape).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from thebes.games.pharaoh.board import (CHART, COST, DICE_ACTIONS, KINDS, MONUMENT_LIMIT,
                                        POINTS, PRODUCTION, RESOURCES, YIELD_CAP)
from thebes.games.pharaoh.scoring import OBJECTIVE_NAMES, OBJECTIVE_POINTS

#: Two-letter marks and colours of the sheet's tiles.
MARK = {"hill": ("^^", "bold rgb(150,100,50)"), "river": ("~~", "bold blue"),
        "housing": ("Ho", "green"), "road": ("==", "white"), "industrial": ("In", "magenta"),
        "farming": ("Fa", "yellow"), "treasury": ("Tr", "bold yellow"), "admin": ("Ad", "cyan"),
        "military": ("Mi", "red"), "guild": ("Gu", "bright_magenta"),
        "religious": ("Re", "bright_white"), "monument": ("Mo", "bold bright_yellow")}
ABILITY = {"housing": "enables Train; +1 next to a road",
           "road": "-",
           "industrial": "enables Produce; +1 on an edge",
           "farming": "enables Harvest; +1 next to a river",
           "treasury": "enables Collect; +1 next to an admin",
           "admin": "one free build at once; +1 next to a road",
           "military": "prevents one invasion",
           "guild": "+1 resource of your choice at once",
           "religious": "prevents one flood",
           "monument": f"at most {MONUMENT_LIMIT} a game"}
VERB = {"train": "Train", "harvest": "Harvest", "collect": "Collect", "produce": "Produce",
        "none": "No action", "flood": "Flood", "invasion": "Invasion"}
ENABLER = {DICE_ACTIONS[x]: KINDS[k] for x, (_, k) in enumerate(PRODUCTION)}
GAINED = {DICE_ACTIONS[x]: RESOURCES[r] for x, (r, _) in enumerate(PRODUCTION)}


def seat_name(seat: int | None, me: int) -> str:
    if seat is None:
        return "chance"
    return "You" if seat == me else f"Seat {seat + 1}"


def cost_text(kind: str) -> str:
    cost = COST[KINDS.index(kind)]
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(cost) if n]
    return ", ".join(parts) or "free"


def affordable(storage: dict[str, int], kind: str) -> bool:
    return all(storage[RESOURCES[r]] >= n for r, n in enumerate(COST[KINDS.index(kind)]))


def yield_of(sheet: dict[str, Any], action: str) -> int:
    """Units a production action would gain on ``sheet`` (min(3, enabling buildings))."""
    n = sum(1 for k in sheet["sheet"].values() if k == ENABLER[action])
    return min(YIELD_CAP, n)


def grid(obs: dict[str, Any], info: dict[str, Any]) -> Table:
    """The 6 x 6 sheet: letters for x across, digits for y down."""
    table = Table(show_header=True, show_lines=False, box=None, padding=(0, 1))
    table.add_column("")
    for letter in "abcdef":
        table.add_column(letter, justify="center")
    tiles = dict(info["sheet"])
    for sq in obs["hills"]:
        tiles[sq] = "hill"
    for sq in obs["rivers"]:
        tiles[sq] = "river"
    for y in range(1, 7):
        row: list[Any] = [Text(str(y), style="bold")]
        for letter in "abcdef":
            sq = f"{letter}{y}"
            kind = tiles.get(sq)
            if kind is None:
                row.append(Text("··", style="dim"))
            else:
                mark, style = MARK[kind]
                if sq in info["drawn"]:
                    style += " reverse"
                row.append(Text(mark, style=style))
        table.add_row(*row)
    return table


def offers(obs: dict[str, Any], info: dict[str, Any]) -> Text:
    """The seat's dice and the three chart entries they offer."""
    d1, d2 = info["dice"]
    line = Text(f"Dice {d1} {d2}", style="bold")
    if info["shifted"]:
        line.append(f" (shifted; rolled {obs['roll'][0]} {obs['roll'][1]})", style="dim")
    if obs["forced"]:
        line.append(f"  natural {obs['roll'][0]}-{obs['roll'][1]}: {obs['forced']} is forced",
                    style="bold red")
        return line
    line.append("  offer: ")
    for entry in (d1, d2, d1 + d2):
        name = DICE_ACTIONS[CHART[entry]]
        usable = name not in ENABLER or yield_of(info, name) > 0
        line.append(f"{entry} {VERB[name]}", style="bold" if usable else "dim strike")
        line.append("   ")
    return line


def chart(info: dict[str, Any]) -> Table:
    table = Table(title="Building chart", title_justify="left", box=None, padding=(0, 1))
    for column in ("kind", "pts", "cost", "ability, bonus", ""):
        table.add_column(column)
    for k, kind in enumerate(KINDS):
        ok = affordable(info["storage"], kind)
        if kind == "monument" and info["monuments_drawn"] >= MONUMENT_LIMIT:
            ok = False
        mark, style = MARK[kind]
        table.add_row(Text(f"{mark} {kind}", style=style), str(POINTS[k]), cost_text(kind),
                      ABILITY[kind], Text("can build" if ok else "", style="green"))
    return table


HINTS = {
    "starting housing": "Setup: draw your first housing on any empty square (free).",
    "starting resources": "Setup: you start with 1 labour; choose two more resources.",
    "dice action": "Dice action: pick one action the dice offer (a production action needs "
                   "its building). Once a round you may first spend 1 resource to move a die "
                   "by 1.",
    "erase": "Flood: erase one of your tiles (hills and rivers stay).",
    "build action": "Build action: draw one tile, paying its cost, or skip. Points and bonuses "
                    "count in the round a tile is drawn.",
    "free build": "Free build (admin): draw any tile but an admin, paying nothing, or skip.",
    "guild resource": "Guild: take one resource of your choice.",
}


def score_sheet(obs: dict[str, Any], info: dict[str, Any]) -> Text:
    line = Text("Round       ", style="dim")
    line.append("".join(f"{r:>3}" for r in range(1, 21)) + "\n", style="dim")
    line.append("Reputation  ", style="bold")
    rounds = info["round_scores"]
    for r in range(20):
        if r < len(rounds):
            line.append(f"{rounds[r]:>3}", style="bold" if rounds[r] else "dim")
        elif r == len(rounds) and info["this_round"] is not None:
            line.append(f"{info['this_round']:>3}", style="italic yellow")
        else:
            line.append("  .", style="dim")
    line.append(f"   total {info['score']}", style="bold")
    return line


def render(obs: dict[str, Any], seat: int) -> Group:
    """Your sheet and dice, storage, chart, score sheet, objectives and the other seats."""
    info = obs["seats"][seat]
    parts: list[Any] = []
    head = Text(f"Pharaoh  round {obs['round']} of 20  ", style="bold")
    head.append(f"({obs['phase']})", style="dim")
    if obs["to_move"] is not None and obs["to_move"] != seat:
        head.append(f"  {seat_name(obs['to_move'], seat)} to move")
    parts.append(head)
    side = Table.grid(padding=(0, 1))
    side.add_column()
    st = info["storage"]
    side.add_row(Text("Storage  " + "  ".join(f"{st[r]} {r}" for r in RESOURCES), style="bold"))
    prev = info["preventions"]
    side.add_row(Text(f"Preventions: flood {prev['flood']}, invasion {prev['invasion']}   "
                      f"monuments drawn {info['monuments_drawn']} of {MONUMENT_LIMIT}"))
    if obs["roll"] is not None and obs["phase"] != "over":
        side.add_row(offers(obs, info))
    producers = "  ".join(f"{VERB[a]} +{yield_of(info, a)}" for a in ENABLER)
    side.add_row(Text(f"Yields: {producers}", style="dim"))
    side.add_row(Text("^^ hill  ~~ river  ·· empty; highlighted: drawn this round", style="dim"))
    if obs["marked"]:
        done = set(info["objectives_done"])
        objectives = Text("Objectives:\n", style="bold")
        for n in obs["marked"]:
            objectives.append(f"  {'[x]' if n in done else '[ ]'} {n}. {OBJECTIVE_NAMES[n]} "
                              f"(+{OBJECTIVE_POINTS[n]})\n", style="green" if n in done else "")
        side.add_row(objectives)
    top = Table.grid(padding=(0, 4))
    top.add_row(grid(obs, info), side)
    parts += [top, score_sheet(obs, info)]
    if obs["round"] > 0 and obs["to_move"] == seat:
        parts.append(chart(info))
    if obs["to_move"] == seat and obs["phase"] in HINTS:
        parts.append(Text(HINTS[obs["phase"]], style="italic cyan"))
    if obs["players"] > 1:
        others = Table(box=None, padding=(0, 1))
        for column in ("seat", "score", "storage", "tiles", "dice", "this round"):
            others.add_column(column)
        for s, other in enumerate(obs["seats"]):
            st = other["storage"]
            others.add_row(seat_name(s, seat), str(other["score"]),
                           " ".join(f"{st[r]} {r[:3]}" for r in RESOURCES),
                           str(len(other["sheet"])), " ".join(map(str, other["dice"])),
                           "-" if other["this_round"] is None else str(other["this_round"]))
        parts.append(others)
    if obs["title"] is not None or (obs["players"] == 1 and obs["phase"] == "over"):
        parts.append(Text(f"Title: {obs['title'] or 'none (below 10)'}", style="bold yellow"))
    return Group(*parts)


def move_label(obs: dict[str, Any], text: str) -> str:
    """A menu label in plain words for a legal move."""
    words = text.split()
    info = obs["seats"][obs["to_move"]] if obs["to_move"] is not None else None
    if words[0] == "action" and info is not None:
        name = words[1]
        if name in ENABLER:
            return f"{VERB[name]}: +{yield_of(info, name)} {GAINED[name]}"
        if name == "flood":
            return ("Flood: prevented by a religious building" if info["preventions"]["flood"]
                    else "Flood: erase one of your tiles")
        if name == "invasion":
            return ("Invasion: defended by a military building" if info["preventions"]["invasion"]
                    else "Invasion: -2 reputation this round")
        return "No action"
    if words[0] == "shift" and info is not None:
        die = int(words[1])
        now = info["dice"][die - 1]
        return f"spend 1 {words[3]}: die {die} from {now} to {now + int(words[2])}"
    if words[0] == "build":
        return f"draw {words[1]} on {words[2]}"
    if words[0] == "erase":
        kind = info["sheet"].get(words[1], "tile") if info else "tile"
        return f"erase the {kind} on {words[1]}"
    if words[0] == "take":
        if len(words) == 3:
            return f"start with 1 labour + 1 {words[1]} + 1 {words[2]}"
        return f"take 1 {words[1]}"
    if text == "skip":
        return "draw nothing (end your turn)"
    return text


def event_line(obs_before: dict[str, Any], text: str, actor: int | None) -> str:
    """One log line in plain words for an event."""
    words = text.split()
    who = f"Seat {actor + 1}" if actor is not None else ""
    kind = words[0]
    if kind == "objectives":
        a, b = int(words[1]), int(words[2])
        marked = sorted({a, b, a + b})
        return "Objective roll: marked " + ", ".join(
            f"{n} ({OBJECTIVE_NAMES[n]})" for n in marked)
    if kind in ("hill", "river"):
        return f"A {kind} is drawn on {words[1]} (on every sheet)"
    if kind == "roll":
        a, b = int(words[1]), int(words[2])
        line = f"[bold]Round {obs_before['round'] + 1}[/bold]: the dice show {a} and {b}"
        if a == b == 5:
            line += " [bold red]- a natural 5-5: flood![/bold red]"
        elif a == b == 6:
            line += " [bold red]- a natural 6-6: invasion![/bold red]"
        return line
    info = obs_before["seats"][actor] if actor is not None else None
    if kind == "shift" and info is not None:
        die = int(words[1])
        now = info["dice"][die - 1]
        return f"{who} spends 1 {words[3]} to turn die {die} from {now} to {now + int(words[2])}"
    if kind == "action" and info is not None:
        name = words[1]
        if name in ENABLER:
            return f"{who}: {VERB[name]}, +{yield_of(info, name)} {GAINED[name]}"
        if name == "flood":
            return f"{who}: Flood, " + ("prevented by a religious building"
                                        if info["preventions"]["flood"] else
                                        "a tile must be erased" if info["sheet"] else
                                        "nothing to erase")
        if name == "invasion":
            return f"{who}: Invasion, " + ("defended by a military building"
                                           if info["preventions"]["invasion"]
                                           else "-2 reputation this round")
        return f"{who}: no action"
    if kind == "erase" and info is not None:
        return f"{who} erases the {info['sheet'].get(words[1], 'tile')} on {words[1]}"
    if kind == "build":
        if obs_before["phase"] == "starting housing":
            return f"{who} draws the starting housing on {words[2]}"
        free = " (free build)" if obs_before["phase"] == "free build" else ""
        return f"{who} draws {words[1]} on {words[2]}{free}"
    if kind == "take":
        return f"{who} takes " + " and ".join(words[1:])
    if text == "skip":
        return f"{who} draws nothing"
    return f"{who}: {text}"


def choose(console: Console, state: Any, seat: int, menu: Any) -> Any:
    """Dialogue for a decision: numbered menus everywhere. At the set-up, build and
    erase prompts the squares (and for a build the kinds you can pay for) are
    numbered; typing ``KIND SQUARE`` (``road c4``), a square or full notation works
    too; ``h`` asks for a hint, ``q`` quits (``None``). A refused answer says why
    (``b4 is a hill``). ``menu`` is the loop's (thebes/tui/play.py ``Menu``)."""
    obs = state.observation(seat)
    phase = obs["phase"]
    if phase not in ("build action", "free build", "erase", "starting housing"):
        return menu.ask(state, seat)
    events = state.legal_events()
    if not any(e != "skip" for e in events):
        return menu.ask(state, seat)
    if phase in ("erase", "starting housing"):
        verb = "erase" if phase == "erase" else "build housing"
        squares = sorted((e.split()[-1] for e in events), key=_square_key)
        return _pick(console, state, seat, menu, obs, phase, verb, squares, events)
    kinds = sorted({e.split()[1] for e in events if e != "skip"}, key=KINDS.index)
    free = phase == "free build"
    options = ["skip"] + kinds
    labels = ["skip: draw nothing"] + [
        f"{k} ({'free' if free else cost_text(k)})" for k in kinds]
    _numbered(console, labels)
    while True:
        answer = _ask(console, f"[bold]{phase}[/]: a number, KIND SQUARE (e.g. road c4), "
                               f"skip, h for a hint, q to quit: ")
        if answer in ("q", "quit", "exit"):
            return None
        if answer in ("h", "hint", "?"):
            menu.hint(state, seat)
            continue
        try:
            picked = menu.choice(answer, len(options))
        except ValueError as err:
            console.print(f"[red]{err}[/red]")
            continue
        if picked == 0 or answer == "skip":
            return state.parse("skip")
        if picked is not None:
            kind = options[picked]
            squares = sorted((e.split()[2] for e in events if e.startswith(f"build {kind} ")),
                             key=_square_key)
            action = _pick(console, state, seat, menu, obs, f"{phase}, {kind}", f"build {kind}",
                           squares, events, back=True)
            if action is not _BACK:
                return action
            _numbered(console, labels)
            continue
        text = answer if answer.startswith("build ") else f"build {answer}"
        if text in events:
            return state.parse(text)
        console.print(f"[red]{answer!r} is not legal here: "
                      f"{why_refused(obs, seat, phase, text)}[/red]")


_BACK = object()


def _pick(console: Console, state: Any, seat: int, menu: Any, obs: dict[str, Any], title: str,
          verb: str, squares: list[str], events: list[str], back: bool = False) -> Any:
    """A numbered menu of ``squares`` for ``verb``; a square's name works too."""
    tiles = obs["seats"][seat]["sheet"]
    labels = [f"{sq} ({tiles[sq]})" if sq in tiles else sq for sq in squares]
    extra = ", empty to go back" if back else ""
    _numbered(console, labels)
    while True:
        answer = _ask(console, f"[bold]{title}[/]: a number or a square (e.g. {squares[0]}), "
                               f"h for a hint{extra}, q to quit: ")
        if answer in ("q", "quit", "exit"):
            return None
        if back and answer == "":
            return _BACK
        if answer in ("h", "hint", "?"):
            menu.hint(state, seat)
            continue
        try:
            picked = menu.choice(answer, len(squares))
        except ValueError as err:
            console.print(f"[red]{err}[/red]")
            continue
        text = f"{verb} {squares[picked]}" if picked is not None else (
            answer if answer.startswith(("build ", "erase ")) else f"{verb} {answer}")
        if text in events:
            return state.parse(text)
        console.print(f"[red]{answer!r} is not legal here: "
                      f"{why_refused(obs, seat, obs['phase'], text)}[/red]")


def _numbered(console: Console, labels: list[str]) -> None:
    cells = [f"[bold cyan]{i:>3}[/] {label}" for i, label in enumerate(labels, 1)]
    per_line = 6 if all(len(label) <= 14 for label in labels) else 2
    for start in range(0, len(cells), per_line):
        console.print("  ".join(cells[start:start + per_line]))


def _ask(console: Console, prompt: str) -> str:
    return " ".join(console.input(prompt).strip().lower().split())


def _square_key(square: str) -> tuple[str, int]:
    return square[0], int(square[1:]) if square[1:].isdigit() else 0


def why_refused(obs: dict[str, Any], seat: int, phase: str, text: str) -> str:
    """Why ``text`` (``build K SQ``, ``erase SQ``) is not legal for ``seat`` now, in plain
    words (shared/spec/pharaoh.md, Setup, Build action, Erase). ``text`` is known to be
    refused; this only names the reason."""
    words = text.split()
    sheet = obs["seats"][seat]
    if phase == "erase" and words[0] != "erase" or phase != "erase" and words[0] == "erase":
        return f"this is the {phase}: " + ("type a square to erase" if phase == "erase"
                                           else "nothing is erased now")
    square = words[-1] if len(words) >= 2 else ""
    kind = words[1] if words[0] == "build" and len(words) == 3 else None
    if words[0] == "build" and len(words) != 3:
        return "write KIND SQUARE, e.g. road c4"
    if kind is not None and kind not in KINDS:
        return f"there is no building called {kind!r} (kinds: {', '.join(KINDS)})"
    if not _is_square(square):
        return f"there is no square {square!r}: squares are a1 to f6"
    if square in obs["hills"]:
        where = f"{square} is a hill"
    elif square in obs["rivers"]:
        where = f"{square} is a river"
    elif square in sheet["sheet"]:
        where = f"{square} holds a {sheet['sheet'][square]}"
    else:
        where = None
    if words[0] == "erase":
        return (f"{square} is empty: only a building or road is erased" if where is None
                else f"{where}: only a building or road is erased" if "holds" not in where
                else f"{where}, which cannot be erased now")
    if where is not None:
        return f"{where}: a tile goes on an empty square"
    if phase == "starting housing" and kind != "housing":
        return "the first tile of the game is a housing"
    if kind == "monument" and sheet["monuments_drawn"] >= MONUMENT_LIMIT:
        return f"you have drawn the {MONUMENT_LIMIT} monuments a game allows"
    if phase == "build action" and kind is not None and not affordable(sheet["storage"], kind):
        have = ", ".join(f"{n} {r}" for r, n in sheet["storage"].items())
        return f"a {kind} costs {cost_text(kind)} and your storage holds {have}"
    return f"a {kind} cannot go on {square} now"


def _is_square(square: str) -> bool:
    return (len(square) == 2 and square[0] in "abcdef" and square[1] in "123456")
