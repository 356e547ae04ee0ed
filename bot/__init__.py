"""The Discord adapter (:mod:`bot.discord`), the table service it drives (:mod:`bot.service`), and the
terminal client (:mod:`bot.local`). Only :mod:`bot.discord` knows Discord."""
