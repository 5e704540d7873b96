// This file defines syntax errors.

package syntax

// The exception classes the reference raises for syntax errors.
const (
	LexicalError = "YaqlLexicalException"
	GrammarError = "YaqlGrammarException"
)

// Error is a syntax error in an expression. Msg is the reference's message;
// Hint says what the parser expected instead, for people.
type Error struct {
	Class    string // LexicalError or GrammarError
	Pos, End int    // the offending characters, as rune offsets
	Msg      string
	Hint     string
}

func (e *Error) Error() string {
	if e.Hint == "" {
		return e.Msg
	}
	return e.Msg + " (" + e.Hint + ")"
}
