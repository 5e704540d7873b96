package pyyaml

import (
	"strings"
	"testing"
)

// Hostile input ends in one clear error, never in a panic, a hang or
// exhausted memory.
func TestLimits(t *testing.T) {
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	for i := 'b'; i <= 'j'; i++ {
		bomb += string(i) + ": &" + string(i) + " [" + strings.Repeat("*"+string(i-1)+", ", 9) + "*" + string(i-1) + "]\n"
	}
	tests := []struct {
		name string
		src  string
		msg  string
	}{
		{"alias bomb", bomb, "LoadError: the file has more than 250000 values, counting each use of an alias"},
		{"deep nesting", "a: " + strings.Repeat("[", 600) + strings.Repeat("]", 600), "LoadError: values nested deeper than 500 levels"},
		{"very deep nesting", "a: " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000), "YAMLError: exceeded max depth of 10000"},
		{"huge file", "a: '" + strings.Repeat("x", MaxFileSize) + "'", "LoadError: file is larger than 1048576 bytes"},
		{"invalid UTF-8", "a: b\nc: \xe2\x28\xa1\n", "ReaderError: unacceptable character #x00e2: invalid continuation byte"},
		{"truncated UTF-8", "a: \xe2\x82", "ReaderError: unacceptable character #x00e2: unexpected end of data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, errs := Decode("f.yaml", []byte(tt.src), nil)
			if len(errs) != 1 || errs[0].Msg != tt.msg {
				t.Fatalf("errors %v, want one: %s", errs, tt.msg)
			}
		})
	}
}
