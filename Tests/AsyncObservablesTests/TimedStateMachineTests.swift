import Testing

@testable import AsyncObservables

/// The timed operators' state machines as plain values: instants are `Int`s, the consumer
/// and the timer task are `Int` tokens, and no clock or task is involved. Each test walks
/// one operator through the calls its storage makes and checks the effects returned.
@Suite struct TimedStateMachineTests {
    struct Failure: Error, Equatable {}

    typealias Debounce = DebounceStateMachine<String, Failure, Int, Int, Int>
    typealias Throttle = ThrottleStateMachine<String, Failure, Int, Int, Int>
    typealias Timeout = TimeoutStateMachine<String, Int, Int, Int>

    /// The timer token and the consumer tokens used below.
    static let timer = 0

    // MARK: debounce

    @Test func debounceWakesTheIdleTimerAndMovesTheDeadlineOfASleepingOne() {
        var machine = Debounce()
        #expect(Effects(machine.timerIsIdle(Self.timer)) == Effects())  // nothing to time: idle
        #expect(Effects(machine.elementProduced("a", deadline: 10)) == Effects(timer: .sleep(Self.timer, 10)))
        #expect(Effects(machine.elementProduced("b", deadline: 15)) == Effects())  // asleep: no new sleep
        #expect(Effects(machine.next(1)) == Effects())  // the consumer waits
        #expect(Effects(machine.timerFired(at: 10, nextDeadline: 20)) == Effects())  // the deadline moved
        #expect(Effects(machine.timerIsIdle(Self.timer)) == Effects(timer: .sleep(Self.timer, 15)))
        #expect(Effects(machine.timerFired(at: 15, nextDeadline: 25)) == Effects(resume: 1, with: .element("b")))
        #expect(Effects(machine.timerIsIdle(Self.timer)) == Effects())
        #expect(machine.pending == nil)
    }

    @Test func debounceDeliversThePendingElementWhenTheBaseFinishesThenTheError() {
        var machine = Debounce()
        _ = machine.elementProduced("a", deadline: 10)  // the timer is asleep (it has not asked yet)
        #expect(Effects(machine.next(1)) == Effects())
        #expect(
            Effects(machine.baseFinished(throwing: Failure()))
                == Effects(resume: 1, with: .element("a"), timer: .cancel))
        #expect(Effects(machine.next(2)) == Effects(resume: 2, with: .failure))
        #expect(Effects(machine.next(3)) == Effects(resume: 3, with: .end))  // thrown once
        #expect(Effects(machine.timerIsIdle(Self.timer)) == Effects(timer: .stop(Self.timer)))
    }

    @Test func debounceQueuesThePendingElementForALaterConsumerWhenTheBaseFinishes() {
        var machine = Debounce()
        _ = machine.timerIsIdle(Self.timer)
        _ = machine.elementProduced("a", deadline: 10)
        _ = machine.timerIsIdle(Self.timer)
        #expect(Effects(machine.baseFinished(throwing: nil)) == Effects(timer: .cancel))
        #expect(Effects(machine.elementProduced("late", deadline: 20)) == Effects())  // ignored
        #expect(Effects(machine.next(1)) == Effects(resume: 1, with: .element("a")))
        #expect(Effects(machine.next(2)) == Effects(resume: 2, with: .end))
    }

    @Test func debounceConsumerLeavingEndsEverything() {
        var machine = Debounce()
        _ = machine.timerIsIdle(Self.timer)
        #expect(Effects(machine.next(1)) == Effects())
        #expect(
            Effects(machine.consumerLeft())
                == Effects(resume: 1, with: .end, timer: .stop(Self.timer), cancelsBase: true))
        #expect(Effects(machine.elementProduced("a", deadline: 10)) == Effects())
        #expect(Effects(machine.baseFinished(throwing: Failure())) == Effects())
        #expect(Effects(machine.next(2)) == Effects(resume: 2, with: .end))
        #expect(Effects(machine.consumerLeft()) == Effects(cancelsBase: true))  // again: nothing more
    }

    // MARK: throttle

    @Test(arguments: [(true, "c"), (false, "b")])
    func throttleDeliversAtOnceThenOncePerInterval(latest: Bool, kept: String) {
        var machine = Throttle(latest: latest)
        _ = machine.timerIsIdle(Self.timer)
        #expect(
            Effects(machine.elementProduced("a", deadline: 10))
                == Effects(timer: .sleep(Self.timer, 10)))  // queued: no consumer waits yet
        #expect(machine.isIntervalRunning)
        #expect(Effects(machine.next(1)) == Effects(resume: 1, with: .element("a")))
        #expect(Effects(machine.elementProduced("b", deadline: 12)) == Effects())
        #expect(Effects(machine.elementProduced("c", deadline: 14)) == Effects())
        #expect(Effects(machine.next(2)) == Effects())
        #expect(Effects(machine.timerFired(at: 10, nextDeadline: 20)) == Effects(resume: 2, with: .element(kept)))
        #expect(Effects(machine.timerIsIdle(Self.timer)) == Effects(timer: .sleep(Self.timer, 20)))
        #expect(Effects(machine.timerFired(at: 20, nextDeadline: 30)) == Effects())  // an empty interval
        #expect(!machine.isIntervalRunning)
        #expect(Effects(machine.timerIsIdle(Self.timer)) == Effects())  // idle
        #expect(Effects(machine.next(3)) == Effects())
        #expect(
            Effects(machine.elementProduced("d", deadline: 35))
                == Effects(resume: 3, with: .element("d"), timer: .sleep(Self.timer, 35)))
    }

    @Test func throttleDeliversTheWaitingElementAtOnceWhenTheBaseFinishes() {
        var machine = Throttle(latest: true)
        _ = machine.elementProduced("a", deadline: 10)
        _ = machine.elementProduced("b", deadline: 11)
        #expect(Effects(machine.baseFinished(throwing: Failure())) == Effects(timer: .cancel))
        #expect(Effects(machine.next(1)) == Effects(resume: 1, with: .element("a")))
        #expect(Effects(machine.next(2)) == Effects(resume: 2, with: .element("b")))
        #expect(Effects(machine.next(3)) == Effects(resume: 3, with: .failure))
    }

    // MARK: timeout

    @Test func timeoutTimesFromTheStartThenFromEachElement() {
        var machine = Timeout(deadline: 10)
        #expect(Effects(machine.timerIsIdle(Self.timer)) == Effects(timer: .sleep(Self.timer, 10)))
        #expect(Effects(machine.next(1)) == Effects())
        #expect(Effects(machine.elementProduced("a", deadline: 15)) == Effects(resume: 1, with: .element("a")))
        #expect(Effects(machine.timerFired(at: 10, nextDeadline: 20)) == Effects())  // moved to 15
        #expect(Effects(machine.timerIsIdle(Self.timer)) == Effects(timer: .sleep(Self.timer, 15)))
        _ = machine.elementProduced("b", deadline: 18)
        #expect(Effects(machine.timerFired(at: 15, nextDeadline: 25)) == Effects())
        #expect(Effects(machine.timerIsIdle(Self.timer)) == Effects(timer: .sleep(Self.timer, 18)))
        #expect(
            Effects(machine.timerFired(at: 18, nextDeadline: 28)) == Effects(timer: .cancel, cancelsBase: true))
        #expect(Effects(machine.elementProduced("late", deadline: 30)) == Effects())  // after the end
        #expect(Effects(machine.next(2)) == Effects(resume: 2, with: .element("b")))  // queued first
        #expect(Effects(machine.next(3)) == Effects(resume: 3, with: .timeout))
        #expect(Effects(machine.next(4)) == Effects(resume: 4, with: .end))
        #expect(Effects(machine.timerIsIdle(Self.timer)) == Effects(timer: .stop(Self.timer)))
    }

    @Test func timeoutEndsWithTheBase() {
        var machine = Timeout(deadline: 10)
        _ = machine.timerIsIdle(Self.timer)
        #expect(Effects(machine.next(1)) == Effects())
        #expect(Effects(machine.baseFinished(throwing: nil)) == Effects(resume: 1, with: .end, timer: .cancel))
        #expect(Effects(machine.timerFired(at: 10, nextDeadline: 20)) == Effects())
    }

    // MARK: the consumer's side

    @Test func aSecondConsumerWhileOneWaitsGetsTheEnd() {
        var output = TimedOutput<String, Failure, Int>()
        #expect(output.next(1) == nil)
        #expect(Effects(resumption: output.next(2)) == Effects(resume: 2, with: .end))
        #expect(Effects(resumption: output.deliver("a")) == Effects(resume: 1, with: .element("a")))
    }
}

/// A timed action in a comparable form.
private struct Effects: Equatable {
    enum Delivery: Equatable {
        case element(String)
        case end
        case failure
        case timeout
    }

    enum TimerEffect: Equatable {
        case sleep(Int, Int)
        case stop(Int)
        case cancel
    }

    var resume: Int?
    var with: Delivery?
    var timer: TimerEffect?
    var cancelsBase = false

    init(resume: Int? = nil, with: Delivery? = nil, timer: TimerEffect? = nil, cancelsBase: Bool = false) {
        self.resume = resume
        self.with = with
        self.timer = timer
        self.cancelsBase = cancelsBase
    }

    init<Failure: Error>(_ action: TimedAction<String, Failure, Int, Int, Int>) {
        self.init(resumption: action.consumer)
        switch action.timer {
        case .sleep(let timer, let deadline): self.timer = .sleep(timer, deadline)
        case .stop(let timer): self.timer = .stop(timer)
        case .cancel: self.timer = .cancel
        case nil: self.timer = nil
        }
        cancelsBase = action.cancelsBase
    }

    init<Failure: Error>(resumption: (consumer: Int, result: Result<String?, Failure>)?) {
        guard let resumption else { return }
        resume = resumption.consumer
        switch resumption.result {
        case .success(let element?): with = .element(element)
        case .success(nil): with = .end
        case .failure(let error): with = error is TimeoutError ? .timeout : .failure
        }
    }
}
