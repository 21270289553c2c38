"""Times as people at the tournament read them: in the tournament's own zone.

Stored times are UTC; every page, e-mail and printout formats them through these functions.
"""

import datetime as dt


def clock(tournament, moment: dt.datetime | None) -> str:
    """“10:05 AM”."""
    if moment is None:
        return ""
    return moment.astimezone(tournament.tz).strftime("%-I:%M %p")


def day_and_clock(tournament, moment: dt.datetime | None, empty: str = "time to be posted") -> str:
    """“Wed 8 Apr, 10:00 AM”."""
    if moment is None:
        return empty
    local = moment.astimezone(tournament.tz)
    return f"{local.strftime('%a %-d %b')}, {clock(tournament, moment)}"


def full_text(tournament, moment: dt.datetime) -> str:
    """“noon, Tuesday 7 April 2026 (America/Mazatlan time)”: deadlines and notices, unambiguous."""
    local = moment.astimezone(tournament.tz)
    hour = local.strftime("%-I:%M %p").replace(":00 ", " ")
    if local.hour == 12 and local.minute == 0:
        hour = "noon"
    return f"{hour}, {local.strftime('%A %-d %B %Y')} ({tournament.time_zone} time)"
