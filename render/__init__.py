"""Pillow pictures of what a seat may see: one module per game over the shared :mod:`render.kit`.

A renderer is a pure function of a view: ``render_board(view, ...) -> bytes`` (PNG). Same view,
same bytes. The bot calls renderers in a worker thread, never on the event loop.
"""
