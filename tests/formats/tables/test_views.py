"""The organizer's pages of a table event (players, partner draw, rounds) and its public sign-up."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

import rules
from tests.formats.tables.events import sign_up, table_event
from tournament.models import Game, PartnerDraw, Player, SeatingDraw, Team

pytestmark = pytest.mark.django_db


def url(name, event, *args):
    return reverse(f"tables:{name}", args=[event.slug, *args])


def test_the_players_page_needs_a_log_in(client):
    event = table_event()
    response = client.get(url("players", event))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_bracket_event_has_no_table_pages(organizer_client, tournament):
    assert organizer_client.get(url("players", tournament)).status_code == 404
    assert organizer_client.get(url("signup", tournament)).status_code == 404


def test_the_dashboard_links_a_table_event_to_its_players(organizer_client, tournament):
    event = table_event()
    assert url("players", event) in organizer_client.get(reverse("organizer:dashboard", args=[event.slug])).content.decode()
    assert "/players/" not in organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug])).content.decode()


def test_the_organizer_sees_players_partners_and_households(organizer_client):
    event = table_event("club-4deck")
    sign_up(event, "Ann Lee")
    sign_up(event, "Bob Lee", came_with="Ann Lee")
    page = organizer_client.get(url("players", event)).content.decode()
    assert "Ann Lee" in page and "Bob Lee" in page and "to be drawn" in page
    assert "Ann Lee &amp; Bob Lee" in page
    assert "Partnerships, 2 a table" in page


def test_the_organizer_adds_a_late_player_and_a_duplicate_is_refused(organizer_client):
    event = table_event("rummikub", signup_deadline=timezone.now() - dt.timedelta(hours=1))
    response = organizer_client.post(url("add_player", event), {"name": "Ann", "contact": "555"})
    assert response.status_code == 302
    assert Player.objects.get(tournament=event).table_entry.added_late
    response = organizer_client.post(url("add_player", event), {"name": " ANN "})
    assert response.status_code == 400
    assert "Ann has already signed up." in response.content.decode()
    assert Player.objects.filter(tournament=event).count() == 1


def test_the_organizer_edits_and_withdraws_a_player(organizer_client):
    event = table_event("rummikub")
    ann = sign_up(event, "Ann")["Ann"]
    assert "value=\"Ann\"" in organizer_client.get(url("edit_player", event, ann.pk)).content.decode()
    response = organizer_client.post(url("edit_player", event, ann.pk), {"name": "Ann Lee", "contact": "", "came_with": ""})
    assert response.status_code == 302
    assert Player.objects.get(pk=ann.pk).name == "Ann Lee"
    response = organizer_client.post(url("withdraw_player", event, ann.pk), follow=True)
    assert "Withdrew Ann Lee." in response.content.decode()
    assert Player.objects.get(pk=ann.pk).table_entry.withdrawn_at is not None


def test_the_public_sign_up_asks_for_a_partner_only_in_partnership_events(client):
    assert 'name="partner"' in client.get(url("signup", table_event("fiji-team"))).content.decode()
    assert 'name="partner"' not in client.get(url("signup", table_event("rummikub", slug="rummy"))).content.decode()


def test_a_player_signs_up_on_the_public_page(client, template_context):
    event = table_event("club-4deck")
    key = client.get(url("signup", event)).context["form"].initial["submission_key"]
    data = {"name": "Ann Lee", "came_with": "Bob Lee", "contact": "ann@club.example", "submission_key": key}
    response = client.post(url("signup", event), data, follow=True)
    assert response.redirect_chain[-1][0] == url("signed_up", event)
    assert "<h1 class=\"signed-up-title\">You are signed up</h1>" in response.content.decode()
    client.post(url("signup", event), data)  # the same form sent again
    assert Player.objects.filter(tournament=event).count() == 1


def test_a_bad_public_sign_up_names_the_problem_and_saves_nothing(client):
    event = table_event("fiji-team")
    response = client.post(url("signup", event), {"name": "Ann", "partner": "ann"})
    assert response.status_code == 400
    assert "The two partners must be two different people." in response.content.decode()
    assert not Player.objects.exists()


def test_the_public_sign_up_is_closed_after_the_deadline(client):
    event = table_event("rummikub", signup_deadline=timezone.now() - dt.timedelta(minutes=5))
    page = client.get(url("signup", event)).content.decode()
    assert "Sign-ups closed at" in page and 'id="signup-form"' not in page
    assert client.post(url("signup", event), {"name": "Ann"}).status_code == 400
    assert not Player.objects.exists()


def test_partners_are_previewed_redrawn_and_published(organizer_client):
    event = table_event("club-4deck")
    sign_up(event, "Ann", "Bob", "Cy", "Di")
    organizer_client.post(url("partners_preview", event), {"seed": "12"})
    response = organizer_client.post(url("partners_preview", event), {"seed": "13"}, follow=True)
    assert "Draw number <span class=\"seed\">13</span>" in response.content.decode()
    assert not Team.objects.exists()
    record = PartnerDraw.objects.first()
    response = organizer_client.post(url("partners_publish", event), {"draw": record.pk}, follow=True)
    assert "Published 2 partnerships (draw number 13)." in response.content.decode()
    assert Team.objects.filter(tournament=event).count() == 2
    response = organizer_client.post(url("partners_publish", event), {"draw": record.pk})
    assert response.status_code == 400 and "frozen" in response.content.decode()


def test_an_impossible_partner_draw_says_why_and_saves_nothing(organizer_client):
    event = table_event("club-4deck")
    sign_up(event, "Ann", "Bob")
    sign_up(event, "Cy", came_with="Ann, Bob")
    sign_up(event, "Di", came_with="Ann")
    response = organizer_client.post(url("partners_preview", event), {"seed": "1"})
    assert response.status_code == 400
    assert "may not partner each other" in response.content.decode()
    assert "Add players or split the household" in response.content.decode()
    assert not PartnerDraw.objects.exists()


def test_a_seed_that_is_not_a_number_is_refused(organizer_client):
    event = table_event("club-4deck")
    response = organizer_client.post(url("partners_preview", event), {"seed": "abc"})
    assert response.status_code == 400 and "The draw number must be a whole number" in response.content.decode()


def test_a_round_is_seated_shown_with_its_byes_and_published_with_its_start(organizer_client):
    event = table_event("baja-cutthroat")
    sign_up(event, "Ann", "Bob", "Cy", "Di", "Ed")
    response = organizer_client.post(url("round_preview", event, 1), {"seed": "7"}, follow=True)
    page = response.content.decode()
    assert "Table 1" in page and "Sits out this round" in page
    record = SeatingDraw.objects.get()
    response = organizer_client.post(url("round_publish", event, 1), {"draw": record.pk, "starts_at": ""})
    assert response.status_code == 400 and "Give the round a start time." in response.content.decode()
    assert not Game.objects.exists()
    response = organizer_client.post(url("round_publish", event, 1), {"draw": record.pk, "starts_at": "2027-01-06T10:00"}, follow=True)
    assert "Round 1 is published (draw number 7)" in response.content.decode()
    game = Game.objects.get()
    assert game.starts_at == dt.datetime(2027, 1, 6, 10, 0, tzinfo=event.tz)
    assert game.sides.count() == 4
    assert "Round 2" in response.content.decode()


def test_seating_a_partnership_event_before_the_partner_draw_says_so(organizer_client):
    event = table_event("club-4deck")
    sign_up(event, "Ann", "Bob")
    response = organizer_client.post(url("round_preview", event, 1), {"seed": "1"})
    assert response.status_code == 400
    assert "draw the partners first" in response.content.decode()
    assert not SeatingDraw.objects.exists()


def test_round_settings_are_saved_until_round_one_is_published(organizer_client):
    event = table_event("rummikub")
    response = organizer_client.post(url("settings", event), {"hands_per_round": "4", "movement": "winners_stay", "standings": "placings"})
    assert response.status_code == 302
    settings = event.table_event
    assert (settings.hands_per_round, settings.movement, settings.standings) == (4, "winners_stay", "placings")
    response = organizer_client.post(url("settings", event), {"hands_per_round": "2", "movement": "sideways", "standings": "total"})
    assert response.status_code == 400 and "sideways is not one of the available choices" in response.content.decode()


def test_hands_per_round_becomes_the_rules_number_that_ends_each_game(organizer_client):
    event = table_event("rummikub")
    organizer_client.post(url("settings", event), {"hands_per_round": "4", "movement": "redraw", "standings": "total"})
    event.refresh_from_db()
    assert event.rules_numbers["rounds"] == 4
    assert rules.game_over("rummikub", {"1": 10, "2": 5}, 4, event.rules_numbers) == (True, "1")
    assert rules.game_over("rummikub", {"1": 10, "2": 5}, 3, event.rules_numbers)[0] is False


def test_a_target_variant_refuses_a_fixed_number_of_hands(organizer_client):
    event = table_event("fiji-individual")
    response = organizer_client.post(url("settings", event), {"hands_per_round": "5", "movement": "redraw", "standings": "total"})
    assert response.status_code == 400
    assert "play to the target of 15,000: leave hands per round empty" in response.content.decode()
    event.refresh_from_db()
    assert "hands" not in event.rules_numbers and "rounds" not in event.rules_numbers


def test_the_club_game_needs_its_number_of_hands(organizer_client):
    event = table_event("club-4deck")
    response = organizer_client.post(url("settings", event), {"hands_per_round": "", "movement": "redraw", "standings": "total"})
    assert response.status_code == 400 and "fixed number of hands" in response.content.decode()
