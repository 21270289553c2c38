"""Each side's confirmed total in a backup written before GameSide kept one (RULES F1).

Such a file's sides have no `confirmed_total` and no `pending_hands`: imported as they stand they
would read 0 confirmed, and a held game's decision or the phone's leader would count nothing. They
are filled from the file's own hands, exactly as the data migration scoring 0004 filled the rows
that were here: the total less the hands still waiting for confirmation."""

from __future__ import annotations

from collections import defaultdict

SIDE = "tournament.GameSide"
HAND = "scoring.Hand"


def _rows(data: dict, label: str) -> list[dict]:
    rows = data.get("models", {}).get(label, [])
    return [row for row in rows if isinstance(row, dict)]


def _scores(result) -> list[int]:
    sides = result.get("sides", []) if isinstance(result, dict) else []
    return [side.get("hand_score", 0) if isinstance(side, dict) else 0 for side in sides]


def fill(data: dict) -> None:
    """In place: every side row without its confirmed total gets it (and its count of waiting hands)."""
    missing = [row for row in _rows(data, SIDE) if "confirmed_total" not in row]
    if not missing:
        return
    waiting = defaultdict(list)
    for hand in _rows(data, HAND):
        if not hand.get("confirmed_at"):
            waiting[hand.get("game")].append(_scores(hand.get("result")))
    by_game = defaultdict(list)
    for row in missing:
        by_game[row.get("game")].append(row)
    for game, sides in by_game.items():
        scores = waiting.get(game, [])
        for index, side in enumerate(sorted(sides, key=lambda row: row.get("slot") or 0)):
            unconfirmed = sum(hand[index] for hand in scores if index < len(hand) and isinstance(hand[index], int))
            side["confirmed_total"] = (side.get("total") or 0) - unconfirmed
            side["pending_hands"] = len(scores)
