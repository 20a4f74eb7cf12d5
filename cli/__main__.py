"""``python -m rulecraft.cli``: the same as the ``rulecraft`` console script.

``python -m`` puts the current folder first on ``sys.path``; rulecraft takes it off before importing
anything else, so a module or a distribution's metadata lying in a shared pack's folder cannot shadow
or join the installed ones (packs are data, issue 9).
"""

import os
import sys

sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) != os.getcwd()]

try:
    from rulecraft.cli.main import command_line  # after the sys.path fix, on purpose
except KeyboardInterrupt:         # Ctrl-C while rulecraft is still being imported: as main() says it
    print("rulecraft: interrupted", file=sys.stderr)
    sys.exit(130)

sys.exit(command_line())
