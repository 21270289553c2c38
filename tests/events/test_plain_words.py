"""The organizer's pages in a club secretary's words: the web address made from the name, the time
zone picked from a list, lengths of time as hours and minutes, the draw number explained, and no
programmer's words or command lines anywhere."""

import datetime as dt
import html
import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.factories import TournamentFactory, UserFactory
from tests.tournament_form import lasting, tournament_data
from tournament.models import Tournament

pytestmark = pytest.mark.django_db
CREATE = reverse("organizer:create")


def create(client, **changes):
    return client.post(CREATE, tournament_data(**{"slug": "", **changes}))


def page_text(response) -> str:
    return html.unescape(response.content.decode())


class TestWebAddress:
    def test_a_tournament_made_without_typing_an_address_gets_one_from_its_name(self, organizer_client):
        response = create(organizer_client, name="Bayfest 2026 — La Paz")
        assert response.status_code == 302
        event = Tournament.objects.get()
        assert event.slug == "bayfest-2026-la-paz"
        assert response["Location"] == reverse("organizer:dashboard", args=["bayfest-2026-la-paz"])
        edit = page_text(organizer_client.get(reverse("organizer:edit", args=[event.slug])))
        assert "testserver/t/bayfest-2026-la-paz/" in edit

    def test_the_same_name_twice_gets_two_addresses(self, organizer_client):
        assert create(organizer_client, name="Bayfest 2026").status_code == 302
        assert create(organizer_client, name="Bayfest 2026").status_code == 302
        assert sorted(Tournament.objects.values_list("slug", flat=True)) == ["bayfest-2026", "bayfest-2026-2"]

    def test_a_name_without_latin_letters_still_gets_an_address(self, organizer_client):
        assert create(organizer_client, name="🃏🃏").status_code == 302
        assert Tournament.objects.get().slug == "tournament"

    def test_a_typed_address_is_tidied(self, organizer_client):
        assert create(organizer_client, slug="Marina Open 2027").status_code == 302
        assert Tournament.objects.get().slug == "marina-open-2027"

    @pytest.mark.parametrize("typed,message", [
        ("bayfest-2026", "The address …/t/bayfest-2026/ is taken by another tournament; try bayfest-2026-2."),
        ("¡¿!", "“¡¿!” cannot be a web address: use letters, numbers and hyphens"),
        ("a" * 61, "The web address is too long: at most 60 letters, this one has 61."),
    ])
    def test_a_taken_or_impossible_address_is_refused_in_words(self, organizer_client, typed, message):
        TournamentFactory(slug="bayfest-2026")
        response = create(organizer_client, name="Another", slug=typed)
        assert response.status_code == 400
        text = page_text(response)
        assert message in text
        assert '<details class="more" open>' in text  # the refused address is shown, not hidden under “More”
        assert not Tournament.objects.filter(name="Another").exists()

    def test_renaming_keeps_the_address_people_already_have(self, organizer_client):
        create(organizer_client, name="Bayfest 2026")
        edit = reverse("organizer:edit", args=["bayfest-2026"])
        assert organizer_client.post(edit, tournament_data(name="Bayfest 2026 (moved)", slug="")).status_code == 302
        assert Tournament.objects.get().slug == "bayfest-2026"

    def test_the_address_is_under_more_on_the_form(self, organizer_client):
        text = page_text(organizer_client.get(CREATE))
        more = text[text.index('<details class="more">'):text.index("</details>")]
        assert 'name="slug"' in more and "Web address" in more
        assert "Made from the name when you save." in text


def options(text: str) -> list[tuple[str, str]]:
    select = re.search(r'<select name="time_zone".*?</select>', text, re.S).group(0)
    return re.findall(r'<option value="([^"]+)"[^>]*>([^<]+)</option>', select)


class TestTimeZone:
    def test_the_list_starts_with_the_organizers_zone_then_the_others_in_use_then_the_club_zones(
        self, organizer, organizer_client
    ):
        TournamentFactory(time_zone="Europe/Madrid", organizers=[organizer])
        TournamentFactory(time_zone="Asia/Tokyo", organizers=[UserFactory(username="tokyo", is_staff=False)])
        text = page_text(organizer_client.get(CREATE))
        listed = options(text)
        zones = [zone for zone, _ in listed]
        assert zones[:7] == [
            "Europe/Madrid", "Asia/Tokyo", "America/Mazatlan", "America/Mexico_City", "America/Tijuana",
            "America/Hermosillo", "America/Cancun",
        ]
        assert zones.index("America/Los_Angeles") < zones.index("America/Denver") < zones.index("America/Chicago") \
            < zones.index("America/New_York") < zones.index("Africa/Abidjan")
        assert ("America/Mazatlan", "La Paz, Mazatlán") in listed  # words, never the tz id (issue 39)
        assert ("America/Argentina/Buenos_Aires", "Buenos Aires (Argentina)") in listed
        assert not [words for _, words in listed if re.search(r"[A-Za-z]/[A-Z]", words)]
        assert len(zones) == len(set(zones)) > 300  # every zone, each once
        assert '<optgroup label="Likely time zones">' in text and '<optgroup label="Europe">' in text
        assert re.search(r'<option value="Europe/Madrid"[^>]*selected', text)  # the organizer's last used

    def test_an_unknown_zone_is_refused_and_nothing_is_made(self, organizer_client):
        response = create(organizer_client, time_zone="Mars/Olympus")
        assert response.status_code == 400
        assert "“Mars/Olympus” is not on the time zone list: pick the place nearest to where you play." in page_text(response)
        assert not Tournament.objects.exists()

    def test_in_spanish_the_list_and_the_refusal_name_no_tz_id(self, organizer_client):
        organizer_client.cookies["django_language"] = "es"
        response = organizer_client.post(CREATE, tournament_data(slug="", time_zone="Mars/Olympus"), HTTP_ACCEPT_LANGUAGE="es")
        text = page_text(response)
        assert "“Mars/Olympus” no está en la lista de zonas horarias: elija el lugar más cercano a donde juegan." in text
        assert ("America/Mexico_City", "Ciudad de México, Guadalajara, Monterrey") in options(text)
        assert "America/Mazatlan" not in re.sub(r'value="[^"]*"', "", text)  # only as the option's value

    def test_a_zone_from_the_whole_list_is_saved(self, organizer_client):
        assert create(organizer_client, time_zone="Pacific/Auckland").status_code == 302
        assert Tournament.objects.get().time_zone == "Pacific/Auckland"


class TestHoursAndMinutes:
    def test_lengths_typed_as_hours_and_minutes_are_saved_and_shown_again(self, organizer_client):
        assert create(organizer_client, game=(1, 45), grace=("", 10)).status_code == 302
        event = Tournament.objects.get()
        assert (event.game_time_limit, event.no_show_grace) == (dt.timedelta(hours=1, minutes=45), dt.timedelta(minutes=10))
        text = page_text(organizer_client.get(reverse("organizer:edit", args=[event.slug])))
        assert 'name="game_time_limit_hours" value="1"' in text and 'name="game_time_limit_minutes" value="45"' in text
        assert 'name="no_show_grace_hours" value="0"' in text and 'name="no_show_grace_minutes" value="10"' in text
        assert "hh:mm" not in text and "02:30:00" not in text

    @pytest.mark.parametrize("field,hours,minutes,message", [
        ("game_time_limit", 2, 75, "Game length: minutes must be 0–59, not “75”."),
        ("game_time_limit", "two", 0, "Game length: hours must be 0–24, not “two”."),
        ("game_time_limit", 0, 0, "Game length: at least 1 minute."),
        ("game_time_limit", "", "", "Game length: type the hours and the minutes (e.g. 2 and 30)."),
        ("no_show_grace", 0, "-5", "Wait for late players: minutes must be 0–59, not “-5”."),
        # Past the 4,300 digits Python's int() reads: this once answered 500.
        ("game_time_limit", "9" * 5000, 0, f"Game length: hours must be 0–24, not “{'9' * 24}…”."),
        ("no_show_grace", 0, "9" * 20, f"Wait for late players: minutes must be 0–59, not “{'9' * 20}”."),
        ("game_time_limit", "²", 0, "Game length: hours must be 0–24, not “²”."),
    ])
    def test_a_bad_length_is_refused_naming_the_field(self, organizer_client, field, hours, minutes, message):
        response = organizer_client.post(CREATE, {**tournament_data(slug=""), **lasting(field, hours, minutes)})
        assert response.status_code == 400
        text = page_text(response)
        assert message in text
        assert f'value="{hours}"' in text or hours == ""  # what was typed stays in the box
        assert not Tournament.objects.exists()


WORDS = ("manage.py", "Slug", "Seed", "hh:mm", "UTC offset")


def walk(client, slug: str) -> dict[str, str]:
    """Every organizer page of the tournament reachable by links from its dashboard, with the list
    and the new-tournament form (PDFs and downloads left out)."""
    own, lists = f"/organizer/t/{slug}/", (reverse("organizer:home"), CREATE)
    seen, todo = {}, [reverse("organizer:dashboard", args=[slug]), CREATE]
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        response = client.get(url)
        assert response.status_code == 200, url
        seen[url] = page_text(response)
        for link in re.findall(r'href="(/organizer/[^"#?]*)', response.content.decode()):
            if (link.startswith(own) or link in lists) and not link.endswith((".pdf", ".json", "/download/")):
                todo.append(link)
    return seen


def test_no_organizer_page_speaks_a_programmers_language(organizer_client):
    call_command("demo", stdout=io.StringIO())
    for slug in ("demo", "demo-club"):
        pages = walk(organizer_client, slug)
        assert any("/draw/" in url or "/partners/" in url for url in pages) and any("/edit/" in url for url in pages)
        for url, text in pages.items():
            found = [word for word in WORDS if word in text]
            assert not found, f"{url} says {found}"
    club_draws = page_text(organizer_client.get(reverse("tables:partners", args=["demo-club"])))
    assert "— the same number always gives the same draw, so anyone can check it." in club_draws
    draw = page_text(organizer_client.get(reverse("draw:page", args=["demo"])))
    assert re.search(r"Draw number <span class=\"seed\">\d+</span> — the same number always gives the same draw", draw)
