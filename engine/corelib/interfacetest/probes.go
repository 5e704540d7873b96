// This file runs probes: methods of a MuranoPL class whose outcomes with
// the project's library must be those recorded with the real one.

package interfacetest

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"testing"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/pkg"
)

// ProbeCheck names what CheckProbes compares.
type ProbeCheck struct {
	// Golden holds a line "method<TAB>outcome" for each probe method:
	// what it gives with the real library.
	Golden string
	// Header is the comment at the top of the golden file ("# " lines).
	Header string
	// Methods are the probe methods, in order.
	Methods []string
	// Own is the project's library, Real the real one.
	Own  fs.FS
	Real Real
	// Update rewrites the golden file with what the real library gives
	// (enginetest.Update).
	Update bool
	// Run calls a probe method with the library lib and returns its
	// outcome as one line of text.
	Run func(t *testing.T, lib fs.FS, method string) string
}

// CheckProbes runs every probe method with the project's library and
// compares the outcomes with those of the real library recorded in the
// golden file; when the real library is found, the golden file is
// re-checked with it.
func CheckProbes(t *testing.T, c ProbeCheck) {
	t.Helper()
	want := map[string]string{}
	if data, err := os.ReadFile(c.Golden); err == nil {
		for line := range strings.Lines(string(data)) {
			if method, outcome, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "\t"); ok && !strings.HasPrefix(line, "#") {
				want[method] = outcome
			}
		}
	} else if !c.Update {
		t.Fatalf("%v (MURANO_UPDATE=1 records it from the real library)", err)
	}

	if c.Real.recheck(t, c.Golden) {
		var golden strings.Builder
		golden.WriteString(c.Header)
		stale := false
		for _, m := range c.Methods {
			got := c.Run(t, c.Real.FS, m)
			fmt.Fprintf(&golden, "%s\t%s\n", m, got)
			if got != want[m] {
				stale = true
				if !c.Update {
					t.Errorf("%s: %s is stale (MURANO_UPDATE=1 rewrites it):\n  real   %s\n  golden %s", m, c.Golden, got, want[m])
				}
			}
			want[m] = got
		}
		if stale && c.Update {
			if err := os.WriteFile(c.Golden, []byte(golden.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}

	for _, m := range c.Methods {
		if got := c.Run(t, c.Own, m); got != want[m] {
			t.Errorf("%s:\n  got  %s\n  want %s", m, got, want[m])
		}
	}
}

// ProbeMethods lists the methods of the first class of the class file
// at path, in order.
func ProbeMethods(t *testing.T, path string) []string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	file, errs := decl.DecodeFile(path, src, decl.V1_4)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var names []string
	for _, m := range file.Classes[0].Methods {
		names = append(names, m.Name)
	}
	return names
}

// CheckClassesResolve has a fresh executor over pkgs find each named
// class (mode says how the packages were loaded).
func CheckClassesResolve(t *testing.T, mode string, names []string, pkgs ...*pkg.Package) {
	t.Helper()
	for _, name := range names {
		executor := dsl.NewExecutor(context.Background(), pkg.NewLoader(pkgs...), dsl.Options{})
		for _, p := range pkgs {
			executor.AddPackage(p)
		}
		if c, err := executor.FindClass(name); err != nil || c.Name != name {
			t.Errorf("%s: FindClass(%s) = %v, %v", mode, name, c, err)
		}
	}
}
