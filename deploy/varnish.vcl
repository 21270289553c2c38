# The shared front cache: Varnish (Debian's varnish + varnish-modules for xkey), in front of nginx
# and the web hosts. It keeps only what Django offers it (tournament.site.front_cache: public pages
# with an `xkey` tag header and Surrogate-Control), and Django empties it of a change's pages before
# the change's response returns (tournament.common.front_cache_purge). docs/DEPLOYMENT.md explains.
# `make rehearsal` and the tests run this file with the backend replaced (the two lines below).
vcl 4.1;

import std;
import xkey;
import accept;
import cookie;
import var;

backend default {
    .host = "nginx";
    .port = "80";
}

# Who may purge: the web hosts (loopback, the container network).
acl purgers {
    "127.0.0.0"/8;
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
}

sub vcl_init {
    # Our languages (settings.LANGUAGES). "-": the browser names neither, the event's own is spoken.
    new languages = accept.rule("-");
    languages.add("en");
    languages.add("es");
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Not allowed to purge"));
        }
        # A hard purge: a tag's pages are gone at once (no grace copy served while the next renders).
        # Each tag's purge time is remembered: a page whose render was asked for before it is not
        # stored (vcl_backend_response), so a render in flight during the change cannot outlive it.
        set req.http.xkey-first = regsub(req.http.xkey-purge, "^\s*(\S+).*$", "\1");
        set req.http.xkey-second = regsub(req.http.xkey-purge, "^\s*\S+\s+(\S+).*$", "\1");
        var.global_set("purged:" + req.http.xkey-first, "" + std.time2real(now, 0.0));
        var.global_set("purged:" + req.http.xkey-second, "" + std.time2real(now, 0.0));
        return (synth(200, "Purged " + xkey.purge(req.http.xkey-purge)));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Only the public pages of events and clubs; organizer, table, account and admin pages pass.
    if (req.url !~ "^/(t|clubs)/[^/]+/") {
        return (pass);
    }
    # An organizer (a session) never gets a kept copy, nor does their page enter the cache.
    if (req.http.Cookie ~ "(^|;\s*)sessionid=" || req.http.Authorization) {
        return (pass);
    }
    # The language the page speaks, as Django decides it (tournament.core.language): the switch's
    # cookie, else the first of ours the browser asks for (regions dropped: es-MX is es), else "-".
    cookie.parse(req.http.Cookie);
    if (cookie.get("django_language") ~ "^(en|es)$") {
        set req.http.X-Language = cookie.get("django_language");
    } else {
        set req.http.X-Language = languages.filter(regsuball(req.http.Accept-Language, "-[A-Za-z0-9]+", ""));
    }
    # Django is sent only that choice (so what it renders is what this key names); its other cookies
    # (CSRF, flash messages) still reach it, and a page that sets one is not kept.
    if (req.http.X-Language == "-") {
        unset req.http.Accept-Language;
    } else {
        set req.http.Accept-Language = req.http.X-Language;
    }
    cookie.delete("django_language");
    if (req.http.X-Language != "-" && cookie.get("django_language") == "") {
        cookie.set("django_language", req.http.X-Language);
    }
    set req.http.Cookie = cookie.get_string();
    if (req.http.Cookie == "") {
        unset req.http.Cookie;
    }
    if (req.http.HX-Request) {
        set req.http.HX-Request = "true";
    }
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    hash_data(req.http.host);
    hash_data(req.http.X-Language);
    hash_data(req.http.HX-Request);
    return (lookup);
}

sub vcl_backend_fetch {
    set bereq.http.X-Fetch-Started = "" + std.time2real(now, 0.0);
}

sub vcl_backend_response {
    if (bereq.uncacheable) {
        return (deliver);
    }
    # A render asked for before one of its tags was purged may predate the change: only the request
    # that asked for it (it came before the purge, so before the change's response) gets it; it is
    # not kept, and those queued on it fetch afresh. Tags: at most two (t<id> c<id>).
    set beresp.http.X-Tag-First = regsub(beresp.http.xkey, "^\s*(\S+).*$", "\1");
    set beresp.http.X-Tag-Second = regsub(beresp.http.xkey, "^\s*\S+\s+(\S+).*$", "\1");
    if (beresp.http.xkey
        && (std.real(var.global_get("purged:" + beresp.http.X-Tag-First), 0.0) >= std.real(bereq.http.X-Fetch-Started, 0.0)
            || std.real(var.global_get("purged:" + beresp.http.X-Tag-Second), 0.0) >= std.real(bereq.http.X-Fetch-Started, 0.0))) {
        unset beresp.http.X-Tag-First;
        unset beresp.http.X-Tag-Second;
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        set beresp.grace = 0s;
        return (deliver);
    }
    unset beresp.http.X-Tag-First;
    unset beresp.http.X-Tag-Second;
    if (beresp.http.xkey && beresp.http.Surrogate-Control ~ "max-age=[0-9]+" && !beresp.http.Set-Cookie
        && (beresp.status == 200 || beresp.status == 204)) {
        # The safety bound on a lost purge; no grace, no keep: an expired or purged page is rendered anew.
        set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "^.*max-age=([0-9]+).*$", "\1s"), 0s);
        set beresp.grace = 0s;
        set beresp.keep = 0s;
        unset beresp.http.Surrogate-Control;
        # The key already holds the language and htmx; Django's Vary (Cookie) would split it per visitor.
        set beresp.http.X-Vary = beresp.http.Vary;
        unset beresp.http.Vary;
        return (deliver);
    }
    # Not offered: remember that for a few seconds (requests go straight to Django, not queued).
    set beresp.uncacheable = true;
    set beresp.ttl = 5s;
    return (deliver);
}

sub vcl_deliver {
    if (resp.http.X-Vary) {
        set resp.http.Vary = resp.http.X-Vary;
        unset resp.http.X-Vary;
    }
    unset resp.http.xkey;
    unset resp.http.Surrogate-Control;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
}
