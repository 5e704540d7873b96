// This file defines the queries that reshape collections (groupBy, slice,
// splitWhere, sliceWhere, splitAt, reverse), mergeWith and the generators
// generate and generateMany.

package std

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func qGroupBy(c *yaql.Call) (value.Value, error) {
	keySel, valSel := c.Lambda(1), qLambda(c, 2)
	index := value.NewDict(0)
	var keys []value.Value
	var groups [][]value.Value
	err := qEach(c.RT, c.Args[0], func(v value.Value) error {
		item := v
		if valSel != nil {
			var err error
			if item, err = valSel.Call(v); err != nil {
				return err
			}
		}
		k, err := keySel.Call(v)
		if err != nil {
			return err
		}
		has, err := index.Has(k)
		if err != nil {
			return err
		}
		if has {
			i, _ := index.Get(k)
			g := int(i.(value.Int))
			groups[g] = append(groups[g], item)
			return nil
		}
		if err := c.RT.CheckCollection(len(keys) + 1); err != nil {
			return err
		}
		index.Set(k, value.Int(len(keys)))
		keys = append(keys, k)
		groups = append(groups, []value.Value{item})
		return nil
	})
	if err != nil {
		return nil, err
	}
	agg := &qGroupAggregator{fn: qLambda(c, 3), fallback: true}
	i := 0
	return value.NewIterator(func() (value.Value, bool, error) {
		if i >= len(keys) {
			return nil, false, nil
		}
		if err := c.RT.Step(); err != nil {
			return nil, false, err
		}
		i++
		r, err := agg.apply(keys[i-1], value.NewPyList(groups[i-1]))
		return r, err == nil, err
	}), nil
}

// qGroupAggregator applies groupBy's aggregator to each group's values.
// When the aggregator fails on the values with a missing overload or a
// bad index, it is retried, for this group and all later ones, on the
// (key, values) pair — how aggregators were written before yaql 1.1.1 —
// unless an earlier group showed the new style was meant.
type qGroupAggregator struct {
	fn       *yaql.Lambda
	fallback bool
	failure  error
}

func (a *qGroupAggregator) apply(key value.Value, values *value.List) (value.Value, error) {
	pair := value.NewTuple([]value.Value{key, values})
	if a.fn == nil {
		return pair, nil
	}
	if a.failure == nil {
		r, err := a.fn.Call(values)
		if err == nil {
			if !(len(values.Items) == 2 && qOldStyleResult(r, values.Items[0])) {
				a.fallback = false
			}
			return value.NewTuple([]value.Value{key, r}), nil
		}
		switch qErrClass(err) {
		case yaql.ClassNoMatchingMethod, yaql.ClassNoMatchingFunc, "IndexError":
			a.failure = err
		default:
			return nil, err
		}
	}
	if a.fallback {
		r, err := a.fn.Call(pair)
		switch {
		case err == nil:
			if n, ok := qPyLen(r); ok && n == 2 {
				return r, nil
			}
		case qErrClass(err) == yaql.ClassBudget || qErrClass(err) == yaql.ClassCancelled:
			return nil, err
		}
	}
	return nil, a.failure
}

// qOldStyleResult reports whether an aggregator's result looks like a
// (key, value) pair for values starting with first.
func qOldStyleResult(r, first value.Value) bool {
	switch x := r.(type) {
	case *value.List:
		return len(x.Items) == 2 && value.Equal(x.Items[0], first)
	case *value.Range:
		return x.Len() == 2 && value.Equal(x.At(0), first)
	}
	return false
}

// qPyLen is Python's len() of the values that have one.
func qPyLen(v value.Value) (int, bool) {
	if s, ok := v.(value.String); ok {
		return utf8.RuneCountInString(string(s)), true
	}
	if s, ok := v.(interface{ Len() int }); ok {
		return s.Len(), true
	}
	return 0, false
}

// qErrClass returns the exception class of an error.
func qErrClass(err error) string {
	var ye *yaql.Error
	if errors.As(err, &ye) {
		return ye.Class
	}
	var ex *value.Exception
	if errors.As(err, &ex) {
		return ex.Class
	}
	return ""
}

// qSliceOf returns lst[from:to] as the same kind of sequence as lst (a
// tuple or a Python list).
func qSliceOf(lst value.Value, items []value.Value, from, to int) value.Value {
	part := append([]value.Value(nil), items[from:to]...)
	if l, ok := lst.(*value.List); ok && l.Mutable {
		return value.NewPyList(part)
	}
	return value.NewTuple(part)
}

func qSlice(c *yaql.Call) (value.Value, error) {
	src, length := qIter(c.Args[0]), c.Args[1]
	return qLazy(func() (func() (value.Value, bool, error), error) {
		n, err := qIsliceArg(length, "Stop argument")
		if err != nil {
			return nil, err
		}
		return func() (value.Value, bool, error) {
			lst, err := qToList(c, qIslice(c.RT, src, 0, n))
			if err != nil || !value.Truth(lst) {
				return nil, false, err
			}
			return lst, true, nil
		}, nil
	}), nil
}

// qSplitter lazily splits the materialised collection: cut decides, for
// each element, whether a part ends before it and whether the element
// itself is dropped.
func qSplitter(c *yaql.Call, cut func(v value.Value) (split, drop bool, err error)) *value.Iterator {
	coll := c.Args[0]
	return qLazy(func() (func() (value.Value, bool, error), error) {
		lst, items, err := qListItems(c, coll)
		if err != nil {
			return nil, err
		}
		start, end := 0, 0
		return func() (value.Value, bool, error) {
			for end < len(items) {
				if err := c.RT.Step(); err != nil {
					return nil, false, err
				}
				split, drop, err := cut(items[end])
				if err != nil {
					return nil, false, err
				}
				from, to := start, end
				if split {
					start = end
					if drop {
						start++
					}
				}
				end++
				if split {
					return qSliceOf(lst, items, from, to), true, nil
				}
			}
			if start != end {
				from := start
				start = end
				return qSliceOf(lst, items, from, end), true, nil
			}
			return nil, false, nil
		}, nil
	})
}

func qSplitWhere(c *yaql.Call) (value.Value, error) {
	pred := c.Lambda(1)
	return qSplitter(c, func(v value.Value) (bool, bool, error) {
		split, err := qTest(pred, v)
		return split, true, err
	}), nil
}

func qSliceWhere(c *yaql.Call) (value.Value, error) {
	pred := c.Lambda(1)
	prev := yaql.NoValue
	return qSplitter(c, func(v value.Value) (bool, bool, error) {
		r, err := pred.Call(v)
		if err != nil {
			return false, false, err
		}
		split := prev != yaql.NoValue && !value.Equal(r, prev)
		prev = r
		return split, false, nil
	}), nil
}

func qSplitAt(c *yaql.Call) (value.Value, error) {
	lst, items, err := qListItems(c, c.Args[0])
	if err != nil {
		return nil, err
	}
	i := qClampIndex(numberOrSelf(c.Args[1]), len(items))
	return value.NewPyList([]value.Value{qSliceOf(lst, items, 0, i), qSliceOf(lst, items, i, len(items))}), nil
}

func qReverse(c *yaql.Call) (value.Value, error) {
	_, items, err := qListItems(c, c.Args[0])
	if err != nil {
		return nil, err
	}
	i := len(items)
	return value.NewIterator(func() (value.Value, bool, error) {
		if i == 0 {
			return nil, false, nil
		}
		i--
		return items[i], true, nil
	}), nil
}

func qMergeWith(c *yaql.Call) (value.Value, error) {
	m := &qMerger{c: c, listMerger: qLambda(c, 2), itemMerger: qLambda(c, 3)}
	return m.merge(c.Args[0].(*value.Dict), c.Args[1].(*value.Dict), numberOrSelf(c.Args[4]))
}

// qMerger deep-merges dictionaries for mergeWith.
type qMerger struct {
	c                      *yaql.Call
	listMerger, itemMerger *yaql.Lambda
}

func (m *qMerger) merge(d1, d2 *value.Dict, levels value.Value) (value.Value, error) {
	deeper := qCmpInt(levels, value.Int(1)) != 0
	next := levels
	if qCmpInt(levels, value.Int(0)) != 0 {
		next = qAddInt(levels, value.Int(-1))
	}
	out := value.NewDict(d1.Len() + d2.Len())
	for i, k := range d1.Keys() {
		if err := m.c.RT.Step(); err != nil {
			return nil, err
		}
		v1 := d1.Values()[i]
		v, err := v1, error(nil)
		if v2, ok := d2.Get(k); ok {
			_, isMap := v2.(*value.Dict)
			switch {
			case deeper && isMap:
				sub, ok := v1.(*value.Dict)
				if !ok {
					return nil, qCannotMerge(v1, v2)
				}
				v, err = m.merge(sub, v2.(*value.Dict), next)
			case deeper && value.IsSequence(v2):
				if !value.IsSequence(v1) {
					return nil, qCannotMerge(v1, v2)
				}
				v, err = m.mergeLists(v1, v2)
			case m.itemMerger != nil:
				v, err = m.itemMerger.Call(v1, v2)
			default:
				v = v2
			}
		}
		if err != nil {
			return nil, err
		}
		if err := out.Set(k, v); err != nil {
			return nil, err
		}
	}
	for i, k := range d2.Keys() {
		if has, _ := out.Has(k); !has {
			if err := out.Set(k, d2.Values()[i]); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// mergeLists merges two sequences with the list merger, by default their
// concatenation without repetitions.
func (m *qMerger) mergeLists(a, b value.Value) (value.Value, error) {
	if m.listMerger != nil {
		return m.listMerger.Call(a, b)
	}
	l1, ok1 := a.(*value.List)
	l2, ok2 := b.(*value.List)
	switch {
	case !ok1:
		return nil, yaql.Raise("TypeError", "unsupported operand type(s) for +: '%s' and '%s'", a.Type(), b.Type())
	case !ok2 || l1.Mutable != l2.Mutable:
		return nil, yaql.Raise("TypeError", "can only concatenate %s (not \"%s\") to %s", a.Type(), b.Type(), a.Type())
	}
	joined := append(append(make([]value.Value, 0, len(l1.Items)+len(l2.Items)), l1.Items...), l2.Items...)
	return qToList(m.c, qDistinctOf(m.c.RT, value.SliceIterator(joined), nil))
}

func qCannotMerge(a, b value.Value) error {
	return yaql.Raise("TypeError", "Cannot merge %s with %s", qPyClass(a), qPyClass(b))
}

// qPyClass prints the Python class of a value as type() does.
func qPyClass(v value.Value) string {
	name := v.Type()
	switch name {
	case "dict":
		name = "yaql.language.utils.FrozenDict"
	case "datetime", "timedelta":
		name = "datetime." + name
	}
	return fmt.Sprintf("<class '%s'>", name)
}

func qGenerate(c *yaql.Call) (value.Value, error) {
	cur, pred, producer, sel := c.Args[0], c.Lambda(1), c.Lambda(2), qLambda(c, 3)
	var seen *value.Set
	if c.Args[4].(value.Bool) {
		seen = value.NewSet(0)
	}
	started := false
	return value.NewIterator(func() (value.Value, bool, error) {
		if err := c.RT.Step(); err != nil {
			return nil, false, err
		}
		if started {
			var err error
			if cur, err = producer.Call(cur); err != nil {
				return nil, false, err
			}
		}
		started = true
		ok, err := qTest(pred, cur)
		if err != nil || !ok {
			return nil, false, err
		}
		if seen != nil {
			if dup, err := seen.Has(cur); err != nil || dup {
				return nil, false, err
			}
			seen.Add(cur)
		}
		out := cur
		if sel != nil {
			if out, err = sel.Call(cur); err != nil {
				return nil, false, err
			}
		}
		return out, true, nil
	}), nil
}

func qGenerateMany(c *yaql.Call) (value.Value, error) {
	producer, sel := c.Lambda(1), qLambda(c, 2)
	depthFirst := bool(c.Args[4].(value.Bool))
	var seen *value.Set
	if c.Args[3].(value.Bool) {
		seen = value.NewSet(0)
	}
	queue := []value.Value{c.Args[0]}
	var pending value.Value // the item whose children are not queued yet
	return value.NewIterator(func() (value.Value, bool, error) {
		if pending != nil {
			children, err := qIterElements(c.RT, producer, pending)
			if err != nil {
				return nil, false, err
			}
			if err := c.RT.CheckCollection(len(queue) + len(children)); err != nil {
				return nil, false, err
			}
			if depthFirst {
				queue = append(children, queue...)
			} else {
				queue = append(queue, children...)
			}
			pending = nil
		}
		for len(queue) > 0 {
			if err := c.RT.Step(); err != nil {
				return nil, false, err
			}
			item := queue[0]
			queue = queue[1:]
			if seen != nil {
				dup, err := seen.Has(item)
				if err != nil {
					return nil, false, err
				}
				if dup {
					continue
				}
				seen.Add(item)
			}
			out := item
			if sel != nil {
				var err error
				if out, err = sel.Call(item); err != nil {
					return nil, false, err
				}
			}
			pending = item
			return out, true, nil
		}
		return nil, false, nil
	}), nil
}

// qIterElements calls producer on item and lists what Python's
// deque.extend would take from the result: the elements of a collection,
// the keys of a dictionary, the characters of a string.
func qIterElements(rt *yaql.Runtime, producer *yaql.Lambda, item value.Value) ([]value.Value, error) {
	r, err := producer.Call(item)
	if err != nil {
		return nil, err
	}
	var out []value.Value
	switch x := r.(type) {
	case value.String:
		for _, ch := range string(x) {
			if err := rt.Step(); err != nil {
				return nil, err
			}
			out = append(out, value.String(string(ch)))
		}
		return out, nil
	case *value.Dict:
		return append(out, x.Keys()...), nil
	}
	if !value.IsCollection(r) {
		return nil, yaql.Raise("TypeError", "'%s' object is not iterable", r.Type())
	}
	err = qEach(rt, r, func(v value.Value) error { out = append(out, v); return nil })
	return out, err
}
