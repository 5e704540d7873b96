package std_test

import (
	"errors"
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// Helpers of the setup_*_test.go files, which port the assertions of
// yaql's own test suite that need host-side set-up (listed in
// testdata/conformance/python-setup.md). Like the reference's
// TestCase.eval they publish the data as $ and as $data.

// setupEval evaluates src in ctx with data as $ and $data.
func setupEval(t *testing.T, e *yaql.Engine, ctx *yaql.Context, src string, data value.Value) (value.Value, error) {
	t.Helper()
	if data == nil {
		data = value.Null
	}
	ctx = ctx.Child()
	ctx.Set("data", data)
	return evalIn(t, e, ctx, src, data)
}

// setupWant checks that src evaluates to want, of the same Python type.
func setupWant(t *testing.T, e *yaql.Engine, ctx *yaql.Context, src string, data, want value.Value) {
	t.Helper()
	got, err := setupEval(t, e, ctx, src, data)
	if err != nil {
		t.Errorf("%s: %v, want %s", src, err, value.Repr(want))
		return
	}
	if got.Type() != want.Type() || !value.Equal(got, want) {
		t.Errorf("%s = %s, want %s", src, value.Repr(got), value.Repr(want))
	}
}

// setupWantError checks that src fails with class and, when msg is not
// empty, with that message.
func setupWantError(t *testing.T, e *yaql.Engine, ctx *yaql.Context, src string, data value.Value, class, msg string) {
	t.Helper()
	got, err := setupEval(t, e, ctx, src, data)
	var ye *yaql.Error
	if !errors.As(err, &ye) || ye.Class != class || msg != "" && ye.Msg != msg {
		t.Errorf("%s = %v, error %v; want %s: %s", src, got, err, class, msg)
	}
}

// noMatch is the reference's message when no overload of name fits.
func noMatch(name string) string { return `No function "` + name + `" matches supplied arguments` }

func ints(ns ...int64) *value.List {
	items := make([]value.Value, len(ns))
	for i, n := range ns {
		items[i] = value.Int(n)
	}
	return value.NewPyList(items)
}

func returnArg(c *yaql.Call) (value.Value, error) { return c.Args[0], nil }

func returnTrue(*yaql.Call) (value.Value, error) { return value.Bool(true), nil }
