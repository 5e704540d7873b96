// This file reproduces the iteration order of the reference's frozensets:
// CPython 3.11's hash functions (with PYTHONHASHSEED=0, as the oracle
// runs) and its set hash table, so that set(3, 1, 2).toList() is [1, 2, 3]
// there and here. Each set built by this library remembers its simulated
// table, because the order of later set operations depends on the table
// size, which depends on how the set was built.

package std

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
	"runtime"
	"sync"
	"time"
	"unicode/utf8"
	"weak"

	"murano.dev/playground/engine/value"
)

// CPython's numeric hash constants (Python/pyhash.c, Include/pyhash.h).
const (
	pyHashBits    = 61
	pyHashModulus = 1<<pyHashBits - 1
	pyHashInf     = 314159
	pyXXPrime1    = 11400714785074694791
	pyXXPrime2    = 14029467366897019727
	pyXXPrime5    = 2870177450012600261
)

// colUnknownHash stands for the hashes CPython derives from object
// addresses (None, NaN, functions): any fixed value keeps the order of the
// other elements right.
const colUnknownHash = 0x5f3759df5f3759df

// colHash returns CPython 3.11's hash(v) as an unsigned word.
func colHash(v value.Value) uint64 {
	switch x := v.(type) {
	case value.Bool:
		if x {
			return 1
		}
		return 0
	case value.Int:
		return colIntHash(big.NewInt(int64(x)))
	case value.BigInt:
		return colIntHash(x.V)
	case value.Float:
		return colFloatHash(float64(x))
	case value.String:
		return colStrHash(string(x))
	case *value.List:
		return colTupleHash(x.Items)
	case *value.Set:
		return colFrozensetHash(x)
	case *value.Dict:
		var h uint64
		for i, k := range x.Keys() {
			h ^= colTupleHash([]value.Value{k, x.Values()[i]})
		}
		if h == math.MaxUint64 {
			h--
		}
		return h
	case value.TimeSpan:
		d, s, us := x.Parts()
		return colTupleHash([]value.Value{value.Int(d), value.Int(s), value.Int(us)})
	case value.DateTime:
		return colDateTimeHash(x.T)
	}
	return colUnknownHash
}

func colIntHash(n *big.Int) uint64 {
	x := new(big.Int).Abs(n)
	h := x.Mod(x, big.NewInt(pyHashModulus)).Uint64()
	if n.Sign() < 0 {
		h = -h
	}
	if h == math.MaxUint64 {
		h--
	}
	return h
}

func colFloatHash(f float64) uint64 {
	switch {
	case math.IsInf(f, 1):
		return pyHashInf
	case math.IsInf(f, -1):
		return math.MaxUint64 - pyHashInf + 1
	case math.IsNaN(f):
		return colUnknownHash
	}
	m, e := math.Frexp(f)
	negative := m < 0
	if negative {
		m = -m
	}
	var x uint64
	for m != 0 {
		x = (x<<28)&pyHashModulus | x>>(pyHashBits-28)
		m *= 268435456
		e -= 28
		y := uint64(m)
		m -= float64(y)
		x += y
		if x >= pyHashModulus {
			x -= pyHashModulus
		}
	}
	if e >= 0 {
		e %= pyHashBits
	} else {
		e = pyHashBits - 1 - (-1-e)%pyHashBits
	}
	x = (x<<uint(e))&pyHashModulus | x>>uint(pyHashBits-e)
	if negative {
		x = -x
	}
	if x == math.MaxUint64 {
		x--
	}
	return x
}

// colStrHash is SipHash-1-3 with a zero key over the string's PEP 393
// representation (1, 2 or 4 bytes per code point).
func colStrHash(s string) uint64 {
	if s == "" {
		return 0
	}
	width := 1
	for _, r := range s {
		switch {
		case r > 0xffff:
			width = 4
		case r > 0xff && width < 2:
			width = 2
		}
	}
	data := make([]byte, 0, utf8.RuneCountInString(s)*width)
	for _, r := range s {
		switch width {
		case 1:
			data = append(data, byte(r))
		case 2:
			data = binary.LittleEndian.AppendUint16(data, uint16(r))
		default:
			data = binary.LittleEndian.AppendUint32(data, uint32(r))
		}
	}
	return colSipHash13(data)
}

func colSipHash13(data []byte) uint64 {
	v0, v1, v2, v3 := uint64(0x736f6d6570736575), uint64(0x646f72616e646f6d), uint64(0x6c7967656e657261), uint64(0x7465646279746573)
	round := func() {
		v0 += v1
		v1 = bits.RotateLeft64(v1, 13) ^ v0
		v0 = bits.RotateLeft64(v0, 32)
		v2 += v3
		v3 = bits.RotateLeft64(v3, 16) ^ v2
		v0 += v3
		v3 = bits.RotateLeft64(v3, 21) ^ v0
		v2 += v1
		v1 = bits.RotateLeft64(v1, 17) ^ v2
		v2 = bits.RotateLeft64(v2, 32)
	}
	last := uint64(len(data)) << 56
	for ; len(data) >= 8; data = data[8:] {
		m := binary.LittleEndian.Uint64(data)
		v3 ^= m
		round()
		v0 ^= m
	}
	var tail [8]byte
	copy(tail[:], data)
	last |= binary.LittleEndian.Uint64(tail[:])
	v3 ^= last
	round()
	v0 ^= last
	v2 ^= 0xff
	round()
	round()
	round()
	h := v0 ^ v1 ^ v2 ^ v3
	if h == math.MaxUint64 {
		h--
	}
	return h
}

func colTupleHash(items []value.Value) uint64 {
	acc := uint64(pyXXPrime5)
	for _, e := range items {
		acc += colHash(e) * pyXXPrime2
		acc = bits.RotateLeft64(acc, 31)
		acc *= pyXXPrime1
	}
	acc += uint64(len(items)) ^ (pyXXPrime5 ^ 3527539)
	if acc == math.MaxUint64 {
		return 1546275796
	}
	return acc
}

func colFrozensetHash(s *value.Set) uint64 {
	shuffle := func(h uint64) uint64 { return (h ^ 89869747 ^ h<<16) * 3644798167 }
	var h uint64
	for _, e := range s.Items() {
		h ^= shuffle(colHash(e))
	}
	h ^= uint64(s.Len()+1) * 1927868237
	h ^= h>>11 ^ h>>25
	h = h*69069 + 907133923
	if h == math.MaxUint64 {
		h = 590923713
	}
	return h
}

// colDateTimeHash is the hash of an aware datetime: that of the timedelta
// from day 0 to its UTC time.
func colDateTimeHash(t time.Time) uint64 {
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	ordinal := day.Unix()/86400 + 719163
	_, offset := t.Zone()
	secs := int64(t.Hour()*3600+t.Minute()*60+t.Second()) - int64(offset)
	micros := (ordinal*86400+secs)*1_000_000 + int64(t.Nanosecond()/1000)
	return colHash(value.TimeSpan{Micros: micros})
}

// colSlot is an entry of a simulated set table: unused (no key, not
// dummy), active (a key) or a dummy left by a deletion.
type colSlot struct {
	key   value.Value
	hash  uint64
	dummy bool
}

// colTable simulates CPython's set hash table (Objects/setobject.c).
type colTable struct {
	slots      []colSlot
	fill, used int
}

const colLinearProbes = 9

func newColTable() *colTable { return &colTable{slots: make([]colSlot, 8)} }

func (t *colTable) mask() uint64 { return uint64(len(t.slots) - 1) }

func (s *colSlot) unused() bool { return s.key == nil && !s.dummy }

// probe visits the probe sequence of hash h until visit returns true, and
// returns that slot's index.
func (t *colTable) probe(h uint64, visit func(i uint64) bool) uint64 {
	mask := t.mask()
	i, perturb := h&mask, h
	for {
		probes := uint64(0)
		if i+colLinearProbes <= mask {
			probes = colLinearProbes
		}
		for j := uint64(0); j <= probes; j++ {
			if visit(i + j) {
				return i + j
			}
		}
		perturb >>= 5
		i = (i*5 + 1 + perturb) & mask
	}
}

// lookup returns the slot holding key, or the unused slot ending its
// probe sequence.
func (t *colTable) lookup(key value.Value, h uint64) *colSlot {
	i := t.probe(h, func(i uint64) bool {
		e := &t.slots[i]
		return e.unused() || e.key != nil && e.hash == h && value.Equal(e.key, key)
	})
	return &t.slots[i]
}

func (t *colTable) contains(key value.Value, h uint64) bool { return t.lookup(key, h).key != nil }

// add is set_add_entry: it fills the last dummy on the probe sequence, or
// the unused slot ending it, and grows the table when two thirds full.
func (t *colTable) add(key value.Value, h uint64) {
	free := -1
	found := false
	i := t.probe(h, func(i uint64) bool {
		e := &t.slots[i]
		switch {
		case e.unused():
			return true
		case e.dummy:
			free = int(i)
		case e.hash == h && value.Equal(e.key, key):
			found = true
			return true
		}
		return false
	})
	if found {
		return
	}
	t.used++
	if free >= 0 {
		t.slots[free] = colSlot{key: key, hash: h}
		return
	}
	t.slots[i] = colSlot{key: key, hash: h}
	t.fill++
	if uint64(t.fill)*5 >= t.mask()*3 {
		t.grow()
	}
}

func (t *colTable) grow() {
	if t.used > 50000 {
		t.resize(t.used * 2)
	} else {
		t.resize(t.used * 4)
	}
}

// insertClean puts a key known to be absent into a table without dummies.
func (t *colTable) insertClean(key value.Value, h uint64) {
	i := t.probe(h, func(i uint64) bool { return t.slots[i].key == nil })
	t.slots[i] = colSlot{key: key, hash: h}
}

// resize moves the active entries, in slot order, to a table of the
// smallest size above minUsed.
func (t *colTable) resize(minUsed int) {
	size := 8
	for size <= minUsed {
		size <<= 1
	}
	old := t.slots
	t.slots = make([]colSlot, size)
	t.fill = t.used
	for _, e := range old {
		if e.key != nil {
			t.insertClean(e.key, e.hash)
		}
	}
}

// discard is set_discard_entry; it reports whether key was present.
func (t *colTable) discard(key value.Value, h uint64) bool {
	e := t.lookup(key, h)
	if e.key == nil {
		return false
	}
	*e = colSlot{hash: math.MaxUint64, dummy: true}
	t.used--
	return true
}

// active returns the entries in iteration order.
func (t *colTable) active() []colSlot {
	out := make([]colSlot, 0, t.used)
	for _, e := range t.slots {
		if e.key != nil {
			out = append(out, e)
		}
	}
	return out
}

// merge is set_merge: t updated with the entries of other.
func (t *colTable) merge(other *colTable) {
	if other == t || other.used == 0 {
		return
	}
	if uint64(t.fill+other.used)*5 >= t.mask()*3 {
		t.resize((t.used + other.used) * 2)
	}
	switch {
	case t.fill == 0 && len(t.slots) == len(other.slots) && other.fill == other.used:
		for i, e := range other.slots {
			if e.key != nil {
				t.slots[i] = e
			}
		}
		t.fill, t.used = other.fill, other.used
	case t.fill == 0:
		t.fill, t.used = other.used, other.used
		for _, e := range other.active() {
			t.insertClean(e.key, e.hash)
		}
	default:
		for _, e := range other.active() {
			t.add(e.key, e.hash)
		}
	}
}

// copy is set_copy: a new table merged from t.
func (t *colTable) copy() *colTable {
	c := newColTable()
	c.merge(t)
	return c
}

// colTables remembers the simulated table of each set this library built,
// for as long as the set lives.
var colTables = struct {
	sync.Mutex
	m map[weak.Pointer[value.Set]]*colTable
}{m: map[weak.Pointer[value.Set]]*colTable{}}

// freeze returns the frozenset (or, when mutable, the Python set) whose
// elements are the table's in iteration order, and remembers the table.
func (t *colTable) freeze(mutable bool) *value.Set {
	s := value.NewSet(t.used)
	s.Mutable = mutable
	for _, e := range t.active() {
		_ = s.Add(e.key)
	}
	w := weak.Make(s)
	colTables.Lock()
	colTables.m[w] = t
	colTables.Unlock()
	runtime.AddCleanup(s, func(w weak.Pointer[value.Set]) {
		colTables.Lock()
		delete(colTables.m, w)
		colTables.Unlock()
	}, w)
	return s
}

// colTableOf returns the table of a set: the remembered one, or one built
// by adding the elements in order, as frozenset(iterable) does.
func colTableOf(s *value.Set) *colTable {
	colTables.Lock()
	t := colTables.m[weak.Make(s)]
	colTables.Unlock()
	if t != nil {
		return t
	}
	t = newColTable()
	for _, e := range s.Items() {
		t.add(e, colHash(e))
	}
	return t
}

// PySetOrder returns items in the order CPython iterates a set built by
// adding them one by one (as set(items) does), for hosts that reproduce
// code iterating Python sets (MuranoPL's property initialisation).
func PySetOrder(items []value.Value) []value.Value {
	t := newColTable()
	for _, it := range items {
		h := colHash(it)
		if !t.contains(it, h) {
			t.add(it, h)
		}
	}
	slots := t.active()
	out := make([]value.Value, len(slots))
	for i, s := range slots {
		out[i] = s.key
	}
	return out
}
