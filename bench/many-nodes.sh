#!/usr/bin/env bash
# `verify --hosts` across many loopback "nodes" (docs/performance.md "Many nodes at once",
# docs/remote.md "Many nodes"): COUNT real sshd instances on 127.0.0.1, each its own port and
# host key (the remote side being this machine, as in tests/remote), plus a few bad ones: HANG
# listeners that accept and never speak, REFUSE ports nothing listens on, SLOW sshds whose every
# command waits SLOW_S seconds first (ForceCommand). For each count it runs one good node alone,
# then the whole list, and prints the wall times and their ratio, the CLI's peak RSS, the most
# ssh processes of this run alive at once (sampled every 20 ms) and the load.
# Goal (issue 45): 64 nodes in at most 3x one node's time, at most 1 GB, no more ssh processes
# alive than the fan-out; a hanging node costs its timeout, not the run's.
#
# usage: bench/many-nodes.sh [COUNT...]   (default: 16 32 64)
# env:   HIPDOCTOR_CLI (default build/bin/hipdoctor-cli), JOBS (--jobs; default: the CLI's),
#        HANG, REFUSE, SLOW (default 2 each), SLOW_S (default 1),
#        VERIFY_ARGS (default: step 2 loading a prebuilt code object, the lightest real run)
# Runs as root (sshd needs it; the nodes log in as hdssh-test, as tests/remote do) or as a
# user (sshd then runs as that user and logs into the same account).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=$(readlink -f "${HIPDOCTOR_CLI:-$root/build/bin/hipdoctor-cli}")
counts=("$@")
[[ ${#counts[@]} -gt 0 ]] || counts=(16 32 64)
hang=${HANG:-2} refuse=${REFUSE:-2} slow=${SLOW:-2} slow_s=${SLOW_S:-1}
max=0
for c in "${counts[@]}"; do ((c > max)) && max=$c; done
sshd=$(command -v sshd || echo /usr/sbin/sshd)
[[ -x $sshd ]] || { echo "many-nodes: sshd not installed" >&2; exit 2; }
artifact=$root/build/kernels/vector_add_gfx90a.hsaco
[[ -e $artifact ]] || artifact=$(ls "$root"/build/kernels/*.hsaco | head -1)
verify_args=${VERIFY_ARGS:-"--step 2 --artifact $artifact --kernel vector_add --target gfx90a --timeout 120"}

if [[ $(id -u) == 0 ]]; then
    user=hdssh-test
    id "$user" >/dev/null 2>&1 || useradd -m -s /bin/sh "$user"
    usermod -p '*' "$user"
    mkdir -p /run/sshd
else
    user=$(id -un)
fi
tmp=$(mktemp -d /tmp/hd-many-nodes-XXXXXX)
chmod 755 "$tmp"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    rm -rf "$tmp"
}
trap cleanup EXIT
[[ -n ${KEEP:-} ]] && trap - EXIT
ssh-keygen -q -t ed25519 -N '' -f "$tmp/client_key"
cp "$tmp/client_key.pub" "$tmp/authorized_keys"
chmod 644 "$tmp/authorized_keys"
base=$((30000 + ($$ % 2000) * 8))
: >"$tmp/known_hosts"
: >"$tmp/ssh_config"
host_entry() { # name port
    printf 'Host %s\n  Port %s\n  HostName 127.0.0.1\n  User %s\n  IdentityFile %s\n  IdentitiesOnly yes\n  UserKnownHostsFile %s\n  GlobalKnownHostsFile /dev/null\n' \
        "$1" "$2" "$user" "$tmp/client_key" "$tmp/known_hosts" >>"$tmp/ssh_config"
}
start_sshd() { # index port extra-config
    local key=$tmp/host_key_$1
    ssh-keygen -q -t ed25519 -N '' -f "$key"
    printf 'Port %s\nListenAddress 127.0.0.1\nHostKey %s\nPidFile none\nAuthorizedKeysFile %s\nStrictModes no\nPasswordAuthentication no\nKbdInteractiveAuthentication no\nUsePAM no\nAllowUsers %s\nMaxSessions 50\nMaxStartups 50\n%s' \
        "$2" "$key" "$tmp/authorized_keys" "$user" "$3" >"$tmp/sshd_$1.conf"
    "$sshd" -D -e -f "$tmp/sshd_$1.conf" 2>"$tmp/sshd_$1.log" &
    pids+=($!)
    echo "[127.0.0.1]:$2 $(cut -d' ' -f1-2 "$key.pub")" >>"$tmp/known_hosts"
}
for ((i = 0; i < max; i++)); do
    start_sshd "$i" $((base + i)) ""
    host_entry "node$i" $((base + i))
done
for ((i = 0; i < slow; i++)); do
    start_sshd "slow$i" $((base + max + i)) \
        "ForceCommand sleep $slow_s; exec /bin/sh -c \"\$SSH_ORIGINAL_COMMAND\""$'\n'
    host_entry "slow$i" $((base + max + i))
done
for ((i = 0; i < hang; i++)); do # accepts, never speaks
    port=$((base + max + slow + i))
    /usr/bin/python3 -c 'import socket,sys,time
s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(64); held=[]
while True: held.append(s.accept()[0])' "$port" &
    pids+=($!)
    host_entry "hang$i" "$port"
done
for ((i = 0; i < refuse; i++)); do
    host_entry "refuse$i" $((base + max + slow + hang + i)) # nothing listens there
done
sleep 1
export HIPDOCTOR_SSH_COMMAND="ssh -F $tmp/ssh_config"
# A private control folder: the masters counted are this run's only.
export XDG_RUNTIME_DIR=$tmp/run
mkdir -m 700 -p "$XDG_RUNTIME_DIR"

# run NAME HOSTS-FILE: the CLI under /usr/bin/time, sampling the ssh processes of this run.
run() {
    local name=$1 list=$2 peak=0 n
    /usr/bin/time -f '%e %M %U %S' -o "$tmp/$name.time" \
        "$cli" verify --hosts "$list" ${JOBS:+--jobs "$JOBS"} $verify_args \
        --sessions-dir "$tmp/sessions-$name" >"$tmp/$name.out" 2>"$tmp/$name.err" &
    local pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        n=$(pgrep -c -f -- "-F $tmp/ssh_config" || true)
        ((n > peak)) && peak=$n
        sleep 0.02
    done
    wait "$pid" || true
    echo "$(tail -1 "$tmp/$name.time") $peak"
}

echo "cli: $cli  $(date -u '+%Y-%m-%d %H:%M UTC')  $(nproc) cores  load:$(uptime | sed 's/.*load average://')"
echo "per node: verify $verify_args"
echo "fan-out: ${JOBS:-the default (32)}; bad nodes: $hang hang, $refuse refuse, $slow slow (${slow_s} s a command)"
echo node0 >"$tmp/one.txt"
run warm "$tmp/one.txt" >/dev/null # the probe deployed once on the shared home
read -r one_wall one_rss one_u one_s one_ssh < <(run one "$tmp/one.txt")
printf '%-34s %7.2f s wall %6d MB peak, %3d ssh alive at most | CLI + ssh clients %.2f s CPU\n' "1 node" "$one_wall" $((one_rss / 1024)) "$one_ssh" "$(echo "$one_u + $one_s" | bc -l)"
for c in "${counts[@]}"; do
    # The bad nodes first: they take their slots at the start, the worst case for the others.
    : >"$tmp/list$c.txt"
    for ((i = 0; i < hang; i++)); do echo "hang$i" >>"$tmp/list$c.txt"; done
    for ((i = 0; i < slow; i++)); do echo "slow$i" >>"$tmp/list$c.txt"; done
    for ((i = 0; i < refuse; i++)); do echo "refuse$i" >>"$tmp/list$c.txt"; done
    for ((i = 0; i < c; i++)); do echo "node$i" >>"$tmp/list$c.txt"; done
    read -r wall rss u sy ssh < <(run "n$c" "$tmp/list$c.txt")
    ok=$(grep -c ': session ' "$tmp/n$c.err" || true)
    # When the last good node's session was written (the CLI says it as each node answers).
    good=$(grep -E '^\[[0-9]+/[0-9]+, [0-9.]+ s\] node[0-9]+: session' "$tmp/n$c.err" |
        sed 's/^\[[0-9]*\/[0-9]*, \([0-9.]*\) s.*/\1/' | sort -g | tail -1)
    printf '%-34s %7.2f s wall %6d MB peak, %3d ssh alive at most | %d sessions | good nodes all in %.2f s = %.2fx one node | CLI + ssh clients %.2f s CPU | load:%s\n' \
        "$c good + $((slow + hang + refuse)) bad nodes" "$wall" $((rss / 1024)) "$ssh" "$ok" \
        "${good:-0}" "$(echo "${good:-0} / $one_wall" | bc -l)" "$(echo "$u + $sy" | bc -l)" "$(uptime | sed 's/.*load average://')"
    grep -E 'hang|refuse|slow' "$tmp/n$c.err" | sed 's/^/    /' | head -8
done
