"""Generate: printable rules from the same source as the engine.

The stage that turns a resolved pack stack into documents. For the mkdocs rules site: ``sitepages`` (the
pages every game gets), ``markdown`` and ``reference`` (what a game's own reference pages are made of:
tables, designed daggers, ability cells, page heads), ``rulings`` (ruling ids of a game's letters as
links), ``values`` (rule values in the hand-written pages), ``plaintext`` (pack text made safe for any
output), ``scenarios`` (rulings linked to the scenario tests), ``plugindocs`` (the stack's variant plugins),
``hooks``, ``schemaref`` and ``cliref`` (references read from the code), ``codesref`` and ``examples``
(the diagnostics reference and its cases) and ``build`` (the site for any stack, ``rulecraft docs``). The
mkdocs plugin adding all of them to a build is a front end, ``rulecraft.cli.mkdocs_plugin``.
For print-and-play (``rulecraft print``): ``cards``, the card sheets of any game's card templates.
"""
