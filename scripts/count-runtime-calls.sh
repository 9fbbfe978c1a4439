#!/usr/bin/env bash
# Counts runtime calls per operation of one Benchmarks row's side, exactly: executor switches,
# task allocations, task-local binds, retains, releases, generic and tuple metadata lookups
# (what unspecialised code pays per generic value it makes), mallocs and mutex locks. Timing on a
# shared host moves a side up to 1.5x between runs; these counts do not move at all, so they
# tell whether a change removed work (then confirm with the Benchmarks executable's ratios).
#
#   scripts/count-runtime-calls.sh "one loader" library
#   scripts/count-runtime-calls.sh "one loader" baseline
#
# Needs Linux, root and perf (Debian's linux-perf); builds the release Benchmarks first. Each
# count is (calls in 2N operations - calls in N operations) / N, so setup cancels out.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -ne 2 || ($2 != library && $2 != baseline) ]]; then
    echo "usage: $0 FILTER library|baseline" >&2
    exit 2
fi
filter=$1
side=$2
operations=${OPERATIONS:-100000}

swift build -c release --product StreamRouterBenchmarks >/dev/null
binary=$(swift build -c release --show-bin-path)/StreamRouterBenchmarks
runtime=$(dirname "$(command -v swift)")/../lib/swift/linux
libc=$(ldd "$binary" | awk '/libc\.so/ { print $3 }')

probe() { # library symbol: adds a uprobe once, prints its event name
    local group
    group="probe_$(basename "$1" | sed 's/\.so.*//; s/[^A-Za-z0-9_]/_/g')"
    if ! perf probe -l 2>/dev/null | grep -q "$group:$2 "; then
        perf probe -q -x "$1" "$2" >/dev/null
    fi
    echo "$group:$2"
}
events=(
    "$(probe "$runtime/libswift_Concurrency.so" swift_task_switch)"
    "$(probe "$runtime/libswift_Concurrency.so" swift_task_alloc)"
    "$(probe "$runtime/libswift_Concurrency.so" swift_task_localValuePush)"
    "$(probe "$runtime/libswiftCore.so" swift_retain)"
    "$(probe "$runtime/libswiftCore.so" swift_release)"
    "$(probe "$runtime/libswiftCore.so" swift_getGenericMetadata)"
    "$(probe "$runtime/libswiftCore.so" swift_getTupleTypeMetadata)"
    "$(probe "$libc" malloc)"
    "$(probe "$libc" pthread_mutex_lock)"
)
list=$(
    IFS=,
    echo "${events[*]}"
)

count() { # operations: prints "event count" lines
    perf stat -x, -e "$list" "$binary" --profile "$side" --filter "$filter" --operations "$1" 2>&1 >/dev/null |
        awk -F, '/probe/ { print $3, $1 }'
}
join <(count "$operations" | sort) <(count $((operations * 2)) | sort) |
    awk -v n="$operations" '{ printf "%-45s %8.2f per operation\n", $1, ($3 - $2) / n }'
