package pkg

import (
	"errors"
	"strings"
	"testing"
)

// pkgReq opens a package with a Require section given as YAML lines.
func pkgReq(t *testing.T, name, version string, require ...string) *Package {
	t.Helper()
	m := "FullName: " + name + "\nType: Library\nVersion: " + version + "\n"
	if len(require) > 0 {
		m += "Require:\n"
		for _, r := range require {
			m += "  " + r + "\n"
		}
	}
	p, err := Open(folder("manifest.yaml", m))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func names(ps []*Package) string {
	var s []string
	for _, p := range ps {
		s = append(s, p.Name()+"/"+p.Version())
	}
	return strings.Join(s, " ")
}

func TestRequirementsOf(t *testing.T) {
	p := pkgReq(t, "app", "1.0", "lib: '>=2'", "app: 3", "util:")
	got := RequirementsOf(p)
	want := []Requirement{{CoreLibrary, "0"}, {"lib", ">=2"}, {"util", ""}}
	if len(got) != len(want) {
		t.Fatalf("RequirementsOf = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("RequirementsOf[%d] = %v, want %v", i, got[i], want[i])
		}
	}
	// An explicit io.murano entry overrides the implicit one.
	got = RequirementsOf(pkgReq(t, "app", "1.0", "io.murano: '>=1'"))
	if len(got) != 1 || got[0] != (Requirement{CoreLibrary, ">=1"}) {
		t.Errorf("explicit io.murano: %v", got)
	}
	if got = RequirementsOf(pkgReq(t, CoreLibrary, "0.1")); len(got) != 0 {
		t.Errorf("io.murano requires %v", got)
	}
}

func TestResolve(t *testing.T) {
	core := pkgReq(t, CoreLibrary, "0.0.0")
	lib10 := pkgReq(t, "lib", "1.0")
	lib15 := pkgReq(t, "lib", "1.5")
	lib21 := pkgReq(t, "lib", "2.1")
	lib0 := pkgReq(t, "lib", "0.3")
	util := pkgReq(t, "util", "1.3", "lib: '<2'")
	utilAny := pkgReq(t, "util", "1.3", "lib: '>=1'")
	avail := []*Package{core, lib10, lib15, lib21, lib0}

	// Highest matching version; the empty spec means 0.x; dependencies first.
	app := pkgReq(t, "app", "1.0", "lib: '>=1'")
	got, err := Resolve([]*Package{app}, avail, ResolveOptions{})
	if err != nil || names(got) != "io.murano/0.0.0 lib/2.1.0 app/1.0.0" {
		t.Errorf("Resolve(app) = %s, %v", names(got), err)
	}
	got, err = Resolve([]*Package{pkgReq(t, "app", "1.0", "lib:")}, avail, ResolveOptions{})
	if err != nil || names(got) != "io.murano/0.0.0 lib/0.3.0 app/1.0.0" {
		t.Errorf("empty spec: %s, %v", names(got), err)
	}

	// A version in use that satisfies a later requirement is reused
	// (seed 000: a package with spec <0.3 loaded first, then one with >0).
	app = pkgReq(t, "app", "1.0", "lib: '<2'", "util: 1")
	got, err = Resolve([]*Package{app}, append(avail, utilAny), ResolveOptions{})
	if err != nil || names(got) != "io.murano/0.0.0 lib/1.5.0 util/1.3.0 app/1.0.0" {
		t.Errorf("reuse: %s, %v", names(got), err)
	}
	// Fixations are preferred.
	got, err = Resolve([]*Package{pkgReq(t, "app", "1.0", "lib: 1")}, avail, ResolveOptions{Fixations: map[string][]string{"lib": {"1.0.0"}}})
	if err != nil || names(got) != "io.murano/0.0.0 lib/1.0.0 app/1.0.0" {
		t.Errorf("fixations: %s, %v", names(got), err)
	}

	// Side by side: two versions of lib.
	app = pkgReq(t, "app", "1.0", "lib: '>=2'", "util: 1")
	got, err = Resolve([]*Package{app}, append(avail, util), ResolveOptions{})
	if err != nil || names(got) != "io.murano/0.0.0 lib/2.1.0 lib/1.5.0 util/1.3.0 app/1.0.0" {
		t.Errorf("side by side: %s, %v", names(got), err)
	}
	// One version per name: a conflict naming both chains.
	_, err = Resolve([]*Package{app}, append(avail, util), ResolveOptions{SingleVersion: true})
	var re *ResolveError
	want := "app 1.0.0 requires lib >=2 (chosen 2.1.0) but app 1.0.0 → util 1.3.0 requires lib <2, and no version satisfies both"
	if !errors.As(err, &re) || err.Error() != want {
		t.Errorf("conflict: %v\nwant %s", err, want)
	}
	// ... unless a version satisfies both: the highest such is chosen.
	app = pkgReq(t, "app", "1.0", "lib: '>=1'", "util: 1")
	got, err = Resolve([]*Package{app}, append(avail, util), ResolveOptions{SingleVersion: true})
	if err != nil || names(got) != "io.murano/0.0.0 lib/1.5.0 util/1.3.0 app/1.0.0" {
		t.Errorf("single version, compatible: %s, %v", names(got), err)
	}

	// Unmet requirements.
	_, err = Resolve([]*Package{pkgReq(t, "app", "1.0", "lib: '>=3'")}, avail, ResolveOptions{})
	if want := "app 1.0.0 requires lib >=3 but only 1.0.0, 1.5.0, 2.1.0, 0.3.0 are available"; err == nil || err.Error() != want {
		t.Errorf("unmet: %v", err)
	}
	_, err = Resolve([]*Package{pkgReq(t, "app", "1.0", "none: 1")}, avail, ResolveOptions{})
	if want := "app 1.0.0 requires none 1 but no version of it is available"; err == nil || err.Error() != want {
		t.Errorf("missing: %v", err)
	}
	// The implicit io.murano requirement is skipped when none is
	// available, an explicit one is not.
	got, err = Resolve([]*Package{pkgReq(t, "app", "1.0", "lib: 1")}, []*Package{lib10}, ResolveOptions{})
	if err != nil || names(got) != "lib/1.0.0 app/1.0.0" {
		t.Errorf("no core library: %s, %v", names(got), err)
	}
	_, err = Resolve([]*Package{pkgReq(t, "app", "1.0", "io.murano: 1")}, avail, ResolveOptions{})
	if err == nil || !strings.Contains(err.Error(), "requires io.murano 1 but only 0.0.0 is available") {
		t.Errorf("explicit io.murano 1: %v", err)
	}

	// Cycles are allowed.
	a := pkgReq(t, "a", "1", "b: 1")
	b := pkgReq(t, "b", "1", "a: 1")
	got, err = Resolve([]*Package{a}, []*Package{b}, ResolveOptions{})
	if err != nil || names(got) != "b/1.0.0 a/1.0.0" {
		t.Errorf("cycle: %s, %v", names(got), err)
	}
}
