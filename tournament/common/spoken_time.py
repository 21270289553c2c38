"""A time as people say it on the radio: "half past one in the afternoon", "la una y media de la
tarde" (Mexico: "cuarto para las tres"). The net controller reads these aloud; digits on a screen
are not what a listener hears."""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _
from django.utils.translation import pgettext


def _hour_word(hour12: int) -> str:
    words = [pgettext("spoken hour", "twelve"), pgettext("spoken hour", "one"), pgettext("spoken hour", "two"),
             pgettext("spoken hour", "three"), pgettext("spoken hour", "four"), pgettext("spoken hour", "five"),
             pgettext("spoken hour", "six"), pgettext("spoken hour", "seven"), pgettext("spoken hour", "eight"),
             pgettext("spoken hour", "nine"), pgettext("spoken hour", "ten"), pgettext("spoken hour", "eleven")]
    return words[hour12 % 12]


def _part_of_day(hour: int) -> str:
    if hour < 12:
        return pgettext("spoken time", "in the morning")
    if hour < 19:
        return pgettext("spoken time", "in the afternoon")
    return pgettext("spoken time", "in the evening")


def spoken(moment: dt.datetime | dt.time) -> str:
    """`moment` (already in the event's zone) as said aloud in the active language."""
    hour, minute = moment.hour, moment.minute
    if hour == 12 and minute == 0:
        return pgettext("spoken time", "noon")
    if hour == 0 and minute == 0:
        return pgettext("spoken time", "midnight")
    part = _part_of_day(hour)
    if minute == 45:  # said of the next hour: quarter to three / cuarto para las tres
        if hour == 11:
            return pgettext("spoken time", "quarter to noon")
        to = {"hour": _hour_word(hour + 1), "part": part}
        if (hour + 1) % 12 == 1:
            return pgettext("spoken time one", "quarter to %(hour)s %(part)s") % to
        return _("quarter to %(hour)s %(part)s") % to
    named = {"hour": _hour_word(hour), "part": part, "digits": f"{hour % 12 or 12}:{minute:02d}"}
    if hour % 12 == 1:  # Spanish says "la una", not "las una"
        shapes = {0: pgettext("spoken time one", "%(hour)s o'clock %(part)s"), 15: pgettext("spoken time one", "quarter past %(hour)s %(part)s"),
                  30: pgettext("spoken time one", "half past %(hour)s %(part)s")}
        other = pgettext("spoken time one", "%(digits)s %(part)s")
    else:
        shapes = {0: _("%(hour)s o'clock %(part)s"), 15: _("quarter past %(hour)s %(part)s"), 30: _("half past %(hour)s %(part)s")}
        other = _("%(digits)s %(part)s")
    return shapes.get(minute, other) % named
