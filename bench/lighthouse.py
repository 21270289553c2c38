"""`make lighthouse`: Lighthouse (mobile) on the pages players and organizers use most.

    python -m bench.lighthouse                       # throw-away site with the demo data, then Lighthouse
    python -m bench.lighthouse --base-url http://127.0.0.1:8000   # a running app (same DATABASE_URL)

Without --base-url it makes a throw-away site on 127.0.0.1: a fresh SQLite database and var folder
under var/lighthouse/site, `migrate`, `collectstatic`, `manage.py demo`, the embedded Redis on a free
port of its own and gunicorn (production settings: DEBUG off, WhiteNoise's compressed static files). Everything
it started is stopped at the end, by its own process id.

The organizer's board needs a session: the script signs the demo account `organizer` in with Django's
test Client (`Client.force_login`, which saves a session in the database like a real log-in) and gives
Lighthouse its cookie as an extra header. With --base-url, run the script with the app's own
DATABASE_URL (and MELDBOARD_VAR_DIR) so that the session lands where the app looks for it, and run
`manage.py demo` there first.

Lighthouse itself is the npm package (not part of `make test`):
    npm install --prefix var/lighthouse lighthouse@13.5.0
with Chromium at CHROME_PATH (default /usr/bin/chromium). It prints each page's accessibility and
performance scores and its weight in kB, and any accessibility audit that failed; the JSON reports
stay in var/lighthouse/reports/. Targets: accessibility 100, performance >= 95.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import urllib.request

from bench.services import ROOT, _wait, free_port

LIGHTHOUSE_DIR = ROOT / "var" / "lighthouse"
CLI = LIGHTHOUSE_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
SITE = LIGHTHOUSE_DIR / "site"
REPORTS = LIGHTHOUSE_DIR / "reports"
TARGETS = {"accessibility": 100, "performance": 95}


def site_env(redis_port: int) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("MELDBOARD_VAR_DIR", str(SITE))
    env.setdefault("DATABASE_URL", f"sqlite:///{SITE / 'meldboard.sqlite3'}")
    env["EMBEDDED_REDIS_PORT"] = str(redis_port)  # its own, never a running app's or test run's
    env.setdefault("LOG_LEVEL", "ERROR")
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return env


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)
    return done.stdout


# Printed by `manage.py shell -c` in the app's environment: the organizer's session cookie and the
# table page of a demo game in play, so this script needs no Django setup of its own.
SETUP = """
from django.contrib.auth import get_user_model
from django.test import Client
from django.conf import settings
from tournament.models import Game
client = Client()
client.force_login(get_user_model().objects.get(username="organizer"))
game = Game.objects.filter(division__tournament__slug="demo", status="in_play").order_by("number").first()
print(settings.SESSION_COOKIE_NAME + "=" + client.cookies[settings.SESSION_COOKIE_NAME].value)
print(game.table_token)
"""


def pages(env: dict[str, str]) -> tuple[list[tuple[str, str]], str]:
    cookie, token = manage(env, "shell", "-c", SETUP).split()[-2:]
    return [
        ("public home", "/t/demo/"),
        ("bracket", "/t/demo/bracket/"),
        ("sign-up", "/t/demo-signups/signup/"),
        ("table page", f"/table/{token}/"),
        ("organizer board", "/organizer/t/demo/gameday/"),
    ], cookie


def median_run(url: str, name: str, cookie: str | None, runs: int) -> dict:
    """Lighthouse's own advice: the median of several runs, as one run's blocking time swings with the
    machine's load (its CPU throttling multiplies whatever else is running)."""
    rows = sorted((lighthouse(url, f"{name} {run}", cookie) for run in range(1, runs + 1)),
                  key=lambda row: row["performance"])
    middle = dict(rows[len(rows) // 2], page=name)
    middle["runs"] = [row["performance"] for row in rows]
    return middle


def lighthouse(url: str, name: str, cookie: str | None) -> dict:
    REPORTS.mkdir(parents=True, exist_ok=True)
    out = REPORTS / f"{name.replace(' ', '-')}.json"
    command = ["node", str(CLI), url, "--output=json", f"--output-path={out}", "--quiet",
               "--only-categories=accessibility,performance", "--chrome-flags=--no-sandbox --headless"]
    if cookie:
        command.append("--extra-headers=" + json.dumps({"Cookie": cookie}))
    env = dict(os.environ, CHROME_PATH=os.environ.get("CHROME_PATH", "/usr/bin/chromium"))
    if subprocess.run(command, env=env).returncode:
        # Under load Lighthouse now and then loses the trace of the load (NO_NAVSTART): once more.
        subprocess.run(command, check=True, env=env)
    report = json.loads(out.read_text())
    audits = report["audits"]
    failed = [audit_id for audit_id, audit in audits.items()
              if audit.get("score") is not None and audit["score"] < 1
              and audit_id in {ref["id"] for ref in report["categories"]["accessibility"]["auditRefs"]}]
    return {
        "page": name, "url": url,
        "accessibility": round(report["categories"]["accessibility"]["score"] * 100),
        "performance": round(report["categories"]["performance"]["score"] * 100),
        "kB": round(audits["total-byte-weight"]["numericValue"] / 1000, 1),
        "requests": len(audits["network-requests"]["details"]["items"]),
        "failed accessibility audits": failed,
    }


def start_site(started: list[subprocess.Popen]) -> tuple[str, dict[str, str]]:
    """The throw-away site; each process it starts goes into `started` at once, for the caller to stop."""
    SITE.mkdir(parents=True, exist_ok=True)
    env = site_env(free_port())
    started.append(subprocess.Popen([sys.executable, "-m", "config.embedded_redis"], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    manage(env, "migrate", "--noinput")
    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    manage(env, "demo")
    port = free_port()
    started.append(subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2",
         "--threads", "4", "--log-level", "warning"], cwd=ROOT, env=env))
    base = f"http://127.0.0.1:{port}"
    # Not /healthz: that also wants a Celery worker, which these pages do not need.
    _wait(lambda: urlopen_ok(f"{base}/accounts/login/"), "gunicorn", 60, started[-1])
    return base, env


def urlopen_ok(url: str) -> bool:
    with urllib.request.urlopen(url, timeout=2) as answer:
        return answer.status == 200


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", help="a running Meldboard (run `manage.py demo` there first)")
    parser.add_argument("--runs", type=int, default=3, help="runs a page; the median counts (default 3)")
    args = parser.parse_args(argv)
    if not CLI.exists():
        print(f"Lighthouse is not installed: npm install --prefix {LIGHTHOUSE_DIR} lighthouse@13.5.0")
        return 2
    started: list[subprocess.Popen] = []
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # so that `finally` stops what was started
    try:
        if args.base_url:
            base, env = args.base_url.rstrip("/"), dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings")
        else:
            base, env = start_site(started)
        to_visit, cookie = pages(env)
        rows = [median_run(base + path, name, cookie if path.startswith("/organizer/") else None, args.runs)
                for name, path in to_visit]
    finally:
        for process in reversed(started):
            process.terminate()
            process.wait(timeout=20)
    print(f"load average {' '.join(f'{n:.1f}' for n in os.getloadavg())}; performance is the median of {args.runs}")
    print(f"{'page':<18}{'accessibility':>14}{'performance':>13}{'kB':>8}{'requests':>10}  runs")
    for row in rows:
        print(f"{row['page']:<18}{row['accessibility']:>14}{row['performance']:>13}{row['kB']:>8}{row['requests']:>10}"
              f"  {row['runs']}"
              + (f"   failed: {', '.join(row['failed accessibility audits'])}" if row["failed accessibility audits"] else ""))
    (LIGHTHOUSE_DIR / "summary.json").write_text(json.dumps(rows, indent=2))
    misses = [f"{row['page']} {category} {row[category]}" for row in rows
              for category, target in TARGETS.items() if row[category] < target]
    print("misses: " + (", ".join(misses) if misses else "none"))
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
