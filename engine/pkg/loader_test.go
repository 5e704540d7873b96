package pkg

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/enginetest"
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
	all := []*Package{lib10, lib20, lib11, other031, other03, twin, tests}
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
		got, err := NewLoader(all...).Load(c.name, c.spec)
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
	_, err = NewLoader(all...).Load("com.ex.Lib", ">>1")
	var py *decl.PyError
	if !errors.As(err, &py) || py.Error() != "ValueError: Invalid simple block '>>1'" {
		t.Errorf("Load with an invalid spec: error = %v", err)
	}
}

// The fixation table (packages.md §3.4, verified on the reference's
// directory loader).
func TestLoaderFixations(t *testing.T) {
	lib10 := openVersion(t, "com.ex.Lib", "1.0.0")
	lib11 := openVersion(t, "com.ex.Lib", "1.1.0")
	lib20 := openVersion(t, "com.ex.Lib", "2.0.0")
	load := func(l *Loader, spec string) *Package {
		t.Helper()
		p, err := l.Load("com.ex.Lib", spec)
		if err != nil {
			t.Fatalf("Load(%q): %v", spec, err)
		}
		return p.(*Package)
	}
	l := NewLoader(lib10, lib11, lib20)
	if err := l.ImportFixations(map[string][]string{"com.ex.Lib": {"1.0.0"}}); err != nil {
		t.Fatal(err)
	}
	if got := load(l, "1"); got != lib10 {
		t.Errorf("fixed 1.0.0, spec 1: got %s", got.Version())
	}
	if got := load(l, ">=1.1"); got != lib20 {
		t.Errorf("fixed 1.0.0, spec >=1.1: got %s", got.Version())
	}
	// Now 1.0.0 and 2.0.0 are in use: a spec both satisfy gets the higher.
	if got := load(l, ">=1"); got != lib20 {
		t.Errorf("fixed 1.0.0 and 2.0.0, spec >=1: got %s", got.Version())
	}
	if got := load(l, "<2"); got != lib10 {
		t.Errorf("fixed 1.0.0 and 2.0.0, spec <2: got %s", got.Version())
	}
	want := map[string][]string{"com.ex.Lib": {"1.0.0", "2.0.0"}}
	if got := l.ExportFixations(); !reflect.DeepEqual(got, want) {
		t.Errorf("ExportFixations() = %v, want %v", got, want)
	}
	// A run that used only 2.0.0 compacts to it.
	l = NewLoader(lib10, lib11, lib20)
	_ = l.ImportFixations(map[string][]string{"com.ex.Lib": {"1.0.0"}})
	load(l, "2")
	l.CompactFixations()
	want = map[string][]string{"com.ex.Lib": {"2.0.0"}}
	if got := l.ExportFixations(); !reflect.DeepEqual(got, want) {
		t.Errorf("after CompactFixations: %v, want %v", got, want)
	}
	// A fixed version that is not available is not found, as in the
	// reference, which narrows the spec to it.
	l = NewLoader(lib10, lib20)
	_ = l.ImportFixations(map[string][]string{"com.ex.Lib": {"1.1.0"}})
	if _, err := l.Load("com.ex.Lib", "1"); err == nil {
		t.Error("fixed 1.1.0 not available: no error")
	}
	if err := l.ImportFixations(map[string][]string{"x": {"abc"}}); err == nil {
		t.Error("ImportFixations with a bad version: no error")
	}
}

// The reference's DirectoryPackageLoader on the same packages, fixation
// tables and sequences of specs, when murano is installed.
func TestLoaderFixationsMatchReference(t *testing.T) {
	const loader = "/usr/lib/python3/dist-packages/murano/engine/package_loader.py"
	enginetest.Reference(t, loader)
	dir := t.TempDir()
	var pkgs []*Package
	for _, v := range []string{"1.0.0", "1.1.0", "2.0.0", "2.0.1-rc1"} {
		m := "Format: 1.4\nType: Library\nFullName: com.ex.Lib\nVersion: " + v + "\nClasses: {com.ex.C: C.yaml}\n"
		if err := os.MkdirAll(filepath.Join(dir, v), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, v, "manifest.yaml"), []byte(m), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := Open(folder("manifest.yaml", m))
		if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	type scenario struct {
		Fixed map[string][]string `json:"fixed"`
		Specs []string            `json:"specs"`
	}
	scenarios := []scenario{
		{map[string][]string{"com.ex.Lib": {"1.0.0"}}, []string{"1", ">=1.1", ">=1", "<2", "*"}},
		{nil, []string{"1", ">=1.1", "*", "<1.1", "2", ">2.0.0", "==2.0.1-rc1", ">=1"}},
		{map[string][]string{"com.ex.Lib": {"1.1.0", "2.0.0"}}, []string{"", "0", "1.0", ">=1", "<=1.1"}},
		{map[string][]string{"com.ex.Lib": {"1.5.0"}}, []string{"1", ">=1.2"}},
	}
	in, _ := json.Marshal(map[string]any{"dir": dir, "scenarios": scenarios})
	script := `
import json, sys
from murano.common import config
config.CONF([], project='murano')
from murano.engine import package_loader
from murano.dsl import helpers
data = json.load(sys.stdin)
out = []
for sc in data["scenarios"]:
    l = package_loader.DirectoryPackageLoader(data["dir"])
    l.import_fixation_table(sc["fixed"] or {})
    chosen = []
    for s in sc["specs"]:
        try:
            chosen.append(str(l.load_package("com.ex.Lib", helpers.parse_version_spec(s)).version))
        except Exception as e:
            chosen.append(type(e).__name__)
    table = {k: sorted(v) for k, v in l.export_fixation_table().items() if v}
    l.compact_fixation_table()
    compacted = {k: sorted(v) for k, v in l.export_fixation_table().items() if v}
    out.append([chosen, table, compacted])
print(json.dumps(out))
`
	cmd := exec.Command("/usr/bin/python3", "-W", "ignore", "-c", script)
	cmd.Stdin = bytes.NewReader(in)
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("reference loader: %v", err)
	}
	var ref [][3]any
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	for i, sc := range scenarios {
		l := NewLoader(pkgs...)
		if err := l.ImportFixations(sc.Fixed); err != nil {
			t.Fatal(err)
		}
		var chosen []any
		for _, s := range sc.Specs {
			p, err := l.Load("com.ex.Lib", s)
			if err != nil {
				chosen = append(chosen, "NoPackageFound")
			} else {
				chosen = append(chosen, p.Version())
			}
		}
		table := l.ExportFixations()
		l.CompactFixations()
		got := fmt.Sprint([3]any{chosen, table, l.ExportFixations()})
		if want := fmt.Sprint(ref[i]); got != want {
			t.Errorf("scenario %d %v:\n got %s\nwant %s", i, sc, got, want)
		}
	}
}

// LoadClassPackage against the reference's DirectoryPackageLoader on the
// same packages (two package names declaring com.ex.C), when murano is
// installed: the highest version declaring the class, fixations ignored
// and left alone.
func TestLoadClassPackageMatchesReference(t *testing.T) {
	const loader = "/usr/lib/python3/dist-packages/murano/engine/package_loader.py"
	enginetest.Reference(t, loader)
	dir := t.TempDir()
	var pkgs []*Package
	for i, nv := range [][3]string{
		{"com.ex.Lib", "1.0.0", "{com.ex.C: C.yaml}"},
		{"com.ex.Lib", "1.1.0", "{com.ex.C: C.yaml}"},
		{"com.ex.Lib", "2.0.0", "{com.ex.C: C.yaml}"},
		{"com.ex.Lib", "2.0.1-rc1", "{com.ex.C: C.yaml}"},
		{"com.ex.Other", "1.5.0", "{com.ex.C: C.yaml, com.ex.D: D.yaml}"},
		{"com.ex.Other", "0.2.0", "{com.ex.D: D.yaml}"},
	} {
		m := "Format: 1.4\nType: Library\nFullName: " + nv[0] + "\nVersion: " + nv[1] + "\nClasses: " + nv[2] + "\n"
		sub := filepath.Join(dir, fmt.Sprint(i))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, "manifest.yaml"), []byte(m), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := Open(folder("manifest.yaml", m))
		if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	queries := [][2]string{
		{"com.ex.C", "1"}, {"com.ex.C", ">=1.1"}, {"com.ex.C", "*"}, {"com.ex.C", ""}, {"com.ex.C", "2"},
		{"com.ex.C", ">=1.2,<2"}, {"com.ex.C", "==2.0.1-rc1"}, {"com.ex.D", ""}, {"com.ex.D", "1"},
		{"com.ex.D", "3"}, {"com.ex.Missing", "*"},
	}
	in, _ := json.Marshal(map[string]any{"dir": dir, "queries": queries})
	script := `
import json, sys
from murano.common import config
config.CONF([], project='murano')
from murano.engine import package_loader
from murano.dsl import helpers
data = json.load(sys.stdin)
l = package_loader.DirectoryPackageLoader(data["dir"])
l.import_fixation_table({"com.ex.Lib": ["1.0.0"]})
out = []
for cls, s in data["queries"]:
    try:
        p = l.load_class_package(cls, helpers.parse_version_spec(s))
        out.append("%s/%s" % (p.name, p.version))
    except Exception as e:
        out.append("%s: %s" % (type(e).__name__, e))
out.append(json.dumps({k: sorted(v) for k, v in l.export_fixation_table().items() if v}, separators=(',', ':')))
print(json.dumps(out))
`
	cmd := exec.Command("/usr/bin/python3", "-W", "ignore", "-c", script)
	cmd.Stdin = bytes.NewReader(in)
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("reference loader: %v", err)
	}
	var want []string
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	l := NewLoader(pkgs...)
	if err := l.ImportFixations(map[string][]string{"com.ex.Lib": {"1.0.0"}}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, q := range queries {
		p, err := l.LoadClassPackage(q[0], q[1])
		if err != nil {
			got = append(got, err.Error())
		} else {
			got = append(got, p.Name()+"/"+p.Version())
		}
	}
	table, _ := json.Marshal(l.ExportFixations())
	got = append(got, string(table))
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q (raw %s)", got, want, raw)
	}
}
