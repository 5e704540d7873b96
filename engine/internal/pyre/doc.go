// Package pyre reproduces Python 3.11's re module (for str patterns) on
// Go's RE2 engine, for YAQL's regex functions and the dashboard's regex
// validators, which the reference runs with Python's re.
//
// [Compile] parses a pattern with Python's tokenizer and grammar — escapes,
// classes and their set operations, Unicode categories for \d, \s and
// \w, inline and scoped flags, named groups, verbose patterns, repetition
// bounds — and reports Python's re.error messages and positions. It then
// writes the pattern in RE2 syntax. A [Regex] matches with Python's
// semantics: [Regex.Search] finds the leftmost match, a [Scanner] walks
// the matches as finditer, sub and split do (after an empty match the
// next one must not be empty at the same position), [Regex.Replacement]
// parses re.sub's templates (\1, \g<name>, octal escapes) and [Escape]
// is re.escape. Positions ([Subject.Pos]) count code points, as Python's.
//
// # Limits
//
// What RE2 cannot express fails with a NotImplementedError that names
// the feature and its position, instead of matching differently:
// backreferences, lookahead and lookbehind, conditional and atomic
// groups, possessive quantifiers, repetition counts above 1000, \N{…}
// escapes; \b and \B next to non-ASCII letters and digits (RE2's word
// boundaries are ASCII); a non-multiline $ on a subject of several lines
// that ends in a newline; a pattern that prefers an empty match where a
// non-empty one starts at the same position in a scan; and the values of
// groups inside a repetition that can match the empty string (Python
// records a last, empty iteration). Errors are [value.Exception]s named
// after Python's classes.
package pyre
