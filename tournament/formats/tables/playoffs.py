"""Play-offs (RULES D4): entrants level for the win or a medal play one more game among themselves,
created by the organizer with one click from the standings page. It is a round of its own — a
published SeatingDraw flagged `playoff`, its Round, one Game at table 1 with a side per tied entrant
(in standings order) — starting now, with the usual deadlines. The standings then order those
entrants by the play-off table's placings (tournament.formats.tables.standings)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.common.stored_words import tie_for
from tournament.core import timetable
from tournament.formats.tables import formats, results, rounds
from tournament.models import Game, GameSide, Player, Round, SeatingDraw, Tournament


def _players_of(tournament: Tournament, entrants: list[int]) -> list[list[int]]:
    """Each entrant's player ids: a partnership's two players, or the player alone."""
    if not formats.in_partnerships(tournament):
        return [[e] for e in entrants]
    by_team: dict[int, list[int]] = {}
    for pk, team_id in Player.objects.filter(team_id__in=entrants).order_by("pk").values_list("pk", "team_id"):
        by_team.setdefault(team_id, []).append(pk)
    return [by_team.get(e, []) for e in entrants]


def create_playoff(tournament: Tournament, entrants, *, by=None, now: dt.datetime | None = None) -> Round:
    """Seat exactly the entrants tied for the win or a medal at one play-off table, starting now."""
    try:
        wanted = sorted({int(e) for e in entrants})
    except (TypeError, ValueError):
        raise ValidationError(_("A play-off names the tied entrants."))
    now = now or timezone.now()
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
                sides=[sides], seats=[[p for side in sides for p in side]], sitting_out=[],
            )
            division = rounds.table_division(tournament)
            rnd = Round.objects.create(division=division, number=number, name=name, starts_at=now)
            game = Game.objects.create(division=division, round=rnd, number=1, table_number=1, status=Game.Status.READY)
            partnerships = formats.in_partnerships(tournament)
            GameSide.objects.bulk_create([
                GameSide(game=game, slot=slot, team_id=e if partnerships else None, player_id=None if partnerships else e)
                for slot, e in enumerate(ordered, start=1)
            ])
            timetable.set_posted_start(game, now)
            Tournament.objects.filter(pk=tournament.pk).bump()
    except IntegrityError:  # a second click, or a round published at the same moment
        raise ValidationError(_("Round %(number)s was just created by someone else; look at the standings again.") % {"number": number})
    return rnd
