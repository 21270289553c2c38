"""One shape for how long is left or how long something lasts (issue 39: a countdown read
"2h 29m 58s" beside a clock "00:37"): "2 h 29 min", "45 min", "3 d 4 h", "less than 1 min", in
both languages, from tournament.common.durations — the board, the phone, the public pages and the
TV write their countdowns with it before any script runs, and static/js/meldboard.js counts on
with the same words (tests/browser/test_issue39_laptop.py reads them after the script)."""

import datetime as dt
import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.live.events import in_play
from tournament.common import durations

NB = "\u00a0"
HUMAN = re.compile(r"^(\d+ d( \d+ h)?|\d+ h( \d\d min)?|\d+ min|less than 1 min|menos de 1 min)$")
SECONDS = re.compile(r"\b\d+\s?[hm]\s?\d+\s?[ms]\b|\d+m \d\ds|\b\d:\d\d:\d\d\b")
COUNTDOWN = re.compile(r'data-countdown="[^"]+"[^<>]*>([^<]*)<')


@pytest.mark.parametrize("language, left, shown", [
    ("en", dt.timedelta(hours=2, minutes=29, seconds=58), "2 h 29 min"),
    ("es", dt.timedelta(hours=2, minutes=29, seconds=58), "2 h 29 min"),
    ("en", dt.timedelta(hours=2), "2 h"),
    ("en", dt.timedelta(hours=1, minutes=5), "1 h 05 min"),
    ("en", dt.timedelta(minutes=31, seconds=29), "31 min"),
    ("en", dt.timedelta(seconds=37), "less than 1 min"),
    ("es", dt.timedelta(seconds=37), "menos de 1 min"),
    ("en", dt.timedelta(days=3, hours=4, minutes=59), "3 d 4 h"),
    ("es", dt.timedelta(days=1), "1 d"),
])
def test_a_countdown_reads_hours_and_minutes_never_seconds(language, left, shown):
    with translation.override(language):
        text = durations.left(left)
    assert text == shown.replace(" ", NB)  # held together: never "2 / h 30 min" across two lines
    assert HUMAN.match(text.replace(NB, " "))


def test_nothing_left_is_no_count_and_a_length_is_whole_minutes():
    assert durations.left(dt.timedelta(0)) == "" and durations.left(dt.timedelta(seconds=-5)) == ""
    with translation.override("es"):
        assert durations.length(dt.timedelta(hours=2, minutes=30)) == f"2{NB}h{NB}30{NB}min"
        assert durations.length(dt.timedelta(0)) == f"0{NB}min"


def words(page: bytes) -> str:
    # Records keep their seconds: the board's "updated 10:05:03 AM" (when it was read; its seconds show
    # each poll answering, tests/browser/test_live_page_poll.py) and a game's log below its clock.
    text = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.decode().split('class="gd-log"')[0])))
    return re.sub(r"(updated|actualizado) \d+:\d\d:\d\d", "", text)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["es", "en"])
def test_every_countdown_a_page_writes_is_in_the_one_shape(client, organizer_client, language):
    tournament, _, playing = in_play()
    addresses = [
        (client, reverse("live:tv", args=[tournament.slug])),
        (client, reverse("public:home", args=[tournament.slug])),
        (client, reverse("live:team", args=[tournament.slug, playing.sides.first().team_id])),
        (client, reverse("table:sheet", args=[playing.table_token])),
        (organizer_client, reverse("gameday:board", args=[tournament.slug])),
        (organizer_client, reverse("gameday:game", args=[tournament.slug, playing.pk])),
    ]
    counted = []
    for who, address in addresses:
        page = who.get(address, HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200, address
        shown = [text.replace(NB, " ").strip() for text in COUNTDOWN.findall(page.content.decode())]
        counted += [text for text in shown if text not in ("", "…")]
        assert [text for text in shown if text not in ("", "…") and not HUMAN.match(text)] == [], address
        assert not SECONDS.search(words(page.content)), (address, SECONDS.search(words(page.content)))
        assert 'id="countdown-words"' in page.content.decode()  # the words the script counts on with
    assert "2 h 29 min" in counted  # the game in play, on the board and the cached live pages


@pytest.mark.django_db
def test_a_paused_clock_says_what_is_left_the_same_way(organizer_client):
    tournament, _, playing = in_play()
    organizer_client.post(reverse("gameday:pause", args=[tournament.slug, playing.pk]), {"reason": "fire alarm"})
    page = organizer_client.get(reverse("gameday:game", args=[tournament.slug, playing.pk]), HTTP_ACCEPT_LANGUAGE="es")
    text = words(page.content).replace(NB, " ")
    assert re.search(r"quedan 2 h 2\d min", text, re.IGNORECASE) or re.search(r"2 h 2\d min", text), text[:2000]
    assert not SECONDS.search(text)
