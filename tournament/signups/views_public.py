"""Public pages: no login, phone first."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_tables2 import RequestConfig

from tournament.common import localtime
from tournament.core import formats, signup_deadline
from tournament.core.decorators import tournament_view
from tournament.models import PartnerPost, Team, Tournament
from tournament.signups import post_links, registration, signup_mail, views_signed_up
from tournament.signups.forms import PartnerPostForm, SignupForm
from tournament.signups.tables import TeamTable

MY_POSTS = "partner_posts"  # session key: the board posts this browser made or opened by their private link
NEW_LINK = "partner_post_new_link"  # session key: the private link to show once, right after posting


def _active_teams(tournament):
    return Team.objects.filter(tournament=tournament, withdrawn_at__isnull=True).prefetch_related("players")


def _apply_errors(form, exc: ValidationError) -> None:
    if hasattr(exc, "error_dict"):
        for field, errors in exc.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc.messages)


def index(request):
    tournaments = Tournament.objects.order_by("-signup_deadline")[:50]
    return render(request, "public/index.html", {"tournaments": tournaments})


@require_http_methods(["GET", "POST"])
@tournament_view
def signup(request, tournament):
    own = formats.of(tournament).signup_url_name
    if own != "public:signup":  # a table event signs up players (or pairs) on its own page, not teams
        return redirect(own, slug=tournament.slug)
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                team = registration.register_team(
                    tournament,
                    team_name=data["team_name"],
                    player_names=(data["player1"], data["player2"]),
                    contact=data["contact"],
                    submission_key=data["submission_key"] or None,
                )
            except ValidationError as exc:
                _apply_errors(form, exc)
            else:
                if data["mail_opt_in"]:
                    signup_mail.team_opted_in(request, tournament, team, data["contact"])
                views_signed_up.remember(request, tournament, team)
                return redirect("public:signed_up", slug=tournament.slug)
    else:
        form = SignupForm()
    context = {
        "tournament": tournament,
        "form": form,
        "open": tournament.signups_open(),
        "closed_message": signup_deadline.closed_message(tournament),
        "deadline_text": localtime.full_text(tournament, tournament.signup_deadline),
    }
    return render(request, "public/signup.html", context, status=200 if form.is_valid() or not form.is_bound else 400)


@tournament_view
def teams(request, tournament):
    table = TeamTable(_active_teams(tournament))
    RequestConfig(request, paginate=False).configure(table)
    return render(request, "public/teams.html", {"tournament": tournament, "table": table})


@require_http_methods(["GET", "POST"])
@tournament_view
def partners(request, tournament):
    form = PartnerPostForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                post = registration.post_partner_wanted(tournament, **form.cleaned_data)
            except ValidationError as exc:
                _apply_errors(form, exc)
            else:
                _remember(request, post)
                link = post_links.absolute(request, post)
                # Shown once, on the next page: the board itself never shows a secret.
                request.session[NEW_LINK] = {"url": link, "emailed": post_links.send(post, link)}
                messages.success(request, _("%(player)s, you are on the board. Choose a partner below or wait to be chosen.")
                                 % {"player": post.player.name})
                return redirect("public:partners", slug=tournament.slug)
        status = 400
    mine = request.session.get(MY_POSTS, [])
    posts = list(registration.open_posts(tournament))
    my_posts = sorted((p for p in posts if p.pk in mine), key=lambda p: list(mine).index(p.pk))
    context = {
        "tournament": tournament,
        "form": form,
        "new_link": request.session.pop(NEW_LINK, None),
        "posts": posts,
        "my_post": my_posts[0] if my_posts else None,
        "open": tournament.signups_open(),
        "closed_message": signup_deadline.closed_message(tournament),
    }
    return render(request, "public/partners.html", context, status=status)


def _remember(request, post: PartnerPost) -> None:
    """This browser may now choose, accept and withdraw for `post` (its newest post comes first)."""
    request.session[MY_POSTS] = [post.pk] + [pk for pk in request.session.get(MY_POSTS, []) if pk != post.pk]


@require_GET
@tournament_view
def my_post_link(request, tournament, secret):
    """A post's private link: whoever holds it manages the post from this device on."""
    post = get_object_or_404(PartnerPost.objects.select_related("player__team"), secret=secret, player__tournament=tournament)
    if post.closed_at:
        team = post.player.team
        text = (_("%(player)s, you are on team “%(team)s”.") if team and team.active
                else _("%(player)s, your post is off the board. Post again below to look for a partner."))
        messages.info(request, text % {"player": post.player.name, "team": team.name if team else ""})
        return redirect("public:partners", slug=tournament.slug)
    _remember(request, post)
    messages.success(request, _("%(player)s, this phone now manages your post: choose, accept or take it off the board.")
                     % {"player": post.player.name})
    return redirect("public:partners", slug=tournament.slug)


def _my_post(request, tournament) -> PartnerPost:
    mine = request.session.get(MY_POSTS, [])
    open_posts = {p.pk: p for p in PartnerPost.objects.filter(pk__in=mine, player__tournament=tournament, closed_at__isnull=True)}
    post = next((open_posts[pk] for pk in mine if pk in open_posts), None)
    if not post:
        raise Http404(_("You have no open post on this board."))
    return post


@require_POST
@tournament_view
def choose_partner(request, tournament, post_id):
    mine = _my_post(request, tournament)
    target = get_object_or_404(PartnerPost, pk=post_id, player__tournament=tournament)
    try:
        team = registration.choose_partner(mine, target)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        if team:
            messages.success(request, _("You are a team: “%(team)s” (%(players)s).") % {"team": team.name, "players": team.player_names()})
            views_signed_up.remember(request, tournament, team)
            return redirect("public:signed_up", slug=tournament.slug)
        messages.success(request, _("You asked %(player)s. You become a team when they choose you too.") % {"player": target.player.name})
    return redirect("public:partners", slug=tournament.slug)


@require_POST
@tournament_view
def withdraw_post(request, tournament):
    post = _my_post(request, tournament)
    registration.withdraw_post(post, now=timezone.now())
    messages.success(request, _("Your post is off the board."))
    return redirect("public:partners", slug=tournament.slug)
