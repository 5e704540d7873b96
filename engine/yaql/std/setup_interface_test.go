package std_test

import (
	"strconv"
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// These tests port yaql's test_yaql_interface.py. The reference hands
// host functions a YaqlInterface (the caller's context and engine); a Go
// implementation has the same through its *yaql.Call: c.Ctx (a child of
// the caller's context), c.RT (the evaluation, its engine and budget),
// c.CallFunction / c.RT.Call and c.RT.Finalize.

// evalSource is YaqlInterface.__call__: src evaluated in a child of the
// function's context with args as $1, $2, … and kwargs as $name, its
// result converted for output.
func evalSource(c *yaql.Call, src string, args []value.Value, kwargs []yaql.KeywordArg) (value.Value, error) {
	st, err := c.RT.Engine.Parse(src)
	if err != nil {
		return nil, err
	}
	ctx := c.Ctx.Child()
	for i, a := range args {
		ctx.Set(strconv.Itoa(i+1), a)
	}
	for _, kw := range kwargs {
		ctx.Set(kw.Name, kw.Value)
	}
	return c.RT.Finalize(ctx, yaql.ExprArg(st.Node))
}

// TestYaqlInterface.test_call
func TestSetupInterfaceCall(t *testing.T) {
	e, c := testsFlavor(t)
	c.Register(
		yaql.Fn("foo", func(c *yaql.Call) (value.Value, error) { return evalSource(c, "2+2", nil, nil) }),
		yaql.Fn("bar", func(c *yaql.Call) (value.Value, error) {
			return evalSource(c, "$a * $", []value.Value{value.Int(2)}, []yaql.KeywordArg{{Name: "a", Value: value.Int(3)}})
		}),
	)
	setupWant(t, e, c, "foo()", nil, value.Int(4))
	setupWant(t, e, c, "bar()", nil, value.Int(6))
}

// TestYaqlInterface.test_data_access
func TestSetupInterfaceDataAccess(t *testing.T) {
	e, c := testsFlavor(t)
	c.Register(yaql.Fn("foo", func(c *yaql.Call) (value.Value, error) {
		data, _ := c.Ctx.Get("")
		key, _ := c.Ctx.Get("key")
		return value.NewTuple([]value.Value{data, key}), nil
	}))
	c.Set("key", value.String("value"))
	setupWant(t, e, c, "foo()", value.String("test"), value.NewPyList([]value.Value{value.String("test"), value.String("value")}))
}

// TestYaqlInterface.test_function_call
func TestSetupInterfaceFunctionCall(t *testing.T) {
	e, c := testsFlavor(t)
	c.Register(yaql.Fn("foo", func(c *yaql.Call) (value.Value, error) {
		v, err := c.CallFunction("len", yaql.NoValue, ints(1, 2, 3))
		if err != nil {
			return nil, err
		}
		return c.RT.ConvertOutput(c.Ctx, v)
	}))
	setupWant(t, e, c, "foo()", nil, value.Int(3))
}

// TestYaqlInterface.test_method_call: where with a Go predicate, and
// select with a parsed expression as the selector.
func TestSetupInterfaceMethodCall(t *testing.T) {
	e, c := testsFlavor(t)
	c.Register(
		yaql.Fn("foo", func(c *yaql.Call) (value.Value, error) {
			gt1 := yaql.NewCallable(func(args []value.Value, _ []yaql.KeywordArg) (value.Value, error) {
				return value.Bool(intArg(args[0]) > 1), nil
			})
			v, err := c.CallFunction("where", ints(1, 2, 3), gt1)
			if err != nil {
				return nil, err
			}
			return c.RT.ConvertOutput(c.Ctx, v)
		}),
		yaql.Fn("bar", func(c *yaql.Call) (value.Value, error) {
			st, err := c.RT.Engine.Parse("$ * $")
			if err != nil {
				return nil, err
			}
			v, err := c.RT.Call(c.Ctx.Child(), "select", ints(1, 2, 3), []yaql.Arg{yaql.ExprArg(st.Node)}, nil, nil)
			if err != nil {
				return nil, err
			}
			return c.RT.ConvertOutput(c.Ctx, v)
		}),
	)
	setupWant(t, e, c, "foo()", nil, ints(2, 3))
	setupWant(t, e, c, "bar()", nil, ints(1, 4, 9))
}
