"""The Discord adapter: slash commands, panels of buttons and menus built from prompts, secrets by
ephemeral reply or DM, one error funnel, and the reminder scheduler.

A command travels one way (docs/architecture.md): interaction → a command here (who, which table, what) →
:class:`bot.service.TableService` → the outcome comes back as data → :mod:`bot.discord.delivery`
sends it (thread, ephemeral reply, DM) with pictures from :mod:`render`. Nothing here knows a rule.
"""
