#!/usr/bin/env bash
# The .deb in a fresh Debian 12: a copy of a pristine minbase root
# (debootstrap, cached as a tarball under /var/cache/tpcc-tests), the
# package installed in it with apt as a user would (`apt-get install
# ./tpcc_*.deb`, which brings postgresql through Recommends), and the
# installed tpcc used from /usr/bin inside the chroot with no source tree:
# --version, man -w tpcc, the bash completion of `tpcc r<TAB>` and
# `tpcc run --ter<TAB>`, and `tpcc quickstart --duration 20` as root (its
# server runs as the postgres user the package made). Skips (exit 77) with
# a message without root, debootstrap or the mirror.
# Usage: fresh_root.sh BUILD_DIR
set -euo pipefail
build=$(readlink -f "$1")
. "$(dirname "$(readlink -f "$0")")/lib.sh"
suite=bookworm

need_debian_root_tools "$suite"
work=$(mktemp -d /var/tmp/tpcc-fresh-root.XXXXXX)
root=$work/root
trap 'remove_root "$root"; rm -rf "$work"' EXIT
started=$SECONDS

deb=$(build_deb "$build" "$work")
version=$(dpkg-deb -f "$deb" Version)
unpack_root "$suite" "$root"
echo "root ready after $((SECONDS - started)) s"
mount_root "$root"
cp "$deb" "$root/tmp/"
in_root "$root" apt-get -q update >"$work/apt.log" 2>&1 ||
  { tail -n 20 "$work/apt.log" >&2; fail "apt-get update in the root failed"; }
in_root "$root" apt-get -q -y install "/tmp/$(basename "$deb")" man-db bash-completion \
  >>"$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log" >&2; fail "apt-get install of the .deb failed"; }
echo "installed after $((SECONDS - started)) s"
[ ! -e "$root/$(dirname "$build")" ] || fail "a source tree is in the root"
in_root "$root" dpkg-query -W -f='${Status}\n' postgresql-15 | grep -q 'install ok installed' ||
  fail "postgresql-15 was not installed through the package's Recommends"

out=$(in_root "$root" /usr/bin/tpcc --version) || fail "tpcc --version exited $?"
grep -q "^tpcc $version\$" <<<"$out" || fail "tpcc --version printed: $out"
page=$(in_root "$root" man -w tpcc) || fail "man -w tpcc found no page"
[ "$page" = /usr/share/man/man1/tpcc.1.gz ] || fail "man -w tpcc: $page"
in_root "$root" man -P cat tpcc 2>/dev/null | grep -q -- '--terminals' ||
  fail "man tpcc does not render --terminals"

# The completion as bash calls it: the words, the cursor's word, the function.
complete_words() {
  local line=$1
  in_root "$root" bash -c '. /usr/share/bash-completion/completions/tpcc
    read -ra COMP_WORDS <<<"$1"; [[ $1 == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE=$1; COMP_POINT=${#1}
    _tpcc tpcc "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}"' _ "$line"
}
# Every candidate starts with what was typed, and the expected ones are there.
offers() {
  local line=$1 typed=${1##* } candidates
  shift
  candidates=$(complete_words "$line")
  [ -n "$candidates" ] || fail "$line<TAB> offers nothing"
  ! grep -v -- "^$typed" <<<"$candidates" >&2 || fail "$line<TAB> offers words not starting with $typed"
  for word in "$@"; do
    grep -qx -- "$word" <<<"$candidates" || fail "$line<TAB> does not offer $word: $candidates"
  done
  tr '\n' ' ' <<<"$candidates"
}
verbs=$(offers "tpcc r" run report)
options=$(offers "tpcc run --ter" --terminals)
echo "completion: tpcc r<TAB> -> $verbs; tpcc run --ter<TAB> -> $options"

in_root "$root" sh -c 'cd /root && tpcc quickstart --duration 20' >"$work/quickstart.log" 2>&1 ||
  { tail -n 30 "$work/quickstart.log" >&2; fail "tpcc quickstart in the root exited non-zero"; }
grep -q 'tpmC' "$work/quickstart.log" || { cat "$work/quickstart.log" >&2; fail "quickstart printed no tpmC"; }
ls "$root"/root/results/*/result.json >/dev/null 2>&1 || fail "quickstart wrote no result.json"
echo "fresh $suite root: ok ($(basename "$deb"), $((SECONDS - started)) s)"
