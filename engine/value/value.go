// Package value defines the data model shared by YAQL and MuranoPL: null,
// booleans, integers of any size, floats, strings, immutable sequences,
// ordered dictionaries, sets, lazy iterators, ranges, dates and time spans.
//
// The model follows the Python objects the reference implementation works
// with, because YAQL's semantics are defined by them: 1 = 1.0 = true compare
// equal, integers never overflow, sequences coming from input data are
// tuples, dictionaries keep insertion order and accept any hashable key.
//
// Every value implements [Value]. Other packages add their own kinds (YAQL
// lambdas and contexts, MuranoPL objects) by implementing it too; the
// functions of this package treat unknown kinds as opaque objects compared
// by identity.
package value

import (
	"math"
	"math/big"
)

// Value is any YAQL or MuranoPL value.
type Value interface {
	// Type names the value's type as the reference's error messages do
	// ("int", "str", "tuple", "dict", …).
	Type() string
}

// NullType is the type of [Null].
type NullType struct{}

// Null is YAQL's null (Python None).
var Null Value = NullType{}

func (NullType) Type() string { return "NoneType" }

// Bool is a boolean. As in Python it is also an integer: true = 1.
type Bool bool

func (Bool) Type() string { return "bool" }

// Int is an integer that fits in 64 bits. Larger integers are [BigInt];
// arithmetic in this package switches between the two automatically.
type Int int64

func (Int) Type() string { return "int" }

// BigInt is an integer that does not fit in 64 bits. Values made by this
// package are always normalised: a BigInt never holds a value that fits
// an [Int].
type BigInt struct{ V *big.Int }

func (BigInt) Type() string { return "int" }

// Float is a double-precision float.
type Float float64

func (Float) Type() string { return "float" }

// String is a Unicode string.
type String string

func (String) Type() string { return "str" }

// NewInt returns x as an [Int] when it fits, as a [BigInt] otherwise.
func NewInt(x *big.Int) Value {
	if x.IsInt64() {
		return Int(x.Int64())
	}
	return BigInt{x}
}

// IsNull reports whether v is null.
func IsNull(v Value) bool {
	_, ok := v.(NullType)
	return ok
}

// IsInt reports whether v is an integer and not a boolean.
func IsInt(v Value) bool {
	switch v.(type) {
	case Int, BigInt:
		return true
	}
	return false
}

// IsNumber reports whether v is an integer or a float and not a boolean.
func IsNumber(v Value) bool {
	switch v.(type) {
	case Int, BigInt, Float:
		return true
	}
	return false
}

// Truth reports the truthiness of v with Python's rules: null, false, zero,
// the empty string and empty collections are false; everything else is true.
func Truth(v Value) bool {
	switch x := v.(type) {
	case NullType:
		return false
	case Bool:
		return bool(x)
	case Int:
		return x != 0
	case BigInt:
		return x.V.Sign() != 0
	case Float:
		return x != 0
	case String:
		return x != ""
	case *List:
		return len(x.Items) > 0
	case *Dict:
		return x.Len() > 0
	case *Set:
		return x.Len() > 0
	case *Range:
		return x.Len() > 0
	case TimeSpan:
		return x.Micros != 0
	case Sized:
		return x.Len() > 0
	}
	return true
}

// Sized is implemented by opaque values that have a length (Python __len__).
type Sized interface {
	Value
	Len() int
}

// number is Python's int(b): 1 or 0.
func (b Bool) number() int64 {
	if b {
		return 1
	}
	return 0
}

// ToFloat converts an integer, boolean or float to float64.
func ToFloat(v Value) (float64, bool) {
	switch x := v.(type) {
	case Bool:
		return float64(x.number()), true
	case Int:
		return float64(x), true
	case BigInt:
		f, _ := new(big.Float).SetInt(x.V).Float64()
		return f, true
	case Float:
		return float64(x), true
	}
	return 0, false
}

// ToBig converts an integer or boolean to a big.Int.
func ToBig(v Value) (*big.Int, bool) {
	switch x := v.(type) {
	case Bool:
		return big.NewInt(x.number()), true
	case Int:
		return big.NewInt(int64(x)), true
	case BigInt:
		return x.V, true
	}
	return nil, false
}

// ToInt64 converts an integer or boolean that fits 64 bits to int64.
func ToInt64(v Value) (int64, bool) {
	switch x := v.(type) {
	case Bool:
		return x.number(), true
	case Int:
		return int64(x), true
	}
	return 0, false
}

// FloatToInt truncates f toward zero as Python's int(f) does; it fails for
// NaN and infinities.
func FloatToInt(f float64) (Value, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, false
	}
	t := math.Trunc(f)
	if t >= -9.2e18 && t <= 9.2e18 {
		return Int(int64(t)), true
	}
	b, _ := new(big.Float).SetFloat64(t).Int(nil)
	return NewInt(b), true
}

func (s String) String() string { return string(s) }
