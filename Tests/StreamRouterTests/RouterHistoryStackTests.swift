import StreamRouter
import Testing

/// The stack operations added to ``NavigationHistory`` for the typed router, checked
/// against a trivial reference model on many random sequences.
@Suite(.timeLimit(.minutes(2))) struct RouterHistoryStackTests {
    @Test func pushContentsOfPushesInOrder() {
        var history = NavigationHistory(root: 0)
        history.push(contentsOf: [1, 2, 3])
        #expect(history.entries == [0, 1, 2, 3])
        history.goBack(total: 2)
        history.push(contentsOf: [Int]())  // nothing pushed: forward entries kept
        #expect(history.forwardCount == 2)
        history.push(contentsOf: [9])
        #expect(history.entries == [0, 1, 9])
        #expect(history.forwardCount == 0)
    }

    @Test(arguments: [
        (-5, [0], 3), (0, [0], 3), (1, [0, 1], 2), (2, [0, 1, 2], 1), (3, [0, 1, 2, 3], 0), (10, [0, 1, 2, 3], 0),
    ])
    func popToClampsAndDiscards(index: Int, expected: [Int], removed: Int) {
        var history = NavigationHistory(root: 0)
        history.push(contentsOf: [1, 2, 3])
        #expect(history.pop(to: index) == removed)
        #expect(history.entries == expected)
        #expect(history.forwardCount == 0)
    }

    @Test func popToNothingKeepsForwardEntries() {
        var history = NavigationHistory(root: 0)
        history.push(contentsOf: [1, 2])
        history.goBack(total: 1)
        #expect(history.pop(to: 5) == 0)
        #expect(history.forwardEntries == [2])
    }

    @Test func randomSequencesMatchAReferenceStack() {
        var generator = SeededGenerator(seed: 0x5EED_57AC)
        for _ in 0..<500 {
            var history = NavigationHistory(root: -1)
            var model: [Int] = []  // the entries above the root
            for step in 0..<40 {
                switch generator.next(below: 3) {
                case 0:
                    let entries = (0..<Int(generator.next(below: 4))).map { step * 10 + $0 }
                    history.push(contentsOf: entries)
                    model += entries
                case 1:
                    let index = Int(generator.next(below: 8)) - 2
                    let removed = history.pop(to: index)
                    let kept = min(max(index, 0), model.count)
                    #expect(removed == model.count - kept)
                    model.removeLast(model.count - kept)
                default:
                    let entry = step
                    history.push(entry)
                    model.append(entry)
                }
                #expect(history.entries == [-1] + model)
                #expect(history.forwardCount == 0)
            }
        }
    }
}
