"""The game log's entries, typed: one schema per kind of entry (GameEvent.kind -> its `data`).

Every entrant is referred to the same way in every entry, bracket or table round: an `Entrant`,
stored as {"team": id} (a bracket team or a partnership) or {"player": id} (a player seated alone).
A reference names the entrant itself, not a seat: a bracket slot changes hands when a feeder's
result is corrected, and the log must keep saying who it was.

Fields that hold ids are typed with the id's model (`TeamId`, `PlayerId`, `GameId`), so whoever
must translate ids (the backup import) finds them by walking the schemas (`id_fields`, `remap_ids`)
instead of keeping its own list. `dump` is what `log_event` writes through: an unknown kind, an
unknown or missing field, or a value of the wrong type raises `LogSchemaError` (a programming error,
never a user's). `read` gives a stored entry back as its schema's object.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterator
from typing import Annotated, Any, Union

from tournament.core.game_log_kinds import (  # noqa: F401  (the kinds are read through this module)
    RENAMED,
    SCHEMAS,
    Entrant,
    EntrantTotal,
    LogSchemaError,
    Ref,
    current,
)


def schema_of(kind: str) -> type:
    """The schema of `kind` (an old name of a renamed kind reads as today's)."""
    try:
        return SCHEMAS[RENAMED.get(kind, kind)]
    except (KeyError, TypeError):
        raise LogSchemaError(f"no game-log schema for the kind {kind!r}") from None


def field_names(kind: str) -> set[str]:
    """The fields an entry of `kind` has."""
    return {f.name for f in dataclasses.fields(schema_of(kind))}


def dump(kind: str, data: dict) -> dict:
    """`data` (keyword values: plain JSON or schema objects) checked against `kind`'s schema, as JSON.
    Only today's names are written."""
    if kind in RENAMED:
        raise LogSchemaError(f"the kind {kind!r} is written {RENAMED[kind]!r} now")
    return to_json(parse(kind, _plain(data)))


def parse(kind: str, data: Any):
    """The stored `data` of a `kind` entry as its schema's object; LogSchemaError if it does not fit."""
    return _value(schema_of(kind), data, kind)


def read(event):
    """A GameEvent's data as its schema's object."""
    return parse(event.kind, event.data)


def to_json(obj) -> Any:
    if dataclasses.is_dataclass(obj):
        # A field added later (game_log_kinds.later) is written only when it says something.
        out = {f.name: to_json(getattr(obj, f.name)) for f in dataclasses.fields(obj)
               if not (f.metadata.get("later") and getattr(obj, f.name) in ([], False, "", None))}
        # An entrant names only what it is ({"team": 5}), not the empty other half.
        return {k: v for k, v in out.items() if v is not None} if isinstance(obj, Entrant) else out
    if isinstance(obj, list):
        return [to_json(item) for item in obj]
    return obj


def _plain(value):
    if dataclasses.is_dataclass(value):
        return to_json(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _hints(cls) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def _value(tp, value, where: str):
    """`value` (JSON) read as type `tp`; LogSchemaError naming `where` when it does not fit."""
    origin = typing.get_origin(tp)
    if origin is Annotated:
        return _value(typing.get_args(tp)[0], value, where)
    if origin in (Union, types.UnionType):
        options = typing.get_args(tp)
        if value is None:
            if type(None) in options:
                return None
            raise LogSchemaError(f"{where}: must not be empty")
        (inner,) = [o for o in options if o is not type(None)]
        return _value(inner, value, where)
    if origin is list:
        if not isinstance(value, list):
            raise LogSchemaError(f"{where}: must be a list, not {value!r}")
        (inner,) = typing.get_args(tp)
        return [_value(inner, item, f"{where}[{i}]") for i, item in enumerate(value)]
    if dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            raise LogSchemaError(f"{where}: must be an object, not {value!r}")
        hints = _hints(tp)
        unknown = set(value) - set(hints)
        if unknown:
            raise LogSchemaError(f"{where}: unknown field(s) {', '.join(sorted(map(str, unknown)))}")
        kwargs = {}
        for f in dataclasses.fields(tp):
            if f.name in value:
                kwargs[f.name] = _value(hints[f.name], value[f.name], f"{where}.{f.name}")
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise LogSchemaError(f"{where}: missing field {f.name}")
        try:
            return tp(**kwargs)
        except LogSchemaError as exc:
            raise LogSchemaError(f"{where}: {exc}") from None
    if tp is bool:
        if not isinstance(value, bool):
            raise LogSchemaError(f"{where}: must be true or false, not {value!r}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise LogSchemaError(f"{where}: must be a whole number, not {value!r}")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise LogSchemaError(f"{where}: must be text, not {value!r}")
        return value
    raise LogSchemaError(f"{where}: the schema uses a type the log cannot hold ({tp!r})")


# ---- ids, derived from the schemas --------------------------------------------------------------

def _ids_in(tp, path: str) -> Iterator[tuple[str, str]]:
    """(path, "app.Model") for every id field reachable from type `tp`."""
    origin = typing.get_origin(tp)
    if origin is Annotated:
        refs = [a for a in typing.get_args(tp)[1:] if isinstance(a, Ref)]
        if refs:
            yield path, refs[0].model
        yield from _ids_in(typing.get_args(tp)[0], path)
    elif origin in (Union, types.UnionType):
        for option in typing.get_args(tp):
            yield from _ids_in(option, path)
    elif origin is list:
        yield from _ids_in(typing.get_args(tp)[0], path + "[]")
    elif dataclasses.is_dataclass(tp):
        for name, hint in _hints(tp).items():
            yield from _ids_in(hint, f"{path}.{name}" if path else name)


def id_fields() -> dict[str, dict[str, str]]:
    """kind -> {field path ("absent[].team") -> "app.Model"} for every id the log can hold."""
    return {kind: dict(_ids_in(schema, "")) for kind, schema in SCHEMAS.items()}


def id_models() -> set[str]:
    return {model for fields in id_fields().values() for model in fields.values()}


def _map_ids(tp, value, fn: Callable[[str, int], int]):
    origin = typing.get_origin(tp)
    if origin is Annotated:
        refs = [a for a in typing.get_args(tp)[1:] if isinstance(a, Ref)]
        if refs and isinstance(value, int) and not isinstance(value, bool):
            return fn(refs[0].model, value)
        return _map_ids(typing.get_args(tp)[0], value, fn)
    if origin in (Union, types.UnionType):
        if value is None:
            return None
        (inner,) = [o for o in typing.get_args(tp) if o is not type(None)]
        return _map_ids(inner, value, fn)
    if origin is list and isinstance(value, list):
        (inner,) = typing.get_args(tp)
        return [_map_ids(inner, item, fn) for item in value]
    if dataclasses.is_dataclass(tp) and isinstance(value, dict):
        hints = _hints(tp)
        return {k: _map_ids(hints[k], v, fn) if k in hints else v for k, v in value.items()}
    return value


def remap_ids(kind: str, data: dict, fn: Callable[[str, int], int]) -> dict:
    """`data` (a stored entry of `kind`) with every id replaced by fn("app.Model", old id)."""
    return _map_ids(schema_of(kind), data, fn)


def ids_of(kind: str, data: dict) -> list[tuple[str, int]]:
    """("app.Model", id) for every id in a stored entry."""
    found: list[tuple[str, int]] = []

    def note(model: str, pk: int) -> int:
        found.append((model, pk))
        return pk

    remap_ids(kind, data, note)
    return found
