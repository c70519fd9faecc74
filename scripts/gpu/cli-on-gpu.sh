#!/usr/bin/env bash
# Runs the release hipdoctor-cli built here on the NVIDIA GPU machine, which has nvcc and the
# CUDA driver but no Qt or LLVM (docs/gpu-validation.md, "The CLI on the GPU machine").
#   here:  bash scripts/gpu/cli-on-gpu.sh pack      -> .gpu-carry/, the portable tarball
#          (packaging/portable/make-tarball.sh)
#   there: OUT=/dir bash scripts/gpu/cli-on-gpu.sh run   (then the same commands over ssh to 127.0.0.1)
# `run` compiles kernels/cuda/vector_add.cu for the native SM and as an sm_80-only fatbin, then
# runs devices, diagnose --probe on both, launch of the native cubin, verify --step 1,2, and
# inspect --summary and scan of tests/artifacts/rocm7 (AMD code objects);
# each command's output and exit code go to $OUT/cli.log, the machine to $OUT/env.txt and the
# verify session to $OUT/verify-session.json.
set -u
mode=${1:-run}
ROOT=$(pwd)
CARRY=$ROOT/.gpu-carry
case "$mode" in
pack)
    # The portable tarball (docs/portable.md): the device call carries it as it is.
    rm -rf "$CARRY"
    mkdir -p "$CARRY"
    bash packaging/portable/make-tarball.sh build "$CARRY"
    # OpenSSH for the remote run (`run` starts an sshd on 127.0.0.1 there when the machine has
    # none of its own): Debian's binaries and the libraries they need beyond glibc.
    mkdir -p "$CARRY/ssh/lib"
    cp /usr/sbin/sshd /usr/bin/ssh /usr/bin/ssh-keygen "$CARRY/ssh/"
    for b in /usr/sbin/sshd /usr/bin/ssh /usr/bin/ssh-keygen; do
        ldd "$b" | awk '$3 ~ /^\// {print $3}'
    done | sort -u | grep -v -E '/(libc|libm|libdl|libpthread|libresolv|ld-linux[^/]*)\.so' |
        xargs -r cp -L -t "$CARRY/ssh/lib/"
    grep -qx '/.gpu-carry/' .git/info/exclude 2>/dev/null || echo '/.gpu-carry/' >>.git/info/exclude
    ;;
run)
    OUT=${OUT:-$ROOT/gpu-cli-out}
    mkdir -p "$OUT"
    # Unpacked and run by a user without root where one can be made (no LD_LIBRARY_PATH: the
    # programs find their libraries through $ORIGIN).
    runner=()
    U=$(mktemp -d /tmp/hdcli-unpacked.XXXXXX)
    if [ "$(id -u)" = 0 ] && useradd -m hdportable 2>/dev/null || id hdportable >/dev/null 2>&1; then
        runner=(runuser -u hdportable --)
        chown hdportable "$U"
    fi
    "${runner[@]}" tar -C "$U" -xzf "$CARRY"/hipdoctor-cli-*-linux-x86_64.tar.gz
    CLI=$(echo "$U"/hipdoctor-cli-*/bin/hipdoctor-cli)
    NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
    W=$(mktemp -d /tmp/hdcli.XXXXXX)
    chmod 777 "$W"
    cp -r kernels/cuda "$W/kernels"
    # AMD code objects and a ROCm 6 library built with hipcc 7 (compressed bundles): the
    # inspector and scan on another kernel than the build machine's (their pages given back
    # as they are read, docs/performance.md); the output is compared with the same commands
    # run here.
    cp -r tests/artifacts/rocm7 "$W/amd"
    sm=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -n1 | tr -d '. ')
    {
        echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        echo "runs as: ${runner[*]:-root} ($(id "${runner[2]:-root}" 2>/dev/null))"
        nvidia-smi -L
        "$NVCC" --version | tail -n 2
        "$NVCC" -cubin -arch=sm_$sm -o "$W/native.cubin" kernels/cuda/vector_add.cu
        "$NVCC" -fatbin -gencode arch=compute_80,code=sm_80 -o "$W/sm80only.fatbin" \
            kernels/cuda/vector_add.cu
        chmod -R a+rwX "$W"
        ls -l "$W"
    } >"$OUT/env.txt" 2>&1
    cmd() { # name args...
        local name=$1
        shift
        echo "=== $name: hipdoctor-cli $*"
        local t0 rc
        t0=$(date +%s%N)
        "${runner[@]}" "$CLI" "$@" 2>&1
        rc=$?
        echo "exit $rc ($name, $((($(date +%s%N) - t0) / 1000000)) ms)"
    }
    {
        cmd version --version
        cmd devices devices --json
        cmd diagnose-native diagnose --probe "$W/native.cubin" --kernel vector_add
        cmd diagnose-sm80 diagnose --probe "$W/sm80only.fatbin" --kernel vector_add
        cmd diagnose-sm80-json diagnose --probe "$W/sm80only.fatbin" --kernel vector_add --json
        cmd launch launch "$W/native.cubin" --kernel vector_add --grid 4096 --block 256 \
            --args 'buf:f32:1048576:rand, buf:f32:1048576:rand, buf:f32:1048576:out, i32:1048576'
        cmd verify verify --step 1,2 --target "sm_$sm" --compiler "$NVCC" --kernels-dir "$W/kernels" \
            --artifact "$W/sm80only.fatbin" --kernel vector_add --session "$W/verify-session.json"
        # The readable summary alone: no session kept, so no inventory collected.
        cmd verify-text verify --step 1 --target "sm_$sm" --compiler "$NVCC" --kernels-dir "$W/kernels"
        cmd inspect-amd inspect --summary "$W"/amd/*.co "$W"/amd/*.so
        cmd scan-amd scan "$W/amd" --target gfx1031
    } >"$OUT/cli.log" 2>&1
    cp "$W/verify-session.json" "$OUT/" 2>/dev/null
    tail -n 60 "$OUT/cli.log"

    # The same machine as a node reached over ssh (docs/remote.md): an sshd on 127.0.0.1 with
    # generated keys, the unprivileged user as the node's account, the CLI run by root here.
    if [ ${#runner[@]} -gt 0 ]; then
        S=$(mktemp -d /tmp/hdssh.XXXXXX)
        SSHD=$(command -v sshd || echo /usr/sbin/sshd)
        SSH=$(command -v ssh || true)
        KEYGEN=$(command -v ssh-keygen || true)
        sshlib=
        if [ ! -x "$SSHD" ] || [ -z "$SSH" ] || [ -z "$KEYGEN" ]; then
            SSHD=$CARRY/ssh/sshd SSH=$CARRY/ssh/ssh KEYGEN=$CARRY/ssh/ssh-keygen
            sshlib=$CARRY/ssh/lib
        fi
        port=$((20000 + RANDOM % 20000))
        mkdir -p /run/sshd
        id sshd >/dev/null 2>&1 || useradd -r -d /run/sshd -s /usr/sbin/nologin sshd # privilege separation
        LD_LIBRARY_PATH=$sshlib "$KEYGEN" -q -t ed25519 -N '' -f "$S/host" >/dev/null
        LD_LIBRARY_PATH=$sshlib "$KEYGEN" -q -t ed25519 -N '' -f "$S/client" >/dev/null
        cp "$S/client.pub" "$S/authorized_keys"
        chmod 644 "$S/authorized_keys"
        chmod 755 "$S"
        echo "[127.0.0.1]:$port $(cat "$S/host.pub")" >"$S/known_hosts"
        printf 'Port %s\nListenAddress 127.0.0.1\nHostKey %s\nPidFile none\nAuthorizedKeysFile %s\nStrictModes no\nUsePAM no\nAllowUsers hdportable\n' \
            "$port" "$S/host" "$S/authorized_keys" >"$S/sshd.conf"
        usermod -p '*' hdportable 2>/dev/null
        LD_LIBRARY_PATH=$sshlib "$SSHD" -D -e -f "$S/sshd.conf" 2>"$OUT/sshd.log" &
        sshd_pid=$!
        sleep 1
        # The ssh command hipdoctor runs (HIPDOCTOR_SSH_COMMAND, as GIT_SSH_COMMAND for git).
        printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s -i %s -o UserKnownHostsFile=%s "$@"\n' \
            "$sshlib" "$SSH" "$S/client" "$S/known_hosts" >"$S/ssh.sh"
        chmod 755 "$S/ssh.sh"
        export HIPDOCTOR_SSH_COMMAND=$S/ssh.sh
        node=ssh://hdportable@127.0.0.1:$port
        rcmd() { # name args...
            local name=$1
            shift
            echo "=== $name: hipdoctor-cli $*"
            local t0 rc
            t0=$(date +%s%N)
            "$CLI" "$@" 2>&1
            rc=$?
            echo "exit $rc ($name, $((($(date +%s%N) - t0) / 1000000)) ms)"
        }
        {
            echo "sshd: $SSHD${sshlib:+ (carried from the build machine)}, port $port"
            rcmd remote-devices devices --remote "$node"
            rcmd remote-devices-again devices --remote "$node" --json
            rcmd remote-diagnose diagnose --probe --remote "$node" "$W/sm80only.fatbin" --kernel vector_add
            rcmd remote-launch launch "$W/native.cubin" --remote "$node" --kernel vector_add \
                --grid 4096 --block 256 \
                --args 'buf:f32:1048576:rand, buf:f32:1048576:rand, buf:f32:1048576:out, i32:1048576'
            rcmd remote-verify verify --remote "$node" --step 1,2 --target "sm_$sm" --compiler "$NVCC" \
                --artifact "$W/sm80only.fatbin" --kernel vector_add --session "$OUT/remote-verify-session.json"
            rcmd remote-verify-text verify --remote "$node" --step 1 --target "sm_$sm" --compiler "$NVCC"
            rcmd remote-sysinfo sysinfo --remote "$node"
            # Two nodes at once, one of them unreachable (a closed port): the node x check table.
            rcmd remote-hosts verify --hosts "$node,ssh://hdportable@127.0.0.1:1" --step 1 \
                --target "sm_$sm" --compiler "$NVCC" --sessions-dir "$OUT/sessions"
            # The session made here and the one made over ssh, compared in one report.
            rcmd report-compare report "$OUT/verify-session.json" "$OUT/remote-verify-session.json" \
                -o "$OUT/compare.md"
            head -n 40 "$OUT/compare.md"
            echo "=== the node's cache (~hdportable/.cache/hipdoctor)"
            find ~hdportable/.cache/hipdoctor -maxdepth 2 | head -n 20
        } >"$OUT/remote.log" 2>&1
        kill "$sshd_pid" 2>/dev/null
        tail -n 80 "$OUT/remote.log"
    fi
    ;;
*)
    echo "usage: scripts/gpu/cli-on-gpu.sh pack|run" >&2
    exit 2
    ;;
esac
