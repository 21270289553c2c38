"""A team's own page (next game, results with sheets, substitutes; shareable), "Find my team" by
choosing or typing a name, and a table event's player page (seat each round, sheets, standing)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.formats.bracket.draw.test_brackets_support import game, teams_of
from tests.formats.tables.played import club_round, play_club_game
from tests.live.events import in_play
from tournament.core import actions
from tournament.events import demo_tables
from tournament.models import Game, Player, Team

pytestmark = pytest.mark.django_db


def team_url(team):
    return reverse("live:team", args=[team.tournament.slug, team.pk])


def test_a_team_page_shows_its_next_game_results_sheets_and_substitutes(client, django_assert_max_num_queries):
    tournament, first, playing = in_play()
    loser, winner = teams_of(first)
    semi = Game.objects.get(sides__fed_by=first)
    actions.record_substitute(playing, teams_of(playing)[0], teams_of(playing)[0].players.first(), "Sandy Sub")
    with django_assert_max_num_queries(10):  # and the first deadline, kept with the counter
        html = client.get(team_url(winner)).content.decode()
    d2 = Game.objects.get(division__kind="d2", round__number=1, sides__team=winner)
    nxt = html.split('id="next"', 1)[1].split("</div>", 1)[0]  # the earliest posted game comes first
    assert "Division 2</bdi> · Quarter-finals" in nxt and f"Table {d2.table_number}" in nxt
    assert d2.starts_at.astimezone(tournament.tz).strftime("%-I:%M %p") in nxt
    assert f"Against: <strong><bdi>{teams_of(d2)[1 - teams_of(d2).index(winner)].name}</bdi>" in nxt
    later = html.split(f'id="later-{semi.pk}"', 1)[1].split("</li>", 1)[0]
    assert "Semi-finals" in later and f"table {semi.table_number}" in later
    assert f"Winner of game {playing.number} (Quarter-finals)" in later  # the opponent still to be decided
    result = html.split(f'id="result-{first.pk}"', 1)[1].split("</li>", 1)[0]
    assert "Won" in result and f'href="/t/{tournament.slug}/games/{first.pk}/sheet/"' in result
    assert f"Share it: <span class=\"share-link\"><a href=\"http://testserver{team_url(winner)}\">" in html
    assert "Lost" in client.get(team_url(loser)).content.decode().split(f'id="result-{first.pk}"', 1)[1]

    subbed = client.get(team_url(teams_of(playing)[0])).content.decode()
    assert "<bdi>Sandy Sub</bdi> played for" in subbed.split('id="subs"', 1)[1]
    live = subbed.split('id="next"', 1)[1].split("</div>", 1)[0]
    assert "Live score sheet" in live and f'data-countdown="{playing.time_limit_at.isoformat()}"' in live


def test_find_my_team_by_name_however_typed_or_by_choosing(client):
    tournament, first, playing = in_play()
    team = teams_of(playing)[1]
    find = reverse("live:find", args=[tournament.slug])
    typed = client.get(find, {"name": f"  {team.name.upper()} ｎｏｒｔｈ "})  # a player's name, full-width letters
    assert typed.status_code == 302 and typed["Location"] == team_url(team)
    chosen = client.get(find, {"entrant": f"live:team:{team.pk}"})
    assert chosen["Location"] == team_url(team)
    several = client.get(find, {"name": "north"}).content.decode()
    assert "Several match “<bdi>north</bdi>”" in several
    assert several.split("Several match", 1)[1].split("</ul>", 1)[0].count("<li>") == 8
    nobody = client.get(find, {"name": "Zelda"})
    assert nobody.status_code == 200 and "No team or player called “Zelda”" in nobody.content.decode()
    stale = client.get(find, {"entrant": "live:team:999999"}).content.decode()
    assert "choose it again from the list" in stale


def test_the_home_offers_find_my_team_after_the_draw(client):
    tournament, _, _ = in_play()
    html = client.get(reverse("public:home", args=[tournament.slug])).content.decode()
    form = html.split('class="lv-find', 1)[1].split("</form>", 1)[0]
    assert f'action="/t/{tournament.slug}/find/"' in form
    assert all(f'value="live:team:{t.pk}"' in form for t in Team.objects.filter(tournament=tournament))


def test_a_table_players_page_has_their_seat_sheet_and_standing(client, django_user_model):
    event = demo_tables.create_rummikub(timezone.now(), django_user_model.objects.create(username="org"),
                                        first_round_only=True)
    ivy = Player.objects.get(tournament=event, name="Ivy Chen")
    table = Game.objects.get(division__tournament=event, sides__player=ivy)
    html = client.get(reverse("live:player", args=[event.slug, ivy.pk])).content.decode()
    nxt = html.split('id="next"', 1)[1].split("</div>", 1)[0]
    assert f"Table {table.table_number}" in nxt and "Ivy Chen, seat " in nxt
    assert f'href="/t/{event.slug}/games/{table.pk}/sheet/"' in nxt
    assert 'id="standing"' in html
    found = client.get(reverse("live:find", args=[event.slug]), {"name": "ivy chen"})
    assert found["Location"] == reverse("live:player", args=[event.slug, ivy.pk])


def test_a_partnerships_player_is_sent_to_the_partnership(client):
    event, games = club_round(tables=2)
    play_club_game(games[0])
    player = Player.objects.get(tournament=event, name="P1")
    response = client.get(reverse("live:player", args=[event.slug, player.pk]))
    assert response.status_code == 302 and response["Location"] == team_url(player.team)
    html = client.get(response["Location"]).content.decode()
    assert "P1, North" in html and "P2, East" in html and "Live score sheet" in html  # partnerships: the compass


def test_unknown_team_or_player_is_404(client):
    tournament, _, _ = in_play()
    other, _, _ = in_play(slug="other-event")
    stranger = teams_of(game(other, "d1", 1, 1))[0]
    assert client.get(reverse("live:team", args=[tournament.slug, stranger.pk])).status_code == 404
    assert client.get(reverse("live:player", args=[tournament.slug, 999999])).status_code == 404
