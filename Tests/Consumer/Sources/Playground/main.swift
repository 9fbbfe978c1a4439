// The consumer's own `Playground` executable: its name must not clash with StreamRouter's.
import StreamRouter

let navigator = Navigator(initialPath: "/")
navigator.navigate("news")
print("consumer playground:", navigator.path)
