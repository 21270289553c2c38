"""Play-offs (RULES D4): entrants level for the win or a medal play one more game among themselves,
created by the organizer from the standings page with a start time, a table number and a no-show
grace of its own (the players are in the room: the event's grace need not apply). It is a round of
its own — a published SeatingDraw flagged `playoff`, its Round (carrying the grace), one Game at the
chosen table with a side per tied entrant (in standings order) — with the deadlines that follow.
The standings then order those entrants by the play-off table's placings
(tournament.formats.tables.standings)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.common.localtime import day_and_clock
from tournament.common.stored_words import tie_for
from tournament.core import timetable
from tournament.core.game_log import Entrant
from tournament.core.game_rows import log_event
from tournament.formats.tables import event_state, formats, results, rounds, seating
from tournament.models import Game, GameSide, Player, Round, SeatingDraw, Tournament


def _players_of(tournament: Tournament, entrants: list[int]) -> list[list[int]]:
    """Each entrant's player ids: a partnership's two players, or the player alone."""
    if not formats.in_partnerships(tournament):
        return [[e] for e in entrants]
    by_team: dict[int, list[int]] = {}
    for pk, team_id in Player.objects.filter(team_id__in=entrants).order_by("pk").values_list("pk", "team_id"):
        by_team.setdefault(team_id, []).append(pk)
    return [by_team.get(e, []) for e in entrants]


MAX_GRACE_MINUTES = 60
MAX_TABLE = 999


def create_playoff(tournament: Tournament, entrants, *, starts_at: dt.datetime | None = None, table: int = 1,
                   no_show_minutes: int | None = None, by=None, now: dt.datetime | None = None) -> Round:
    """Seat exactly the entrants tied for the win or a medal at one play-off table, at `table`, from
    `starts_at` (default: now), forfeiting an absent seat `no_show_minutes` after it (default: the
    event's grace)."""
    try:
        wanted = sorted({int(e) for e in entrants})
    except (TypeError, ValueError):
        raise ValidationError(_("A play-off names the tied entrants."))
    event_state.refuse_when_finished(tournament)
    now = now or timezone.now()
    starts_at = starts_at or now
    if not 1 <= int(table) <= MAX_TABLE:
        raise ValidationError(_("The play-off's table number is a whole number from 1 to %(largest)s.") % {"largest": MAX_TABLE})
    grace = tournament.no_show_grace if no_show_minutes is None else dt.timedelta(minutes=int(no_show_minutes))
    if not dt.timedelta(0) <= grace <= dt.timedelta(minutes=MAX_GRACE_MINUTES):
        raise ValidationError(_("The play-off's no-show grace is from 0 to %(largest)s minutes.") % {"largest": MAX_GRACE_MINUTES})
    if starts_at < now - dt.timedelta(hours=1):
        raise ValidationError(_("The play-off's start (%(when)s) is more than an hour ago; give the time it starts.")
                              % {"when": day_and_clock(tournament, starts_at)})
    current = results.standings(tournament)
    names = {row.entrant: row.name for row in current.rows}
    tie = current.tie_of(wanted)
    if tie is None:
        if not wanted:
            raise ValidationError(
                _("A play-off is only for entrants tied for the win or a medal; none were named. Nothing was created.")
            )
        raise ValidationError(ngettext(
            "A play-off is only for entrants tied for the win or a medal; %(names)s is not such a tie. Nothing was created.",
            "A play-off is only for entrants tied for the win or a medal; %(names)s are not such a tie. Nothing was created.",
            len(wanted),
        ) % {"names": ", ".join(names.get(e, "?") for e in wanted)})
    what = tie_for(tie.rank)
    if tie.playoff == "playing":
        raise ValidationError(_("The play-off for %(what)s is already under way.") % {"what": what})
    low, high = formats.side_bounds(tournament)
    if len(wanted) > high:
        raise ValidationError(
            _("%(count)s are tied for %(what)s, but a table seats at most %(high)s: settle it another way.")
            % {"count": len(wanted), "what": what, "high": high}
        )
    if len(wanted) < low:  # e.g. two players level in cutthroat, which is only scored for 3 or 4
        raise ValidationError(
            _("%(count)s are tied for %(what)s, but a %(variant)s table needs at least %(low)s, so no play-off game "
              "can be scored: settle it another way. Nothing was created.")
            % {"count": len(wanted), "what": what, "variant": tournament.get_variant_display(), "low": low}
        )
    busy = Game.objects.filter(division__tournament=tournament, table_number=int(table)).exclude(status__in=Game.DONE)
    if busy.exists():
        raise ValidationError(_("Table %(table)s is still playing a game; choose a free table for the play-off. Nothing was created.")
                              % {"table": int(table)})
    ordered = list(tie.entrants)  # standings order: the seat order too
    sides = _players_of(tournament, ordered)
    number = rounds.next_round_number(tournament)
    with translation.override("en"):  # stored English, as every round name; pages show it translated (stored_words)
        name = _("Play-off for %(what)s") % {"what": tie_for(tie.rank)}
    try:
        with transaction.atomic():
            SeatingDraw.objects.create(
                tournament=tournament, round_number=number, playoff=True, seed=0, created_by=by, published_at=now,
                # One table, in the shape of every seating: a list of tables' sides and seats.
                # Partners opposite, as every round seats them: A1 B1 A2 B2, never A1 A2 B1 B2.
                sides=[sides], seats=[list(seating.interleaved(sides))], sitting_out=[],
            )
            division = rounds.table_division(tournament)
            rnd = Round.objects.create(division=division, number=number, name=name, starts_at=starts_at, no_show_grace=grace)
            game = Game.objects.create(division=division, round=rnd, number=1, table_number=int(table), status=Game.Status.READY)
            partnerships = formats.in_partnerships(tournament)
            GameSide.objects.bulk_create([
                GameSide(game=game, slot=slot, team_id=e if partnerships else None, player_id=None if partnerships else e)
                for slot, e in enumerate(ordered, start=1)
            ])
            timetable.set_posted_start(game, starts_at)
            log_event(game, "playoff_posted", by=by, at=now,
                      entrants=[Entrant(team=e) if partnerships else Entrant(player=e) for e in ordered],
                      table=game.table_number, starts_at=starts_at.isoformat(),
                      no_show_minutes=int(grace.total_seconds() // 60))
            Tournament.objects.filter(pk=tournament.pk).bump()
    except IntegrityError:  # a second click, or a round published at the same moment
        raise ValidationError(_("Round %(number)s was just created by someone else; look at the standings again.") % {"number": number})
    return rnd
