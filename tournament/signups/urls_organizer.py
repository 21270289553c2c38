from django.urls import path

from tournament.signups import views_organizer as views

app_name = "signups"
urlpatterns = [
    path("t/<slug:slug>/teams/add/", views.add_team, name="add_team"),
    path("t/<slug:slug>/teams/<id:team_id>/withdraw/", views.withdraw_team, name="withdraw_team"),
    path("t/<slug:slug>/teams/<id:team_id>/undo-withdrawal/", views.undo_withdrawal, name="undo_withdrawal"),
    path("t/<slug:slug>/teams/<id:team_id>/rename/", views.rename_team, name="rename_team"),
    path("t/<slug:slug>/close/", views.close_signups, name="close_signups"),
    path("t/<slug:slug>/partners/pair/", views.pair_posts, name="pair_posts"),
]
