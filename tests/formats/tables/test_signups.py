"""Signing up to a table event: alone, as a pair, naming who you came with; the organizer's edits
and withdrawals. Bad input is refused with a message and saves nothing."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.changes import changes
from tests.formats.tables.events import sign_up, table_event
from tournament.formats.tables import rounds, signups
from tournament.models import Household, PartnerDraw, Player, TableEntry, Team

pytestmark = pytest.mark.django_db


def refused(action) -> dict:
    with pytest.raises(ValidationError) as caught:
        action()
    return caught.value.message_dict if hasattr(caught.value, "error_dict") else {"__all__": caught.value.messages}


def test_a_player_signs_up_alone_and_counts_a_change():
    event = table_event("rummikub")
    before = changes(event)
    [ann] = signups.register(event, name="  Ann   Lee ", contact="555-1234")
    assert ann.name == "Ann Lee" and ann.team_id is None
    assert ann.table_entry.active
    assert changes(event) == before + 1


def test_the_same_person_twice_is_refused_whatever_the_spaces_and_case():
    event = table_event("rummikub")
    signups.register(event, name="Ann Lee")
    errors = refused(lambda: signups.register(event, name="  ann   LEE"))
    assert errors["name"] == ["Ann Lee has already signed up."]
    assert Player.objects.filter(tournament=event).count() == 1


def test_a_pair_of_partners_signs_up_as_one_partnership():
    event = table_event("fiji-team")
    ann, bob = signups.register(event, name="Ann", partner="Bob")
    assert ann.team_id == bob.team_id and ann.team.name == "Ann & Bob"


def test_a_pair_in_an_event_without_partners_is_refused():
    event = table_event("baja-cutthroat")
    errors = refused(lambda: signups.register(event, name="Ann", partner="Bob"))
    assert "everyone plays for themselves" in errors["partner"][0]
    assert not Player.objects.filter(tournament=event).exists()


def test_a_couple_cannot_sign_up_as_partners():
    event = table_event("club-4deck")
    errors = refused(lambda: signups.register(event, name="Ann", partner="Bob", came_with="Bob"))
    assert errors["partner"] == ["Bob came with you: people who came together are never partners. Sign up alone to be drawn."]
    assert not Player.objects.filter(tournament=event).exists()


def test_someone_who_signed_up_alone_can_be_named_as_a_partner_later():
    event = table_event("fiji-team")
    [bob] = signups.register(event, name="Bob")
    ann, bob_again = signups.register(event, name="Ann", partner="bob")
    assert bob_again.pk == bob.pk and ann.team_id == bob_again.team_id


def test_a_partner_already_in_a_partnership_is_refused():
    event = table_event("fiji-team")
    signups.register(event, name="Ann", partner="Bob")
    errors = refused(lambda: signups.register(event, name="Cy", partner="Bob"))
    assert errors["partner"] == ["Bob is already partnered with someone."]
    assert not Player.objects.filter(name="Cy").exists()


def test_naming_who_you_came_with_puts_you_in_one_household_whoever_signed_up_first():
    event = table_event("club-4deck")
    sign_up(event, "Ann Lee")
    sign_up(event, "Bob Lee", came_with="ann lee")
    sign_up(event, "Cy Dee")
    sign_up(event, "Di Dee")
    sign_up(event, "Ed Dee", came_with="Cy Dee, Di Dee")
    groups = sorted(sorted(e.player.name for e in h.entries.all()) for h in Household.objects.filter(tournament=event))
    assert groups == [["Ann Lee", "Bob Lee"], ["Cy Dee", "Di Dee", "Ed Dee"]]


def test_a_name_typed_before_that_person_signs_up_links_them_when_they_do():
    event = table_event("club-4deck")
    sign_up(event, "Ann Lee", came_with="Bob Lee")
    assert not Household.objects.exists()
    sign_up(event, "Bob Lee")
    household = Household.objects.get()
    assert sorted(e.player.name for e in household.entries.all()) == ["Ann Lee", "Bob Lee"]


def test_sign_up_after_the_deadline_is_refused_but_the_organizer_may_add_late():
    event = table_event("rummikub", signup_deadline=timezone.now() - dt.timedelta(minutes=1))
    errors = refused(lambda: signups.register(event, name="Ann"))
    assert "Sign-ups closed at" in errors["__all__"][0]
    [ann] = signups.register(event, name="Ann", late=True)
    assert ann.table_entry.added_late


def test_a_resent_form_signs_up_once():
    event = table_event("fiji-team")
    first = signups.register(event, name="Ann", partner="Bob", submission_key="key-1")
    again = signups.register(event, name="Ann", partner="Bob", submission_key="key-1")
    assert [p.pk for p in again] == [p.pk for p in first]
    assert Player.objects.filter(tournament=event).count() == 2 and Team.objects.filter(tournament=event).count() == 1


def test_after_the_partner_draw_only_pairs_can_join():
    event = table_event("club-4deck")
    sign_up(event, "A", "B")
    rounds.save_partners(event, [[p.pk for p in Player.objects.filter(tournament=event)]], seed=1)
    errors = refused(lambda: signups.register(event, name="C", late=True))
    assert errors["partner"] == ["The partners were drawn already: sign up as a pair, with your partner's name."]
    signups.register(event, name="C", partner="D", late=True)
    assert PartnerDraw.objects.filter(published_at__isnull=False).count() == 1


def test_the_organizer_corrects_a_name_and_the_household():
    event = table_event("club-4deck")
    players = sign_up(event, "Ann Lee", "Bob Lee", "Cy")
    before = changes(event)
    signups.edit_player(players["Cy"], name="Cy  Lee", contact="cy@club.example", came_with="Ann Lee")
    cy = Player.objects.get(pk=players["Cy"].pk)
    assert cy.name == "Cy Lee" and cy.contact == "cy@club.example"
    assert cy.table_entry.household.entries.count() == 2
    assert changes(event) == before + 1
    signups.edit_player(cy, name="Cy Lee", came_with="")
    assert not Household.objects.exists()


def test_renaming_onto_another_players_name_is_refused():
    event = table_event("rummikub")
    players = sign_up(event, "Ann", "Bob")
    errors = refused(lambda: signups.edit_player(players["Bob"], name="ANN"))
    assert errors["name"] == ["Another player is already called Ann."]
    assert Player.objects.get(pk=players["Bob"].pk).name == "Bob"


def test_withdrawing_before_the_rounds_frees_the_partner_to_be_drawn():
    event = table_event("fiji-team")
    ann, bob = signups.register(event, name="Ann", partner="Bob")
    message = signups.withdraw_player(ann)
    assert message == "Withdrew Ann. Bob has no partner now."
    bob.refresh_from_db()
    assert bob.team_id is None and bob.table_entry.active
    assert Team.objects.get().withdrawn_at is not None
    assert list(signups.active_players(event)) == [bob]
    assert rounds.partner_candidates(event) == ([bob.pk], [])


def test_withdrawing_twice_changes_nothing_more():
    event = table_event("rummikub")
    [ann] = signups.register(event, name="Ann")
    signups.withdraw_player(ann)
    before = changes(event)
    assert signups.withdraw_player(ann) == "Ann was withdrawn already."
    assert changes(event) == before
    assert TableEntry.objects.get(player=ann).withdrawn_at is not None


def test_a_withdrawn_player_signing_up_again_is_sent_to_the_organizer():
    event = table_event("rummikub")
    [ann] = signups.register(event, name="Ann")
    signups.withdraw_player(ann)
    errors = refused(lambda: signups.register(event, name="ann"))
    assert errors["name"] == ["Ann signed up earlier and withdrew. Ask the organizer to add them again."]


def test_a_look_alike_name_is_the_same_player():
    event = table_event("rummikub")
    sign_up(event, "Ana Ruiz")
    with pytest.raises(ValidationError, match="already signed up"):
        sign_up(event, "Ana\u200b Ruiz")  # a zero-width space between the letters
    assert Player.objects.filter(tournament=event).count() == 1


def test_one_person_whatever_the_accents_at_sign_up_and_at_the_organizers_edit():
    """Issue 39, table events too: names compared accent-, case- and space-blind, the refusal naming
    the player already signed up; the organizer may still fix a player's own accents."""
    event = table_event("rummikub")
    signups.register(event, name="José Núñez")
    errors = refused(lambda: signups.register(event, name="jose  nunez"))
    assert errors["name"] == ["José Núñez has already signed up."]
    [ines] = signups.register(event, name="Ines Pena")
    errors = refused(lambda: signups.edit_player(ines, name="JOSE NUNEZ"))
    assert errors["name"] == ["Another player is already called José Núñez."]
    assert signups.edit_player(Player.objects.get(pk=ines.pk), name="Inés Peña").name == "Inés Peña"
    assert Player.objects.filter(tournament=event).count() == 2


def test_a_partner_typed_without_accents_is_the_player_signed_up_alone():
    event = table_event("fiji-team")
    [jose] = signups.register(event, name="José Núñez")
    ana, partner = signups.register(event, name="Ana Ruiz", partner="jose nunez")
    assert partner.pk == jose.pk and Player.objects.filter(tournament=event).count() == 2
