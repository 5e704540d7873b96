// This file defines evaluation errors.

package yaql

import (
	"errors"
	"fmt"

	"murano.dev/playground/engine/value"
)

// Error is an evaluation error. Class names the exception the reference
// raises in the same situation (NoMatchingFunctionException, KeyError, …)
// and Msg is its message; Detail explains, for people, why no overload
// matched. Pos and End locate the call that failed, as rune offsets in the
// expression (-1 when unknown).
type Error struct {
	Class    string
	Msg      string
	Detail   string
	Pos, End int
	Cause    error
}

func (e *Error) Error() string {
	s := e.Class
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

func (e *Error) Unwrap() error { return e.Cause }

// Error classes raised by the evaluator itself.
const (
	ClassNoFunction       = "NoFunctionRegisteredException"
	ClassNoMethod         = "NoMethodRegisteredException"
	ClassNoMatchingFunc   = "NoMatchingFunctionException"
	ClassNoMatchingMethod = "NoMatchingMethodException"
	ClassAmbiguousFunc    = "AmbiguousFunctionException"
	ClassAmbiguousMethod  = "AmbiguousMethodException"
	ClassMapping          = "MappingTranslationException"
	ClassArgument         = "ArgumentException"
	ClassTooLarge         = "CollectionTooLargeException"
	ClassMemory           = "MemoryQuotaExceededException"
	// ClassBudget is this project's own: the evaluation used up its step,
	// size or time budget.
	ClassBudget = "BudgetExceeded"
	// ClassCancelled is this project's own: the caller cancelled.
	ClassCancelled = "Cancelled"
)

// Raise returns an error of the given class, as library functions report
// failures (for example Raise("ValueError", "invalid literal")). It is not
// inlined: its many call sites are all on error paths.
//
//go:noinline
func Raise(class, format string, args ...any) error {
	return &Error{Class: class, Msg: fmt.Sprintf(format, args...), Pos: -1, End: -1}
}

// asError converts any error into an *Error, keeping its class.
func asError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var ex *value.Exception
	if errors.As(err, &ex) {
		return &Error{Class: ex.Class, Msg: ex.Message, Pos: -1, End: -1, Cause: err}
	}
	return &Error{Class: "Exception", Msg: err.Error(), Pos: -1, End: -1, Cause: err}
}

// locate attaches the span of the failing call to err unless an inner call
// already did.
func locate(err error, start, end int) error {
	e := asError(err)
	if e.Pos < 0 {
		if e == err {
			c := *e
			e = &c
		}
		e.Pos, e.End = start, end
	}
	return e
}

// receiverText prints a receiver in error messages as Python's str() does.
func receiverText(v value.Value) string { return value.Str(v) }
