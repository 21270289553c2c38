"""A Spanish event reads in Spanish: no English word left on any page or in any e-mail (issue 24).

Two small events whose tournament language is Spanish, each with the history a day leaves (a no-show,
a substitute who "plays for" someone, a time limit, a tie and its e-mail to the organizers), are read
as a visitor, as the organizer and from the table phones (every page kind, found by following links,
as the stage walks do), with the printouts' HTML and the mail sent. Their visible text must hold none
of the English words below; the names in them are Spanish, so any English word is ours.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from unittest import mock

import pytest
import time_machine
import weasyprint
from django.test import Client

from scoring import hands
from scoring import sample_hands as td
from tests.factories import TeamFactory, TournamentFactory
from tests.formats.tables.played import START as TABLE_START
from tests.formats.tables.played import club_round
from tests.gameday_setup import publish_division, teams
from tests.mail import delivered
from tests.walks import listed, pages
from tournament.core import actions, deadlines, signup_deadline, ties
from tournament.formats.bracket import advancement
from tournament.formats.tables import play, substitutes
from tournament.models import Game, Player

pytestmark = pytest.mark.django_db

START = dt.datetime(2027, 3, 6, 17, 0, tzinfo=dt.timezone.utc)
AHEAD = [td.values(out=True, **td.W1), td.values(**td.W2)]
TEAMS = {
    "Las Gaviotas": ("Ana Núñez", "Bea Ruiz"), "Los Pelícanos": ("Ciro Peña", "Dora Díaz"),
    "Las Tortugas": ("Elsa Mora", "Fede Soto"), "Los Delfines": ("Gil Vega", "Hilda Paz"),
    "Las Garzas": ("Iván Luna", "Julia Cruz"), "Los Pulpos": ("Karla Ríos", "Luis Ochoa"),
    "Las Ballenas": ("Marta León", "Nico Salas"), "Los Tiburones": ("Olga Ibarra", "Pepe Lara"),
}

# English a Spanish reader must never meet. Words, not letters: "Mesa 3" is fine, "Table 3" is not.
ENGLISH = [re.compile(p) for p in (
    r"\b[Tt]he\b", r"\bplays? for\b", r"\bchecked in\b", r" v ", r"\bRound\b", r"\bTable\b", r"\bTeam\b",
    r"\bwon\b", r"\bwins?\b", r"\bWinner\b", r"\b[Nn]o[ -]show\b", r"\bNot checked\b", r"\b[Ff]orfeit", r"\b[Ll]evel\b",
    r"\b[Hh]and\b", r"\b[Gg]ame\b", r"\bSign-ups\b", r"\bAsk\b", r"\breload\b", r"\b[Ss]core\b", r"\bStarted\b",
    r"\b[Cc]orrected\b", r"\bposted\b", r"\bbonus\b", r"\b[Cc]hampion\b", r"\bwith\b", r"\band\b", r"\bof\b",
)]


# What is not ours to translate: addresses (/organizer/t/…/game/3/) and time-zone places ("Isle of Man").
ADDRESSES = re.compile(r"(https?://\S+|(?<!\w)/[\w./-]+)")
ZONE_OPTIONS = re.compile(r"<option value=\"[A-Za-z_]+/[^\"]*\"[^>]*>[^<]*</option>")


# A time zone is said in words ("hora de La Paz, Mazatlán"), never by its tz id (issue 39).
RAW_ZONE = re.compile(r"\b(Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)/[A-Z]\w+")


def english_in(text: str) -> list[str]:
    zones = {m.group(0) for m in RAW_ZONE.finditer(text)}
    text = ADDRESSES.sub(" ", text)
    return sorted(zones | {m.group(0) for pattern in ENGLISH for m in pattern.finditer(text)})


def spanish_client(user=None) -> Client:
    found = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9")
    if user is not None:
        found.force_login(user)
    return found


@contextlib.contextmanager
def printouts():
    """The HTML every PDF is made from (the layout itself is skipped, as in the stage walks)."""
    made: list[str] = []

    def keep(self, *args, **kwargs):
        made.append(kwargs.get("string") or "")

    with pages.pdf_layout(real=False), mock.patch.object(weasyprint.HTML, "__init__", keep):
        yield made


def read_in_spanish(tournament, organizer) -> dict[str, str]:
    """url -> visible text of every page kind, as the three clients read them, and of every printout."""
    listing = listed.event_pages(tournament, organizer)
    kinds = pages.PageKinds(tournament)
    with printouts() as printed, pages.uninstrumented_templates():
        crawls = (
            pages.crawl(spanish_client(), tournament, listing.visitor, kinds=kinds),
            pages.crawl(spanish_client(organizer), tournament, listing.organizer,
                        follow=("/organizer/", "/table/manage/"), kinds=kinds),
            pages.crawl(spanish_client(), tournament, listing.phone, follow=("/table/",), kinds=kinds),
        )
    errors = [e for c in crawls for e in c.errors()]
    assert errors == [], errors
    found = {}
    for crawl in crawls:
        for page in crawl.pages.values():
            if page.text and page.status < 400:
                # The header's language switch names "English" on purpose; the page's own part follows.
                found[page.url] = pages.visible(ZONE_OPTIONS.sub(" ", page.text.split("<main", 1)[-1]))
    for number, html in enumerate(printed):
        found[f"printout {number + 1}"] = pages.visible(html)
    return found


def mails() -> dict[str, str]:
    return {f"e-mail {n + 1}: {m.subject}": f"{m.subject}\n{m.body}" for n, m in enumerate(delivered())}


def assert_spanish(texts: dict[str, str]) -> None:
    left = {where: english_in(text) for where, text in texts.items()}
    left = {where: words for where, words in left.items() if words}
    assert left == {}, f"English on Spanish pages or e-mails: {left}"


def bracket_day():
    """Division 1 of eight teams in play: a no-show, a substitute and a time limit, a tie at the limit
    (its e-mail sent), a game played to the end."""
    tournament = TournamentFactory(language="es", venue="Club de la Marina", require_confirmation=False,
                                   signup_deadline=START - dt.timedelta(days=1))
    for name, partners in TEAMS.items():
        TeamFactory(tournament=tournament, name=name, partners=partners)
    signup_deadline.close_registration(tournament.pk, early=True)
    signup_deadline.notify_registration_closed(tournament.pk)
    with time_machine.travel(START - dt.timedelta(hours=1), tick=False):
        _division, (absent, sub, tie, played) = publish_division(tournament, 8, starts_at=START)
    with time_machine.travel(START, tick=False):
        actions.check_in(absent, teams(absent)[0], via="table")
        for game in (sub, tie):
            for team in teams(game):
                actions.check_in(game, team, via="table")
        first = teams(sub)[0]
        actions.record_substitute(sub, first, first.players.order_by("pk").first(), "Rosa Suplente")
        for game in (sub, tie):
            actions.start_game(Game.objects.get(pk=game.pk), agreed_team_ids=[t.pk for t in teams(game)])
    deadlines.apply_no_show(absent.pk, now=Game.objects.get(pk=absent.pk).no_show_at + dt.timedelta(minutes=1))
    sub, tie = Game.objects.get(pk=sub.pk), Game.objects.get(pk=tie.pk)
    with time_machine.travel(sub.time_limit_at - dt.timedelta(minutes=20), tick=False):
        hands.submit(sub, number=1, values=AHEAD, key="es-1", entered_by="Las Gaviotas", entered_by_slot=1)
    deadlines.apply_time_limit(sub.pk, now=sub.time_limit_at + dt.timedelta(minutes=1))
    deadlines.apply_time_limit(tie.pk, now=tie.time_limit_at + dt.timedelta(minutes=1))
    ties.notify_organizers(tie.pk)
    advancement.finish_game(played, teams(played)[0], reason="score")
    assert Game.objects.get(pk=tie.pk).status == Game.Status.AWAITING_DECISION
    return tournament


def table_day():
    """A club event's round 1: one table lost a partnership to the no-show deadline, at the other a
    substitute played one round, a hand was entered and the time limit ended it."""
    event, (absent, played) = club_round(2, language="es", venue="Club de la Marina", require_confirmation=False)
    replaced = Player.objects.get(pk=played.sides.order_by("slot").first().team.players.order_by("pk").first().pk)
    substitutes.substitute(event, replaced, typed="Rosa Suplente", rest_of_event=False)
    played = Game.objects.get(pk=played.pk)
    with time_machine.travel(TABLE_START, tick=False):
        play.check_in_side(absent, absent.sides.order_by("slot").first(), via="table")
        for side in played.sides.all():
            play.check_in_side(played, side, via="table")
        play.start_table(played, now=TABLE_START)
    deadlines.apply_no_show(absent.pk, now=Game.objects.get(pk=absent.pk).no_show_at + dt.timedelta(minutes=1))
    played = Game.objects.get(pk=played.pk)
    with time_machine.travel(played.time_limit_at - dt.timedelta(minutes=20), tick=False):
        hands.submit(played, number=1, values=[td.values(red=1, melded=320, left=20), td.values(melded=100, left=20)],
                     key="es-t1", entered_by="P1", entered_by_slot=1)
    deadlines.apply_time_limit(played.pk, now=played.time_limit_at + dt.timedelta(minutes=1))
    return event


def test_a_spanish_bracket_day_has_no_english_on_its_pages_printouts_or_e_mails(organizer):
    tournament = bracket_day()
    assert len(delivered()) == 2  # sign-ups closed, and the tie
    texts = {**read_in_spanish(tournament, organizer), **mails()}
    history = next(text for url, text in texts.items() if "/gameday/game/" in url and "Suplente" in text)
    assert "Rosa Suplente juega en lugar de" in history, history
    assert any("Llegada no registrada a las" in text for text in texts.values())  # the no-show, in the history
    tie_mail = delivered()[1]
    assert " vs. " in tie_mail.body and "empatada al tiempo límite" in tie_mail.subject
    assert_spanish(texts)


def test_a_spanish_table_day_has_no_english_on_its_pages_or_printouts(organizer):
    event = table_day()
    texts = read_in_spanish(event, organizer)
    assert any("Llegada no registrada a las" in text and "los demás siguen jugando" not in text for text in texts.values())
    assert any("Rosa Suplente" in text for text in texts.values())
    assert_spanish(texts)


def test_the_check_catches_english():
    assert english_in("Not checked in by 9:31: Las Gaviotas (no show)") == ["Not checked", "checked in", "no show"]
    assert english_in("Rosa plays for Ana; Las Gaviotas v Los Pulpos") == [" v ", "plays for"]
    assert english_in("Llegada no registrada a las 9:31: Las Gaviotas (no se presentó)") == []
    assert english_in("Las horas son hora de America/Mazatlan.") == ["America/Mazatlan"]
    assert english_in("Las horas son hora de La Paz, Mazatlán.") == []
    assert english_in("en la página de la partida: https://club.example/organizer/t/bayfest/gameday/game/3/") == []
