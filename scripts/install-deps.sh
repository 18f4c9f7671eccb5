#!/usr/bin/env bash
# Installs what a fresh Debian 12 lacks to build and test tpcc; packages
# already present are left alone, and apt is not touched when nothing is
# missing. Uses sudo when not run as root.
set -euo pipefail

packages=(
  g++ cmake make pkg-config ccache
  libpqxx-dev libpq-dev
  libboost-program-options-dev libboost-context-dev libboost-dev
  nlohmann-json3-dev catch2
  time          # /usr/bin/time, for measuring runs
  patch         # the kit broken on purpose for the ACID tests (tests/broken_kit/)
)

installed() {
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

# Any PostgreSQL server of version 15 or later will do for the throwaway
# cluster; Debian 12's `postgresql` brings version 15.
have_server() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ] &&
       [ "$(basename "$(dirname "$dir")" | cut -d. -f1)" -ge 15 ] 2>/dev/null; then
      return 0
    fi
  done
  return 1
}

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-deps: no dpkg/apt here; install these yourself if the build fails:" >&2
  echo "  ${packages[*]} postgresql (server 15 or later)" >&2
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
done
have_server || missing+=(postgresql)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-deps: missing packages: ${missing[*]}" >&2
    echo "install-deps: not root and no sudo; install them as root with apt-get" >&2
    exit 1
  fi
  sudo=(sudo)
fi

echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# Wait for another apt run (e.g. unattended-upgrades) instead of failing.
apt_opts=(-y -q -o DPkg::Lock::Timeout=300)
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${apt_opts[@]}" update
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get "${apt_opts[@]}" install --no-install-recommends "${missing[@]}"
