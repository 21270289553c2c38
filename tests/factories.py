"""factory_boy factories and the fixtures built on them, shared by every test module."""

import datetime as dt

import factory
import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tournament.models import Player, Team, Tournament


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"organizer{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@club.example")
    is_staff = True
    password = factory.django.Password("pass-word-123")


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Bayfest {2026 + n}")
    slug = factory.Sequence(lambda n: f"bayfest-{n}")
    venue = "Marina clubhouse"
    time_zone = "America/Mazatlan"
    signup_deadline = factory.LazyFunction(lambda: timezone.now() + dt.timedelta(days=1))
    variant = "baja-partners"
    organizer_email = "organizer@club.example"

    @factory.post_generation
    def organizers(tournament, create, extracted, **kwargs):
        """Run by the `organizer` fixture's (non-staff) account unless the test names others (`organizers=[]`: none)."""
        if create:
            tournament.organizers.add(*(extracted if extracted is not None else [UserFactory(username="organizer", is_staff=False)]))


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    tournament = factory.SubFactory(TournamentFactory)
    name = factory.Sequence(lambda n: f"Player {n}")


class TeamFactory(factory.django.DjangoModelFactory):
    """A team with its two partners."""

    class Meta:
        model = Team
        skip_postgeneration_save = True

    tournament = factory.SubFactory(TournamentFactory)
    name = factory.Sequence(lambda n: f"Team {n}")

    @factory.post_generation
    def partners(team, create, extracted, **kwargs):
        names = extracted or (f"{team.name} North", f"{team.name} South")
        for name in names:
            PlayerFactory(tournament=team.tournament, name=name, team=team)


@pytest.fixture
def organizer(db):
    """A plain account (not staff) that organizes every tournament TournamentFactory makes."""
    return UserFactory(username="organizer", is_staff=False)


@pytest.fixture
def organizer_client(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def tournament(db):
    return TournamentFactory()
