"""Command line: parse arguments, call the library, format the result. Nothing else lives here."""
