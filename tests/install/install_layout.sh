#!/usr/bin/env bash
# cmake --install into a scratch prefix: the binary, its manual page, its
# bash completion, the docs and examples land in the GNU layout, and the
# installed tpcc runs from another directory with the source tree out of
# its reach (its SQL compiled in): --version, --help, and a props file's
# error naming its key. Usage: install_layout.sh BUILD_DIR
set -euo pipefail
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
for f in bin/tpcc share/man/man1/tpcc.1.gz share/bash-completion/completions/tpcc \
         share/doc/tpcc/README.md share/doc/tpcc/docs/options.md \
         share/doc/tpcc/examples/local.props; do
  [ -e "$prefix/$f" ] || fail "$f was not installed"
done

cd "$prefix"
version=$(./bin/tpcc --version) || fail "tpcc --version exited $?"
grep -q '^tpcc [0-9]' <<<"$version" || fail "--version printed: $version"
grep -q '^commit: ' <<<"$version" || fail "--version names no commit: $version"
./bin/tpcc run --help | grep -q -- '--terminals N' || fail "run --help lacks --terminals"

# The installed page renders, and names what --help names.
if command -v groff >/dev/null; then
  page=$(zcat share/man/man1/tpcc.1.gz | groff -man -Tascii -P-cbou 2>&1)
  grep -q -- '--terminals N' <<<"$page" || fail "the man page lacks --terminals"
fi

# A props file with a bad value: exit 2, the key named (the embedded
# tables and checks need no source tree).
printf 'warehouses=two\n' > bad.props
set +e
message=$(./bin/tpcc run bad.props 2>&1)
status=$?
set -e
[ "$status" = 2 ] || fail "a bad props value exited $status: $message"
grep -q "key 'warehouses'" <<<"$message" || fail "the error names no key: $message"
echo "installed layout: ok ($prefix)"
