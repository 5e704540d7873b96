// This file defines the collections library's sequence functions: indexing,
// concatenation and repetition, membership, and the lazy editing functions
// (insert, delete, replace, flatten).

package std

import (
	"math"
	"math/big"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// colSeqLen returns the length of a sequence argument (a tuple, list or
// range).
func colSeqLen(v value.Value) int { return v.(value.Sized).Len() }

// colSeqAt returns the i-th element of a sequence argument.
func colSeqAt(v value.Value, i int) value.Value {
	if r, ok := v.(*value.Range); ok {
		return r.At(i)
	}
	return v.(*value.List).Items[i]
}

func colSeqIndexer(c *yaql.Call) (value.Value, error) {
	seq := c.Args[0]
	idx, tooBig := colIndex(c.Args[1])
	if tooBig {
		return nil, yaql.Raise("IndexError", "cannot fit 'int' into an index-sized integer")
	}
	n := int64(colSeqLen(seq))
	if idx < 0 {
		idx += n
	}
	if idx < 0 || idx >= n {
		kind := seq.Type()
		if kind == "range" {
			kind = "range object"
		}
		return nil, yaql.Raise("IndexError", "%s index out of range", kind)
	}
	return colSeqAt(seq, int(idx)), nil
}

// colPySize is Python's sys.getsizeof of a sequence, which the reference's
// memory checks of + and * add up.
func colPySize(v value.Value) int64 {
	if l, ok := v.(*value.List); ok {
		if l.Mutable {
			return 56 + 8*int64(len(l.Items))
		}
		return 40 + 8*int64(len(l.Items))
	}
	return 48
}

func colMemoryError() error {
	return yaql.Raise(yaql.ClassMemory, "Expression consumed too much memory")
}

// colRepeatSeq is sequence * count (and count * sequence), with the
// reference's memory accounting: count copies of the sequence less
// count-1 empty lists must fit the memory quota before the repetition is
// built, and the result must fit it afterwards.
func colRepeatSeq(c *yaql.Call) (value.Value, error) {
	seq, times := c.Args[0], c.Args[1]
	if value.IsSequence(times) {
		seq, times = times, seq
	}
	if q := int64(c.RT.Engine.Options.MemoryQuota); q > 0 {
		r := colBig(times)
		total := new(big.Int).Mul(new(big.Int).Sub(big.NewInt(1), r), big.NewInt(56))
		if total.Cmp(big.NewInt(q)) > 0 {
			return nil, colMemoryError()
		}
		total.Add(total, new(big.Int).Mul(r, big.NewInt(colPySize(seq))))
		if total.Cmp(big.NewInt(q)) > 0 {
			return nil, colMemoryError()
		}
	}
	if _, ok := times.(value.BigInt); ok {
		return nil, yaql.Raise("OverflowError", "cannot fit 'int' into an index-sized integer")
	}
	l, ok := seq.(*value.List)
	if !ok {
		return nil, value.NewTypeError("unsupported operand type(s) for *: '" + seq.Type() + "' and 'int'")
	}
	r, _ := value.ToInt64(times)
	n := int64(len(l.Items))
	if r <= 0 || n == 0 {
		return &value.List{Items: []value.Value{}, Mutable: l.Mutable}, nil
	}
	if r == 1 && !l.Mutable {
		return l, nil
	}
	if r > math.MaxInt64/n || n*r > 1<<32 {
		return nil, yaql.Raise("MemoryError", "")
	}
	size := n * r
	result := &value.List{Mutable: l.Mutable}
	if q := int64(c.RT.Engine.Options.MemoryQuota); q > 0 && colPySize(&value.List{Mutable: l.Mutable})+8*size > q {
		return nil, colMemoryError()
	}
	if err := c.RT.CheckCollection(int(size)); err != nil {
		return nil, err
	}
	result.Items = make([]value.Value, 0, size)
	for range r {
		if err := c.RT.Step(); err != nil {
			return nil, err
		}
		result.Items = append(result.Items, l.Items...)
	}
	return result, nil
}

// colCombine is iterable + iterable: tuples concatenate, frozensets unite,
// anything else chains lazily.
func colCombine(c *yaql.Call) (value.Value, error) {
	left, right := c.Args[0], c.Args[1]
	if l, ok := left.(*value.List); ok && !l.Mutable {
		if r, ok := right.(*value.List); ok && !r.Mutable {
			if q := int64(c.RT.Engine.Options.MemoryQuota); q > 0 && colPySize(l)+colPySize(r) > q {
				return nil, colMemoryError()
			}
			if err := c.RT.CheckCollection(len(l.Items) + len(r.Items)); err != nil {
				return nil, err
			}
			items := make([]value.Value, 0, len(l.Items)+len(r.Items))
			return value.NewTuple(append(append(items, l.Items...), r.Items...)), nil
		}
	}
	if l, ok := left.(*value.Set); ok && !l.Mutable {
		if r, ok := right.(*value.Set); ok && !r.Mutable {
			return colUnionOf(c.RT, l, r)
		}
	}
	return colChain(c.RT, left, right), nil
}

// colChain lazily yields the elements of each collection in turn.
func colChain(rt *yaql.Runtime, colls ...value.Value) *value.Iterator {
	return colGenerate(rt, func(g *colGen) error {
		for _, coll := range colls {
			g.splice(coll)
		}
		g.finish()
		return nil
	})
}

// colMember is Python's "v in coll": sets and dictionaries look v up by
// hash, other collections compare element by element.
func colMember(rt *yaql.Runtime, coll, v value.Value) (value.Value, error) {
	switch x := coll.(type) {
	case *value.Set:
		ok, err := x.Has(v)
		return value.Bool(ok), err
	case *value.Dict:
		ok, err := x.Has(v)
		return value.Bool(ok), err
	}
	it, _ := value.Iterate(coll)
	for {
		if err := rt.Step(); err != nil {
			return nil, err
		}
		e, ok, err := it.Next()
		if err != nil || !ok {
			return value.Bool(false), err
		}
		if value.Equal(e, v) {
			return value.Bool(true), nil
		}
	}
}

func colIn(c *yaql.Call) (value.Value, error) { return colMember(c.RT, c.Args[1], c.Args[0]) }

func colContains(c *yaql.Call) (value.Value, error) { return colMember(c.RT, c.Args[0], c.Args[1]) }

// colGen is the state of a lazy generator: the values and collections
// queued for output, and whether the producing function has finished.
type colGen struct {
	queue []value.Value
	iters []*value.Iterator // parallel to queue: non-nil for spliced collections
	done  bool
}

// yield queues one value.
func (g *colGen) yield(v value.Value) {
	g.queue = append(g.queue, v)
	g.iters = append(g.iters, nil)
}

// splice queues the elements of a collection, pulled only when needed.
func (g *colGen) splice(coll value.Value) {
	it, _ := value.Iterate(coll)
	g.queue = append(g.queue, nil)
	g.iters = append(g.iters, it)
}

// finish marks the generator as having no more output after the queue.
func (g *colGen) finish() { g.done = true }

// colGenerate returns a lazy iterator fed by step, which is called
// whenever the queue runs empty until it calls finish: the reference's
// generator functions, which do nothing until iterated.
func colGenerate(rt *yaql.Runtime, step func(g *colGen) error) *value.Iterator {
	g := &colGen{}
	return value.NewIterator(func() (value.Value, bool, error) {
		for {
			if len(g.queue) == 0 {
				if g.done {
					return nil, false, nil
				}
				if err := step(g); err != nil {
					return nil, false, err
				}
				continue
			}
			v := g.queue[0]
			if it := g.iters[0]; it != nil {
				var ok bool
				var err error
				if v, ok, err = it.Next(); err != nil {
					return nil, false, err
				} else if !ok {
					g.queue, g.iters = g.queue[1:], g.iters[1:]
					continue
				}
			} else {
				g.queue, g.iters = g.queue[1:], g.iters[1:]
			}
			if err := rt.Step(); err != nil {
				return nil, false, err
			}
			return v, true, nil
		}
	})
}

// colEnumerate returns a generator step that calls f with each element of
// coll and its index, and then end with the index of the last element
// (-1 for none).
func colEnumerate(coll value.Value, f func(g *colGen, i int64, v value.Value), end func(g *colGen, last int64)) func(g *colGen) error {
	it, _ := value.Iterate(coll)
	i := int64(-1)
	return func(g *colGen) error {
		v, ok, err := it.Next()
		if err != nil {
			return err
		}
		if !ok {
			if end != nil {
				end(g, i)
			}
			g.finish()
			return nil
		}
		i++
		f(g, i, v)
		return nil
	}
}

// colSpan is the range of indexes that delete and replace act on: count
// elements from position, or all from position when count is negative.
type colSpan struct {
	from, to int64 // to is exclusive; both clamped to ±2^62
	toEnd    bool
}

func colSpanOf(position, count value.Value) colSpan {
	from, _ := colIndex(position)
	if colBig(count).Sign() < 0 {
		return colSpan{from: from, toEnd: true}
	}
	to, _ := colIndex(value.NewInt(new(big.Int).Add(colBig(position), colBig(count))))
	return colSpan{from: from, to: to}
}

func (s colSpan) has(i int64) bool { return i >= s.from && (s.toEnd || i < s.to) }

func colDelete(c *yaql.Call) (value.Value, error) {
	span := colSpanOf(c.Args[1], c.Args[2])
	return colGenerate(c.RT, colEnumerate(c.Args[0], func(g *colGen, i int64, v value.Value) {
		if !span.has(i) {
			g.yield(v)
		}
	}, nil)), nil
}

func colReplace(c *yaql.Call) (value.Value, error) {
	return colReplaceWith(c, func(g *colGen) { g.yield(c.Args[2]) })
}

func colReplaceMany(c *yaql.Call) (value.Value, error) {
	return colReplaceWith(c, func(g *colGen) { g.splice(c.Args[2]) })
}

// colReplaceWith replaces the elements in the range of replace() with
// what put queues, once.
func colReplaceWith(c *yaql.Call, put func(g *colGen)) (value.Value, error) {
	span := colSpanOf(c.Args[1], c.Args[3])
	replaced := false
	return colGenerate(c.RT, colEnumerate(c.Args[0], func(g *colGen, i int64, v value.Value) {
		switch {
		case !span.has(i):
			g.yield(v)
		case !replaced:
			replaced = true
			put(g)
		}
	}, nil)), nil
}

func colIterInsert(c *yaql.Call) (value.Value, error) {
	position, _ := colIndex(c.Args[1])
	return colGenerate(c.RT, colEnumerate(c.Args[0], func(g *colGen, i int64, v value.Value) {
		if i == position {
			g.yield(c.Args[2])
		}
		g.yield(v)
	}, func(g *colGen, last int64) {
		if position > last {
			g.yield(c.Args[2])
		}
	})), nil
}

func colInsertMany(c *yaql.Call) (value.Value, error) {
	position, _ := colIndex(c.Args[1])
	values := c.Args[2]
	started := false
	step := colEnumerate(c.Args[0], func(g *colGen, i int64, v value.Value) {
		if i == position {
			g.splice(values)
		}
		g.yield(v)
	}, func(g *colGen, last int64) {
		if position > last {
			g.splice(values)
		}
	})
	return colGenerate(c.RT, func(g *colGen) error {
		if !started {
			started = true
			if position < 0 {
				g.splice(values)
				return nil
			}
		}
		return step(g)
	}), nil
}

func colListInsert(c *yaql.Call) (value.Value, error) {
	seq := c.Args[0]
	if _, tooBig := c.Args[1].(value.BigInt); tooBig {
		return nil, yaql.Raise("OverflowError", "Python int too large to convert to C ssize_t")
	}
	n := int64(colSeqLen(seq))
	if err := c.RT.CheckCollection(int(n) + 1); err != nil {
		return nil, err
	}
	position, _ := colIndex(c.Args[1])
	if position < 0 {
		position = max(position+n, 0)
	}
	position = min(position, n)
	items := make([]value.Value, 0, n+1)
	for i := range int(n) {
		if int64(i) == position {
			items = append(items, c.Args[2])
		}
		items = append(items, colSeqAt(seq, i))
	}
	if position == n {
		items = append(items, c.Args[2])
	}
	return value.NewPyList(items), nil
}

// colFlatten lazily yields the elements of a collection, replacing every
// collection among them with its own elements, recursively; strings and
// dictionaries are kept whole.
func colFlatten(c *yaql.Call) (value.Value, error) {
	it, _ := value.Iterate(c.Args[0])
	return colExpand(c.RT, it, value.IsCollection), nil
}
