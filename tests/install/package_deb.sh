#!/usr/bin/env bash
# cpack -G DEB: the package is tpcc_<version>_<arch>.deb, depends on the
# libraries the binary links (dpkg-shlibdeps) and on postgresql-client,
# recommends postgresql, holds the binary, page, completion, changelog and
# copyright where Debian has them; lintian (when installed) finds no error;
# and the binary unpacked from it runs. Usage: package_deb.sh BUILD_DIR
set -euo pipefail
build=$(readlink -f "$1")
. "$(dirname "$(readlink -f "$0")")/lib.sh"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
deb=$(build_deb "$build" "$out")

field() { dpkg-deb -f "$deb" "$1"; }
depends=$(field Depends)
for dep in postgresql-client libpq5 libpqxx-6.4 libboost-program-options; do
  grep -q "$dep" <<<"$depends" || fail "Depends lacks $dep: $depends"
done
[ "$(field Recommends)" = postgresql ] || fail "Recommends: $(field Recommends)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version)"

contents=$(dpkg-deb -c "$deb")
for f in ./usr/bin/tpcc ./usr/share/man/man1/tpcc.1.gz \
         ./usr/share/bash-completion/completions/tpcc ./usr/share/doc/tpcc/changelog.gz \
         ./usr/share/doc/tpcc/copyright ./usr/share/doc/tpcc/docs/run.md; do
  grep -q " $f\$" <<<"$contents" || fail "the package lacks $f"
done
# The changelog's newest entry is this version.
zcat <(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/tpcc/changelog.gz) |
  head -n 1 | grep -q "^tpcc ($version)" || fail "the changelog's newest entry is not $version"

if command -v lintian >/dev/null; then
  lintian "$deb" >"$out/lintian.log" 2>&1 || true
  grep "^W: " "$out/lintian.log" || true
  if grep -q '^E: ' "$out/lintian.log"; then
    cat "$out/lintian.log" >&2
    fail "lintian reports errors"
  fi
else
  echo "lintian is not installed: the package's policy check is skipped"
fi

dpkg-deb -x "$deb" "$out/root"
"$out/root/usr/bin/tpcc" --version | grep -q "^tpcc $version\$" ||
  fail "the packaged tpcc --version does not say $version"
echo "package: ok ($(basename "$deb"))"
