// This file defines parameter types: the checks that decide which overload
// of a function accepts an argument, and the conversions applied before
// the function runs.

package yaql

import (
	"strings"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql/syntax"
)

// NoValue marks a skipped argument, as in f(1,,3), and the default of
// parameters whose absence the function notices (sum's initial value).
var NoValue value.Value = noValue{}

type noValue struct{}

func (noValue) Type() string { return "MarkerClass" }
func (noValue) Repr() string { return "<NoValue>" }

// Arg is an argument as overload resolution sees it: an expression not yet
// evaluated, a literal (whose value is known without evaluation), or a
// value.
type Arg struct {
	Expr syntax.Expr // the expression; nil for a value passed from Go
	Val  value.Value // the value; nil while Expr is not evaluated
}

// ValueArg returns an argument holding v.
func ValueArg(v value.Value) Arg { return Arg{Val: v} }

// ExprArg returns an argument holding the expression e, unevaluated unless
// it is a literal.
func ExprArg(e syntax.Expr) Arg { return Arg{Expr: e, Val: constValue(e)} }

// pending reports whether the argument is an expression not yet evaluated
// (literals count as evaluated).
func (a Arg) pending() bool { return a.Val == nil }

// Type is the type of a parameter.
type Type interface {
	// Check reports whether the argument fits. Before evaluation only
	// literals are checked by value; other expressions pass.
	Check(a Arg, rt *Runtime) bool
	// Convert turns the checked argument into what the function receives.
	Convert(a Arg, env *ConvertEnv) (value.Value, error)
	// Lazy reports whether the argument stays unevaluated (lambdas).
	Lazy() bool
	// Specializes reports whether the type is strictly narrower than other,
	// which makes an overload more specific than another.
	Specializes(other Type) bool
	String() string
}

// ConvertEnv is what a conversion may need: the runtime, the receiver of
// the call and the context the function will run in.
type ConvertEnv struct {
	RT       *Runtime
	Receiver value.Value
	Ctx      *Context
}

// PyType checks values with a predicate, like the reference's PythonType:
// null passes when Nullable, expressions not yet evaluated always pass.
type PyType struct {
	Name     string   // shown in messages: "int", "iterable", …
	Classes  []string // the Python classes; a single class takes part in specialisation
	Nullable bool
	Pred     func(v value.Value, rt *Runtime) bool
	Conv     func(v value.Value, env *ConvertEnv) (value.Value, error)
}

func (t *PyType) String() string {
	if t.Nullable {
		return t.Name + "?"
	}
	return t.Name
}

func (t *PyType) Lazy() bool { return false }

func (t *PyType) Check(a Arg, rt *Runtime) bool {
	if a.pending() {
		return true
	}
	if value.IsNull(a.Val) {
		return t.Nullable
	}
	return t.Pred(a.Val, rt)
}

func (t *PyType) Convert(a Arg, env *ConvertEnv) (value.Value, error) {
	v := a.Val
	if err := env.RT.checkMemory(v); err != nil {
		return nil, err
	}
	if value.IsNull(v) || t.Conv == nil {
		return v, nil
	}
	return t.Conv(v, env)
}

func (t *PyType) Specializes(other Type) bool {
	o, ok := other.(*PyType)
	if !ok || len(t.Classes) != 1 || len(o.Classes) != 1 {
		return false
	}
	return isSubclass(t.Classes[0], o.Classes[0]) && !isSubclass(o.Classes[0], t.Classes[0])
}

// Nullable returns a copy of the type that also accepts null.
func (t *PyType) OrNull() *PyType {
	c := *t
	c.Nullable = true
	return &c
}

// pyBases maps each Python class the library declares parameters with to
// its bases, for the specialisation order of overloads.
var pyBases = map[string][]string{
	"bool":      {"int"},
	"int":       {"object"},
	"float":     {"object"},
	"str":       {"Sequence"},
	"tuple":     {"Sequence"},
	"list":      {"Sequence"},
	"range":     {"Sequence"},
	"Sequence":  {"Iterable"},
	"Iterator":  {"Iterable"},
	"Mapping":   {"Iterable"},
	"dict":      {"Mapping"},
	"Set":       {"Iterable"},
	"frozenset": {"Set"},
	"Iterable":  {"object"},
	"datetime":  {"object"},
	"timedelta": {"object"},
	"Context":   {"object"},
	"Pattern":   {"object"},
}

func isSubclass(a, b string) bool {
	if a == b || b == "object" {
		return true
	}
	for _, base := range pyBases[a] {
		if isSubclass(base, b) {
			return true
		}
	}
	return false
}

func isBool(v value.Value) bool { _, ok := v.(value.Bool); return ok }

// The parameter types of the standard library.
var (
	// Any accepts every value (Python object), null included.
	Any = &PyType{Name: "any", Classes: []string{"object"}, Nullable: true, Pred: func(value.Value, *Runtime) bool { return true }}
	// String accepts strings.
	String = &PyType{Name: "string", Classes: []string{"str"}, Pred: func(v value.Value, _ *Runtime) bool { _, ok := v.(value.String); return ok }}
	// Integer accepts integers but not booleans.
	Integer = &PyType{Name: "integer", Classes: []string{"int"}, Pred: func(v value.Value, _ *Runtime) bool { return value.IsInt(v) }}
	// Int accepts integers and booleans (Python's int, of which bool is a
	// subclass); null too.
	Int = &PyType{Name: "int", Classes: []string{"int"}, Nullable: true, Pred: func(v value.Value, _ *Runtime) bool { return value.IsInt(v) || isBool(v) }}
	// Number accepts integers and floats but not booleans.
	Number = &PyType{Name: "number", Classes: []string{"int", "float"}, Pred: func(v value.Value, _ *Runtime) bool { return value.IsNumber(v) }}
	// Boolean accepts booleans (Python bool).
	Boolean = &PyType{Name: "boolean", Classes: []string{"bool"}, Pred: func(v value.Value, _ *Runtime) bool { return isBool(v) }}
	// Iterable accepts sequences, sets and iterators, and dictionaries when
	// the engine option iterableDicts is on. The function receives the
	// collection checked against the iterator limit.
	Iterable = &PyType{Name: "iterable", Classes: []string{"Iterable"},
		Pred: func(v value.Value, rt *Runtime) bool { return isIterable(v, rt) },
		Conv: func(v value.Value, env *ConvertEnv) (value.Value, error) { return env.RT.LimitIterable(v) }}
	// Iterator accepts iterators only (a dictionary's values view is not one).
	Iterator = &PyType{Name: "iterator", Classes: []string{"Iterator"},
		Pred: func(v value.Value, rt *Runtime) bool { it, ok := v.(*value.Iterator); return ok && it.View == nil },
		Conv: func(v value.Value, env *ConvertEnv) (value.Value, error) { return env.RT.LimitIterable(v) }}
	// Sequence accepts tuples, lists and ranges.
	Sequence = &PyType{Name: "sequence", Classes: []string{"Sequence"}, Pred: func(v value.Value, _ *Runtime) bool { return value.IsSequence(v) }}
	// Mapping accepts dictionaries.
	Mapping = &PyType{Name: "dict", Classes: []string{"Mapping"}, Pred: func(v value.Value, _ *Runtime) bool { _, ok := v.(*value.Dict); return ok }}
	// SetType accepts sets.
	SetType = &PyType{Name: "set", Classes: []string{"Set"}, Pred: func(v value.Value, _ *Runtime) bool { _, ok := v.(*value.Set); return ok }}
	// DateTime accepts dates.
	DateTime = &PyType{Name: "datetime", Classes: []string{"datetime"}, Pred: func(v value.Value, _ *Runtime) bool { _, ok := v.(value.DateTime); return ok }}
	// TimeSpan accepts time spans.
	TimeSpan = &PyType{Name: "timespan", Classes: []string{"timedelta"}, Pred: func(v value.Value, _ *Runtime) bool { _, ok := v.(value.TimeSpan); return ok }}
	// ContextType accepts contexts made by let(), with() and def().
	ContextType = &PyType{Name: "context", Classes: []string{"Context"}, Pred: func(v value.Value, _ *Runtime) bool { _, ok := v.(*Context); return ok }}
)

func isIterable(v value.Value, rt *Runtime) bool {
	if _, ok := v.(*value.Dict); ok {
		return rt.Engine.Options.IterableDicts
	}
	return value.IsCollection(v)
}

// NewPyType returns a type accepting the values for which pred holds; a
// type built on one Python class takes part in specialisation.
func NewPyType(name, class string, nullable bool, pred func(value.Value) bool) *PyType {
	return &PyType{Name: name, Classes: []string{class}, Nullable: nullable, Pred: func(v value.Value, _ *Runtime) bool { return pred(v) }}
}

// LambdaType is a lazy parameter: the function receives a [*Lambda] that
// evaluates the argument expression each time it is called.
type LambdaType struct {
	// WithContext lambdas are called with the context to evaluate in.
	WithContext bool
	// Method lambdas are called with a receiver, and accept only
	// expressions that can take one (function calls).
	Method bool
}

// Lazy is the common lambda parameter type.
var Lazy Type = &LambdaType{}

func (t *LambdaType) String() string { return "lambda" }
func (t *LambdaType) Lazy() bool     { return true }
func (t *LambdaType) Specializes(Type) bool {
	return false
}

func (t *LambdaType) Check(a Arg, _ *Runtime) bool {
	if t.Method && a.Expr != nil && !usesReceiver(a.Expr) {
		return false
	}
	return true
}

func (t *LambdaType) Convert(a Arg, env *ConvertEnv) (value.Value, error) {
	if a.Expr == nil && value.IsNull(a.Val) {
		return value.Null, nil
	}
	return &Lambda{expr: a.Expr, val: a.Val, ctx: env.Ctx, rt: env.RT, method: t.Method, withContext: t.WithContext}, nil
}

func usesReceiver(e syntax.Expr) bool {
	c, ok := e.(*syntax.Call)
	return ok && (c.Kind == syntax.FuncCall || c.Kind == syntax.ValueCall)
}

// ExpressionType is a lazy parameter that receives the argument's
// expression itself (as an [*Expression] value).
type ExpressionType struct{}

func (ExpressionType) String() string        { return "expression" }
func (ExpressionType) Lazy() bool            { return true }
func (ExpressionType) Specializes(Type) bool { return false }
func (ExpressionType) Check(a Arg, _ *Runtime) bool {
	return a.Expr != nil
}
func (ExpressionType) Convert(a Arg, env *ConvertEnv) (value.Value, error) {
	return &Expression{Node: a.Expr, rt: env.RT}, nil
}

// MappingRuleType is a lazy parameter that accepts only "key => value"
// arguments and receives them as a [*MappingRule].
type MappingRuleType struct{}

func (MappingRuleType) String() string        { return "mapping rule" }
func (MappingRuleType) Lazy() bool            { return true }
func (MappingRuleType) Specializes(Type) bool { return false }
func (MappingRuleType) Check(a Arg, _ *Runtime) bool {
	_, ok := a.Expr.(*syntax.MappingRule)
	return ok
}
func (MappingRuleType) Convert(a Arg, env *ConvertEnv) (value.Value, error) {
	m := a.Expr.(*syntax.MappingRule)
	mk := func(e syntax.Expr) *Lambda {
		return &Lambda{expr: e, ctx: env.Ctx, rt: env.RT, receiver: env.Receiver, bound: true}
	}
	return &MappingRule{Key: mk(m.Key), Value: mk(m.Value)}, nil
}

// ConstantType accepts only literals written in the expression (bare
// words included) and receives their value; Pred narrows the literal's
// value, Keyword demands a bare word.
type ConstantType struct {
	Name     string
	Nullable bool
	Keyword  bool
	Pred     func(value.Value) bool
	// Raw passes the literal's syntax node ([*Expression]) instead of its value.
	Raw bool
}

// The literal-only types of the standard library.
var (
	// Keyword accepts a bare word and receives it as a string.
	Keyword Type = &ConstantType{Name: "keyword", Keyword: true}
	// StringConstant accepts a string literal or a bare word.
	StringConstant Type = &ConstantType{Name: "string literal", Pred: func(v value.Value) bool { _, ok := v.(value.String); return ok }}
	// BooleanConstant accepts true or false written literally.
	BooleanConstant Type = &ConstantType{Name: "boolean literal", Pred: func(v value.Value) bool { return isBool(v) }}
	// NumericConstant accepts a number written literally.
	NumericConstant Type = &ConstantType{Name: "number literal", Pred: value.IsNumber}
)

func (t *ConstantType) String() string        { return t.Name }
func (t *ConstantType) Lazy() bool            { return false }
func (t *ConstantType) Specializes(Type) bool { return false }

func (t *ConstantType) Check(a Arg, _ *Runtime) bool {
	switch e := a.Expr.(type) {
	case *syntax.Keyword:
		return t.Pred == nil || t.Pred(value.String(e.Name))
	case *syntax.Constant:
		return !t.Keyword && (t.Pred == nil || t.Pred(e.Value))
	}
	return !t.Keyword && a.Expr == nil && value.IsNull(a.Val) && t.Nullable
}

func (t *ConstantType) Convert(a Arg, env *ConvertEnv) (value.Value, error) {
	if t.Raw && a.Expr != nil {
		return &Expression{Node: a.Expr, rt: env.RT}, nil
	}
	return a.Val, nil
}

// AnyOf accepts a value that one of its types accepts and converts it
// with the first such type.
type AnyOf struct {
	Types    []Type
	Nullable bool
}

func (t *AnyOf) String() string {
	names := make([]string, len(t.Types))
	for i, x := range t.Types {
		names[i] = x.String()
	}
	return strings.Join(names, "|")
}
func (t *AnyOf) Lazy() bool            { return false }
func (t *AnyOf) Specializes(Type) bool { return false }
func (t *AnyOf) match(a Arg, rt *Runtime) Type {
	for _, x := range t.Types {
		if x.Check(a, rt) {
			return x
		}
	}
	return nil
}
func (t *AnyOf) Check(a Arg, rt *Runtime) bool {
	if !a.pending() && value.IsNull(a.Val) {
		return t.Nullable
	}
	return t.match(a, rt) != nil
}
func (t *AnyOf) Convert(a Arg, env *ConvertEnv) (value.Value, error) {
	if value.IsNull(a.Val) {
		if t.Nullable {
			return value.Null, nil
		}
	} else if x := t.match(a, env.RT); x != nil {
		return x.Convert(a, env)
	}
	return nil, &Error{Class: ClassArgument, Msg: "Invalid argument", Pos: -1, End: -1}
}

// Chain accepts a value that all of its types accept and converts it with
// each type in turn.
type Chain struct {
	Types    []Type
	Nullable bool
}

func (t *Chain) String() string {
	names := make([]string, len(t.Types))
	for i, x := range t.Types {
		names[i] = x.String()
	}
	return strings.Join(names, "&")
}
func (t *Chain) Lazy() bool            { return false }
func (t *Chain) Specializes(Type) bool { return false }
func (t *Chain) Check(a Arg, rt *Runtime) bool {
	if !a.pending() && value.IsNull(a.Val) {
		return t.Nullable
	}
	for _, x := range t.Types {
		if !x.Check(a, rt) {
			return false
		}
	}
	return true
}
func (t *Chain) Convert(a Arg, env *ConvertEnv) (value.Value, error) {
	if value.IsNull(a.Val) {
		if t.Nullable {
			return value.Null, nil
		}
		return nil, &Error{Class: ClassArgument, Msg: "Invalid argument", Pos: -1, End: -1}
	}
	v := a.Val
	for _, x := range t.Types {
		var err error
		if v, err = x.Convert(Arg{Expr: a.Expr, Val: v}, env); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// NotOfType accepts what its type rejects.
type NotOfType struct {
	Of       Type
	Nullable bool
}

func (t *NotOfType) String() string        { return "not " + t.Of.String() }
func (t *NotOfType) Lazy() bool            { return false }
func (t *NotOfType) Specializes(Type) bool { return false }
func (t *NotOfType) Check(a Arg, rt *Runtime) bool {
	if a.pending() {
		return true
	}
	if value.IsNull(a.Val) {
		return t.Nullable
	}
	return !t.Of.Check(a, rt)
}
func (t *NotOfType) Convert(a Arg, env *ConvertEnv) (value.Value, error) {
	return a.Val, env.RT.checkMemory(a.Val)
}
