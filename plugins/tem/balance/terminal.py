"""Report: the balance report as rich tables in the terminal (a designer's first read)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from rulecraft.plugins.tem.balance.compare_text import CHOICES, FRACTIONAL_WINS, agent_choices, notes, tables
from rulecraft.runtime.balance.report import num, pct
from rulecraft.runtime.safe_console import SafeConsole

if TYPE_CHECKING:
    from rich.console import JustifyMethod


def _rate_table(title: str, key: str, rows: list[dict[str, Any]], expected: float | None) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(key)
    table.add_column("n", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate [95% CI]", justify="right")
    for row in rows:
        flag = ""
        if expected is not None and row["n"] and (row["low"] > expected or row["high"] < expected):
            flag = " [bold]*[/bold]"
        table.add_row(str(row[key]), str(row["n"]), f"{row['wins']:g}", pct(row) + flag)
    return table


def _pilot_table(rows: list[dict[str, Any]], expected: float | None) -> Table:
    """Every pilot of the stack, kept or not, with how often it was kept when dealt and by which agents."""
    table = Table(title="Win rate by pilot (every pilot of the stack)", title_justify="left")
    for column in ("pilot", "dealt", "kept", "kept when dealt", "by agent (kept/dealt)", "wins",
                   "win rate when kept [95% CI]"):
        table.add_column(column, justify="left" if column in ("pilot", "by agent (kept/dealt)") else "right")
    for row in rows:
        flag = ""
        if expected is not None and row["n"] and (row["low"] > expected or row["high"] < expected):
            flag = " *"
        table.add_row(row["pilot"], str(row["dealt"]), str(row["n"]), Text(pct(row["kept_when_dealt"])),
                      agent_choices(row["by_agent"]), f"{row['wins']:g}",
                      Text(pct(row) + flag if row["n"] else "never kept"))
    return table


def print_report(report: dict[str, Any], title: str, console: Console | None = None) -> None:
    console = console or SafeConsole()
    players = report["players"]
    expected = 1 / players if players else None
    console.rule(f"[bold]{title}")
    console.print(f"{report['games']} games, {players} players; intervals are 95% "
                  f"(Wilson for rates, t for means); * = the interval excludes the fair share "
                  f"{100 * expected:.1f}%" if expected else f"{report['games']} games")
    vp = report["final_vp"]
    table = Table(title="Final VP", title_justify="left")
    for column in ("mean [95% CI]", "sd", "min", "q1", "median", "q3", "max", "winner's VP", "margin"):
        table.add_column(column, justify="right")
    table.add_row(num(vp["mean"]), f"{vp['sd']:.2f}", f"{vp['min']}", f"{vp['q1']:g}", f"{vp['median']:g}",
                  f"{vp['q3']:g}", f"{vp['max']}", num(vp["winner_mean"], 1), num(vp["margin_mean"], 1))
    console.print(table)
    for key, label in (("seat", "Win rate by seat"), ("agent", "Win rate by agent")):
        console.print(_rate_table(label, key, report["win_rate"][key], expected))
    console.print(_pilot_table(report["win_rate"]["pilot"], expected))
    console.print(f"{report['fractional_wins']} of {report['games']} games ended in a shared victory. "
                  f"{FRACTIONAL_WINS}", markup=False, highlight=False)
    console.print(CHOICES, markup=False, highlight=False)
    first = report["first_player"]
    console.print(f"First player (round 1's Starting Player): wins {pct(first)} of n={first['n']} "
                  f"(fair share {100 * expected:.1f}%)" if expected else "")
    table = Table(title="VP by source (mean per player per game)", title_justify="left")
    table.add_column("source")
    table.add_column("mean VP", justify="right")
    table.add_column("share", justify="right")
    agents = list(report["vp_by_source"][0]["by_agent"]) if report["vp_by_source"] else []
    if len(agents) > 1:           # how each agent scores: where a strong agent's edge comes from
        for agent in agents:
            table.add_column(agent, justify="right")
    for row in report["vp_by_source"]:
        cells = [f"{row['by_agent'][a]:.2f}" for a in agents] if len(agents) > 1 else []
        table.add_row(row["source"], f"{row['mean']:.2f}", f"{100 * row['share']:.1f}%", *cells)
    console.print(table)
    table = Table(title="Weapons (per player-game)", title_justify="left")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("weapon", "left"), ("tier", "left"), ("bought", "right"), ("purchase rate [95% CI]", "right"),
        ("owners", "right"), ("win rate when owned [95% CI]", "right"))
    for column, justify in columns:
        table.add_column(column, justify=justify)
    for row in report["weapons"]:
        owned = row["win_when_owned"]
        table.add_row(row["weapon"], row["tier"], str(row["purchases"]), pct(row["purchase_rate"]),
                      str(owned["n"]), pct(owned))
    console.print(table)
    mech, length, combat = report["mech"], report["length"], report["combat"]
    table = Table(title="The game", title_justify="left")
    table.add_column("metric")
    table.add_column("value [95% CI]", justify="right")
    table.add_row("Mighty Mech controlled at the end", pct(mech["control_rate"]))
    table.add_row("Mighty Mech takeovers per game", num(mech["taken_per_game"]))
    table.add_row("its controller wins", pct(mech["controller_wins"]))
    table.add_row("rounds per game", num(length["rounds"]))
    table.add_row("turns per game", num(length["turns"], 1))
    table.add_row("decisions per game", num(length["decisions"], 1))
    table.add_row("events per game", num(length["events"], 1))
    table.add_row("Combats per game", num(combat["combats"]))
    table.add_row("KOs per game", num(combat["kos"]))
    table.add_row("retreats per game", num(combat["retreats"]))
    console.print(table)
    for row in report["aborted"]:
        console.print(f"[red]aborted[/red] game {row['index']} (seed {row['seed']}): {row['reason']}")


def print_comparison(comparison: dict[str, Any], a: str, b: str, console: Console | None = None) -> None:
    """Variant minus base: every pilot and weapon of the stacks, the seats, the agents and the game."""
    console = console or SafeConsole()
    console.rule(f"[bold]B - A: {b}  minus  {a}")
    for line in notes(comparison):
        console.print(line, markup=False, highlight=False)
    for spec in tables(comparison):
        table = Table(title=spec.title, title_justify="left")
        for i, header in enumerate(spec.headers):
            table.add_column(header, justify="left" if i == 0 else "right", no_wrap=True)
        for row in spec.rows:
            table.add_row(*(Text(cell) for cell in row))     # "[...]" is an interval, not markup
        console.print(table)
