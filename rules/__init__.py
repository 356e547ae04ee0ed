"""Pure rules engines, one package per game, sharing the contract in :mod:`rules.core`."""
