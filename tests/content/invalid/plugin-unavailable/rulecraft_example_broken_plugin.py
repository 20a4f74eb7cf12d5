"""A registered test plugin that cannot be imported: its own import fails (a missing dependency)."""

import rulecraft_no_such_dependency  # noqa: F401  (the failure the case is about)
