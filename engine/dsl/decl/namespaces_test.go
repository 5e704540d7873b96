package decl

import "testing"

// The expectations are what the reference's NamespaceResolver returns
// for the namespaces {=: com.example, std: io.murano, e: null}.
func TestResolve(t *testing.T) {
	f, errs := DecodeFile("f.yaml", []byte("Namespaces: {=: com.example, std: io.murano, e: null}\nName: X\n"), V1_0)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	ns := f.Classes[0].Namespaces
	tests := []struct{ name, want string }{
		{"Foo", "com.example.Foo"},
		{"std:Object", "io.murano.Object"},
		{":Foo", "com.example.Foo"},
		{"io.murano.Object", "io.murano.Object"},
		{"e:Bar", "Bar"},
		{"_a.b_c", "_a.b_c"},
		{"Foo\n", "com.example.Foo\n"},
		{"x:Foo", `KeyError: 'Unknown namespace prefix x'`},
		{"a:b:c", `ValueError: Invalid type name "a:b:c"`},
		{"1Foo", `ValueError: Invalid type name "1Foo"`},
		{"Foo.", `ValueError: Invalid type name "Foo."`},
		{"foo.bar:Baz", `ValueError: Invalid type name "foo.bar:Baz"`},
		{"é", `ValueError: Invalid type name "é"`},
		{"ns:é", `ValueError: Invalid type name "ns:é"`},
		{"", `ValueError: Invalid type name ""`},
	}
	for _, tt := range tests {
		got, err := ns.Resolve(tt.name)
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Resolve(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
	var empty Namespaces
	if got, err := empty.Resolve(":Foo"); err != nil || got != "Foo" {
		t.Errorf("Resolve(:Foo) without namespaces = %q, %v, want Foo", got, err)
	}
}

func TestParseVersion(t *testing.T) {
	tests := []struct {
		in, want string
		legacy   bool
	}{
		{"1", "1.0", true},
		{"1.1", "1.1", true},
		{"1.2", "1.2", false},
		{"1.4.0", "1.4", false},
		{" 1.3 ", "1.3", false},
		{"1.5", `unsupported runtime version "1.5" (want 1.0 to 1.4)`, false},
		{"2.0", `unsupported runtime version "2.0" (want 1.0 to 1.4)`, false},
		{"MuranoPL/1.0", `invalid runtime version "MuranoPL/1.0"`, false},
		{"1.x", `invalid runtime version "1.x"`, false},
	}
	for _, tt := range tests {
		v, err := ParseVersion(tt.in)
		got := v.String()
		if err != nil {
			got = err.Error()
		}
		if got != tt.want || (err == nil && v.LegacyYAQL() != tt.legacy) {
			t.Errorf("ParseVersion(%q) = %s (legacy %v), want %s (legacy %v)", tt.in, got, v.LegacyYAQL(), tt.want, tt.legacy)
		}
	}
}
