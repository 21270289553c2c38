"""Seated events for the after-the-draw tests: a club game of 5 pairs (one sits out) and single-player
events, round 1 published and not started; `text()` reads an organizer page's words back."""

import html
import re

from django.utils import timezone

from tests.formats.tables.events import sign_up, table_event
from tournament.formats.tables import drawing, rounds
from tournament.models import Player, SeatingDraw

PAIRS = [("Ann", "Bob"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal"), ("Ida", "Jo")]


def club_seated(seed=5):
    event = table_event("club-4deck")
    for first, second in PAIRS:
        sign_up(event, first, partner=second)
    publish(event, seed)
    return event


def players_seated(variant, count, seed=5):
    event = table_event(variant)
    sign_up(event, *[f"P{n}" for n in range(1, count + 1)])
    publish(event, seed)
    return event


def publish(event, seed=5, number=1):
    rounds.save_round(event, number, drawing.draw_seating(event, number, seed), seed,
                      timezone.now() + timezone.timedelta(minutes=30))


def record(event, number=1):
    return SeatingDraw.objects.get(tournament=event, round_number=number, published_at__isnull=False)


def seated_player(event, number=1):
    """A player at table 1 (first seat) and one sitting out, if any."""
    rec = record(event, number)
    first = Player.objects.get(pk=rec.seats[0][0])
    out = Player.objects.get(pk=rec.sitting_out[0]) if rec.sitting_out else None
    return first, out


def seated_names(event, number=1) -> set[str]:
    rec = record(event, number)
    names = dict(Player.objects.filter(tournament=event).values_list("pk", "name"))
    return {names[p] for seats in rec.seats for p in seats}


def text(response) -> str:
    """A page's words as the organizer reads them: no tags (a name's <bdi> joins its sentence), one space."""
    inline = re.sub(r"</?bdi>", "", response.content.decode())
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", inline)))
