"""Running totals: a side's total is the sum of its hand scores so far (RULES.md §2–§6; the §8
examples add each hand score to the total before it). Whatever needs a total — the score sheet,
the next hand's `total_before`, game over, the winner at the time limit — adds up here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def running_totals(hand_scores: Iterable[Sequence[int]], side_count: int) -> list[list[int]]:
    """Each side's total after each hand, from every hand's scores in side order.

    A hand with no score for a side counts 0 for it; scores beyond `side_count` are ignored."""
    totals = [0] * side_count
    after: list[list[int]] = []
    for scores in hand_scores:
        totals = [total + (scores[i] if i < len(scores) else 0) for i, total in enumerate(totals)]
        after.append(totals)
    return after


def totals_after(hand_scores: Iterable[Sequence[int]], side_count: int) -> list[int]:
    """Each side's total after these hands; all 0 before the first hand."""
    after = running_totals(hand_scores, side_count)
    return after[-1] if after else [0] * side_count
