// Package diag defines the errors the engine reports about programs: a
// kind, a source span, a data or class path, a message, and for errors at
// run time the MuranoPL call stack.
//
// Static errors (syntax, load, contract declarations) are collected into
// a [List] and reported together; the list is capped so that a hostile
// file cannot produce millions of them. [Format] and [Print] render errors
// for terminals, with the offending source line and a caret line; [JSON]
// renders them for the web editor's markers.
package diag

import (
	"cmp"
	"fmt"
	"slices"

	"murano.dev/playground/engine/source"
)

// Kind classifies an error by the stage that found it.
type Kind uint8

// The kinds of errors.
const (
	Syntax    Kind = iota // malformed YAML or YAQL
	Load                  // a declaration the reference rejects when loading a class
	Contract              // a value that breaks a contract
	Type                  // a type that does not exist or does not fit
	Runtime               // an error while running MuranoPL
	Exception             // a MuranoPL exception that nobody caught
)

var kindNames = [...]string{"syntax", "load", "contract", "type", "runtime", "exception"}

// String returns the lower-case name of the kind ("syntax", "load", ...).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind%d", k)
}

// Error is one diagnostic.
type Error struct {
	Kind  Kind
	Pos   source.Span // the primary location
	Path  string      // where in the data or class, e.g. "Properties.name.Usage"
	Msg   string
	Stack []Frame // the MuranoPL call stack, outermost call first
	Err   error   // the cause, if any
}

// Frame is one MuranoPL call on a stack: the method and the position of
// the statement being executed.
type Frame struct {
	Func string // e.g. "io.murano.apps.Foo::deploy"
	Pos  source.Pos
}

// Error returns "file:line:col: msg", or just the message when the
// position is unknown.
func (e *Error) Error() string {
	if e.Pos.Start == (source.Pos{}) {
		return e.Msg
	}
	return e.Pos.Start.String() + ": " + e.Msg
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// MaxErrors is the number of errors a [List] keeps; one more entry says
// that there were too many.
const MaxErrors = 100

// List is a list of errors in the order they were found.
type List []*Error

// Add appends e. Beyond [MaxErrors] errors it appends a single "too many
// errors" entry and ignores the rest.
func (l *List) Add(e *Error) {
	switch {
	case len(*l) < MaxErrors:
		*l = append(*l, e)
	case len(*l) == MaxErrors:
		*l = append(*l, &Error{Kind: e.Kind, Pos: e.Pos, Msg: "too many errors"})
	}
}

// Sort orders the errors by file, line and column, keeping the order of
// errors at the same position.
func (l List) Sort() {
	slices.SortStableFunc(l, func(a, b *Error) int {
		p, q := a.Pos.Start, b.Pos.Start
		return cmp.Or(cmp.Compare(p.File, q.File), cmp.Compare(p.Line, q.Line), cmp.Compare(p.Col, q.Col))
	})
}

// Err returns the list as an error, or nil when it is empty.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Error returns the first error and how many more there are.
func (l List) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	case 2:
		return l[0].Error() + " (and 1 more error)"
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}
