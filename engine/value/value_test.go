package value

import (
	"math"
	"math/big"
	"testing"
)

var tenth = 0.1

// Expected texts are CPython 3.11's repr() of the same values.
func TestRepr(t *testing.T) {
	big, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	tests := []struct {
		v    Value
		want string
	}{
		{Float(1.0), "1.0"}, {Float(1e16), "1e+16"}, {Float(1e15), "1000000000000000.0"},
		{Float(0.0001), "0.0001"}, {Float(1e-05), "1e-05"}, {Float(tenth + 2*tenth), "0.30000000000000004"},
		{Float(math.Copysign(0, -1)), "-0.0"}, {Float(123456789012345678.0), "1.2345678901234568e+17"},
		{Float(2.5e-300), "2.5e-300"}, {Float(math.Inf(-1)), "-inf"},
		{String("a"), "'a'"}, {String("it's"), `"it's"`}, {String(`say "hi"`), `'say "hi"'`},
		{String(`both ' "`), `'both \' "'`}, {String("tab\tnl\n"), `'tab\tnl\n'`}, {String("\x7f"), `'\x7f'`},
		{String("é"), "'é'"}, {String("\u200b"), `'\u200b'`}, {String("😀"), "'😀'"},
		{NewTuple([]Value{Int(1)}), "(1,)"}, {NewTuple(nil), "()"},
		{NewPyList([]Value{Int(1), String("a"), Null, Bool(true)}), "[1, 'a', None, True]"},
		{NewSet(0), "frozenset()"}, {&Range{0, 3, 1}, "range(0, 3)"}, {&Range{0, 10, 2}, "range(0, 10, 2)"},
		{NewInt(big), "123456789012345678901234567890"},
	}
	d := NewDict(2)
	d.SetString("a", Int(1))
	d.Set(Int(2), NewTuple([]Value{Int(3)}))
	tests = append(tests, struct {
		v    Value
		want string
	}{d, "{'a': 1, 2: (3,)}"})
	for _, tt := range tests {
		if got := Repr(tt.v); got != tt.want {
			t.Errorf("Repr(%#v) = %s, want %s", tt.v, got, tt.want)
		}
	}
}

// Python's equality and hashing: 1 == 1.0 == True, tuples by content, a
// tuple never equals a list.
func TestEqualAndHash(t *testing.T) {
	equal := [][2]Value{
		{Int(1), Float(1.0)}, {Int(1), Bool(true)}, {Float(0), Bool(false)},
		{NewTuple([]Value{Int(1), Float(2)}), NewTuple([]Value{Float(1), Int(2)})},
	}
	for _, p := range equal {
		if !Equal(p[0], p[1]) {
			t.Errorf("%s != %s", Repr(p[0]), Repr(p[1]))
		}
		d := NewDict(1)
		d.Set(p[0], String("x"))
		if _, ok := d.Get(p[1]); !ok {
			t.Errorf("dict key %s not found by %s", Repr(p[0]), Repr(p[1]))
		}
	}
	if Equal(NewTuple([]Value{Int(1)}), NewPyList([]Value{Int(1)})) {
		t.Error("(1,) == [1]")
	}
	if err := Hashable(NewPyList(nil)); err == nil || err.Error() != "TypeError: unhashable type: 'list'" {
		t.Errorf("Hashable(list) = %v", err)
	}
}

func TestJSONRoundTrip(t *testing.T) {
	tests := []struct{ in, out string }{
		{`[1, 2.0, -3, 1e3, "a\u00e9\n", null, true, {"b": [], "a": {}}]`, `[1, 2.0, -3, 1000.0, "aé\n", null, true, {"b": [], "a": {}}]`},
		{`123456789012345678901234567890`, `123456789012345678901234567890`},
		{` {"x" : 1} `, `{"x": 1}`},
	}
	for _, tt := range tests {
		v, err := FromJSON([]byte(tt.in))
		if err != nil {
			t.Fatalf("FromJSON(%s): %v", tt.in, err)
		}
		out, _, err := ToJSON(v)
		if err != nil || string(out) != tt.out {
			t.Errorf("ToJSON(FromJSON(%s)) = %s, %v; want %s", tt.in, out, err, tt.out)
		}
	}
	for _, bad := range []string{`[1,`, `{"a" 1}`, `[1] x`, `tru`, `-`, `"abc`} {
		if _, err := FromJSON([]byte(bad)); err == nil {
			t.Errorf("FromJSON(%s) succeeded", bad)
		}
	}
}

func FuzzFromJSON(f *testing.F) {
	f.Add(`{"a": [1, 2.5, "x\u0041", null, {"b": true}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		v, err := FromJSON([]byte(s))
		if err != nil {
			return
		}
		out, _, err := ToJSON(v)
		if err != nil {
			t.Fatalf("ToJSON: %v", err)
		}
		if _, err := FromJSON(out); err != nil {
			t.Fatalf("re-decoding %s: %v", out, err)
		}
	})
}

// WithLists converts nested lists (through lists and dictionaries, not
// sets) the way yaql's convert_input_data (tuples) and json.load (lists)
// shape the data, compared through CPython's repr of the same data.
func TestWithLists(t *testing.T) {
	inner := NewDict(1)
	inner.SetString("b", NewPyList([]Value{Int(2)}))
	set := NewSet(1)
	set.Add(NewTuple([]Value{Int(4)}))
	v := NewPyList([]Value{Int(1), inner, NewTuple([]Value{Int(3), set})})
	tests := []struct {
		mutable bool
		want    string
	}{
		{false, "(1, {'b': (2,)}, (3, frozenset({(4,)})))"},
		{true, "[1, {'b': [2]}, [3, frozenset({(4,)})]]"},
	}
	for _, tt := range tests {
		if got := Repr(WithLists(v, tt.mutable)); got != tt.want {
			t.Errorf("WithLists(mutable=%v) = %s, want %s", tt.mutable, got, tt.want)
		}
	}
	if got := Repr(v); got != "[1, {'b': [2]}, (3, frozenset({(4,)}))]" {
		t.Errorf("WithLists changed its argument: %s", got)
	}
}

func TestDeepCopy(t *testing.T) {
	inner := NewPyList([]Value{Int(1)})
	d := NewDict(1)
	d.SetString("a", inner)
	c := DeepCopy(d).(*Dict)
	inner.Items[0] = Int(2)
	got, _ := c.GetString("a")
	if l := got.(*List); !l.Mutable || !Equal(l.Items[0], Int(1)) {
		t.Errorf("copy %v changed with the original, or lost its kind", got)
	}
}
