// This file defines the collections library: building lists, dictionaries
// and sets, and the dictionary functions. Sequence functions are in
// collections_seq.go, set functions in collections_set.go.
//
// The reference returns tuples from most list functions, Python lists from
// a few (insert on a sequence), frozensets from the set functions and
// dictionary views from keys() and items(); the results here keep those
// kinds, because they show in str() and in equality.

package std

import (
	"fmt"
	"math/big"
	"strings"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func init() { addLibrary(orderCollections, "collections", registerCollections) }

var (
	// colInt is the reference's non-nullable Python int parameter:
	// integers and booleans.
	colInt = &yaql.PyType{Name: "int", Classes: []string{"int"}, Pred: func(v value.Value, _ *yaql.Runtime) bool {
		_, isBool := v.(value.Bool)
		return isBool || value.IsInt(v)
	}}
	// colRule accepts an evaluated "key => value" argument (the
	// reference's PythonType(MappingRule), which is not lazy).
	colRule = &yaql.PyType{Name: "mapping rule", Classes: []string{"MappingRule"}, Pred: func(v value.Value, _ *yaql.Runtime) bool {
		_, ok := v.(*yaql.MappingRule)
		return ok
	}}
	// colIterableNotSet is an iterable parameter that refuses sets.
	colIterableNotSet = &yaql.PyType{Name: "iterable", Classes: []string{"Iterable"},
		Pred: func(v value.Value, rt *yaql.Runtime) bool {
			_, isSet := v.(*value.Set)
			return !isSet && yaql.Iterable.Pred(v, rt)
		},
		Conv: yaql.Iterable.Conv}
)

func registerCollections(c *yaql.Context, o Options) {
	dict := yaql.P("dict", yaql.Mapping)
	coll := yaql.P("collection", yaql.Iterable)
	position := yaql.P("position", colInt)
	count := yaql.Opt("count", colInt, value.Int(1))
	c.Register(
		yaql.Fn("list", colList, yaql.Rest("args", yaql.Any)),
		yaql.Fn("#list", colBuildList, yaql.Rest("args", yaql.Any)),
		yaql.Meth("toList", colToList, coll),
		yaql.Meth("flatten", colFlatten, coll),
		yaql.Fn("#indexer", colSeqIndexer, yaql.P("list", yaql.Sequence), yaql.P("index", colInt)),
		yaql.Fn("dict", colDictOfRules, yaql.Rest("args", colRule)).WithNoKwargs(),
		yaql.Fn("#map", colDictOfRules, yaql.Rest("args", colRule)).WithNoKwargs(),
		yaql.Fn("dict", colDictOfPairs, yaql.P("items", yaql.Iterable)).WithNoKwargs(),
		yaql.Meth("toDict", colToDict, coll, yaql.P("keySelector", yaql.Lazy), yaql.Opt("valueSelector", yaql.Lazy, value.Null)),
		yaql.Fn("#operator_.", colDictIndexer, dict, yaql.P("key", yaql.Keyword)),
		yaql.Fn("#indexer", colDictIndexer, dict, yaql.P("key", yaql.Any)),
		yaql.Fn("#indexer", colDictGet, dict, yaql.P("key", yaql.Any), yaql.P("default", yaql.Any)),
		yaql.Meth("get", colDictGet, dict, yaql.P("key", yaql.Any), yaql.Opt("default", yaql.Any, value.Null)),
		yaql.Meth("set", colDictSet, dict, yaql.P("key", yaql.Any), yaql.P("value", yaql.Any)).WithNoKwargs(),
		yaql.Meth("set", colDictSetMany, dict, yaql.P("replacements", yaql.Mapping)).WithNoKwargs(),
		yaql.Meth("set", colDictSetRules, dict, yaql.Rest("args", colRule)).WithNoKwargs(),
		yaql.Meth("keys", colDictKeys, dict),
		yaql.Meth("values", colDictValues, dict),
		yaql.Meth("items", colDictItems, dict),
		yaql.Fn("#operator_in", colIn, yaql.P("value", yaql.Any), coll),
		yaql.Meth("containsKey", colContainsKey, dict, yaql.P("key", yaql.Any)),
		yaql.Meth("containsValue", colContainsValue, dict, yaql.P("value", yaql.Any)),
		yaql.Fn("#operator_+", colCombine, yaql.P("left", yaql.Iterable), yaql.P("right", yaql.Iterable)),
		yaql.Fn("#operator_*", colRepeatSeq, yaql.P("left", yaql.Sequence), yaql.P("right", colInt)),
		yaql.Fn("#operator_*", colRepeatSeq, yaql.P("left", colInt), yaql.P("right", yaql.Sequence)),
		yaql.Fn("#operator_+", colCombineDicts, yaql.P("left", yaql.Mapping), yaql.P("right", yaql.Mapping)),
		yaql.Fn("isDict", colIsDict, yaql.P("arg", yaql.Any)),
		yaql.Fn("isList", colIsList, yaql.P("arg", yaql.Any)),
		yaql.Ext("len", colLen, dict),
		yaql.Ext("len", colLen, yaql.P("sequence", yaql.Sequence)),
		yaql.Meth("delete", colDelete, coll, position, count),
		yaql.Meth("delete", colDictDelete, dict, yaql.Rest("keys", yaql.Any)),
		yaql.Meth("deleteAll", colDictDeleteAll, dict, yaql.P("keys", yaql.Iterable)),
		yaql.Meth("insert", colIterInsert, yaql.P("collection", colIterableNotSet), position, yaql.P("value", yaql.Any)),
		yaql.Meth("insert", colListInsert, yaql.P("collection", yaql.Sequence), position, yaql.P("value", yaql.Any)),
		yaql.Meth("replace", colReplace, coll, position, yaql.P("value", yaql.Any), count),
		yaql.Meth("replaceMany", colReplaceMany, coll, position, yaql.P("values", yaql.Iterable), count),
		yaql.Meth("insertMany", colInsertMany, coll, position, yaql.P("values", yaql.Iterable)),
		yaql.Meth("contains", colContains, coll, yaql.P("value", yaql.Any)),
	)
	if o.NoSets {
		return
	}
	left, right := yaql.P("left", yaql.SetType), yaql.P("right", yaql.SetType)
	c.Register(
		yaql.Fn("isSet", colIsSet, yaql.P("arg", yaql.Any)),
		yaql.Fn("set", colSet, yaql.Rest("args", yaql.Any)),
		yaql.Meth("toSet", colToSet, coll),
		yaql.Ext("len", colLen, yaql.P("set", yaql.SetType)),
		yaql.Fn("#operator_<", colSetCompare(true, false), left, right),
		yaql.Fn("#operator_<=", colSetCompare(false, false), left, right),
		yaql.Fn("#operator_>", colSetCompare(true, true), left, right),
		yaql.Fn("#operator_>=", colSetCompare(false, true), left, right),
		yaql.Meth("add", colSetAdd, yaql.P("set", yaql.SetType), yaql.Rest("values", yaql.Any)),
		yaql.Meth("remove", colSetRemove, yaql.P("set", yaql.SetType), yaql.Rest("values", yaql.Any)),
		yaql.Meth("union", colUnion, left, right),
		yaql.Meth("intersect", colIntersect, left, right),
		yaql.Meth("difference", colDifference, left, right),
		yaql.Fn("#operator_-", colDifference, left, right),
		yaql.Meth("symmetricDifference", colSymmetricDifference, left, right),
	)
}

// colUnwrapIterators lazily yields the values, replacing every iterator
// among them (and in them, recursively) with its elements, as the
// reference's list() and set() do before collecting.
func colUnwrapIterators(rt *yaql.Runtime, vals []value.Value) *value.Iterator {
	return colExpand(rt, value.SliceIterator(vals), func(v value.Value) bool {
		_, ok := v.(*value.Iterator)
		return ok
	})
}

// colExpand lazily yields the values of it, replacing those for which
// nested holds with their own elements, recursively; each value yielded
// is a step of the budget.
func colExpand(rt *yaql.Runtime, it *value.Iterator, nested func(value.Value) bool) *value.Iterator {
	stack := []*value.Iterator{it}
	return value.NewIterator(func() (value.Value, bool, error) {
		for len(stack) > 0 {
			v, ok, err := stack[len(stack)-1].Next()
			if err != nil {
				return nil, false, err
			}
			if !ok {
				stack = stack[:len(stack)-1]
				continue
			}
			if nested(v) {
				inner, _ := value.Iterate(v)
				stack = append(stack, inner)
				continue
			}
			if err := rt.Step(); err != nil {
				return nil, false, err
			}
			return v, true, nil
		}
		return nil, false, nil
	})
}

func colList(c *yaql.Call) (value.Value, error) {
	return c.CallFunction("toList", colUnwrapIterators(c.RT, c.Rest))
}

func colBuildList(c *yaql.Call) (value.Value, error) {
	return value.NewTuple(append(make([]value.Value, 0, len(c.Rest)), c.Rest...)), nil
}

// colCollect materialises a collection argument, counting a step per
// element.
func colCollect(rt *yaql.Runtime, coll value.Value) ([]value.Value, error) {
	if l, ok := coll.(*value.List); ok {
		return l.Items, nil
	}
	var out []value.Value
	err := colEach(rt, coll, func(v value.Value) error {
		out = append(out, v)
		return nil
	})
	return out, err
}

// colEach calls f for every element of a collection, counting steps.
func colEach(rt *yaql.Runtime, coll value.Value, f func(value.Value) error) error {
	it, ok := value.Iterate(coll)
	if !ok {
		return value.NewTypeError("'" + coll.Type() + "' object is not iterable")
	}
	for {
		if err := rt.Step(); err != nil {
			return err
		}
		v, ok, err := it.Next()
		if err != nil || !ok {
			return err
		}
		if err := f(v); err != nil {
			return err
		}
	}
}

func colToList(c *yaql.Call) (value.Value, error) {
	if l, ok := c.Args[0].(*value.List); ok && !l.Mutable {
		return l, nil
	}
	items, err := colCollect(c.RT, c.Args[0])
	if err != nil {
		return nil, err
	}
	return value.NewTuple(append(make([]value.Value, 0, len(items)), items...)), nil
}

func colDictOfRules(c *yaql.Call) (value.Value, error) {
	return colSetRules(value.NewDict(len(c.Rest)), c.Rest)
}

// colSetRules sets the entries of "key => value" rules in d.
func colSetRules(d *value.Dict, rules []value.Value) (value.Value, error) {
	for _, r := range rules {
		k, v, err := r.(*yaql.MappingRule).Parts()
		if err != nil {
			return nil, err
		}
		if err := d.Set(k, v); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// colIterOf returns a fresh iterator over anything Python's iter() accepts:
// collections, dictionaries (their keys) and strings (their characters).
func colIterOf(v value.Value) (*value.Iterator, error) {
	if s, ok := v.(value.String); ok {
		chars := make([]value.Value, 0, len(s))
		for _, r := range string(s) {
			chars = append(chars, value.String(string(r)))
		}
		return value.SliceIterator(chars), nil
	}
	if it, ok := value.Iterate(v); ok {
		return it, nil
	}
	return nil, value.NewTypeError("'" + v.Type() + "' object is not iterable")
}

func colDictOfPairs(c *yaql.Call) (value.Value, error) {
	d := value.NewDict(0)
	err := colEach(c.RT, c.Args[0], func(pair value.Value) error {
		it, err := colIterOf(pair)
		if err != nil {
			return err
		}
		var kv [2]value.Value
		for i := range kv {
			v, ok, err := it.Next()
			if err != nil {
				return err
			}
			if !ok {
				return yaql.Raise("StopIteration", "")
			}
			kv[i] = v
		}
		return d.Set(kv[0], kv[1])
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

func colToDict(c *yaql.Call) (value.Value, error) {
	keySel, valSel := c.Lambda(1), c.Lambda(2)
	d := value.NewDict(0)
	err := colEach(c.RT, c.Args[0], func(v value.Value) error {
		k, err := keySel.Call(v)
		if err != nil {
			return err
		}
		if valSel != nil {
			if v, err = valSel.Call(v); err != nil {
				return err
			}
		}
		return d.Set(k, v)
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// colLookup returns d[k], failing with Python's TypeError when k is not
// hashable.
func colLookup(d *value.Dict, k value.Value) (value.Value, bool, error) {
	if err := value.Hashable(k); err != nil {
		return nil, false, err
	}
	v, ok := d.Get(k)
	return v, ok, nil
}

func colDictIndexer(c *yaql.Call) (value.Value, error) {
	v, ok, err := colLookup(c.Args[0].(*value.Dict), c.Args[1])
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, missingKey(c.Args[0].(*value.Dict), c.Args[1])
	}
	return v, nil
}

// missingKey is the reference's KeyError, with the keys that do exist as
// a detail for people.
func missingKey(d *value.Dict, k value.Value) error {
	keys := d.Keys()
	names := make([]string, 0, min(len(keys), 10))
	for _, x := range keys[:min(len(keys), 10)] {
		names = append(names, value.Repr(x))
	}
	detail := "the dictionary is empty"
	if len(keys) > 0 {
		detail = "the dictionary has keys " + strings.Join(names, ", ")
		if len(keys) > len(names) {
			detail += fmt.Sprintf(" and %d more", len(keys)-len(names))
		}
	}
	return &yaql.Error{Class: "KeyError", Msg: value.Repr(k), Detail: "key " + value.Repr(k) + " not found: " + detail, Pos: -1, End: -1}
}

func colDictGet(c *yaql.Call) (value.Value, error) {
	v, ok, err := colLookup(c.Args[0].(*value.Dict), c.Args[1])
	if err != nil {
		return nil, err
	}
	if !ok {
		return c.Args[2], nil
	}
	return v, nil
}

func colDictSet(c *yaql.Call) (value.Value, error) {
	d := c.Args[0].(*value.Dict).Copy()
	if err := d.Set(c.Args[1], c.Args[2]); err != nil {
		return nil, err
	}
	return d, nil
}

func colDictSetMany(c *yaql.Call) (value.Value, error) {
	return colMerge(c.Args[0].(*value.Dict), c.Args[1].(*value.Dict))
}

func colDictSetRules(c *yaql.Call) (value.Value, error) {
	return colSetRules(c.Args[0].(*value.Dict).Copy(), c.Rest)
}

// colMerge returns a copy of left updated with the entries of right.
func colMerge(left, right *value.Dict) (value.Value, error) {
	d := left.Copy()
	for i, k := range right.Keys() {
		if err := d.Set(k, right.Values()[i]); err != nil {
			return nil, err
		}
	}
	return d, nil
}

func colCombineDicts(c *yaql.Call) (value.Value, error) {
	return colMerge(c.Args[0].(*value.Dict), c.Args[1].(*value.Dict))
}

// colDictKeys returns the keys as the reference's KeysView: an ordered,
// unhashable set (not a frozenset, so + concatenates).
func colDictKeys(c *yaql.Call) (value.Value, error) {
	d := c.Args[0].(*value.Dict)
	s := value.NewSet(d.Len())
	s.Mutable = true
	s.View = &value.DictView{Kind: "KeysView", Dict: d}
	for _, k := range d.Keys() {
		if err := s.Add(k); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// colDictValues returns the values in order. The reference's ValuesView
// is neither a sequence nor a set, so it cannot be indexed or repeated;
// a re-iterable iterator is the nearest kind.
func colDictValues(c *yaql.Call) (value.Value, error) {
	d := c.Args[0].(*value.Dict)
	it := value.Memorize(value.SliceIterator(append(make([]value.Value, 0, d.Len()), d.Values()...)))
	it.View = &value.DictView{Kind: "ValuesView", Dict: d}
	return it, nil
}

// colDictItems returns the [key, value] pairs as the reference's ItemsView,
// an ordered unhashable set, or as a tuple when a value is not hashable
// (the view does not need hashing, the set here does).
func colDictItems(c *yaql.Call) (value.Value, error) {
	d := c.Args[0].(*value.Dict)
	pairs := make([]value.Value, d.Len())
	for i, k := range d.Keys() {
		pairs[i] = value.NewTuple([]value.Value{k, d.Values()[i]})
	}
	s := value.NewSet(len(pairs))
	s.Mutable = true
	s.View = &value.DictView{Kind: "ItemsView", Dict: d}
	for _, p := range pairs {
		if s.Add(p) != nil {
			return value.NewTuple(pairs), nil
		}
	}
	return s, nil
}

func colContainsKey(c *yaql.Call) (value.Value, error) {
	_, ok, err := colLookup(c.Args[0].(*value.Dict), c.Args[1])
	return value.Bool(ok), err
}

func colContainsValue(c *yaql.Call) (value.Value, error) {
	for _, v := range c.Args[0].(*value.Dict).Values() {
		if value.Equal(v, c.Args[1]) {
			return value.Bool(true), nil
		}
	}
	return value.Bool(false), nil
}

func colDictDelete(c *yaql.Call) (value.Value, error) {
	return c.Args[0].(*value.Dict).Delete(c.Rest...)
}

func colDictDeleteAll(c *yaql.Call) (value.Value, error) {
	keys, err := colCollect(c.RT, c.Args[1])
	if err != nil {
		return nil, err
	}
	return c.Args[0].(*value.Dict).Delete(keys...)
}

func colIsDict(c *yaql.Call) (value.Value, error) {
	_, ok := c.Args[0].(*value.Dict)
	return value.Bool(ok), nil
}

func colIsList(c *yaql.Call) (value.Value, error) {
	return value.Bool(value.IsSequence(c.Args[0])), nil
}

func colIsSet(c *yaql.Call) (value.Value, error) {
	_, ok := c.Args[0].(*value.Set)
	return value.Bool(ok), nil
}

func colLen(c *yaql.Call) (value.Value, error) {
	return value.Int(c.Args[0].(value.Sized).Len()), nil
}

// colIndex returns a Python int argument as an int64 clamped to ±2^62, so
// that the sum of two stays in range; big reports a value that does not
// fit a machine index.
func colIndex(v value.Value) (n int64, big bool) {
	const limit = 1 << 62
	if b, ok := v.(value.BigInt); ok {
		if b.V.Sign() < 0 {
			return -limit, true
		}
		return limit, true
	}
	n, _ = value.ToInt64(v)
	return max(-limit, min(limit, n)), false
}

// colBig returns a Python int argument as a big.Int.
func colBig(v value.Value) *big.Int {
	b, _ := value.ToBig(v)
	return b
}
