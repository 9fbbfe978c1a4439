// The StreamRouter playground: a scripted tour when stdin is piped or redirected,
// an interactive prompt when it is a terminal.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

if isatty(STDIN_FILENO) == 1 {
    await InteractiveSession().run()
} else {
    await ScriptedTour().run()
}
