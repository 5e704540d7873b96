package std_test

import (
	"context"
	"errors"
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
)

// These tests port yaql's test_resolution.py: functions registered from
// Go in chosen layers, and how calls pick among them.

func testsFlavor(t *testing.T) (*yaql.Engine, *yaql.Context) {
	t.Helper()
	e, c, err := std.NewFlavor(std.Tests, std.Setup{})
	if err != nil {
		t.Fatal(err)
	}
	return e, c
}

func evalIn(t *testing.T, e *yaql.Engine, c *yaql.Context, src string, data value.Value) (value.Value, error) {
	t.Helper()
	st, err := e.Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return st.Evaluate(context.Background(), c, data)
}

func wantValue(t *testing.T, e *yaql.Engine, c *yaql.Context, src string, want value.Value) {
	t.Helper()
	got, err := evalIn(t, e, c, src, value.Null)
	if err != nil {
		t.Errorf("%s: %v", src, err)
		return
	}
	if !value.Equal(got, want) {
		t.Errorf("%s = %s, want %s", src, value.Repr(got), value.Repr(want))
	}
}

func wantClass(t *testing.T, e *yaql.Engine, c *yaql.Context, src string, data value.Value, class string) {
	t.Helper()
	_, err := evalIn(t, e, c, src, data)
	var ye *yaql.Error
	if !errors.As(err, &ye) || ye.Class != class {
		t.Errorf("%s: error %v, want %s", src, err, class)
	}
}

func intArg(v value.Value) int64 { n, _ := value.ToInt64(v); return n }

var (
	identity = func(c *yaql.Call) (value.Value, error) { return c.Args[0], nil }
	negate   = func(c *yaql.Call) (value.Value, error) { return value.Int(-intArg(c.Args[0])), nil }
	sum2     = func(c *yaql.Call) (value.Value, error) { return value.Int(intArg(c.Args[0]) + intArg(c.Args[1])), nil }
	anyParam = func(name string) yaql.Param { return yaql.P(name, yaql.Any) }
)

// TestResolution.test_resolve_parameter_count_single_layer
func TestResolveParameterCountSingleLayer(t *testing.T) {
	e, c := testsFlavor(t)
	c = c.Child()
	c.Register(yaql.Fn("f", identity, anyParam("a")), yaql.Fn("f", sum2, anyParam("a"), anyParam("b")))
	wantValue(t, e, c, "f(12)", value.Int(12))
	wantValue(t, e, c, "f(12, 13)", value.Int(25))
}

// TestResolution.test_resolve_parameter_count_multi_layer
func TestResolveParameterCountMultiLayer(t *testing.T) {
	e, c := testsFlavor(t)
	c1 := c.Child()
	c1.Register(yaql.Fn("f", identity, anyParam("a")))
	c2 := c1.Child()
	c2.Register(yaql.Fn("f", sum2, anyParam("a"), anyParam("b")))
	wantValue(t, e, c2, "f(12)", value.Int(12))
	wantValue(t, e, c2, "f(12, 13)", value.Int(25))
}

// TestResolution.test_layer_override
func TestLayerOverride(t *testing.T) {
	e, c := testsFlavor(t)
	c1 := c.Child()
	c1.Register(yaql.Fn("f", identity, anyParam("a")))
	c2 := c1.Child()
	c2.Register(yaql.Fn("f", negate, anyParam("a")))
	wantValue(t, e, c2, "f(12)", value.Int(-12))
}

// TestResolution.test_single_layer_ambiguity
func TestSingleLayerAmbiguity(t *testing.T) {
	e, c := testsFlavor(t)
	c1 := c.Child()
	c1.Register(yaql.Fn("f", identity, anyParam("a")), yaql.Fn("f", negate, anyParam("a")))
	wantClass(t, e, c1, "f(12)", value.Null, yaql.ClassAmbiguousFunc)
}

// TestResolution.test_single_layer_laziness_ambiguity
func TestSingleLayerLazinessAmbiguity(t *testing.T) {
	e, c := testsFlavor(t)
	c1 := c.Child()
	c1.Register(
		yaql.Fn("f", func(c *yaql.Call) (value.Value, error) { return c.Lambda(0).Call() }, yaql.P("a", yaql.Lazy)),
		yaql.Fn("f", negate, anyParam("a")),
		yaql.Fn("f", sum2, anyParam("a"), anyParam("b")),
	)
	wantClass(t, e, c1, "f(2 * $)", value.Int(3), yaql.ClassAmbiguousFunc)
	wantValue(t, e, c1, "f(12, 13)", value.Int(25))
}

// TestResolution.test_multi_layer_laziness_ambiguity
func TestMultiLayerLazinessAmbiguity(t *testing.T) {
	e, c := testsFlavor(t)
	lazyFirst := func(sign int64) func(c *yaql.Call) (value.Value, error) {
		return func(c *yaql.Call) (value.Value, error) {
			a, err := c.Lambda(0).Call()
			if err != nil {
				return nil, err
			}
			return value.Int(sign*intArg(a) + intArg(c.Args[1])), nil
		}
	}
	c1 := c.Child()
	c1.Register(
		yaql.Fn("foo", lazyFirst(1), yaql.P("a", yaql.Lazy), anyParam("b")),
		yaql.Fn("bar", lazyFirst(1), yaql.P("a", yaql.Lazy), anyParam("b")),
	)
	c2 := c1.Child()
	c2.Register(
		yaql.Fn("foo", func(c *yaql.Call) (value.Value, error) {
			b, err := c.Lambda(1).Call()
			if err != nil {
				return nil, err
			}
			return value.Int(-intArg(c.Args[0]) - intArg(b)), nil
		}, anyParam("a"), yaql.P("b", yaql.Lazy)),
		yaql.Fn("bar", lazyFirst(-1), yaql.P("a", yaql.Lazy), anyParam("b")),
	)
	wantClass(t, e, c2, "foo(12, 13)", value.Null, yaql.ClassAmbiguousFunc)
	wantValue(t, e, c2, "bar(12, 13)", value.Int(1))
}

// TestResolution.test_ambiguous_method
func TestAmbiguousMethod(t *testing.T) {
	e, c := testsFlavor(t)
	c.Register(yaql.Meth("select", func(*yaql.Call) (value.Value, error) { return value.Int(1), nil }, anyParam("c"), anyParam("s")))
	wantClass(t, e, c, "[1,2].select($)", value.Null, yaql.ClassAmbiguousMethod)
}
