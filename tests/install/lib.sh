# shellcheck shell=bash
# Sourced by the install tests and packaging/image.sh: the .deb built from
# a build directory, a pristine Debian root from debootstrap kept as a
# tarball under /var/cache/tpcc-tests (made once per suite and
# architecture, so that only the first run downloads it), and chroot's
# mounts, undone on every exit.

# ctest's SKIP_RETURN_CODE for these tests (tests/CMakeLists.txt).
SKIPPED=77
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
ROOT_CACHE=${TPCC_ROOT_CACHE:-/var/cache/tpcc-tests}

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIPPED: $*" >&2; exit "$SKIPPED"; }

# build_deb BUILD_DIR OUT_DIR: cpack -G DEB into OUT_DIR; prints the .deb's path.
build_deb() {
  local build=$1 out=$2 version deb
  version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
  (cd "$build" && cpack -G DEB -B "$out" >"$out/cpack.log" 2>&1) ||
    { cat "$out/cpack.log" >&2; fail "cpack exited $?"; }
  deb=$(ls "$out"/tpcc_"$version"_*.deb 2>/dev/null | head -n 1)
  [ -n "$deb" ] || fail "no tpcc_${version}_<arch>.deb in $(ls "$out")"
  echo "$deb"
}

# need_debian_root_tools: skips (never silently) without debootstrap or
# a reachable mirror, unless the root is cached already.
need_debian_root_tools() {
  local suite=$1
  [ "$(id -u)" = 0 ] || skip "debootstrap and chroot need root"
  command -v chroot >/dev/null || skip "chroot is not installed"
  if [ ! -f "$(root_tarball "$suite")" ]; then
    command -v debootstrap >/dev/null ||
      skip "debootstrap is not installed (apt-get install debootstrap)"
  fi
  mirror_reachable "$suite" || skip "$DEBIAN_MIRROR is not reachable"
}

mirror_reachable() {
  local url="$DEBIAN_MIRROR/dists/$1/Release"
  if command -v curl >/dev/null; then
    curl -fsS --max-time 20 -o /dev/null "$url"
  else
    wget -q -T 20 -O /dev/null "$url"
  fi
}

root_tarball() {
  echo "$ROOT_CACHE/debootstrap-$1-$(dpkg --print-architecture)-minbase.tar.gz"
}

# pristine_root SUITE: the cached tarball of a minbase root, made with
# debootstrap when missing (written aside, then renamed: a run killed
# halfway leaves no half tarball). Prints its path.
pristine_root() {
  local suite=$1 tarball scratch
  tarball=$(root_tarball "$suite")
  if [ ! -f "$tarball" ]; then
    mkdir -p "$ROOT_CACHE"
    scratch=$(mktemp -d "$ROOT_CACHE/debootstrap.XXXXXX")
    echo "making the $suite root (debootstrap, once; cached in $tarball)" >&2
    debootstrap --variant=minbase "$suite" "$scratch/root" "$DEBIAN_MIRROR" \
      >"$scratch/debootstrap.log" 2>&1 ||
      { tail -n 20 "$scratch/debootstrap.log" >&2; rm -rf "$scratch"; fail "debootstrap failed"; }
    tar -C "$scratch/root" --numeric-owner -czf "$scratch/root.tar.gz" .
    mv "$scratch/root.tar.gz" "$tarball"
    rm -rf "$scratch"
  fi
  echo "$tarball"
}

# unpack_root SUITE DIR: a copy of the pristine root in DIR.
unpack_root() {
  mkdir -p "$2"
  tar -C "$2" --numeric-owner -xzf "$(pristine_root "$1")"
}

# mount_root ROOT: /proc, /sys and /dev (with /dev/pts and /dev/shm) for
# chroot ROOT, the host's resolv.conf for apt, and apt's downloaded
# packages kept in the cache (the next run downloads none again).
# unmount_root ROOT undoes it; call it from an EXIT trap.
mount_root() {
  local root=$1
  mkdir -p "$ROOT_CACHE/apt-archives/partial"
  mount -t proc proc "$root/proc"
  mount --rbind /sys "$root/sys" && mount --make-rslave "$root/sys"
  mount --rbind /dev "$root/dev" && mount --make-rslave "$root/dev"
  mount --bind "$ROOT_CACHE/apt-archives" "$root/var/cache/apt/archives"
  cp -L /etc/resolv.conf "$root/etc/resolv.conf"
  # Packages install their services without starting them (the postgresql
  # package's cluster would otherwise start on the host's network).
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod +x "$root/usr/sbin/policy-rc.d"
}

# Ends what the test started inside ROOT (a server left by a failed
# quickstart), then unmounts everything below ROOT.
unmount_root() {
  local root=$1 proc
  [ -d "$root" ] || return 0
  root=$(readlink -f "$root")
  for proc in /proc/[0-9]*; do
    if [ "$(readlink "$proc/root" 2>/dev/null)" = "$root" ]; then
      kill -9 "${proc#/proc/}" 2>/dev/null || true
    fi
  done
  { grep -o " $root/[^ ]*" /proc/self/mounts || true; } | sort -r | while read -r mnt; do
    umount -l "$mnt" 2>/dev/null || true
  done
}

# in_root ROOT COMMAND...: COMMAND in the chroot, apt non-interactive.
in_root() {
  local root=$1
  shift
  chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive "$@"
}

# remove_root ROOT: unmount_root, then delete ROOT unless a mount is still
# below it (deleting through a bind mount of /dev would be a disaster).
remove_root() {
  local root=$1
  [ -d "$root" ] || return 0
  unmount_root "$root"
  if grep -q " $(readlink -f "$root")/" /proc/self/mounts; then
    echo "warning: mounts remain below $root; it is left in place" >&2
    return 0
  fi
  rm -rf --one-file-system "$root"
}
