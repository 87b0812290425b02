"""Pharaoh's Heir in the terminal, drawn from one seat's observation only.

View module for :mod:`thebes.tui.play`: ``render``, ``event_line``,
``move_label`` and ``choose``. Big decisions (placing tokens, paying,
offering, reaping, starving, protecting, building) are asked one position
at a time, so nobody is shown a list of a thousand moves.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.table import Table
from rich.text import Text

from thebes.core.menu import menu_choice

ACTION_TITLES = {"develop": "Land development", "sacrifice": "Sacrifice",
                 "populate": "Population", "harvest": "Harvest", "improve": "Improvement"}
COLUMN_OF = {"v": "village", "t": "temple", "c": "crop"}
BUILDING_OF = {"village": "market", "temple": "altar", "crop": "farm"}
COLUMN_STYLE = {"village": "yellow", "temple": "magenta", "crop": "green"}
AREA_TITLES = ("Harvest", "Gods", "Land", "People", "Buildings")
#: a decision with at most this many moves is one numbered menu.
MENU_LIMIT = 9
#: decisions asked in stages when they are bigger (the first word of their moves).
STAGED = ("place", "pay", "offer", "reap", "starve", "protect", "build", "pass")


def seat_name(seat: int | None, me: int) -> str:
    if seat is None:
        return "chance"
    return "You" if seat == me else f"Seat {seat + 1}"


def position_words(pos: str) -> str:
    """``t1`` -> ``temple 1`` (row 0 is the zero tile)."""
    return f"{COLUMN_OF[pos[0]]} {pos[1:]}"


# ---------------------------------------------------------------------- render
def _mat_table(obs: dict[str, Any], p: int, me: int) -> Table:
    mat = obs["mats"][p]
    flags = []
    if p == obs.get("blessing"):
        flags.append("Blessing")
    if p == obs.get("overseer"):
        flags.append("Overseer")
    name = f"You (seat {p + 1})" if p == me else f"Seat {p + 1}"
    title = name + (f" [{', '.join(flags)}]" if flags else "")
    walls = " ".join(str(v) for v in mat["floodwalls"]) or "none"
    table = Table(title=title, title_style="bold" if p == me else "", show_lines=True,
                  caption=f"Nile space: floodwalls {walls}", caption_justify="left")
    for name in ("village", "temple", "crop"):
        table.add_column(name.capitalize(), style=COLUMN_STYLE[name], min_width=14)
    rows = max(len(mat["columns"][c]) for c in ("village", "temple", "crop"))
    for r in range(rows):
        cells = []
        for name in ("village", "temple", "crop"):
            col = mat["columns"][name]
            if r >= len(col):
                cells.append(Text(""))
                continue
            t = col[r]
            label = f"{t['pos']} {t['tile'] if r else 'zero'}"
            line = Text(label)
            line.append(f"\n● {t['tokens']}", style="bold" if t["tokens"] else "dim")
            if t["canal"]:
                line.append("  ≈canal", style="blue")
            if t["building"]:
                line.append(f"\n{BUILDING_OF[name]} {t['building']}", style="bold")
            cells.append(line)
        table.add_row(*cells)
    return table


def _resources(obs: dict[str, Any], me: int) -> Table:
    table = Table(title="Reserves (coins: values in reserve; gone: out of play) "
                        "and areas this cycle")
    for head in ("seat", "grain", "coins", "gone") + AREA_TITLES:
        table.add_column(head)
    for p, mat in enumerate(obs["mats"]):
        areas = mat["areas"]
        table.add_row(seat_name(p, me), str(mat["grain"]),
                      "".join(str(v) for v in mat["reserve"]) or "-",
                      "".join(str(v) for v in mat["out_of_play"]) or "-",
                      *(str(areas[a.lower()]) for a in AREA_TITLES))
    return table


def _track(obs: dict[str, Any], me: int) -> Table:
    cycle = obs["cycle"]
    table = Table(title=f"Sacrifice track, cycle {cycle}")
    table.add_column("seat")
    for t in range(1, 7):
        table.add_column(f"T{t}", justify="right")
    table.add_column("total", justify="right")
    for p, entries in enumerate(obs["track"]):
        row = entries[(cycle - 1) * 6:cycle * 6]
        shown = [str(v) if t + 1 < obs["turn"] or (t + 1 == obs["turn"] and v) else "·"
                 for t, v in enumerate(row)]
        table.add_row(seat_name(p, me), *shown, str(sum(row)))
    return table


def _score_sheet(obs: dict[str, Any], me: int) -> Table | None:
    """VPs by area (rows) and seat (columns), cycle 1 / cycle 2."""
    if not any(obs["scores"]):
        return None
    n = obs["players"]
    table = Table(title="Score sheet (VPs, cycle 1 / cycle 2)")
    table.add_column("area")
    for p in range(n):
        table.add_column(seat_name(p, me), justify="center")
    vp = obs["vp"]
    for a, title in enumerate(AREA_TITLES):
        table.add_row(title, *(f"{vp[0][p][a]} / {vp[1][p][a]}" for p in range(n)))
    table.add_row("Subtotal", *(f"{sum(vp[0][p])} / {sum(vp[1][p])}" for p in range(n)))
    table.add_row(Text("Total", style="bold"), *(Text(str(obs["scores"][p]), style="bold")
                                                 for p in range(n)))
    return table


def render(obs: dict[str, Any], seat: int) -> Group:
    """The whole table: Nile, actions, land stacks, every mat, reserves, track, scores."""
    nile = obs["nile"]
    head = Text(f"Cycle {obs['cycle']} of 2, turn {min(obs['turn'], 6)} of 6   ", style="bold")
    head.append(f"Nile tile: {nile['tile'] or '-'}", style="bold blue")
    if nile["last_numbered"] and nile["tile"] in ("flood", "drought"):
        head.append(f" (last numbered {nile['last_numbered']})")
    head.append(f"   revealed: {' '.join(nile['revealed']) or '-'}"
                f"   face down: {'+'.join(str(n) for n in nile['face_down']) or '-'}", style="dim")
    parts: list[Any] = [head]
    if "peeked" in nile:
        parts.append(Text(f"You peeked: next year's Nile tile is {nile['peeked']}",
                          style="bold cyan"))
    elif nile["peeked_by"] is not None:
        parts.append(Text(f"{seat_name(nile['peeked_by'], seat)} peeked at next year's Nile tile",
                          style="dim"))
    acts = Text("Actions: ")
    for name in ACTION_TITLES:
        done = name not in obs["actions_left"]
        style = "dim strike" if done else "bold"
        if name == obs["action"]:
            style = "reverse"
        acts.append(f" {name} ", style=style)
    if obs["overseer"] is not None:
        acts.append(f"   Overseer: {seat_name(obs['overseer'], seat)}")
    if obs["due"] is not None:
        acts.append(f"   sacrifice due: {obs['due']}")
    parts.append(acts)
    land = obs["land"]
    stacks = Text("Land stacks: ")
    for st in land["stacks"]:
        stacks.append(f" [{st['face_up'] or '--'} +{st['face_down']}] ")
    if land["later_face_down"]:
        stacks.append(f"  second cycle: {land['later_face_down']} face down", style="dim")
    if land["set_aside"]:
        stacks.append(f"  set aside: {land['set_aside']}", style="dim")
    parts.append(stacks)
    order = [(seat + i) % obs["players"] for i in range(obs["players"])]
    parts += [Columns([_mat_table(obs, p, seat) for p in order], padding=(0, 2)),
              _resources(obs, seat), _track(obs, seat)]
    sheet = _score_sheet(obs, seat)
    if sheet is not None:
        parts.append(sheet)
    return Group(*parts)


# ---------------------------------------------------------------------- words
def _pairs_words(words: list[str], noun: str = "") -> str:
    parts = []
    for w in words:
        pos, _, k = w.partition(":")
        parts.append(f"{k} on {position_words(pos)}" if k else position_words(pos))
    return ", ".join(parts) if parts else "nothing"


def _article(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _build_words(words: list[str]) -> str:
    out = []
    i = 0
    while i < len(words):
        if words[i] == "canal":
            out.append(f"a canal on {position_words(words[i + 1])}")
            i += 2
        elif words[i] == "floodwall":
            out.append(f"a floodwall {words[i + 1]}")
            i += 2
        else:
            out.append(f"{_article(words[i])} {words[i + 1]} on {position_words(words[i + 2])}")
            i += 3
    return " and ".join(out)


def describe(text: str) -> str:
    """A move in plain words, without the actor."""
    words = text.split()
    head, rest = words[0], words[1:]
    if head in ACTION_TITLES:
        return f"chooses {ACTION_TITLES[head]}"
    if head == "take":
        return f"takes {rest[0]} into the {rest[1]} column"
    if head == "offer":
        acolytes = sum(int(w.split(':')[1]) for w in rest[1:])
        return f"offers {rest[0]} grain and {acolytes} acolyte{'' if acolytes == 1 else 's'}"
    if head == "bonus":
        return "takes the Overseer's sacrifice bonus"
    if head == "peek":
        return "peeks at next year's Nile tile"
    if head == "place":
        return f"places tokens: {_pairs_words(rest)}"
    if head == "reap":
        return f"reaps farmers: {_pairs_words(rest)}" if rest else "reaps nothing"
    if head == "starve":
        return f"starves a token on {_pairs_words(rest)}"
    if head == "protect":
        return f"protects the buildings on {_pairs_words(rest)}"
    if head == "pass":
        return "builds nothing"
    if head == "build":
        return "builds " + _build_words(rest)
    if head == "pay":
        return f"pays tokens: {_pairs_words(rest)}"
    return text


def event_line(obs_before: dict[str, Any], text: str, actor: int | None) -> str:
    """One log line for an event as the person's seat sees it."""
    me = obs_before["seat"]
    if actor is None:
        head = text.split()[0]
        if head == "blessing":
            return f"Pharaoh's Blessing goes to {seat_name(int(text.split()[1]) - 1, me)}"
        if head == "nile":
            return "The Nile stacks are shuffled and laid face down"
        if head == "land":
            return "The land stacks are shuffled; their top tiles are turned face up"
        return text
    words = describe(text)
    if actor == me:  # "You take ...", not "You takes ..."
        verb, _, rest = words.partition(" ")
        words = f"{verb[:-1]} {rest}"
    return f"[bold]{seat_name(actor, me)}[/bold] {words}"


ACTION_HELP = {
    "develop": "Land development: everyone takes a face-up land tile (you: any column)",
    "sacrifice": "Sacrifice: everyone offers grain/acolytes (you: temple bonus or peek)",
    "populate": "Population: villages and canals grow, everyone places the Nile's tokens "
                "(you: 2 per populated village)",
    "harvest": "Harvest: everyone reaps farmers into grain and feeds populated tiles "
               "(you: +1 grain per crop tile)",
    "improve": "Improvement: everyone may build a canal and/or a building "
               "(you: tokens from any tiles)",
    "bonus": "Overseer's bonus: +1 on the sacrifice track per temple tile",
    "peek": "Peek at next year's Nile tile (only you will see it)",
}


def move_label(obs: dict[str, Any], text: str) -> str:
    """A menu label for one legal move."""
    return ACTION_HELP.get(text) or describe(text)


# ---------------------------------------------------------------------- choose
def _ask(console, prompt: str, options: list[str]) -> str | None:
    """Ask for one of ``options`` (shown numbered); ``None`` to quit."""
    for i, opt in enumerate(options, 1):
        console.print(f"  [bold cyan]{i:>3}[/]  {opt}")
    while True:
        answer = console.input(f"[bold]{prompt}[/] (number, or q to quit): ").strip()
        if answer.lower() in ("q", "quit", "exit"):
            return None
        try:
            picked = menu_choice(answer, len(options))
        except ValueError as err:
            console.print(f"[red]{err}[/red]")
            continue
        if picked is not None:
            return options[picked]
        if answer in options:
            return answer
        console.print(f"[red]choose 1-{len(options)}[/red]")


def _parse_split(text: str) -> dict[str, int]:
    """``offer 2 t0:1`` -> {"grain": 2, "t0": 1}; ``starve v0 t1`` -> {"v0": 1, "t1": 1}."""
    words = text.split()
    out: dict[str, int] = {}
    rest = words[1:]
    if words[0] == "offer":
        out["grain"] = int(rest[0])
        rest = rest[1:]
    for w in rest:
        pos, _, k = w.partition(":")
        out[pos] = int(k) if k else 1
    return out


def _stage_split(console, obs, texts: list[str]) -> str | None:
    """Choose a token distribution position by position."""
    head = texts[0].split()[0]
    splits = [(_parse_split(t), t) for t in texts]
    keys: list[str] = []
    for split, _ in splits:
        for k in split:
            if k not in keys:
                keys.append(k)
    keys.sort(key=lambda k: (-1, 0) if k == "grain" else ("vtc".index(k[0]), int(k[1:])))
    mat = obs["mats"][obs["seat"]]
    tokens = {t["pos"]: t["tokens"] for col in mat["columns"].values() for t in col}
    noun = {"place": "tokens to place", "pay": "tokens to pay", "offer": "grain and acolytes",
            "reap": "farmers to reap", "starve": "tiles that starve",
            "protect": "building tiles to protect"}[head]
    fixed = head not in ("reap",)
    total = sum(splits[0][0].values())
    console.print(f"[bold]{head}[/bold]: choose the {noun} one position at a time"
                  + (f" ({total} in all)" if fixed else ""))
    remaining = splits
    chosen = 0
    for key in keys:
        values = sorted({s.get(key, 0) for s, _ in remaining})
        if len(values) == 1:
            chosen += values[0]
            continue
        where = "grain from your reserve" if key == "grain" else (
            f"{position_words(key)} ({tokens.get(key, 0)} tokens now)")
        options = [str(v) for v in values]
        left = f", {total - chosen} left" if fixed else ""
        if head in ("starve", "protect"):
            options = ["no", "yes"] if values == [0, 1] else options
            prompt = f"{position_words(key)} ({tokens.get(key, 0)} tokens now{left})?"
        else:
            prompt = f"how many on {where}{left}?"
        answer = _ask(console, prompt, options)
        if answer is None:
            return None
        v = {"no": 0, "yes": 1}.get(answer, None)
        v = int(answer) if v is None else v
        chosen += v
        remaining = [(s, t) for s, t in remaining if s.get(key, 0) == v]
    return remaining[0][1]


def _stage_reap(console, obs) -> str | None:
    """Choose how many farmers to reap on each populated crop tile (any number each)."""
    mat = obs["mats"][obs["seat"]]
    console.print("[bold]reap[/bold]: turn farmers into grain, one crop tile at a time")
    words = []
    for t in mat["columns"]["crop"]:
        if not t["tokens"]:
            continue
        answer = _ask(console, f"how many farmers to reap on {position_words(t['pos'])} "
                               f"({t['tokens']} there)?", [str(k) for k in range(t["tokens"] + 1)])
        if answer is None:
            return None
        if answer != "0":
            words.append(f"{t['pos']}:{answer}")
    return " ".join(["reap"] + words)


def _stage_build(console, texts: list[str]) -> str | None:
    """Choose a build: first the canal (or none), then the building (or none)."""
    def parts(text: str) -> tuple[str, str]:
        words = text.split()[1:]
        canal = ""
        if words and words[0] == "canal":
            canal, words = words[1], words[2:]
        return canal, " ".join(words)

    options = [(parts(t), t) for t in texts if t != "pass"]
    canals = sorted({c for (c, _), _ in options}, key=lambda c: (c != "", "vtc".find(c[:1]), c))
    labels = [f"canal on {position_words(c)}" if c else "no canal" for c in canals]
    answer = _ask(console, "improvement: a canal?", ["build nothing (pass)"] + labels)
    if answer is None:
        return None
    if answer.startswith("build nothing"):
        return "pass"
    canal = canals[labels.index(answer)]
    left = [(b, t) for (c, b), t in options if c == canal]
    sites = []
    for b, _ in left:
        site = "none" if not b else ("floodwall" if b.startswith("floodwall") else b.split()[2])
        if site not in sites:
            sites.append(site)
    labels = {"none": "no building", "floodwall": "a floodwall in the Nile space"}
    site_labels = [labels[s] if s in labels else
                   f"{_article(BUILDING_OF[COLUMN_OF[s[0]]])} on {position_words(s)}"
                   for s in sites]
    answer = _ask(console, "and a building?", site_labels)
    if answer is None:
        return None
    site = sites[site_labels.index(answer)]
    chosen = [(b, t) for b, t in left if (site == "none" and not b) or (
        site == "floodwall" and b.startswith("floodwall")) or (b and b.split()[-1] == site
                                                               and not b.startswith("floodwall"))]
    if len(chosen) == 1:
        return chosen[0][1]
    values = [b.split()[1] for b, _ in chosen]
    answer = _ask(console, "which coin (its value is the cost in tokens)?", values)
    if answer is None:
        return None
    return chosen[values.index(answer)][1]


def choose(console, state, seat: int, menu):
    """Staged menus for the big decisions; a plain numbered menu for small ones (``menu``:
    the loop's, thebes/tui/play.py ``Menu``)."""
    actions = state.legal_actions()
    head = state.action_to_text(actions[0]).split()[0]
    if len(actions) <= MENU_LIMIT or head not in STAGED:
        return menu.ask(state, seat)
    obs = state.observation(seat)
    if head == "reap":
        text = _stage_reap(console, obs)
        return None if text is None else state.parse(text)
    texts = [state.action_to_text(a) for a in actions]
    if head in ("build", "pass"):
        text = _stage_build(console, texts)
    else:
        text = _stage_split(console, obs, texts)
    if text is None:
        return None
    console.print(f"[dim]{text}[/dim]")
    return state.parse(text)
