"""The morning net: what the net controller reads aloud on the club's radio net, in the event's
language, in under two minutes: today's games (time said as people say it, table, who against
whom), byes, yesterday's results, sign-ups so far and who is looking for a partner, the deadline.
Short lines and nothing that needs the screen."""

from __future__ import annotations

import datetime as dt
from itertools import groupby

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.common import localtime
from tournament.common.spoken_time import spoken
from tournament.core import formats
from tournament.models import Game, PartnerPost, Tournament

SKIPPED = (Game.Status.BYE, Game.Status.NOT_NEEDED)


def _names(game) -> list[str]:
    return [str(side) for side in game.sides.all() if not side.is_bye]


def _versus(names: list[str]) -> str:
    return pgettext("said aloud", " against ").join(names)


def _on(day: dt.date, tz) -> tuple[dt.datetime, dt.datetime]:
    start = dt.datetime.combine(day, dt.time(0), tzinfo=tz)
    return start, start + dt.timedelta(days=1)


def _games(tournament):
    return (Game.objects.filter(division__tournament=tournament).select_related("division", "round", "winner")
            .prefetch_related("sides__team", "sides__player"))


def script(tournament: Tournament, now: dt.datetime | None = None) -> list[str]:
    """The lines to read, in the active language (call it inside the event's)."""
    tz = tournament.tz
    now = timezone.localtime(now or timezone.now(), tz)
    today, yesterday = now.date(), now.date() - dt.timedelta(days=1)
    lines = [_("Good morning from %(name)s.") % {"name": tournament.name},
             _("Today is %(day)s.") % {"day": localtime.when(now, "long_date")}, ""]

    start, end = _on(today, tz)
    todays = list(_games(tournament).filter(starts_at__gte=start, starts_at__lt=end).exclude(status__in=SKIPPED)
                  .order_by("starts_at", "table_number", "pk"))
    if todays:
        lines.append(_("Today's games:"))
        for starts_at, games in groupby(todays, key=lambda g: g.starts_at):
            lines.append(_("At %(time)s:") % {"time": spoken(timezone.localtime(starts_at, tz))})
            for game in games:
                names = _versus(_names(game)) or _("to be decided")
                if game.table_number:
                    lines.append(_("Table %(table)s: %(names)s.") % {"table": game.table_number, "names": names})
                else:
                    lines.append(f"{names}.")
        lines.append("")
    else:
        lines += [_("No games today."), ""]

    byes = [name for game in _games(tournament).filter(status=Game.Status.BYE, round__starts_at__gte=start,
                                                         round__starts_at__lt=end) for name in _names(game)]
    if byes:
        lines += [_("Byes today: %(names)s.") % {"names": ", ".join(byes)}, ""]

    start, end = _on(yesterday, tz)
    done = list(_games(tournament).filter(finished_at__gte=start, finished_at__lt=end).order_by("finished_at", "pk"))
    if done:
        lines.append(_("Yesterday's results:"))
        for game in done:
            names = _names(game)
            if game.winner_id:
                beaten = [n for n in names if n != str(game.winner)]
                lines.append(_("%(winner)s beat %(others)s.") % {"winner": game.winner, "others": _versus(beaten)})
            else:
                lines.append(_("%(names)s: finished.") % {"names": _versus(names)})
        lines.append("")

    count = formats.of(tournament).signed_up(tournament)
    lines.append(_("Signed up so far: %(count)s.") % {"count": count})
    seeking = list(PartnerPost.objects.filter(player__tournament=tournament, closed_at__isnull=True)
                   .order_by("created_at").values_list("player__name", flat=True))
    if seeking:
        lines.append(_("Looking for a partner: %(names)s.") % {"names": ", ".join(seeking)})
    if tournament.signups_open(now):
        deadline = timezone.localtime(tournament.signup_deadline, tz)
        lines.append(_("Sign-ups close %(day)s at %(time)s.") % {"day": localtime.when(deadline, "long_date"),
                                                                  "time": spoken(deadline)})
    else:
        lines.append(_("Sign-ups are closed."))
    lines += ["", _("That is all from %(name)s. Thank you.") % {"name": tournament.name}]
    return lines
