"""``python -m rulecraft.cli``: the same as the ``rulecraft`` console script."""

import sys

from rulecraft.cli.main import main

sys.exit(main())
