package std_test

import (
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// These tests port the assertions of yaql's test_system.py that pass host
// callables as data (called through value(args), the tests engine allows
// delegates) or define properties from host code.

// callable wraps a Go function of positional int arguments.
func callable(fn func(args []int64) value.Value) *yaql.Lambda {
	return yaql.NewCallable(func(args []value.Value, _ []yaql.KeywordArg) (value.Value, error) {
		ns := make([]int64, len(args))
		for i, a := range args {
			ns[i] = intArg(a)
		}
		return fn(ns), nil
	})
}

func pow(x, y int64) value.Value {
	r := int64(1)
	for ; y > 0; y-- {
		r *= x
	}
	return value.Int(r)
}

// square is the reference's lambda x: x ** 2.
var square = callable(func(a []int64) value.Value { return pow(a[0], 2) })

// TestSystem.test_lambda_passing
func TestSetupLambdaPassing(t *testing.T) {
	e, c := testsFlavor(t)
	setupWant(t, e, c, "$(3)", square, value.Int(9))
}

// TestSystem.test_lambda_expression
func TestSetupLambdaExpression(t *testing.T) {
	e, c := testsFlavor(t)
	data := value.NewDict(1)
	data.SetString("x", value.NewPyList([]value.Value{square}))
	setupWant(t, e, c, "$.x[0](3)", data, value.Int(9))
	setupWant(t, e, c, "($.x[0])(3)", data, value.Int(9))
}

// TestSystem.test_2nd_order_lambda: y → (x → x ** y).
func TestSetup2ndOrderLambda(t *testing.T) {
	e, c := testsFlavor(t)
	f := callable(func(y []int64) value.Value {
		return callable(func(x []int64) value.Value { return pow(x[0], y[0]) })
	})
	setupWant(t, e, c, "$(2)(4)", f, value.Int(16))
}

// TestSystem.test_2nd_order_lambda_expression: y → {"key": x → x ** y}.
func TestSetup2ndOrderLambdaExpression(t *testing.T) {
	e, c := testsFlavor(t)
	f := callable(func(y []int64) value.Value {
		d := value.NewDict(1)
		d.SetString("key", callable(func(x []int64) value.Value { return pow(x[0], y[0]) }))
		return d
	})
	setupWant(t, e, c, "$(2)[key](4)", f, value.Int(16))
}

// TestSystem.test_2nd_order_lambda_collection_expression: y → (x → y ** x).
func TestSetup2ndOrderLambdaCollectionExpression(t *testing.T) {
	e, c := testsFlavor(t)
	f := callable(func(y []int64) value.Value {
		return callable(func(x []int64) value.Value { return pow(y[0], x[0]) })
	})
	setupWant(t, e, c, "let(func => $) -> [1, 2, 3].select($func($)).select($(3))", f, ints(1, 8, 27))
}

// TestSystem.test_function_passing: func(x, y, z) → (x - y) * z, bound to
// $func in the context and passed as data; a Go function binds keyword
// arguments itself, as a Python function does.
func TestSetupFunctionPassing(t *testing.T) {
	e, c := testsFlavor(t)
	f := yaql.NewCallable(func(args []value.Value, kwargs []yaql.KeywordArg) (value.Value, error) {
		p := map[string]int64{}
		for i, a := range args {
			p[[]string{"x", "y", "z"}[i]] = intArg(a)
		}
		for _, kw := range kwargs {
			p[kw.Name] = intArg(kw.Value)
		}
		return value.Int((p["x"] - p["y"]) * p["z"]), nil
	})
	c.Set("func", f)
	setupWant(t, e, c, "$func(5, z => 2, y => 1)", f, value.Int(8))
}

// TestSystem.test_properties: a property negValue of ints, the
// reference's yaql_property(int): #property#negValue(obj: int, not null).
func TestSetupProperties(t *testing.T) {
	e, c := testsFlavor(t)
	pyInt := yaql.NewPyType("int", "int", false, func(v value.Value) bool {
		_, isBool := v.(value.Bool)
		return value.IsInt(v) || isBool
	})
	c.Register(yaql.Fn("#property#negValue", func(c *yaql.Call) (value.Value, error) {
		return value.Int(-intArg(c.Args[0])), nil
	}, yaql.P("obj", pyInt)))
	setupWant(t, e, c, "123.negValue", nil, value.Int(-123))
	setupWantError(t, e, c, `"123".negValue`, nil, yaql.ClassNoMatchingFunc, noMatch("#property#negValue"))
	setupWantError(t, e, c, "null.negValue", nil, yaql.ClassNoMatchingFunc, noMatch("#property#negValue"))
	setupWantError(t, e, c, "123.neg_value", nil, yaql.ClassNoFunction, `Unknown function "#property#neg_value"`)
}
