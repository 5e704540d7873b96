package std

import (
	"math/big"
	"runtime"
	"testing"
	"time"

	"murano.dev/playground/engine/value"
)

// TestColHash compares colHash with CPython 3.11's hash(), obtained with
//
//	PYTHONHASHSEED=0 /usr/bin/python3 -c 'print(hash(<value>))'
//
// (FrozenDict from yaql.language.utils, datetimes with dateutil's tzutc()
// and tzoffset()).
func TestColHash(t *testing.T) {
	big30, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	set := func(items ...value.Value) *value.Set {
		s := value.NewSet(len(items))
		for _, e := range items {
			if err := s.Add(e); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	dict := value.NewDict(2)
	dict.SetString("a", value.Int(1))
	dict.SetString("b", value.NewTuple([]value.Value{value.Int(2)}))
	for _, tc := range []struct {
		python string
		v      value.Value
		want   int64
	}{
		{"0", value.Int(0), 0},
		{"-1", value.Int(-1), -2},
		{"-2", value.Int(-2), -2},
		{"1 << 62", value.Int(1 << 62), 2},
		{"-(1 << 62)", value.Int(-(1 << 62)), -2},
		{"123456789012345678901234567890", value.BigInt{V: big30}, 248789772095949448},
		{"-123456789012345678901234567890", value.BigInt{V: new(big.Int).Neg(big30)}, -248789772095949448},
		{"True", value.Bool(true), 1},
		{"1.5", value.Float(1.5), 1152921504606846977},
		{"-0.1", value.Float(-0.1), -230584300921369408},
		{"1e300", value.Float(1e300), 1224995262755759164},
		{"1e-300", value.Float(1e-300), 482449582752280463},
		{"2.0", value.Float(2), 2},
		{`""`, value.String(""), 0},
		{`"a"`, value.String("a"), 4644417185603328019},
		{`"hello world!!"`, value.String("hello world!!"), -8602798515680944651},
		{`"é"`, value.String("é"), 6047309291227476195},
		{`"ĀĀ"`, value.String("ĀĀ"), -3805506869622859195},
		{`"€x"`, value.String("€x"), -483395623852268653},
		{`"😀a"`, value.String("😀a"), 1495732039293241016},
		{"()", value.NewTuple(nil), 5740354900026072187},
		{`(1, "a")`, value.NewTuple([]value.Value{value.Int(1), value.String("a")}), 3906047847676358913},
		{`frozenset([1, "x"])`, set(value.Int(1), value.String("x")), 4145886865039128679},
		{"frozenset()", set(), 133146708735736},
		{"FrozenDict(a=1, b=(2,))", dict, 1054830606682867893},
		{"timedelta(days=3, microseconds=5)", value.TimeSpan{Micros: 3*86400_000_000 + 5}, 1893013359950245591},
		{"timedelta(microseconds=-7)", value.TimeSpan{Micros: -7}, -4082738896066864172},
		{"datetime(2015, 8, 29, 12, 0, 0, 100000, tzinfo=tzutc())", value.DateTime{T: time.Date(2015, 8, 29, 12, 0, 0, 100_000_000, time.UTC)}, 3916584744167531962},
		{"datetime(2015, 8, 29, 12, tzinfo=tzoffset(None, 10800))", value.DateTime{T: time.Date(2015, 8, 29, 12, 0, 0, 0, time.FixedZone("", 10800))}, 7427664493278037028},
	} {
		if got := int64(colHash(tc.v)); got != tc.want {
			t.Errorf("hash(%s) = %d, want %d", tc.python, got, tc.want)
		}
	}
}

// TestColTablesForget checks that the remembered tables of sets that are
// no longer referenced are dropped.
func TestColTablesForget(t *testing.T) {
	size := func() int {
		colTables.Lock()
		defer colTables.Unlock()
		return len(colTables.m)
	}
	before := size()
	for i := range 1000 {
		t := newColTable()
		t.add(value.Int(i), colHash(value.Int(i)))
		t.freeze(false)
	}
	for range 100 {
		runtime.GC()
		if size() < before+1000 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d remembered tables after collecting 1000 sets, want fewer than %d", size(), before+1000)
}
