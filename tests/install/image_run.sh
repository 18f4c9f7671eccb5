#!/usr/bin/env bash
# packaging/image.sh's image: built, under 150 MB, its configuration's
# entry point tpcc (read with skopeo from the archive); then tpcc run
# --duration 10 from the image against a throwaway server loaded here.
# Where this machine runs containers (podman load, podman run --version)
# the run is a container on the host's network; where it cannot (no user
# namespaces or cgroups in a sandbox) the image's root filesystem, mounted
# by buildah from the archive, is run with chroot over TCP to 127.0.0.1.
# The output says which. Exit 77 when buildah or skopeo is missing.
# Usage: image_run.sh BUILD_DIR
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
build=$(readlink -f "$1")
. "$here/lib.sh"
command -v buildah >/dev/null || skip "buildah is not installed (apt-get install buildah)"
command -v skopeo >/dev/null || skip "skopeo is not installed (apt-get install skopeo)"
# The archive measured 50 MB (packaging/image.sh build, 2026-12-05); the
# limit is the budget of an image pulled by every driver of a fleet.
max_mb=150

. "$here/../../bench/throwaway-pg.sh"
work=$(mktemp -d /var/tmp/tpcc-image-test.XXXXXX)
archive=$work/tpcc-image.tar
container=
image=
cleanup() {
  if [ -n "$container" ]; then
    [ -z "${rootfs:-}" ] || umount "$rootfs/proc" 2>/dev/null || true
    buildah umount "$container" >/dev/null 2>&1 || true
    buildah rm "$container" >/dev/null 2>&1 || true
  fi
  [ -z "$image" ] || podman rmi -f "$image" >/dev/null 2>&1 || true
  rm -rf "$work"
  stop_throwaway_pg
}
trap cleanup EXIT

started=$SECONDS
set +e
"$here/../../packaging/image.sh" "$build" "$archive" >"$work/image.log" 2>&1
status=$?
set -e
[ "$status" = "$SKIPPED" ] && { cat "$work/image.log" >&2; exit "$SKIPPED"; }
[ "$status" = 0 ] || { cat "$work/image.log" >&2; fail "packaging/image.sh exited $status"; }
cat "$work/image.log"
echo "image built in $((SECONDS - started)) s"
size_mb=$(du -m "$archive" | cut -f1)
[ "$size_mb" -lt "$max_mb" ] || fail "the archive is $size_mb MB (at most $max_mb)"

config=$(skopeo inspect --config "oci-archive:$archive")
entry=$(jq -c .config.Entrypoint <<<"$config")
[ "$entry" = '["tpcc"]' ] || fail "the image's entry point is $entry"
layers=$(skopeo inspect "oci-archive:$archive" | jq '.Layers | length')
[ "$layers" -ge 1 ] || fail "the image has no layer"
echo "archive: $size_mb MB, entry point $entry, $layers layer(s)"

"$PG_BIN/psql" "$PG_CONN" -XAqc "create database tpcc_image" >/dev/null
"$build/tpcc" prepare --conn "$PG_CONN dbname=tpcc_image" --warehouses 1 --no-check \
  >"$work/prepare.log" 2>&1 || { cat "$work/prepare.log" >&2; fail "tpcc prepare failed"; }
conn="host=127.0.0.1 port=$PG_PORT user=postgres dbname=tpcc_image"
run_args=(run --conn "$conn" --terminals 2 --warmup 2 --duration 10 --result-dir /tmp/r)

if command -v podman >/dev/null && image=$(podman load -i "$archive" 2>"$work/podman.log" |
     sed -n 's/^Loaded image: //p') && [ -n "$image" ] &&
   podman run --rm --network=host "$image" --version >>"$work/podman.log" 2>&1; then
  echo "running the image with podman run --network=host"
  podman run --rm --network=host "$image" "${run_args[@]}" >"$work/run.log" 2>&1 ||
    { cat "$work/run.log" >&2; fail "tpcc run in the container failed"; }
else
  echo "this machine cannot run containers ($(tail -n 1 "$work/podman.log" 2>/dev/null ||
    echo "no podman")); running the image's root filesystem with chroot instead"
  container=$(buildah from --quiet "oci-archive:$archive")
  rootfs=$(buildah mount "$container")
  mount -t proc proc "$rootfs/proc"
  chroot "$rootfs" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root tpcc --version |
    grep -q '^tpcc ' || fail "tpcc --version in the image's root failed"
  chroot "$rootfs" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root tpcc "${run_args[@]}" \
    >"$work/run.log" 2>&1 || { cat "$work/run.log" >&2; fail "tpcc run in the image's root failed"; }
fi
grep -q 'tpmC' "$work/run.log" || { cat "$work/run.log" >&2; fail "the run printed no tpmC"; }
echo "image: ok ($((SECONDS - started)) s)"
