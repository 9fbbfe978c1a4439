// The StreamRouter playground: a scripted tour when stdin is piped or redirected,
// an interactive prompt when it is a terminal; `--pictures DIR` writes the pictures' DOT text.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `--pictures DIR` (for scripts/render-pictures.sh): writes the pictures' DOT text to DIR.
let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--pictures") {
    guard flag + 1 < arguments.count else {
        print("usage: StreamRouterPlayground --pictures DIR")
        exit(2)
    }
    let written = await PictureTour.write(to: URL(fileURLWithPath: arguments[flag + 1]))
    exit(written ? 0 : 1)
} else if isatty(STDIN_FILENO) == 1 {
    await InteractiveSession().run()
} else {
    await ScriptedTour().run()
}
