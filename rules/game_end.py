"""Whether a game is over after a hand, and who won."""

from __future__ import annotations

from .presets import Preset, numbers_or_raise


def _sole_leader(totals: dict[str, int]) -> str | None:
    top = max(totals.values())
    leaders = [name for name, total in totals.items() if total == top]
    return leaders[0] if len(leaders) == 1 else None


def game_over(
    variant: str, totals: dict[str, int], hands_played: int, settings: dict | None = None
) -> tuple[bool, str | None]:
    """(over, winner) after `hands_played` hands with these cumulative totals.

    - Target games (Baja, Fiji): a total at or above the target ends the game and the highest total
      wins, whoever went out (A6, B3, C3, C7); a shared highest total plays another hand.
    - Club 4-deck: over after its fixed number of hands; a shared highest total is over with no
      winner, for the organizer's play-off (D4).
    - Rummikub: over in the round someone reaches the target (a shared top plays on), or after the
      set number of rounds (a shared top then goes to the organizer) (E2).
    (True, None) therefore means "finished, tie to settle off the table".
    """
    preset, numbers = numbers_or_raise(variant, settings)
    return decide(preset, numbers, totals, hands_played)


def decide(preset: Preset, numbers: dict[str, int], totals: dict[str, int], hands_played: int) -> tuple[bool, str | None]:
    if not totals:
        return False, None
    leader = _sole_leader(totals)
    if preset.game_end in ("hands", "target_or_rounds"):
        fixed = numbers["hands"] if preset.game_end == "hands" else numbers["rounds"]
        if fixed and hands_played >= fixed:
            return True, leader
    target = numbers.get("target", 0)
    if target and max(totals.values()) >= target and leader is not None:
        return True, leader
    return False, None


def time_limit_winner(totals: dict[str, int]) -> str | None:
    """Who wins when the clock runs out: the sole highest total over completed hands (A7, D6).
    None for a shared top total, which the organizer settles (the sheets are silent; D4 plays off)."""
    return _sole_leader(totals) if totals else None
