// Fuzz target `paths`: path normalisation and resolution (`PathResolver`), and the
// navigator that applies them (`Navigator.navigate(checked:)`, back and forward).
//
// Input: `<path>` or `<path> NUL <base>` (the base defaults to `/`).
//
// Invariants:
// - `normalize` and `resolve` give exactly what a reference stack-of-segments resolver
//   gives: absolute, no empty, `.` or `..` segment, no trailing slash, `..` never above `/`;
// - both are idempotent, and `isNormalized(p)` holds exactly when `normalize(p) == p`;
// - a navigator at the base either rejects the path (typed error, nothing changes; control
//   characters and over-long input are always rejected) or moves to the resolved path and
//   publishes an action whose direction follows DESIGN.md; back then forward restores it.
import StreamRouter

func referenceDirection(from previous: String, to current: String) -> NavigationAction.Direction {
    let p = Array(previous.utf8)
    let c = Array(current.utf8)
    if p == c { return .sideways }
    if isSegmentPrefix(previous, of: current) { return .deeper }
    let ps = byteSegments(previous)
    let cs = byteSegments(current)
    if ps.count == cs.count, !ps.isEmpty, ps.dropLast() == cs.dropLast() { return .sideways }
    return .higher
}

func hasControlCharacter(_ string: String) -> Bool {
    string.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (head, tail) = splitAtNUL(bytes(data, size))
    let path = text(head)
    let rawBase = tail.map { text($0) } ?? "/"

    // Normalisation.
    let normalized = PathResolver.normalize(path)
    let expected = referenceNormalize(path)
    require(normalized == expected, "normalize(\(show(path))) = \(show(normalized)), reference \(show(expected))")
    require(PathResolver.isNormalized(normalized), "normalize(\(show(path))) = \(show(normalized)) is not normalised")
    require(PathResolver.normalize(normalized) == normalized, "normalize is not idempotent on \(show(normalized))")
    require(
        PathResolver.isNormalized(path) == referenceIsNormalized(path),
        "isNormalized(\(show(path))) = \(PathResolver.isNormalized(path)), reference \(referenceIsNormalized(path))"
    )

    // Resolution against a normalised base.
    let base = PathResolver.normalize(rawBase)
    let resolved = PathResolver.resolve(path, against: base)
    let expectedResolved = referenceResolve(path, against: base)
    require(
        resolved == expectedResolved,
        "resolve(\(show(path)), against: \(show(base))) = \(show(resolved)), reference \(show(expectedResolved))"
    )
    require(
        PathResolver.isNormalized(resolved),
        "resolve(\(show(path)), against: \(show(base))) = \(show(resolved)) is not normalised")
    require(PathResolver.resolve(resolved, against: base) == resolved, "resolving \(show(resolved)) again changes it")
    // A base as given (relative, unnormalised: a `RouteInformation` made by hand) reads as
    // absolute: the same as against its normalised form.
    let againstRaw = PathResolver.resolve(path, against: rawBase)
    require(
        againstRaw == resolved,
        "resolve(\(show(path)), against: \(show(rawBase))) = \(show(againstRaw)), against its normal form \(show(resolved))"
    )

    // The navigator.
    let policy = InputPolicy.standard
    let navigator = Navigator(initialPath: rawBase)
    let start = navigator.path
    let baseAccepted =
        (try? policy.check(path: rawBase)).map { _ in (try? policy.check(resolvedPath: base)) != nil } ?? false
    require(start == (baseAccepted ? base : "/"), "Navigator(initialPath: \(show(rawBase))).path = \(show(start))")
    require(navigator.lastAction == nil && navigator.historyStackSize == 0, "a new navigator has history")
    let target = PathResolver.resolve(path, against: start)
    do {
        let action = try navigator.navigate(checked: path)
        require(!hasControlCharacter(path), "\(show(path)) holds a control character, yet was accepted")
        require(path.utf8.count <= policy.maximumPathLength, "over-long path accepted")
        require(
            navigator.path == target,
            "navigate(\(show(path))) from \(show(start)) went to \(show(navigator.path)), expected \(show(target))")
        if target == start {
            require(
                action == nil && navigator.historyStackSize == 0,
                "navigating to the current path published \(String(describing: action))")
        } else {
            guard let action else {
                require(false, "navigate(\(show(path))) from \(show(start)) changed the path but published nothing")
                return 0
            }
            require(
                action.previousPath == start && action.currentPath == target && action.action == .push,
                "odd action \(action)")
            let direction = referenceDirection(from: start, to: target)
            require(action.direction == direction, "\(action): direction \(action.direction), reference \(direction)")
            require(navigator.historyStackSize == 1 && navigator.forwardStackSize == 0, "history after one push")
            let back = navigator.goBack(total: 3)
            require(back?.currentPath == start && navigator.path == start, "goBack went to \(navigator.path)")
            let forward = navigator.goForward(total: 3)
            require(forward?.currentPath == target && navigator.path == target, "goForward went to \(navigator.path)")
        }
    } catch {
        require(
            navigator.path == start && navigator.lastAction == nil,
            "a rejected navigation (\(error)) changed the navigator")
        switch error {
        case .controlCharacter(_, let scalar, _):
            require(
                hasControlCharacter(path) && (scalar < 0x20 || (0x7F...0x9F).contains(scalar)),
                "wrong control character \(error)")
        case .tooLong(_, let length, let limit):
            require(length > limit, "\(error)")
        case .tooManySegments(let count, let limit):
            require(count > limit && byteSegments(target).count == count, "\(error) for \(show(target))")
        }
    }
    return 0
}
