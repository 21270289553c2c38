"""Undoing what a withdrawal after the partner draw led to (issue 34): a substitute for the rest of
the event (before they have played), two players left alone and paired with each other, and a
withdrawal whose round was seated again — each logged and listed with the changes after the draw."""


import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.after_draw_events import club_seated, players_seated, record, seated_names, seated_player, text
from tournament.common.names import partners_name
from tournament.formats.tables import substitutes, withdrawals
from tournament.models import Game, GameEvent, GameSide, Player, TableEntry, Team

pytestmark = pytest.mark.django_db


def post(client, event, player, name):
    return text(client.post(reverse(f"tables:{name}", args=[event.slug, player.pk]), follow=True))


def page(client, event, player):
    return text(client.get(reverse("tables:player_changes", args=[event.slug, player.pk])))


def partner_of(player):
    return Player.objects.filter(team_id=player.team_id).exclude(pk=player.pk).get()


def start(game):
    GameSide.objects.filter(game=game).update(checked_in_at=timezone.now())
    Game.objects.filter(pk=game.pk).update(status=Game.Status.IN_PLAY, started_at=timezone.now())


def test_a_substitute_for_the_rest_of_the_event_is_undone_before_playing_and_listed(organizer_client):  # noqa: F811
    event = club_seated()
    ann, _ = seated_player(event)
    bob, team = partner_of(ann), ann.team
    a, named = ann.name, Team.objects.get(pk=team.pk).name
    substitutes.substitute(event, ann, typed="Zoe", rest_of_event=True)
    assert "Zoe" in seated_names(event) and Team.objects.get(pk=team.pk).name == partners_name([bob.name, "Zoe"])
    shown = page(organizer_client, event, ann)
    assert f"Undo: Zoe no longer replaces {a}; {a} is back" in shown
    done = post(organizer_client, event, ann, "undo_rest_substitute")
    assert f"Zoe no longer replaces {a}: {a} is back in the event." in done
    assert f"Undone: Zoe no longer replaces {a} for the rest of the event." in done
    ann.refresh_from_db()
    assert ann.team_id == team.pk and ann.table_entry.withdrawn_at is None
    assert Team.objects.get(pk=team.pk).name == named and bob.pk in record(event).seats[0]
    assert a in seated_names(event) and "Zoe" not in seated_names(event)
    assert not TableEntry.objects.filter(player__name="Zoe").exists()  # a new name: no entry of their own any more
    assert GameEvent.objects.filter(kind="change_undone", data__what="rest_of_event").count() == 1

    substitutes.substitute(event, ann, typed="Zoe", rest_of_event=True)
    start(Game.objects.get(division__tournament=event, round__number=1, number=1))
    assert "Undo: Zoe no longer replaces" not in page(organizer_client, event, ann)
    refused = post(organizer_client, event, ann, "undo_rest_substitute")
    assert f"Zoe has already played in place of {a}: the substitute can no longer be taken back." in refused


def test_two_players_left_alone_and_paired_are_parted_then_a_withdrawal_undone(organizer_client):  # noqa: F811
    event = club_seated()
    ann, out = seated_player(event)
    bob, mate = partner_of(ann), partner_of(out)
    a, b, named = ann.name, bob.name, ann.team.name
    start(Game.objects.get(division__tournament=event, round__number=1, number=1))
    withdrawals.withdraw(event, ann)  # their table plays on; Bob is left alone
    withdrawals.withdraw(event, out)  # sitting out; their partner is left alone
    substitutes.substitute(event, bob, chosen=mate.pk, rest_of_event=True)  # the two left alone, paired
    mate.refresh_from_db()
    assert mate.team_id == bob.team_id and Team.objects.get(pk=out.team_id).withdrawn_at is not None

    refused = post(organizer_client, event, ann, "undo_withdrawal")
    assert f"{a}'s partner plays with someone else now: undo that pairing first" in refused
    assert f"Undo the pairing with {mate.name}: each is on their own again" in page(organizer_client, event, bob)
    parted = post(organizer_client, event, bob, "undo_rest_substitute")
    assert f"{mate.name} and {b} are no longer paired: each is back on their own." in parted
    mate.refresh_from_db()
    assert mate.team_id == out.team_id and Team.objects.get(pk=out.team_id).withdrawn_at is None
    assert list(Player.objects.filter(team_id=bob.team_id)) == [bob]
    assert Team.objects.get(pk=bob.team_id).name == named

    back = post(organizer_client, event, ann, "undo_withdrawal")
    assert f"{a} is back in the event." in back
    assert Player.objects.get(pk=ann.pk).team_id == bob.team_id
    for line in (f"Undone: {mate.name} no longer replaces {a} for the rest of the event.",
                 f"Undone: {a}'s withdrawal; {a} is back in the event."):
        assert line in back


def test_a_withdrawal_whose_round_was_seated_again_is_undone_and_they_sit_this_round_out(organizer_client):  # noqa: F811
    event = players_seated("rummikub", 7)
    ann, _ = seated_player(event)
    withdrawals.withdraw(event, ann, choice="reseat")
    assert ann.name not in seated_names(event)
    done = post(organizer_client, event, ann, "undo_withdrawal")
    assert f"{ann.name} is back in the event." in done
    assert Player.objects.get(pk=ann.pk).table_entry.withdrawn_at is None
    assert ann.pk in record(event).sitting_out  # back from the next round; the round seated again stays as drawn
    assert f"{ann.name} withdrew (round 1): the round was seated again." in done
    assert f"Undone: {ann.name}'s withdrawal; {ann.name} is back in the event." in done


def test_seating_a_round_again_keeps_the_changes_logged_at_its_tables(organizer_client):  # noqa: F811
    event = players_seated("rummikub", 8)
    first, second = (Player.objects.get(pk=seats[0]) for seats in record(event).seats[:2])
    withdrawals.withdraw(event, first, choice="substitute", typed="Zed")
    withdrawals.withdraw(event, second, choice="reseat")  # the round's tables go, and are drawn again
    listed = page(organizer_client, event, second)
    assert f"{first.name} withdrew (round 1): a substitute took the seats." in listed
    assert f"{second.name} withdrew (round 1): the round was seated again." in listed
