# Shared by scripts/build-docs.sh and scripts/check-api.sh (sourced, not run): finds the
# toolchain's tools and builds the library targets (debug) in the scratch path `$scratch`,
# setting `platform_flags` and `module_dir` for the tools that read the built modules.

# The toolchain's tools: beside `swift` on Linux, through xcrun on macOS.
tool() {
    if command -v "$1" >/dev/null 2>&1; then
        command -v "$1"
    elif command -v xcrun >/dev/null 2>&1; then
        xcrun --find "$1"
    else
        echo "error: $1 not found next to swift; is the toolchain on PATH?" >&2
        return 1
    fi
}

platform_flags=()
if [[ "$(uname -s)" == Darwin ]]; then
    # The package's deployment target (Package.swift: macOS 15).
    platform_flags=(-target "$(uname -m)-apple-macosx15.0" -sdk "$(xcrun --show-sdk-path)")
fi

echo "== swift build --scratch-path $scratch (library targets, debug)"
swift build --scratch-path "$scratch" --target StreamRouterTesting  # builds the other two first
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
module_dir="$bin/Modules"
[[ -d "$module_dir" ]] || module_dir="$bin"
