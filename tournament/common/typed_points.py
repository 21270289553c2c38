"""Points as people write them, read one way for every points box (the table phone's hand form in
both formats, the organizer's entry and correction, a house rule's target).

"10.000", "10,000", "10 000" (any space, the narrow no-break one too) and "10000" are all ten
thousand, in English and in Spanish: a dot or a comma between digits is read as a thousands mark
only when every group after the first has exactly three digits. Anything else with a mark in it
("10.5", "1.0000", "2,50", "1.000,00") could be read two ways, so it is refused with the one reading
the digits give ("did you mean 10 000?"), never silently changed: a score read wrong decides a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

MAX_DIGITS = 12  # longer than any real figure; beyond it a number is a typo (and past some databases' integers)
SPACES = " \u00a0\u202f\u2009"  # a space, the no-break space, the narrow no-break space, the thin space
MARKS = ".,"
_DIGITS = re.compile(r"[0-9]+")
_SPACE_RUN = re.compile(f"[{SPACES}]+")


@dataclass(frozen=True)
class Typed:
    """What a points box holds: `value` when it reads one way (None for an empty box), else
    `problem` ("unclear": a reading to offer; "invalid": not a number; "too_long") and `reading`."""

    value: int | None = None
    problem: str = ""
    reading: int | None = None


def read_points(text) -> Typed:
    if isinstance(text, bool):
        return Typed(problem="invalid")
    if isinstance(text, int):
        return Typed(value=text) if len(str(abs(text))) <= MAX_DIGITS else Typed(problem="too_long")
    text = _SPACE_RUN.sub(" ", str(text if text is not None else "").strip(SPACES + "\t\r\n"))
    if not text:
        return Typed()
    sign = -1 if text[0] == "-" else 1
    body = text[1:].lstrip(SPACES) if text[0] in "+-" else text
    if not body or not body.isascii() or any(not (c.isdigit() or c in MARKS or c == " ") for c in body):
        return Typed(problem="invalid")
    digits = "".join(_DIGITS.findall(body))
    if not digits or not body[0].isdigit() or not body[-1].isdigit():
        return Typed(problem="invalid")
    if len(digits) > MAX_DIGITS:
        return Typed(problem="too_long")
    groups = _DIGITS.findall(body)
    marks = set(_DIGITS.split(body)[1:-1])
    if len(groups) == 1:
        return Typed(value=sign * int(digits))
    if len(marks) == 1 and len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:]):
        return Typed(value=sign * int(digits))
    return Typed(problem="unclear", reading=sign * _likely(body, groups))


def _likely(body: str, groups: list[str]) -> int:
    """The reading offered back: the digits together, but "45.0" or "1.000,00" (zero cents) as 45 or 1000."""
    last_mark = body[len(body) - len(groups[-1]) - 1]
    if last_mark in MARKS and len(groups[-1]) <= 2 and set(groups[-1]) == {"0"}:
        return int("".join(groups[:-1]))
    return int("".join(groups))


def grouped(value: int) -> str:
    """A number with no-break spaces between its thousands (“10 000”): read the same in both languages."""
    text = f"{abs(value):,}".replace(",", "\u00a0")
    return f"-{text}" if value < 0 else text


def problem_message(typed: Typed, text, *, where: str) -> str:
    """The refusal, naming the box (`where`: “Pelicans: melded points”) and what was typed."""
    shown = str(text).strip()[:MAX_DIGITS * 2]
    if typed.problem == "unclear":
        return _("%(where)s: “%(text)s” can be read two ways. Did you mean %(reading)s? Type %(reading)s, or the "
                 "number without dots or commas.") % {"where": where, "text": shown, "reading": grouped(typed.reading)}
    return _("%(where)s must be a whole number, not “%(text)s”.") % {"where": where, "text": shown}
