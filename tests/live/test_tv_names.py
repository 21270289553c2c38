"""The TV (issue 24 B): the bracket view never cuts a name (no ellipsis rule, names wrap); the "next"
list says the day when a game is not today."""

import datetime as dt
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tests.live.events import in_play
from tournament.models import Game

pytestmark = pytest.mark.django_db


def test_the_next_list_says_the_day_of_a_game_that_is_not_today(client):
    tournament, first, playing = in_play()
    coming = Game.objects.filter(division__tournament=tournament, status__in=["waiting", "ready"]).order_by("pk")
    later = next(g for g in coming if g.sides.filter(team__isnull=False).count() == 2)
    local_now = dt.datetime.now(tournament.tz)
    tomorrow = (local_now + dt.timedelta(days=1)).replace(hour=10, minute=0, second=0, microsecond=0)
    coming.exclude(pk=later.pk).update(starts_at=tomorrow)
    Game.objects.filter(pk=later.pk).update(starts_at=local_now.replace(hour=23, minute=58))
    tournament.__class__.objects.filter(pk=tournament.pk).bump()
    html = client.get(reverse("live:tv", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    times = re.findall(r'<span class="tv-when">([^<]*)</span>', html)
    assert f"{tomorrow:%a} 10:00 AM" in times, times
    assert "11:58 PM" in times  # today's: the clock alone


def test_the_tv_bracket_wraps_names_and_never_ellipsises_them():
    css = Path(settings.BASE_DIR, "static/css/live.css").read_text()
    rules = {m.group(1).strip(): m.group(2) for m in re.finditer(r"([^{}]+)\{([^}]*)\}", css)}
    for selector, body in rules.items():
        if "tv-box" in selector or "tv-name" in selector:
            assert "ellipsis" not in body and "nowrap" not in body, selector
    # Between words; inside one only when that word alone is wider than its box (never seen at 1280 px:
    # tests/browser/test_tv_big_bracket.py checks every word of every name on the screen).
    assert "overflow-wrap: break-word" in rules[".tv-name"] and "hyphens: manual" in rules[".tv-name"]
