"""The result part of a game's one organizer page (organizer/t/<slug>/gameday/game/<id>/): the result,
the log and the organizer's correction; the page's former address redirects to it."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.formats.bracket.draw.test_brackets_support import game, published, teams_of
from tests.gameday_setup import publish_division
from tournament.formats.bracket import advancement
from tournament.models import Game, GameEvent

S = Game.Status


def url(g):
    return reverse("gameday:game", args=[g.division.tournament.slug, g.pk])


def correct_url(g):
    return reverse("gameday:correct", args=[g.division.tournament.slug, g.pk])


def finished_pair(n=8):
    """Round 1 games 1 and 2 finished by their first teams; round 2 game 1 is ready with both winners."""
    tournament, teams = published(n, both=False)
    first, second = game(tournament, "d1", 1, 1), game(tournament, "d1", 1, 2)
    advancement.finish_game(first, teams_of(first)[0], reason="score")
    advancement.finish_game(second, teams_of(second)[0], reason="score")
    first.refresh_from_db()
    return tournament, teams, first


def snapshot(tournament):
    return sorted(
        (g.pk, g.status, g.winner_id, g.version, tuple(s.team_id for s in g.sides.order_by("slot")))
        for g in Game.objects.filter(division__tournament=tournament)
    ), GameEvent.objects.filter(game__division__tournament=tournament).count()


def test_the_page_needs_a_login(client, db):
    _, _, first = finished_pair(4)
    response = client.get(url(first))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    response = client.post(correct_url(first), {"winner": teams_of(first)[1].pk, "note": "x"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    first.refresh_from_db()
    assert first.winner == teams_of(first)[0]


def test_the_page_shows_the_game_its_sides_and_its_log(organizer_client, db):
    tournament, _, first = finished_pair()
    Game.objects.filter(pk=first.pk).update(table_number=7)
    a, b = teams_of(first)
    html = organizer_client.get(url(first)).content.decode()
    assert f"Division 1 · {first.round} game 1" in html
    assert "Table 7" in html
    local = first.starts_at.astimezone(tournament.tz)
    assert "Posted start: " + local.strftime("%A %-d %B, %-I:%M") in html
    assert a.name in html and b.name in html
    assert "Winner: <strong><bdi>%s</bdi></strong>" % a.name in html
    assert f"Result: {a.name} wins" in html and "No hands recorded." in html
    assert "Correct the result" in html and 'name="note"' in html


def test_a_correction_redoes_advancement_and_is_logged(organizer_client, organizer, db):
    tournament, _, first = finished_pair()
    a, b = teams_of(first)
    following = game(tournament, "d1", 2, 1)
    assert teams_of(following)[0] == a
    response = organizer_client.post(correct_url(first), {"winner": b.pk, "note": "Score sheet added up wrong", "version": first.version}, follow=True
    )
    html = response.content.decode()
    assert f"Result corrected: {b.name} wins" in html
    first.refresh_from_db()
    assert first.winner == b and first.decided_by == organizer
    assert teams_of(game(tournament, "d1", 2, 1))[0] == b
    assert f"{a.name} → {b.name}" in html and "Score sheet added up wrong" in html
    # The next game's own page now names the other team.
    assert b.name in organizer_client.get(url(following)).content.decode()


def test_refused_once_the_next_game_has_started_and_nothing_changes(organizer_client, db):
    tournament, _, first = finished_pair()
    a, b = teams_of(first)
    Game.objects.filter(pk=game(tournament, "d1", 2, 1).pk).update(status=S.IN_PLAY)
    page = organizer_client.get(url(first)).content.decode()
    assert "The next game has already started" in page and 'name="note"' not in page
    before = snapshot(tournament)
    response = organizer_client.post(correct_url(first), {"winner": b.pk, "note": "late complaint"})
    assert response.status_code == 400
    assert "the next game has already started" in response.content.decode()
    assert snapshot(tournament) == before
    assert teams_of(game(tournament, "d1", 2, 1))[0] == a


def test_a_blank_note_is_refused_and_the_choice_is_kept(organizer_client, db):
    tournament, _, first = finished_pair()
    b = teams_of(first)[1]
    before = snapshot(tournament)
    response = organizer_client.post(correct_url(first), {"winner": b.pk, "note": "   "})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Write a note saying why the result is corrected" in html
    assert f'value="{b.pk}" checked' in html
    assert snapshot(tournament) == before


def test_a_team_not_in_the_game_is_refused(organizer_client, db):
    tournament, teams, first = finished_pair()
    outsider = next(t for t in teams if t not in teams_of(first))
    before = snapshot(tournament)
    response = organizer_client.post(correct_url(first), {"winner": outsider.pk, "note": "typo"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Choose the winner from this game&#x27;s teams" in html
    assert "typo" in html  # the note typed is kept
    assert snapshot(tournament) == before


def test_a_game_whose_sides_are_not_known_cannot_be_corrected(organizer_client, db):
    tournament, teams, _ = finished_pair()
    waiting = game(tournament, "d1", 2, 2)
    before = snapshot(tournament)
    assert "This game has no result to correct yet." in organizer_client.get(url(waiting)).content.decode()
    response = organizer_client.post(correct_url(waiting), {"winner": teams[0].pk, "note": "x"})
    assert response.status_code == 400
    assert "This game has no result to correct yet." in response.content.decode()
    assert snapshot(tournament) == before


def test_a_stale_form_is_refused(organizer_client, db):
    tournament, _, first = finished_pair()
    b = teams_of(first)[1]
    before = snapshot(tournament)
    response = organizer_client.post(correct_url(first), {"winner": b.pk, "note": "x", "version": first.version - 1})
    assert response.status_code == 400
    assert "This game changed since you opened the page" in response.content.decode()
    assert snapshot(tournament) == before


def test_a_post_without_the_csrf_token_is_refused(organizer, db):
    tournament, _, first = finished_pair()
    client = Client(enforce_csrf_checks=True)
    client.force_login(organizer)
    before = snapshot(tournament)
    response = client.post(correct_url(first), {"winner": teams_of(first)[1].pk, "note": "no token"})
    assert response.status_code == 403
    assert snapshot(tournament) == before


def test_a_game_of_another_tournament_is_not_found(organizer_client, db):
    _, _, first = finished_pair(4)
    other, _ = published(4, both=False)
    assert organizer_client.get(reverse("gameday:game", args=[other.slug, first.pk])).status_code == 404
    response = organizer_client.post(reverse("gameday:correct", args=[other.slug, first.pk]), {"winner": teams_of(first)[1].pk, "note": "x"})
    assert response.status_code == 404


def test_the_schedule_and_the_bracket_lead_organizers_to_the_game_page(organizer_client, db):
    tournament, _, first = finished_pair(4)
    assert url(first) in organizer_client.get(reverse("draw:schedule", args=[tournament.slug])).content.decode()
    bracket = reverse("brackets:division", args=[tournament.slug, "d1"])
    organizers = organizer_client.get(bracket).content.decode()
    link = re.search(rf'href="([^"]*/{first.pk}/)">Result and log \(organizer\)', organizers).group(1)
    page = organizer_client.get(link, follow=True)
    assert page.request["PATH_INFO"] == url(first) and "Correct the result" in page.content.decode()
    assert "Result and log (organizer)" not in Client().get(bracket).content.decode()


def test_the_former_result_address_leads_to_the_game_page(organizer_client, db):
    tournament, _, first = finished_pair(4)
    former = reverse("gameday:result", args=[tournament.slug, first.pk])
    response = organizer_client.get(former)
    assert response.status_code == 302 and response["Location"] == url(first)
    b = teams_of(first)[1]
    # A correction form still open on the former page is carried over, not lost.
    response = organizer_client.post(former, {"winner": b.pk, "note": "Added up wrong", "version": first.version}, follow=True)
    assert f"Result corrected: {b.name} wins" in response.content.decode()
    first.refresh_from_db()
    assert first.winner == b


def test_the_one_page_has_the_result_the_table_links_and_the_next_game(organizer_client, db):
    tournament, _, first = finished_pair()
    html = organizer_client.get(url(first)).content.decode()
    assert "Correct the result" in html and 'id="result"' in html
    assert reverse("table:manage_sheet", args=[first.pk]) in html
    assert reverse("table:sheet", args=[first.table_token]) in html
    following = game(tournament, "d1", 2, 1)
    assert f'href="{url(following)}"' in html  # the next game's own page


@pytest.mark.django_db
def test_a_bye_offers_no_sheet_table_link_or_correction(organizer_client, tournament):
    publish_division(tournament, teams=5)  # 8 lines: three byes
    bye = Game.objects.filter(division__tournament=tournament, status=Game.Status.BYE).first()
    page = organizer_client.get(url(bye)).content.decode()
    assert "Bye" in page and "Correct the result" not in page and "Table link" not in page
