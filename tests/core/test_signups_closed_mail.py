"""The organizers' e-mail when sign-ups close speaks of the event's own entrants."""


from tests.factories import TeamFactory, TournamentFactory
from tests.formats.tables.events import sign_up, table_event
from tests.mail import delivered
from tournament.core import signup_deadline


def test_a_table_event_counts_players_not_teams(db, django_capture_on_commit_callbacks):
    event = table_event("rummikub", organizer_email="desk@example.org")
    sign_up(event, "Ana Ruiz", "Ben Ortiz", "Cy Park")
    with django_capture_on_commit_callbacks(execute=True):
        assert signup_deadline.close_registration(event.pk, early=True)
    assert "with 3 players" in delivered()[-1].subject
    assert "3 players signed up" in delivered()[-1].body


def test_a_bracket_event_counts_teams(db, django_capture_on_commit_callbacks):
    event = TournamentFactory(organizer_email="desk@example.org")
    TeamFactory(tournament=event)
    TeamFactory(tournament=event)
    with django_capture_on_commit_callbacks(execute=True):
        assert signup_deadline.close_registration(event.pk, early=True)
    assert "with 2 teams" in delivered()[-1].subject
