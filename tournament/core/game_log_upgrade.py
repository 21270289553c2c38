"""Game-log entries written before the log was typed (migration 0010), in today's shape.

Before, entrants were bare ids whose meaning depended on the writer: the bracket wrote Team ids
(`absent`, `agreed`, `totals` keys, `winner`, `old_winner`, `team`), the table rounds wrote GameSide
ids (`absent`, `totals` keys, and `agreed` at a table of players seated alone) or seat numbers
(`winner_side`, `side`), and a tie level again after one more hand wrote `totals` as a plain list in
seat order. Now each is an Entrant ({"team": id} or {"player": id}; tournament.core.game_log).

Used by the data migration and by the backup import (a file exported before the migration). Kept
free of models so a migration can call it with its historical rows; do not change what it does
for old data, only add to it.
"""

from __future__ import annotations

from dataclasses import dataclass

# The migration after which every stored entry has today's shape.
TYPED_SINCE = "0010_typed_game_log"


@dataclass(frozen=True)
class Seat:
    pk: int
    slot: int
    team_id: int | None
    player_id: int | None


def _entrant(seat: Seat | None) -> dict | None:
    if seat is None or not (seat.team_id or seat.player_id):
        return None
    return {"team": seat.team_id} if seat.team_id else {"player": seat.player_id}


def _is_id(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def upgrade(kind: str, data: dict, seats: list[Seat], at_table: bool) -> dict:
    """One stored entry of a game in today's shape. `seats`: the game's sides; `at_table`: the game
    is a table of a table-round event (whose deadlines wrote GameSide ids). Already-typed values
    are left as they are, so running it twice changes nothing."""
    if not isinstance(data, dict):
        return data
    by_pk = {s.pk: s for s in seats}
    by_slot = {s.slot: s for s in seats}
    teams_started = any(s.team_id for s in seats)  # a start through the bracket's code: Team ids

    def team(value):
        return {"team": value} if _is_id(value) else value

    def side(value):
        return _entrant(by_pk.get(value)) if _is_id(value) else value

    def entrants(values, as_sides: bool) -> list:
        out = [side(v) if as_sides else team(v) for v in values or []]
        return [v for v in out if v is not None]

    out = dict(data)
    if "absent" in out:
        out["absent"] = entrants(out["absent"], at_table)
    if "agreed" in out:
        out["agreed"] = entrants(out["agreed"], not teams_started)
    if isinstance(out.get("totals"), dict):
        out["totals"] = [
            {"entrant": (side if at_table else team)(int(key)), "total": total}
            for key, total in out["totals"].items() if key.lstrip("-").isdigit()
        ]
        out["totals"] = [t for t in out["totals"] if t["entrant"] is not None]
    elif isinstance(out.get("totals"), list) and all(_is_id(t) for t in out["totals"]):
        ordered = sorted(seats, key=lambda s: s.slot)
        out["totals"] = [{"entrant": _entrant(s), "total": t} for s, t in zip(ordered, out["totals"]) if _entrant(s)]
    for key in ("winner", "old_winner"):
        if key in out:
            out[key] = team(out[key])
    if "winner_side" in out:
        out["winner"] = _entrant(by_slot.get(out.pop("winner_side")))
    if "side" in out:
        out["entrant"] = _entrant(by_slot.get(out.pop("side")))
    if "team" in out and kind in ("no_partner", "substitute"):
        out["entrant"] = team(out.pop("team"))
    return out


def downgrade(kind: str, data: dict, seats: list[Seat], at_table: bool) -> dict:
    """The reverse of `upgrade`, for unapplying the migration: bare ids as the older code wrote them."""
    if not isinstance(data, dict):
        return data
    teams_started = any(s.team_id for s in seats)

    def seat_of(entrant) -> Seat | None:
        return next((s for s in seats if isinstance(entrant, dict) and _entrant(s) == entrant), None)

    def bare(entrant, as_side: bool):
        if not isinstance(entrant, dict):
            return entrant
        if as_side:
            seat = seat_of(entrant)
            return seat.pk if seat else None
        return entrant.get("team")

    out = dict(data)
    if "absent" in out:
        out["absent"] = [bare(e, at_table) for e in out["absent"]]
    if "agreed" in out:
        out["agreed"] = [bare(e, not teams_started) for e in out["agreed"]]
    if isinstance(out.get("totals"), list) and all(isinstance(t, dict) for t in out["totals"]):
        out["totals"] = {str(bare(t["entrant"], at_table)): t["total"] for t in out["totals"]}
    if at_table and kind in ("result", "time_limit", "time_limit_tie") and "winner" in out:
        seat = seat_of(out.pop("winner"))
        out["winner_side"] = seat.slot if seat else None
    for key in ("winner", "old_winner"):
        if key in out:
            out[key] = bare(out[key], False)
    if kind == "checked_in" and "entrant" in out:
        seat = seat_of(out.pop("entrant"))
        out["side"] = seat.slot if seat else None
    if kind in ("no_partner", "substitute") and "entrant" in out:
        out["team"] = bare(out.pop("entrant"), False)
    return out
