// This file defines the yaql 0.2 compatibility layer (yaql.legacy): the
// => operator building tuples, dictionaries from pairs, the filtering
// indexer, the infinite range, switch and as, null for missing keys, and
// the function forms of common methods.

package std

import (
	"math/big"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/syntax"
)

func init() { legacyLayer = registerLegacy }

// legacyInt is the reference's raw Python int parameter: integers and
// booleans, not null.
var legacyInt = yaql.NewPyType("int", "int", false, func(v value.Value) bool {
	_, isBool := v.(value.Bool)
	return isBool || value.IsInt(v)
})

// tupleType accepts Python tuples (not lists).
var tupleType = yaql.NewPyType("tuple", "tuple", false, isTuple)

func isTuple(v value.Value) bool {
	l, ok := v.(*value.List)
	return ok && !l.Mutable
}

// legacyExtensions are the methods and functions that the legacy layer
// makes callable both ways.
var legacyExtensions = []string{"get", "list", "bool", "int", "float", "select", "where", "join", "sum", "takeWhile"}

// registerLegacy adds the legacy layer to c, a child of the standard
// context.
func registerLegacy(c *yaql.Context) {
	dict := superCall(c, "dict")
	c.Register(
		yaql.Fn("#operator_=>", legacyBuildTuple, yaql.P("left", yaql.ExpressionType{}), yaql.P("right", yaql.Any)),
		yaql.Meth("toList", legacyToList, yaql.P("collection", yaql.Iterable)),
		yaql.Fn("tuple", legacyTuple, yaql.Rest("args", yaql.Any)),
		yaql.Ext("dict", dict, yaql.Rest("tuples", tupleType)).WithNoKwargs(),
		yaql.Ext("#map", dict, yaql.Rest("tuples", tupleType)).WithNoKwargs(),
	)
	c.RegisterExclusive(yaql.Fn("#indexer", legacyIndexer, yaql.P("collection", yaql.Iterable), yaql.P("indexExpression", yaql.Lazy)))
	c.Register(yaql.Ext("range", legacyRange, yaql.P("start", legacyInt), yaql.Opt("stop", yaql.Int, value.Null)))
	c.RegisterExclusive(yaql.Ext("switch", legacySwitch, yaql.P("value", yaql.Any), yaql.Rest("conditions", &yaql.LambdaType{WithContext: true})).WithNoKwargs())
	c.Register(
		yaql.Meth("as", legacyAs, yaql.P("receiver", yaql.Any), yaql.Rest("mappings", yaql.Lazy)).WithNoKwargs(),
		yaql.Fn("#operator_.", legacyDotContext, yaql.P("receiver", yaql.ContextType), yaql.P("expr", &yaql.LambdaType{WithContext: true, Method: true})),
		yaql.Fn("#operator_.", legacyDictKey, yaql.P("dict", yaql.Mapping), yaql.P("key", yaql.Keyword)),
	)
	for _, name := range legacyExtensions {
		c.Register(extensionClones(c, name)...)
	}
}

// superCall returns an implementation that calls the function name the
// way the reference's Super delegate does: looked up in the contexts above
// registeredIn (the context of the calling function), with the same
// receiver and all the arguments packed into one tuple.
func superCall(registeredIn *yaql.Context, name string) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		return c.RT.CallFunction(registeredIn.Parent(), name, c.Receiver, []value.Value{value.NewTuple(c.Rest)}, nil)
	}
}

// legacyBuildTuple is a => b: the pair (a, b), or the chain a => b => c
// flattened into (a, b, c).
func legacyBuildTuple(c *yaql.Call) (value.Value, error) {
	left := c.Args[0].(*yaql.Expression)
	l, err := left.Eval(yaql.NoValue, c.Ctx)
	if err != nil {
		return nil, err
	}
	if op, ok := left.Node.(*syntax.Call); ok && op.Kind == syntax.BinaryOp && op.Name == "#operator_=>" {
		if t, ok := l.(*value.List); ok {
			if err := c.RT.CheckCollection(len(t.Items) + 1); err != nil {
				return nil, err
			}
			items := append(append(make([]value.Value, 0, len(t.Items)+1), t.Items...), c.Args[1])
			return value.NewTuple(items), nil
		}
	}
	return value.NewTuple([]value.Value{l, c.Args[1]}), nil
}

func legacyTuple(c *yaql.Call) (value.Value, error) {
	return value.NewTuple(append([]value.Value{}, c.Rest...)), nil
}

func legacyToList(c *yaql.Call) (value.Value, error) {
	var items []value.Value
	err := value.Each(c.Args[0], func(v value.Value) error {
		items = append(items, v)
		return c.RT.CheckCollection(len(items))
	})
	if err != nil {
		return nil, err
	}
	return value.NewPyList(items), nil
}

// legacyIndexer is collection[expr]: the element at an integer index of a
// sequence, otherwise the elements for which expr holds.
func legacyIndexer(c *yaql.Call) (value.Value, error) {
	coll, pred := c.Args[0], c.Lambda(1)
	if value.IsSequence(coll) {
		index, err := pred.Call()
		if err != nil {
			return nil, err
		}
		if value.IsInt(index) {
			return pyIndex(coll, index)
		}
	}
	it, _ := value.Iterate(coll)
	return value.NewIterator(func() (value.Value, bool, error) {
		for {
			if err := c.RT.Step(); err != nil {
				return nil, false, err
			}
			v, ok, err := it.Next()
			if !ok || err != nil {
				return nil, false, err
			}
			keep, err := pred.Call(v)
			if err != nil {
				return nil, false, err
			}
			if value.Truth(keep) {
				return v, true, nil
			}
		}
	}), nil
}

// pyIndex is Python's seq[i] for a tuple, list or range, negative indexes
// counting from the end.
func pyIndex(seq, index value.Value) (value.Value, error) {
	n := seqLen(seq)
	i, ok := value.ToInt64(index)
	if !ok {
		return nil, yaql.Raise("IndexError", "cannot fit 'int' into an index-sized integer")
	}
	if i < 0 {
		i += int64(n)
	}
	if i < 0 || i >= int64(n) {
		return nil, yaql.Raise("IndexError", "%s index out of range", indexTypeName(seq))
	}
	switch s := seq.(type) {
	case *value.List:
		return s.Items[i], nil
	case *value.Range:
		return s.At(int(i)), nil
	}
	return nil, yaql.Raise("TypeError", "'%s' object is not subscriptable", seq.Type())
}

func seqLen(seq value.Value) int {
	if s, ok := seq.(interface{ Len() int }); ok {
		return s.Len()
	}
	return 0
}

func indexTypeName(seq value.Value) string {
	switch s := seq.(type) {
	case *value.List:
		if s.Mutable {
			return "list"
		}
		return "tuple"
	case *value.Range:
		return "range object"
	}
	return seq.Type()
}

// legacyRange is range(start, stop): Python's range, or with no stop an
// endless count from start.
func legacyRange(c *yaql.Call) (value.Value, error) {
	if !value.IsNull(c.Args[1]) {
		start, ok1 := value.ToInt64(c.Args[0])
		stop, ok2 := value.ToInt64(c.Args[1])
		if !ok1 || !ok2 {
			return nil, yaql.Raise("OverflowError", "Python int too large to convert to C ssize_t")
		}
		return &value.Range{Start: start, Stop: stop, Step: 1}, nil
	}
	n, _ := value.ToBig(c.Args[0])
	one := big.NewInt(1)
	return value.NewIterator(func() (value.Value, bool, error) {
		if err := c.RT.Step(); err != nil {
			return nil, false, err
		}
		v := value.NewInt(n)
		n = new(big.Int).Add(n, one)
		return v, true, nil
	}), nil
}

// legacySwitch is value.switch(cond => result, …): the result of the first
// pair whose condition, evaluated with $ = value, holds.
func legacySwitch(c *yaql.Call) (value.Value, error) {
	ctx := c.Ctx.Child()
	ctx.Set("$", c.Args[0])
	for _, cond := range c.Rest {
		res, err := cond.(*yaql.Lambda).Invoke([]value.Value{ctx}, nil)
		if err != nil {
			return nil, err
		}
		switch r := res.(type) {
		case *value.List:
			if r.Mutable {
				return nil, yaql.Raise("ValueError", "switch() must have tuple or mapping parameters")
			}
			if len(r.Items) != 2 {
				return nil, yaql.Raise("ValueError", "switch() tuples must be of size 2")
			}
			if value.Truth(r.Items[0]) {
				return r.Items[1], nil
			}
		case *yaql.MappingRule:
			k, v, err := r.Parts()
			if err != nil {
				return nil, err
			}
			if value.Truth(k) {
				return v, nil
			}
		default:
			return nil, yaql.Raise("ValueError", "switch() must have tuple or mapping parameters")
		}
	}
	return value.Null, nil
}

// legacyAs is receiver.as(expr => name, …): a context where each $name is
// expr evaluated with $ = receiver, and where receiver is the default
// receiver of the . operator.
func legacyAs(c *yaql.Call) (value.Value, error) {
	receiver := c.Args[0]
	for _, m := range c.Rest {
		res, err := m.(*yaql.Lambda).Call(receiver)
		if err != nil {
			return nil, err
		}
		var name, val value.Value
		switch r := res.(type) {
		case *value.List:
			if r.Mutable {
				return nil, yaql.Raise("ValueError", "as() must have tuple parameters")
			}
			if len(r.Items) != 2 {
				return nil, yaql.Raise("ValueError", "as() tuples must be of size 2")
			}
			val, name = r.Items[0], r.Items[1]
		case *yaql.MappingRule:
			if val, name, err = r.Parts(); err != nil {
				return nil, err
			}
		default:
			return nil, yaql.Raise("ValueError", "as() must have tuple parameters")
		}
		s, ok := name.(value.String)
		if !ok {
			return nil, yaql.Raise("AttributeError", "'%s' object has no attribute 'startswith'", pyTypeName(name))
		}
		c.Ctx.Set(string(s), val)
	}
	c.Ctx.Set("$0", receiver)
	return c.Ctx, nil
}

// legacyDotContext is ctx.expr for a context made by as(): expr called on
// the context's receiver, in that context.
func legacyDotContext(c *yaql.Call) (value.Value, error) {
	ctx := c.Args[0].(*yaql.Context)
	receiver, ok := ctx.Get("$0")
	if !ok {
		receiver = value.Null
	}
	return c.Lambda(1).Invoke([]value.Value{receiver, ctx}, nil)
}

// legacyDictKey is dict.key: the value, or null for a missing key.
func legacyDictKey(c *yaql.Call) (value.Value, error) {
	v, ok := c.Args[0].(*value.Dict).Get(c.Args[1])
	if !ok {
		return value.Null, nil
	}
	return v, nil
}

// extensionClones returns copies, callable both as functions and as
// methods, of the overloads of name visible from c that are only one of
// the two (the reference's utils.to_extension_method). The reference
// expects them in a single context; the nearest context that has any is
// used.
func extensionClones(c *yaql.Context, name string) []*yaql.Func {
	for _, layer := range c.CollectFunctions(name) {
		var clones []*yaql.Func
		for _, f := range layer {
			if f.Function && f.Method {
				continue
			}
			clone := *f
			clone.Function, clone.Method = true, true
			clones = append(clones, &clone)
		}
		if len(clones) > 0 {
			return clones
		}
	}
	return nil
}
