"""Results only from confirmed hands (RULES.md F1, a Meldboard decision): when an event requires
the other side to confirm every hand, a hand not yet confirmed counts for nothing — not toward the
time limit's totals, not toward the target, not toward the winner. At the time limit a hand still
unconfirmed holds the result: the other side has CONFIRM_WINDOW_MINUTES to confirm it at the table,
after which the organizer decides (confirms or corrects the hand, or records the winner)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .totals import totals_after

# Long enough to read the hand and tap "confirm"; short enough that a round is not kept waiting.
CONFIRM_WINDOW_MINUTES = 2


@dataclass(frozen=True)
class Counted:
    totals: list[int]  # each side's total over the confirmed hands only
    pending: list[int]  # the numbers of the hands still waiting for confirmation
    as_entered: list[int]  # the totals were every pending hand confirmed as it stands

    @property
    def held(self) -> bool:
        return bool(self.pending)


def confirmed_totals(hands: Iterable[tuple[int, Sequence[int], bool]], side_count: int,
                     require_confirmation: bool = True) -> Counted:
    """`hands`: (number, each side's score, confirmed?) in hand order. Without required
    confirmation every hand counts as entered."""
    hands = list(hands)
    counted = [scores for _number, scores, confirmed in hands if confirmed or not require_confirmation]
    pending = [number for number, _scores, confirmed in hands if require_confirmation and not confirmed]
    return Counted(totals_after(counted, side_count), pending, totals_after((s for _n, s, _c in hands), side_count))
