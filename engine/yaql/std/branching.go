// This file defines the branching library: switch, selectCase,
// selectAllCases, switchCase, examine and coalesce. Every branch is a lazy
// argument evaluated only when needed.

package std

import (
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func init() { addLibrary(orderBranching, "branching", registerBranching) }

// pyIntType is Python's int (booleans included) for a parameter without a
// default: null is rejected.
var pyIntType = func() *yaql.PyType { t := *yaql.Int; t.Nullable = false; return &t }()

func registerBranching(c *yaql.Context, _ Options) {
	c.Register(
		yaql.Fn("switch", fnSwitch, yaql.Rest("args", yaql.MappingRuleType{})).WithNoKwargs(),
		yaql.Fn("selectCase", fnSelectCase, yaql.Rest("args", yaql.Lazy)),
		yaql.Meth("switchCase", fnSwitchCase, yaql.P("case", pyIntType), yaql.Rest("args", yaql.Lazy)),
		yaql.Fn("selectAllCases", fnSelectAllCases, yaql.Rest("args", yaql.Lazy)),
		yaql.Fn("examine", fnExamine, yaql.Rest("args", yaql.Lazy)),
		yaql.Fn("coalesce", fnCoalesce, yaql.Rest("args", yaql.Lazy)),
	)
}

// call evaluates a lazy argument.
func callLazy(v value.Value) (value.Value, error) {
	return v.(*yaql.Lambda).Call()
}

func fnSwitch(c *yaql.Call) (value.Value, error) {
	for _, a := range c.Rest {
		rule := a.(*yaql.MappingRule)
		cond, err := callLazy(rule.Key)
		if err != nil {
			return nil, err
		}
		if value.Truth(cond) {
			return callLazy(rule.Value)
		}
	}
	return value.Null, nil
}

func fnSelectCase(c *yaql.Call) (value.Value, error) {
	for i, f := range c.Rest {
		v, err := callLazy(f)
		if err != nil {
			return nil, err
		}
		if value.Truth(v) {
			return value.Int(i), nil
		}
	}
	return value.Int(len(c.Rest)), nil
}

// fnSelectAllCases lazily yields the indices of the true predicates.
func fnSelectAllCases(c *yaql.Call) (value.Value, error) {
	i := 0
	return value.NewIterator(func() (value.Value, bool, error) {
		for ; i < len(c.Rest); i++ {
			if err := c.RT.Step(); err != nil {
				return nil, false, err
			}
			v, err := callLazy(c.Rest[i])
			if err != nil {
				return nil, false, err
			}
			if value.Truth(v) {
				i++
				return value.Int(i - 1), true, nil
			}
		}
		return nil, false, nil
	}), nil
}

// fnExamine lazily yields the truth of each argument.
func fnExamine(c *yaql.Call) (value.Value, error) {
	i := 0
	return value.NewIterator(func() (value.Value, bool, error) {
		if i >= len(c.Rest) {
			return nil, false, nil
		}
		if err := c.RT.Step(); err != nil {
			return nil, false, err
		}
		v, err := callLazy(c.Rest[i])
		i++
		if err != nil {
			return nil, false, err
		}
		return value.Bool(value.Truth(v)), true, nil
	}), nil
}

func fnSwitchCase(c *yaql.Call) (value.Value, error) {
	n := len(c.Rest)
	if n == 0 {
		return value.Null, nil
	}
	i, ok := value.ToInt64(c.Args[0])
	if !ok || i < 0 || i >= int64(n) {
		i = int64(n - 1)
	}
	return callLazy(c.Rest[i])
}

func fnCoalesce(c *yaql.Call) (value.Value, error) {
	for _, f := range c.Rest {
		v, err := callLazy(f)
		if err != nil {
			return nil, err
		}
		if !value.IsNull(v) {
			return v, nil
		}
	}
	return value.Null, nil
}
