"""The organizers' boards put together from rows cached by what they show: a hand saved re-renders
that game's row, and every other row comes from the cache as it is (the bracket chart does the same
with its cards, tournament.formats.bracket.chart.cards).

A row's key is a digest of everything it is made from, read as plain values in a fixed number of
small queries however many games the round has (no model objects: on a board where nothing but
one game changed, that is most of the work): the game's row, its sides' rows with their teams'
rows, the teams' players' names in order, the seated players' and substitutes' names, the
check-ins, the substitutions, the games that feed it and the game it feeds; with them what the
board shares (`common`: the tournament's row less its change counter, the language, the time zone,
the viewer's role, the templates' text, the board's own facts) and the clock. The clock
(tournament.core.clock) reads the time only by which of the game's moments have passed (its posted
start, no-show deadline and time limit, page_cache.CLOCK_MOMENTS, the same moments that give a
page its clock turn), so those passings are in the key; the countdown texts are filled in per
request (page_cache.personalize), as is the CSRF token, left in a row as its placeholder.

When a table's phone was last heard is in the key to the minute, as the row shows it: a phone heard
every 30 s re-renders its row once a minute at most.

A row is stored only if the tournament's change counter read the same after it was rendered as
before its key was read: a change that lands while a row renders is never kept under the key of the
state before it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db.models import Q, QuerySet
from django.template.loader import get_template
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from tournament.core import page_cache, render_once
from tournament.models import CheckIn, Game, GameSide, Player, Substitution, Team, Tournament

ROW_TIMEOUT = 24 * 3600  # only so that rows nobody shows leave the cache; never a staleness bound
ORGANIZER = "organizer"  # the role of every viewer of a board (organizer_required): rows are shared by organizers


@dataclass
class Row:
    """One game's row on a board: its rendered HTML and what the board around the rows reads of it."""
    pk: int
    number: int
    table_number: int | None
    status: str
    starts_at: dt.datetime | None
    no_show_at: dt.datetime | None
    time_limit_at: dt.datetime | None
    html: SafeString = mark_safe("")
    facts: dict = field(default_factory=dict)  # alert, tone, can_start, has_teams

    @property
    def is_done(self) -> bool:
        return self.status in Game.DONE

    @property
    def alert(self) -> str:
        return self.facts.get("alert", "")

    @property
    def tone(self) -> str:
        return self.facts.get("tone", "")


# ---- what each row shows ------------------------------------------------------------------------

def _values(rows) -> tuple:
    return tuple(rows.values()) if isinstance(rows, dict) else tuple(rows)


def _minute(at: dt.datetime | None) -> dt.datetime | None:
    return at.replace(second=0, microsecond=0) if at else None


def shown(games: QuerySet) -> tuple[list[Row], dict[int, tuple]]:
    """The games (in number order) as rows still to be filled, and per game what its row shows.
    Eight small queries, whatever the number of games."""
    game_rows = list(games.order_by("number").values())
    ids = [g["id"] for g in game_rows]
    sides = list(GameSide.objects.filter(game_id__in=ids).order_by("game_id", "slot").values())
    checkins = list(CheckIn.objects.filter(game_id__in=ids).order_by("at", "id").values())
    subs = list(Substitution.objects.filter(game_id__in=ids).order_by("at", "id").values())
    feeding = {s["fed_by_id"] for s in sides if s["fed_by_id"]}
    earlier = {g["id"]: (g["number"], g["round__name"], g["round__number"])
               for g in Game.objects.filter(pk__in=feeding).values("id", "number", "round__name", "round__number")}
    feeds: dict[int, list] = {}
    for f in (GameSide.objects.filter(fed_by_id__in=ids).order_by("game_id", "slot")
              .values("fed_by_id", "game__number", "game__round__name", "game__round__number", "game__division__name")):
        feeds.setdefault(f.pop("fed_by_id"), []).append(_values(f))
    team_ids = {s["team_id"] for s in sides if s["team_id"]} | {g["winner_id"] for g in game_rows if g["winner_id"]}
    teams = {t["id"]: _values(t) for t in Team.objects.filter(pk__in=team_ids).values()}
    named = {s["player_id"] for s in sides if s["player_id"]} | {x for s in subs for x in (s["replaced_id"], s["substitute_id"])}
    players = list(Player.objects.filter(Q(team_id__in=team_ids) | Q(pk__in=named))
                   .order_by("created_at", "id").values_list("id", "team_id", "name"))
    name_of = {pk: name for pk, _, name in players}
    partners: dict[int, list[str]] = {}
    for _, team_id, name in players:
        if team_id in team_ids:
            partners.setdefault(team_id, []).append(name)

    by_game: dict[int, dict[str, list]] = {pk: {"sides": [], "checkins": [], "subs": []} for pk in ids}
    for s in sides:
        by_game[s["game_id"]]["sides"].append((
            _values(s), teams.get(s["team_id"]), tuple(partners.get(s["team_id"], ())),
            name_of.get(s["player_id"]), earlier.get(s["fed_by_id"])))
    for c in checkins:
        by_game[c["game_id"]]["checkins"].append(_values(c))
    for s in subs:
        by_game[s["game_id"]]["subs"].append((_values(s), name_of.get(s["replaced_id"]), name_of.get(s["substitute_id"])))
    rows, shows = [], {}
    for g in game_rows:
        row = Row(pk=g["id"], number=g["number"], table_number=g["table_number"], status=g["status"],
                  starts_at=g["starts_at"], no_show_at=g["no_show_at"], time_limit_at=g["time_limit_at"])
        own = by_game[g["id"]]
        game = {**g, "last_heard_at": _minute(g["last_heard_at"])}
        shows[row.pk] = (_values(game), tuple(own["sides"]), tuple(own["checkins"]), tuple(own["subs"]),
                         tuple(feeds.get(row.pk, ())), teams.get(g["winner_id"]))
        rows.append(row)
    return rows, shows


def passed(row: Row, now: dt.datetime) -> tuple[bool, ...]:
    """Which of the game's clock moments have passed at `now`: the clock's only reading of the time."""
    return tuple(bool(getattr(row, name) and now >= getattr(row, name)) for name in page_cache.CLOCK_MOMENTS)


# ---- what every row of a board shares ----------------------------------------------------------

def template_text(*names: str) -> str:
    """A digest of these templates' text: a deploy that changes a row's template changes every key.
    Worked out on every board (a few kB hashed): the loaded templates are Django's to keep."""
    text = "".join(get_template(name).template.source for name in names)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def common(tournament: Tournament, templates: Iterable[str], *facts, role: str = ORGANIZER) -> str:
    """What every row of one board is made from beside its game: a digest, computed once a board."""
    row = tuple((f.attname, getattr(tournament, f.attname)) for f in Tournament._meta.concrete_fields
                if f.attname != "changes")
    parts = (translation.get_language(), tournament.time_zone, role, template_text(*templates), row, facts)
    return hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()


# ---- the cache ----------------------------------------------------------------------------------

def read(kind: str, board: str, games: QuerySet, now: dt.datetime,
         known: Callable[[Row], object] | None = None) -> tuple[list[Row], dict[int, str]]:
    """The games as rows still to be filled, and each one's key: page kind `kind`, the board's
    `common` digest, what the row shows, which clock moments have passed and `known(row)` (what the
    board alone knows of the row, e.g. a table's seats and hands)."""
    rows, shows = shown(games)
    keys = {}
    for row in rows:
        parts = (board, shows[row.pk], passed(row, now), known(row) if known else None)
        keys[row.pk] = f"{kind}:{hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()}"
    return rows, keys


def fill(kind: str, rows: list[Row], keys: dict[int, str], render: Callable[[list[int]], dict[int, tuple[str, dict]]],
         unchanged: Callable[[], bool]) -> list[Row]:
    """Give each row its HTML and facts: from the cache when its key is there, else from
    `render(pks)` ({pk: (html, facts)}), stored under its key if `unchanged()` after rendering. One
    cache read for all the rows, one write for the new ones; the renders are counted under `kind`
    (tournament.core.render_once)."""
    found = cache.get_many(list(keys.values()))
    missing = [row.pk for row in rows if not isinstance(found.get(keys[row.pk]), tuple)]
    fresh = render(missing) if missing else {}
    if fresh:
        if unchanged():
            cache.set_many({keys[pk]: value for pk, value in fresh.items()}, ROW_TIMEOUT)
        render_once.count(kind, len(fresh))
    for row in rows:
        html, facts = fresh.get(row.pk) or found.get(keys[row.pk]) or ("", {})
        row.html, row.facts = mark_safe(html), facts
    return rows


def counter(tournament_pk: int) -> Callable[[], bool]:
    """Whether the tournament's change counter still reads as it does now (one small query each).

    Every write that changes what a page shows bumps that counter (tournament.core.page_cache), so
    rows rendered while it held still show what their keys were read from: they may be stored. When a
    table was last heard bumps nothing, but it only moves forward, so a row rendered after a later
    mark is never shown for an earlier one."""
    def read():
        return Tournament.objects.filter(pk=tournament_pk).values_list("changes", flat=True).first()

    before = read()
    return lambda: read() == before
