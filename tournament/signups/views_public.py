"""Public pages: no login, phone first."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST
from django_tables2 import RequestConfig

from tournament import localtime
from tournament.decorators import tournament_view
from tournament.models import PartnerPost, Team, Tournament
from tournament.signups import registration
from tournament.signups.forms import PartnerPostForm, SignupForm
from tournament.signups.tables import TeamTable

MY_POSTS = "partner_posts"  # session key: the board posts this browser made


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
                messages.success(request, f"Team “{team.name}” is signed up: {team.player_names()}.")
                return redirect("public:teams", slug=tournament.slug)
    else:
        form = SignupForm()
    context = {
        "tournament": tournament,
        "form": form,
        "open": tournament.signups_open(),
        "closed_message": registration.closed_message(tournament),
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
                request.session[MY_POSTS] = request.session.get(MY_POSTS, []) + [post.pk]
                messages.success(request, f"{post.player.name}, you are on the board. Choose a partner below or wait to be chosen.")
                return redirect("public:partners", slug=tournament.slug)
        status = 400
    mine = set(request.session.get(MY_POSTS, []))
    posts = list(registration.open_posts(tournament))
    my_posts = [p for p in posts if p.pk in mine]
    context = {
        "tournament": tournament,
        "form": form,
        "posts": posts,
        "my_post": my_posts[0] if my_posts else None,
        "open": tournament.signups_open(),
        "closed_message": registration.closed_message(tournament),
    }
    return render(request, "public/partners.html", context, status=status)


def _my_post(request, tournament) -> PartnerPost:
    mine = request.session.get(MY_POSTS, [])
    post = PartnerPost.objects.filter(pk__in=mine, player__tournament=tournament, closed_at__isnull=True).first()
    if not post:
        raise Http404("You have no open post on this board.")
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
            messages.success(request, f"You are a team: “{team.name}” ({team.player_names()}).")
            return redirect("public:teams", slug=tournament.slug)
        messages.success(request, f"You asked {target.player.name}. You become a team when they choose you too.")
    return redirect("public:partners", slug=tournament.slug)


@require_POST
@tournament_view
def withdraw_post(request, tournament):
    post = _my_post(request, tournament)
    registration.withdraw_post(post, now=timezone.now())
    messages.success(request, "Your post is off the board.")
    return redirect("public:partners", slug=tournament.slug)
