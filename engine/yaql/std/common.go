// This file defines the common library: equality and the ordering of null
// against any value.

package std

import (
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func init() { addLibrary(orderCommon, "common", registerCommon) }

var (
	// noneType accepts null only (the reference's PythonType(NoneType)).
	noneType = yaql.NewPyType("null", "NoneType", true, func(value.Value) bool { return false })
	// notNoneType accepts any value but null.
	notNoneType = yaql.NewPyType("not null", "object", false, func(value.Value) bool { return true })
)

func registerCommon(c *yaql.Context, _ Options) {
	c.Register(
		yaql.Fn("*equal", func(c *yaql.Call) (value.Value, error) {
			return value.Bool(value.Equal(c.Args[0], c.Args[1])), nil
		}, yaql.P("left", yaql.Any), yaql.P("right", yaql.Any)),
		yaql.Fn("*not_equal", func(c *yaql.Call) (value.Value, error) {
			return value.Bool(!value.Equal(c.Args[0], c.Args[1])), nil
		}, yaql.P("left", yaql.Any), yaql.P("right", yaql.Any)),
	)
	// Null sorts before every other value and equals itself.
	for _, op := range []struct {
		name                           string
		valueNull, nullValue, nullNull bool
	}{
		{"#operator_<", false, true, false},
		{"#operator_<=", false, true, true},
		{"#operator_>", true, false, false},
		{"#operator_>=", true, false, true},
	} {
		c.Register(
			yaql.Fn(op.name, constBool(op.valueNull), yaql.P("left", notNoneType), yaql.P("right", noneType)),
			yaql.Fn(op.name, constBool(op.nullValue), yaql.P("left", noneType), yaql.P("right", notNoneType)),
			yaql.Fn(op.name, constBool(op.nullNull), yaql.P("left", noneType), yaql.P("right", noneType)),
		)
	}
}

func constBool(b bool) func(*yaql.Call) (value.Value, error) {
	return func(*yaql.Call) (value.Value, error) { return value.Bool(b), nil }
}
