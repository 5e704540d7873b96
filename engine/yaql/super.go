// This file defines what host code hands to YAQL as callables and how an
// overriding overload calls the one it overrides.

package yaql

import (
	"fmt"

	"murano.dev/playground/engine/value"
)

// HostFunc is a Go function callable from YAQL: it receives the
// positional and keyword arguments of the call as values.
type HostFunc func(args []value.Value, kwargs []KeywordArg) (value.Value, error)

// NewCallable wraps a Go function as a YAQL value, the counterpart of a
// Python callable passed to the reference as data or as a lambda
// argument: value(args) calls it (with delegates allowed), and functions
// taking a lambda (where, select, …) call it per element.
func NewCallable(fn HostFunc) *Lambda { return &Lambda{host: fn} }

// Super calls the function of the running overload's name as the
// contexts outside the one that holds the overload define it, with the
// same receiver (NoValue for a function call) — the reference's Super
// hidden parameter. A layer that overrides a library function calls the
// one it overrides this way. The called function runs with the caller's
// variables in scope; only the overloads are looked up further out.
func (c *Call) Super(args []value.Value, kwargs []KeywordArg) (value.Value, error) {
	var holder *Context
	for p := c.Ctx; p != nil; p = p.Parent() {
		if p.HasDefinition(c.Func) {
			holder = p
			break
		}
	}
	if holder == nil || holder.Parent() == nil {
		return nil, &Error{Class: ClassNoFunction, Msg: fmt.Sprintf("Unknown function \"%s\"", c.Func.Name), Pos: -1, End: -1}
	}
	data := c.Ctx.Child()
	data.lookup = holder.Parent()
	return c.RT.CallFunction(data, c.Func.Name, c.Receiver, args, kwargs)
}
