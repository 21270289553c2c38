"""Times as people at the tournament read them: in the tournament's own zone and the page's language.

Stored times are UTC; every page, e-mail and printout formats them through these functions (pages
through the filters of tournament.templatetags.when_tags). The shapes are translated strings
(context "date format"), as Django's own formats once were, so the translator sets the order and
the clock ("Sat 14 Mar, 2:30 PM" / "sáb 14 mar, 14:30"); Django translates the day and month names.
"""

import datetime as dt

from django.utils import dateformat
from django.utils.translation import gettext, pgettext


def shapes() -> dict[str, str]:
    return {
        "clock": pgettext("date format", "g:i A"),
        "clock_seconds": pgettext("date format", "g:i:s A"),
        "day": pgettext("date format", "D j M"),
        "day_clock": pgettext("date format", "D j M, g:i A"),
        "day_clock_seconds": pgettext("date format", "D j M, g:i:s A"),
        "weekday_clock": pgettext("date format", "D g:i A"),
        "long_day_clock": pgettext("date format", "l j F, g:i A"),
        "day_year_clock": pgettext("date format", "D j M Y, g:i A"),
        "long_date": pgettext("date format", "l j F Y"),
    }


def when(moment: dt.datetime | None, shape: str) -> str:
    """`moment` (already in the zone wanted) in shape `shape`, a key of `shapes()`; "" for none."""
    if not moment:
        return ""
    return dateformat.format(moment, shapes()[shape])


def clock(tournament, moment: dt.datetime | None) -> str:
    """“10:05 AM” / “10:05”."""
    if moment is None:
        return ""
    return when(moment.astimezone(tournament.tz), "clock")


def clock_and_day(tournament, moment: dt.datetime | None, now: dt.datetime) -> str:
    """“10:00 AM” today, “Thu 10:00 AM” another day this week, “Thu 8 Apr, 10:00 AM” further off:
    a list of what comes next never makes Thursday's 10:00 look like today's."""
    if moment is None:
        return ""
    local, today = moment.astimezone(tournament.tz), now.astimezone(tournament.tz).date()
    if local.date() == today:
        return when(local, "clock")
    return when(local, "weekday_clock" if abs((local.date() - today).days) < 6 else "day_clock")


def day_and_clock(tournament, moment: dt.datetime | None, empty: str | None = None) -> str:
    """“Wed 8 Apr, 10:00 AM”."""
    if moment is None:
        return gettext("time to be posted") if empty is None else empty
    return when(moment.astimezone(tournament.tz), "day_clock")


def full_text(tournament, moment: dt.datetime) -> str:
    """“noon, Tuesday 7 April 2026 (La Paz, Mazatlán time)”: deadlines and notices, unambiguous."""
    local = moment.astimezone(tournament.tz)
    hour = gettext("noon") if (local.hour, local.minute) == (12, 0) else when(local, "clock").replace(":00 ", " ")
    return gettext("%(hour)s, %(date)s (%(zone)s time)") % {
        "hour": hour, "date": when(local, "long_date"), "zone": tournament.zone_words}
