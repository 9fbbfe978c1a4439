#!/usr/bin/env bash
# Compiles and runs every ```swift block of the DocC articles (Sources/*/*.docc/*.md) and of
# README.md, so that a snippet that stops compiling, throws, or hangs fails the documentation
# build (scripts/build-docs.sh runs this first). Tests/StreamRouterTests/Readme*.swift mirror
# the README's blocks as well, with assertions on what they print.
#
#   scripts/check-doc-snippets.sh [article-or-line...]
#
# With arguments, the runner calls only the block functions whose `article:line` contains one
# of them (`Persistence.md`, `GettingStarted.md:41`); every `@Test` function runs still.
#
# scripts/extract-doc-snippets.swift writes the blocks into a package under
# .build/doc-snippets that depends on this one by path: one module per article, every block
# of the article in one file, compiled in one `swift build --build-tests`. Errors point at the
# article's lines. Warnings are allowed: snippets show values as bare expressions
# (`navigator.path`). Then:
# - DocSnippetRunner calls every block function of every article in order, each in a task of
#   its own, and fails on one that throws or does not finish within 10 s, naming the article
#   and line. It runs in a fresh directory that is also its HOME and TMPDIR, so what one run
#   saves (a FileStateStore in the temporary directory, UserDefaults) is not restored by the
#   next;
# - `swift test` runs the `@Test` functions the articles declare; a failed `#expect` fails.
#
# The convention, in short (details in scripts/extract-doc-snippets.swift):
# - an article reads as if it began with `import StreamRouter`; any other module a snippet
#   needs (Foundation for `Data` or `FileManager`, StreamRouterTesting, Testing) must be
#   imported by one of the article's blocks;
# - a block is the body of an `async throws` function, which the runner calls, unless the
#   line right above its fence is `<!-- snippet: continues -->` (it goes on in the previous
#   block's function), `<!-- snippet: top-level -->` (file-scope declarations: extensions,
#   `@Test` functions, types the article's other blocks use) or `<!-- snippet: member -->`
#   (members of a type);
# - `<!-- snippet: compile-only (reason) -->` compiles a block's function but does not run it
#   (an endless `for await` over a live stream, a placeholder body that would wait forever, a
#   real server or UI); `<!-- snippet: top-level, compile-only (reason) -->` compiles
#   declarations whose `@Test` functions cannot run here (they read the app's own files);
#   the reason is required;
# - a `{ ... }` placeholder body compiles as `{}`;
# - `<!-- snippet: skip (reason) -->` leaves a block out; the reason is required;
# - names the prose presupposes (`navigator`, `router`, `url`, `AppRoute`, `TitleModel`) come
#   from scripts/doc-snippets/DocSnippetContext; `navigator` and `router` are new for each
#   block function.
#
# The last line counts the blocks that ran, the declarations they use, the compile-only and
# the skipped ones.
#
# Environment: SNIPPETS_DIR overrides the package's directory (.build/doc-snippets).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dir=${SNIPPETS_DIR:-.build/doc-snippets}
start=$SECONDS

echo "== doc snippets: extract"
shopt -s nullglob
articles=(Sources/*/*.docc/*.md README.md)
counts=$(swift scripts/extract-doc-snippets.swift "$dir" "$root" "${articles[@]}")
echo "$counts"

echo "== doc snippets: swift build --build-tests ($dir)"
log=$(mktemp)
sandbox=$(mktemp -d)
trap 'rm -rf "$log" "$sandbox"' EXIT
if ! (cd "$dir" && swift build --build-tests) >"$log" 2>&1; then
    grep -E "error:" -A4 "$log" || cat "$log"
    echo "error: a DocC article's snippet does not compile (above)" >&2
    exit 1
fi

echo "== doc snippets: run (DocSnippetRunner)"
bin=$(cd "$dir" && swift build --show-bin-path)
if ! (cd "$sandbox" && HOME="$sandbox" TMPDIR="$sandbox" XDG_CONFIG_HOME="$sandbox/.config" \
    "$bin/DocSnippetRunner" "$@") >"$log" 2>&1; then
    cat "$log"
    echo "error: a DocC article's snippet does not run as written (above)" >&2
    exit 1
fi
tail -n 1 "$log"

echo "== doc snippets: swift test (the articles' @Test functions)"
if ! (cd "$dir" && swift test --skip-build) >"$log" 2>&1; then
    cat "$log"
    echo "error: a DocC article's @Test function fails (above)" >&2
    exit 1
fi
grep -E "Test run with" "$log"

echo "every snippet compiles and runs, unless marked ($((SECONDS - start)) s): $counts"
