// This file defines the collection values: sequences, dictionaries, sets and ranges.

package value

// List is a sequence. Sequences made from input data and by YAQL are
// immutable tuples; a few library functions (split, for example) return
// Python lists, which print and compare differently, so the kind is kept.
type List struct {
	Items   []Value
	Mutable bool // a Python list rather than a tuple
}

// NewTuple returns a tuple holding items (not copied).
func NewTuple(items []Value) *List { return &List{Items: items} }

// NewPyList returns a Python list holding items (not copied).
func NewPyList(items []Value) *List { return &List{Items: items, Mutable: true} }

// DeepCopy copies the dictionaries and lists of v, at any depth, as
// Python's copy.deepcopy does for data.
func DeepCopy(v Value) Value {
	switch x := v.(type) {
	case *Dict:
		out := NewDict(x.Len())
		for i, k := range x.keys {
			_ = out.Set(k, DeepCopy(x.vals[i]))
		}
		return out
	case *List:
		items := make([]Value, len(x.Items))
		for i, it := range x.Items {
			items[i] = DeepCopy(it)
		}
		return &List{Items: items, Mutable: x.Mutable}
	}
	return v
}

// WithLists rebuilds the lists inside v, at any depth of lists and
// dictionaries, as tuples (mutable false) or Python lists (mutable true):
// the conversions a host does to data it hands over, such as yaql's
// convert_input_data or Python's json.load.
func WithLists(v Value, mutable bool) Value {
	switch x := v.(type) {
	case *List:
		items := make([]Value, len(x.Items))
		for i, it := range x.Items {
			items[i] = WithLists(it, mutable)
		}
		return &List{Items: items, Mutable: mutable}
	case *Dict:
		out := NewDict(x.Len())
		for i, k := range x.Keys() {
			_ = out.Set(k, WithLists(x.Values()[i], mutable))
		}
		return out
	}
	return v
}

func (l *List) Type() string {
	if l.Mutable {
		return "list"
	}
	return "tuple"
}

// Len returns the number of items.
func (l *List) Len() int { return len(l.Items) }

// Dict is an insertion-ordered dictionary whose keys are any hashable values.
// Once built and shared it must not be changed: operations that "modify" a
// dictionary build a new one. Small dictionaries are searched linearly;
// an index is built once they grow.
type Dict struct {
	keys, vals []Value
	index      map[hashKey]int // nil while the dictionary is small
}

// smallDict is the size up to which a dictionary has no index.
const smallDict = 8

// NewDict returns an empty dictionary with room for n entries.
func NewDict(n int) *Dict {
	return &Dict{keys: make([]Value, 0, n), vals: make([]Value, 0, n)}
}

func (*Dict) Type() string { return "dict" }

// Len returns the number of entries.
func (d *Dict) Len() int { return len(d.keys) }

// find returns the position of the key equal to k (whose hash key is h).
func (d *Dict) find(k Value, h hashKey) (int, bool) {
	if d.index != nil {
		i, ok := d.index[h]
		return i, ok
	}
	if s, ok := k.(String); ok {
		for i, x := range d.keys {
			if xs, ok := x.(String); ok && xs == s {
				return i, true
			}
		}
		return 0, false
	}
	for i, x := range d.keys {
		if xh, err := keyOf(x); err == nil && xh == h {
			return i, true
		}
	}
	return 0, false
}

func (d *Dict) add(k, v Value, h hashKey) {
	d.keys = append(d.keys, k)
	d.vals = append(d.vals, v)
	if d.index != nil {
		d.index[h] = len(d.keys) - 1
	} else if len(d.keys) > smallDict {
		d.index = make(map[hashKey]int, 2*len(d.keys))
		for i, x := range d.keys {
			xh, _ := keyOf(x)
			d.index[xh] = i
		}
	}
}

// Set adds or replaces an entry, keeping the position of an existing key.
// It fails when the key is not hashable.
func (d *Dict) Set(k, v Value) error {
	h, err := keyOf(k)
	if err != nil {
		return err
	}
	if i, ok := d.find(k, h); ok {
		d.vals[i] = v
		return nil
	}
	d.add(k, v, h)
	return nil
}

// SetString adds or replaces an entry with a string key.
func (d *Dict) SetString(k string, v Value) {
	key := String(k)
	h := hashKey{kind: hkString, s: k}
	if i, ok := d.find(key, h); ok {
		d.vals[i] = v
		return
	}
	d.add(key, v, h)
}

// Get returns the value stored under k.
func (d *Dict) Get(k Value) (Value, bool) {
	h, err := keyOf(k)
	if err != nil {
		return nil, false
	}
	i, ok := d.find(k, h)
	if !ok {
		return nil, false
	}
	return d.vals[i], true
}

// GetString returns the value stored under the string key k.
func (d *Dict) GetString(k string) (Value, bool) {
	return d.Get(String(k))
}

// Has reports whether k is a key. It fails when k is not hashable.
func (d *Dict) Has(k Value) (bool, error) {
	h, err := keyOf(k)
	if err != nil {
		return false, err
	}
	_, ok := d.find(k, h)
	return ok, nil
}

// Keys returns the keys in insertion order. The slice must not be modified.
func (d *Dict) Keys() []Value { return d.keys }

// Values returns the values in insertion order. The slice must not be modified.
func (d *Dict) Values() []Value { return d.vals }

// Copy returns a new dictionary with the same entries.
func (d *Dict) Copy() *Dict {
	c := &Dict{
		keys: append(make([]Value, 0, len(d.keys)+1), d.keys...),
		vals: append(make([]Value, 0, len(d.vals)+1), d.vals...),
	}
	if d.index != nil {
		c.index = make(map[hashKey]int, len(d.index)+1)
		for k, i := range d.index {
			c.index[k] = i
		}
	}
	return c
}

// Delete returns a copy of d without the given keys.
func (d *Dict) Delete(keys ...Value) (*Dict, error) {
	drop := make(map[hashKey]bool, len(keys))
	for _, k := range keys {
		h, err := keyOf(k)
		if err != nil {
			return nil, err
		}
		drop[h] = true
	}
	c := NewDict(len(d.keys))
	for i, k := range d.keys {
		h, _ := keyOf(k)
		if !drop[h] {
			c.add(k, d.vals[i], h)
		}
	}
	return c, nil
}

// Set is an insertion-ordered set of hashable values. Frozen sets (the
// default) and mutable Python sets differ only in how they print.
type Set struct {
	items   []Value
	index   map[hashKey]int
	Mutable bool
	// View, when set, makes the set stand for a dictionary's keys or items
	// view (Python's KeysView, ItemsView), which prints as such.
	View *DictView
}

// DictView names the dictionary view a set or an iterator stands for:
// Kind is "KeysView", "ValuesView" or "ItemsView".
type DictView struct {
	Kind string
	Dict *Dict
}

// Repr prints the view as Python does: KeysView({'a': 1}).
func (v *DictView) Repr() string { return v.Kind + "(" + Repr(v.Dict) + ")" }

// NewSet returns an empty frozen set.
func NewSet(n int) *Set {
	return &Set{items: make([]Value, 0, n), index: make(map[hashKey]int, n)}
}

func (s *Set) Type() string {
	if s.Mutable {
		return "set"
	}
	return "frozenset"
}

// Len returns the number of elements.
func (s *Set) Len() int { return len(s.items) }

// Add inserts v unless an equal element is present. It fails when v is not
// hashable.
func (s *Set) Add(v Value) error {
	h, err := keyOf(v)
	if err != nil {
		return err
	}
	if _, ok := s.index[h]; !ok {
		s.index[h] = len(s.items)
		s.items = append(s.items, v)
	}
	return nil
}

// Has reports whether an element equal to v is present.
func (s *Set) Has(v Value) (bool, error) {
	h, err := keyOf(v)
	if err != nil {
		return false, err
	}
	_, ok := s.index[h]
	return ok, nil
}

// Items returns the elements in insertion order. The slice must not be modified.
func (s *Set) Items() []Value { return s.items }

// Range is a Python range object: a lazily computed arithmetic sequence
// that has a length and can be indexed without being materialised.
type Range struct{ Start, Stop, Step int64 }

func (*Range) Type() string { return "range" }

// Len returns the number of elements.
func (r *Range) Len() int {
	switch {
	case r.Step > 0 && r.Start < r.Stop:
		return int((r.Stop - r.Start + r.Step - 1) / r.Step)
	case r.Step < 0 && r.Start > r.Stop:
		return int((r.Start - r.Stop - r.Step - 1) / -r.Step)
	}
	return 0
}

// At returns the i-th element (0 ≤ i < Len).
func (r *Range) At(i int) Value { return Int(r.Start + int64(i)*r.Step) }

// Iterator is a lazy, single-use stream of values, such as the result of
// where() or select(). Next returns false at the end; an error ends the
// stream too.
type Iterator struct {
	next    func() (Value, bool, error)
	done    bool
	restart func() *Iterator // set for memorized iterators
	// View, when set, makes the iterator stand for a dictionary's values
	// view (Python's ValuesView): re-iterable, printed as such, and not an
	// iterator for the functions that take only iterators.
	View *DictView
}

// NewIterator returns an iterator that pulls values from next.
func NewIterator(next func() (Value, bool, error)) *Iterator { return &Iterator{next: next} }

func (*Iterator) Type() string { return "iterator" }

// Next returns the next value, false at the end of the stream.
func (it *Iterator) Next() (Value, bool, error) {
	if it.done {
		return nil, false, nil
	}
	v, ok, err := it.next()
	if !ok || err != nil {
		it.done = true
	}
	return v, ok, err
}

// SliceIterator returns an iterator over items.
func SliceIterator(items []Value) *Iterator {
	i := 0
	return NewIterator(func() (Value, bool, error) {
		if i >= len(items) {
			return nil, false, nil
		}
		i++
		return items[i-1], true, nil
	})
}

// IsCollection reports whether v is iterable in YAQL's sense: any
// sequence, set or iterator, but not a string and not a dictionary.
func IsCollection(v Value) bool {
	switch v.(type) {
	case *List, *Set, *Range, *Iterator:
		return true
	}
	return false
}

// IsSequence reports whether v is a Python Sequence (tuple, list, range).
func IsSequence(v Value) bool {
	switch v.(type) {
	case *List, *Range:
		return true
	}
	return false
}

// Iterate returns a fresh iterator over a collection or over the keys of a
// dictionary. For an [Iterator] it returns the iterator itself.
func Iterate(v Value) (*Iterator, bool) {
	switch x := v.(type) {
	case *List:
		return SliceIterator(x.Items), true
	case *Set:
		return SliceIterator(x.items), true
	case *Dict:
		return SliceIterator(x.keys), true
	case *Range:
		i := 0
		n := x.Len()
		return NewIterator(func() (Value, bool, error) {
			if i >= n {
				return nil, false, nil
			}
			i++
			return x.At(i - 1), true, nil
		}), true
	case *Iterator:
		if x.restart != nil {
			return x.restart(), true
		}
		return x, true
	}
	return nil, false
}

// Memorize returns an iterator over the values of it that can be iterated
// any number of times: values pulled once are kept and replayed, and each
// iteration ([Iterate], [Each]) starts from the first value.
func Memorize(it *Iterator) *Iterator {
	var seen []Value
	done := false
	var fail error
	fresh := func() *Iterator {
		i := 0
		return NewIterator(func() (Value, bool, error) {
			if i < len(seen) {
				i++
				return seen[i-1], true, nil
			}
			if done {
				return nil, false, fail
			}
			v, ok, err := it.Next()
			if err != nil || !ok {
				done, fail = true, err
				return nil, false, err
			}
			seen = append(seen, v)
			i++
			return v, true, nil
		})
	}
	m := fresh()
	m.restart = fresh
	return m
}

// Each calls f for every element of a collection (keys for a dictionary),
// stopping at the first error.
func Each(v Value, f func(Value) error) error {
	switch x := v.(type) {
	case *List:
		for _, e := range x.Items {
			if err := f(e); err != nil {
				return err
			}
		}
		return nil
	}
	it, ok := Iterate(v)
	if !ok {
		return &Exception{Class: "TypeError", Message: "'" + v.Type() + "' object is not iterable"}
	}
	for {
		e, ok, err := it.Next()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		if err := f(e); err != nil {
			return err
		}
	}
}

// Slice materialises a collection into a slice. Lists are returned without
// copying; the result must not be modified.
func Slice(v Value) ([]Value, error) {
	switch x := v.(type) {
	case *List:
		return x.Items, nil
	case *Set:
		return x.items, nil
	}
	var out []Value
	err := Each(v, func(e Value) error {
		out = append(out, e)
		return nil
	})
	return out, err
}
