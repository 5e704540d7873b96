package unicodenames

import (
	"bytes"
	"maps"
	"testing"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		name string
		want rune
		ok   bool
	}{
		{"GREEK SMALL LETTER ALPHA", 'α', true},
		{"greek small letter alpha", 'α', true},
		{"Digit One", '1', true},
		{"NO SUCH CHARACTER", 0, false},
	}
	for _, tt := range tests {
		r, ok, err := Lookup(tt.name)
		if err != nil || r != tt.want || ok != tt.ok {
			t.Errorf("Lookup(%q) = %q, %v, %v; want %q, %v, nil", tt.name, r, ok, err, tt.want, tt.ok)
		}
	}
}

// The table file that the WebAssembly build reads holds the same names as
// the compiled-in table.
func TestTableFileRoundTrip(t *testing.T) {
	var file bytes.Buffer
	if err := WriteTable(&file); err != nil {
		t.Fatal(err)
	}
	parsed, err := Parse(file.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	compiled, _ := load()
	if len(compiled) < 30000 {
		t.Fatalf("only %d names in the compiled-in table", len(compiled))
	}
	if !maps.Equal(parsed, compiled) {
		t.Errorf("the table file has %d names, the compiled-in table %d, and they differ", len(parsed), len(compiled))
	}
}

func TestParseErrors(t *testing.T) {
	for _, text := range []string{
		"41 LATIN CAPITAL LETTER A\n42\n",
		"41 LATIN CAPITAL LETTER A\nZZ NAME\n",
		"110000 BEYOND UNICODE\n",
		"41 \n",
		"\n",
	} {
		if _, err := Parse([]byte(text)); err == nil {
			t.Errorf("Parse(%q) succeeded", text)
		}
	}
	table, err := Parse([]byte("41 LATIN CAPITAL LETTER A\n3B1 GREEK SMALL LETTER ALPHA\n"))
	want := map[string]rune{"LATIN CAPITAL LETTER A": 'A', "GREEK SMALL LETTER ALPHA": 'α'}
	if err != nil || !maps.Equal(table, want) {
		t.Errorf("Parse = %v, %v; want %v", table, err, want)
	}
}
