#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest step: one regression per results folder. While a regression runs
# into DIR, a second `spagm-regress --out DIR` and a `--resume DIR` are
# refused (exit 2) naming the first runner's pid and host; a lock left by a
# runner that is gone from this host (pid of no process) is taken over with
# a message; a lock of another host is never taken over.
#   lock.sh REGRESS DESC OUT
set -uo pipefail
regress=$1 desc=$2 out=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$out" && mkdir -p "$out"
host=$(hostname)

"$regress" --file "$desc" --set slow --jobs 2 --out "$out/busy" >"$out/busy.log" 2>&1 &
pid=$!
for _ in $(seq 300); do [ -f "$out/busy/plan.tsv" ] && break; sleep 0.1; done
[ -f "$out/busy/plan.tsv" ] || { kill -INT $pid; fail "the first regression did not start"; }
"$regress" --file "$desc" --set quick --out "$out/busy" >"$out/second.log" 2>&1
rc=$?
"$regress" --resume "$out/busy" >"$out/resume.log" 2>&1
rrc=$?
kill -INT $pid
wait $pid
[ $rc -eq 2 ] || fail "a second regression into a folder in use exited $rc, expected 2"
grep -q "is in use by spagm-regress pid $pid on host $host" "$out/second.log" ||
  fail "the refusal does not name pid $pid and host $host: $(cat "$out/second.log")"
[ $rrc -eq 2 ] || fail "--resume of a folder in use exited $rrc, expected 2"
grep -q "is in use by spagm-regress pid $pid on host $host" "$out/resume.log" ||
  fail "the --resume refusal does not name pid $pid and host $host: $(cat "$out/resume.log")"
[ ! -e "$out/busy/lock" ] || fail "the lock is left after the regression ended"
grep -q quick "$out/busy/plan.tsv" && fail "the refused regression wrote its plan"

# Stale: a runner of this host that no longer exists (a pid past pid_max).
mkdir -p "$out/stale"
printf 'pid=%s\nhost=%s\nstart=1\n' 99999999 "$host" >"$out/stale/lock"
"$regress" --file "$desc" --set quick --out "$out/stale" >"$out/stale.log" 2>&1
rc=$?
[ $rc -eq 0 ] || fail "the regression into a folder with a stale lock exited $rc: $(cat "$out/stale.log")"
grep -q "taking over the lock of spagm-regress pid 99999999 on $host, which is no longer running" \
  "$out/stale.log" || fail "no take-over message: $(cat "$out/stale.log")"

# Another host's lock: refused, with what to do when that runner is gone.
mkdir -p "$out/remote"
printf 'pid=%s\nhost=%s\nstart=1\n' 4242 farm-node-17 >"$out/remote/lock"
"$regress" --file "$desc" --set quick --out "$out/remote" >"$out/remote.log" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "a folder locked by another host: exit $rc, expected 2"
grep -q "in use by spagm-regress pid 4242 on host farm-node-17.*remove the lock" "$out/remote.log" ||
  fail "the refusal does not name the other host's runner: $(cat "$out/remote.log")"
[ -f "$out/remote/plan.tsv" ] && fail "a plan was written into a folder locked by another host"
echo "lock: second runner and --resume refused with pid $pid on $host; stale lock taken over; another host's refused"
