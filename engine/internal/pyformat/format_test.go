package pyformat

import (
	"testing"

	"murano.dev/playground/engine/value"
)

// The expected values are Python 3.11's str.format on the same format
// strings and arguments.
func TestFormat(t *testing.T) {
	s := func(v string) value.Value { return value.String(v) }
	for _, tc := range []struct {
		format string
		args   []value.Value
		kwargs map[string]value.Value
		want   string
	}{
		{"{0}-{1}", []value.Value{value.Int(1), s("a")}, nil, "1-a"},
		{"{}{}", []value.Value{value.Int(1), value.Int(2)}, nil, "12"},
		{"{0}{}", []value.Value{value.Int(1), value.Int(2)}, nil, "ValueError: cannot switch from manual field specification to automatic field numbering"},
		{"{x!r:>6}", nil, map[string]value.Value{"x": s("a")}, "   'a'"},
		{"{:,.2f}", []value.Value{value.Float(1234.5)}, nil, "1,234.50"},
		{"{:#x}", []value.Value{value.Int(255)}, nil, "0xff"},
		{"{:08.3e}", []value.Value{value.Float(-1.5)}, nil, "-1.500e+00"},
		{"{:g}", []value.Value{value.Float(1e16)}, nil, "1e+16"},
		{"{0[1]}", []value.Value{value.NewPyList([]value.Value{value.Int(5), value.Int(6)})}, nil, "6"},
		{"{:d}", []value.Value{s("a")}, nil, "ValueError: Unknown format code 'd' for object of type 'str'"},
		{"{", nil, nil, "ValueError: Single '{' encountered in format string"},
		{"{0.real}", []value.Value{value.Int(3)}, nil, "3"},
		{"{:{w}}", []value.Value{s("a")}, map[string]value.Value{"w": value.Int(3)}, "a  "},
		{"{:z.1f}", []value.Value{value.Float(-0.01)}, nil, "0.0"},
		{"{:^7,}", []value.Value{value.Int(1234)}, nil, " 1,234 "},
		{"{!a}", []value.Value{s("é")}, nil, `'\xe9'`},
		{"{:b}", []value.Value{value.Bool(true)}, nil, "1"},
	} {
		f := &Formatter{Args: tc.args, Kwargs: tc.kwargs}
		got, err := f.Format(tc.format)
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%q.format(%v, %v) = %q, want %q", tc.format, tc.args, tc.kwargs, got, tc.want)
		}
	}
}
