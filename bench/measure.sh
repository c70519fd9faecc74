# Shared by the bench scripts (source it): GNU time's measurements of one command, medians, and
# the check that a binary comes from an optimized build.

# measure OUT_PREFIX CMD...: runs CMD with stdout to OUT_PREFIX.out and stderr to OUT_PREFIX.err;
# prints "WALL_S MAX_RSS_KB CPU_S" (CPU = user + sys, children included), from /usr/bin/time -v.
measure() {
    local prefix=$1 report
    shift
    report=$(mktemp)
    /usr/bin/time -v -o "$report" "$@" >"$prefix.out" 2>"$prefix.err" || true
    local wall rss cpu
    cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$report")
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$report")
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$report")
    rm -f "$report"
    echo "$wall $rss $cpu"
}

# median of the numbers on stdin, one a line
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

# require_optimized NAME CLI: exits 2 unless CLI's build (its build dir's CMakeCache.txt) is
# Release, RelWithDebInfo or MinSizeRel; BENCH_ALLOW_DEBUG=1 lets a Debug build through.
# Prints the build type.
require_optimized() {
    local name=$1 cli cache type
    cli=$(readlink -f "$2")
    cache=$(dirname "$(dirname "$cli")")/CMakeCache.txt
    type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$cache" 2>/dev/null || true)
    case ${type:-unknown} in
    Release | RelWithDebInfo | MinSizeRel) ;;
    *)
        if [[ ${BENCH_ALLOW_DEBUG:-0} != 1 ]]; then
            echo "$name: $cli is a ${type:-unknown} build (from $cache); use an optimized one" \
                "or set BENCH_ALLOW_DEBUG=1" >&2
            exit 2
        fi
        ;;
    esac
    echo "${type:-unknown}"
}
