"""Generate: printable rules from the same source as the engine.

The stage that turns a resolved pack stack into Markdown and SVG pages for the mkdocs rules site:
``pages`` (the card reference), ``svg`` (arenas), ``scenarios`` (rulings pinned by scenario tests),
``cliref`` (the CLI reference), ``plugin`` (the mkdocs plugin that adds them to a build) and ``site``
(build the site for any stack, used by ``rulecraft docs``).
"""
