// This file defines orderBy, orderByDescending, thenBy and
// thenByDescending: a stable multi-key sort that compares keys through the
// #operator_< and #operator_> functions, as the reference does, so that
// null ordering and type errors are the operators'.

package std

import (
	"runtime"
	"sync"
	"weak"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// qOrdering is an ordered collection: the source sorted, on the first
// iteration, by the keys orderBy and the following thenBy calls added.
type qOrdering struct {
	call   *yaql.Call // orderBy's call, in whose context the operators are found
	source value.Value
	fields []qSortField
	sorted []value.Value
	err    error
	done   bool
}

type qSortField struct {
	key       *yaql.Lambda
	ascending bool
}

// orderings maps the iterators that orderBy returned to their ordering,
// without keeping either alive.
var orderings sync.Map // weak.Pointer[value.Iterator] → *qOrdering

func rememberOrdering(it *value.Iterator, o *qOrdering) {
	k := weak.Make(it)
	orderings.Store(k, o)
	runtime.AddCleanup(it, func(k weak.Pointer[value.Iterator]) { orderings.Delete(k) }, k)
}

// orderingOf returns the ordering behind an iterator orderBy returned, nil
// for any other iterator.
func orderingOf(it *value.Iterator) *qOrdering {
	o, ok := orderings.Load(weak.Make(it))
	if !ok {
		return nil
	}
	return o.(*qOrdering)
}

// qOrderingType is the parameter type of thenBy: an ordered collection.
var qOrderingType = &yaql.PyType{Name: "OrderingIterable", Classes: []string{"OrderingIterable"}, Pred: func(v value.Value, _ *yaql.Runtime) bool {
	it, ok := v.(*value.Iterator)
	return ok && orderingOf(it) != nil
}}

func qOrderBy(ascending bool) func(c *yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		o := &qOrdering{call: c, source: c.Args[0], fields: []qSortField{{c.Lambda(1), ascending}}}
		i := 0
		it := value.Memorize(value.NewIterator(func() (value.Value, bool, error) {
			if !o.done {
				o.done = true
				o.sorted, o.err = o.sort()
			}
			if o.err != nil || i >= len(o.sorted) {
				return nil, false, o.err
			}
			i++
			return o.sorted[i-1], true, nil
		}))
		rememberOrdering(it, o)
		return it, nil
	}
}

func qThenBy(ascending bool) func(c *yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		o := orderingOf(c.Args[0].(*value.Iterator))
		o.fields = append(o.fields, qSortField{c.Lambda(1), ascending})
		return c.Args[0], nil
	}
}

// sort returns the source's elements sorted. Keys are computed when a
// comparison first needs them.
func (o *qOrdering) sort() ([]value.Value, error) {
	rt := o.call.RT
	var items []value.Value
	if err := qEach(rt, o.source, func(v value.Value) error { items = append(items, v); return nil }); err != nil {
		return nil, err
	}
	fields := o.fields
	keys := make([][]value.Value, len(fields))
	key := func(f, i int) (value.Value, error) {
		if keys[f] == nil {
			keys[f] = make([]value.Value, len(items))
		}
		if keys[f][i] == nil {
			k, err := fields[f].key.Call(items[i])
			if err != nil {
				return nil, err
			}
			keys[f][i] = k
		}
		return keys[f][i], nil
	}
	test := func(op string, a, b value.Value) (bool, error) {
		r, err := o.call.CallFunction(op, yaql.NoValue, a, b)
		return err == nil && value.Truth(r), err
	}
	less := func(a, b int) (bool, error) {
		if err := rt.Step(); err != nil {
			return false, err
		}
		for f, field := range fields {
			ka, err := key(f, a)
			if err != nil {
				return false, err
			}
			kb, err := key(f, b)
			if err != nil {
				return false, err
			}
			lt, err := test("#operator_<", ka, kb)
			if err != nil {
				return false, err
			}
			if !lt {
				gt, err := test("#operator_>", ka, kb)
				if err != nil {
					return false, err
				}
				if !gt {
					continue
				}
			}
			return lt == field.ascending, nil
		}
		return false, nil
	}
	perm := make([]int, len(items))
	for i := range perm {
		perm[i] = i
	}
	if err := pySort(perm, less); err != nil {
		return nil, err
	}
	out := make([]value.Value, len(items))
	for i, p := range perm {
		out[i] = items[p]
	}
	return out, nil
}

// pySort sorts s stably with less, stopping at its first error. Below 64
// elements it makes the comparisons CPython's sort makes (a run, then
// binary insertion), so that even inconsistent orders give the same
// result; above, a merge sort.
func pySort(s []int, less func(a, b int) (bool, error)) error {
	if len(s) < 2 {
		return nil
	}
	if len(s) >= 64 {
		return mergeSort(s, make([]int, len(s)), less)
	}
	run, err := countRun(s, less)
	if err != nil {
		return err
	}
	return binarySort(s, run, less)
}

// countRun returns the length of the run at the start of s, reversing it
// in place when it is strictly descending.
func countRun(s []int, less func(a, b int) (bool, error)) (int, error) {
	desc, err := less(s[1], s[0])
	if err != nil {
		return 0, err
	}
	n := 2
	for ; n < len(s); n++ {
		lt, err := less(s[n], s[n-1])
		if err != nil {
			return 0, err
		}
		if lt != desc {
			break
		}
	}
	if desc {
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			s[i], s[j] = s[j], s[i]
		}
	}
	return n, nil
}

// binarySort inserts s[start:] one by one into the sorted s[:start].
func binarySort(s []int, start int, less func(a, b int) (bool, error)) error {
	for ; start < len(s); start++ {
		pivot := s[start]
		l, r := 0, start
		for l < r {
			p := l + (r-l)/2
			lt, err := less(pivot, s[p])
			if err != nil {
				return err
			}
			if lt {
				r = p
			} else {
				l = p + 1
			}
		}
		copy(s[l+1:start+1], s[l:start])
		s[l] = pivot
	}
	return nil
}

func mergeSort(s, tmp []int, less func(a, b int) (bool, error)) error {
	if len(s) < 64 {
		return pySort(s, less)
	}
	mid := len(s) / 2
	if err := mergeSort(s[:mid], tmp[:mid], less); err != nil {
		return err
	}
	if err := mergeSort(s[mid:], tmp[mid:], less); err != nil {
		return err
	}
	copy(tmp, s)
	i, j, k := 0, mid, 0
	for i < mid && j < len(s) {
		lt, err := less(tmp[j], tmp[i])
		if err != nil {
			return err
		}
		if lt {
			s[k], j = tmp[j], j+1
		} else {
			s[k], i = tmp[i], i+1
		}
		k++
	}
	k += copy(s[k:], tmp[i:mid])
	copy(s[k:], tmp[j:])
	return nil
}
