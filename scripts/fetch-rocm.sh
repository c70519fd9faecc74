#!/usr/bin/env bash
# Downloads (never installs) Debian's ROCm 6.4 / 7.x libraries from sid and experimental and
# unpacks them with dpkg -x into a cache folder, for the tests and benches that need real
# modern artifacts (docs/performance.md, tests/CMakeLists.txt label rocm-modern).
#
#   scripts/fetch-rocm.sh [--ci | --all] [--cache DIR] [--offline] [--list]
#     --ci      only what the tests need (default): librocblas5 7.2 with its Tensile folder,
#               libhipblaslt1 7.1 with its kernel library, libamdhip64-7 (about 590 MB)
#     --all     also the bench set: librocsparse1 6.4 (1.5 GB unpacked), libmiopen1 6.4 and
#               MIOpen's databases (libmiopen-tests-data), libamdhip64-6, libhsa-runtime64-1
#     --cache   the cache folder (default $HIPDOCTOR_ROCM_CACHE, else
#               ~/.cache/hipdoctor/rocm-debs)
#     --offline use the package lists already in the cache; download nothing new
#     --list    print the resolved package names and versions, fetch nothing
#
# apt runs with a private sources list, package lists and cache under the cache folder
# (never the system's), against the Debian mirror this machine's own sources name. A package
# already unpacked (its .deb in the cache and a stamp beside it) is not fetched again.
# Exit: 0 all fetched, 2 usage, 3 the archive cannot be reached or a package is missing.
set -euo pipefail

set_name=ci
offline=0
list_only=0
cache=${HIPDOCTOR_ROCM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hipdoctor/rocm-debs}
while [ $# -gt 0 ]; do
    case "$1" in
    --ci) set_name=ci ;;
    --all) set_name=all ;;
    --offline) offline=1 ;;
    --list) list_only=1 ;;
    --cache) cache=${2:?--cache needs a folder}; shift ;;
    --cache=*) cache=${1#--cache=} ;;
    -h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "fetch-rocm: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

say() { echo "fetch-rocm: $*"; }
die() { echo "fetch-rocm: $*" >&2; exit "${2:-3}"; }

for tool in apt-get apt-cache dpkg-deb; do
    command -v "$tool" >/dev/null || die "needs $tool (a Debian system)" 3
done

# The machine's own Debian mirror: the first URIs / deb line of its sources that is not a
# security mirror; deb.debian.org otherwise. HIPDOCTOR_DEBIAN_MIRROR overrides.
mirror=${HIPDOCTOR_DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
    mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
        sed -n 's/^URIs:[[:space:]]*//p' | tr ' ' '\n' | grep -v -- '-security' | grep . | head -n1 || true)
fi
if [ -z "$mirror" ]; then
    mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
        awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^(https?|file):/) { print $i; exit } }' |
        grep -v -- '-security' | head -n1 || true)
fi
mirror=${mirror:-http://deb.debian.org/debian}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

state=$cache/apt
mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/etc" "$cache/debs" "$cache/root"
cat >"$state/etc/sources.list" <<EOF
deb [signed-by=$keyring] $mirror sid main
deb [signed-by=$keyring] $mirror experimental main
EOF
apt_opts=(
    -o "Dir::Etc::sourcelist=$state/etc/sources.list"
    -o "Dir::Etc::sourceparts=-"
    -o "Dir::State::Lists=$state/lists"
    -o "Dir::Cache=$state/cache"
    -o "Dir::Etc::preferences=/dev/null"
    -o "Dir::Etc::preferencesparts=-"
    -o "APT::Architecture=amd64"
    -o "Acquire::Languages=none"
    -o "Acquire::Retries=2"
    -o "Acquire::http::Timeout=30"
    # A snapshot mirror serves Release files past their Valid-Until date (apt: "is expired"):
    # their signatures are still checked, and nothing fetched here is ever installed.
    -o "Acquire::Check-Valid-Until=false"
    -o "Debug::NoLocking=1"
    -o "APT::Sandbox::User=$(id -un)"
)

# Package lists: refreshed once a day at most.
stamp=$state/lists/.updated
if [ "$offline" = 0 ] && { [ ! -f "$stamp" ] || [ -n "$(find "$stamp" -mmin +1440 2>/dev/null)" ]; }; then
    say "reading the package lists of sid and experimental from $mirror"
    if ! apt-get "${apt_opts[@]}" -q update >"$state/update.log" 2>&1 ||
        grep -qE '^(Err|W: Failed|E: )' "$state/update.log"; then
        sed 's/^/  /' "$state/update.log" | tail -n 8 >&2
        if ! ls "$state/lists/"*_sid_*Packages* >/dev/null 2>&1; then
            die "the Debian archive ($mirror, suites sid and experimental) cannot be reached; the tests labelled rocm-modern will say they were skipped"
        fi
        say "the archive did not answer; using the package lists fetched before"
    else
        touch "$stamp"
    fi
fi
ls "$state/lists/"*_sid_*Packages* >/dev/null 2>&1 ||
    die "no package lists in $state (run without --offline while the archive is reachable)"

# name/suite of the packages wanted. rocBLAS and hipBLASLt ship their kernel folders
# (rocblas/5/library, hipblaslt/library) inside the library package; MIOpen's system
# databases (kdb / perf db) come as libmiopen-tests-data.
wanted=(librocblas5/experimental libhipblaslt1/sid libamdhip64-7/experimental)
if [ "$set_name" = all ]; then
    wanted+=(librocsparse1/sid libmiopen1/sid libmiopen-tests-data/experimental
        libamdhip64-6/sid libhsa-runtime64-1/sid)
fi

# The version a suite has of a package.
version_in() { # package suite
    apt-cache "${apt_opts[@]}" madison "$1" 2>/dev/null |
        awk -v s=" $2/" -F'|' 'index($3, s) { gsub(/ /, "", $2); print $2; exit }'
}

resolved=()
for w in "${wanted[@]}"; do
    pkg=${w%/*} suite=${w#*/}
    ver=$(version_in "$pkg" "$suite")
    [ -n "$ver" ] || die "$pkg is not in $suite at $mirror (apt-cache madison $pkg)"
    resolved+=("$pkg=$ver")
done

if [ "$list_only" = 1 ]; then
    printf '%s\n' "${resolved[@]}"
    exit 0
fi

fetched=0 kept=0
cd "$cache/debs"
for pv in "${resolved[@]}"; do
    pkg=${pv%%=*} ver=${pv#*=}
    deb_glob="${pkg}_${ver//:/%3a}_*.deb"
    done_stamp="$cache/root/.${pkg}_${ver//:/%3a}.unpacked"
    if [ -f "$done_stamp" ]; then
        kept=$((kept + 1))
        say "have $pkg $ver"
        continue
    fi
    # shellcheck disable=SC2086
    if ! ls $deb_glob >/dev/null 2>&1; then
        [ "$offline" = 0 ] || die "$pkg $ver is not in the cache (--offline)"
        say "downloading $pkg $ver"
        apt-get "${apt_opts[@]}" -q download "$pkg=$ver" >"$state/download.log" 2>&1 || {
            sed 's/^/  /' "$state/download.log" | tail -n 5 >&2
            die "could not download $pkg $ver from $mirror"
        }
    fi
    # shellcheck disable=SC2086
    deb=$(ls $deb_glob | head -n1)
    dpkg-deb -x "$deb" "$cache/root"
    touch "$done_stamp"
    fetched=$((fetched + 1))
    say "unpacked $deb ($(du -h "$deb" | cut -f1))"
done
say "$fetched fetched, $kept already there; unpacked under $cache/root"
lib=$cache/root/usr/lib/x86_64-linux-gnu
for f in "$lib"/librocblas.so.5.* "$lib"/libhipblaslt.so.1.* "$lib"/librocsparse.so.1.* \
    "$lib"/libMIOpen.so.1.* "$lib"/libamdhip64.so.[67].* "$lib"/libhsa-runtime64.so.1.*; do
    [ -f "$f" ] && say "  $(du -h "$f" | cut -f1)  ${f#"$cache"/}"
done
exit 0
