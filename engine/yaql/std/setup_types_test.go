package std_test

import (
	"context"
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// These tests port yaql's test_type_aggregation.py and
// test_miscellaneous.py: parameter types of functions registered from
// host code, and a library function called from host code.

// TestTypeAggregation.test_not_of_type: NotOfType(int); Python's bool is
// an int, so booleans are refused too.
func TestSetupNotOfType(t *testing.T) {
	e, c := testsFlavor(t)
	c.Register(yaql.Fn("foo", returnTrue, yaql.P("arg", &yaql.NotOfType{Of: yaql.Int, Nullable: true})))
	setupWant(t, e, c, "foo($)", value.String("abc"), value.Bool(true))
	setupWant(t, e, c, "foo($)", ints(1, 2), value.Bool(true))
	setupWantError(t, e, c, "foo($)", value.Int(123), yaql.ClassNoMatchingFunc, noMatch("foo"))
	setupWantError(t, e, c, "foo($)", value.Bool(true), yaql.ClassNoMatchingFunc, noMatch("foo"))
}

// TestTypeAggregation.test_chain: Chain(NotOfType(bool), int).
func TestSetupChain(t *testing.T) {
	e, c := testsFlavor(t)
	c.Register(yaql.Fn("foo", returnTrue, yaql.P("arg", &yaql.Chain{Types: []yaql.Type{
		&yaql.NotOfType{Of: yaql.Boolean.OrNull(), Nullable: true}, yaql.Int,
	}})))
	setupWant(t, e, c, "foo($)", value.Int(123), value.Bool(true))
	setupWantError(t, e, c, "foo($)", value.Bool(true), yaql.ClassNoMatchingFunc, noMatch("foo"))
	setupWantError(t, e, c, "foo($)", value.String("abc"), yaql.ClassNoMatchingFunc, noMatch("foo"))
}

// TestTypeAggregation.test_any_of: AnyOf(str, Integer()) → 1 for a
// string, 2 for an int.
func TestSetupAnyOf(t *testing.T) {
	e, c := testsFlavor(t)
	c.Register(yaql.Fn("foo", func(c *yaql.Call) (value.Value, error) {
		if _, ok := c.Args[0].(value.String); ok {
			return value.Int(1), nil
		}
		return value.Int(2), nil
	}, yaql.P("arg", &yaql.AnyOf{Types: []yaql.Type{yaql.String.OrNull(), yaql.Integer}})))
	setupWant(t, e, c, "foo($)", value.String("abc"), value.Int(1))
	setupWant(t, e, c, "foo($)", value.Int(123), value.Int(2))
	setupWantError(t, e, c, "foo($)", value.Bool(true), yaql.ClassNoMatchingFunc, noMatch("foo"))
	setupWantError(t, e, c, "foo($)", ints(1, 2), yaql.ClassNoMatchingFunc, noMatch("foo"))
}

// TestMiscellaneous.test_bool_is_not_an_integer
func TestSetupBoolIsNotAnInteger(t *testing.T) {
	e, c := testsFlavor(t)
	c.Register(yaql.Fn("foo", returnArg, yaql.P("arg", yaql.Integer)))
	setupWant(t, e, c, "foo(2)", nil, value.Int(2))
	setupWantError(t, e, c, "foo(true)", nil, yaql.ClassNoMatchingFunc, noMatch("foo"))
}

// TestMiscellaneous.test_nullable_collections: each function returns
// whether its argument is null.
func TestSetupNullableCollections(t *testing.T) {
	e, c := testsFlavor(t)
	isNull := func(c *yaql.Call) (value.Value, error) { return value.Bool(value.IsNull(c.Args[0])), nil }
	for name, typ := range map[string]*yaql.PyType{
		"foo1": yaql.Sequence, "foo2": yaql.Sequence.OrNull(),
		"bar1": yaql.Iterable, "bar2": yaql.Iterable.OrNull(),
		"baz1": yaql.Iterator, "baz2": yaql.Iterator.OrNull(),
	} {
		c.Register(yaql.Fn(name, isNull, yaql.P("arg", typ)))
	}
	iter := func() value.Value { return value.SliceIterator(ints(1, 2).Items) }
	setupWant(t, e, c, "foo1([1, 2])", nil, value.Bool(false))
	setupWantError(t, e, c, "foo1(null)", nil, yaql.ClassNoMatchingFunc, noMatch("foo1"))
	setupWant(t, e, c, "foo2([1, 2])", nil, value.Bool(false))
	setupWant(t, e, c, "foo2(null)", nil, value.Bool(true))
	setupWant(t, e, c, "bar1([1, 2])", nil, value.Bool(false))
	setupWantError(t, e, c, "bar1(null)", nil, yaql.ClassNoMatchingFunc, noMatch("bar1"))
	setupWant(t, e, c, "bar2([1, 2])", nil, value.Bool(false))
	setupWant(t, e, c, "bar2(null)", nil, value.Bool(true))
	setupWant(t, e, c, "baz1($)", iter(), value.Bool(false))
	setupWantError(t, e, c, "baz1(null)", nil, yaql.ClassNoMatchingFunc, noMatch("baz1"))
	setupWant(t, e, c, "baz2($)", iter(), value.Bool(false))
	setupWant(t, e, c, "baz2(null)", nil, value.Bool(true))
}

// TestMiscellaneous.test_pass_lambda_from_code: the library's where called
// from host code on [1, 2, 3], with a predicate that is a host value: a
// constant (not callable) and a Go function.
func TestSetupPassLambdaFromCode(t *testing.T) {
	e, c := testsFlavor(t)
	rt := e.NewRuntime(context.Background())
	gt1 := yaql.NewCallable(func(args []value.Value, _ []yaql.KeywordArg) (value.Value, error) {
		return value.Bool(intArg(args[0]) > 1), nil
	})
	for _, tc := range []struct {
		predicate value.Value
		want      *value.List
	}{
		{value.Bool(false), ints()},
		{gt1, ints(2, 3)},
	} {
		res, err := rt.CallFunction(c, "where", ints(1, 2, 3), []value.Value{tc.predicate}, nil)
		var got []value.Value
		if err == nil {
			got, err = value.Slice(res)
		}
		if err != nil || !value.Equal(value.NewPyList(got), tc.want) {
			t.Errorf("where(%s) = %v, %v; want %s", value.Repr(tc.predicate), got, err, value.Repr(tc.want))
		}
	}
}
