// This file defines equality, hashing and ordering with Python's rules.

package value

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// Equal reports whether a and b are equal as Python's == says: numbers
// compare by value across int, float and bool; tuples, dictionaries and
// sets compare by content; a tuple never equals a Python list.
func Equal(a, b Value) bool {
	switch x := a.(type) {
	case NullType:
		return IsNull(b)
	case String:
		y, ok := b.(String)
		return ok && x == y
	case Int:
		if y, ok := b.(Int); ok {
			return x == y
		}
		return numEqual(a, b)
	case Bool, BigInt, Float:
		return numEqual(a, b)
	case *List:
		switch y := b.(type) {
		case *List:
			if x == y {
				return true // Python compares a container with itself by identity
			}
			if x.Mutable != y.Mutable || len(x.Items) != len(y.Items) {
				return false
			}
			for i := range x.Items {
				if !Equal(x.Items[i], y.Items[i]) {
					return false
				}
			}
			return true
		}
		return false
	case *Range:
		y, ok := b.(*Range)
		if !ok || x.Len() != y.Len() {
			return false
		}
		return x.Len() == 0 || (x.Start == y.Start && (x.Len() == 1 || x.Step == y.Step))
	case *Dict:
		y, ok := b.(*Dict)
		if x == y {
			return true
		}
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, k := range x.keys {
			v, ok := y.Get(k)
			if !ok || !Equal(x.vals[i], v) {
				return false
			}
		}
		return true
	case *Set:
		y, ok := b.(*Set)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for _, e := range x.items {
			if ok, _ := y.Has(e); !ok {
				return false
			}
		}
		return true
	case DateTime:
		y, ok := b.(DateTime)
		return ok && x.T.Equal(y.T)
	case TimeSpan:
		y, ok := b.(TimeSpan)
		return ok && x == y
	}
	if e, ok := a.(interface{ Equal(Value) bool }); ok {
		return e.Equal(b)
	}
	return a == b
}

func numEqual(a, b Value) bool {
	if !isNumeric(b) {
		return false
	}
	fa, aIsFloat := a.(Float)
	fb, bIsFloat := b.(Float)
	switch {
	case aIsFloat && bIsFloat:
		return fa == fb
	case aIsFloat:
		return floatEqualsInt(float64(fa), b)
	case bIsFloat:
		return floatEqualsInt(float64(fb), a)
	}
	x, _ := ToBig(a)
	y, _ := ToBig(b)
	return x.Cmp(y) == 0
}

func floatEqualsInt(f float64, i Value) bool {
	if math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) {
		return false
	}
	if n, ok := ToInt64(i); ok && math.Abs(f) < 1<<62 {
		return int64(f) == n
	}
	bf, _ := new(big.Float).SetFloat64(f).Int(nil)
	y, _ := ToBig(i)
	return bf.Cmp(y) == 0
}

func isNumeric(v Value) bool {
	switch v.(type) {
	case Bool, Int, BigInt, Float:
		return true
	}
	return false
}

// hashKey is the comparable key under which dictionaries and sets index a
// value; values that are equal in Python's sense get the same key.
type hashKey struct {
	kind hkKind
	i    int64
	s    string
	p    any
}

type hkKind uint8

const (
	hkNull hkKind = iota
	hkInt
	hkFloat
	hkString
	hkBig
	hkComposite
	hkIdentity
)

// Hashable reports whether v can be a dictionary key or a set element; the
// error is Python's "unhashable type" TypeError.
func Hashable(v Value) error {
	_, err := keyOf(v)
	return err
}

func keyOf(v Value) (hashKey, error) {
	switch x := v.(type) {
	case String:
		return hashKey{kind: hkString, s: string(x)}, nil
	case Int:
		return hashKey{kind: hkInt, i: int64(x)}, nil
	case Bool:
		if x {
			return hashKey{kind: hkInt, i: 1}, nil
		}
		return hashKey{kind: hkInt}, nil
	case NullType:
		return hashKey{kind: hkNull}, nil
	case Float:
		f := float64(x)
		if f == math.Trunc(f) && !math.IsInf(f, 0) {
			if math.Abs(f) < 1<<62 {
				return hashKey{kind: hkInt, i: int64(f)}, nil
			}
			b, _ := new(big.Float).SetFloat64(f).Int(nil)
			return keyOf(NewInt(b))
		}
		return hashKey{kind: hkFloat, i: int64(math.Float64bits(f))}, nil
	case BigInt:
		return hashKey{kind: hkBig, s: x.V.String()}, nil
	case *List, *Set, *Dict, *Range, DateTime, TimeSpan:
		var b strings.Builder
		if err := canon(&b, v); err != nil {
			return hashKey{}, err
		}
		return hashKey{kind: hkComposite, s: b.String()}, nil
	}
	if h, ok := v.(interface{ HashKey() (string, error) }); ok {
		s, err := h.HashKey()
		return hashKey{kind: hkComposite, s: s}, err
	}
	return hashKey{kind: hkIdentity, p: v}, nil
}

// canon writes an encoding of v that is equal for Python-equal values.
func canon(b *strings.Builder, v Value) error {
	switch x := v.(type) {
	case *List:
		if x.Mutable {
			return NewTypeError("unhashable type: 'list'")
		}
		b.WriteByte('(')
		for _, e := range x.Items {
			if err := canon(b, e); err != nil {
				return err
			}
			b.WriteByte(',')
		}
		b.WriteByte(')')
	case *Range:
		fmt.Fprintf(b, "range(%d,%d,%d)", x.Start, x.Stop, x.Step)
	case *Set:
		if x.Mutable {
			return NewTypeError("unhashable type: 'set'")
		}
		parts := make([]string, len(x.items))
		for i, e := range x.items {
			var eb strings.Builder
			if err := canon(&eb, e); err != nil {
				return err
			}
			parts[i] = eb.String()
		}
		sort.Strings(parts)
		b.WriteString("{" + strings.Join(parts, ",") + "}")
	case *Dict:
		parts := make([]string, len(x.keys))
		for i, k := range x.keys {
			var eb strings.Builder
			if err := canon(&eb, k); err != nil {
				return err
			}
			eb.WriteByte(':')
			if err := canon(&eb, x.vals[i]); err != nil {
				return err
			}
			parts[i] = eb.String()
		}
		sort.Strings(parts)
		b.WriteString("<" + strings.Join(parts, ",") + ">")
	case DateTime:
		b.WriteString("dt" + strconv.FormatInt(x.T.UnixMicro(), 10))
	case TimeSpan:
		b.WriteString("ts" + strconv.FormatInt(x.Micros, 10))
	default:
		k, err := keyOf(v)
		if err != nil {
			return err
		}
		switch k.kind {
		case hkIdentity:
			fmt.Fprintf(b, "@%p", v)
		default:
			fmt.Fprintf(b, "%d:%d:%q", k.kind, k.i, k.s)
		}
	}
	return nil
}

// Less orders a before b with Python's < for numbers, strings, sequences
// of the same kind, dates and time spans. Other pairs fail with Python's
// TypeError.
func Less(a, b Value) (bool, error) {
	c, err := Compare(a, b)
	return c < 0, err
}

// Compare returns -1, 0 or +1 as Python would order a and b; see [Less].
func Compare(a, b Value) (int, error) {
	switch x := a.(type) {
	case Int:
		if y, ok := b.(Int); ok {
			return cmp3(x < y, x > y), nil
		}
	case String:
		if y, ok := b.(String); ok {
			return strings.Compare(string(x), string(y)), nil
		}
	case *List:
		if y, ok := b.(*List); ok && x.Mutable == y.Mutable {
			for i := 0; i < len(x.Items) && i < len(y.Items); i++ {
				if Equal(x.Items[i], y.Items[i]) {
					continue
				}
				return Compare(x.Items[i], y.Items[i])
			}
			return cmp3(len(x.Items) < len(y.Items), len(x.Items) > len(y.Items)), nil
		}
	case DateTime:
		if y, ok := b.(DateTime); ok {
			return x.T.Compare(y.T), nil
		}
	case TimeSpan:
		if y, ok := b.(TimeSpan); ok {
			return cmp3(x.Micros < y.Micros, x.Micros > y.Micros), nil
		}
	}
	if isNumeric(a) && isNumeric(b) {
		return numCompare(a, b), nil
	}
	return 0, NewTypeError(fmt.Sprintf("'<' not supported between instances of '%s' and '%s'", a.Type(), b.Type()))
}

func cmp3(less, greater bool) int {
	switch {
	case less:
		return -1
	case greater:
		return 1
	}
	return 0
}

func numCompare(a, b Value) int {
	fa, aIsFloat := a.(Float)
	fb, bIsFloat := b.(Float)
	if aIsFloat || bIsFloat {
		if !aIsFloat {
			fa = floatOf(a)
		}
		if !bIsFloat {
			fb = floatOf(b)
		}
		return cmp3(fa < fb, fa > fb)
	}
	x, _ := ToBig(a)
	y, _ := ToBig(b)
	return x.Cmp(y)
}

func floatOf(v Value) Float {
	f, _ := ToFloat(v)
	return Float(f)
}
