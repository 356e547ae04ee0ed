"""Slash commands, one module per area: ``/game`` (tables), ``/play`` and ``/act`` (moves)."""
