#!/usr/bin/env bash
# Kills a process that saves state with FileStateStore at random moments, and checks after
# each kill that the state file holds one complete, valid payload (never empty or torn);
# at the end, that one more save removes every temporary file the killed writers left.
#
#   scripts/crash-test-store.sh              # 200 kills
#   CRASH_TEST_KILLS=50 scripts/crash-test-store.sh
#
# The writer is the StreamRouterStoreCrashProbe executable target (Tools/StoreCrashProbe),
# built once in debug; each kill comes 5-60 ms after the writer starts. Runs in well under
# two minutes once the probe is built. Exits non-zero on the first invalid state file.
set -euo pipefail
cd "$(dirname "$0")/.."

kills=${CRASH_TEST_KILLS:-200}
probe_name=StreamRouterStoreCrashProbe

swift build -c debug --product "$probe_name" >/dev/null
probe="$(swift build -c debug --show-bin-path)/$probe_name"

work=$(mktemp -d)
writer=""
cleanup() {
    if [[ -n "$writer" ]]; then kill -KILL "$writer" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
state="$work/state.json"

# A first state to protect: run the writer until it has saved.
"$probe" write "$state" &
writer=$!
until "$probe" validate "$state" >/dev/null 2>&1; do sleep 0.01; done
kill -KILL "$writer"
wait "$writer" 2>/dev/null || true
writer=""

restores=0
previous=0
killed_mid_save=0
for ((run = 1; run <= kills; run++)); do
    "$probe" write "$state" &
    writer=$!
    sleep "$(printf '0.%03d' $((RANDOM % 56 + 5)))"
    kill -KILL "$writer" 2>/dev/null || true
    wait "$writer" 2>/dev/null || true
    writer=""
    if ! sequence=$("$probe" validate "$state"); then
        echo "crash test: kill $run left an invalid state file ($(wc -c <"$state") bytes)" >&2
        exit 1
    fi
    if ((sequence < previous)); then
        echo "crash test: kill $run went back from payload $previous to $sequence" >&2
        exit 1
    fi
    previous=$sequence
    restores=$((restores + 1))
    # A temporary file now means the writer died mid-save (the next writer removes it).
    if [[ -n $(find "$work" -maxdepth 1 -name '.state.json.tmp-*' -print -quit) ]]; then
        killed_mid_save=$((killed_mid_save + 1))
    fi
done

strays=$(find "$work" -maxdepth 1 -name '.state.json.tmp-*' | wc -l)
if ! "$probe" check "$state" >/dev/null; then
    echo "crash test: the final save or the cleanup of temporary files failed" >&2
    exit 1
fi
echo "crash test: $killed_mid_save kills came mid-save; $strays temporary files before the last save, none after"
echo "crash test: $kills kills, $restores valid restores (last payload $previous)"
