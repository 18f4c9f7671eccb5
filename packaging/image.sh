#!/usr/bin/env bash
# A container image of tpcc with no registry: a Debian 12 minbase root (the
# install tests' cached debootstrap tarball), the .deb of BUILD_DIR
# installed in it with postgresql-client (no compiler, no server: apt's
# Recommends are not taken), apt's lists and caches, the docs and the
# manual pages removed; entry point `tpcc`. Written with buildah as an OCI
# archive that `podman load -i` takes (docs/install.md).
# Usage: packaging/image.sh BUILD_DIR [ARCHIVE]   (default: BUILD_DIR/tpcc-image.tar)
# Prints the image's name and the archive's size. Exit 77: buildah,
# debootstrap or the mirror missing (the message says which).
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/../tests/install/lib.sh"
build=$(readlink -f "$1")
archive=$(readlink -f "${2:-$build/tpcc-image.tar}")
suite=bookworm

command -v buildah >/dev/null || skip "buildah is not installed (apt-get install buildah)"
need_debian_root_tools "$suite"
work=$(mktemp -d /var/tmp/tpcc-image.XXXXXX)
root=$work/root
container=
cleanup() {
  [ -z "$container" ] || buildah rm "$container" >/dev/null 2>&1 || true
  remove_root "$root"
  rm -rf "$work"
}
trap cleanup EXIT

deb=$(build_deb "$build" "$work")
version=$(dpkg-deb -f "$deb" Version)
image=localhost/tpcc:$version
unpack_root "$suite" "$root"
mount_root "$root"
cp "$deb" "$root/tmp/"
in_root "$root" apt-get -q update >"$work/apt.log" 2>&1 ||
  { tail -n 20 "$work/apt.log" >&2; fail "apt-get update in the root failed"; }
in_root "$root" apt-get -q -y --no-install-recommends install "/tmp/$(basename "$deb")" \
  postgresql-client >>"$work/apt.log" 2>&1 ||
  { tail -n 30 "$work/apt.log" >&2; fail "apt-get install of the .deb failed"; }
unmount_root "$root"

# What a container never reads: apt's lists and downloaded packages, the
# docs (the copyright files stay), manual pages and translations, the .deb.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/* \
  "$root"/var/cache/debconf/*-old "$root"/var/log/* "$root"/usr/share/man/* \
  "$root"/usr/share/info/* "$root"/usr/share/locale/* "$root/tmp/$(basename "$deb")" \
  "$root/usr/sbin/policy-rc.d"
find "$root/usr/share/doc" -type f ! -name copyright -delete
: >"$root/etc/resolv.conf"  # the container runtime writes its own

tar -C "$root" --numeric-owner -cf "$work/rootfs.tar" .
container=$(buildah from scratch)
buildah add "$container" "$work/rootfs.tar" / >/dev/null
buildah config --entrypoint '["tpcc"]' --cmd '["--help"]' --workingdir /root \
  --env LANG=C.UTF-8 --label org.opencontainers.image.title=tpcc \
  --label org.opencontainers.image.version="$version" "$container"
buildah commit --quiet --rm "$container" "$image" >/dev/null
container=
rm -f "$archive"
buildah push --quiet "$image" "oci-archive:$archive:$image" >/dev/null
buildah rmi "$image" >/dev/null 2>&1 || true
echo "image: $image"
echo "archive: $archive ($(du -m "$archive" | cut -f1) MB; podman load -i $archive)"
