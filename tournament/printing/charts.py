"""Bracket charts for the wall, laid out as a pure function of the bracket data.

The input is plain data (what to write on each line, already in the tournament's words, language
and local time); the output is sheets of positioned texts and rules in points, which the print
template draws with absolute positions. Nothing here touches the database (the few words drawn
here are translated as laid out), so the geometry can be tested and benchmarked on its own.

The shape is the hand-drawn club chart: a line per team, the two lines of a game joined on the
right, the winner's line in the next column half-way between them. Up to 32 lines fit a sheet; a
bigger chart is cut into sheets of 32 lines, a game whose sides are on two sheets drawn on its lower
side's, with its upper side there as "from sheet N" and "continues on sheet N" where it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.printing.chart_text import (
    LEADING,
    NAME_MIN,
    fit_header,
    fit_name,
    text_width,
    widest_line,
)

LINES_PER_SHEET = 32

# Sizes in points. Names are as big as the line spacing allows, within these bounds.
MARGIN = 20.0
TITLE_H = 40.0
HEADING_H = 42.0
FOOTER_H = 14.0
NAME_MAX = 26.0
MAX_PITCH = 110.0  # a chart of a few teams is not stretched over the whole sheet
PLAYERS_MIN = 10.0  # the partners' names under a team's line, read from 2 m: no smaller than this …
PLAYERS_PITCH = 25.0  # … and only on rows at least this tall (the partners and a 9 pt name fit)
CHAMPION_LABEL = gettext_lazy("Champion")  # under the champion's line, where the other lines say which table decides them
ROUND_ONE_WEIGHT = 1.45
ROUND_ONE_WIDEST = 2.2  # round one widens up to this weight so its names fit at NAME_MIN, partners at PLAYERS_MIN
CHAMPION_WEIGHT = 1.2


# ---- input -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ChartSide:
    name: str = ""  # written on the line; "" leaves the line empty for the winner to write in
    players: str = ""
    bye: bool = False
    score: str = ""  # "12,340", "forfeit", …
    won: bool = False
    lost: bool = False
    hint: str = ""  # small grey words under an empty line, e.g. "Division 1 champion"


@dataclass(frozen=True)
class ChartGame:
    sides: tuple[ChartSide, ChartSide] = (ChartSide(), ChartSide())
    table: int | None = None
    when: str = ""  # the game's own posted start, only when it differs from its round's
    note: str = ""  # e.g. "walkover", "not needed"


@dataclass(frozen=True)
class ChartRound:
    title: str
    when: str
    games: tuple[ChartGame, ...]


@dataclass(frozen=True)
class ChartData:
    title: str
    event: str
    version: str
    instructions: str
    footer: str
    rounds: tuple[ChartRound, ...]
    champion: ChartSide = ChartSide()
    champion_title: str = "Champion"


# ---- output ------------------------------------------------------------------------------------

@dataclass
class Text:
    x: float
    y: float  # top
    width: float
    size: float
    lines: list[str]
    css: str = ""
    align: str = "left"

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * LEADING


@dataclass
class Rule:
    x: float
    y: float
    width: float = 0.0  # a horizontal rule when width > 0
    height: float = 0.0  # a vertical rule when height > 0
    css: str = ""


@dataclass
class Sheet:
    width: float
    height: float
    number: int
    count: int
    texts: list[Text] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    name_size: float = 0.0


# ---- layout ------------------------------------------------------------------------------------

def _fmt(value: float) -> float:
    return round(value, 2)


class _SheetBuilder:
    def __init__(self, data: ChartData, width: float, height: float, number: int, count: int,
                 columns: list[tuple[float, float]], sizes: list[float], score_widths: list[float]):
        self.data = data
        self.sheet = Sheet(width=width, height=height, number=number, count=count)
        self.columns = columns
        self.sizes = sizes
        self.score_widths = score_widths

    def text(self, x, y, width, size, lines, css="", align="left"):
        self.sheet.texts.append(Text(_fmt(x), _fmt(y), _fmt(width), _fmt(size), lines, css, align))

    def hline(self, x, y, width, css=""):
        self.sheet.rules.append(Rule(_fmt(x), _fmt(y), width=_fmt(width), css=css))

    def vline(self, x, y, height, css=""):
        self.sheet.rules.append(Rule(_fmt(x), _fmt(y), height=_fmt(height), css=css))

    def side_line(self, column: int, y: float, side: ChartSide, room: float, *, big=False, players_size=0.0,
                  score_below: float = 0.0):
        """One team's line: the rule, the name above it, the score, notes below.

        The score goes under the right end of the line when `score_below` (a size) is given, which
        leaves the whole line for the name; otherwise at the right end of the line, beside the name.
        """
        x, width = self.columns[column]
        name_size = self.sizes[column]
        self.hline(x, y, width, "champion" if big else "")
        pad = 3.0
        score_w = 0.0
        if side.score and score_below:
            score_w = text_width(side.score, score_below, False) + 2 * pad
            self.text(x + width - score_w, y + 1.2, score_w - pad, score_below, [side.score], "score", "right")
        elif side.score:
            score_size = _score_size(name_size)
            score_w = max(self.score_widths[column], text_width(side.score, score_size, False) + 2 * pad)
            self.text(x + width - score_w, y - score_size * LEADING - 1.2, score_w - pad, score_size, [side.score], "score", "right")
        if side.bye:
            label, css_name, bold = _("BYE"), "bye", False
        else:
            label, css_name, bold = side.name, "name", True
        if label:
            beside = 0.0 if score_below else score_w
            size, lines = fit_name(label, width - beside - 2 * pad, name_size, room, bold)
            css_name += " won" if side.won else " lost" if side.lost else ""
            self.text(x + pad, y - len(lines) * size * LEADING - 1.0, width - beside - pad, size, lines, css_name)
        below = side.hint if not label else ""
        below_w = width - pad - (score_w if score_below else 0.0) - pad
        if below:
            hint_size = max(7.0, min(14.0, name_size * 0.6))
            self.text(x + pad, y + 1.5, below_w, hint_size, [below], "hint")
        elif side.players and players_size and not side.bye:
            fitted, lines = fit_name(side.players, below_w, players_size, players_size * LEADING, False)
            if len(lines) > 1:  # one row only: both partners on it, smaller, never one of them left out
                fitted = players_size * below_w / text_width(side.players, players_size, False)
            self.text(x + pad, y + 1.2, below_w, fitted, [side.players], "players")

    def game_label(self, column: int, y: float, game: ChartGame, size: float, champion: str = ""):
        """Table number (and the game's own time) under the winner's line: where the game is played.

        Under the champion's line, which no game is played on, the line says whose it is instead."""
        parts = []
        if champion:
            parts.append(str(champion))
        elif game.table:
            parts.append(_("Table %(number)s") % {"number": game.table})
        if game.when:
            parts.append(game.when)
        if game.note:
            parts.append(game.note)
        if not parts:
            return
        x, width = self.columns[column]
        self.text(x + 3, y + 1.5, width - 3, size, [" · ".join(parts)], "label")


def layout(data: ChartData, width: float, height: float, lines_per_sheet: int = LINES_PER_SHEET) -> list[Sheet]:
    """Sheets of positioned texts and rules for a chart on paper of `width` × `height` points."""
    rounds = data.rounds
    if not rounds or not rounds[0].games:
        raise ValueError("A chart needs at least one game.")
    total_lines = 2 * len(rounds[0].games)
    if total_lines & (total_lines - 1):
        raise ValueError(f"A chart has a power-of-two number of lines, not {total_lines}.")
    count_rounds = len(rounds)
    per_sheet = min(total_lines, lines_per_sheet)
    sheet_count = total_lines // per_sheet

    area_top = MARGIN + TITLE_H + HEADING_H
    area_h = height - area_top - MARGIN - FOOTER_H
    pitch = min(MAX_PITCH if per_sheet > 2 else 1.7 * MAX_PITCH, area_h / per_sheet)  # a lone final gets room
    usable = width - 2 * MARGIN
    rest = count_rounds - 1 + CHAMPION_WEIGHT
    weights = [_round_one_weight(data, usable, rest, pitch)] + [1.0] * (count_rounds - 1) + [CHAMPION_WEIGHT]
    unit = usable / sum(weights)
    columns, x = [], MARGIN
    for weight in weights:
        columns.append((x, weight * unit))
        x += weight * unit
    area_top += (area_h - pitch * per_sheet) / 3
    area_h = pitch * per_sheet
    name_size = max(NAME_MIN, min(NAME_MAX, pitch * 0.58))
    label_size = max(7.0, min(12.0, pitch * 0.42))
    # A round-one row: the name above its rule and the partners below it, as on the club's own
    # charts; only rows too tight for both (more than 16 lines on a sheet) leave the partners out.
    players_size = min(12.0, max(PLAYERS_MIN, pitch * 0.28)) if pitch >= PLAYERS_PITCH else 0.0
    room = pitch * 0.72 if not players_size else pitch - 3 - players_size * LEADING
    if players_size:
        name_size = max(NAME_MIN, min(name_size, room / LEADING))
    geometry = _Geometry(area_top, area_h, pitch, room, name_size, players_size, label_size)
    sizes, score_widths = _column_sizes(data, columns, name_size, bool(players_size))

    sheets = []
    for number in range(sheet_count):
        builder = _SheetBuilder(data, width, height, number + 1, sheet_count, columns, sizes, score_widths)
        _draw_sheet(builder, data, number, per_sheet, geometry)
        builder.sheet.name_size = _fmt(name_size)
        sheets.append(builder.sheet)
    return sheets


def _round_one_weight(data: ChartData, usable: float, rest: float, pitch: float) -> float:
    """Round one's share of the width: wider (the later columns give it room) when its names need
    it to print at NAME_MIN on one line, and the partners' names under its lines at PLAYERS_MIN."""
    sides = [s for game in data.rounds[0].games for s in game.sides if not s.bye]
    needed = widest_line([s.name for s in sides], [s.players for s in sides] if pitch >= PLAYERS_PITCH else [], PLAYERS_MIN)
    return ROUND_ONE_WIDEST if needed >= usable else min(ROUND_ONE_WIDEST, max(ROUND_ONE_WEIGHT, needed * rest / (usable - needed)))


def _score_size(name_size: float) -> float:
    return max(7.5, min(name_size * 0.72, 13.0))


def _column_names(data: ChartData) -> list[list[ChartSide]]:
    columns = [[side for game in rnd.games for side in game.sides] for rnd in data.rounds]
    return columns + [[data.champion]]


def _column_sizes(data: ChartData, columns, name_size: float, scores_below_first: bool) -> tuple[list[float], list[float]]:
    """One name size per column, at which most of its names fit on one line (the rest shrink alone),
    and the width kept at the right of each line for scores."""
    sizes, score_widths = [], []
    for index, (sides, (_x, width)) in enumerate(zip(_column_names(data), columns)):
        base = name_size * (1.2 if index == len(columns) - 1 else 1.0)
        base = min(base, NAME_MAX + 4)
        scores = [s.score for s in sides if s.score] if index == 0 and not scores_below_first else []
        score_w = max((text_width(t, _score_size(base), False) for t in scores), default=0.0)
        score_w = score_w + 6 if score_w else 0.0
        room = width - score_w - 6
        names = [s.name for s in sides if s.name and not s.bye]
        fits = sorted(min(base, base * room / max(text_width(n, base), 1.0)) for n in names)
        if fits:
            # Most names of a column share one size; a name far longer than the rest shrinks alone.
            middle = fits[len(fits) // 2]
            usual = [f for f in fits if f >= 0.7 * middle]
            size = usual[int(len(usual) * 0.2)]
        else:
            size = base
        sizes.append(max(size, min(base, NAME_MIN)))
        score_widths.append(score_w)
    return sizes, score_widths


def _sheets_of(lines_first: int, lines_last: int, per_sheet: int) -> str:
    first, last = lines_first // per_sheet + 1, lines_last // per_sheet + 1
    words = _("← from sheet %(first)s") if first == last else _("← from sheets %(first)s–%(last)s")
    return words % {"first": first, "last": last}


@dataclass(frozen=True)
class _Geometry:
    area_top: float
    area_h: float
    pitch: float
    room: float
    name_size: float
    players_size: float
    label_size: float


def _draw_sheet(b: _SheetBuilder, data: ChartData, p: int, per_sheet: int, geo: _Geometry) -> None:
    rounds = data.rounds
    count_rounds = len(rounds)
    name_size, label_size = geo.name_size, geo.label_size
    label_h = label_size * LEADING
    note_size = max(9.0, label_size)
    # y of each line of the current round present on this sheet, by its index in the round
    present: dict[int, float] = {
        j: geo.area_top + (j - p * per_sheet) * geo.pitch + geo.room + 1 for j in range(p * per_sheet, (p + 1) * per_sheet)
    }
    cross_gap = geo.area_h / 4
    last_column = 0
    for r, rnd in enumerate(rounds, start=1):
        column = r - 1
        last_column = column
        span = 1 << (r - 1)  # round-one lines behind one line of this round
        # Every line after round one has its game's table label under it; names use the rest.
        row_room = geo.room if r == 1 else min(span * geo.pitch - label_h - 3, name_size * 2.4)
        x, w = b.columns[column]
        # Scores go under the line where there is a row for them: the partners' row in round one,
        # the table label's row after it.
        score_below = (geo.players_size if r == 1 else label_size)
        winners: dict[int, float] = {}
        stop = False
        for g, game in enumerate(rnd.games):
            upper, lower = 2 * g, 2 * g + 1
            if upper not in present and lower not in present:
                continue
            if upper in present and lower in present:
                y0, y1 = present[upper], present[lower]
            else:
                drawn_on = ((lower + 1) * span - 1) // per_sheet
                own = present.get(upper, present.get(lower))
                if drawn_on != p:
                    b.side_line(column, own, game.sides[0 if upper in present else 1], row_room)
                    b.text(x + 3, own + 2 + label_h, w - 3, note_size, [_("→ continues on sheet %(number)s") % {"number": drawn_on + 1}], "continues")
                    stop = True
                    continue
                y1, y0 = own, own - cross_gap
                cross_gap /= 2
                b.text(x + 3, y0 + 1.5, w - 3, note_size,
                       [_sheets_of(upper * span, lower * span - 1, per_sheet)], "continues")
            for slot, y in ((0, y0), (1, y1)):
                b.side_line(column, y, game.sides[slot], row_room, players_size=geo.players_size if r == 1 else 0.0,
                            score_below=score_below)
            b.vline(x + w, y0, y1 - y0)
            mid = (y0 + y1) / 2
            winners[g] = mid
            b.game_label(column + 1, mid, game, label_size, CHAMPION_LABEL if r == count_rounds else "")
        if stop:
            break
        present = winners
        if r == count_rounds:
            (y,) = winners.values()
            last_column = column + 1
            b.side_line(column + 1, y, data.champion, b.sizes[column + 1] * 2.3, big=True)
    _frame(b, data, last_column)


def _frame(b: _SheetBuilder, data: ChartData, last_column: int) -> None:
    sheet = b.sheet
    usable = sheet.width - 2 * MARGIN
    title_size = min(24.0, 24.0 * usable * 0.45 / max(text_width(data.title, 24.0), 1.0))
    title_w = text_width(data.title, title_size)
    b.text(MARGIN, MARGIN - 2, title_w + 2, title_size, [data.title], "title")
    # The event and the venue take the rest of the top line: smaller, then on two lines, never cut.
    right_x = MARGIN + title_w + 14
    right_w = usable - title_w - 14
    size, lines = fit_header(data.event, right_w, 12.0, True)
    b.text(right_x, MARGIN - 1, right_w, size, lines, "event", "right")
    below = MARGIN - 1 + len(lines) * size * LEADING + 1
    size, lines = fit_header(data.instructions, right_w, min(10.0, size), False)
    b.text(right_x, below, right_w, size, lines[:1] if below + size * LEADING > MARGIN + TITLE_H - 9 else lines, "instructions", "right")
    b.hline(MARGIN, MARGIN + TITLE_H - 8, usable, "frame")
    titles = [(r.title, r.when) for r in data.rounds] + [(data.champion_title, "")]
    for column in range(last_column + 1):
        x, w = b.columns[column]
        title, when = titles[column]
        size = min(13.0, 13.0 * (w - 6) / text_width(title, 13.0))
        b.text(x + 3, MARGIN + TITLE_H - 4, w - 6, size, [title], "heading")
        if when:
            # "Thu 26 Nov, 10:00 AM" on one line when it fits, else the day over the time.
            lines = [when] if text_width(when, 11.0, False) <= w - 6 else [part.strip(", ") for part in when.split(", ", 1)]
            size = min(11.0, 11.0 * (w - 6) / max(text_width(line, 11.0, False) for line in lines))
            b.text(x + 3, MARGIN + TITLE_H + 12, w - 6, size, lines, "when")
    numbers = {"number": sheet.number, "count": sheet.count}
    footer = data.footer + (" · " + _("sheet %(number)s of %(count)s") % numbers if sheet.count > 1 else "")
    b.text(MARGIN, sheet.height - MARGIN - FOOTER_H + 4, usable, 8.5, [f"{data.version} · {footer}"], "footer")
    if sheet.count > 1:
        b.text(MARGIN + usable * 0.5, sheet.height - MARGIN - FOOTER_H + 2, usable * 0.5, 11,
               [_("Sheet %(number)s of %(count)s") % numbers], "sheetno", "right")
