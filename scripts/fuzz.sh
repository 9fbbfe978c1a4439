#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each for a bounded time.
#
#   ./scripts/fuzz.sh [seconds-per-target] [target|all]
#
#   seconds   how long each target runs (default 60); 0 only builds
#   target    patterns | paths | urls | tables | restore | association | all (default all)
#
# Environment:
#   SWIFTC          the compiler (default: swiftc on PATH, else /opt/swift/usr/bin/swiftc)
#   FUZZ_BUILD_DIR  where everything goes (default .build/fuzz); never the SwiftPM products
#   FUZZ_ARGS       extra libFuzzer flags, e.g. "-max_len=256 -jobs=2"
#   FUZZ_OPT        optimisation flag for the library and harness (default -O)
#   FUZZ_MIN_RUNS   the fewest inputs a target must run in its time (default 100): fewer,
#                   or an end before its time, means it stopped early, which fails like a
#                   crash (a target whose inputs are slow, such as large association files,
#                   still runs its whole time)
#
# Targets run one at a time. Each starts from its seed corpus (Fuzz/Corpus/<target>,
# read-only) plus a working corpus in the build directory that keeps what earlier runs
# found; crashing inputs land in <build>/artifacts/<target>/. The script exits non-zero
# when any target crashed or stopped early (ran fewer than FUZZ_MIN_RUNS inputs, as a
# harness that fails on its first input does), after running the others.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

seconds=${1:-60}
selection=${2:-all}
all_targets=(patterns paths urls tables restore association)

if [[ ! "$seconds" =~ ^[0-9]+$ ]]; then
    echo "usage: $0 [seconds-per-target] [patterns|paths|urls|tables|restore|association|all]" >&2
    exit 2
fi
if [[ "$selection" == all ]]; then
    targets=("${all_targets[@]}")
else
    found=0
    for t in "${all_targets[@]}"; do [[ "$t" == "$selection" ]] && found=1; done
    if [[ $found == 0 ]]; then
        echo "unknown target '$selection' (expected one of: ${all_targets[*]}, all)" >&2
        exit 2
    fi
    targets=("$selection")
fi

if [[ -n "${SWIFTC:-}" ]]; then
    swiftc=$SWIFTC
elif command -v swiftc >/dev/null 2>&1; then
    swiftc=$(command -v swiftc)
else
    swiftc=/opt/swift/usr/bin/swiftc
fi
build=${FUZZ_BUILD_DIR:-$root/.build/fuzz}
opt=${FUZZ_OPT:--O}
mkdir -p "$build"

# The harness is for Linux: libFuzzer ships with the Linux toolchain, not with Xcode's.
# `-sanitize=fuzzer` instruments for coverage and links libFuzzer's main; `address` adds
# ASan; `-assert-config Debug` keeps the standard library's debug preconditions (unsafe
# buffer bounds and the like) on in optimised code, so misuse traps instead of passing.
common=(
    -swift-version 6 -package-name streamrouter -parse-as-library
    "$opt" -g -assert-config Debug -sanitize=fuzzer,address
)
link=(-use-ld=lld)

# Compiles from a snapshot of the sources, so that edits made during the build by others
# cannot tear it; rebuilds a module only when its snapshot changed.
snapshot() { # module source-dir -> prints "changed" or "unchanged"
    local dir="$build/src/$1"
    rm -rf "$dir.new"
    mkdir -p "$dir.new"
    cp -a "$root/$2/." "$dir.new/"
    if [[ -d "$dir" ]] && diff -rq "$dir" "$dir.new" >/dev/null 2>&1; then
        rm -rf "$dir.new"
        echo "unchanged"
    else
        rm -rf "$dir"
        mv "$dir.new" "$dir"
        echo "changed"
    fi
}

build_module() { # module source-dir
    local module=$1 sources=$2 state
    state=$(snapshot "$module" "$sources")
    if [[ "$state" == unchanged && -f "$build/lib/lib$module.a" && -z "${rebuilt:-}" ]]; then
        echo "== $module: up to date"
        return
    fi
    rebuilt=1
    echo "== building $module"
    mkdir -p "$build/lib" "$build/modules"
    local files=()
    while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$build/src/$module" -name '*.swift' -print0 | sort -z)
    "$swiftc" "${common[@]}" -module-name "$module" -wmo -enable-testing \
        -I "$build/modules" \
        -emit-module -emit-module-path "$build/modules/$module.swiftmodule" \
        -emit-library -static -o "$build/lib/lib$module.a" "${files[@]}"
}

# The seeded generator the tests use too (one copy of it).
seeded_generator="$root/Tests/StreamRouterTests/Support/SeededGenerator.swift"

build_target() { # target
    local target=$1 dir
    dir="$root/Fuzz/$(target_dir "$target")"
    echo "== building fuzz target $target"
    "$swiftc" "${common[@]}" -module-name "Fuzz_$target" \
        -I "$build/modules" -L "$build/lib" -lStreamRouter -lAsyncObservables "${link[@]}" \
        -o "$build/$target" "$dir/main.swift" "$root/Fuzz/Shared/FuzzSupport.swift" "$seeded_generator" 2>&1 |
        grep -v "Cannot export local symbol" || true
    [[ -x "$build/$target" ]] || { echo "error: $target did not link" >&2; exit 1; }
}

target_dir() {
    case $1 in
    patterns) echo Patterns ;;
    paths) echo Paths ;;
    urls) echo URLs ;;
    tables) echo Tables ;;
    restore) echo Restore ;;
    association) echo Association ;;
    esac
}

# Runs sharing a build directory take turns to build (the source snapshots and libraries
# are shared, and two builds at once tore them); their fuzzers then run side by side.
exec 9>"$build/.build-lock"
if command -v flock >/dev/null 2>&1; then
    flock 9
fi
rebuilt=
build_module AsyncObservables Sources/AsyncObservables
build_module StreamRouter Sources/StreamRouter
for target in "${targets[@]}"; do
    if [[ -n "$rebuilt" || ! -x "$build/$target" || "$root/Fuzz/$(target_dir "$target")/main.swift" -nt "$build/$target" \
        || "$root/Fuzz/Shared/FuzzSupport.swift" -nt "$build/$target" || "$seeded_generator" -nt "$build/$target" ]]; then
        rm -f "$build/$target"
        build_target "$target"
    fi
done

exec 9>&-  # the build is done: release the lock
if [[ "$seconds" == 0 ]]; then
    echo "== built: ${targets[*]} in $build"
    exit 0
fi

min_runs=${FUZZ_MIN_RUNS:-100}
if [[ ! "$min_runs" =~ ^[0-9]+$ ]]; then
    echo "FUZZ_MIN_RUNS must be a number, not '$min_runs'" >&2
    exit 2
fi
failed=()
mkdir -p "$build/logs"
for target in "${targets[@]}"; do
    corpus="$build/corpus/$target"
    artifacts="$build/artifacts/$target/"
    mkdir -p "$corpus" "$artifacts"
    dict=()
    [[ -f "$root/Fuzz/Dictionaries/$target.dict" ]] && dict=(-dict="$root/Fuzz/Dictionaries/$target.dict")
    log="$build/logs/$target.log"
    echo "== fuzzing $target for ${seconds}s (log: $log)"
    # New inputs go to the first corpus directory (the working copy); the seeds are only read.
    # shellcheck disable=SC2086
    # The Swift runtime backtracer would fight ASan over the crash; libFuzzer prints its own.
    if SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-}" "$build/$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$artifacts" "${dict[@]}" ${FUZZ_ARGS:-} \
        "$corpus" "$root/Fuzz/Corpus/$target" >"$log" 2>&1; then
        grep -E "^#[0-9]+[[:space:]]+DONE|^stat::number_of_executed_units|^stat::peak_rss_mb|^Done [0-9]+ runs" "$log" || true
        # A clean exit after too few inputs is a stop, not a run: libFuzzer's own count.
        runs=$(sed -nE 's/^stat::number_of_executed_units:[[:space:]]*([0-9]+).*/\1/p; s/^Done ([0-9]+) runs.*/\1/p' "$log" | tail -1)
        ran=$(sed -nE 's/^Done [0-9]+ runs in ([0-9]+) second.*/\1/p' "$log" | tail -1)
        if [[ -z "$runs" || "$runs" -lt "$min_runs" || -z "$ran" || "$ran" -lt "$seconds" ]]; then
            echo "!! $target stopped early: ${runs:-no count of} runs in ${ran:-an unknown number of}s of ${seconds}s, expected at least $min_runs; see $log"
            failed+=("$target")
        fi
    else
        echo "!! $target failed; see $log and $artifacts"
        grep -E "fuzz invariant violated|ERROR: AddressSanitizer|ERROR: LeakSanitizer|ERROR: libFuzzer|Fatal error|Test unit written" "$log" | head -5 || true
        failed+=("$target")
    fi
done

if ((${#failed[@]})); then
    echo "== crashed or stopped early: ${failed[*]}"
    exit 1
fi
echo "== no crashes, and every target ran at least $min_runs inputs: ${targets[*]}"
