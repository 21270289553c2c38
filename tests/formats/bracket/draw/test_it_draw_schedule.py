"""organizer/t/<slug>/schedule/: round start times (local) and table numbers."""

import datetime as dt

import pytest
from django.urls import reverse

from tests.formats.bracket.draw.test_brackets_support import game, published
from tournament.models import Game, Round

pytestmark = pytest.mark.usefixtures("template_context")  # reads response.context


def url(tournament):
    return reverse("draw:schedule", args=[tournament.slug])


def form_data(client, tournament):
    response = client.get(url(tournament))
    data = {}
    for rnd in response.context["rounds"]:
        data[f"round-{rnd.pk}"] = rnd.input_value
        for g in rnd.game_rows:
            if g.editable:
                data[f"table-{g.pk}"] = str(g.table_value)
    return data


def test_the_organizer_moves_a_round_and_renumbers_a_table(organizer_client, db):
    tournament, _ = published(8, both=False)
    rnd = Round.objects.get(division__tournament=tournament, number=1)
    first = game(tournament, "d1", 1, 1)
    data = form_data(organizer_client, tournament)
    local = rnd.starts_at.astimezone(tournament.tz)
    assert data[f"round-{rnd.pk}"] == local.strftime("%Y-%m-%dT%H:%M")
    data[f"round-{rnd.pk}"] = local.replace(hour=9, minute=30).strftime("%Y-%m-%dT%H:%M")
    data[f"table-{first.pk}"] = "12"
    response = organizer_client.post(url(tournament), data, follow=True)
    assert "Schedule saved." in response.content.decode()
    first.refresh_from_db()
    assert first.table_number == 12
    assert first.starts_at.astimezone(tournament.tz).strftime("%H:%M") == "09:30"
    assert first.no_show_at == first.starts_at + dt.timedelta(minutes=5)


def test_bad_times_and_tables_are_named_and_nothing_changes(organizer_client, db):
    tournament, _ = published(4, both=False)
    rnd = Round.objects.get(division__tournament=tournament, number=1)
    first = game(tournament, "d1", 1, 1)
    before = (rnd.starts_at, first.table_number)
    data = form_data(organizer_client, tournament)
    data[f"round-{rnd.pk}"] = "next wednesday"
    data[f"table-{first.pk}"] = "0"
    response = organizer_client.post(url(tournament), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert "“next wednesday” is not a date and time" in html
    assert "game 1: the table number must be a whole number from 1 to 999, not “0”" in html
    assert 'value="next wednesday"' in html  # what was typed is kept
    rnd.refresh_from_db()
    first.refresh_from_db()
    assert (rnd.starts_at, first.table_number) == before


def test_finished_games_are_not_editable(organizer_client, db):
    tournament, _ = published(4, both=False)
    first = game(tournament, "d1", 1, 1)
    Game.objects.filter(pk=first.pk).update(status=Game.Status.IN_PLAY)
    data = form_data(organizer_client, tournament)
    assert f"table-{first.pk}" not in data
