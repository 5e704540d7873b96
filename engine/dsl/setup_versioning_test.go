package dsl_test

// Ported from murano's test_versioning.TestVersioning (python-setup.md,
// Part A): the class version of an object in the model is the version
// spec the package of its class is asked for. The reference replaces the
// loader's load_class_package by a mock returning the tests package; a
// decl.ClassPackageLoader does the same here and records its calls.

import (
	"strings"
	"testing"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
)

type classPackageCall struct{ class, spec string }

// recordingLoader answers every class lookup with the tests package.
type recordingLoader struct {
	decl.Loader
	calls []classPackageCall
}

func (l *recordingLoader) LoadClassPackage(class, spec string) (decl.Package, error) {
	l.calls = append(l.calls, classPackageCall{class, spec})
	return l.Load("tests", "")
}

func TestSetupVersioning(t *testing.T) {
	for _, tc := range []struct {
		name, classVersion string
		// want is the reference's spec: the probe versions it accepts.
		want string
	}{
		{"test_provided_version", "1.11.111", "==1.11.111"},
		{"test_empty_provided_version", "", ">=0.0.0,<1.0.0"},
		{"test_several_in_row", ">3.0.0,<=4.1", ">3.0.0,<4.2.0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recordingLoader{}
			r := newRunner(t, setup{loader: func(l decl.Loader) decl.Loader { rec.Loader = l; return rec }})
			hdr := value.NewDict(3)
			hdr.SetString("type", value.String("Empty"))
			hdr.SetString("id", value.String("obj1"))
			hdr.SetString("classVersion", value.String(tc.classVersion))
			obj := value.NewDict(1)
			obj.SetString("?", hdr)
			model := value.NewDict(1)
			model.SetString("Objects", obj)
			if _, err := r.ex.LoadModel(model); err != nil {
				t.Fatalf("load: %v", err)
			}
			var empty []classPackageCall
			for _, c := range rec.calls {
				if c.class == "Empty" {
					empty = append(empty, c)
				}
			}
			if len(empty) != 1 {
				t.Fatalf("class package of Empty asked for %d times (%v), want once", len(empty), rec.calls)
			}
			assertSameSpec(t, empty[0].spec, tc.want)
		})
	}
}

// specProbes are versions on both sides of the bounds of the specs
// tested, prereleases included.
var specProbes = strings.Fields(`0.0.0 0.0.1-1 0.9.9 1.0.0-0 1.0.0 1.11.110 1.11.111-1 1.11.111 1.11.112
	2.0.0 2.0.1 2.1.0 2.1.5 2.2.0-0 2.2.0 3.0.0 3.0.1-1 3.0.1 4.1.9 4.2.0-0 4.2.0 10.0.0`)

// referenceSpecs are the probes the reference's normalised specs accept
// (semantic_version 2.9 as python3-murano uses it).
var referenceSpecs = map[string]string{
	">=0.0.0,<1.0.0": "0.0.0 0.0.1-1 0.9.9",
	"==1.11.111":     "1.11.111",
	">3.0.0,<4.2.0":  "3.0.1-1 3.0.1 4.1.9",
	">=2.0.0":        "2.0.0 2.0.1 2.1.0 2.1.5 2.2.0-0 2.2.0 3.0.0 3.0.1-1 3.0.1 4.1.9 4.2.0-0 4.2.0 10.0.0",
	">=2.1.0":        "2.1.0 2.1.5 2.2.0-0 2.2.0 3.0.0 3.0.1-1 3.0.1 4.1.9 4.2.0-0 4.2.0 10.0.0",
	"<2.2.0":         "0.0.0 0.0.1-1 0.9.9 1.0.0-0 1.0.0 1.11.110 1.11.111-1 1.11.111 1.11.112 2.0.0 2.0.1 2.1.0 2.1.5",
	"<1.12.0,<2.0.0": "0.0.0 0.0.1-1 0.9.9 1.0.0-0 1.0.0 1.11.110 1.11.111-1 1.11.111 1.11.112",
	">=1.0.0,<2.0.0": "1.0.0 1.11.110 1.11.111-1 1.11.111 1.11.112",
}

// assertSameSpec checks that the spec given (parsed as the engine parses
// version specs) accepts the same probe versions as the reference's
// normalised spec want.
func assertSameSpec(t *testing.T, spec, want string) {
	t.Helper()
	accepted, ok := referenceSpecs[want]
	if !ok {
		t.Fatalf("no probes recorded for the reference spec %s", want)
	}
	vs, err := dsl.ParseVersionSpec(spec)
	if err != nil {
		t.Fatalf("ParseVersionSpec(%q): %v", spec, err)
	}
	var got []string
	for _, p := range specProbes {
		if vs.Match(p) {
			got = append(got, p)
		}
	}
	if strings.Join(got, " ") != accepted {
		t.Errorf("spec %q accepts %v, want %s (the reference's %s)", spec, got, accepted, want)
	}
}
