// This file defines the queries library: filtering, projection, slicing,
// aggregation and generation of collections, lazily where the reference
// returns iterators. Ordering is in queries_order.go; grouping, splitting,
// merging and generators in queries_shape.go.

package std

import (
	"errors"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func init() { addLibrary(orderQueries, "queries", registerQueries) }

// qInt is the reference's non-nullable Python int parameter: integers and
// booleans.
var qInt = func() *yaql.PyType { t := *yaql.Int; t.Nullable = false; return &t }()

// qIterator is the reference's raw Iterator parameter (len): iterators
// only, without the iterator limit. Ordered collections are not iterators.
var qIterator = &yaql.PyType{Name: "iterator", Classes: []string{"Iterator"}, Pred: func(v value.Value, _ *yaql.Runtime) bool {
	it, ok := v.(*value.Iterator)
	return ok && it.View == nil && orderingOf(it) == nil
}}

// qRawKeyword is a bare word passed on as its syntax node, so that it can
// be handed to #operator_. again.
var qRawKeyword = &yaql.ConstantType{Name: "keyword", Keyword: true, Raw: true}

func registerQueries(c *yaql.Context, _ Options) {
	coll := yaql.P("collection", yaql.Iterable)
	pred := yaql.P("predicate", yaql.Lazy)
	sel := yaql.P("selector", yaql.Lazy)
	optLambda := func(name string) yaql.Param { return yaql.Opt(name, yaql.Lazy, value.Null) }
	c.Register(
		yaql.Meth("where", qWhere, coll, pred),
		yaql.Meth("filter", qWhere, coll, pred),
		yaql.Meth("select", qSelect, coll, sel),
		yaql.Meth("map", qSelect, coll, sel),
		yaql.Fn("#operator_.", qAttribution, coll, yaql.P("attribute", qRawKeyword)),
		yaql.Meth("limit", qTake, coll, yaql.P("count", qInt)),
		yaql.Meth("take", qTake, coll, yaql.P("count", qInt)),
		yaql.Meth("skip", qSkip, coll, yaql.P("count", qInt)),
		yaql.Ext("append", qAppend, coll, yaql.Rest("args", yaql.Any)),
		yaql.Ext("distinct", qDistinct, coll, optLambda("keySelector")),
		yaql.Ext("enumerate", qEnumerate, coll, yaql.Opt("start", yaql.Int, value.Int(0))),
		yaql.Ext("any", qAny, coll, optLambda("predicate")),
		yaql.Ext("all", qAll, coll, optLambda("predicate")),
		yaql.Ext("concat", qConcat, yaql.Rest("collections", yaql.Iterable)),
		yaql.Ext("len", qCount, yaql.P("collection", qIterator)),
		yaql.Meth("count", qCount, coll),
		yaql.Meth("memorize", qMemorize, coll),
		yaql.Meth("sum", qDelegateReduce("#operator_+"), coll, yaql.Opt("initial", yaql.Any, yaql.NoValue)),
		yaql.Meth("min", qDelegateReduce("min"), coll, yaql.Opt("initial", yaql.Any, yaql.NoValue)),
		yaql.Meth("max", qDelegateReduce("max"), coll, yaql.Opt("initial", yaql.Any, yaql.NoValue)),
		yaql.Meth("first", qFirst, coll, yaql.Opt("default", yaql.Any, yaql.NoValue)),
		yaql.Meth("single", qSingle, coll),
		yaql.Meth("last", qLast, coll, yaql.Opt("default", yaql.Any, yaql.NoValue)),
		yaql.Meth("selectMany", qSelectMany, coll, sel),
		yaql.Fn("range", qRange, yaql.P("stop", qInt)),
		yaql.Fn("range", qRange, yaql.P("start", qInt), yaql.P("stop", qInt), yaql.Opt("step", qInt, value.Int(1))),
		yaql.Meth("orderBy", qOrderBy(true), coll, sel),
		yaql.Meth("orderByDescending", qOrderBy(false), coll, sel),
		yaql.Meth("thenBy", qThenBy(true), yaql.P("collection", qOrderingType), sel),
		yaql.Meth("thenByDescending", qThenBy(false), yaql.P("collection", qOrderingType), sel),
		yaql.Meth("groupBy", qGroupBy, coll, yaql.P("keySelector", yaql.Lazy), optLambda("valueSelector"), optLambda("aggregator")),
		yaql.Meth("join", qJoin, yaql.P("collection1", yaql.Iterable), yaql.P("collection2", yaql.Iterable), pred, sel),
		yaql.Meth("zip", qZip, yaql.Rest("collections", yaql.Iterable)),
		yaql.Meth("zipLongest", qZipLongest, yaql.Rest("collections", yaql.Iterable), yaql.Kwargs("kwargs", yaql.Any)),
		yaql.Meth("repeat", qRepeat, yaql.P("value", yaql.Any), yaql.Opt("times", qInt, value.Int(-1))),
		yaql.Meth("cycle", qCycle, coll),
		yaql.Meth("takeWhile", qTakeWhile, coll, pred),
		yaql.Meth("skipWhile", qSkipWhile, coll, pred),
		yaql.Meth("indexOf", qIndexOf(false), coll, yaql.P("item", yaql.Any)),
		yaql.Meth("lastIndexOf", qIndexOf(true), coll, yaql.P("item", yaql.Any)),
		yaql.Meth("indexWhere", qIndexWhere(false), coll, pred),
		yaql.Meth("lastIndexWhere", qIndexWhere(true), coll, pred),
		yaql.Meth("slice", qSlice, coll, yaql.P("length", qInt)),
		yaql.Meth("splitWhere", qSplitWhere, coll, pred),
		yaql.Meth("sliceWhere", qSliceWhere, coll, pred),
		yaql.Meth("splitAt", qSplitAt, coll, yaql.P("index", qInt)),
		yaql.Meth("aggregate", qAggregate, coll, sel, yaql.Opt("seed", yaql.Any, yaql.NoValue)),
		yaql.Meth("reduce", qAggregate, coll, sel, yaql.Opt("seed", yaql.Any, yaql.NoValue)),
		yaql.Meth("accumulate", qAccumulate, coll, sel, yaql.Opt("seed", yaql.Any, yaql.NoValue)),
		yaql.Meth("reverse", qReverse, coll),
		yaql.Meth("mergeWith", qMergeWith, yaql.P("dict", yaql.Mapping), yaql.P("another", yaql.Mapping),
			optLambda("listMerger"), optLambda("itemMerger"), yaql.Opt("maxLevels", qInt, value.Int(0))),
		yaql.Fn("isIterable", qIsIterable, yaql.P("value", yaql.Any)),
		yaql.Fn("sequence", qSequence, yaql.Opt("start", qInt, value.Int(0)), yaql.Opt("step", qInt, value.Int(1))),
		yaql.Fn("generate", qGenerate, yaql.P("initial", yaql.Any), yaql.P("predicate", yaql.Lazy), yaql.P("producer", yaql.Lazy),
			optLambda("selector"), yaql.Opt("decycle", yaql.Boolean, value.Bool(false))),
		yaql.Fn("generateMany", qGenerateMany, yaql.P("initial", yaql.Any), yaql.P("producer", yaql.Lazy),
			optLambda("selector"), yaql.Opt("decycle", yaql.Boolean, value.Bool(false)), yaql.Opt("depthFirst", yaql.Boolean, value.Bool(false))),
		yaql.Meth("defaultIfEmpty", qDefaultIfEmpty, coll, yaql.P("default", yaql.Iterable)),
	)
}

// qIter returns a fresh iterator over a collection argument (the iterator
// itself for a single-use one).
func qIter(v value.Value) *value.Iterator {
	if it, ok := value.Iterate(v); ok {
		return it
	}
	return value.SliceIterator(nil)
}

// qNext pulls the next element of it, counting a step.
func qNext(rt *yaql.Runtime, it *value.Iterator) (value.Value, bool, error) {
	if err := rt.Step(); err != nil {
		return nil, false, err
	}
	return it.Next()
}

// qEach calls f for every element of a collection, counting steps.
func qEach(rt *yaql.Runtime, coll value.Value, f func(value.Value) error) error {
	it := qIter(coll)
	for {
		v, ok, err := qNext(rt, it)
		if err != nil || !ok {
			return err
		}
		if err := f(v); err != nil {
			return err
		}
	}
}

// qLambda returns the i-th argument as a lambda, nil when it is null.
func qLambda(c *yaql.Call, i int) *yaql.Lambda {
	l, _ := c.Args[i].(*yaql.Lambda)
	return l
}

// qTest evaluates a predicate and returns its truth.
func qTest(l *yaql.Lambda, args ...value.Value) (bool, error) {
	r, err := l.Call(args...)
	if err != nil {
		return false, err
	}
	return value.Truth(r), nil
}

// qLazy returns an iterator whose first pull runs start, which returns the
// function producing the elements: the reference's generator functions do
// nothing, not even fail, until iterated.
func qLazy(start func() (func() (value.Value, bool, error), error)) *value.Iterator {
	var next func() (value.Value, bool, error)
	return value.NewIterator(func() (value.Value, bool, error) {
		if next == nil {
			n, err := start()
			if err != nil {
				return nil, false, err
			}
			next = n
		}
		return next()
	})
}

func stopIteration(msg string) error { return yaql.Raise("StopIteration", "%s", msg) }

func qWhere(c *yaql.Call) (value.Value, error) {
	src, pred := qIter(c.Args[0]), c.Lambda(1)
	return value.NewIterator(func() (value.Value, bool, error) {
		for {
			v, ok, err := qNext(c.RT, src)
			if err != nil || !ok {
				return nil, false, err
			}
			if keep, err := qTest(pred, v); err != nil || keep {
				return v, err == nil, err
			}
		}
	}), nil
}

func qSelect(c *yaql.Call) (value.Value, error) {
	src, sel := qIter(c.Args[0]), c.Lambda(1)
	return qMap(c.RT, src, sel.Call), nil
}

// qMap lazily applies f to the elements of src.
func qMap(rt *yaql.Runtime, src *value.Iterator, f func(...value.Value) (value.Value, error)) *value.Iterator {
	return value.NewIterator(func() (value.Value, bool, error) {
		v, ok, err := qNext(rt, src)
		if err != nil || !ok {
			return nil, false, err
		}
		r, err := f(v)
		return r, err == nil, err
	})
}

// qAttribution is collection.name: the member name of every element.
func qAttribution(c *yaql.Call) (value.Value, error) {
	name := c.Args[1].(*yaql.Expression).Node
	return qMap(c.RT, qIter(c.Args[0]), func(v ...value.Value) (value.Value, error) {
		return c.RT.Call(c.Ctx.Child(), "#operator_.", yaql.NoValue, []yaql.Arg{yaql.ValueArg(v[0]), yaql.ExprArg(name)}, nil, nil)
	}), nil
}

// qIsliceArg converts an islice bound, failing as islice does outside
// 0 … sys.maxsize.
func qIsliceArg(v value.Value, what string) (int64, error) {
	n, ok := value.ToInt64(v)
	if !ok || n < 0 {
		return 0, yaql.Raise("ValueError", "%s for islice() must be None or an integer: 0 <= x <= sys.maxsize.", what)
	}
	return n, nil
}

// qIslice returns the elements of src from start, at most count of them
// (count < 0: all), pulling no element beyond them.
func qIslice(rt *yaql.Runtime, src *value.Iterator, start, count int64) *value.Iterator {
	return value.NewIterator(func() (value.Value, bool, error) {
		for ; start > 0; start-- {
			if _, ok, err := qNext(rt, src); err != nil || !ok {
				return nil, false, err
			}
		}
		if count == 0 {
			return nil, false, nil
		}
		v, ok, err := qNext(rt, src)
		if ok && count > 0 {
			count--
		}
		return v, ok, err
	})
}

func qTake(c *yaql.Call) (value.Value, error) {
	n, err := qIsliceArg(c.Args[1], "Stop argument")
	if err != nil {
		return nil, err
	}
	return qIslice(c.RT, qIter(c.Args[0]), 0, n), nil
}

func qSkip(c *yaql.Call) (value.Value, error) {
	n, err := qIsliceArg(c.Args[1], "Indices")
	if err != nil {
		return nil, err
	}
	return qIslice(c.RT, qIter(c.Args[0]), n, -1), nil
}

// qChain iterates the collections one after the other.
func qChain(rt *yaql.Runtime, colls []value.Value) *value.Iterator {
	var cur *value.Iterator
	return value.NewIterator(func() (value.Value, bool, error) {
		for {
			if cur == nil {
				if len(colls) == 0 {
					return nil, false, nil
				}
				cur, colls = qIter(colls[0]), colls[1:]
			}
			v, ok, err := qNext(rt, cur)
			if err != nil || ok {
				return v, ok, err
			}
			cur = nil
		}
	})
}

func qAppend(c *yaql.Call) (value.Value, error) {
	return qChain(c.RT, []value.Value{c.Args[0], value.NewTuple(c.Rest)}), nil
}

func qConcat(c *yaql.Call) (value.Value, error) {
	return qChain(c.RT, c.Rest), nil
}

func qDistinct(c *yaql.Call) (value.Value, error) {
	return qDistinctOf(c.RT, qIter(c.Args[0]), qLambda(c, 1)), nil
}

// qDistinctOf lazily drops the elements whose key (the element itself
// without a key selector) was seen before.
func qDistinctOf(rt *yaql.Runtime, src *value.Iterator, keySel *yaql.Lambda) *value.Iterator {
	seen := value.NewSet(0)
	return value.NewIterator(func() (value.Value, bool, error) {
		for {
			v, ok, err := qNext(rt, src)
			if err != nil || !ok {
				return nil, false, err
			}
			key := v
			if keySel != nil {
				if key, err = keySel.Call(v); err != nil {
					return nil, false, err
				}
			}
			dup, err := seen.Has(key)
			if err != nil {
				return nil, false, err
			}
			if !dup {
				return v, true, seen.Add(key)
			}
		}
	})
}

func qEnumerate(c *yaql.Call) (value.Value, error) {
	src, start := qIter(c.Args[0]), c.Args[1]
	return qLazy(func() (func() (value.Value, bool, error), error) {
		if value.IsNull(start) {
			return nil, yaql.Raise("TypeError", "'NoneType' object cannot be interpreted as an integer")
		}
		i := numberOrSelf(start)
		return func() (value.Value, bool, error) {
			v, ok, err := qNext(c.RT, src)
			if err != nil || !ok {
				return nil, false, err
			}
			pair := value.NewPyList([]value.Value{i, v})
			i = qAddInt(i, value.Int(1))
			return pair, true, nil
		}, nil
	}), nil
}

// qAddInt adds two integers.
func qAddInt(a, b value.Value) value.Value {
	s, _ := numAdd(nil, a, b)
	return s
}

// qCmpInt compares two integers: -1, 0 or 1.
func qCmpInt(a, b value.Value) int {
	c, _ := numCmp(a, b)
	return c
}

func qAny(c *yaql.Call) (value.Value, error) {
	pred := qLambda(c, 1)
	found := false
	err := qEach(c.RT, c.Args[0], func(v value.Value) error {
		if pred == nil {
			found = true
		} else {
			var err error
			if found, err = qTest(pred, v); err != nil {
				return err
			}
		}
		if found {
			return errStop
		}
		return nil
	})
	if err != nil && err != errStop {
		return nil, err
	}
	return value.Bool(found), nil
}

func qAll(c *yaql.Call) (value.Value, error) {
	pred := qLambda(c, 1)
	all := true
	err := qEach(c.RT, c.Args[0], func(v value.Value) error {
		ok := value.Truth(v)
		if pred != nil {
			var err error
			if ok, err = qTest(pred, v); err != nil {
				return err
			}
		}
		if !ok {
			all = false
			return errStop
		}
		return nil
	})
	if err != nil && err != errStop {
		return nil, err
	}
	return value.Bool(all), nil
}

// errStop ends a qEach loop early.
var errStop = errors.New("stop")

func qCount(c *yaql.Call) (value.Value, error) {
	n := 0
	err := qEach(c.RT, c.Args[0], func(value.Value) error { n++; return nil })
	return value.Int(n), err
}

func qMemorize(c *yaql.Call) (value.Value, error) {
	if it, ok := c.Args[0].(*value.Iterator); ok {
		return value.Memorize(it), nil
	}
	return c.Args[0], nil
}

// qReduce folds the elements of coll with f from seed (from the first
// element when seed is NoValue), as Python's functools.reduce.
func qReduce(rt *yaql.Runtime, coll value.Value, seed value.Value, f func(acc, v value.Value) (value.Value, error)) (value.Value, error) {
	acc := seed
	err := qEach(rt, coll, func(v value.Value) error {
		if acc == yaql.NoValue {
			acc = v
			return nil
		}
		var err error
		acc, err = f(acc, v)
		return err
	})
	if err != nil {
		return nil, err
	}
	if acc == yaql.NoValue {
		return nil, yaql.Raise("TypeError", "reduce() of empty iterable with no initial value")
	}
	return acc, nil
}

// qDelegateReduce folds a collection with the YAQL function name (sum,
// min and max).
func qDelegateReduce(name string) func(c *yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		return qReduce(c.RT, c.Args[0], c.Args[1], func(acc, v value.Value) (value.Value, error) {
			return c.CallFunction(name, yaql.NoValue, acc, v)
		})
	}
}

func qAggregate(c *yaql.Call) (value.Value, error) {
	sel := c.Lambda(1)
	return qReduce(c.RT, c.Args[0], c.Args[2], func(acc, v value.Value) (value.Value, error) { return sel.Call(acc, v) })
}

func qAccumulate(c *yaql.Call) (value.Value, error) {
	src, sel, total := qIter(c.Args[0]), c.Lambda(1), c.Args[2]
	started := false
	return value.NewIterator(func() (value.Value, bool, error) {
		if !started {
			started = true
			if total == yaql.NoValue {
				v, ok, err := qNext(c.RT, src)
				if err != nil {
					return nil, false, err
				}
				if !ok {
					return nil, false, yaql.Raise("TypeError", "accumulate() of empty sequence with no initial value")
				}
				total = v
			}
			return total, true, nil
		}
		v, ok, err := qNext(c.RT, src)
		if err != nil || !ok {
			return nil, false, err
		}
		total, err = sel.Call(total, v)
		return total, err == nil, err
	}), nil
}

func qFirst(c *yaql.Call) (value.Value, error) {
	v, ok, err := qNext(c.RT, qIter(c.Args[0]))
	switch {
	case err != nil:
		return nil, err
	case ok:
		return v, nil
	case c.Args[1] == yaql.NoValue:
		return nil, stopIteration("")
	}
	return c.Args[1], nil
}

func qSingle(c *yaql.Call) (value.Value, error) {
	it := qIter(c.Args[0])
	v, ok, err := qNext(c.RT, it)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, stopIteration("")
	}
	_, more, err := qNext(c.RT, it)
	if err != nil {
		return nil, err
	}
	if more {
		return nil, stopIteration("Collection contains more than one item")
	}
	return v, nil
}

func qLast(c *yaql.Call) (value.Value, error) {
	last := c.Args[1]
	switch x := c.Args[0].(type) {
	case *value.List:
		if len(x.Items) > 0 {
			last = x.Items[len(x.Items)-1]
		}
	case *value.Range:
		if n := x.Len(); n > 0 {
			last = x.At(n - 1)
		}
	default:
		if err := qEach(c.RT, x, func(v value.Value) error { last = v; return nil }); err != nil {
			return nil, err
		}
	}
	if last == yaql.NoValue {
		return nil, stopIteration("")
	}
	return last, nil
}

func qIsIterable(c *yaql.Call) (value.Value, error) {
	return value.Bool(value.IsCollection(c.Args[0])), nil
}

func qSelectMany(c *yaql.Call) (value.Value, error) {
	src, sel := qIter(c.Args[0]), c.Lambda(1)
	var inner *value.Iterator
	return value.NewIterator(func() (value.Value, bool, error) {
		for {
			if inner != nil {
				v, ok, err := qNext(c.RT, inner)
				if err != nil || ok {
					return v, ok, err
				}
				inner = nil
			}
			v, ok, err := qNext(c.RT, src)
			if err != nil || !ok {
				return nil, false, err
			}
			r, err := sel.Call(v)
			if err != nil {
				return nil, false, err
			}
			if !value.IsCollection(r) {
				return r, true, nil
			}
			inner = qIter(r)
		}
	}), nil
}

func qRange(c *yaql.Call) (value.Value, error) {
	start, stop, step := value.Value(value.Int(0)), numberOrSelf(c.Args[0]), value.Value(value.Int(1))
	if len(c.Args) == 3 {
		start, stop, step = numberOrSelf(c.Args[0]), numberOrSelf(c.Args[1]), numberOrSelf(c.Args[2])
	}
	dir := qCmpInt(step, value.Int(0))
	if dir == 0 {
		return nil, yaql.Raise("ValueError", "range() arg 3 must not be zero")
	}
	return qCounter(c, start, step, func(cur value.Value) bool { return qCmpInt(cur, stop) == -dir }), nil
}

func qSequence(c *yaql.Call) (value.Value, error) {
	return qCounter(c, numberOrSelf(c.Args[0]), numberOrSelf(c.Args[1]), nil), nil
}

// qCounter lazily yields start, start + step, … while more (nil: always)
// holds of the next value.
func qCounter(c *yaql.Call, start, step value.Value, more func(value.Value) bool) *value.Iterator {
	cur := start
	return value.NewIterator(func() (value.Value, bool, error) {
		if more != nil && !more(cur) {
			return nil, false, nil
		}
		if err := c.RT.Step(); err != nil {
			return nil, false, err
		}
		v := cur
		cur = qAddInt(cur, step)
		return v, true, nil
	})
}

func qJoin(c *yaql.Call) (value.Value, error) {
	outer, other := qIter(c.Args[0]), c.Args[1]
	pred, sel := c.Lambda(2), c.Lambda(3)
	return qLazy(func() (func() (value.Value, bool, error), error) {
		if it, ok := other.(*value.Iterator); ok {
			other = value.Memorize(it)
		}
		var left value.Value
		var inner *value.Iterator
		return func() (value.Value, bool, error) {
			for {
				if inner == nil {
					v, ok, err := qNext(c.RT, outer)
					if err != nil || !ok {
						return nil, false, err
					}
					left, inner = v, qIter(other)
				}
				right, ok, err := qNext(c.RT, inner)
				if err != nil {
					return nil, false, err
				}
				if !ok {
					inner = nil
					continue
				}
				if match, err := qTest(pred, left, right); err != nil || !match {
					if err != nil {
						return nil, false, err
					}
					continue
				}
				r, err := sel.Call(left, right)
				return r, err == nil, err
			}
		}, nil
	}), nil
}

func qZip(c *yaql.Call) (value.Value, error) {
	its := make([]*value.Iterator, len(c.Rest))
	for i, coll := range c.Rest {
		its[i] = qIter(coll)
	}
	return value.NewIterator(func() (value.Value, bool, error) {
		if len(its) == 0 {
			return nil, false, nil
		}
		row := make([]value.Value, len(its))
		for i, it := range its {
			v, ok, err := qNext(c.RT, it)
			if err != nil || !ok {
				return nil, false, err
			}
			row[i] = v
		}
		return value.NewTuple(row), true, nil
	}), nil
}

func qZipLongest(c *yaql.Call) (value.Value, error) {
	fill := value.Null
	for _, kw := range c.Kwargs {
		if kw.Name == "default" {
			fill = kw.Value
		}
	}
	its := make([]*value.Iterator, len(c.Rest))
	for i, coll := range c.Rest {
		its[i] = qIter(coll)
	}
	active := len(its)
	return value.NewIterator(func() (value.Value, bool, error) {
		if active == 0 {
			return nil, false, nil
		}
		row := make([]value.Value, len(its))
		for i, it := range its {
			row[i] = fill
			if it == nil {
				continue
			}
			v, ok, err := qNext(c.RT, it)
			if err != nil {
				return nil, false, err
			}
			if ok {
				row[i] = v
				continue
			}
			its[i] = nil
			if active--; active == 0 {
				return nil, false, nil
			}
		}
		return value.NewTuple(row), true, nil
	}), nil
}

func qRepeat(c *yaql.Call) (value.Value, error) {
	v, times := c.Args[0], numberOrSelf(c.Args[1])
	n := int64(-1)
	if qCmpInt(times, value.Int(0)) >= 0 {
		var ok bool
		if n, ok = value.ToInt64(times); !ok {
			return nil, yaql.Raise("OverflowError", "Python int too large to convert to C ssize_t")
		}
	}
	return value.NewIterator(func() (value.Value, bool, error) {
		if n == 0 {
			return nil, false, nil
		}
		if err := c.RT.Step(); err != nil {
			return nil, false, err
		}
		if n > 0 {
			n--
		}
		return v, true, nil
	}), nil
}

func qCycle(c *yaql.Call) (value.Value, error) {
	src := qIter(c.Args[0])
	var saved []value.Value
	i := -1
	return value.NewIterator(func() (value.Value, bool, error) {
		if i < 0 {
			v, ok, err := qNext(c.RT, src)
			if err != nil {
				return nil, false, err
			}
			if ok {
				if err := c.RT.CheckCollection(len(saved) + 1); err != nil {
					return nil, false, err
				}
				saved = append(saved, v)
				return v, true, nil
			}
			i = 0
		}
		if len(saved) == 0 {
			return nil, false, nil
		}
		if err := c.RT.Step(); err != nil {
			return nil, false, err
		}
		v := saved[i]
		i = (i + 1) % len(saved)
		return v, true, nil
	}), nil
}

func qTakeWhile(c *yaql.Call) (value.Value, error) {
	src, pred := qIter(c.Args[0]), c.Lambda(1)
	return value.NewIterator(func() (value.Value, bool, error) {
		v, ok, err := qNext(c.RT, src)
		if err != nil || !ok {
			return nil, false, err
		}
		keep, err := qTest(pred, v)
		return v, keep && err == nil, err
	}), nil
}

func qSkipWhile(c *yaql.Call) (value.Value, error) {
	src, pred := qIter(c.Args[0]), c.Lambda(1)
	skipping := true
	return value.NewIterator(func() (value.Value, bool, error) {
		for {
			v, ok, err := qNext(c.RT, src)
			if err != nil || !ok {
				return nil, false, err
			}
			if !skipping {
				return v, true, nil
			}
			skip, err := qTest(pred, v)
			if err != nil {
				return nil, false, err
			}
			if !skip {
				skipping = false
				return v, true, nil
			}
		}
	}), nil
}

// qFindIndex returns the index of the first (or last) element for which
// match holds, -1 if none.
func qFindIndex(rt *yaql.Runtime, coll value.Value, last bool, match func(value.Value) (bool, error)) (value.Value, error) {
	found, i := -1, 0
	err := qEach(rt, coll, func(v value.Value) error {
		ok, err := match(v)
		if err != nil {
			return err
		}
		if ok {
			found = i
			if !last {
				return errStop
			}
		}
		i++
		return nil
	})
	if err != nil && err != errStop {
		return nil, err
	}
	return value.Int(found), nil
}

func qIndexOf(last bool) func(c *yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		return qFindIndex(c.RT, c.Args[0], last, func(v value.Value) (bool, error) { return value.Equal(v, c.Args[1]), nil })
	}
}

func qIndexWhere(last bool) func(c *yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		pred := c.Lambda(1)
		return qFindIndex(c.RT, c.Args[0], last, func(v value.Value) (bool, error) { return qTest(pred, v) })
	}
}

func qDefaultIfEmpty(c *yaql.Call) (value.Value, error) {
	coll := c.Args[0]
	switch x := coll.(type) {
	case *value.List, *value.Set, *value.Range:
		if x.(interface{ Len() int }).Len() == 0 {
			return c.Args[1], nil
		}
		return coll, nil
	case *value.Iterator:
		coll = value.Memorize(x)
	}
	_, ok, err := qNext(c.RT, qIter(coll))
	if err != nil {
		return nil, err
	}
	if !ok {
		return c.Args[1], nil
	}
	return coll, nil
}

// qToList materialises a collection through the toList function, as the
// reference's delegate does (legacy's toList makes lists, not tuples).
func qToList(c *yaql.Call, coll value.Value) (value.Value, error) {
	return c.CallFunction("toList", coll)
}

// qListItems returns coll.toList() and its elements.
func qListItems(c *yaql.Call, coll value.Value) (value.Value, []value.Value, error) {
	lst, err := qToList(c, coll)
	if err != nil {
		return nil, nil, err
	}
	items, err := qItemsOf(c.RT, lst)
	return lst, items, err
}

// qItemsOf returns the elements of what toList returned.
func qItemsOf(rt *yaql.Runtime, lst value.Value) ([]value.Value, error) {
	if l, ok := lst.(*value.List); ok {
		return l.Items, nil
	}
	var items []value.Value
	err := qEach(rt, lst, func(v value.Value) error { items = append(items, v); return nil })
	return items, err
}

// qClampIndex turns a Python slice bound into an index in 0 … n.
func qClampIndex(i value.Value, n int) int {
	if qCmpInt(i, value.Int(0)) < 0 {
		i = qAddInt(i, value.Int(n))
		if qCmpInt(i, value.Int(0)) < 0 {
			return 0
		}
	}
	if qCmpInt(i, value.Int(n)) > 0 {
		return n
	}
	x, _ := value.ToInt64(i)
	return int(x)
}
