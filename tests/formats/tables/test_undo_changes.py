"""Undoing a change after the draw (issue 34): a substitute for one round (the player came after
all) and a withdrawal, each logged in the list of changes and refused with the reason once it is no
longer possible."""


import pytest
from django.urls import reverse

from tests.factories import organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.after_draw_events import club_seated, players_seated, record, seated_names, seated_player, text
from tests.formats.tables.played import start_seated
from tournament.formats.tables import substitutes, withdrawals
from tournament.models import Game, GameEvent, GameSide, Player, Substitution

pytestmark = pytest.mark.django_db


def undo(client, event, player, what):
    return text(client.post(reverse(f"tables:undo_{what}", args=[event.slug, player.pk]), follow=True))


def test_a_one_round_substitute_at_a_table_of_players_is_undone_and_listed(organizer_client):  # noqa: F811
    event = players_seated("rummikub", 6)
    ann, _ = seated_player(event)
    substitutes.substitute(event, ann, typed="Una", rest_of_event=False)
    page = text(organizer_client.get(reverse("tables:player_changes", args=[event.slug, ann.pk])))
    assert f"Undo: {ann.name} plays this round after all (not Una)" in page
    done = undo(organizer_client, event, ann, "substitute")
    assert f"Una no longer plays for {ann.name}: {ann.name} takes their seat at table 1 again." in done
    assert ann.name in seated_names(event) and "Una" not in seated_names(event)
    assert ann.pk not in record(event).sitting_out
    assert GameSide.objects.filter(game__division__tournament=event, player=ann).exists()
    assert f"Undone: Una no longer plays for {ann.name} in round 1." in done
    assert GameEvent.objects.filter(kind="change_undone", data__what="substitute").count() == 1
    again = undo(organizer_client, event, ann, "substitute")
    assert f"{ann.name} has no substitute for this round: nothing to undo." in again


def test_a_partner_s_one_round_substitute_is_undone_but_not_once_the_table_started(organizer_client):  # noqa: F811
    event = club_seated()
    ann, _ = seated_player(event)
    substitutes.substitute(event, ann, typed="Una", rest_of_event=False)
    game = Game.objects.get(division__tournament=event, number=1)
    GameSide.objects.filter(game=game).update(checked_in_at=game.starts_at)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.IN_PLAY, started_at=game.starts_at)
    refused = undo(organizer_client, event, ann, "substitute")
    assert f"Una has already played for {ann.name} this round (the table has started)" in refused
    assert Substitution.objects.filter(game=game, replaced=ann).exists()

    event = club_seated()
    ann, _ = seated_player(event)
    substitutes.substitute(event, ann, typed="Una", rest_of_event=False)
    undo(organizer_client, event, ann, "substitute")
    assert not Substitution.objects.filter(replaced=ann).exists() and ann.name in seated_names(event)


def test_a_withdrawal_during_play_is_undone_and_the_player_is_back_from_the_next_round(organizer_client):  # noqa: F811
    event = players_seated("rummikub", 6)
    ann, _ = seated_player(event)
    game = GameSide.objects.get(game__division__tournament=event, player=ann).game
    start_seated(game)
    withdrawals.withdraw(event, ann)
    page = text(organizer_client.get(reverse("tables:player_changes", args=[event.slug, ann.pk])))
    assert f"Undo the withdrawal: {ann.name} is back" in page
    done = undo(organizer_client, event, ann, "withdrawal")
    assert f"{ann.name} is back in the event." in done
    assert Player.objects.get(pk=ann.pk).table_entry.withdrawn_at is None
    assert f"Undone: {ann.name}'s withdrawal; {ann.name} is back in the event." in done
    again = undo(organizer_client, event, ann, "withdrawal")
    assert f"{ann.name} has not withdrawn: nothing to undo." in again


def test_a_withdrawal_whose_seats_went_to_a_substitute_is_not_undone(organizer_client):  # noqa: F811
    event = club_seated()
    ann, _ = seated_player(event)
    withdrawals.withdraw(event, ann, choice="substitute", typed="Zoe")
    refused = undo(organizer_client, event, ann, "withdrawal")
    assert f"{ann.name}'s seats went to someone else when they withdrew" in refused
    assert Player.objects.get(pk=ann.pk).table_entry.withdrawn_at is not None
