from django.urls import path

from tournament.signups import signup_mail, views_my_entry, views_signed_up
from tournament.signups import views_public as views

# Wired into the "public" namespace with the live home by config.urls.
urlpatterns = [
    path("", views.index, name="index"),
    path("t/<slug:slug>/signup/", views.signup, name="signup"),
    path("t/<slug:slug>/signup/done/", views_signed_up.signed_up, name="signed_up"),
    path("t/<slug:slug>/teams/", views.teams, name="teams"),
    path("t/<slug:slug>/signup/mine/<str:secret>/", views_my_entry.page, name="my_entry"),
    path("t/<slug:slug>/signup/mine/<str:secret>/withdraw/", views_my_entry.withdraw, name="my_entry_withdraw"),
    path("t/<slug:slug>/partners/", views.partners, name="partners"),
    path("t/<slug:slug>/partners/<id:post_id>/choose/", views.choose_partner, name="choose_partner"),
    path("t/<slug:slug>/partners/mine/<token:secret>/", views.my_post_link, name="my_post_link"),
    path("t/<slug:slug>/partners/withdraw/", views.withdraw_post, name="withdraw_post"),
    path("mail/stop/<str:token>/", signup_mail.unsubscribe, name="unsubscribe"),
]
