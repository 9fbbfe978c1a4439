#!/usr/bin/env bash
# Compiles every ```swift block of the DocC articles (Sources/*/*.docc/*.md), so that a snippet
# that stops compiling fails the documentation build (scripts/build-docs.sh runs this first).
#
#   scripts/check-doc-snippets.sh
#
# scripts/extract-doc-snippets.swift writes the blocks into a package under
# .build/doc-snippets that depends on this one by path: one module per article, every block
# of the article in one file, compiled in one `swift build`. Errors point at the article's
# lines. Warnings are allowed: snippets show values as bare expressions (`navigator.path`).
#
# The convention, in short (details in scripts/extract-doc-snippets.swift):
# - an article reads as if it began with `import StreamRouter`; any other module a snippet
#   needs (Foundation for `Data` or `FileManager`, StreamRouterTesting, Testing) must be
#   imported by one of the article's blocks;
# - a block is the body of an `async throws` function unless the line right above its fence
#   is `<!-- snippet: continues -->` (it goes on in the previous block's function),
#   `<!-- snippet: top-level -->` (file-scope declarations: extensions, `@Test` functions,
#   types the article's other blocks use) or `<!-- snippet: member -->` (members of a type);
# - a `{ ... }` placeholder body compiles as `{}`;
# - `<!-- snippet: skip (reason) -->` leaves a block out; the reason is required;
# - names the prose presupposes (`navigator`, `router`, `url`, `AppRoute`, `TitleModel`) come
#   from scripts/doc-snippets/DocSnippetContext.swift.
#
# Environment: SNIPPETS_DIR overrides the package's directory (.build/doc-snippets).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dir=${SNIPPETS_DIR:-.build/doc-snippets}

echo "== doc snippets: extract"
shopt -s nullglob
articles=(Sources/*/*.docc/*.md)
swift scripts/extract-doc-snippets.swift "$dir" "$root" "${articles[@]}"

echo "== doc snippets: swift build ($dir)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! (cd "$dir" && swift build) >"$log" 2>&1; then
    grep -E "error:" -A4 "$log" || cat "$log"
    echo "error: a DocC article's snippet does not compile (above)" >&2
    exit 1
fi
echo "every snippet compiles"
