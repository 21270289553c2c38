"""How wide a name is on a printed chart, and the size and lines that show it whole.

Measured with the font the print CSS uses (DejaVu Sans), so the chart layout (charts.py) can give
each name the biggest size that fits its line without asking the PDF renderer.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

NAME_MIN = 9.0
NAME_FLOOR = 6.5  # an extremely long name shrinks this far rather than being cut
HEADER_MIN = 8.0  # the event's name and venue shrink this far, then take two lines
LEADING = 1.13

FONT_FILES = {
    True: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    False: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
}


@lru_cache(maxsize=4)
def _font(bold: bool):
    try:
        return ImageFont.truetype(FONT_FILES[bold], 100)
    except OSError:  # no font file: fall back to DejaVu's average advance
        return None


@lru_cache(maxsize=8192)
def _width_at_100(text: str, bold: bool) -> float:
    font = _font(bold)
    if font is None:
        return len(text) * (66 if bold else 60)
    return font.getlength(text)


def text_width(text: str, size: float, bold: bool = True) -> float:
    """Advance width of `text` in DejaVu Sans at `size` points (the font the print CSS uses)."""
    return _width_at_100(text, bold) * size / 100


def _split_in_two(text: str) -> list[str]:
    words = text.split()
    if len(words) < 2:
        return [text]
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def fit_name(text: str, width: float, size: float, room: float, bold: bool = True) -> tuple[float, list[str]]:
    """The biggest size (≤ size) that shows the whole name in `width`, on one line or two.

    `room` is the height above the line the text may take. Names are never cut off: a name too long
    for even two lines shrinks below NAME_MIN down to NAME_FLOOR, and past that to whatever fits.
    """
    one = text_width(text, size, bold)
    if one <= width:
        return size, [text]
    single = size * width / one
    if single >= min(size * 0.72, NAME_MIN):
        return single, [text]
    two = _split_in_two(text)
    if len(two) == 2:
        widest = max(text_width(part, 1, bold) for part in two)
        double = min(size, width / widest, room / (2 * LEADING))
        if double > single * 1.15:
            return double, two
    return max(single, min(NAME_FLOOR, size)) if single >= NAME_FLOOR else single, [text]


def fit_header(text: str, width: float, size: float, bold: bool) -> tuple[float, list[str]]:
    """The biggest size (≤ size) showing `text` whole in `width`: on one line down to HEADER_MIN,
    else split at its " · " (or its middle word) on two, else smaller still."""
    one = text_width(text, size, bold)
    if one <= width:
        return size, [text]
    if size * width / one >= HEADER_MIN:
        return size * width / one, [text]
    parts = text.split(" · ")
    if len(parts) > 1:
        cut = min(range(1, len(parts)), key=lambda i: abs(len(" · ".join(parts[:i])) - len(" · ".join(parts[i:]))))
        lines = [" · ".join(parts[:cut]), " · ".join(parts[cut:])]
    else:
        words = text.split()
        lines = [" ".join(words[: len(words) // 2]), " ".join(words[len(words) // 2:])] if len(words) > 1 else [text]
    widest = max(text_width(line, 1.0, bold) for line in lines)
    return min(size, width / max(widest, 0.01)), lines


def widest_line(names, partners, partners_size: float) -> float:
    """The width a round-one line needs: each name at NAME_MIN on one line and each partners' row at
    `partners_size` with room at its right end for a six-digit score."""
    widths = [text_width(n, NAME_MIN) for n in names if n]
    widths += [text_width(p, partners_size, False) + text_width("00,000", 12, False) for p in partners if p]
    return max(widths, default=0.0) + 12
