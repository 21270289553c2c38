"""The organizer's "E-mail sent" page names each kind of notice the event sends its entrants, in the
organizer's language."""

import datetime as dt
import html

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from tests.formats.bracket.draw.test_brackets_support import final_game, published, teams_of
from tests.mail.notices import delivered, public_url  # noqa: F401 (public_url: a fixture)
from tournament.core import deadlines, timetable
from tournament.formats.bracket import advancement
from tournament.mail import entrants
from tournament.models import Game, PartnerPost, Player, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("public_url")]

KINDS = {
    "en": ["Sign-ups close tomorrow (to those seeking a partner)", "A reminder before a game (to the entrant)",
           "A result and the next game (to the entrant)", "The event's results (to the entrant)"],
    "es": ["Las inscripciones cierran mañana (a quienes buscan compañero)", "Un recordatorio antes de una partida (al inscrito)",
           "Un resultado y la siguiente partida (al inscrito)", "Los resultados del evento (al inscrito)"],
}


def test_each_new_kind_is_listed_on_the_organizers_mail_page_in_both_languages(organizer, smtp_server):
    tournament, teams = published(4, organizers=[organizer])
    for n, team in enumerate(teams):
        entrants.opt_in(tournament, f"t{n}@club.example", language="en", team=team)
    start = timezone.now() + dt.timedelta(days=1)
    for division in tournament.divisions.all():
        for rnd in division.rounds.all():
            timetable.set_round_start(rnd, start)
    with time_machine.travel(start - dt.timedelta(minutes=30), tick=False):
        assert deadlines.sweep()["reminder_mail"] > 0
    # Sign-ups open again (as if the deadline were still a few hours off) with someone on the board.
    Tournament.objects.filter(pk=tournament.pk).update(status="open", registration_closed_at=None,
                                                       signup_deadline=timezone.now() + dt.timedelta(hours=5))
    seeker = Player.objects.create(tournament=tournament, name="Lupe", contact="lupe@club.example")
    PartnerPost.objects.create(player=seeker)
    assert deadlines.sweep()["signups_closing_mail"] == 1
    while (g := Game.objects.filter(division__tournament=tournament, status="ready").order_by("round__number", "number").first()):
        advancement.finish_game(g, teams_of(g)[0], reason="score")
    assert final_game(tournament).status in ("finished", "not_needed")
    delivered(smtp_server, "t0@club.example", "")
    for language, labels in KINDS.items():
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(organizer)
        page = html.unescape(client.get(f"/organizer/t/{tournament.slug}/mail/").content.decode())
        for label in labels:
            assert label in page, (language, label)
