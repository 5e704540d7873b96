// This file defines function declarations and the call record a function
// implementation receives.

package yaql

import (
	"murano.dev/playground/engine/value"
)

// Func is one overload of a YAQL function.
type Func struct {
	// Name is the name in expressions: "where", "#operator_+", "#indexer".
	Name string
	// ID identifies the overload in messages and documentation, e.g.
	// "where_iterable_lambda".
	ID string
	// Method and Function say whether the overload can be called as
	// receiver.name(...) and as name(...).
	Method, Function bool
	// NoKwargs keeps "key => value" arguments positional (as mapping rules)
	// instead of turning them into keyword arguments.
	NoKwargs bool
	Params   []Param
	Impl     func(c *Call) (value.Value, error)
}

// ParamKind says how a parameter takes its argument.
type ParamKind uint8

// The kinds of parameters.
const (
	Positional  ParamKind = iota // by position or by keyword
	KeywordOnly                  // by keyword only
	VarArgs                      // all remaining positional arguments
	VarKwargs                    // all remaining keyword arguments
)

// Param is a parameter of a [Func]. Positional parameters come first, in
// order; then at most one VarArgs, keyword-only parameters and at most one
// VarKwargs.
type Param struct {
	Name    string // the keyword name (camelCase)
	Type    Type
	Kind    ParamKind
	Default value.Value // nil for a required parameter
}

// The constructors of parameters and overloads run once per registration,
// at start-up, from hundreds of call sites: they are not inlined, which
// keeps the engine's WebAssembly smaller.

// P declares a required positional parameter.
//
//go:noinline
func P(name string, t Type) Param { return Param{Name: name, Type: t} }

// Opt declares an optional positional parameter with a default value.
//
//go:noinline
func Opt(name string, t Type, def value.Value) Param {
	return Param{Name: name, Type: t, Default: def}
}

// Rest declares the parameter that collects extra positional arguments.
//
//go:noinline
func Rest(name string, t Type) Param { return Param{Name: name, Type: t, Kind: VarArgs} }

// Kwargs declares the parameter that collects extra keyword arguments.
//
//go:noinline
func Kwargs(name string, t Type) Param { return Param{Name: name, Type: t, Kind: VarKwargs} }

// KwOnly declares a keyword-only parameter; def is nil when it is required.
//
//go:noinline
func KwOnly(name string, t Type, def value.Value) Param {
	return Param{Name: name, Type: t, Kind: KeywordOnly, Default: def}
}

// Fn declares an overload callable as a function only.
//
//go:noinline
func Fn(name string, impl func(*Call) (value.Value, error), params ...Param) *Func {
	return &Func{Name: name, Function: true, Params: params, Impl: impl}
}

// Meth declares an overload callable as a method only: the receiver is the
// first parameter.
//
//go:noinline
func Meth(name string, impl func(*Call) (value.Value, error), params ...Param) *Func {
	return &Func{Name: name, Method: true, Params: params, Impl: impl}
}

// Ext declares an overload callable both ways (an extension method).
func Ext(name string, impl func(*Call) (value.Value, error), params ...Param) *Func {
	return &Func{Name: name, Function: true, Method: true, Params: params, Impl: impl}
}

// WithNoKwargs marks the overload as taking "key => value" arguments
// positionally.
func (f *Func) WithNoKwargs() *Func { f.NoKwargs = true; return f }

// Call is what a function implementation receives: its arguments,
// converted to the declared types, and the evaluation environment.
type Call struct {
	RT *Runtime
	// Ctx is a fresh child of the caller's context.
	Ctx *Context
	// Receiver is the receiver of a method call, NoValue otherwise.
	Receiver value.Value
	Func     *Func
	// Args holds one value per declared positional or keyword-only
	// parameter, in declaration order. Lazy parameters hold a *Lambda,
	// *Expression or *MappingRule.
	Args []value.Value
	// Rest holds the extra positional arguments of a VarArgs parameter.
	Rest []value.Value
	// Kwargs holds the extra keyword arguments of a VarKwargs parameter,
	// in the order written.
	Kwargs []KeywordArg
}

// KeywordArg is a keyword argument.
type KeywordArg struct {
	Name  string
	Value value.Value
}

// Arg returns the i-th declared argument.
func (c *Call) Arg(i int) value.Value { return c.Args[i] }

// Lambda returns the i-th declared argument as a lambda.
func (c *Call) Lambda(i int) *Lambda {
	l, _ := c.Args[i].(*Lambda)
	return l
}

// CallFunction calls another YAQL function by name with values, as the
// reference's delegates do: as a method when receiver is not NoValue.
func (c *Call) CallFunction(name string, receiver value.Value, args ...value.Value) (value.Value, error) {
	return c.RT.CallFunction(c.Ctx.Child(), name, receiver, args, nil)
}
