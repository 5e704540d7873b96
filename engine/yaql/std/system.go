// This file defines the system library: variables, the member and method
// operators, let/with/def/unpack, ->, assert and dynamic calls.

package std

import (
	"regexp"
	"strconv"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func init() { addLibrary(orderSystem, "system", registerSystem) }

func registerSystem(c *yaql.Context, o Options) {
	c.Register(
		yaql.Fn("#get_context_data", fnGetContextData, yaql.P("name", yaql.StringConstant)),
		yaql.Fn("#operator_.", fnOpDot, yaql.P("receiver", yaql.Any), yaql.P("expr", &yaql.LambdaType{Method: true})),
		yaql.Meth("unpack", fnUnpack, yaql.P("sequence", yaql.Iterable), yaql.Rest("args", yaql.String)),
		yaql.Fn("with", fnWith, yaql.Rest("args", yaql.Any)),
		yaql.Fn("#operator_->", fnSendContext, yaql.P("left", yaql.ContextType), yaql.P("right", &yaql.LambdaType{WithContext: true})),
		yaql.Fn("let", fnLet, yaql.Rest("args", yaql.Any), yaql.Kwargs("kwargs", yaql.Any)),
		yaql.Fn("def", fnDef, yaql.P("name", yaql.String), yaql.P("func", yaql.Lazy)),
		yaql.Fn("#operator_?.", fnElvis, yaql.P("receiver", yaql.Any), yaql.P("expr", yaql.ExpressionType{})),
		yaql.Meth("assert", fnAssert, yaql.P("obj", yaql.Any), yaql.P("condition", yaql.Lazy), yaql.Opt("message", yaql.String, value.String("Assertion failed"))),
		yaql.Fn("call", fnCallByName, yaql.P("name", yaql.String), yaql.P("args", yaql.Sequence), yaql.P("kwargs", yaql.Mapping), yaql.Opt("receiver", yaql.Any, yaql.NoValue)),
	)
	if o.Delegates {
		c.Register(
			yaql.Fn("#call", fnCallValue, yaql.P("callable", callableType), yaql.Rest("args", yaql.Any), yaql.Kwargs("kwargs", yaql.Any)),
			yaql.Fn("lambda", func(c *yaql.Call) (value.Value, error) { return c.Args[0], nil }, yaql.P("func", yaql.Lazy)),
		)
	}
}

var callableType = &yaql.PyType{Name: "callable", Classes: []string{"object"}, Pred: func(v value.Value, _ *yaql.Runtime) bool {
	_, ok := v.(*yaql.Lambda)
	return ok
}}

func fnGetContextData(c *yaql.Call) (value.Value, error) {
	v, ok := c.Ctx.Get(string(c.Args[0].(value.String)))
	if !ok {
		return value.Null, nil
	}
	return v, nil
}

func fnOpDot(c *yaql.Call) (value.Value, error) {
	return c.Lambda(1).Call(c.Args[0])
}

// getPropertyFunc is the fallback of obj.name: it calls #property#name.
var getPropertyFunc = yaql.Fn("#operator_.", func(c *yaql.Call) (value.Value, error) {
	return c.CallFunction("#property#"+string(c.Args[1].(value.String)), yaql.NoValue, c.Args[0])
}, yaql.P("obj", yaql.Any), yaql.P("name", yaql.Keyword))

func fnElvis(c *yaql.Call) (value.Value, error) {
	if value.IsNull(c.Args[0]) {
		return value.Null, nil
	}
	expr := c.Args[1].(*yaql.Expression)
	return c.RT.Call(c.Ctx.Child(), "#operator_.", yaql.NoValue,
		[]yaql.Arg{yaql.ValueArg(c.Args[0]), yaql.ExprArg(expr.Node)}, nil, nil)
}

func fnUnpack(c *yaql.Call) (value.Value, error) {
	names := c.Rest
	it, _ := value.Iterate(c.Args[0])
	var head []value.Value
	for len(head) < len(names)+1 {
		v, ok, err := it.Next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		head = append(head, v)
	}
	if len(names) > 0 && len(names) != len(head) {
		return nil, yaql.Raise("ValueError", "Cannot unpack %d elements into %d", len(head), len(names))
	}
	if len(names) > 0 {
		for i, v := range head {
			c.Ctx.Set(string(names[i].(value.String)), v)
		}
		return c.Ctx, nil
	}
	i := 0
	err := value.Each(c.Args[0], func(v value.Value) error {
		i++
		c.Ctx.Set(strconv.Itoa(i), v)
		return nil
	})
	return c.Ctx, err
}

func fnWith(c *yaql.Call) (value.Value, error) {
	for i, v := range c.Rest {
		c.Ctx.Set(strconv.Itoa(i+1), v)
	}
	return c.Ctx, nil
}

func fnLet(c *yaql.Call) (value.Value, error) {
	for i, v := range c.Rest {
		c.Ctx.Set(strconv.Itoa(i+1), v)
	}
	for _, kw := range c.Kwargs {
		c.Ctx.Set(kw.Name, kw.Value)
	}
	return c.Ctx, nil
}

func fnSendContext(c *yaql.Call) (value.Value, error) {
	return c.Lambda(1).Invoke([]value.Value{c.Args[0]}, nil)
}

func fnDef(c *yaql.Call) (value.Value, error) {
	body := c.Lambda(1)
	c.Ctx.Register(yaql.Fn(string(c.Args[0].(value.String)), func(inner *yaql.Call) (value.Value, error) {
		return body.Invoke(inner.Rest, inner.Kwargs)
	}, yaql.Rest("args", yaql.Any), yaql.Kwargs("kwargs", yaql.Any)))
	return c.Ctx, nil
}

func fnAssert(c *yaql.Call) (value.Value, error) {
	obj := c.Args[0]
	if it, ok := obj.(*value.Iterator); ok {
		obj = value.Memorize(it)
	}
	ok, err := c.Lambda(1).Call(obj)
	if err != nil {
		return nil, err
	}
	if !value.Truth(ok) {
		return nil, yaql.Raise("AssertionError", "%s", string(c.Args[2].(value.String)))
	}
	return obj, nil
}

var keywordPattern = regexp.MustCompile(`^[\p{L}_][\p{L}\p{N}_]*$`)

func fnCallByName(c *yaql.Call) (value.Value, error) {
	args, err := value.Slice(c.Args[1])
	if err != nil {
		return nil, err
	}
	var kwargs []yaql.KeywordArg
	d := c.Args[2].(*value.Dict)
	for i, k := range d.Keys() {
		if s, ok := k.(value.String); ok && keywordPattern.MatchString(string(s)) && !isDigitStart(string(s)) {
			kwargs = append(kwargs, yaql.KeywordArg{Name: string(s), Value: d.Values()[i]})
		}
	}
	return c.RT.CallFunction(c.Ctx, string(c.Args[0].(value.String)), c.Args[3], args, kwargs)
}

func isDigitStart(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

func fnCallValue(c *yaql.Call) (value.Value, error) {
	return c.Args[0].(*yaql.Lambda).Invoke(c.Rest, c.Kwargs)
}
