"""`{% share_link path %}`: the absolute address of a page, as a link with a share/copy button
(static/js/share.js shows the button where the browser can share or copy)."""

from django import template
from django.template.loader import render_to_string

from tournament.common.site_address import absolute

register = template.Library()


@register.simple_tag(takes_context=True)
def absolute_link(context, path):
    return absolute(path, context.get("request"))


@register.simple_tag(takes_context=True)
def share_link(context, path, title=""):
    link = absolute(path, context.get("request"))
    return render_to_string("_share_link.html", {"link": link, "title": title}, request=context.get("request"))
