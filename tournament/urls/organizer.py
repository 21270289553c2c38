from django.urls import path

from tournament.views import organizer

app_name = "organizer"
urlpatterns = [
    path("", organizer.home, name="home"),
    path("new/", organizer.tournament_form, name="create"),
    path("t/<slug:slug>/", organizer.dashboard, name="dashboard"),
    path("t/<slug:slug>/edit/", organizer.tournament_form, name="edit"),
    path("t/<slug:slug>/teams/add/", organizer.add_team, name="add_team"),
    path("t/<slug:slug>/teams/<int:team_id>/withdraw/", organizer.withdraw_team, name="withdraw_team"),
    path("t/<slug:slug>/close/", organizer.close_signups, name="close_signups"),
    path("t/<slug:slug>/partners/pair/", organizer.pair_posts, name="pair_posts"),
]
