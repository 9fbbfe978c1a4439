/// What a ``PathPattern`` matched in a path.
///
/// ```swift
/// let info = try PathPattern("/user/:id/*").match("/user/5/settings")
/// info?.path                 // "/user/5": the matched part, base for relative paths
/// info?.parameters["id"]     // "5"
/// ```
public struct RouteInformation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The matched part of the path: the whole path, or what precedes a trailing `*`
    /// (`/` for `/*`). Relative paths below this route resolve against it.
    public let path: String
    /// The values of the pattern's parameters, by name. An absent optional parameter is
    /// absent here, not `""`.
    public let parameters: [String: String]

    /// Creates route information.
    public init(path: String, parameters: [String: String] = [:]) {
        self.path = path
        self.parameters = parameters
    }

    /// The matched path, then the parameters sorted by name: `/user/5 [id=5]`.
    public var description: String {
        let parameters = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return parameters.isEmpty ? path : "\(path) [\(parameters.joined(separator: ", "))]"
    }
}
