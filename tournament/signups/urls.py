from django.urls import path

from tournament.live import views as live_views
from tournament.signups import views_public as views

app_name = "public"
urlpatterns = [
    path("", views.index, name="index"),
    path("t/<slug:slug>/", live_views.home, name="home"),
    path("t/<slug:slug>/signup/", views.signup, name="signup"),
    path("t/<slug:slug>/teams/", views.teams, name="teams"),
    path("t/<slug:slug>/partners/", views.partners, name="partners"),
    path("t/<slug:slug>/partners/<id:post_id>/choose/", views.choose_partner, name="choose_partner"),
    path("t/<slug:slug>/partners/mine/<token:secret>/", views.my_post_link, name="my_post_link"),
    path("t/<slug:slug>/partners/withdraw/", views.withdraw_post, name="withdraw_post"),
]
