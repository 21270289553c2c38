"""Names whole everywhere (issue 24 B): a pair's name is its players' names, never cut; between
partners a Spanish page says "y"; Find my team ignores case and accents; lists sort in the page
language's alphabetical order."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import translation

from tests.factories import TeamFactory, TournamentFactory
from tests.formats.tables.events import sign_up, table_event
from tournament.common import names
from tournament.models import Team

pytestmark = pytest.mark.django_db

LONG = "Guadalupe Alejandra Fernández de la Concepción Villaseñor"  # 58 characters


def test_a_pair_keeps_both_names_whole_however_long_the_first():
    event = table_event("club-4deck")
    sign_up(event, LONG, partner="Hank Jones")
    team = Team.objects.get(tournament=event)
    assert str(team.name).endswith("Hank Jones")
    # Find my team finds the pair by the second partner and its page shows both whole.
    found = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/t/{event.slug}/find/", {"name": "hank jones"}, follow=True)
    page = found.content.decode()
    assert found.redirect_chain and "Hank Jones" in page and LONG in page


def test_a_spanish_page_joins_partners_with_y_and_an_english_one_with_ampersand():
    event = table_event("club-4deck")
    sign_up(event, "Ana Ruiz", partner="Hank Jones")
    team = Team.objects.get(tournament=event)
    url = f"/t/{event.slug}/team/{team.pk}/"
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es-MX").get(url).content.decode()
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()
    assert "Ana Ruiz y Hank Jones" in spanish and "Ana Ruiz &amp; Hank Jones" not in spanish
    assert "Ana Ruiz &amp; Hank Jones" in english
    # Stored once, language-neutral: search and backups see the same text.
    assert Team.objects.filter(name="Ana Ruiz & Hank Jones").exists()
    with translation.override("es"):
        assert names.joined(["Ana", "Inés"]) == "Ana e Inés"


def test_a_player_name_too_long_is_refused_with_its_length():
    event = table_event("club-4deck")
    with pytest.raises(ValidationError) as caught:
        sign_up(event, "A" * 81, partner="Hank Jones")
    assert "at most 80 characters (this one has 81)" in str(caught.value)
    assert not Team.objects.filter(tournament=event).exists()


@pytest.mark.parametrize("typed, expected", [("Nunez", "Los Ñúñez"), ("jose", "José y Toño"), ("maria pena", "María Peña")])
def test_find_my_team_ignores_accents_and_case(typed, expected):
    event = TournamentFactory()
    TeamFactory(tournament=event, name="Los Ñúñez", partners=("Rosa Ñúñez", "Beto Ñúñez"))
    TeamFactory(tournament=event, name="José y Toño", partners=("José Luis", "Toño Díaz"))
    TeamFactory(tournament=event, name="Las Peñas", partners=("María Peña", "Lola Peña"))
    found = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/t/{event.slug}/find/", {"name": typed}, follow=True)
    assert found.redirect_chain, f"{typed!r} found nothing"
    assert expected in found.content.decode()


def test_lists_sort_in_the_page_languages_alphabet():
    people = ["Los Tardíos", "Los Ñúñez", "Ángela & Refugio", "Los Norteños", "Beto", "los olivos"]
    assert names.sorted_by_name(people, name=str, language="es") == [
        "Ángela & Refugio", "Beto", "Los Norteños", "Los Ñúñez", "los olivos", "Los Tardíos"]
    assert names.sorted_by_name(people, name=str, language="en") == [
        "Ángela & Refugio", "Beto", "Los Norteños", "Los Ñúñez", "los olivos", "Los Tardíos"]
    assert names.sorted_by_name(["Nuñez", "Nunz"], name=str, language="es") == ["Nunz", "Nuñez"]
    assert names.sorted_by_name(["Nuñez", "Nunz"], name=str, language="en") == ["Nuñez", "Nunz"]


def test_find_my_team_lists_teams_alphabetically_in_spanish():
    event = TournamentFactory()
    for name in ("Los Tardíos", "Los Ñúñez", "Ángela y Refugio", "Los Olivos", "Zeta"):
        TeamFactory(tournament=event, name=name)
    page = Client(HTTP_ACCEPT_LANGUAGE="es-MX").get(f"/t/{event.slug}/find/").content.decode()
    at = [page.index(n) for n in ("Ángela y Refugio", "Los Ñúñez", "Los Olivos", "Los Tardíos", "Zeta")]
    assert at == sorted(at)


def test_the_organizers_team_list_sorts_by_name_with_accents_among_their_letters():
    event = TournamentFactory()
    for name in ("Zeta", "Ángela y Refugio", "Beto y Ana"):
        TeamFactory(tournament=event, name=name)
    page = Client(HTTP_ACCEPT_LANGUAGE="es-MX").get(f"/t/{event.slug}/teams/", {"sort": "name"}).content.decode()
    at = [page.index(n) for n in ("Ángela y Refugio", "Beto y Ana", "Zeta")]
    assert at == sorted(at)
