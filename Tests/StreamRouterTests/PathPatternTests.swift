import StreamRouter
import Testing

@Suite(.suiteLimit) struct PathPatternTests {
    @Test(arguments: [
        ("/", "/"),
        ("/", ""),
        ("/news", "/news"),
        ("/news", "/news/"),
        ("/news", "//news"),
        ("/news/:id", "/news/42"),
        ("/news/:id?", "/news"),
        ("/news/:id?", "/news/42"),
        ("/news/*", "/news"),
        ("/news/*", "/news/a/b/c"),
        ("/*", "/"),
        ("/*", "/anything/at/all"),
        ("/user/:id/*", "/user/5/settings"),
        ("/:a?/:b?/c", "/c"),
        ("/:a?/:b?/c", "/x/y/c"),
        ("news", "/news"),
        ("/a/:b/c/:d?/*", "/a/1/c"),
        ("/caf\u{E9}/:x", "/caf\u{E9}/\u{1F600}"),
    ])
    func matches(pattern: String, path: String) throws {
        #expect(try PathPattern(pattern).match(path) != nil)
    }

    @Test(arguments: [
        ("/user/:id", "/username"),
        ("/user/:id", "/user"),
        ("/user/:id", "/user/1/2"),
        ("/movie/*", "/movies"),
        ("/news", "/News"),
        ("/news", "/"),
        ("/", "/news"),
        ("/news/:id?", "/news/1/2"),
        ("/:a?/:b?/c", "/x/y/z/c"),
        ("/a/b", "/a"),
        ("/a/:b?/c", "/a/b/d"),
    ])
    func doesNotMatch(pattern: String, path: String) throws {
        #expect(try PathPattern(pattern).match(path) == nil)
    }

    @Test func designExample() throws {
        let pattern = try PathPattern("/user/:id/*")
        #expect(pattern.match("/user/5/settings")?.parameters["id"] == "5")
        #expect(pattern.match("/user/5/settings")?.path == "/user/5")
    }

    @Test(arguments: [
        ("/news/:id", "/news/42", "/news/42", ["id": "42"]),
        ("/news/:id?", "/news", "/news", [:]),
        ("/news/:id?", "/news/7", "/news/7", ["id": "7"]),
        ("/*", "/a/b", "/", [:]),
        ("/news/*", "/news", "/news", [:]),
        ("/news/*", "/news/a/b", "/news", [:]),
        ("/:a?/:b?/c", "/x/c", "/x/c", ["a": "x"]),
        ("/:a?/b", "/b", "/b", [:]),
        ("/:a?/b", "/x/b", "/x/b", ["a": "x"]),
        ("/user/:id/:tab?/*", "/user/1/posts/9/edit", "/user/1/posts", ["id": "1", "tab": "posts"]),
        ("/files/:name", "//files//report.pdf/", "/files/report.pdf", ["name": "report.pdf"]),
    ])
    func information(pattern: String, path: String, matchedPath: String, parameters: [String: String]) throws {
        let information = try #require(try PathPattern(pattern).match(path))
        #expect(information == RouteInformation(path: matchedPath, parameters: parameters))
    }

    @Test(arguments: [
        ("/:", 0, PathPatternError.Reason.missingParameterName),
        ("/user/:?", 1, .missingParameterName),
        ("/user/:1d", 1, .invalidParameterName(name: "1d", character: "1")),
        ("/user/:-d", 1, .invalidParameterName(name: "-d", character: "-")),
        ("/user/:\u{E9}t\u{E9}", 1, .invalidParameterName(name: "\u{E9}t\u{E9}", character: "\u{E9}")),
        ("/user/:id/:id", 2, .duplicateParameterName("id")),
        ("/user/:id?/:id", 2, .duplicateParameterName("id")),
        ("/*/user", 0, .wildcardNotLast),
        ("/a*", 0, .wildcardInsideSegment),
        ("/a/../b", 1, .dotSegment),
        ("/./b", 0, .dotSegment),
        ("/:id??", 0, .optionalPartialParameter),
        ("/:_id", 0, .invalidParameterName(name: "_id", character: "_")),
        ("/:1_id", 0, .invalidParameterName(name: "1_id", character: "1")),
    ])
    func badPatternsThrowATypedError(glob: String, segmentIndex: Int, reason: PathPatternError.Reason) {
        let error = #expect(throws: PathPatternError.self) { try PathPattern(glob) }
        #expect(error?.pattern == glob)
        #expect(error?.segmentIndex == segmentIndex)
        #expect(error?.segment == segment(of: glob, segmentIndex))
        #expect(error?.reason == reason)
    }

    @Test func errorDescriptionsNameTheProblem() {
        do {
            _ = try PathPattern("/user/:-d")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("-d"))
            #expect(error.description.contains("'-'"))
            #expect(error.description.contains("segment 1"))
        }
    }

    @Test func goodParameterNames() throws {
        for glob in ["/:a", "/:abc123", "/:ID", "/:x1?", "/:camelCase/:other?", "/:snake_case_", "/:a_1?"] {
            #expect(throws: Never.self) { try PathPattern(glob) }
        }
    }

    /// The GitHub API's parameter names (`:client_id`, `:access_token`, `:target_user`) are
    /// accepted, matched, generated and compared for conflicts like any other name.
    @Test func underscoredNamesWorkEverywhere() throws {
        let pattern = try PathPattern("/applications/:client_id/tokens/:access_token")
        let information = try #require(pattern.match("/applications/abc/tokens/xyz"))
        #expect(information.parameters == ["client_id": "abc", "access_token": "xyz"])
        let path = try pattern.path(with: ["client_id": "abc", "access_token": "xyz"])
        #expect(path == "/applications/abc/tokens/xyz")
        #expect(throws: PathGenerationError.self) { try pattern.path(with: ["client_id": "abc"]) }

        let table = try RouteTable<Int>([
            (PathPattern("/users/:user/following/:target_user"), 0),
            (PathPattern("/users/:login/following/:other_user"), 1),
        ])
        #expect(table.conflicts == [RouteConflict(entry: 1, shadowedBy: [0], kind: .duplicate)])
        #expect(table.match("/users/a/following/b")?.information.parameters == ["user": "a", "target_user": "b"])
    }

    @Test func tooManySegmentsIsAnErrorNotACrash() {
        let limit = PathPattern.maximumSegmentCount
        // Reported before any segment is read (`:` alone would be another error), naming the
        // first segment past the limit.
        let glob = String(repeating: "/a", count: limit) + "/b/:"
        let error = #expect(throws: PathPatternError.self) { try PathPattern(glob) }
        #expect(error?.segmentIndex == limit)
        #expect(error?.segment == "b")
        #expect(error?.reason == .tooManySegments(limit: limit))
        #expect(throws: Never.self) { try PathPattern(String(repeating: "/a", count: PathPattern.maximumSegmentCount)) }
    }

    @Test func manyOptionalParametersStayFast() throws {
        let glob = (0..<60).map { "/:p\($0)?" }.joined() + "/end"
        let pattern = try PathPattern(glob)
        let path = String(repeating: "/x", count: 70)
        #expect(pattern.match(path) == nil)  // would be 2^60 steps without memoisation
        #expect(pattern.match(String(repeating: "/x", count: 30) + "/end")?.parameters.count == 30)
    }

    @Test func canonicalDescription() throws {
        #expect(try PathPattern("user//:id/").description == "/user/:id")
        #expect(try PathPattern("").description == "/")
    }
}

private func segment(of glob: String, _ index: Int) -> String {
    let parts = glob.split(separator: "/")
    return index < parts.count ? String(parts[index]) : ""
}
