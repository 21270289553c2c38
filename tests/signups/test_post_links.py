"""A partner-board post's private link works from any device (issue 15: only the phone that posted
could choose, accept or withdraw)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.mail import delivered
from tournament.models import PartnerPost, Team


def board(tournament):
    return reverse("public:partners", args=[tournament.slug])


def post_from_a_phone(tournament, name, contact=""):
    """Post from a fresh browser; the page shown right after, and the post."""
    phone = Client()
    page = phone.post(board(tournament), {"name": name, "contact": contact}, follow=True).content.decode()
    return phone, page, PartnerPost.objects.get(player__name=name)


@pytest.mark.django_db
class TestPrivateLink:
    def test_the_link_is_shown_once_after_posting_and_never_on_the_board(self, tournament, client):
        phone, page, post = post_from_a_phone(tournament, "Yolanda Tate")
        link = reverse("public:my_post_link", args=[tournament.slug, post.secret])
        assert "Your private link" in page and link in page
        assert post.secret not in phone.get(board(tournament)).content.decode()  # shown once
        assert post.secret not in client.get(board(tournament)).content.decode()  # nobody else sees it

    def test_from_another_device_the_owner_chooses_accepts_and_withdraws(self, tournament):
        _, _, yolanda = post_from_a_phone(tournament, "Yolanda Tate")
        zack_phone, _, zack = post_from_a_phone(tournament, "Zack Vega")
        zack_phone.post(reverse("public:choose_partner", args=[tournament.slug, yolanda.pk]))
        laptop = Client()  # Yolanda's other device: no session of hers
        assert laptop.post(reverse("public:choose_partner", args=[tournament.slug, zack.pk])).status_code == 404
        page = laptop.get(reverse("public:my_post_link", args=[tournament.slug, yolanda.secret]), follow=True).content.decode()
        assert "You are on the board as <strong><bdi>Yolanda Tate</bdi></strong>" in page
        assert "Accept <bdi>Zack Vega</bdi>" in page
        laptop.post(reverse("public:choose_partner", args=[tournament.slug, zack.pk]))
        assert sorted(Team.objects.get().players.values_list("name", flat=True)) == ["Yolanda Tate", "Zack Vega"]

    def test_withdraw_from_another_device(self, tournament):
        _, _, post = post_from_a_phone(tournament, "Yolanda Tate")
        laptop = Client()
        laptop.get(reverse("public:my_post_link", args=[tournament.slug, post.secret]))
        laptop.post(reverse("public:withdraw_post", args=[tournament.slug]))
        assert PartnerPost.objects.get(pk=post.pk).closed_at is not None

    def test_the_link_is_emailed_when_the_contact_is_an_email(self, tournament):
        _, page, post = post_from_a_phone(tournament, "Yolanda Tate", "yolanda@club.example")
        assert "we e-mailed it to <strong>yolanda@club.example</strong>" in page
        (message,) = delivered()
        assert message.to == ["yolanda@club.example"]
        assert re.search(rf"http://testserver/t/{tournament.slug}/partners/mine/{post.secret}/", message.body)

    def test_no_email_for_a_phone_number(self, tournament):
        post_from_a_phone(tournament, "Yolanda Tate", "612 555 0101")
        assert delivered() == []

    def test_posting_again_under_the_same_name_points_to_the_link(self, tournament):
        post_from_a_phone(tournament, "Yolanda Tate")
        response = Client().post(board(tournament), {"name": "yolanda tate"})
        assert "already on the board. To choose, accept or withdraw from this phone, open the private link" in response.content.decode()
        assert PartnerPost.objects.count() == 1

    def test_an_unknown_or_other_tournaments_link_is_not_found(self, tournament):
        _, _, post = post_from_a_phone(tournament, "Yolanda Tate")
        assert Client().get(reverse("public:my_post_link", args=[tournament.slug, "x" * 32])).status_code == 404
        assert Client().get(f"/t/{tournament.slug}/partners/mine/bad%01link/").status_code == 404

    def test_the_link_of_a_post_that_became_a_team_says_so(self, tournament, organizer_client):
        _, _, a = post_from_a_phone(tournament, "Yolanda Tate")
        post_from_a_phone(tournament, "Zack Vega")
        b = PartnerPost.objects.get(player__name="Zack Vega")
        organizer_client.post(reverse("signups:pair_posts", args=[tournament.slug]), {"first": a.pk, "second": b.pk})
        page = Client().get(reverse("public:my_post_link", args=[tournament.slug, a.secret]), follow=True).content.decode()
        assert "Yolanda Tate, you are on team “Yolanda &amp; Zack”." in page
