// This file defines the math library: arithmetic with Python's number
// semantics (integers of any size, floor division and modulo with the sign
// of the divisor), comparisons, int() and float(), pow, round, random and
// the bitwise functions.

package std

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"

	"murano.dev/playground/engine/internal/pyre"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func init() { addLibrary(orderMath, "math", registerMath) }

func registerMath(c *yaql.Context, _ Options) {
	num2 := []yaql.Param{yaql.P("left", yaql.Number), yaql.P("right", yaql.Number)}
	intPair := []yaql.Param{yaql.P("left", pyIntType), yaql.P("right", pyIntType)}
	c.Register(
		yaql.Fn("#operator_+", binaryNum(numAdd), num2...),
		yaql.Fn("#operator_-", binaryNum(numSub), num2...),
		yaql.Fn("#operator_*", binaryNum(numMul), num2...),
		yaql.Fn("#operator_/", binaryNum(numDiv), num2...),
		yaql.Fn("#operator_mod", binaryNum(numMod), num2...),
		yaql.Fn("#unary_operator_+", func(c *yaql.Call) (value.Value, error) { return c.Args[0], nil },
			yaql.P("op", yaql.Number)),
		yaql.Fn("#unary_operator_-", func(c *yaql.Call) (value.Value, error) { return numNeg(c.Args[0]), nil },
			yaql.P("op", yaql.Number)),
		yaql.Fn("abs", func(c *yaql.Call) (value.Value, error) { return numAbs(c.Args[0]), nil },
			yaql.P("op", yaql.Number)),
		yaql.Fn("#operator_>", numCompareOp(func(c int) bool { return c > 0 }), num2...),
		yaql.Fn("#operator_>=", numCompareOp(func(c int) bool { return c >= 0 }), num2...),
		yaql.Fn("#operator_<", numCompareOp(func(c int) bool { return c < 0 }), num2...),
		yaql.Fn("#operator_<=", numCompareOp(func(c int) bool { return c <= 0 }), num2...),
		yaql.Fn("int", fnInt, yaql.P("value", yaql.Any)),
		yaql.Fn("float", fnFloat, yaql.P("value", yaql.Any)),
		yaql.Fn("random", func(*yaql.Call) (value.Value, error) { return value.Float(rand.Float64()), nil }),
		yaql.Fn("random", fnRandInt, yaql.P("from", yaql.Any), yaql.P("to", yaql.Any)),
		yaql.Fn("bitwiseAnd", bitwise(func(z, x, y *big.Int) *big.Int { return z.And(x, y) }), intPair...),
		yaql.Fn("bitwiseOr", bitwise(func(z, x, y *big.Int) *big.Int { return z.Or(x, y) }), intPair...),
		yaql.Fn("bitwiseNot", fnBitwiseNot, yaql.P("arg", pyIntType)),
		yaql.Fn("bitwiseXor", bitwise(func(z, x, y *big.Int) *big.Int { return z.Xor(x, y) }), intPair...),
		yaql.Fn("shiftBitsLeft", fnShiftLeft, yaql.P("value", pyIntType), yaql.P("bitsNumber", pyIntType)),
		yaql.Fn("shiftBitsRight", fnShiftRight, yaql.P("value", pyIntType), yaql.P("bitsNumber", pyIntType)),
		yaql.Fn("max", fnMinMax(true), yaql.P("a", yaql.Any), yaql.P("b", yaql.Any)),
		yaql.Fn("min", fnMinMax(false), yaql.P("a", yaql.Any), yaql.P("b", yaql.Any)),
		yaql.Fn("pow", fnPow, yaql.P("a", yaql.Number), yaql.P("b", yaql.Number), yaql.Opt("c", yaql.Number.OrNull(), value.Null)),
		yaql.Fn("sign", fnSign, yaql.P("num", yaql.Number)),
		yaql.Fn("round", fnRound, yaql.P("number", yaql.Number), yaql.Opt("ndigits", pyIntType, value.Int(0))),
		yaql.Fn("isInteger", func(c *yaql.Call) (value.Value, error) { return value.Bool(value.IsInt(c.Args[0])), nil },
			yaql.P("value", yaql.Any)),
		yaql.Fn("isNumber", func(c *yaql.Call) (value.Value, error) { return value.Bool(value.IsNumber(c.Args[0])), nil },
			yaql.P("value", yaql.Any)),
	)
}

// maxIntBits bounds the integers arithmetic builds: Python has no such
// limit, but a playground must not spend minutes on one multiplication.
const maxIntBits = 1 << 22

// checkIntBits fails before an integer of at least bits bits is built when
// it would exceed the memory quota (as the reference fails after building
// it) or the size budget.
func checkIntBits(rt *yaql.Runtime, bits float64) error {
	if q := rt.Engine.Options.MemoryQuota; q > 0 && 24+4*math.Ceil(bits/30) > float64(q) {
		return &yaql.Error{Class: yaql.ClassMemory, Msg: "Expression consumed too much memory", Pos: -1, End: -1}
	}
	if bits > maxIntBits {
		return &yaql.Error{Class: yaql.ClassBudget, Msg: fmt.Sprintf("budget exceeded: an integer would have more than %d bits", maxIntBits), Pos: -1, End: -1}
	}
	return nil
}

func binaryNum(op func(rt *yaql.Runtime, a, b value.Value) (value.Value, error)) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) { return op(c.RT, c.Args[0], c.Args[1]) }
}

// toFloat converts a number to float64 as Python does, failing for
// integers beyond the float range.
func toFloat(v value.Value) (float64, error) {
	if b, ok := v.(value.BigInt); ok {
		f, _ := new(big.Float).SetInt(b.V).Float64()
		if math.IsInf(f, 0) {
			return 0, yaql.Raise("OverflowError", "int too large to convert to float")
		}
		return f, nil
	}
	f, _ := value.ToFloat(v)
	return f, nil
}

// floatPair converts both operands when either is a float; ok is false
// when both are integers.
func floatPair(a, b value.Value) (x, y float64, ok bool, err error) {
	_, af := a.(value.Float)
	_, bf := b.(value.Float)
	if !af && !bf {
		return 0, 0, false, nil
	}
	if x, err = toFloat(a); err == nil {
		y, err = toFloat(b)
	}
	return x, y, true, err
}

func bigOf(v value.Value) *big.Int {
	b, _ := value.ToBig(v)
	return b
}

func numAdd(_ *yaql.Runtime, a, b value.Value) (value.Value, error) {
	if x, ok := a.(value.Int); ok {
		if y, ok := b.(value.Int); ok {
			if s := x + y; (s > x) == (y > 0) {
				return s, nil
			}
		}
	}
	if x, y, ok, err := floatPair(a, b); ok || err != nil {
		return value.Float(x + y), err
	}
	return value.NewInt(new(big.Int).Add(bigOf(a), bigOf(b))), nil
}

func numSub(_ *yaql.Runtime, a, b value.Value) (value.Value, error) {
	if x, ok := a.(value.Int); ok {
		if y, ok := b.(value.Int); ok {
			if d := x - y; (d < x) == (y > 0) {
				return d, nil
			}
		}
	}
	if x, y, ok, err := floatPair(a, b); ok || err != nil {
		return value.Float(x - y), err
	}
	return value.NewInt(new(big.Int).Sub(bigOf(a), bigOf(b))), nil
}

func numMul(rt *yaql.Runtime, a, b value.Value) (value.Value, error) {
	if x, ok := a.(value.Int); ok {
		if y, ok := b.(value.Int); ok {
			if x == 0 || y == 0 {
				return value.Int(0), nil
			}
			if p := x * y; p/y == x && !(x == -1 && y == math.MinInt64) && !(y == -1 && x == math.MinInt64) {
				return p, nil
			}
		}
	}
	if x, y, ok, err := floatPair(a, b); ok || err != nil {
		return value.Float(x * y), err
	}
	x, y := bigOf(a), bigOf(b)
	if x.Sign() != 0 && y.Sign() != 0 {
		if err := checkIntBits(rt, float64(x.BitLen()+y.BitLen()-1)); err != nil {
			return nil, err
		}
	}
	return value.NewInt(new(big.Int).Mul(x, y)), nil
}

// numDiv is floor division for two integers and true division otherwise.
func numDiv(_ *yaql.Runtime, a, b value.Value) (value.Value, error) {
	if q, _, ok := intFloorDivMod(a, b); ok {
		return q, nil
	}
	x, y, isFloat, err := floatPair(a, b)
	if err != nil {
		return nil, err
	}
	if isFloat {
		if y == 0 {
			return nil, yaql.Raise("ZeroDivisionError", "float division by zero")
		}
		return value.Float(x / y), nil
	}
	if p, q := bigOf(a), bigOf(b); q.Sign() == 0 {
		return nil, yaql.Raise("ZeroDivisionError", "integer division or modulo by zero")
	} else {
		d, _ := floorDivMod(p, q)
		return value.NewInt(d), nil
	}
}

// numMod is Python's %: the result has the sign of the divisor.
func numMod(_ *yaql.Runtime, a, b value.Value) (value.Value, error) {
	if _, m, ok := intFloorDivMod(a, b); ok {
		return m, nil
	}
	x, y, isFloat, err := floatPair(a, b)
	if err != nil {
		return nil, err
	}
	if isFloat {
		if y == 0 {
			return nil, yaql.Raise("ZeroDivisionError", "float modulo")
		}
		return value.Float(floatMod(x, y)), nil
	}
	if p, q := bigOf(a), bigOf(b); q.Sign() == 0 {
		return nil, yaql.Raise("ZeroDivisionError", "integer modulo by zero")
	} else {
		_, m := floorDivMod(p, q)
		return value.NewInt(m), nil
	}
}

func floatMod(x, y float64) float64 {
	m := math.Mod(x, y)
	if m == 0 {
		return math.Copysign(0, y)
	}
	if (y < 0) != (m < 0) {
		m += y
	}
	return m
}

// intFloorDivMod is floorDivMod for two Ints whose quotient fits an
// Int; ok is false otherwise (and for a zero divisor).
func intFloorDivMod(a, b value.Value) (q, m value.Int, ok bool) {
	x, xok := a.(value.Int)
	y, yok := b.(value.Int)
	if !xok || !yok || y == 0 || (x == math.MinInt64 && y == -1) {
		return 0, 0, false
	}
	q, m = x/y, x%y
	if m != 0 && (m < 0) != (y < 0) {
		q--
		m += y
	}
	return q, m, true
}

// floorDivMod returns Python's x // y and x % y.
func floorDivMod(x, y *big.Int) (*big.Int, *big.Int) {
	q, r := new(big.Int).QuoRem(x, y, new(big.Int))
	if r.Sign() != 0 && r.Sign() != y.Sign() {
		q.Sub(q, big.NewInt(1))
		r.Add(r, y)
	}
	return q, r
}

func numNeg(v value.Value) value.Value {
	switch x := v.(type) {
	case value.Int:
		if x != math.MinInt64 {
			return -x
		}
	case value.Float:
		return -x
	}
	return value.NewInt(new(big.Int).Neg(bigOf(v)))
}

func numAbs(v value.Value) value.Value {
	switch x := v.(type) {
	case value.Float:
		return value.Float(math.Abs(float64(x)))
	case value.Int:
		if x >= 0 {
			return x
		}
	case value.BigInt:
		if x.V.Sign() >= 0 {
			return x
		}
	}
	return numNeg(v)
}

// numCmp orders two numbers exactly, as Python does across int and float;
// ok is false when a NaN makes them unordered.
func numCmp(a, b value.Value) (c int, ok bool) {
	if x, isInt := a.(value.Int); isInt {
		if y, isInt := b.(value.Int); isInt {
			return cmpInts(int64(x), int64(y)), true
		}
	}
	_, af := a.(value.Float)
	_, bf := b.(value.Float)
	if !af && !bf {
		return bigOf(a).Cmp(bigOf(b)), true
	}
	if af && bf {
		x, y := float64(a.(value.Float)), float64(b.(value.Float))
		if math.IsNaN(x) || math.IsNaN(y) {
			return 0, false
		}
		return cmpFloats(x, y), true
	}
	if bf {
		c, ok := numCmp(b, a)
		return -c, ok
	}
	f := float64(a.(value.Float))
	switch {
	case math.IsNaN(f):
		return 0, false
	case math.IsInf(f, 0):
		if f > 0 {
			return 1, true
		}
		return -1, true
	}
	return new(big.Float).SetFloat64(f).Cmp(new(big.Float).SetInt(bigOf(b))), true
}

func cmpInts(x, y int64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func cmpFloats(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func numCompareOp(test func(int) bool) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		r, ok := numCmp(c.Args[0], c.Args[1])
		return value.Bool(ok && test(r)), nil
	}
}

// pyTypeName names a value's Python type as the reference's messages do
// (the type of an iterator depends on the function that made it, which
// the value does not record: they are all called generators).
func pyTypeName(v value.Value) string {
	switch x := v.(type) {
	case *value.List:
		if x.Mutable {
			return "list"
		}
		return "tuple"
	case *value.Set:
		if x.Mutable {
			return "set"
		}
		return "frozenset"
	case *value.Iterator:
		return "generator"
	}
	return pyClassName(v)
}

// pyClassName is the class name (tp_name) Python's messages give for a
// value: dictionaries are yaql's FrozenDict, and classes of C modules
// carry the module name.
func pyClassName(v value.Value) string {
	switch v.(type) {
	case *value.Dict:
		return "FrozenDict"
	case value.DateTime:
		return "datetime.datetime"
	case value.TimeSpan:
		return "datetime.timedelta"
	case *pyre.Regex:
		return "re.Pattern"
	}
	return v.Type()
}

func fnInt(c *yaql.Call) (value.Value, error) {
	switch x := c.Args[0].(type) {
	case value.NullType:
		return value.Int(0), nil
	case value.Bool:
		if x {
			return value.Int(1), nil
		}
		return value.Int(0), nil
	case value.Int, value.BigInt:
		return x, nil
	case value.Float:
		return floatToInt(float64(x))
	case value.String:
		v, err := value.ParseInt(string(x), 10)
		return v, raised(err)
	}
	return nil, yaql.Raise("TypeError", "int() argument must be a string, a bytes-like object or a real number, not '%s'", pyTypeName(c.Args[0]))
}

func floatToInt(f float64) (value.Value, error) {
	switch {
	case math.IsNaN(f):
		return nil, yaql.Raise("ValueError", "cannot convert float NaN to integer")
	case math.IsInf(f, 0):
		return nil, yaql.Raise("OverflowError", "cannot convert float infinity to integer")
	}
	v, _ := value.FloatToInt(f)
	return v, nil
}

func fnFloat(c *yaql.Call) (value.Value, error) {
	switch x := c.Args[0].(type) {
	case value.NullType:
		return value.Float(0), nil
	case value.Bool, value.Int, value.BigInt, value.Float:
		f, err := toFloat(x)
		return value.Float(f), err
	case value.String:
		f, err := value.ParseFloat(string(x))
		if err != nil {
			return nil, raised(err)
		}
		return f, nil
	}
	return nil, yaql.Raise("TypeError", "float() argument must be a string or a real number, not '%s'", pyTypeName(c.Args[0]))
}

func fnRandInt(c *yaql.Call) (value.Value, error) {
	lo, err := randIndex(c.Args[0], "arg 1")
	if err != nil {
		return nil, err
	}
	to := c.Args[1]
	switch to.(type) {
	case value.String:
		return nil, yaql.Raise("TypeError", "can only concatenate str (not \"int\") to str")
	case value.Bool, value.Int, value.BigInt, value.Float:
	default:
		return nil, yaql.Raise("TypeError", "unsupported operand type(s) for +: '%s' and 'int'", pyTypeName(to))
	}
	stop, err := numAdd(c.RT, numberOrSelf(to), value.Int(1))
	if err != nil {
		return nil, err
	}
	hi, err := randIndex(stop, "stop")
	if err != nil {
		return nil, err
	}
	width := new(big.Int).Sub(hi, lo)
	if width.Sign() <= 0 {
		return nil, yaql.Raise("ValueError", "empty range for randrange() (%s, %s, %s)", lo, hi, width)
	}
	if width.IsInt64() {
		return value.NewInt(new(big.Int).Add(lo, big.NewInt(rand.Int64N(width.Int64())))), nil
	}
	words := make([]big.Word, len(width.Bits())+1)
	for i := range words {
		words[i] = big.Word(rand.Uint64())
	}
	r := new(big.Int).SetBits(words)
	r.Mod(r, width)
	return value.NewInt(r.Add(r, lo)), nil
}

// numberOrSelf returns a boolean as the integer Python takes it for (True
// is 1), other values as they are.
func numberOrSelf(v value.Value) value.Value {
	if b, ok := v.(value.Bool); ok {
		if b {
			return value.Int(1)
		}
		return value.Int(0)
	}
	return v
}

// randIndex converts a bound of randrange(): an integer, or a float with
// an integral value.
func randIndex(v value.Value, what string) (*big.Int, error) {
	if b, ok := value.ToBig(v); ok {
		return b, nil
	}
	if f, ok := v.(value.Float); ok {
		i, err := floatToInt(float64(f))
		if err != nil {
			return nil, err
		}
		if float64(f) != math.Trunc(float64(f)) {
			return nil, yaql.Raise("ValueError", "non-integer %s for randrange()", what)
		}
		return bigOf(i), nil
	}
	if s, ok := v.(value.String); ok {
		i, err := value.ParseInt(string(s), 10)
		if err != nil {
			return nil, raised(err)
		}
		return bigOf(i), nil
	}
	return nil, yaql.Raise("TypeError", "int() argument must be a string, a bytes-like object or a real number, not '%s'", pyTypeName(v))
}

// bitwise applies a bitwise operation; two booleans give a boolean, as in
// Python.
func bitwise(op func(z, x, y *big.Int) *big.Int) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		r := value.NewInt(op(new(big.Int), bigOf(c.Args[0]), bigOf(c.Args[1])))
		_, lb := c.Args[0].(value.Bool)
		_, rb := c.Args[1].(value.Bool)
		if lb && rb {
			return value.Bool(r != value.Int(0)), nil
		}
		return r, nil
	}
}

func fnBitwiseNot(c *yaql.Call) (value.Value, error) {
	return value.NewInt(new(big.Int).Not(bigOf(c.Args[0]))), nil
}

func shiftCount(v value.Value) (n int64, huge bool, err error) {
	b := bigOf(v)
	if b.Sign() < 0 {
		return 0, false, yaql.Raise("ValueError", "negative shift count")
	}
	if !b.IsInt64() || b.Int64() > math.MaxInt32 {
		return 0, true, nil
	}
	return b.Int64(), false, nil
}

func fnShiftLeft(c *yaql.Call) (value.Value, error) {
	x := bigOf(c.Args[0])
	n, huge, err := shiftCount(c.Args[1])
	if err != nil || x.Sign() == 0 {
		return value.Int(0), err
	}
	if huge {
		n = math.MaxInt32
	}
	if err := checkIntBits(c.RT, float64(x.BitLen())+float64(n)); err != nil {
		return nil, err
	}
	return value.NewInt(new(big.Int).Lsh(x, uint(n))), nil
}

func fnShiftRight(c *yaql.Call) (value.Value, error) {
	x := bigOf(c.Args[0])
	n, huge, err := shiftCount(c.Args[1])
	if err != nil {
		return nil, err
	}
	if huge || n > int64(x.BitLen()) {
		if x.Sign() < 0 {
			return value.Int(-1), nil
		}
		return value.Int(0), nil
	}
	return value.NewInt(new(big.Int).Rsh(x, uint(n))), nil
}

// fnMinMax returns max(a, b) (greater) or min(a, b) as the reference
// does, with the context's #operator_>: max is b when b > a, else a; min
// is a when b > a, else b.
func fnMinMax(greater bool) func(c *yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		gt, err := c.CallFunction("#operator_>", yaql.NoValue, c.Args[1], c.Args[0])
		if err != nil {
			return nil, err
		}
		if value.Truth(gt) == greater {
			return c.Args[1], nil
		}
		return c.Args[0], nil
	}
}

func fnSign(c *yaql.Call) (value.Value, error) {
	r, ok := numCmp(c.Args[0], value.Int(0))
	if !ok {
		return value.Int(0), nil
	}
	return value.Int(r), nil
}

func fnPow(c *yaql.Call) (value.Value, error) {
	a, b, m := c.Args[0], c.Args[1], c.Args[2]
	x, y, isFloat, err := floatPair(a, b)
	if err != nil {
		return nil, err
	}
	if isFloat {
		if !value.IsNull(m) {
			return nil, yaql.Raise("TypeError", "pow() 3rd argument not allowed unless all arguments are integers")
		}
		return floatPow(x, y)
	}
	if !value.IsNull(m) {
		if _, ok := m.(value.Float); ok {
			return nil, yaql.Raise("TypeError", "pow() 3rd argument not allowed unless all arguments are integers")
		}
		return modPow(bigOf(a), bigOf(b), bigOf(m))
	}
	base, exp := bigOf(a), bigOf(b)
	if exp.Sign() < 0 {
		if x, err = toFloat(a); err == nil {
			y, err = toFloat(b)
		}
		if err != nil {
			return nil, err
		}
		return floatPow(x, y)
	}
	switch {
	case exp.Sign() == 0 || base.Cmp(big.NewInt(1)) == 0:
		return value.Int(1), nil
	case base.Sign() == 0:
		return value.Int(0), nil
	case base.Cmp(big.NewInt(-1)) == 0:
		if exp.Bit(0) == 1 {
			return value.Int(-1), nil
		}
		return value.Int(1), nil
	}
	bits := math.Inf(1)
	if exp.IsInt64() {
		abs := new(big.Int).Abs(base)
		f, _ := new(big.Float).SetInt(abs).Float64()
		log2 := math.Log2(f)
		if math.IsInf(f, 0) {
			log2 = float64(abs.BitLen() - 1)
		}
		bits = float64(exp.Int64())*log2*(1-1e-12) + 1
	}
	if err := checkIntBits(c.RT, bits); err != nil {
		return nil, err
	}
	return value.NewInt(new(big.Int).Exp(base, exp, nil)), nil
}

// modPow is Python's three-argument pow for integers.
func modPow(a, b, m *big.Int) (value.Value, error) {
	if m.Sign() == 0 {
		return nil, yaql.Raise("ValueError", "pow() 3rd argument cannot be 0")
	}
	mod := new(big.Int).Abs(m)
	if mod.Cmp(big.NewInt(1)) == 0 {
		return value.Int(0), nil
	}
	base := new(big.Int).Mod(a, mod)
	exp := b
	if b.Sign() < 0 {
		if base.ModInverse(base, mod) == nil {
			return nil, yaql.Raise("ValueError", "base is not invertible for the given modulus")
		}
		exp = new(big.Int).Neg(b)
	}
	r := new(big.Int).Exp(base, exp, mod)
	if m.Sign() < 0 && r.Sign() != 0 {
		r.Sub(r, mod)
	}
	return value.NewInt(r), nil
}

// floatPow is Python's float ** float: special cases first, a complex
// result for a negative base with a fractional exponent, an error when the
// result overflows.
func floatPow(x, y float64) (value.Value, error) {
	isOddInt := func(f float64) bool { return math.Mod(math.Abs(f), 2) == 1 }
	switch {
	case y == 0:
		return value.Float(1), nil
	case math.IsNaN(x):
		return value.Float(x), nil
	case math.IsNaN(y):
		if x == 1 {
			return value.Float(1), nil
		}
		return value.Float(y), nil
	case math.IsInf(y, 0):
		ax := math.Abs(x)
		switch {
		case ax == 1:
			return value.Float(1), nil
		case (y > 0) == (ax > 1):
			return value.Float(math.Inf(1)), nil
		}
		return value.Float(0), nil
	case math.IsInf(x, 0):
		if y > 0 {
			if isOddInt(y) {
				return value.Float(x), nil
			}
			return value.Float(math.Abs(x)), nil
		}
		if isOddInt(y) {
			return value.Float(math.Copysign(0, x)), nil
		}
		return value.Float(0), nil
	case x == 0:
		if y < 0 {
			return nil, yaql.Raise("ZeroDivisionError", "0.0 cannot be raised to a negative power")
		}
		if isOddInt(y) {
			return value.Float(x), nil
		}
		return value.Float(0), nil
	}
	negate := false
	if x < 0 {
		if y != math.Floor(y) {
			return complexPow(x, y)
		}
		x = -x
		negate = isOddInt(y)
	}
	if x == 1 {
		if negate {
			return value.Float(-1), nil
		}
		return value.Float(1), nil
	}
	r := exactPow(x, y)
	if math.IsInf(r, 0) {
		return nil, yaql.Raise("OverflowError", "(34, 'Numerical result out of range')")
	}
	if negate {
		r = -r
	}
	return value.Float(r), nil
}

// pyComplex is the complex number Python's ** returns for a negative base
// raised to a fractional power. YAQL has no operation on it; it only
// prints.
type pyComplex struct{ re, im float64 }

func (pyComplex) Type() string { return "complex" }

// Repr is Python's repr(complex): "(1+2j)", or "2j" when the real part is +0.
func (z pyComplex) Repr() string {
	part := func(f float64, sign bool) string {
		s := value.FormatFloat(f)
		if len(s) > 2 && s[len(s)-2:] == ".0" {
			s = s[:len(s)-2]
		}
		if sign && !math.Signbit(f) || sign && math.IsNaN(f) {
			s = "+" + s
		}
		return s
	}
	if z.re == 0 && !math.Signbit(z.re) {
		return part(z.im, false) + "j"
	}
	return "(" + part(z.re, false) + part(z.im, true) + "j)"
}

// complexPow is Python's complex power of a real base and a real,
// non-integral exponent.
func complexPow(x, y float64) (value.Value, error) {
	length := exactPow(math.Abs(x), y)
	phase := math.Atan2(0, x) * y
	cos, sin := exactCosSin(phase)
	z := pyComplex{length * cos, length * sin}
	if math.IsInf(z.re, 0) || math.IsInf(z.im, 0) {
		return nil, yaql.Raise("OverflowError", "complex exponentiation")
	}
	return z, nil
}

func fnRound(c *yaql.Call) (value.Value, error) {
	nd := bigOf(c.Args[1])
	if f, ok := c.Args[0].(value.Float); ok {
		return roundFloat(float64(f), nd)
	}
	x := bigOf(c.Args[0])
	if nd.Sign() >= 0 {
		return c.Args[0], nil
	}
	k := new(big.Int).Neg(nd)
	if k.Cmp(big.NewInt(int64(len(new(big.Int).Abs(x).String()))+1)) > 0 {
		return value.Int(0), nil
	}
	unit := new(big.Int).Exp(big.NewInt(10), k, nil)
	q := roundHalfEven(new(big.Rat).SetFrac(x, unit))
	return value.NewInt(q.Mul(q, unit)), nil
}

// roundHalfEven rounds a rational to the nearest integer, ties to even.
func roundHalfEven(r *big.Rat) *big.Int {
	q, m := floorDivMod(r.Num(), r.Denom())
	twice := new(big.Int).Lsh(m, 1)
	switch twice.Cmp(r.Denom()) {
	case 1:
		q.Add(q, big.NewInt(1))
	case 0:
		if q.Bit(0) == 1 {
			q.Add(q, big.NewInt(1))
		}
	}
	return q
}

// roundFloat is Python's round(float, ndigits): the float nearest to the
// value rounded (ties to even) to ndigits decimal places.
func roundFloat(f float64, nd *big.Int) (value.Value, error) {
	const ndigitsMax, ndigitsMin = 323, -308
	switch {
	case math.IsInf(f, 0) || math.IsNaN(f):
		return value.Float(f), nil
	case nd.Cmp(big.NewInt(ndigitsMax)) > 0:
		return value.Float(f), nil
	case nd.Cmp(big.NewInt(ndigitsMin)) < 0:
		return value.Float(0 * f), nil
	}
	n := nd.Int64()
	unit := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(abs64(n)), nil))
	r := new(big.Rat).SetFloat64(f)
	if n >= 0 {
		r.Mul(r, unit)
	} else {
		r.Quo(r, unit)
	}
	q := new(big.Rat).SetInt(roundHalfEven(r))
	if n >= 0 {
		q.Quo(q, unit)
	} else {
		q.Mul(q, unit)
	}
	out, _ := q.Float64()
	if math.IsInf(out, 0) {
		return nil, yaql.Raise("OverflowError", "rounded value too large to represent")
	}
	if out == 0 && math.Signbit(f) {
		out = math.Copysign(0, -1)
	}
	return value.Float(out), nil
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// The precision, in bits, of the intermediate results of exactPow.
const powPrec = 256

var ln2 = func() *big.Float {
	third := new(big.Float).SetPrec(powPrec).Quo(big.NewFloat(1).SetPrec(powPrec), big.NewFloat(3))
	return atanh2(third)
}()

// atanh2 returns 2·atanh(s) for a small s, by its series.
func atanh2(s *big.Float) *big.Float {
	sum := new(big.Float).SetPrec(powPrec).Set(s)
	s2 := new(big.Float).SetPrec(powPrec).Mul(s, s)
	term := new(big.Float).SetPrec(powPrec).Set(s)
	limit := new(big.Float).SetMantExp(big.NewFloat(1), -powPrec-8)
	t := new(big.Float).SetPrec(powPrec)
	for k := int64(3); ; k += 2 {
		term.Mul(term, s2)
		t.Quo(term, new(big.Float).SetInt64(k))
		if t.Sign() == 0 || new(big.Float).Abs(t).Cmp(limit) < 0 {
			break
		}
		sum.Add(sum, t)
	}
	return sum.Mul(sum, big.NewFloat(2))
}

// bigLog returns the natural logarithm of x > 0.
func bigLog(x float64) *big.Float {
	m := new(big.Float).SetPrec(powPrec).SetFloat64(x)
	e := m.MantExp(m) // m in [0.5, 1)
	if m.Cmp(big.NewFloat(math.Sqrt2/2)) < 0 {
		m.SetMantExp(m, 1)
		e--
	}
	one := big.NewFloat(1)
	s := new(big.Float).SetPrec(powPrec).Sub(m, one)
	s.Quo(s, new(big.Float).SetPrec(powPrec).Add(m, one))
	l := atanh2(s)
	return l.Add(l, new(big.Float).SetPrec(powPrec).Mul(ln2, new(big.Float).SetInt64(int64(e))))
}

// bigExp returns e**t for |t| below about 750.
func bigExp(t *big.Float) *big.Float {
	kf := new(big.Float).SetPrec(powPrec).Quo(t, ln2)
	kr, _ := kf.Float64()
	k := int64(math.Round(kr))
	r := new(big.Float).SetPrec(powPrec).Mul(ln2, new(big.Float).SetInt64(k))
	r.Sub(t, r)
	const halvings = 12
	r.SetMantExp(r, -halvings)
	sum := new(big.Float).SetPrec(powPrec).SetInt64(1)
	term := new(big.Float).SetPrec(powPrec).SetInt64(1)
	limit := new(big.Float).SetMantExp(big.NewFloat(1), -powPrec-8)
	for n := int64(1); ; n++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetInt64(n))
		if term.Sign() == 0 || new(big.Float).Abs(term).Cmp(limit) < 0 {
			break
		}
		sum.Add(sum, term)
	}
	for i := 0; i < halvings; i++ {
		sum.Mul(sum, sum)
	}
	return sum.SetMantExp(sum, int(k))
}

// exactPow returns x**y correctly rounded, for a finite x > 0 other than
// 1 and a finite y other than 0 (math.Pow can be several units in the last
// place off, the C library the reference uses is not).
func exactPow(x, y float64) float64 {
	if y == math.Trunc(y) && math.Abs(y) <= 64 {
		n := int(math.Abs(y))
		p := new(big.Float).SetPrec(uint(53*n + 64)).SetFloat64(1)
		bx := new(big.Float).SetFloat64(x)
		for i := 0; i < n; i++ {
			p.Mul(p, bx)
		}
		if y < 0 {
			p = new(big.Float).SetPrec(powPrec).Quo(big.NewFloat(1), p)
		}
		f, _ := p.Float64()
		return f
	}
	t := new(big.Float).SetPrec(powPrec).Mul(bigLog(x), new(big.Float).SetFloat64(y))
	tf, _ := t.Float64()
	switch {
	case tf > 710:
		return math.Inf(1)
	case tf < -746:
		return 0
	}
	f, _ := bigExp(t).Float64()
	return f
}

// bigPi is π to powPrec bits, by Machin's formula.
var bigPi = func() *big.Float {
	atanInv := func(n int64) *big.Float {
		// atan(1/n) = sum (-1)^k / ((2k+1) n^(2k+1))
		x := new(big.Float).SetPrec(powPrec).Quo(big.NewFloat(1), new(big.Float).SetInt64(n))
		x2 := new(big.Float).SetPrec(powPrec).Mul(x, x)
		sum := new(big.Float).SetPrec(powPrec).Set(x)
		term := new(big.Float).SetPrec(powPrec).Set(x)
		t := new(big.Float).SetPrec(powPrec)
		for k := int64(1); k < 400; k++ {
			term.Mul(term, x2)
			t.Quo(term, new(big.Float).SetInt64(2*k+1))
			if k%2 == 1 {
				sum.Sub(sum, t)
			} else {
				sum.Add(sum, t)
			}
		}
		return sum
	}
	a := new(big.Float).SetPrec(powPrec).Mul(big.NewFloat(16), atanInv(5))
	b := new(big.Float).SetPrec(powPrec).Mul(big.NewFloat(4), atanInv(239))
	return a.Sub(a, b)
}()

// exactCosSin returns cos(x) and sin(x) correctly rounded (math.Cos and
// math.Sin can be off in the last place, the C library is not).
func exactCosSin(x float64) (float64, float64) {
	if math.IsInf(x, 0) || math.IsNaN(x) || math.Abs(x) > 1e15 {
		return math.Cos(x), math.Sin(x)
	}
	halfPi := new(big.Float).SetPrec(powPrec).Quo(bigPi, big.NewFloat(2))
	bx := new(big.Float).SetPrec(powPrec).SetFloat64(x)
	qf, _ := new(big.Float).SetPrec(powPrec).Quo(bx, halfPi).Float64()
	q := int64(math.Round(qf))
	r := new(big.Float).SetPrec(powPrec).Mul(halfPi, new(big.Float).SetInt64(q))
	r.Sub(bx, r)
	// Taylor series of cos and sin at r, |r| <= pi/4.
	cos := new(big.Float).SetPrec(powPrec).SetInt64(1)
	sin := new(big.Float).SetPrec(powPrec).Set(r)
	term := new(big.Float).SetPrec(powPrec).SetInt64(1)
	for n := int64(1); n < 120; n++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetInt64(n))
		switch n % 4 {
		case 1:
			// sin already holds r
			if n > 1 {
				sin.Add(sin, term)
			}
		case 2:
			cos.Sub(cos, term)
		case 3:
			sin.Sub(sin, term)
		case 0:
			cos.Add(cos, term)
		}
	}
	c, _ := cos.Float64()
	s, _ := sin.Float64()
	switch ((q % 4) + 4) % 4 {
	case 1:
		return -s, c
	case 2:
		return -c, -s
	case 3:
		return s, -c
	}
	return c, s
}
