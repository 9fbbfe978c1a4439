// The consumer's own `Playground` executable (a target, no product): `swift run Playground` in
// this package must run this file, not StreamRouter's tour. `.ci/run` looks for the marker line.
import StreamRouter

let navigator = Navigator(initialPath: "/")
navigator.navigate("news")
print("consumer playground:", navigator.path)
