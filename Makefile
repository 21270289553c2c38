# Meldboard: `make run` and `make test` each set up everything they need on a fresh machine.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
PIP_INSTALL := $(BIN)/pip install --quiet --disable-pip-version-check -c constraints.txt
# pytest-xdist: one test process per CPU and one more, since a good share of the suite waits on a
# browser, a Celery worker or a socket; a test file stays in one process (its module fixtures built once).
# Files go out in the order tests/conftest.py gives them, the longest first (xdist's own reordering,
# by number of tests, would send the one-test walks last and leave one process finishing alone).
PYTEST_ARGS ?= -n $(shell echo $$(( $$(nproc) + 1 ))) --dist loadfile --no-loadscope-reorder
# The fonts: names print and show whole in any script a name can hold, emoji included.
APT_PACKAGES := chromium poppler-utils zbar-tools fonts-dejavu-core fonts-noto-core fonts-noto-color-emoji fonts-droid-fallback gettext nginx pgbouncer postgresql redis-server varnish varnish-modules

.PHONY: run test bench rehearsal lighthouse venv system-test-deps demo clean messages

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null || { echo "$(PYTHON) not found: set PYTHON=/path/to/python3.11"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-run: $(BIN)/python pyproject.toml constraints.txt
	$(PIP_INSTALL) .
	@touch $@

$(VENV)/.installed-test: $(VENV)/.installed-run
	$(PIP_INSTALL) '.[test]'
	@touch $@

venv: $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@# Redis is not up yet: the demo's deadline tasks cannot be queued, and beat's first sweep applies them.
	LOG_LEVEL=ERROR $(BIN)/python manage.py demo
	@# supervisord starts again any process that dies (config/supervisord_conf.py); Ctrl-C stops them all.
	WEB_PORT=$(PORT) exec $(BIN)/python -m config.supervisord_conf

# Debian packages the browser, PDF and QR tests use, and the deployment's programs the rehearsal's
# quick run in the suite starts (tests/test_rehearsal.py); installed when missing and we are root.
system-test-deps:
	@missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v pdftoppm >/dev/null || missing="$$missing poppler-utils"; \
	command -v zbarimg >/dev/null || missing="$$missing zbar-tools"; \
	command -v msgfmt >/dev/null || missing="$$missing gettext"; \
	command -v nginx >/dev/null || missing="$$missing nginx"; \
	command -v pgbouncer >/dev/null || missing="$$missing pgbouncer"; \
	command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	command -v varnishd >/dev/null || missing="$$missing varnish"; \
	ls /usr/lib/*/varnish/vmods/libvmod_xkey.so >/dev/null 2>&1 || missing="$$missing varnish-modules"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	fc-list | grep -q "Noto Color Emoji" || missing="$$missing fonts-noto-color-emoji"; \
	fc-list | grep -q "Noto Sans Arabic" || missing="$$missing fonts-noto-core"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	  else echo "missing Debian packages:$$missing (run make test as root, or apt-get install them)"; exit 1; fi; \
	fi

test: $(VENV)/.installed-test system-test-deps
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.installed-test
	$(BIN)/python -m bench $(BENCH_ARGS)

# docs/DEPLOYMENT.md's layout run for real on loopback (nginx, two gunicorn hosts, PgBouncer, PostgreSQL,
# Redis, two workers, beat) while faults are made on purpose; prints its figures (about 7 minutes).
# REHEARSAL_ARGS=--fast: a 90 s day. Stops everything it started.
rehearsal: $(VENV)/.installed-test system-test-deps
	$(BIN)/python -m bench.rehearsal $(REHEARSAL_ARGS)

# The Spanish catalogue brought up to date with the code and compiled (needs gettext: apt-get install gettext).
messages: $(VENV)/.installed-run
	$(BIN)/python manage.py translations

demo: $(VENV)/.installed-run
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo

clean:
	rm -rf $(VENV) var/test-db.sqlite3*

# Lighthouse (mobile) on five pages of a throw-away demo site; needs node, npm and Chromium, so it is
# not part of `make test`. See docs/PERFORMANCE.md, "Lighthouse".
LIGHTHOUSE_VERSION := 13.5.0
lighthouse: $(VENV)/.installed-test
	@test -e var/lighthouse/node_modules/lighthouse || npm install --prefix var/lighthouse lighthouse@$(LIGHTHOUSE_VERSION)
	$(BIN)/python -m bench.lighthouse $(LIGHTHOUSE_ARGS)
