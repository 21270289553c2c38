"""Reading a hand entry (the §7 JSON input, already parsed) into typed values, refusing every field
that is missing, of the wrong type or out of range. Only shape and type live here; what the rules
allow (books needed to go out, deck caps) is in validation.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .cards import point_step, score_step
from .errors import Problem, points, show
from .presets import PRESETS, Preset, resolve_numbers

Kind = Literal["count", "points", "rack_points", "flag"]

# Canonical order; a preset's side_fields is a subset of these.
FIELD_KINDS: dict[str, Kind] = {
    "red_books": "count",
    "black_books": "count",
    "runs": "count",
    "books_of_twos": "count",
    "went_out": "flag",
    "exact_deals": "count",
    "melded_points": "points",
    "left_points": "points",
    "left_red_threes": "count",
    "left_black_threes": "count",
    "jokers_charged": "count",
    "rack_points": "rack_points",
    "rack_jokers": "count",
}

LABELS: dict[str, str] = {
    "red_books": "red books",
    "black_books": "black books",
    "runs": "runs",
    "books_of_twos": "books of twos",
    "went_out": "went out",
    "exact_deals": "exact deals",
    "melded_points": "melded points",
    "left_points": "left points",
    "left_red_threes": "red 3s left",
    "left_black_threes": "black 3s left",
    "jokers_charged": "jokers charged",
    "rack_points": "rack points",
    "rack_jokers": "jokers on the rack",
    "total_before": "total before the hand",
}

TOP_LEVEL = ("variant", "settings", "hand_number", "sides")
# Bigger than any real total or figure by far; beyond it a number is a typo, not a score.
MAX_FIGURE = 1_000_000_000
MAX_NAME = 60
MAX_HAND_NUMBER = 10_000


@dataclass(frozen=True)
class SideEntry:
    name: str
    total_before: int = 0
    red_books: int = 0
    black_books: int = 0
    runs: int = 0
    books_of_twos: int = 0
    went_out: bool = False
    exact_deals: int = 0
    melded_points: int = 0
    left_points: int = 0
    left_red_threes: int = 0
    left_black_threes: int = 0
    jokers_charged: int = 0
    rack_points: int = 0
    rack_jokers: int = 0
    # An absent seat (a no-show, or a late arrival before the hand it joins) plays no part in the
    # hand: every figure 0, never out, scored 0 and left out of the game's end (Meldboard S1).
    absent: bool = False
    # Fields refused as entered (their value above is the default): the rule checks leave out what
    # they cannot know, and still report every other problem of the side (RULES §7).
    refused: frozenset[str] = frozenset()


@dataclass(frozen=True)
class HandEntry:
    """A hand as entered. `sides` holds None for a side that is not even an object; a side with
    refused fields is there with `refused` naming them (such a hand is never scored)."""

    preset: Preset
    numbers: dict[str, int]
    hand_number: int
    sides: tuple[SideEntry | None, ...]
    labels: tuple[str, ...] = field(default=())  # how each side is named in messages


def parse(payload: object) -> tuple[HandEntry | None, list[Problem]]:
    if not isinstance(payload, dict):
        return None, [Problem(None, None, f"a hand must be a JSON object with variant and sides, got {show(payload)}",
                              "not-a-hand", {"value": show(payload)})]
    problems: list[Problem] = []
    for key in payload:
        if key not in TOP_LEVEL:
            problems.append(Problem(None, str(key)[:MAX_NAME], f"unknown field {show(key)} (expected {', '.join(TOP_LEVEL)})",
                                    "unknown-field", {"key": show(key), "expected": ", ".join(TOP_LEVEL)}))

    variant = payload.get("variant")
    if "variant" not in payload:
        problems.append(Problem(None, "variant", "variant is missing (one of " + ", ".join(PRESETS) + ")",
                                "variant-missing", {"variants": ", ".join(PRESETS)}))
        return None, problems
    if not isinstance(variant, str) or variant not in PRESETS:
        problems.append(Problem(None, "variant", f"unknown variant {show(variant)} (one of {', '.join(PRESETS)})",
                                "unknown-variant", {"variant": show(variant), "variants": ", ".join(PRESETS)}))
        return None, problems
    preset = PRESETS[variant]

    numbers, setting_problems = resolve_numbers(preset, payload.get("settings"))
    problems += setting_problems

    hand_number = 1
    if "hand_number" in payload:
        value = payload["hand_number"]
        if _is_int(value) and 1 <= value <= MAX_HAND_NUMBER:
            hand_number = value
        else:
            problems.append(Problem(None, "hand_number", f"hand_number must be a whole number from 1, got {show(value)}",
                                    "hand-number-invalid", {"value": show(value)}))
    elif preset.counts_hands:
        problems.append(Problem(None, "hand_number", f"hand_number is missing ({variant} counts hands)",
                                "hand-number-missing", {"variant": variant}))

    raw_sides = payload.get("sides")
    if not isinstance(raw_sides, list):
        if "sides" not in payload:
            problems.append(Problem(None, "sides", "sides is missing", "sides-missing"))
        else:
            problems.append(Problem(None, "sides", f"sides must be a list, got {show(raw_sides)}", "sides-not-list",
                                    {"value": show(raw_sides)}))
        return None, problems
    low, high = numbers["min_sides"], numbers["max_sides"]
    if not low <= len(raw_sides) <= high:
        wanted = f"{low}" if low == high else f"{low} to {high}"
        problems.append(Problem(None, "sides", f"{variant} is scored for {wanted} sides, got {len(raw_sides)}",
                                "side-count", {"variant": variant, "low": low, "high": high, "count": len(raw_sides)}))
        if len(raw_sides) > 100:
            return None, problems  # nobody means this; do not report each of a million sides

    step, total_step = point_step(preset, numbers), score_step(preset, numbers)
    labels = tuple(_label(raw, i) for i, raw in enumerate(raw_sides))
    sides = tuple(
        _parse_side(preset, raw, label, step, total_step, problems) for raw, label in zip(raw_sides, labels)
    )
    problems += _duplicate_names(raw_sides, labels)
    return HandEntry(preset, numbers, hand_number, sides, labels), problems


def _is_int(value: object) -> bool:
    # JSON true/false arrive as bool, which Python counts as int; a flag is never a count.
    return isinstance(value, int) and not isinstance(value, bool)


def _good_name(raw: object) -> bool:
    if not isinstance(raw, dict):
        return False
    name = raw.get("name")
    return isinstance(name, str) and 0 < len(name.strip()) and len(name) <= MAX_NAME


def _label(raw: object, index: int) -> str:
    return raw["name"] if _good_name(raw) else f"side {index + 1}"  # type: ignore[index]


def _parse_side(
    preset: Preset, raw: object, label: str, step: int, total_step: int, problems: list[Problem]
) -> SideEntry | None:
    refused: set[str] = set()

    def refuse(field_name: str | None, message: str, code: str, **params: object) -> None:
        refused.add(field_name or "")
        problems.append(Problem(label, field_name, f"{label}: {message}", code, {"side": label, **params}))

    if not isinstance(raw, dict):
        refuse(None, f"a side must be an object with name, total_before and its fields, got {show(raw)}",
               "side-not-object", value=show(raw))
        return None
    known = {"name", "total_before", "absent", *FIELD_KINDS}
    for key in raw:
        if key not in known:
            refuse(str(key)[:MAX_NAME], f"unknown field {show(key)}", "side-unknown-field", key=show(key))

    if "name" not in raw:
        refuse("name", "name is missing", "name-missing")
    elif not _good_name(raw):
        refuse("name", f"name must be a non-empty text of at most {MAX_NAME} characters, got {show(raw['name'])}",
               "name-invalid", most=MAX_NAME, value=show(raw["name"]))

    values: dict[str, int | bool] = {}
    absent = raw.get("absent") is True  # an absent side may leave its figures out
    total = raw.get("total_before")
    if "total_before" not in raw:
        refuse("total_before", "total_before is missing (the side's total before this hand)", "total-missing")
    elif not _is_int(total) or abs(total) > MAX_FIGURE:
        refuse("total_before", f"total before the hand must be a whole number, got {show(total)}", "total-not-whole",
               value=show(total))
    elif total % total_step:
        refuse("total_before", f"total before the hand must be a multiple of {total_step}, got {points(total)}",
               "total-not-multiple", step=total_step, value=total)
    else:
        values["total_before"] = total

    for name, kind in FIELD_KINDS.items():
        used = name in preset.side_fields
        if name not in raw:
            if used and not absent:
                spelled = "" if LABELS[name] == name.replace("_", " ") else f" ({LABELS[name]})"
                refuse(name, f"{name} is missing{spelled}", "field-missing", field=name)
            continue
        value = raw[name]
        checked = _check_value(kind, value, step)
        if checked:
            code, message, params = checked
            refuse(name, f"{LABELS[name]} {message}", code, field=name, **params)
        elif not used and value:
            refuse(name, f"{name} is not used in {preset.name}; leave it out or give 0/false", "field-not-used",
                   field=name, variant=preset.name)
        elif used:
            values[name] = value

    if "absent" in raw:
        if not isinstance(raw["absent"], bool):
            refuse("absent", f"absent must be true or false, got {show(raw['absent'])}", "not-true-or-false",
                   field="absent", value=show(raw["absent"]))
        elif raw["absent"]:
            values["absent"] = True
            played = [name for name in FIELD_KINDS if values.get(name)]
            for name in played:
                refuse(name, f"is absent, so it plays no part in the hand, but {LABELS[name]} is {show(values[name])}",
                       "absent-played", field=name)
    name = raw["name"] if _good_name(raw) else label
    return SideEntry(name=name, refused=frozenset(refused), **values)  # type: ignore[arg-type]


def _check_value(kind: Kind, value: object, step: int) -> tuple[str, str, dict[str, object]] | None:
    """Why the value cannot stand for this kind of field (code, words, params), or None if it can."""
    if kind == "flag":
        if isinstance(value, bool):
            return None
        return "not-true-or-false", f"must be true or false, got {show(value)}", {"value": show(value)}
    if not _is_int(value):
        return "not-whole", f"must be a whole number, got {show(value)}", {"value": show(value)}
    if value < 0:
        return "negative", f"cannot be negative, got {points(value)}", {"value": value}
    if value > MAX_FIGURE:
        return "out-of-range", f"is out of range, got {show(value)}", {"value": show(value)}
    if kind == "points" and value % step:
        return "not-multiple", f"must be a multiple of {step}, got {points(value)}", {"step": step, "value": value}
    return None


def _duplicate_names(raw_sides: list, labels: tuple[str, ...]) -> list[Problem]:
    named = [label for raw, label in zip(raw_sides, labels) if _good_name(raw)]
    return [
        Problem(label, "name", f"{label}: another side has the same name; each side needs its own", "duplicate-name",
                {"side": label})
        for label in named if named.count(label) > 1
    ]
