package pyyaml

import (
	"strings"
	"testing"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/value"
)

// The messages are PyYAML's, checked by loading each text with
// yaml.safe_load; the positions are PyYAML's marks where it gives one.
func TestLoadErrors(t *testing.T) {
	tests := []struct {
		src       string
		line, col int
		kind      diag.Kind
		msg       string
	}{
		{"a: =\n", 1, 4, diag.Load, "ConstructorError: could not determine a constructor for the tag 'tag:yaml.org,2002:value'"},
		{"a: !!merge x\n", 1, 4, diag.Load, "ConstructorError: could not determine a constructor for the tag 'tag:yaml.org,2002:merge'"},
		{"{[a]: 1}\n", 1, 2, diag.Load, "ConstructorError: found unhashable key"},
		{"a: !foo x\n", 1, 4, diag.Load, "ConstructorError: could not determine a constructor for the tag '!foo'"},
		{"a: !!int abc\n", 1, 4, diag.Load, "ValueError: invalid literal for int() with base 10: 'abc'"},
		{"a: !!int \"\"\n", 1, 4, diag.Load, "IndexError: string index out of range"},
		{"a: !!int \"-\"\n", 1, 4, diag.Load, "IndexError: string index out of range"},
		{"a: !!float \"\"\n", 1, 4, diag.Load, "IndexError: string index out of range"},
		{"a: 2001-13-01 10:00:00 +25\n", 1, 4, diag.Load, "ValueError: offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not datetime.timedelta(days=1, seconds=3600)."},
		{"a: !!int \"0x\"\n", 1, 4, diag.Load, "ValueError: invalid literal for int() with base 16: ''"},
		{"a: !!bool maybe\n", 1, 4, diag.Load, "KeyError: 'maybe'"},
		{"a: !!float abc\n", 1, 4, diag.Load, "ValueError: could not convert string to float: 'abc'"},
		{"a: !!float \"0x1p3\"\n", 1, 4, diag.Load, "ValueError: could not convert string to float: '0x1p3'"},
		{"a: !!timestamp foo\n", 1, 4, diag.Load, "AttributeError: 'NoneType' object has no attribute 'groupdict'"},
		{"a: 2001-13-01\n", 1, 4, diag.Load, "ValueError: month must be in 1..12"},
		{"a: 2001-02-29\n", 1, 4, diag.Load, "ValueError: day is out of range for month"},
		{"a: 0000-01-01\n", 1, 4, diag.Load, "ValueError: year 0 is out of range"},
		{"a: 2001-12-14 24:00:00\n", 1, 4, diag.Load, "ValueError: hour must be in 0..23"},
		{"a: 2001-12-14 21:59:43 +25\n", 1, 4, diag.Load, "ValueError: offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not datetime.timedelta(days=1, seconds=3600)."},
		{"a: !!str [x]\n", 1, 4, diag.Load, "ConstructorError: expected a scalar node, but found sequence"},
		{"a: !!seq x\n", 1, 4, diag.Load, "ConstructorError: expected a sequence node, but found scalar"},
		{"a: !!map x\n", 1, 4, diag.Load, "ConstructorError: expected a mapping node, but found scalar"},
		{"a: {<<: 1}\n", 1, 9, diag.Load, "ConstructorError: expected a mapping or list of mappings for merging, but found scalar"},
		{"a: {<<: [1]}\n", 1, 10, diag.Load, "ConstructorError: expected a mapping for merging, but found scalar"},
		{"a: \x01\n", 1, 4, diag.Syntax, "ReaderError: unacceptable character #x0001: special characters are not allowed"},
		{"a: \"x\x7f\"\n", 1, 6, diag.Syntax, "ReaderError: unacceptable character #x007f: special characters are not allowed"},
		{"a: \xff\n", 1, 4, diag.Syntax, "ReaderError: unacceptable character #x00ff: invalid start byte"},
		{"a: b\t c\n", 1, 5, diag.Syntax, "ScannerError: found character '\\t' that cannot start any token"},
		{"a:\tb\n", 1, 3, diag.Syntax, "ScannerError: found character '\\t' that cannot start any token"},
		{"a: [1,\t2]\n", 1, 7, diag.Syntax, "ScannerError: found character '\\t' that cannot start any token"},
		{"a: \"x\"\t# c\n", 1, 7, diag.Syntax, "ScannerError: found character '\\t' that cannot start any token"},
		{"a: |\n  x\ty\nb: 1\t\n", 3, 5, diag.Syntax, "ScannerError: found character '\\t' that cannot start any token"},
		// Deviations: the recursion is caught before Python's stack
		// overflows, and the YAML library's own syntax messages.
		{"a: &x [*x]\n", 1, 8, diag.Load, "RecursionError: alias *x refers to a value that contains it"},
		{"a: b: c\n", 0, 0, diag.Syntax, "YAMLError: mapping values are not allowed in this context"},
	}
	for _, tt := range tests {
		_, _, errs := Decode("f.yaml", []byte(tt.src), nil)
		if len(errs) == 0 {
			t.Errorf("%q: no error, want %s", tt.src, tt.msg)
			continue
		}
		e := errs[0]
		if e.Msg != tt.msg && !strings.HasPrefix(e.Msg, tt.msg+" (") {
			t.Errorf("%q: error %q, want %q", tt.src, e.Msg, tt.msg)
		}
		if e.Kind != tt.kind || e.Pos.Start.Line != tt.line || e.Pos.Start.Col != tt.col {
			t.Errorf("%q: %s error at %d:%d, want %s at %d:%d", tt.src, e.Kind, e.Pos.Start.Line, e.Pos.Start.Col, tt.kind, tt.line, tt.col)
		}
		if pe, ok := e.Err.(*Error); ok && pe.Error() != tt.msg {
			t.Errorf("%q: cause %q, want %q", tt.src, pe.Error(), tt.msg)
		}
	}
}

// Tabs are fine inside quoted and block scalars and in comments.
func TestTabsAccepted(t *testing.T) {
	for _, src := range []string{"a: 1 # x\ty\n", "a: |\n  x\ty\n  \tz\n", "a: \"x\ty\"\n", "a: 'x\ty'\n", "#\tc\na: 1\n"} {
		if _, _, errs := Decode("f.yaml", []byte(src), nil); len(errs) > 0 {
			t.Errorf("%q: %v", src, errs)
		}
	}
}

// Values PyYAML gives (checked as above) that the golden
// documents cannot show. Deviation: a timestamp without a time zone is a
// naive datetime in the reference and UTC here (the value model has no
// naive datetimes).
func TestScalarValues(t *testing.T) {
	tests := []struct {
		src  string
		kind Kind
		want string
	}{
		{"a: !!int \" 12 \"", Int, "12"},
		{"a: !!float \"1e5\"", Float, "100000.0"},
		{"a: !!float \" 1.5 \"", Float, "1.5"},
		{"a: !!float \"1:30.5\"", Float, "90.5"},
		{"a: !!int \"0b0b1\"", Int, "1"},
		{"a: !!int \"١٢\"", Int, "12"},
		{"a: -0x_1f", Int, "-31"},
		{"a: 2001-12-14 21:59:43.1234567", Timestamp, "2001-12-14 21:59:43.123456+00:00"},
		{"a: 2001-1-4 1:59:43", Timestamp, "2001-01-04 01:59:43+00:00"},
		{"a: 2001-12-14", Date, "2001-12-14"},
		{"a: ! 'yes'", Bool, "True"},
		{"a: !!str", String, ""},
	}
	for _, tt := range tests {
		_, docs, errs := Decode("f.yaml", []byte(tt.src), nil)
		if len(errs) > 0 || len(docs) != 1 {
			t.Errorf("%q: %v", tt.src, errs)
			continue
		}
		n := docs[0].Get("a")
		if n.Kind != tt.kind || n.Text() != tt.want {
			t.Errorf("%q: %s %q, want %s %q", tt.src, n.Kind, n.Text(), tt.kind, tt.want)
		}
	}
}

func TestNodeText(t *testing.T) {
	_, docs, _ := Decode("f.yaml", []byte("[null, true, 1.0, 1.0e+17, 'it''s', [a, {b: $x}], 2001-12-14, 12]"), nil)
	var texts, reprs, types []string
	for _, n := range docs[0].Items {
		texts = append(texts, n.Text())
		reprs = append(reprs, n.Repr())
		types = append(types, n.PyType())
	}
	// str(), repr() and type names as Python prints them.
	wantTexts := "None|True|1.0|1e+17|it's|['a', {'b': '$x'}]|2001-12-14|12"
	wantReprs := `None|True|1.0|1e+17|"it's"|['a', {'b': '$x'}]|datetime.date(2001, 12, 14)|12`
	wantTypes := "NoneType|bool|float|float|str|list|datetime.date|int"
	if got := strings.Join(texts, "|"); got != wantTexts {
		t.Errorf("Text = %s, want %s", got, wantTexts)
	}
	if got := strings.Join(reprs, "|"); got != wantReprs {
		t.Errorf("Repr = %s, want %s", got, wantReprs)
	}
	if got := strings.Join(types, "|"); got != wantTypes {
		t.Errorf("PyType = %s, want %s", got, wantTypes)
	}
	if v := docs[0].Items[7].Value; v != value.Int(12) {
		t.Errorf("12 = %#v", v)
	}
}
