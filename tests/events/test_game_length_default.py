"""A club 4-deck tournament made outside the form (the factory, a script, the admin, a backup that
predates the length) gets its game's length, 1 h 45 (RULES D3), as the form gives it; a length chosen
is kept, and a game whose sheets give none keeps the Bayfest 2 h 30."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import TournamentFactory, organizer, organizer_client  # noqa: F401 (fixtures)
from tests.walks.pages import visible
from tournament.events import backup
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

CLUB = dt.timedelta(hours=1, minutes=45)


def shown(client, event, language):
    client.cookies["django_language"] = language
    return " ".join(visible(client.get(reverse("tables:rounds", args=[event.slug])).content.decode()).split())


@pytest.mark.parametrize(("language", "words"), [("en", "each game has a 1 h 45 min time limit"),
                                                 ("es", "1 h 45 min")])
def test_a_club_event_from_the_factory_plays_1_h_45_and_its_rounds_page_says_so(organizer_client, language, words):  # noqa: F811
    event = TournamentFactory(variant="club-4deck", format="tables")
    assert event.game_time_limit == CLUB
    assert event.rules_numbers["time_limit_minutes"] == 105  # the house rules page's number agrees
    page = shown(organizer_client, event, language)
    assert words in page and "2 h 30" not in page


def test_a_script_or_the_admin_without_a_length_gets_the_games_own():
    made = Tournament.objects.create(name="Club night", slug="club-night", variant="club-4deck",
                                     signup_deadline=timezone.now())
    assert made.game_time_limit == CLUB
    admin = Tournament(name="Club day", slug="club-day", signup_deadline=timezone.now())
    admin.variant = "club-4deck"  # as the admin's form fills it in, length left at the field's default
    admin.save()
    assert Tournament.objects.get(pk=admin.pk).game_time_limit == CLUB


def test_a_chosen_length_is_kept_and_other_games_keep_2_h_30():
    assert TournamentFactory(variant="club-4deck", game_time_limit=dt.timedelta(hours=2, minutes=30)).game_time_limit == \
        dt.timedelta(hours=2, minutes=30)
    assert TournamentFactory(variant="baja-partners").game_time_limit == dt.timedelta(hours=2, minutes=30)


def test_a_backup_without_a_length_imports_with_the_games_own(organizer):  # noqa: F811
    data = backup.export_tournament(TournamentFactory(variant="club-4deck", slug="old-club"))
    Tournament.objects.filter(slug="old-club").delete()
    row = data["models"]["tournament.Tournament"][0]
    del row["game_time_limit"]
    assert backup.import_tournament(data, by=organizer).game_time_limit == CLUB
