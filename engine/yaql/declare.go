// This file defines the checks a function declaration must pass before it
// is registered, and the direct call of one declared overload.

package yaql

import (
	"fmt"

	"murano.dev/playground/engine/value"
)

// Error classes of malformed declarations. The first three are the
// reference's; ClassBadDeclaration is this project's own, for the
// mistakes a Python signature cannot make.
const (
	ClassDuplicateParam = "DuplicateParameterDecoratorException"
	ClassNoParameter    = "NoParameterFoundException"
	ClassInvalidMethod  = "InvalidMethodException"
	ClassBadDeclaration = "InvalidDeclaration"
)

// Validate checks that the declaration can be registered, as the
// reference checks its function definitions when they are built and
// registered:
//   - every parameter has a name (NoParameterFoundException: a parameter
//     no argument can be bound to by name) and a type, and no two share a
//     name (DuplicateParameterDecoratorException);
//   - positional parameters come first, then at most one VarArgs, the
//     keyword-only ones, and at most one VarKwargs, last — the order of a
//     Python signature (InvalidDeclaration);
//   - an overload callable as a method has a first positional (or
//     VarArgs) parameter to take the receiver, and it is not lazy: the
//     receiver is always an evaluated value (InvalidMethodException);
//   - the overload has a name and an implementation (InvalidDeclaration).
func (f *Func) Validate() error {
	fail := func(class, format string, args ...any) error {
		return &Error{Class: class, Msg: fmt.Sprintf(format, args...), Pos: -1, End: -1}
	}
	name := f.Name
	if name == "" {
		name = f.ID
	}
	if f.Name == "" {
		return fail(ClassBadDeclaration, "Function '%s' has no name", name)
	}
	if f.Impl == nil {
		return fail(ClassBadDeclaration, "Function '%s' has no implementation", name)
	}
	seen := map[string]bool{}
	last := -1
	for i, p := range f.Params {
		switch {
		case p.Name == "":
			return fail(ClassNoParameter, "Function '%s' has a parameter without a name (parameter %d)", name, i+1)
		case seen[p.Name]:
			return fail(ClassDuplicateParam, "Function '%s' declares parameter '%s' more than once", name, p.Name)
		case p.Type == nil:
			return fail(ClassBadDeclaration, "Function '%s' declares parameter '%s' without a type", name, p.Name)
		}
		r := kindRank[p.Kind]
		if r < last || r == last && (p.Kind == VarArgs || p.Kind == VarKwargs) {
			return fail(ClassBadDeclaration, "Function '%s' declares parameter '%s' out of order (positional, *args, keyword-only, **kwargs)", name, p.Name)
		}
		seen[p.Name] = true
		last = r
	}
	if f.Method {
		var receiver *Param
		for i := range f.Params {
			if k := f.Params[i].Kind; k == Positional || k == VarArgs {
				receiver = &f.Params[i]
				break
			}
		}
		if receiver == nil || receiver.Type.Lazy() {
			return fail(ClassInvalidMethod, "Function '%s' cannot be called as a method", name)
		}
	}
	return nil
}

// kindRank orders parameter kinds as a Python signature does.
var kindRank = map[ParamKind]int{Positional: 0, VarArgs: 1, KeywordOnly: 2, VarKwargs: 3}

// Invoke calls this very overload with values, without overload
// resolution, as calling a function definition from Python does: the
// arguments (the receiver first, unless it is NoValue) must fit its
// parameters, or the call fails with ArgumentException. The overload runs
// in a fresh child of ctx.
func (f *Func) Invoke(rt *Runtime, ctx *Context, receiver value.Value, args []value.Value, kwargs []KeywordArg) (value.Value, error) {
	if err := rt.Step(); err != nil {
		return nil, err
	}
	as := make([]Arg, 0, len(args)+1)
	if receiver != NoValue {
		as = append(as, Arg{Val: receiver})
	}
	for _, a := range args {
		as = append(as, Arg{Val: a})
	}
	kws := make([]kwArg, len(kwargs))
	for i, kw := range kwargs {
		kws[i] = kwArg{kw.Name, Arg{Val: kw.Value}}
	}
	var b binding
	if !bind(f, as, kws, rt, &b) {
		return nil, &Error{Class: ClassArgument, Msg: "Invalid argument", Detail: "the arguments do not fit " + f.Signature(), Pos: -1, End: -1}
	}
	return b.run(rt, ctx, receiver)
}
