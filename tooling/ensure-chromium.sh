#!/usr/bin/env bash
# The browser projects of the test suite drive Debian's headless chromium
# (/usr/bin/chromium) through playwright-core; Playwright never downloads a
# browser of its own. Installs it with apt when missing (root, or sudo).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
echo "chromium is missing: installing Debian's chromium with apt-get (for the browser tests)" >&2
as_root=""
[ "$(id -u)" -eq 0 ] || as_root="sudo"
$as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
