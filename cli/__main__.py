"""``python -m rulecraft.cli``: the same as the ``rulecraft`` console script.

``python -m`` puts the current folder first on ``sys.path``; rulecraft takes it off before importing
anything else, so a module or a distribution's metadata lying in a shared pack's folder cannot shadow
or join the installed ones (packs are data, issue 9).
"""

import os
import sys

sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) != os.getcwd()]

from rulecraft.cli.main import command_line  # noqa: E402  (after the sys.path fix, on purpose)

sys.exit(command_line())
