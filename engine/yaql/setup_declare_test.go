package yaql_test

import (
	"context"
	"errors"
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/syntax"
)

// These tests port the parts of yaql's test_engine.py that build function
// definitions from host code. Python reports malformed definitions when a
// decorator or register_function builds them; here Func.Validate reports
// them and Context.Register refuses them (it panics: declarations are
// code).

func one(*yaql.Call) (value.Value, error) { return value.Int(1), nil }

// wantDeclarationError checks that f fails validation with class and that
// registering it panics with the same error and registers nothing.
func wantDeclarationError(t *testing.T, f *yaql.Func, class string) {
	t.Helper()
	err := f.Validate()
	var ye *yaql.Error
	if !errors.As(err, &ye) || ye.Class != class {
		t.Errorf("%s: Validate() = %v, want %s", f.Signature(), err, class)
	}
	c := yaql.NewContext()
	func() {
		defer func() {
			if r := recover(); r != err && (r == nil || r.(error).Error() != err.Error()) {
				t.Errorf("%s: Register panicked with %v, want %v", f.Signature(), r, err)
			}
		}()
		c.Register(f)
	}()
	if c.HasFunction(f.Name) {
		t.Errorf("%s: registered despite the error", f.Signature())
	}
}

// TestEngine.test_duplicate_parameters
func TestDeclarationDuplicateParameters(t *testing.T) {
	wantDeclarationError(t, yaql.Fn("f", one, yaql.P("p", yaql.Any), yaql.P("p", yaql.Any)), yaql.ClassDuplicateParam)
}

// TestEngine.test_invalid_parameter: the reference rejects a parameter
// decorator naming no parameter of the function. A Go declaration lists
// the parameters themselves, so the counterpart is a parameter that names
// nothing.
func TestDeclarationInvalidParameter(t *testing.T) {
	wantDeclarationError(t, yaql.Fn("f", one, yaql.P("", yaql.Any)), yaql.ClassNoParameter)
}

// TestEngine.test_invalid_method
func TestDeclarationInvalidMethod(t *testing.T) {
	wantDeclarationError(t, yaql.Meth("f", one), yaql.ClassInvalidMethod)
	wantDeclarationError(t, yaql.Meth("f2", one, yaql.P("x", yaql.Lazy)), yaql.ClassInvalidMethod)
}

// Declarations a Python signature cannot express and Validate refuses
// (no reference test: these are this project's own checks).
func TestDeclarationShape(t *testing.T) {
	for _, f := range []*yaql.Func{
		yaql.Fn("f", one, yaql.Rest("args", yaql.Any), yaql.P("p", yaql.Any)),
		yaql.Fn("f", one, yaql.Rest("a", yaql.Any), yaql.Rest("b", yaql.Any)),
		yaql.Fn("f", one, yaql.Kwargs("kw", yaql.Any), yaql.KwOnly("k", yaql.Any, nil)),
		yaql.Fn("f", one, yaql.P("p", nil)),
		yaql.Fn("f", nil),
		yaql.Fn("", one),
	} {
		wantDeclarationError(t, f, yaql.ClassBadDeclaration)
	}
	for _, f := range []*yaql.Func{
		yaql.Fn("f", one, yaql.P("a", yaql.Any), yaql.Opt("b", yaql.Any, value.Null), yaql.Rest("args", yaql.Any), yaql.KwOnly("k", yaql.Any, nil), yaql.Kwargs("kw", yaql.Any)),
		yaql.Fn("f", one, yaql.P("a", yaql.Any), yaql.KwOnly("k", yaql.Any, nil)),
		yaql.Meth("f", one, yaql.Rest("args", yaql.Any)),
		yaql.Meth("f", one, yaql.P("x", yaql.Any), yaql.P("y", yaql.Lazy)),
	} {
		if err := f.Validate(); err != nil {
			t.Errorf("%s: %v, want valid", f.Signature(), err)
		}
	}
}

// TestEngine.test_function_definition: a definition called directly from
// host code, without overload resolution.
func TestFunctionDefinitionInvoke(t *testing.T) {
	f := yaql.Fn("func", func(c *yaql.Call) (value.Value, error) {
		kwargs := value.NewDict(len(c.Kwargs))
		for _, kw := range c.Kwargs {
			kwargs.SetString(kw.Name, kw.Value)
		}
		return value.NewTuple([]value.Value{c.Args[0], c.Args[1], value.NewTuple(c.Rest), kwargs}), nil
	}, yaql.P("a", yaql.Any), yaql.P("b", yaql.Any), yaql.Rest("args", yaql.Any), yaql.Kwargs("kwargs", yaql.Any))
	rt := yaql.NewEngine(syntax.Dialect{}, yaql.Options{}).NewRuntime(context.Background())
	ctx := yaql.NewContext()
	ints := func(ns ...int64) []value.Value {
		var out []value.Value
		for _, n := range ns {
			out = append(out, value.Int(n))
		}
		return out
	}
	dict := func(kvs ...any) *value.Dict {
		d := value.NewDict(0)
		for i := 0; i < len(kvs); i += 2 {
			d.SetString(kvs[i].(string), kvs[i+1].(value.Value))
		}
		return d
	}
	for _, tc := range []struct {
		args   []value.Value
		kwargs []yaql.KeywordArg
		want   value.Value
	}{
		{ints(1, 2, 5, 7), []yaql.KeywordArg{{Name: "kw1", Value: value.String("x")}, {Name: "kw2", Value: value.Null}},
			value.NewTuple([]value.Value{value.Int(1), value.Int(2), value.NewTuple(ints(5, 7)), dict("kw1", value.String("x"), "kw2", value.Null)})},
		{ints(1), []yaql.KeywordArg{{Name: "b", Value: value.Int(5)}},
			value.NewTuple([]value.Value{value.Int(1), value.Int(5), value.NewTuple(nil), dict()})},
	} {
		got, err := f.Invoke(rt, ctx, yaql.NoValue, tc.args, tc.kwargs)
		if err != nil || !value.Equal(got, tc.want) {
			t.Errorf("func(%v, %v) = %v, %v; want %s", tc.args, tc.kwargs, got, err, value.Repr(tc.want))
		}
	}
	_, err := f.Invoke(rt, ctx, yaql.NoValue, ints(1), nil)
	var ye *yaql.Error
	if !errors.As(err, &ye) || ye.Class != yaql.ClassArgument {
		t.Errorf("func(1): %v, want %s", err, yaql.ClassArgument)
	}
}
