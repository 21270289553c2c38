"""Why a hand cannot be written, as scoring.hands raises it; each carries words for the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scoring.models import Hand


class HandError(Exception):
    """A hand that cannot be written; `message` says why in words for the table."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Refused(HandError):
    """The rules engine (or the form) refused the entry: `errors` as the engine reports them."""

    def __init__(self, errors: list[dict]):
        self.errors = errors
        super().__init__("; ".join(e["message"] for e in errors))


class GameClosed(HandError):
    pass


class NumberTaken(HandError):
    """Another phone saved this hand number first."""


class StaleEdit(HandError):
    """The hand changed since the form was opened; `hand` is its current state."""

    def __init__(self, message: str, hand: Hand):
        super().__init__(message)
        self.hand = hand


class ResultLocked(HandError):
    pass


class HandOverNeeded(HandError):
    """The phone that entered a hand tries to confirm it without passing it to the other side."""
