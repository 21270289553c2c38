"""Games as iCalendar (RFC 5545, the icalendar library): the .ics attached to the draw's e-mail and
the feeds a phone's calendar subscribes to (tournament.live.calendars). One VEVENT per game with a
posted start, its UID stable and its SEQUENCE the game's version, so a moved time or a decided
game updates the same entry in the phone's calendar instead of adding another."""

from __future__ import annotations

from django.core import signing
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from icalendar import Calendar, Event

from tournament.common import site_address

MIME = "text/calendar"


def _sides(game) -> list[str]:
    return [str(side) for side in game.sides.all()]


def calendar(name: str, games, *, request=None) -> bytes:
    """The calendar named `name` holding each of these games that has a posted start."""
    cal = Calendar()
    cal.add("prodid", "-//Meldboard//Meldboard//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", name)
    stamp = timezone.now()
    for game in games:
        if not game.starts_at:
            continue
        tournament = game.division.tournament
        event = Event()
        event.add("uid", f"game-{game.pk}-{tournament.uid}@meldboard")
        event.add("dtstamp", stamp)
        event.add("dtstart", game.starts_at)
        event.add("dtend", game.starts_at + tournament.game_time_limit)
        event.add("sequence", tournament.changes)  # bumped with every change: a re-import replaces the entry
        event.add("summary", f"{tournament.name}: {game.label}")
        where = [tournament.venue] if tournament.venue else []
        if game.table_number:
            where.append(_("table %(number)s") % {"number": game.table_number})
        if where:
            event.add("location", ", ".join(where))
        link = site_address.absolute(reverse("public:home", args=[tournament.slug]), request)
        event.add("description", pgettext("versus", " v ").join(_sides(game)) + "\n" + link)
        event.add("url", link)
        cal.add_component(event)
    return cal.to_ical()


FEED_SALT = "meldboard.calendar-feed"


def feed_token(*, team_id: int | None = None, player_id: int | None = None) -> str:
    """The secret part of an entrant's own feed URL: signed, so it cannot be guessed from an id."""
    return signing.dumps(["team", team_id] if team_id else ["player", player_id], salt=FEED_SALT, compress=True)


def read_feed_token(token: str) -> tuple[str, int] | None:
    try:
        kind, pk = signing.loads(token, salt=FEED_SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    return (kind, pk) if kind in ("team", "player") and isinstance(pk, int) else None


def feed_url(request=None, **entrant) -> str:
    return site_address.absolute(reverse("live:calendar_feed", args=[feed_token(**entrant)]), request)
