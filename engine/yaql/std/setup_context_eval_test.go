package std_test

import (
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// Evaluation through linked contexts, multi-contexts, exclusive names and
// Super. Not from yaql's suite: the expected values were checked with the
// reference (python3-yaql 2.0.0) building the same contexts.

func intFunc(name string, fn func(int64) int64) *yaql.Func {
	return yaql.Fn(name, func(c *yaql.Call) (value.Value, error) {
		return value.Int(fn(intArg(c.Args[0]))), nil
	}, yaql.P("n", yaql.Any))
}

func TestSetupEvalLinkedContext(t *testing.T) {
	e, std := testsFlavor(t)
	c1 := std.Child()
	c1.Set("x", value.Int(1))
	obj := yaql.NewContext()
	obj.Register(intFunc("double", func(n int64) int64 { return 2 * n }))
	obj.Set("y", value.Int(10))
	objChild := obj.Child()
	objChild.Set("z", value.Int(100))
	lc := yaql.NewLinkedContext(c1, objChild)
	setupWant(t, e, lc, "double($x) + $y + $z", nil, value.Int(112))
	setupWant(t, e, lc, "let(x => 5) -> double($x) + $y", nil, value.Int(20))
}

func TestSetupEvalMultiContext(t *testing.T) {
	e, std := testsFlavor(t)
	a := std.Child()
	a.Set("p", value.Int(3))
	b := yaql.NewContext()
	b.Register(intFunc("f", func(n int64) int64 { return 7 * n }))
	b.Set("q", value.Int(4))
	setupWant(t, e, yaql.NewMultiContext(a, b), "f($p) + $q", nil, value.Int(25))
}

func TestSetupEvalExclusive(t *testing.T) {
	e, std := testsFlavor(t)
	c := std.Child()
	c.RegisterExclusive(yaql.Fn("len", func(*yaql.Call) (value.Value, error) { return value.Int(-1), nil }, yaql.P("s", yaql.String)))
	setupWant(t, e, c, "len(abc)", nil, value.Int(-1))
	setupWantError(t, e, c, "len([1,2])", nil, yaql.ClassNoMatchingFunc, noMatch("len"))
}

// The overridden function runs with the caller's variables in scope.
func TestSetupEvalSuperSeesCallerData(t *testing.T) {
	e, std := testsFlavor(t)
	a := std.Child()
	a.Register(yaql.Fn("peek", func(c *yaql.Call) (value.Value, error) {
		v, _ := c.Ctx.Get("v")
		return v, nil
	}))
	b := a.Child()
	b.Register(yaql.Fn("peek", func(c *yaql.Call) (value.Value, error) {
		v, err := c.Super(nil, nil)
		if err != nil {
			return nil, err
		}
		return value.Int(2 * intArg(v)), nil
	}))
	c := b.Child()
	c.Set("v", value.Int(21))
	setupWant(t, e, c, "peek()", nil, value.Int(42))
	setupWant(t, e, c, "let(v => 5) -> peek()", nil, value.Int(10))
}
