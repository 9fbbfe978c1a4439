// Must NOT compile: .ci/run type-checks this file against the consumer package's modules and
// fails unless the compiler rejects each bare `CurrentValueSubject` below. It shows that
// CombineLookalike reproduces the clash a SwiftUI file has with Combine, so CombineNameTests'
// spellings (the article "If you also import Combine or SwiftUI") are tested against a real
// clash. Not part of any target.
import CombineLookalike
import StreamRouter

struct Screens {
    let ours: CurrentValueSubject<String>  // too few type parameters for Combine's
    let combines: CurrentValueSubject<String, Never>  // too many for ours
}

extension CurrentValueSubject {}  // ambiguous for type lookup
