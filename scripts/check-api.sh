#!/usr/bin/env bash
# Compares the public API of the library products (AsyncObservables, StreamRouter,
# StreamRouterTesting) with the baseline committed in api/, using the toolchain's
# swift-api-digester (offline, no second checkout).
#
#   scripts/check-api.sh            # fails on removed or changed API, reports additions
#   scripts/check-api.sh --update   # rewrites api/<Module>.json from the current sources
#
# What counts:
# - Breaking (the check fails): a public declaration removed, renamed or moved; a changed
#   type, signature, generic requirement or attribute that matters to clients; a removed
#   protocol conformance; a new protocol requirement; anything else the digester diagnoses
#   when comparing the baseline with the current API.
# - Additions (reported, the check passes): declarations and conformances that are new. Run
#   with --update to record them in the baseline, in the same commit as the change.
# `package` and SPI declarations are not public API and are left out of the baselines (see
# scripts/filter-api-dump.swift).
#
# An intended breaking change is recorded the same way: --update, and commit the new
# baseline with the change, so that the diff of api/ shows it in review.
#
# The baselines depend on the toolchain's view of the API (implicit conformances such as
# `Copyable` are listed): regenerate them with --update when moving to a new Swift version.
#
# Environment: API_SCRATCH_PATH overrides the scratch path (.build/docs, shared with
# scripts/build-docs.sh: the same debug build).
set -euo pipefail
cd "$(dirname "$0")/.."

update=false
case "${1:-}" in
    "") ;;
    --update) update=true ;;
    -h | --help)
        sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    *)
        echo "usage: $0 [--update]" >&2
        exit 2
        ;;
esac

scratch=${API_SCRATCH_PATH:-.build/docs}
modules=(AsyncObservables StreamRouter StreamRouterTesting)
baseline_dir=api

# shellcheck source=scripts/library-build.sh
source scripts/library-build.sh
digester=$(tool swift-api-digester)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints the findings of `swift-api-digester -diagnose-sdk` from `$1` (old) to `$2` (new),
# one per line, each prefixed with its section ("Removed Decls: ...").
diagnose() {
    "$digester" -diagnose-sdk -input-paths "$1" -input-paths "$2" 2>&1 | awk '
        /^\/\* .* \*\/$/ { section = substr($0, 4, length($0) - 6); next }
        /^[[:space:]]*$/ { next }
        { print section ": " $0 }
    '
}

failed=false
for module in "${modules[@]}"; do
    "$digester" -dump-sdk -module "$module" -I "$module_dir" \
        ${platform_flags[@]+"${platform_flags[@]}"} \
        -swift-only -avoid-location -avoid-tool-args -abort-on-module-fail \
        -o "$work/$module.raw.json"
    swift scripts/filter-api-dump.swift "$work/$module.raw.json" "$work/$module.json"
    baseline="$baseline_dir/$module.json"

    if $update; then
        mkdir -p "$baseline_dir"
        cp "$work/$module.json" "$baseline"
        echo "== $module: wrote $baseline"
        continue
    fi

    echo "== $module: compared with $baseline"
    if [[ ! -f "$baseline" ]]; then
        echo "error: no baseline $baseline; create it with: $0 --update" >&2
        failed=true
        continue
    fi
    breaking=$(diagnose "$baseline" "$work/$module.json")
    # The reverse comparison names what the baseline lacks: the additions.
    added=$(diagnose "$work/$module.json" "$baseline" | sed -n \
        -e 's/^Removed Decls: \(.*\) has been removed$/\1/p' \
        -e 's/^Protocol Conformance Change: \(.*\) has removed conformance to /\1 conforms to /p')
    if [[ -n "$breaking" ]]; then
        failed=true
        echo "Removed or changed (breaking):"
        sed 's/^/  /' <<<"$breaking"
    fi
    if [[ -n "$added" ]]; then
        echo "Added (record them with --update):"
        sed 's/^/  /' <<<"$added"
    fi
    if [[ -z "$breaking" && -z "$added" ]]; then
        if cmp -s "$baseline" "$work/$module.json"; then
            echo "no change"
        else
            echo "no change to the API (the baseline differs only in details the digester ignores)"
        fi
    fi
done

if $update; then
    echo "Baselines updated; review and commit api/ with the change."
elif $failed; then
    echo "error: the public API has breaking changes (above). If they are intended, run" >&2
    echo "  scripts/check-api.sh --update" >&2
    echo "and commit api/ with the change." >&2
    exit 1
else
    echo "The public API is compatible with the baseline in api/."
fi
