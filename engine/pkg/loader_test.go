package pkg

import (
	"errors"
	"testing"

	"murano.dev/playground/engine/dsl/decl"
)

func openVersion(t *testing.T, name, version string) *Package {
	t.Helper()
	p, err := Open(folder("manifest.yaml", "FullName: "+name+"\nType: Library\nVersion: "+version+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoader(t *testing.T) {
	lib10 := openVersion(t, "com.ex.Lib", "1.0.0")
	lib11 := openVersion(t, "com.ex.Lib", "1.1.0")
	lib20 := openVersion(t, "com.ex.Lib", "2.0.0")
	other03 := openVersion(t, "com.ex.Other", "0.3")
	other031 := openVersion(t, "com.ex.Other", "0.3.1")
	twin := openVersion(t, "com.ex.Other", "0.3.1")
	tests, err := ClassFolder("tests", folder("Classes/Good.yaml", good), decl.V1_0)
	if err != nil {
		t.Fatal(err)
	}
	l := NewLoader(lib10, lib20, lib11, other031, other03, twin, tests)
	cases := []struct {
		name, spec string
		want       *Package // nil: not found
	}{
		// packages.md §3.4 (verified on the reference's loader).
		{"com.ex.Lib", "1", lib11},
		{"com.ex.Lib", ">=1.1", lib20},
		{"com.ex.Lib", "==1.0.0", lib10},
		{"com.ex.Lib", "<1.1", lib10},
		{"com.ex.Lib", ">=1,<2", lib11},
		{"com.ex.Lib", "*", lib20},
		// An empty spec means major version 0.
		{"com.ex.Lib", "", nil},
		{"com.ex.Other", "", twin},
		{"com.ex.Other", "0.3.0", other03},
		{"com.ex.Other", "!=0.3", nil},
		{"com.ex.Missing", "", nil},
		// murano's test foundation finds a class folder whatever the spec.
		{"tests", ">=2", tests},
		{"tests", "==1.2.3", tests},
	}
	for _, c := range cases {
		got, err := l.Load(c.name, c.spec)
		if c.want == nil {
			var nf *NotFoundError
			if !errors.As(err, &nf) || nf.Name != c.name || nf.Spec != c.spec {
				t.Errorf("Load(%q, %q) = %v, %v, want NotFoundError", c.name, c.spec, got, err)
			} else if want := `Package "` + c.name + `" is not found`; err.Error() != want {
				t.Errorf("Load(%q, %q) error = %q, want %q", c.name, c.spec, err, want)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Load(%q, %q) = %v %v, want %s/%s", c.name, c.spec, got, err, c.want.Name(), c.want.Version())
		}
	}
	_, err = l.Load("com.ex.Lib", ">>1")
	var py *decl.PyError
	if !errors.As(err, &py) || py.Error() != "ValueError: Invalid simple block '>>1'" {
		t.Errorf("Load with an invalid spec: error = %v", err)
	}
}
