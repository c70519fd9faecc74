#!/bin/sh
# Plays a GPU node as HIPDOCTOR_SSH_COMMAND (docs/limits.md "A broken or hostile node"): ssh's
# own options are skipped up to "--", the destination and each connection opening are logged
# to $FAKE_NODE_LOG, and the remote command line runs here in a session of its own (as sshd
# gives it), unless $FAKE_NODE_MODE makes the node misbehave at one point.
log=${FAKE_NODE_LOG:-/dev/null}
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    [ "$1" = "-O" ] && { printf 'control %s\n' "$2" >>"$log"; exit 0; }
    shift
done
shift
printf 'dest %s\n' "$1" >>"$log"
line=$2
opening=no
case $line in *'uname -sm'*) opening=yes; printf 'open\n' >>"$log" ;; esac
n=${FAKE_NODE_BYTES:-1048576}
case "${FAKE_NODE_MODE:-}:$opening:$line" in
flood-open-stderr:yes:*) head -c "$n" /dev/zero >&2; exit 0 ;;
flood-open-stdout:yes:*) head -c "$n" /dev/zero; exit 0 ;;
flood-hash:no:*'wc -c'*) yes 0123456789abcdef; exit 0 ;;
evil-hash:no:*'wc -c'*) printf '../../../../../escape 10\n'; exit 0 ;;
endless-file:no:*'exec cat'*) yes; exit 0 ;;
trickle-file:no:*'exec cat'*) while :; do printf x; sleep 1; done ;;
evil-name:yes:*) printf '%s\nLinux x86_64\n%s\n' "$HOME" "$FAKE_NODE_NAME"; exit 0 ;;
esac
exec setsid -w sh -c "$line"
