import CombineLookalike
import StreamRouter
import StreamRouterTesting
import Testing

// The spellings the DocC article "If you also import Combine or SwiftUI" recommends for a file
// that sees both Combine's names and StreamRouter's (every SwiftUI file: SwiftUI re-exports
// Combine). There, a bare `CurrentValueSubject` is ambiguous (.ci/run checks that it is with
// this stand-in too).

/// The app-wide choice: one typealias in the app's module makes the bare name this package's
/// in every file of the module, declarations of the module itself winning over imported ones;
/// Combine's is then `Combine.CurrentValueSubject`.
typealias CurrentValueSubject = AsyncObservables.CurrentValueSubject

/// The spellings in type positions, where a bare name breaks first.
private final class TitleState: Sendable {
    let title: AsyncObservables.CurrentValueSubject<String?> = .init(nil)
    let reexported: StreamRouter.CurrentValueSubject<Int> = .init(0)
    let aliased: CurrentValueSubject<Int> = .init(0)
}

/// A view model of the SwiftUI kind, using names of both modules that do not clash, bare.
private final class SearchModel: ObservableObject {
    @Published var query = ""
    let submissions = MulticastSubject<String>()
    let results = PassthroughSubject<[String], Never>()
    let selection: CombineLookalike.CurrentValueSubject<Int, Never> = .init(0)
    var cancellables = Set<AnyCancellable>()
}

@Suite struct CombineNameTests {
    @Test func moduleQualifiedNamesPickEachModule() async throws {
        let ours = AsyncObservables.CurrentValueSubject("/")
        let combines = CombineLookalike.CurrentValueSubject<String, Never>("/")
        let state = TitleState()
        #expect(type(of: state.reexported) == AsyncObservables.CurrentValueSubject<Int>.self)
        #expect(type(of: state.aliased) == AsyncObservables.CurrentValueSubject<Int>.self)
        #expect(state.title.value == nil)

        let paths = StreamRecorder(ours.values)
        var received: [String] = []
        let cancellable = combines.sink { received.append($0) }
        ours.send("/news")
        combines.send("/news")
        #expect(try await paths.next(2) == ["/", "/news"])
        #expect(received == ["/", "/news"])
        cancellable.cancel()
    }

    @Test func theAppsTypealiasMakesTheBareNameOurs() async throws {
        let count = CurrentValueSubject(0)
        #expect(type(of: count) == AsyncObservables.CurrentValueSubject<Int>.self)
        let values = StreamRecorder(count.values)
        count.update { $0 += 1 }
        #expect(try await values.next(2) == [0, 1])
        #expect(count.value == 1)
    }

    @Test func namesThatDoNotClashNeedNoQualification() async throws {
        let model = SearchModel()
        let submissions = StreamRecorder(model.submissions.values)
        var results: [[String]] = []
        model.results.sink { results.append($0) }.store(in: &model.cancellables)

        model.query = "swift"
        model.submissions.send(model.query)
        model.results.send(["swift-async-algorithms"])
        #expect(try await submissions.next(1) == ["swift"])
        #expect(results == [["swift-async-algorithms"]])
        #expect(model.cancellables.count == 1)

        var selections: [Int] = []
        let selection = model.selection.sink { selections.append($0) }
        model.selection.value = 2
        #expect(selections == [0, 2])
        selection.cancel()
        model.selection.value = 3
        #expect(selections == [0, 2])
    }
}
