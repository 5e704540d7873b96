package engine

import (
	"strings"
	"testing"

	"murano.dev/playground/engine/value"
)

func TestDecodeData(t *testing.T) {
	tests := []struct {
		text, format, want string
	}{
		{`{"a": [1, 2.0, "x", null, true]}`, "", `{"a": [1, 2.0, "x", null, true]}`},
		{"a: [1, 2.0, x, null, yes, true]\nb: {c: .inf}", "", `{"a": [1, 2.0, "x", null, "yes", true], "b": {"c": {"$float": "inf"}}}`},
		{"1: one\n2.5: two", "yaml", `{"$map": [[1, "one"], [2.5, "two"]]}`},
		{"anchors: &x [1]\nuse: *x", "yaml", `{"anchors": [1], "use": [1]}`},
		{"", "json", `null`},
		{"123456789012345678901234567890", "json", `123456789012345678901234567890`},
	}
	for _, tt := range tests {
		v, err := DecodeData([]byte(tt.text), tt.format)
		if err != nil {
			t.Errorf("DecodeData(%q): %v", tt.text, err)
			continue
		}
		got, _, _ := value.ToJSON(v)
		if string(got) != tt.want {
			t.Errorf("DecodeData(%q) = %s, want %s", tt.text, got, tt.want)
		}
	}
}

// Broken and hostile documents fail with a position, never a panic.
func TestDecodeDataErrors(t *testing.T) {
	bomb := "a: &a [x, x, x, x, x, x, x, x, x]\n"
	for c := 'b'; c <= 'j'; c++ {
		prev := string(c - 1)
		bomb += string(c) + ": &" + string(c) + " [*" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + "]\n"
	}
	tests := []struct {
		text, format, want string
	}{
		{`{"a": 1,}`, "json", "1:9: invalid character '}' looking for beginning of object key string"},
		{"{\n  \"a\": [1,\n", "json", "3:1: unexpected end of JSON input"},
		{"a: [1\nb: 2", "yaml", "1:1: did not find expected ',' or ']'"},
		{strings.Repeat("[", 2000) + strings.Repeat("]", 2000), "yaml", "nested deeper than 1000 levels"},
		{bomb, "yaml", "excessive aliasing"},
	}
	for _, tt := range tests {
		_, err := DecodeData([]byte(tt.text), tt.format)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("DecodeData(%.40q) error %v, want it to contain %q", tt.text, err, tt.want)
		}
	}
}
