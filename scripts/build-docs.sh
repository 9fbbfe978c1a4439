#!/usr/bin/env bash
# Builds the documentation archives of StreamRouter, AsyncObservables and StreamRouterTesting
# with the toolchain's own tools (no plugin, no network), and fails on any DocC warning, on a
# public symbol without a `///` comment, and on a top-level symbol the landing page of its
# catalog does not curate.
#
#   scripts/build-docs.sh
#
# Steps:
# 0. scripts/check-doc-snippets.sh: every ```swift block of the articles and the README
#    compiles, and runs (their `@Test` functions too) unless marked compile-only; the
#    convention for blocks that cannot run, or that need a scope, is described there.
# 1. `swift build` of the library targets (debug) in its own scratch path, .build/docs.
# 2. Symbol graphs for each module with `swift-symbolgraph-extract`, from the modules just
#    built. Not with `-Xswiftc -emit-symbol-graph`: StreamRouter's `@_exported import struct
#    Foundation.URL` makes the compiler put all of Foundation (some 13,000 symbols) into
#    StreamRouter's graph, while the extractor re-exports only the modules it is told to:
#    AsyncObservables, which `import StreamRouter` brings along.
# 3. `scripts/check-doc-coverage.swift` on each module's graphs.
# 4. `docc convert --warnings-as-errors` for each module, with its catalog when it has one
#    (Sources/<Module>/<Module>.docc).
#
# The archives are written to .build/docs/<Module>.doccarchive; open one with
# `docc preview` or serve it as a static site.
#
# Environment: DOCS_SCRATCH_PATH overrides the scratch path (.build/docs).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${DOCS_SCRATCH_PATH:-.build/docs}
graphs="$scratch/symbol-graphs"
modules=(AsyncObservables StreamRouter StreamRouterTesting)
bundle_prefix=org.streamrouter

scripts/check-doc-snippets.sh

# shellcheck source=scripts/library-build.sh
source scripts/library-build.sh
docc=$(tool docc)
extract=$(tool swift-symbolgraph-extract)

echo "== symbol graphs (swift-symbolgraph-extract)"
rm -rf "$graphs"
for module in "${modules[@]}"; do
    reexported=()
    if [[ "$module" == StreamRouter ]]; then
        reexported=(-experimental-allowed-reexported-modules=AsyncObservables)
    fi
    mkdir -p "$graphs/$module"
    "$extract" -module-name "$module" -I "$module_dir" ${platform_flags[@]+"${platform_flags[@]}"} \
        -minimum-access-level public -emit-extension-block-symbols \
        ${reexported[@]+"${reexported[@]}"} -output-dir "$graphs/$module"
done

echo "== documentation coverage"
for module in "${modules[@]}"; do
    catalog="Sources/$module/$module.docc"
    landing=()
    if [[ -f "$catalog/$module.md" ]]; then landing=("$catalog/$module.md"); fi
    swift scripts/check-doc-coverage.swift "$graphs/$module" "$module" ${landing[@]+"${landing[@]}"}
done

log=$(mktemp)
trap 'rm -f "$log"' EXIT
for module in "${modules[@]}"; do
    catalog="Sources/$module/$module.docc"
    inputs=()
    if [[ -d "$catalog" ]]; then inputs=("$catalog"); fi
    archive="$scratch/$module.doccarchive"
    echo "== docc convert $module"
    rm -rf "$archive"
    # --warnings-as-errors makes docc fail on any warning; the grep is a second line of defence
    # should a future docc print a warning without failing.
    if ! "$docc" convert ${inputs[@]+"${inputs[@]}"} \
        --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "$bundle_prefix.$module" \
        --output-path "$archive" \
        --warnings-as-errors >"$log" 2>&1; then
        cat "$log"
        echo "error: docc convert $module failed" >&2
        exit 1
    fi
    grep -v '^[[:space:]]*$' "$log" || true
    if grep -qE "(^|[^a-z])(warning|error):" "$log"; then
        echo "error: docc reported problems for $module" >&2
        exit 1
    fi
done

echo "== documentation archives"
for module in "${modules[@]}"; do
    echo "  $scratch/$module.doccarchive"
done
