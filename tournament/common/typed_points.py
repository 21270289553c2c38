"""Points as people write them, read one way for every points box (the table phone's hand form in
both formats, the organizer's entry and correction, a house rule's target).

"10.000", "10,000", "10 000" (any space, the narrow no-break one too) and "10000" are all ten
thousand, in English and in Spanish: a dot or a comma between digits is read as a thousands mark
only when every group after the first has exactly three digits. Anything else is refused, never
silently changed (a score read wrong decides a game), and a reading is offered only when it is sure:
a last mark followed by one or two digits, or a mark unlike the ones before it ("10,5", "2.50",
"1.000,5", "1,000.5"), is a decimal mark, and points have no decimals — "45.0" and "1.000,00" are
offered back as 45 and 1 000, "10,5" nothing (105 would be ten times too much). "1.0000" could be
1 or 10 000: refused with no reading. Digits of any script are digits ("١٠٠٠٠", full-width
"１００００"); "10k" and "10 mil" are refused as written short, with the number in full offered.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from django.utils.translation import gettext_lazy

MAX_DIGITS = 12  # longer than any real figure; beyond it a number is a typo (and past some databases' integers)
SPACES = " \u00a0\u202f\u2009"  # a space, the no-break space, the narrow no-break space, the thin space
MARKS = ".,"
ARABIC_THOUSANDS, ARABIC_DECIMAL = "\u066c", "\u066b"  # ٬ and ٫: each means one thing only
MINUS = "-\u2212\u2012\u2013"  # a hyphen, the minus sign the sheets print (numbers.points_text), dashes
# "k" and "mil" mean a thousand in both languages; written short, the figure is offered in full.
SHORT_THOUSANDS = re.compile(r"^([0-9]+)[ ]?(k|mil)$", re.IGNORECASE)
_DIGITS = re.compile(r"[0-9]+")
_SPACE_RUN = re.compile(f"[{SPACES}]+")


@dataclass(frozen=True)
class Typed:
    """What a points box holds: `value` when it reads one way (None for an empty box), else
    `problem` and, when one reading is sure, `reading`. Problems: "unclear" (marks that could be
    read more than one way), "decimals" (points are whole; `reading` when the decimals are zero), "short" ("10k"), "invalid" (not a number), "too_long"."""

    value: int | None = None
    problem: str = ""
    reading: int | None = None


def _plain(text: str) -> str:
    """The text with every digit an ASCII digit and full-width marks and spaces made ordinary."""
    return "".join(_plain_char(c) for c in text)


def _plain_char(c: str) -> str:
    if "\uff01" <= c <= "\uff5e":  # full-width forms: "１０．０００" is 10.000 (not NFKC: "10²" is no 102)
        c = chr(ord(c) - 0xFEE0)
    if c == "\u3000":  # the ideographic space
        return " "
    return str(unicodedata.decimal(c)) if c.isdecimal() and not c.isascii() else c


def read_points(text) -> Typed:
    if isinstance(text, bool):
        return Typed(problem="invalid")
    if isinstance(text, int):
        return Typed(value=text) if len(str(abs(text))) <= MAX_DIGITS else Typed(problem="too_long")
    text = _SPACE_RUN.sub(" ", _plain(str(text if text is not None else "")).strip(SPACES + "\t\r\n"))
    if not text:
        return Typed()
    sign = -1 if text[0] in MINUS else 1
    body = text[1:].lstrip(SPACES) if text[0] in "+" + MINUS else text
    short = SHORT_THOUSANDS.match(body)
    if short:
        reading = sign * int(short.group(1)) * 1000
        return Typed(problem="short", reading=reading if len(str(abs(reading))) <= MAX_DIGITS else None)
    body = body.replace(ARABIC_THOUSANDS, ",")
    if ARABIC_DECIMAL in body:
        return _with_decimals(sign, *body.rsplit(ARABIC_DECIMAL, 1))
    if not body or not body.isascii() or any(not (c.isdigit() or c in MARKS or c == " ") for c in body):
        return Typed(problem="invalid")
    digits = "".join(_DIGITS.findall(body))
    if not digits or not body[0].isdigit() or not body[-1].isdigit():
        return Typed(problem="invalid")
    if len(digits) > MAX_DIGITS:
        return Typed(problem="too_long")
    groups = _DIGITS.findall(body)
    marks = _DIGITS.split(body)[1:-1]
    if len(groups) == 1:
        return Typed(value=sign * int(digits))
    if len(set(marks)) == 1 and _thousands(groups):
        return Typed(value=sign * int(digits))
    last, before = marks[-1], marks[:-1]
    if last in MARKS and (len(groups[-1]) <= 2 or (before and last not in before)):
        # The last mark is a decimal mark: "10,5" is ten and a half and "1.000,5" a thousand and a
        # half, never 105 or 10 005.
        return _with_decimals(sign, body[: len(body) - len(groups[-1]) - 1], groups[-1])
    return Typed(problem="unclear")  # "1.0000", "10 00": no one reading to offer


def _thousands(groups: list[str]) -> bool:
    return len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])


def _with_decimals(sign: int, whole: str, decimals: str) -> Typed:
    """A number written with decimals: refused; its whole part is offered only when the decimals
    are zero and the whole part reads one way ("45.0", "1.000,00")."""
    whole_read = read_points(whole)
    if whole_read.value is None or whole_read.value < 0 or not decimals.isdigit():
        return Typed(problem="unclear" if decimals.isdigit() else "invalid")
    return Typed(problem="decimals", reading=sign * whole_read.value if set(decimals) == {"0"} else None)


def grouped(value: int) -> str:
    """A number with no-break spaces between its thousands (“10 000”): read the same in both languages."""
    text = f"{abs(value):,}".replace(",", "\u00a0")
    return f"-{text}" if value < 0 else text


# The refusal of each problem: (the words when a reading is offered, the words when none is).
_REFUSALS = {
    "unclear": (None, gettext_lazy("%(where)s: “%(text)s” can be read more than one way. Type the number without "
                                   "dots or commas.")),
    "decimals": (gettext_lazy("%(where)s: “%(text)s” has decimals, and points are whole numbers. Did you mean "
                              "%(reading)s?"),
                 gettext_lazy("%(where)s: “%(text)s” has decimals, and points are whole numbers. Type the points "
                              "without decimals.")),
    "short": (gettext_lazy("%(where)s: “%(text)s” is written short. Type the points in full, in digits: did you "
                           "mean %(reading)s?"),
              gettext_lazy("%(where)s: “%(text)s” is written short. Type the points in full, in digits.")),
    "too_long": (None, gettext_lazy("%(where)s: “%(text)s” is far too long a number.")),
}
_NOT_A_NUMBER = gettext_lazy("%(where)s must be a whole number, not “%(text)s”.")


def problem_message(typed: Typed, text, *, where: str) -> str:
    """The refusal, naming the box (`where`: “Pelicans: melded points”) and what was typed."""
    shown = str(text).strip()[:MAX_DIGITS * 2]
    named = {"where": where, "text": shown, "reading": grouped(typed.reading) if typed.reading is not None else ""}
    offering, plain = _REFUSALS.get(typed.problem, (None, _NOT_A_NUMBER))
    return str(offering if offering is not None and typed.reading is not None else plain) % named
