package value

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// The expected values are Python 3.11's int(), float(), bytes.decode
// and str.isspace on the same text.

func TestParseInt(t *testing.T) {
	for _, tc := range []struct {
		s    string
		base int
		want string
	}{
		{" ١٢ ", 10, "12"},
		{"1_000", 10, "1000"},
		{"1__0", 10, "ValueError: invalid literal for int() with base 10: '1__0'"},
		{"0x1f", 16, "31"},
		{"0b2", 2, "ValueError: invalid literal for int() with base 2: '0b2'"},
		{"z", 16, "ValueError: invalid literal for int() with base 16: 'z'"},
		{"-0o17", 8, "-15"},
		{strings.Repeat("1", 4301), 10, "ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit"},
	} {
		v, err := ParseInt(tc.s, tc.base)
		got := fmt.Sprint(err)
		if err == nil {
			got = Repr(v)
		}
		if got != tc.want {
			t.Errorf("int(%.20q, %d) = %s, want %s", tc.s, tc.base, got, tc.want)
		}
	}
}

func TestParseFloat(t *testing.T) {
	for _, tc := range []struct{ s, want string }{
		{"1_0.5", "10.5"},
		{" -Inf ", "-inf"},
		{"1e", "ValueError: could not convert string to float: '1e'"},
		{"", "ValueError: could not convert string to float: ''"},
		{"1e999", "inf"},
		{"٣.٥", "3.5"},
	} {
		f, err := ParseFloat(tc.s)
		got := fmt.Sprint(err)
		if err == nil {
			got = FormatFloat(float64(f))
		}
		if got != tc.want {
			t.Errorf("float(%q) = %s, want %s", tc.s, got, tc.want)
		}
	}
	if f, _ := ParseFloat("nan"); !math.IsNaN(float64(f)) {
		t.Errorf("float('nan') = %v", f)
	}
}

func TestUTF8Problem(t *testing.T) {
	for _, tc := range []struct {
		s          string
		start, end int
		reason     string
	}{
		{"caf\xe9", 3, 4, "unexpected end of data"},
		{"\xe9x", 0, 1, "invalid continuation byte"},
		{"\xff", 0, 1, "invalid start byte"},
		{"\xed\xa0\x80", 0, 1, "invalid continuation byte"},
		{"\xf0\x90\x80", 0, 3, "unexpected end of data"},
	} {
		start, end, reason, ok := UTF8Problem(tc.s)
		if !ok || start != tc.start || end != tc.end || reason != tc.reason {
			t.Errorf("UTF8Problem(%q) = %d, %d, %q, %v; want %d, %d, %q", tc.s, start, end, reason, ok, tc.start, tc.end, tc.reason)
		}
	}
	if _, _, _, ok := UTF8Problem("café"); ok {
		t.Error("UTF8Problem of UTF-8 text")
	}
}

func TestIsSpace(t *testing.T) {
	for _, r := range " \x1c\u0085\u3000" {
		if !IsSpace(r) {
			t.Errorf("IsSpace(%U) = false", r)
		}
	}
	if IsSpace('x') || TrimSpace("\u3000x\x1c") != "x" {
		t.Error("IsSpace('x') or TrimSpace")
	}
}
