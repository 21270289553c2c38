"""Who uses the site during the rehearsal, all over HTTP: the tables' phones (through Varnish and nginx), the
spectators on the bracket, the seating and the live homes, an organizer on both boards, and a probe
that writes through one web host and reads through the other. Every answer is recorded.

A phone that gets no answer or a 5xx sends the same hand again with the same one-time key, as the
table page's outbox does; an answer of 302 is a hand the phone counts as saved."""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field

from django import db

from bench import site
from bench.load import Connection, Request
from bench.rehearsal.day import Plan
from tournament.models import Game, Tournament

ACCEPTED = (302,)
WIN_AT = {0: 0.40, 1: 0.58}  # the won games go out at these shares of the run


@dataclass
class Answer:
    at: float  # monotonic
    kind: str
    status: int  # 0: no answer (connection refused or reset, timeout)
    seconds: float
    upstream: str = ""
    cached: bool = False  # answered from the front cache (Varnish's X-Cache: hit)


@dataclass
class Recorder:
    answers: list[Answer] = field(default_factory=list)
    accepted: dict[tuple[int, int], str] = field(default_factory=dict)  # (game, hand number) -> key
    resent: int = 0  # hands sent again after no answer or a 5xx
    again: int = 0  # of those, answered "already saved"
    refused: dict[int, int] = field(default_factory=dict)  # game -> the hand number its sheet refused (game over)
    probes: list[tuple[str, str, bool]] = field(default_factory=list)  # (written via, read via, shown)
    probe_skipped: int = 0
    # After each hand saved: its event's public page read through the front cache (Varnish) on the
    # next request. Stale: the page's version is below the counter the hand's commit reached.
    fresh_reads: int = 0
    stale_reads: list[tuple[int, int, int]] = field(default_factory=list)  # (game, version shown, at least expected)
    fresh_skipped: int = 0  # the counter or the page could not be read (a database or host fault)
    announcements: int = 0  # the organizer's announcements answered (bench/rehearsal/mail.py counts their mail)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def call(self, conn: Connection, kind: str, request: Request) -> tuple[int, dict, bytes]:
        began = time.monotonic()
        try:
            status, headers, body = conn.request(request)
        except OSError:
            status, headers, body = 0, {}, b""
        with self.lock:
            self.answers.append(Answer(began, kind, status, time.monotonic() - began, headers.get("x-upstream", ""),
                                       headers.get("x-cache") == "hit"))
        return status, headers, body


class Drivers:
    def __init__(self, plan: Plan, nginx_port: int, web_port: int, hosts: tuple[str, str], recorder: Recorder, log=print):
        self.plan, self.port, self.web_port, self.hosts = plan, nginx_port, web_port, hosts
        self.rec, self.log = recorder, log
        self.stop = threading.Event()
        self.threads: list[threading.Thread] = []
        self.period = 1.5  # seconds between a table's hands
        self.announce_every = 0.0  # seconds between the organizer's announcements (0: none)

    # ---- the tables ----------------------------------------------------------------------------
    def _table(self, game_id: int, win_share: float | None) -> None:
        conn = Connection("127.0.0.1", self.port, timeout=20)
        game = Game.objects.get(pk=game_id)
        table = self._load(conn, site.Table(game.table_token))
        if table is None:
            return
        small = table.small_hand(conn)
        winning = [site.WINNING_HAND] + [{}] * (len(table.slots) - 1)
        won = 0
        reader = Connection("127.0.0.1", self.port, timeout=20)
        page = self._public_page(game)
        while not self.stop.is_set():
            going_out = win_share is not None and time.monotonic() >= self.started + win_share * self.plan.seconds
            fields = (table.hand({}, went_out=table.slots[0], per_side=winning) if going_out else table.hand(small))
            before = self._counter(game)
            status = self._save(conn, table, fields, game_id)
            if status == "saved":
                self._check_fresh(reader, page, game_id, before)
            if status == "refused":
                return
            if going_out and status == "saved":
                won += 1
            self.stop.wait(self.period)

    # ---- fresh on the next request, through the front cache -----------------------------------------
    def _public_page(self, game: Game) -> str:
        slug = Tournament.objects.filter(divisions__games=game).values_list("slug", flat=True).first()
        if slug == self.plan.tables_slug:
            return site.url("tables:public_seating", slug)
        return site.url("brackets:division", slug, "d1")

    def _counter(self, game: Game) -> int | None:
        try:
            return Tournament.objects.filter(divisions__games=game).values_list("changes", flat=True).first()
        except Exception:  # PgBouncer or PostgreSQL restarting (a fault): this hand is not checked
            db.connection.close()
            return None

    def _check_fresh(self, reader: Connection, page: str, game_id: int, before: int | None) -> None:
        """The hand's response has come back: the page must show a version past the counter read before it."""
        status, headers, body = self.rec.call(reader, "fresh read (cache)", Request(page))
        shown = re.match(r"\d+", headers.get("x-meldboard-version", "")) if status == 200 else None
        with self.rec.lock:
            if before is None or shown is None:
                self.rec.fresh_skipped += 1
            elif int(shown.group()) > before:
                self.rec.fresh_reads += 1
            else:
                self.rec.stale_reads.append((game_id, int(shown.group()), before + 1))

    def _load(self, conn: Connection, table: site.Table) -> site.Table | None:
        for _ in range(30):
            status, _, _ = self.rec.call(conn, "table sheet", Request(table.sheet))
            if status == 200:
                try:
                    return table.load(conn)
                except RuntimeError:
                    return None  # the sheet takes no more hands
            time.sleep(1)
        return None

    def _save(self, conn: Connection, table: site.Table, fields: dict, game_id: int, kind: str = "hand saved",
              attempts: int = 60) -> str:
        """Send the next hand until it is answered: "saved", "refused" (the game is over), or "unsent"
        after `attempts` (the probe's writer host went down: it tries the other way round next)."""
        key = f"rehearsal-{game_id}-{table.number}"
        for attempt in range(attempts):
            if attempt:
                with self.rec.lock:
                    self.rec.resent += 1
                time.sleep(min(0.5 * attempt, 3))
            request = site.form_post(conn, table.submit, {**fields, "number": str(table.number), "key": key},
                                     referer=table.sheet)
            status, headers, _ = self.rec.call(conn, kind, request)
            if status in ACCEPTED:
                with self.rec.lock:
                    self.rec.accepted[(game_id, table.number)] = key
                    self.rec.again += "again=" in headers.get("location", "")
                table.number += 1
                return "saved"
            if status in (400, 409):
                reloaded = self._load(conn, site.Table(table.token))
                if reloaded is None:
                    with self.rec.lock:
                        self.rec.refused[game_id] = table.number
                    return "refused"
                table.number = reloaded.number
                return "saved"
        if attempts < 60:
            return "unsent"
        raise RuntimeError(f"table {game_id}: hand {table.number} had no answer after {attempts} sends")

    # ---- spectators and the organizer --------------------------------------------------------------
    def _spectator(self, pages: list[tuple[str, str]], pause: float) -> None:
        conn = Connection("127.0.0.1", self.port, timeout=20, keep_cookies={"csrftoken"})
        while not self.stop.is_set():
            for kind, path in pages:
                self.rec.call(conn, kind, Request(path))
                if self.stop.wait(pause):
                    return

    def _organizer(self) -> None:
        conn = Connection("127.0.0.1", self.port, timeout=20)
        site.log_in(conn, self.plan.organizer, self.plan.password)
        pages = [("organizer board", site.url("gameday:board", self.plan.bracket_slug)),
                 ("organizer round board", site.url("tables:board", self.plan.tables_slug))]
        next_announcement = time.monotonic() + self.announce_every if self.announce_every else float("inf")
        while not self.stop.is_set():
            for kind, path in pages:
                self.rec.call(conn, kind, Request(path))
                if self.stop.wait(1.0):
                    return
            if time.monotonic() >= next_announcement:
                self._announce(conn)
                next_announcement = time.monotonic() + self.announce_every

    def _announce(self, conn: Connection) -> None:
        """The organizer writes to the opted-in teams; sent again with the same key until answered
        (a retried form queues nothing twice)."""
        path = site.url("organizer:announce", self.plan.bracket_slug)
        number = self.rec.announcements + 1
        fields = {"subject": f"Notice {number}", "message": f"Notice {number}: table 4 moved to the terrace.",
                  "key": f"rehearsal-notice-{number}"}
        for attempt in range(20):
            status, _, _ = self.rec.call(conn, "organizer announcement", site.form_post(conn, path, fields, referer=path))
            if status in ACCEPTED:
                with self.rec.lock:
                    self.rec.announcements += 1
                return
            if self.stop.wait(min(0.5 * (attempt + 1), 3)):
                return

    # ---- the two-host probe: a hand written through one host, read through the other ---------------
    def _probe(self) -> None:
        game = Game.objects.get(pk=self.plan.probe)
        conns = {host: Connection(host, self.web_port, timeout=10) for host in self.hosts}
        tables = {host: site.Table(game.table_token) for host in self.hosts}
        front, page = Connection("127.0.0.1", self.port, timeout=20), self._public_page(game)
        turn = 0
        while not self.stop.wait(1.0):
            writer, reader = self.hosts[turn % 2], self.hosts[(turn + 1) % 2]
            turn += 1
            try:
                before = self._counter(game)
                shown = self._probe_once(conns, tables, writer, reader, game.pk)
                if shown is not None:  # the hand was saved (on a host directly): the cache must show it too
                    self._check_fresh(front, page, game.pk, before)
            except (OSError, RuntimeError):  # a host went down between two of the probe's requests
                shown = None
            with self.rec.lock:
                if shown is None:
                    self.rec.probe_skipped += 1  # that host is down (a fault): nothing to compare
                else:
                    self.rec.probes.append((writer, reader, shown))

    def _probe_once(self, conns, tables, writer: str, reader: str, game_id: int) -> bool | None:
        """Write a hand through `writer`, read the sheet through `reader`: does it show the hand?"""
        status, _, _ = self.rec.call(conns[writer], "probe: sheet", Request(tables[writer].sheet))
        if status != 200:
            return None
        table = tables[writer].load(conns[writer])
        fields = table.hand({"melded_points": 120, "left_points": 30})
        saved = self._save(conns[writer], table, fields, game_id, kind="probe: hand saved", attempts=3)
        if saved == "unsent":  # the writer went down with the hand unanswered: the phone sends it again, landing on the other
            self.rec.call(conns[reader], "probe: sheet", Request(tables[reader].sheet))
            self._save(conns[reader], table, fields, game_id, kind="probe: hand saved")
            return None
        if saved != "saved":
            return None
        status, _, body = self.rec.call(conns[reader], "probe: sheet", Request(tables[reader].sheet))
        if status != 200:
            return None
        form = site.FormParser(tables[reader].submit)
        form.feed(body.decode(errors="replace"))
        return form.fields.get("number") == str(table.number)

    def warm_up(self, rounds: int = 3) -> None:
        for host in self.hosts:
            conn = Connection(host, self.web_port, timeout=60, keep_cookies={"csrftoken"})
            for _ in range(rounds):
                for _kind, path in self._pages():
                    try:
                        conn.request(Request(path))
                    except OSError:
                        pass

    def _pages(self) -> list[tuple[str, str]]:
        slug, tables_slug = self.plan.bracket_slug, self.plan.tables_slug
        return [("public home", site.url("public:home", slug)), ("bracket", site.url("brackets:division", slug, "d1")),
                ("public home", site.url("public:home", tables_slug)),
                ("seating", site.url("tables:public_seating", tables_slug))]

    # ---- all of them ----------------------------------------------------------------------------
    def start(self, started: float) -> None:
        self.started = started
        pages = self._pages()
        bracket, table_day = pages[:2], pages[2:]
        jobs = [(self._spectator, (bracket, 0.3)), (self._spectator, (table_day, 0.3)), (self._organizer, ()),
                (self._probe, ())]
        wins = {game: WIN_AT[i] for i, game in enumerate(self.plan.won)}
        jobs += [(self._table, (game, wins.get(game))) for game in self.plan.tables if game != self.plan.probe]
        for target, args in jobs:
            thread = threading.Thread(target=self._guarded, args=(target, args), daemon=True)
            thread.start()
            self.threads.append(thread)

    def _guarded(self, target, args) -> None:
        try:
            target(*args)
        except Exception as exc:  # a driver that stops is a finding, not a crash of the rehearsal
            self.log(f"  driver {target.__name__}{args[:1]} stopped: {exc.__class__.__name__}: {exc}")
        finally:
            db.connection.close()

    def finish(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=30)
