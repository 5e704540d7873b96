// This file defines the boolean library: and, or, not, bool() and
// isBoolean().

package std

import (
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func init() { addLibrary(orderBoolean, "boolean", registerBoolean) }

func registerBoolean(c *yaql.Context, _ Options) {
	c.Register(
		yaql.Fn("#operator_and", fnAnd, yaql.P("left", yaql.Lazy), yaql.P("right", yaql.Lazy)),
		yaql.Fn("#operator_or", fnOr, yaql.P("left", yaql.Lazy), yaql.P("right", yaql.Lazy)),
		yaql.Fn("#unary_operator_not", func(c *yaql.Call) (value.Value, error) {
			return value.Bool(!value.Truth(c.Args[0])), nil
		}, yaql.P("arg", yaql.Any)),
		yaql.Fn("bool", func(c *yaql.Call) (value.Value, error) {
			return value.Bool(value.Truth(c.Args[0])), nil
		}, yaql.P("value", yaql.Any)),
		yaql.Fn("isBoolean", func(c *yaql.Call) (value.Value, error) {
			_, ok := c.Args[0].(value.Bool)
			return value.Bool(ok), nil
		}, yaql.P("value", yaql.Any)),
	)
}

// fnAnd returns the left operand when it is false, else the right one,
// which is evaluated only then.
func fnAnd(c *yaql.Call) (value.Value, error) {
	left, err := c.Lambda(0).Call()
	if err != nil || !value.Truth(left) {
		return left, err
	}
	return c.Lambda(1).Call()
}

// fnOr returns the left operand when it is true, else the right one, which
// is evaluated only then.
func fnOr(c *yaql.Call) (value.Value, error) {
	left, err := c.Lambda(0).Call()
	if err != nil || value.Truth(left) {
		return left, err
	}
	return c.Lambda(1).Call()
}
