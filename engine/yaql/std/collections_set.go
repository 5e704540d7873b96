// This file defines the collections library's set functions. Results are
// frozensets, or Python sets when the left operand is one, as the
// reference's frozenset and set methods return.

package std

import (
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func colSet(c *yaql.Call) (value.Value, error) {
	return c.CallFunction("toSet", colUnwrapIterators(c.RT, c.Rest))
}

func colToSet(c *yaql.Call) (value.Value, error) {
	s := value.NewSet(0)
	err := colEach(c.RT, c.Args[0], s.Add)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// colNewSet returns an empty set of the kind of like.
func colNewSet(like *value.Set, n int) *value.Set {
	s := value.NewSet(n)
	s.Mutable = like.Mutable
	return s
}

// colSetUnion returns left with the elements added.
func colSetUnion(rt *yaql.Runtime, left *value.Set, elems []value.Value) (value.Value, error) {
	if err := rt.CheckCollection(left.Len() + len(elems)); err != nil {
		return nil, err
	}
	s := colNewSet(left, left.Len()+len(elems))
	for _, group := range [][]value.Value{left.Items(), elems} {
		for _, e := range group {
			if err := s.Add(e); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// colSetFilter returns the elements of left for which right's membership
// equals keep.
func colSetFilter(left, right *value.Set, keep bool) (*value.Set, error) {
	s := colNewSet(left, 0)
	for _, e := range left.Items() {
		in, err := right.Has(e)
		if err != nil {
			return nil, err
		}
		if in == keep {
			if err := s.Add(e); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// colFrozen returns the values as a frozenset, failing as Python does on
// an unhashable one.
func colFrozen(vals []value.Value) (*value.Set, error) {
	s := value.NewSet(len(vals))
	for _, v := range vals {
		if err := s.Add(v); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func colUnion(c *yaql.Call) (value.Value, error) {
	return colSetUnion(c.RT, c.Args[0].(*value.Set), c.Args[1].(*value.Set).Items())
}

func colIntersect(c *yaql.Call) (value.Value, error) {
	return colSetFilter(c.Args[0].(*value.Set), c.Args[1].(*value.Set), true)
}

func colDifference(c *yaql.Call) (value.Value, error) {
	return colSetFilter(c.Args[0].(*value.Set), c.Args[1].(*value.Set), false)
}

func colSymmetricDifference(c *yaql.Call) (value.Value, error) {
	left, right := c.Args[0].(*value.Set), c.Args[1].(*value.Set)
	onlyLeft, err := colSetFilter(left, right, false)
	if err != nil {
		return nil, err
	}
	onlyRight, err := colSetFilter(right, left, false)
	if err != nil {
		return nil, err
	}
	return colSetUnion(c.RT, onlyLeft, onlyRight.Items())
}

func colSetAdd(c *yaql.Call) (value.Value, error) {
	added, err := colFrozen(c.Rest)
	if err != nil {
		return nil, err
	}
	return colSetUnion(c.RT, c.Args[0].(*value.Set), added.Items())
}

func colSetRemove(c *yaql.Call) (value.Value, error) {
	removed, err := colFrozen(c.Rest)
	if err != nil {
		return nil, err
	}
	return colSetFilter(c.Args[0].(*value.Set), removed, false)
}

// colSetCompare returns the subset test left <= right (strict: left <
// right), or the superset test when reversed.
func colSetCompare(strict, reversed bool) func(c *yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		sub, super := c.Args[0].(*value.Set), c.Args[1].(*value.Set)
		if reversed {
			sub, super = super, sub
		}
		if sub.Len() > super.Len() || strict && sub.Len() == super.Len() {
			return value.Bool(false), nil
		}
		for _, e := range sub.Items() {
			if in, _ := super.Has(e); !in {
				return value.Bool(false), nil
			}
		}
		return value.Bool(true), nil
	}
}
