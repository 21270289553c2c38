"""Who runs a tournament: its creator and co-organizers, and site staff; anyone else is refused (403)."""

import importlib

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse

from tests.events.test_backup_roundtrip import build_full_tournament, wipe
from tests.factories import TournamentFactory, UserFactory
from tests.scoring.games import make_game
from tests.tournament_form import tournament_data
from tournament.events.backup import export_tournament, import_tournament
from tournament.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("template_context")]  # reads response.context

NEW_TOURNAMENT = tournament_data(name="Marina Open", slug="marina-open", venue="Dock 3", organizer_email="")


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def plain(db):
    """A plain account (as `create_user` makes one): not staff, organizes nothing."""
    return UserFactory(username="plain", is_staff=False)


@pytest.fixture
def staff(db):
    return UserFactory(username="desk-staff", is_staff=True)


@pytest.fixture
def ours(organizer):
    return TournamentFactory(name="Ours", organizers=[organizer])


@pytest.fixture
def theirs(db):
    return TournamentFactory(name="Theirs", organizers=[UserFactory(username="rival", is_staff=False)])


def names(response) -> list[str]:
    return [t.name for t in response.context["tournaments"]]


class TestTheRule:
    def test_organizers_run_their_own_tournaments_staff_run_every_one_others_none(self, organizer, plain, staff, ours, theirs):
        assert list(Tournament.objects.run_by(organizer)) == [ours]
        assert set(Tournament.objects.run_by(staff)) == {ours, theirs}
        assert not Tournament.objects.run_by(plain).exists()
        assert ours.is_run_by(organizer) and not theirs.is_run_by(organizer) and theirs.is_run_by(staff)

    def test_the_organizer_home_lists_only_what_the_user_may_run(self, organizer, plain, staff, ours, theirs):
        assert names(logged_in(organizer).get(reverse("organizer:home"))) == ["Ours"]
        assert sorted(names(logged_in(staff).get(reverse("organizer:home")))) == ["Ours", "Theirs"]
        response = logged_in(plain).get(reverse("organizer:home"))
        assert names(response) == [] and "None yet." in response.content.decode()

    def test_an_organizer_of_one_tournament_is_refused_on_another_and_changes_nothing(self, organizer, theirs):
        client = logged_in(organizer)
        page = client.get(reverse("organizer:dashboard", args=[theirs.slug]))
        closing = client.post(reverse("signups:close_signups", args=[theirs.slug]))
        assert page.status_code == 403 and closing.status_code == 403
        theirs.refresh_from_db()
        assert theirs.status == Tournament.Status.OPEN and theirs.registration_closed_at is None and theirs.changes == 0

    def test_the_refusal_is_a_page_that_says_whose_tournament_it_is_not(self, plain, ours):
        response = logged_in(plain).get(reverse("organizer:dashboard", args=[ours.slug]))
        page = response.content.decode()
        assert response.status_code == 403
        assert "You are not an organizer of “Ours”." in page and "Log out" in page and "plain" in page

    def test_anonymous_visitors_are_still_sent_to_log_in(self, client, ours):
        response = client.get(reverse("organizer:dashboard", args=[ours.slug]))
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")

    def test_an_unknown_tournament_is_not_found_rather_than_refused(self, plain):
        assert logged_in(plain).get(reverse("organizer:dashboard", args=["nowhere"])).status_code == 404

    def test_staff_run_a_tournament_they_do_not_organize(self, staff, theirs):
        client = logged_in(staff)
        assert client.get(reverse("organizer:dashboard", args=[theirs.slug])).status_code == 200
        assert client.post(reverse("signups:close_signups", args=[theirs.slug])).status_code == 302
        theirs.refresh_from_db()
        assert theirs.registration_closed_at is not None

    def test_the_organizer_copy_of_a_sheet_asks_the_same_rule(self, organizer, plain, ours):
        game = make_game(ours)
        assert logged_in(plain).get(reverse("table:manage_sheet", args=[game.pk])).status_code == 403
        assert logged_in(organizer).get(reverse("table:manage_sheet", args=[game.pk])).status_code == 200


class TestCreating:
    def test_the_creator_becomes_its_organizer_and_nobody_else_runs_it(self, plain, organizer):
        assert logged_in(plain).post(reverse("organizer:create"), NEW_TOURNAMENT).status_code == 302
        event = Tournament.objects.get(slug="marina-open")
        assert event.created_by == plain and list(event.organizers.all()) == [plain]
        assert logged_in(plain).get(reverse("organizer:dashboard", args=[event.slug])).status_code == 200
        assert logged_in(organizer).get(reverse("organizer:dashboard", args=[event.slug])).status_code == 403

    def test_a_tournament_made_in_code_is_run_by_its_creator_too(self, plain):
        event = Tournament.objects.create(name="Script Cup", slug="script-cup", signup_deadline="2027-04-06T19:00Z", created_by=plain)
        assert event.is_run_by(plain)

    def test_editing_is_for_organizers_only(self, plain, ours):
        response = logged_in(plain).post(reverse("organizer:edit", args=[ours.slug]), {**NEW_TOURNAMENT, "slug": ours.slug})
        assert response.status_code == 403
        ours.refresh_from_db()
        assert ours.name == "Ours"

    def test_existing_creators_become_organizers_when_the_roles_arrive(self, organizer, plain):
        event = TournamentFactory(created_by=plain, organizers=[])
        migration = importlib.import_module("tournament.migrations.0004_tournament_organizers")
        migration.creators_organize(apps, None)
        assert list(event.organizers.all()) == [plain]

    def test_the_user_importing_a_backup_organizes_it(self, db):
        data = export_tournament(build_full_tournament())
        wipe()
        plain = UserFactory(username="plain", is_staff=False)
        restored = import_tournament(data, by=plain)
        assert restored.is_run_by(plain) and not restored.is_run_by(UserFactory(username="someone", is_staff=False))


@pytest.fixture
def creator(db):
    return UserFactory(username="creator", email="creator@club.example", is_staff=False)


@pytest.fixture
def event(creator):
    return TournamentFactory(name="Harbour Cup", created_by=creator, organizers=[creator])


def add(client, event, who):
    return client.post(reverse("organizer:add_organizer", args=[event.slug]), {"who": who}, follow=True)


def organizer_names(event) -> list[str]:
    return sorted(event.organizers.values_list("username", flat=True))


class TestCoOrganizers:
    def test_the_dashboard_links_to_the_organizers_page_which_names_the_creator(self, creator, event):
        client = logged_in(creator)
        assert reverse("organizer:organizers", args=[event.slug]) in client.get(reverse("organizer:dashboard", args=[event.slug])).content.decode()
        page = client.get(reverse("organizer:organizers", args=[event.slug])).content.decode()
        assert "creator</bdi> <span class=\"badge\">creator</span>" in page

    def test_added_by_user_name_a_co_organizer_runs_the_tournament(self, creator, event, plain):
        response = add(logged_in(creator), event, "plain")
        assert "plain is now an organizer of Harbour Cup." in response.content.decode()
        assert organizer_names(event) == ["creator", "plain"]
        assert logged_in(plain).get(reverse("draw:page", args=[event.slug])).status_code == 200

    def test_added_by_e_mail_in_any_case(self, creator, event):
        UserFactory(username="maria", email="maria@club.example", is_staff=False)
        add(logged_in(creator), event, "  Maria@Club.Example ")
        assert organizer_names(event) == ["creator", "maria"]

    def test_an_unknown_name_is_refused_by_name_and_adds_nobody(self, creator, event):
        response = add(logged_in(creator), event, "nobody@club.example")
        assert response.status_code == 400
        assert "No account has the user name or e-mail “nobody@club.example”." in response.content.decode()
        assert organizer_names(event) == ["creator"]

    def test_an_organizer_already_there_is_told_so(self, creator, event):
        response = add(logged_in(creator), event, "creator@club.example")
        assert response.status_code == 400 and "creator is already an organizer of Harbour Cup." in response.content.decode()
        assert organizer_names(event) == ["creator"]

    def test_an_e_mail_two_accounts_share_asks_for_the_user_name(self, creator, event):
        UserFactory(username="twin1", email="twins@club.example", is_staff=False)
        UserFactory(username="twin2", email="twins@club.example", is_staff=False)
        response = add(logged_in(creator), event, "twins@club.example")
        assert "More than one account uses the e-mail “twins@club.example”: give the user name instead." in response.content.decode()
        assert organizer_names(event) == ["creator"]

    def test_a_plain_account_cannot_make_itself_an_organizer(self, plain, event):
        assert add(logged_in(plain), event, "plain").status_code == 403
        assert organizer_names(event) == ["creator"]

    def test_a_removed_co_organizer_is_refused_again(self, creator, event, plain):
        event.organizers.add(plain)
        response = logged_in(creator).post(reverse("organizer:remove_organizer", args=[event.slug, plain.pk]), follow=True)
        assert "plain no longer organizes Harbour Cup." in response.content.decode()
        assert organizer_names(event) == ["creator"]
        assert logged_in(plain).get(reverse("organizer:dashboard", args=[event.slug])).status_code == 403

    def test_the_creator_cannot_be_removed(self, creator, event, plain):
        event.organizers.add(plain)
        response = logged_in(plain).post(reverse("organizer:remove_organizer", args=[event.slug, creator.pk]), follow=True)
        assert "creator created Harbour Cup and stays its organizer." in response.content.decode()
        assert organizer_names(event) == ["creator", "plain"]

    def test_removing_someone_who_is_not_an_organizer_says_so(self, creator, event, plain):
        response = logged_in(creator).post(reverse("organizer:remove_organizer", args=[event.slug, plain.pk]), follow=True)
        assert "That account is not an organizer of this tournament" in response.content.decode()

    def test_a_co_organizer_who_steps_down_goes_back_to_their_list(self, creator, event, plain):
        event.organizers.add(plain)
        response = logged_in(plain).post(reverse("organizer:remove_organizer", args=[event.slug, plain.pk]))
        assert response.status_code == 302 and response["Location"] == reverse("organizer:home")
