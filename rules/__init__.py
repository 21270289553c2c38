"""Meldboard's rules engine: every club rummy variant of ../shared/RULES.md, scored to the letter.

Pure standard-library Python, free of the web framework, so tests, support and the JSON command can use it alone.
See rules/README.md for the API and `python -m rules`.
"""

from .cards import card_values
from .command import score
from .confirmed import CONFIRM_WINDOW_MINUTES, Counted, confirmed_totals
from .describe import describe_presets
from .errors import InvalidSettings, Problem, RulesError, UnknownVariant
from .game_end import game_over, time_limit_winner
from .meld import meld_bands, next_meld
from .presets import PRESET_NAMES, preset_numbers, side_fields
from .totals import running_totals, totals_after

__all__ = [
    "CONFIRM_WINDOW_MINUTES",
    "Counted",
    "PRESET_NAMES",
    "InvalidSettings",
    "Problem",
    "RulesError",
    "UnknownVariant",
    "card_values",
    "confirmed_totals",
    "describe_presets",
    "game_over",
    "meld_bands",
    "next_meld",
    "preset_numbers",
    "running_totals",
    "score",
    "side_fields",
    "time_limit_winner",
    "totals_after",
]
