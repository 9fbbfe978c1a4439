import Testing

@testable import StreamRouter

@Suite(.suiteLimit) struct PathResolverTests {
    @Test(arguments: [
        ("///unnecessary///slashes", "/unnecessary/slashes"),
        ("///a//b/", "/a/b"),
        ("home//", "/home"),
        ("/", "/"),
        ("", "/"),
        ("////", "/"),
        ("/a/./b/../c", "/a/c"),
        ("/../../..", "/"),
        ("/a/b/../../../c", "/c"),
        ("/..a/b..", "/..a/b.."),
        ("/.../x", "/.../x"),
        ("/caf\u{E9}/\u{1F600}", "/caf\u{E9}/\u{1F600}"),
        ("/news/", "/news"),
    ])
    func normalize(input: String, expected: String) {
        #expect(PathResolver.normalize(input) == expected)
        #expect(PathResolver.isNormalized(expected))
    }

    @Test(arguments: [
        ("news", "/", "/news"),
        ("latest", "/news", "/news/latest"),
        ("..", "/settings/user", "/settings"),
        ("../article/42", "/news/latest", "/news/article/42"),
        ("../../../../", "/a/b", "/"),
        ("", "/a/b", "/a/b"),
        (".", "/a/b", "/a/b"),
        ("./", "/a/b", "/a/b"),
        ("./c/", "/a/b", "/a/b/c"),
        ("/x//y", "/a/b", "/x/y"),
        ("b", "a", "/a/b"),
        ("c/", "a//b/", "/a/b/c"),
        ("b", "", "/b"),
    ])
    func resolve(path: String, base: String, expected: String) {
        #expect(PathResolver.resolve(path, against: base) == expected)
    }

    @Test(arguments: ["//", "/a/", "/a//b", "/.", "/a/..", "a", "", "/./a"])
    func recognisesUnnormalisedPaths(path: String) {
        #expect(!PathResolver.isNormalized(path))
    }

    @Test func longAndOddPathsNormalise() {
        let long = String(repeating: "a/", count: 5_000)
        #expect(PathResolver.normalize(long) == "/" + String(repeating: "a/", count: 4_999) + "a")
        let dots = String(repeating: "../", count: 10_000)
        #expect(PathResolver.resolve(dots, against: "/a/b/c") == "/")
        #expect(PathResolver.normalize(String(repeating: "/", count: 10_000)) == "/")
        #expect(PathResolver.normalize("/\u{0}/x") == "/\u{0}/x")
    }

    @Test func aRelativeBaseResolvesAsAbsolute() throws {
        #expect(RouteInformation(path: "news").resolve("42") == "/news/42")
        #expect(try PathPattern(":id", relativeTo: RouteInformation(path: "news")).description == "/news/:id")
        let deep = String(repeating: "a/", count: 300) + "a"
        #expect(RouteInformation(path: deep).resolve("b") == "/" + deep + "/b")
    }
}
