// This file defines the collections library's set functions. They follow
// CPython's frozenset algorithms step by step on simulated tables
// (collections_order.go), so that their results iterate in the
// reference's order. The right operand may be a dictionary view (a Python
// set here), which CPython treats as a plain iterable.

package std

import (
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func colSet(c *yaql.Call) (value.Value, error) {
	return c.CallFunction("toSet", colUnwrapIterators(c.RT, c.Rest))
}

func colToSet(c *yaql.Call) (value.Value, error) {
	if s, ok := c.Args[0].(*value.Set); ok && !s.Mutable {
		return s, nil
	}
	t := newColTable()
	err := colEach(c.RT, c.Args[0], func(v value.Value) error {
		if err := value.Hashable(v); err != nil {
			return err
		}
		t.add(v, colHash(v))
		return c.RT.CheckCollection(t.used)
	})
	if err != nil {
		return nil, err
	}
	return t.freeze(false), nil
}

// colFrozenOf returns the values as a frozenset table, failing as Python
// does on an unhashable one.
func colFrozenOf(vals []value.Value) (*colTable, error) {
	t := newColTable()
	for _, v := range vals {
		if err := value.Hashable(v); err != nil {
			return nil, err
		}
		t.add(v, colHash(v))
	}
	return t, nil
}

// colUpdate adds the elements of a set argument: a merge for a frozenset,
// additions in order for a view.
func colUpdate(t *colTable, s *value.Set) {
	if !s.Mutable {
		t.merge(colTableOf(s))
		return
	}
	for _, e := range s.Items() {
		t.add(e, colHash(e))
	}
}

// colUnionOf is left.union(right).
func colUnionOf(rt *yaql.Runtime, left *value.Set, right *value.Set) (value.Value, error) {
	if err := rt.CheckCollection(left.Len() + right.Len()); err != nil {
		return nil, err
	}
	t := colTableOf(left).copy()
	if right != left {
		colUpdate(t, right)
	}
	return t.freeze(left.Mutable), nil
}

// colIntersectTables is set_intersection of two frozensets: the elements of
// the smaller one (the right one on a tie) that the other holds.
func colIntersectTables(so, other *colTable) *colTable {
	if other.used > so.used {
		so, other = other, so
	}
	t := newColTable()
	for _, e := range other.active() {
		if so.contains(e.key, e.hash) {
			t.add(e.key, e.hash)
		}
	}
	return t
}

// colDifferenceOf is left.difference(right).
func colDifferenceOf(left, right *value.Set) *value.Set {
	lt := colTableOf(left)
	if right.Mutable || lt.used>>2 > right.Len() {
		return colCopyAndDifference(lt, right).freeze(left.Mutable)
	}
	rt := colTableOf(right)
	t := newColTable()
	for _, e := range lt.active() {
		if !rt.contains(e.key, e.hash) {
			t.add(e.key, e.hash)
		}
	}
	return t.freeze(left.Mutable)
}

// colCopyAndDifference copies lt and discards the elements of right from
// the copy, shrinking it when more than a quarter of it are dummies.
func colCopyAndDifference(lt *colTable, right *value.Set) *colTable {
	t := lt.copy()
	if right.Mutable {
		for _, e := range right.Items() {
			t.discard(e, colHash(e))
		}
	} else {
		other := colTableOf(right)
		if other.used>>3 > t.used {
			other = colIntersectTables(t, other)
		}
		for _, e := range other.active() {
			t.discard(e.key, e.hash)
		}
	}
	if uint64(t.fill-t.used) > t.mask()/4 {
		t.grow()
	}
	return t
}

func colUnion(c *yaql.Call) (value.Value, error) {
	return colUnionOf(c.RT, c.Args[0].(*value.Set), c.Args[1].(*value.Set))
}

func colIntersect(c *yaql.Call) (value.Value, error) {
	left, right := c.Args[0].(*value.Set), c.Args[1].(*value.Set)
	lt := colTableOf(left)
	switch {
	case left == right:
		return lt.copy().freeze(left.Mutable), nil
	case right.Mutable:
		t := newColTable()
		for _, e := range right.Items() {
			h := colHash(e)
			if lt.contains(e, h) {
				t.add(e, h)
			}
		}
		return t.freeze(left.Mutable), nil
	}
	return colIntersectTables(lt, colTableOf(right)).freeze(left.Mutable), nil
}

func colDifference(c *yaql.Call) (value.Value, error) {
	return colDifferenceOf(c.Args[0].(*value.Set), c.Args[1].(*value.Set)), nil
}

// colSymmetricDifference copies the right set, then discards from the copy
// each element of the left one it holds and adds the others.
func colSymmetricDifference(c *yaql.Call) (value.Value, error) {
	left, right := c.Args[0].(*value.Set), c.Args[1].(*value.Set)
	t := newColTable()
	colUpdate(t, right)
	for _, e := range colTableOf(left).active() {
		if !t.discard(e.key, e.hash) {
			t.add(e.key, e.hash)
		}
	}
	return t.freeze(left.Mutable), nil
}

func colSetAdd(c *yaql.Call) (value.Value, error) {
	added, err := colFrozenOf(c.Rest)
	if err != nil {
		return nil, err
	}
	return colUnionOf(c.RT, c.Args[0].(*value.Set), added.freeze(false))
}

func colSetRemove(c *yaql.Call) (value.Value, error) {
	removed, err := colFrozenOf(c.Rest)
	if err != nil {
		return nil, err
	}
	return colDifferenceOf(c.Args[0].(*value.Set), removed.freeze(false)), nil
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
