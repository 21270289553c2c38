"""Which JSON fields of a backup hold ids, declared by type.

Every JSON field of every model a backup carries is listed here, either with the type of its content
(ids marked with the game log's `Ref`, tournament.core.game_log_kinds) or as holding no ids at all
(`NO_IDS`); the game log's entries are typed by the log itself (`GAME_LOG`). A model that gains a
JSON field not listed here fails tests/events/test_backup_portable.py, so an id can never travel
unmapped into another database.

`map_ids(key, value, fn)` walks a stored value by its declared type and replaces every id with
fn("app.Model", old id); `ids_in(key, value)` lists them (the checks compare them with the file's rows).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Annotated, Union

from tournament.core import game_log
from tournament.core.game_log_kinds import PlayerId, Ref, TeamId

NO_IDS = "no ids"
GAME_LOG = "the game log"


class Strength(float):
    """A measure stored beside ids (a side's cautious rating in SeatingDraw.strengths): never an id."""


TableSides = list[list[list[PlayerId]]]  # table by table, side by side, its players

JSON_FIELDS: dict[str, object] = {
    "tournament.Tournament.rules_numbers": NO_IDS,
    "tournament.Tournament.rules_history": NO_IDS,  # users by username, numbers
    "tournament.DrawRecord.lines": list[TeamId | None],  # None: a bye
    "tournament.DrawRecord.seeded": list[TeamId],
    "tournament.Game.tie_totals": NO_IDS,
    "tournament.Game.held_hands": NO_IDS,  # hand numbers within the game
    "tournament.GameEvent.data": GAME_LOG,
    "tournament.PeopleChange.data": GAME_LOG,  # typed as the log entry of its kind
    "tournament.PartnerDraw.pairs": list[list[PlayerId]],
    "tournament.SeatingDraw.sides": TableSides,
    "tournament.SeatingDraw.seats": list[list[PlayerId]],
    "tournament.SeatingDraw.sitting_out": list[PlayerId],
    "tournament.SeatingDraw.strengths": list[tuple[list[PlayerId], Strength]],
    "tournament.EntrantMail.stopped": NO_IDS,  # the kinds of message an entrant stopped
    "scoring.Hand.entries": NO_IDS,  # each side's numbers, by its name
    "scoring.Hand.result": NO_IDS,
    "scoring.HandRevision.entries": NO_IDS,
    "scoring.HandRevision.result": NO_IDS,
}


class Unmapped(ValueError):
    """A value that does not have its declared shape, or an id `fn` does not know."""


def _walk(tp, value, fn: Callable[[str, int], int]):
    origin = typing.get_origin(tp)
    if origin is Annotated:
        refs = [a for a in typing.get_args(tp)[1:] if isinstance(a, Ref)]
        if refs:
            if isinstance(value, bool) or not isinstance(value, int):
                raise Unmapped(f"{value!r} is not an id")
            return fn(refs[0].model, value)
        return _walk(typing.get_args(tp)[0], value, fn)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in typing.get_args(tp):
            return None
        (inner,) = [o for o in typing.get_args(tp) if o is not type(None)]
        return _walk(inner, value, fn)
    if origin is list:
        if not isinstance(value, list):
            raise Unmapped(f"{value!r} is not a list")
        (inner,) = typing.get_args(tp)
        return [_walk(inner, item, fn) for item in value]
    if origin is tuple:
        parts = typing.get_args(tp)
        if not isinstance(value, list) or len(value) != len(parts):
            raise Unmapped(f"{value!r} is not a list of {len(parts)}")
        return [_walk(part, item, fn) for part, item in zip(parts, value)]
    if tp is Strength:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Unmapped(f"{value!r} is not a number")
        return value
    raise Unmapped(f"the declared type {tp!r} is not one this walker reads")


def map_ids(key: str, value, fn: Callable[[str, int], int], kind: str | None = None):
    """`value` of field `key` ("app.Model.field") with every id replaced by fn("app.Model", id).
    `kind`: the log entry's kind, for the game log's data."""
    declared = JSON_FIELDS[key]
    if declared == NO_IDS or value is None:
        return value
    if declared == GAME_LOG:
        return game_log.remap_ids(kind, value, fn)
    return _walk(declared, value, fn)


def ids_in(key: str, value, kind: str | None = None) -> list[tuple[str, int]]:
    """("app.Model", id) for every id the value of field `key` holds (Unmapped if misshapen)."""
    found: list[tuple[str, int]] = []

    def note(model: str, pk: int) -> int:
        found.append((model, pk))
        return pk

    map_ids(key, value, note, kind)
    return found


def holds_ids(key: str) -> bool:
    return JSON_FIELDS.get(key, NO_IDS) != NO_IDS


def undeclared(json_fields: list[str]) -> list[str]:
    """The JSON fields ("app.Model.field") of a backup that this module does not declare."""
    return sorted(set(json_fields) - set(JSON_FIELDS))
