"""Load: which game a pack stack is for, from its manifests' ``game:`` and what each pack depends on.

A pack names its game (``game: tem``) or inherits the game of the packs it depends on; the packs of a stack
are for one game. Checked right after the packs are read, before any file is validated, because the game
decides which content kinds, checks and words the rest of the pipeline uses. Errors, each located in the
manifest that causes it:

- ``game-unknown``: ``game:`` names no registered game (with did-you-mean over ``rulecraft games``);
- ``game-mismatch``: a pack depends on a pack for another game (at that ``depends`` entry), or two packs
  checked together are for different games (at the later pack's ``game``, else its manifest);
- ``game-missing``: no pack of the stack names a game, directly or through its dependencies.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.packs import Pack
from rulecraft.runtime.games import UnknownGame, known_games


def _where(pack: Pack) -> tuple:
    return ("game",) if "game" in pack.manifest.data else ()


def stack_game(packs: Sequence[Pack]) -> tuple[str | None, list[Diagnostic]]:
    """The id of the game of ``packs`` (in load order, dependencies first) and the problems found; the id
    is ``None`` when there is an error."""
    if not packs:
        return None, []
    known = known_games()
    game_of: dict[str, str | None] = {}
    problems: list[Diagnostic] = []
    for pack in packs:
        declared = pack.manifest.data.get("game")
        if declared is not None and declared not in known:
            problems.append(pack.manifest.diagnostic(
                codes.GAME_UNKNOWN, f"pack '{pack.id}' is for game '{declared}', which is not registered",
                ("game",), hint=UnknownGame(declared, known).hint))
            game_of[pack.id] = None
            continue
        game = declared
        for dep in pack.depends:
            theirs = game_of.get(dep.id)
            if theirs is None:
                continue
            if game is None:
                game = theirs
            elif theirs != game:
                problems.append(pack.manifest.diagnostic(
                    codes.GAME_MISMATCH, f"pack '{pack.id}' is for game '{game}' but depends on '{dep.id}', "
                    f"a pack for game '{theirs}'", ("depends", dep.index, "id"),
                    hint="a pack layers on packs of its own game only"))
        game_of[pack.id] = game
    if problems:
        return None, problems
    games = [(pack, game_of[pack.id]) for pack in packs if game_of[pack.id] is not None]
    if not games:
        return None, [packs[0].manifest.diagnostic(
            codes.GAME_MISSING, f"no pack of the stack says which game it is for (checked: "
            f"{', '.join(p.id for p in packs)})", (),
            hint=f"add `game: ID` to the manifest, or depend on a game's core pack; registered games: "
                 f"{', '.join(known) or 'none'}")]
    first, game = games[0]
    for pack, theirs in games[1:]:
        if theirs != game:
            problems.append(pack.manifest.diagnostic(
                codes.GAME_MISMATCH, f"pack '{pack.id}' is for game '{theirs}', but '{first.id}' in the same "
                f"stack is for game '{game}'", _where(pack),
                hint="check the packs of one game at a time"))
    return (None, problems) if problems else (game, [])
