#!/usr/bin/env bash
# The README's test command from nothing (issue "Fast where a user waits": at most 15 minutes on
# a fresh 2-core Debian 12, apt included): makes a pristine `debootstrap --variant=minbase
# bookworm` root, clones the repository's HEAD into it and runs `CI=true bash .ci/run` there
# (scripts/bootstrap.sh test: apt, build, ROCm packages fetched beside the build, ctest), every
# line stamped with the time; then prints the phases beside the goal.
#   bench/suite-from-nothing.sh [ROOT]   (root: default /work/pristine-root, made anew; needs
#                                         root, debootstrap, and the Debian mirror)
# env: MIRROR (default http://deb.debian.org/debian), REPO (default: this checkout)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
root=${1:-/work/pristine-root}
mirror=${MIRROR:-http://deb.debian.org/debian}
repo=${REPO:-$here}
[ "$(id -u)" = 0 ] || { echo "suite-from-nothing: needs root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "suite-from-nothing: needs debootstrap" >&2; exit 2; }

cleanup() {
    for m in "$root/dev/pts" "$root/dev" "$root/sys" "$root/proc"; do
        mountpoint -q "$m" && umount -l "$m" || true
    done
}
trap cleanup EXIT
cleanup
rm -rf "$root"
log=$(mktemp)
echo "suite-from-nothing: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load:$(uptime | sed 's/.*load average://')"
t0=$(date +%s)
debootstrap --variant=minbase bookworm "$root" "$mirror" > "$log.debootstrap" 2>&1 ||
    { tail -20 "$log.debootstrap"; exit 1; }
t1=$(date +%s)
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"
mount -t devpts devpts "$root/dev/pts" -o newinstance,ptmxmode=0666 2>/dev/null ||
    mount --bind /dev/pts "$root/dev/pts"
git clone -q "$repo" "$root/src"
rev=$(git -C "$root/src" rev-parse --short HEAD)
echo "suite-from-nothing: root made in $((t1 - t0)) s (not counted); running .ci/run of $rev"

# Every line with the seconds since the start of .ci/run.
start=$(date +%s)
set +e
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin CI=true \
    /bin/bash -c 'cd /src && bash .ci/run' 2>&1 |
    while IFS= read -r line; do printf '%d %s\n' $(($(date +%s) - start)) "$line"; done > "$log"
rc=${PIPESTATUS[0]}
set -e
end=$(($(date +%s) - start))

at() { awk -v re="$1" '$0 ~ re { print $1; exit }' "$log"; }
last() { awk -v re="$1" '$0 ~ re { t = $1 } END { print t }' "$log"; }
build_first=$(at ' \[1/[0-9]+\] ')
build_last=$(last ' \[[0-9]+/[0-9]+\] ')
ctest_first=$(at 'Test project ')
fmt() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }
echo "phase                      from    to      minutes"
printf '%-26s %-7s %-7s %s\n' "apt (install)" "$(fmt 0)" "$(fmt "${build_first:-0}")" \
    "$(fmt "${build_first:-0}")"
printf '%-26s %-7s %-7s %s\n' "build (fetch beside it)" "$(fmt "${build_first:-0}")" \
    "$(fmt "${build_last:-0}")" "$(fmt $((${build_last:-0} - ${build_first:-0})))"
printf '%-26s %-7s %-7s %s\n' "fetch wait, ctest" "$(fmt "${build_last:-0}")" "$(fmt "$end")" \
    "$(fmt $((end - ${build_last:-0})))"
printf '%-26s %-7s %-7s %s   (goal: 15:00)\n' "whole .ci/run" "$(fmt 0)" "$(fmt "$end")" "$(fmt "$end")"
grep -E 'tests passed|tests failed|rocm-modern|fetch-rocm: [0-9]+ fetched' "$log" | sed 's/^[0-9]* /  /' || true
echo "ctest started at $(fmt "${ctest_first:-0}"); .ci/run exit $rc; the whole log: $log"
exit "$rc"
