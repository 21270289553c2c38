"""A substitute after the draw, for one round or the rest of the event: the seat shows the substitute,
the partnership keeps its points, the next round seats the right people, bad input is a clear 400."""

import pytest
from django.urls import reverse

from tests.factories import organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.after_draw_events import club_seated, players_seated, seated_names, seated_player
from tournament.formats.tables import rounds
from tournament.models import GameEvent, GameSide, Player, Substitution

pytestmark = pytest.mark.django_db


def substitute(client, event, player, **data):
    return client.post(reverse("tables:substitute", args=[event.slug, player.pk]), data)


def test_a_substitute_for_one_round_keeps_the_partnership(organizer_client):  # noqa: F811
    event = club_seated()
    ann, _ = seated_player(event)
    assert substitute(organizer_client, event, ann, name="Zoe", span="round").status_code == 302
    zoe = Player.objects.get(tournament=event, name="Zoe")
    assert Substitution.objects.filter(replaced=ann, substitute=zoe).exists()
    assert "Zoe" in seated_names(event) and ann.name not in seated_names(event)
    assert GameSide.objects.filter(game__division__tournament=event, team_id=ann.team_id).exists()  # points stay with the pair
    ann.refresh_from_db()
    assert ann.team_id and ann.table_entry.withdrawn_at is None
    assert tuple(sorted([ann.pk, *Player.objects.filter(team_id=ann.team_id).exclude(pk=ann.pk).values_list("pk", flat=True)])) in [
        tuple(sorted(e)) for e in rounds.entrants(event)]  # Ann plays the next round again
    # a double submit changes nothing
    assert substitute(organizer_client, event, ann, name="Zoe", span="round").status_code == 302
    assert Substitution.objects.filter(replaced=ann).count() == 1
    assert GameEvent.objects.filter(kind="substitute", game__division__tournament=event).count() == 1


def test_a_substitute_for_the_rest_of_the_event_joins_the_partnership(organizer_client):  # noqa: F811
    event = club_seated()
    ann, _ = seated_player(event)
    team = ann.team_id
    assert substitute(organizer_client, event, ann, name="Zoe", span="rest").status_code == 302
    zoe = Player.objects.get(tournament=event, name="Zoe")
    assert zoe.team_id == team and zoe.table_entry.withdrawn_at is None
    assert Player.objects.get(pk=ann.pk).table_entry.withdrawn_at is not None
    assert any(zoe.pk in e for e in rounds.entrants(event))
    assert "Zoe" in Player.objects.get(pk=zoe.pk).team.name
    assert GameEvent.objects.filter(kind="partner_replaced", data__rest_of_event=True).exists()


def test_one_round_substitute_in_rummikub_scores_in_their_own_name(organizer_client):  # noqa: F811
    event = players_seated("rummikub", 6)
    first, _ = seated_player(event)
    assert substitute(organizer_client, event, first, name="Sub", span="round").status_code == 302
    sub = Player.objects.get(tournament=event, name="Sub")
    assert GameSide.objects.filter(game__division__tournament=event, player=sub).exists()
    assert not GameSide.objects.filter(game__division__tournament=event, player=first).exists()
    assert (first.pk,) in rounds.entrants(event) and (sub.pk,) not in rounds.entrants(event)


def test_bad_substitute_input_is_a_clear_400(organizer_client):  # noqa: F811
    event = club_seated()
    ann, waiting = seated_player(event)
    other = Player.objects.exclude(team_id__in=[ann.team_id, waiting.team_id]).filter(tournament=event).first()
    cases = [
        ({"name": "", "span": "round"}, "or pick a player who is not seated"),
        ({"name": "Zoe"}, "one round or the rest of the event"),
        ({"name": other.name, "span": "round"}, "is seated at table"),
        ({"name": ann.name, "span": "round"}, "cannot substitute for themselves"),
        ({"name": waiting.name, "span": "round"}, "already plays for"),
    ]
    for data, words in cases:
        response = substitute(organizer_client, event, ann, **data)
        assert response.status_code == 400, data
        assert words in response.content.decode(), data
    assert not Substitution.objects.exists()
    # a pair sitting out has no table for a one-round substitute
    response = substitute(organizer_client, event, waiting, name="Zoe", span="round")
    assert response.status_code == 400 and "not seated at a table this round" in response.content.decode()


@pytest.mark.parametrize("variant, span", [("club-4deck", "rest"), ("rummikub", "round"), ("rummikub", "rest")])
def test_a_double_submit_records_the_substitute_once(organizer_client, variant, span):  # noqa: F811
    event = club_seated() if variant == "club-4deck" else players_seated(variant, 6)
    first, _ = seated_player(event)
    for _ in range(2):
        assert substitute(organizer_client, event, first, name="Zoe", span=span).status_code == 302
    assert Player.objects.filter(tournament=event, name="Zoe").count() == 1
    assert GameEvent.objects.filter(kind="partner_replaced", game__division__tournament=event).count() == 1
