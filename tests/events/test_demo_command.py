import pytest
from django.core.management import call_command

from tournament.models import Game, Team, Tournament


@pytest.mark.django_db
def test_demo_is_lively_and_idempotent(client):
    call_command("demo")
    call_command("demo")
    assert Tournament.objects.filter(slug__in=["demo", "demo-signups"]).count() == 2
    demo = Tournament.objects.get(slug="demo")
    assert Team.objects.filter(tournament=demo).count() == 14
    games = Game.objects.filter(division__tournament=demo)
    assert games.filter(status=Game.Status.IN_PLAY).exists()
    finished = games.get(status=Game.Status.FINISHED)
    following = Game.objects.get(sides__fed_by=finished)
    assert following.sides.filter(team=finished.winner).exists()  # the winner already moved on
    assert "Closes in" in client.get("/t/demo-signups/").content.decode()
    assert client.get("/t/demo/").status_code == 200
