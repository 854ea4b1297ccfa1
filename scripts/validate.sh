#!/usr/bin/env bash
# The README's test command: installs what the tests need, then runs every check.
# Lint, typecheck, unit tests, the production build, and end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Debian's Chromium for the browser tests…"
  as_root apt-get update -qq
  as_root apt-get install -y -qq chromium >/dev/null
fi

# The W3C Nu Html Checker (npm vnu-jar, tests/e2e/html-validity.spec.ts) runs on Debian's Java.
if ! command -v java >/dev/null 2>&1; then
  echo "Installing Debian's Java for the Nu Html Checker…"
  as_root apt-get update -qq
  as_root apt-get install -y -qq default-jre-headless >/dev/null
fi

# Playwright drives the system Chromium; a browser download never works offline.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm install --no-audit --no-fund

# From here on everything runs on the pinned Node 24 from node_modules.
export PATH="$PWD/node_modules/node/bin:$PWD/node_modules/.bin:$PATH"
node --version

# The database tests run on PGlite and on a real PostgreSQL: a private, throwaway cluster.
eval "$(bash scripts/test-postgres.sh)"
trap 'bash scripts/test-postgres.sh stop "$TEST_PG_DIR"' EXIT
echo "PostgreSQL for the tests: $TEST_DATABASE_URL"

npm test
