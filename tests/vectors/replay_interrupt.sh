#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# An interrupted Icarus replay is a failure (defect 11): `vvp -n`
# treats SIGINT as $finish and exits 0 without the summary, which made a
# replay killed half way look like a pass. spagm-replay-iverilog must exit
# non-zero and say so, whichever process the signal reaches.
#   replay_interrupt.sh WRAPPER SPAGM VEC WORKDIR MODE
# MODE: term-wrapper  SIGTERM to the wrapper (a batch system's kill)
#       int-group     SIGINT to the whole process group (Ctrl-C in a terminal)
#       int-vvp       SIGINT to vvp alone (the wrapper sees a run with no summary)
set -u
wrapper=$1 spagm=$2 vec=$3 work=$4 mode=$5
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
"$spagm" export-hex "$vec" hex >/dev/null || { echo "export-hex failed"; exit 1; }
setsid "$wrapper" +vectors=hex >out.txt 2>err.txt &
pid=$!
# Wait until vvp has read the manifest (its first line), at most 60 s.
for _ in $(seq 600); do grep -q "epochs" out.txt 2>/dev/null && break; sleep 0.1; done
grep -q "epochs" out.txt || { echo "the replay did not start"; cat out.txt err.txt; exit 1; }
vvp=$(pgrep -P "$pid" -f tb_replay.vvp || pgrep -f "tb_replay.vvp +vectors=hex" | head -1)
case $mode in
  # vvp stopped first: it prints nothing, and the wrapper must still act at
  # once rather than when vvp next prints a line.
  term-wrapper) kill -STOP "$vvp"; kill -TERM "$pid" ;;
  int-group) kill -INT -- "-$pid" ;;
  int-vvp) kill -INT "$vvp" ;;
esac
# It must end within 20 s of the signal.
for _ in $(seq 200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then
  echo "FAIL: the replay is still running 20 s after the signal"
  kill -KILL "$vvp" "$pid" 2>/dev/null
  exit 1
fi
wait "$pid"; rc=$?
cat out.txt err.txt
if grep -Eq "^replay: [0-9]+ passed, [0-9]+ failed$" out.txt; then
  echo "the replay finished before the signal: make the vector file longer"; exit 1
fi
[ "$rc" -ne 0 ] || { echo "FAIL: interrupted replay exited 0"; exit 1; }
grep -q "FAILED" err.txt || { echo "FAIL: no message that the run failed"; exit 1; }
echo "interrupted replay ($mode) exited $rc: ok"
