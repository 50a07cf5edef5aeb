#!/usr/bin/env bash
# Set up and run the project on a fresh Debian machine with Python 3.11.
#   ./dev.sh serve   virtualenv, requirements, migrations, demo events; serves http://127.0.0.1:8000/
#   ./dev.sh test    virtualenv, requirements, the whole test suite (pytest)
#   ./dev.sh check   virtualenv, requirements, then the checks CI runs before the tests: ruff's lint
#                    and format check, and that the models need no migration (each runs; any failing fails)
# All use the embedded default (SQLite, Celery tasks run eagerly) unless
# DATABASE_URL / CELERY_BROKER_URL are set, and turn DEBUG on (a developer's machine: tracebacks,
# plain HTTP, static files from static/); the site's own default is DEBUG off (README).
set -euo pipefail
cd "$(dirname "$0")"

export DEBUG=${DEBUG:-true}
PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}

# Debian packages the site and its tests use: WeasyPrint's Pango, fonts for the
# PDFs, Chromium for browser tests, Redis for the real-worker Celery test,
# gettext to compile the Slovenian and Hungarian catalogues.
SYSTEM_PACKAGES=(python3-venv libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core chromium redis-server poppler-utils gettext)

system_packages() {
    local missing=()
    for p in "${SYSTEM_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo="sudo"
    if [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; then
        echo "Installing Debian packages: ${missing[*]}"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "Missing Debian packages (install them as root): ${missing[*]}" >&2
    fi
}

venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        "$PYTHON" -m venv "$VENV"
    fi
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r requirements.txt
}

case "${1:-}" in
    serve)
        system_packages
        venv
        "$VENV/bin/python" manage.py migrate --noinput
        "$VENV/bin/python" manage.py compilemessages --ignore "$VENV" >/dev/null 2>&1 || true
        "$VENV/bin/python" manage.py demo
        echo
        echo "Serving on http://127.0.0.1:${PORT:-8000}/  (log in as organizer / organizer, referee / referee)"
        exec "$VENV/bin/python" manage.py runserver "127.0.0.1:${PORT:-8000}"
        ;;
    test)
        system_packages
        venv
        # The compiled catalogues are committed; tests/test_locale.py checks they match the .po files.
        shift
        # On every core (pytest-xdist; TEST_WORKERS=0 runs in this process, e.g. for a debugger). Work
        # stealing: a worker that runs out takes half of another's queue. xdist's default hands each
        # worker a fixed block of the collection, and the block holding the browser and contract tests
        # kept one worker busy three minutes after the other had finished.
        # Bytecode written (where the environment turns it off): pytest keeps the test modules it rewrote
        # for its assertions, and the next run (CI's PostgreSQL pass) skips rewriting and compiling them.
        unset PYTHONDONTWRITEBYTECODE
        exec "$VENV/bin/python" -m pytest -n "${TEST_WORKERS:-auto}" --dist worksteal "$@"
        ;;
    check)
        venv
        failed=()
        "$VENV/bin/ruff" check . || failed+=("ruff check")
        "$VENV/bin/ruff" format --check . || failed+=("ruff format --check")
        "$VENV/bin/python" manage.py makemigrations --check --dry-run || failed+=("makemigrations --check")
        [ ${#failed[@]} -eq 0 ] || { echo "failed: ${failed[*]}" >&2; exit 1; }
        ;;
    *)
        echo "usage: ./dev.sh serve | ./dev.sh test [pytest arguments] | ./dev.sh check" >&2
        exit 2
        ;;
esac
