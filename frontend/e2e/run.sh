#!/usr/bin/env bash
# End-to-end run: Debian's Chromium driving the built app against the real Django server and a real Celery
# worker over the local PubMed corpus. Everything started here is stopped on exit (trap).
#   bash frontend/e2e/run.sh [extra playwright args]
# Env: E2E_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/medseba_e2e), E2E_SKIP_BUILD=1 to reuse dist/.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
FRONTEND="$(dirname "$HERE")"
ROOT="$(dirname "$FRONTEND")"
PY="$ROOT/.venv/bin/python"
LOGS="$FRONTEND/test-results/logs"
mkdir -p "$LOGS"

log() { printf '[e2e] %s\n' "$*" >&2; }

# 1. The browser: Debian's Chromium (npx playwright install cannot download here).
if [ ! -x /usr/bin/chromium ]; then
  log "installing chromium with apt-get"
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi

# 2. A dedicated database, migrated, with the demo corpus; dedicated Redis DBs and queue so no other worker
#    on this machine picks up our tasks.
export DATABASE_URL="${E2E_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/medseba_e2e}"
DB_NAME="${DATABASE_URL##*/}"
export REDIS_URL="${E2E_REDIS_URL:-redis://127.0.0.1:6379/10}"
export CELERY_BROKER_URL="${E2E_BROKER_URL:-redis://127.0.0.1:6379/11}"
export CELERY_RESULT_BACKEND="${E2E_RESULT_BACKEND:-redis://127.0.0.1:6379/12}"
export MEDSEBA_CELERY_QUEUE="e2e-$$"
export MEDSEBA_SOURCE=local
# Every run computes its searches afresh (no reuse of an earlier run's result), so progress is observable.
export MEDSEBA_RESULT_TTL=0
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1

if ! psql -h 127.0.0.1 -U postgres -Atc "select 1 from pg_database where datname='$DB_NAME'" | grep -q 1; then
  log "creating database $DB_NAME"
  createdb -h 127.0.0.1 -U postgres "$DB_NAME"
fi
cd "$ROOT"
log "migrating $DB_NAME"
"$PY" manage.py migrate --noinput -v0
log "loading the demo corpus if the database is empty"
"$PY" manage.py load_corpus --if-empty --no-progress

# 3. The front end.
cd "$FRONTEND"
if [ ! -d node_modules ]; then npm ci --no-audit --no-fund; fi
if [ "${E2E_SKIP_BUILD:-0}" != "1" ] || [ ! -f dist/index.html ]; then
  log "building the front end"
  npm run build >"$LOGS/build.log" 2>&1 || { cat "$LOGS/build.log"; exit 1; }
fi

# 4. Worker and server (started after the build: STATICFILES_DIRS is read when settings load).
PIDS=()
cleanup() {
  local status=$?
  for pid in "${PIDS[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid" 2>/dev/null || true; fi
  done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  log "stopped ${#PIDS[@]} process(es); logs in $LOGS"
  exit "$status"
}
trap cleanup EXIT INT TERM

PORT="$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
# The trial registry: a local stand-in serving the recorded ClinicalTrials.gov bodies (e2e/ctgov_standin.py).
CTGOV_PORT="$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
"$PY" "$HERE/ctgov_standin.py" "$CTGOV_PORT" "$ROOT/../shared/fixtures/clinicaltrials" >"$LOGS/ctgov.log" 2>&1 &
PIDS+=($!)
export MEDSEBA_CTGOV_URL="http://127.0.0.1:$CTGOV_PORT/api/v2"
cd "$ROOT"
"$ROOT/.venv/bin/celery" -A medseba worker --pool solo -Q "$MEDSEBA_CELERY_QUEUE" -n "e2e-$$@%h" -l info >"$LOGS/worker.log" 2>&1 &
PIDS+=($!)
# Threaded (Django's default): a result page's long-poll waits on the server while other requests go on.
"$PY" manage.py runserver "127.0.0.1:$PORT" --noreload >"$LOGS/server.log" 2>&1 &
PIDS+=($!)

log "waiting for the server on port $PORT"
for _ in $(seq 1 120); do
  if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/schema/"; then break; fi
  for pid in "${PIDS[@]}"; do kill -0 "$pid" 2>/dev/null || { log "a process died"; tail -40 "$LOGS"/*.log; exit 1; }; done
  sleep 1
done
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/" || { log "server did not answer"; tail -40 "$LOGS/server.log"; exit 1; }

# 5. The specs.
cd "$FRONTEND"
log "running the specs against http://127.0.0.1:$PORT"
E2E_BASE_URL="http://127.0.0.1:$PORT" npx playwright test --config e2e/playwright.config.ts "$@"
