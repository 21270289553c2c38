"""How long something lasts or how long is left, as people read it: “2 h 29 min”, “45 min”,
“3 d 4 h”, “less than 1 min” — the same shape in both languages and on every page, phone, TV and
printout. One writer for the server (`length`, `left`) and the words the browser's countdowns
(static/js/meldboard.js) count with (`shapes`), so a countdown reads the same before and after its
script runs. No seconds: a clock on a wall ticking seconds is read as a time of day ("0:31:29").

Parts are held together by no-break spaces: a narrow column never leaves “2” on one line and
“h 30 min” on the next (issue 39: "2 / h 30 min" on the table card).
"""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _

NBSP = "\u00a0"


def shapes() -> dict[str, str]:
    """The shapes in the page's language, keyed as static/js/meldboard.js reads them."""
    return {
        "days_hours": _("%(days)s d %(hours)s h"),
        "days": _("%(days)s d"),
        "hours_minutes": _("%(hours)s h %(minutes)s min"),
        "hours": _("%(hours)s h"),
        "minutes": _("%(minutes)s min"),
        "under_a_minute": _("less than 1 min"),
    }


def _written(minutes: int) -> str:
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    words = shapes()
    if days:
        text = words["days_hours"] % {"days": days, "hours": hours} if hours else words["days"] % {"days": days}
    elif hours and minutes:
        text = words["hours_minutes"] % {"hours": hours, "minutes": f"{minutes:02d}"}
    elif hours:
        text = words["hours"] % {"hours": hours}
    else:
        text = words["minutes"] % {"minutes": minutes}
    return text.replace(" ", NBSP)


def length(value: dt.timedelta) -> str:
    """A game's length or a time added: “2 h 30 min”, “45 min” (whole minutes)."""
    return _written(max(0, int(value.total_seconds() // 60)))


def left(value: dt.timedelta) -> str:
    """What a countdown shows: “2 h 29 min” (whole minutes gone by, so it never reads more than is
    left), “less than 1 min” in the last minute, "" once nothing is left (the page says what
    happened instead)."""
    seconds = int(value.total_seconds())
    if seconds <= 0:
        return ""
    if seconds < 60:
        return shapes()["under_a_minute"].replace(" ", NBSP)
    return _written(seconds // 60)
