import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of this target's suites, set here once: a hang fails its suite, with
    /// the suite's name, instead of stalling the whole run. Suites that need longer (the
    /// stress and memory suites) name their own.
    static var suiteLimit: Self { .timeLimit(.minutes(2)) }
}
