"""A table event's public home leads the same way: the round's start, its tables in play with
their sheets, the standings' leaders, and the medals once every table has finished."""

import re

import pytest
from django.urls import reverse

from tests.formats.tables.played import START, club_round, end_with_totals, play_club_game
from tests.live.test_home import section
from tournament.formats.tables import event_state, rounds

pytestmark = pytest.mark.django_db


def home(client, event):
    return client.get(reverse("public:home", args=[event.slug])).content.decode()


def test_before_the_round_starts_the_home_says_when_and_where_to_sit(client):
    event, games = club_round(tables=2)
    html = home(client, event)
    upcoming = html.split('id="next-round"', 1)[1].split("</p>", 1)[0]
    assert "Round 1</strong> starts Wed 6 Jan" in upcoming and f'data-countdown="{START.isoformat()}"' in upcoming
    assert f'href="/t/{event.slug}/seating/1/"' in upcoming
    assert "No table is in play right now." in section(html, "playing-now")
    assert "Sign up" not in section(html, "playing-now")


@pytest.mark.parametrize("tables", [2, 6])
def test_tables_in_play_lead_with_totals_and_sheets_and_leaders_follow(client, django_assert_max_num_queries, tables):
    event, games = club_round(tables=tables)
    play_club_game(games[0])
    rounds.event_settings(event)  # made on first read; a real event has it from its settings page
    with django_assert_max_num_queries(16):  # the movement setting, read to mark who stayed (tables.movement.stayed_in); the first deadline
        html = home(client, event)
    now = section(html, "playing-now")
    assert 'id="live-table-1"' in now and 'id="live-table-2"' not in now
    assert f'href="/t/{event.slug}/games/{games[0].pk}/sheet/"' in now and "3 hands" in now
    shown = r'<span class="total">(?:<span class="total-unconfirmed"[^>]*>)?'  # unconfirmed hands marked (F1)
    assert len(re.findall(shown + r'[\d,−]+<', now)) == 2
    assert re.search(shown + r'\d{1,3}(,\d{3})+<', now)  # 1,240 as on the sheet, not 1240
    leaders = section(html, "leaders")
    assert leaders.count("<li>") == min(2 * tables, 5) and "Playing" in leaders
    assert "Medals" not in html


def test_when_every_table_is_done_the_medals_lead(client):
    event, games = club_round(tables=2)
    end_with_totals(games[0], 900, 300)
    end_with_totals(games[1], 500, 700)
    event_state.finish(event)  # medals once the event is finished
    html = home(client, event)
    main = html.split("<main", 1)[1]
    medals = main.split('aria-label="Medals"', 1)[1].split("</section>", 1)[0]
    assert 'id="playing-now"' not in main  # a finished event plays nothing now (issue 34)
    gold, silver, bronze = (medals.split(f"medal-{m}", 1)[1].split("</li>", 1)[0] for m in ("gold", "silver", "bronze"))
    assert "P1 &amp; P2" in gold and "P7 &amp; P8" in silver and "P5 &amp; P6" in bronze
    assert "900" in gold and "700" in silver and "500" in bronze
    assert "Event finished" in main
