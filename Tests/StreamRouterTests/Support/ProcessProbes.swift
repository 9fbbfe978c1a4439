import Foundation

/// The process's resident memory from /proc/self/status, on Linux.
func residentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1_024
}

/// Whether this process runs under Thread Sanitizer.
func isThreadSanitized() -> Bool {
    dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil
}
