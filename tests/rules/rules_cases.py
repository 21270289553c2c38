"""Builders for hand entries in tests: every field a variant uses, zero unless given."""

from __future__ import annotations

import rules


def side(variant: str, name: str, total_before: int = 0, **values: object) -> dict:
    entry: dict = {"name": name, "total_before": total_before}
    for field in rules.side_fields(variant):
        entry[field] = False if field == "went_out" else 0
    unknown = set(values) - set(entry)
    assert not unknown, f"{variant} does not use {unknown}"
    entry.update(values)
    return entry


def hand(variant: str, *sides: dict, **top: object) -> dict:
    payload: dict = {"variant": variant, "hand_number": 1, "sides": list(sides)}
    payload.update(top)
    return payload


def scored(payload: dict) -> dict[str, dict]:
    """The result per side name; fails the test with the errors if the hand was refused."""
    ok, result = rules.score(payload)
    assert ok, result
    return {s["name"]: s for s in result["sides"]}


def refused(payload: dict) -> list[dict]:
    ok, result = rules.score(payload)
    assert not ok, result
    assert set(result) == {"errors"} and result["errors"]
    for error in result["errors"]:
        assert set(error) == {"side", "field", "message", "code", "params"}
        assert "internal error" not in error["message"]
    return result["errors"]


def fields_refused(payload: dict) -> set[tuple[str | None, str | None]]:
    return {(e["side"], e["field"]) for e in refused(payload)}
