package pkg

import (
	"slices"
	"strings"
	"testing"

	"murano.dev/playground/engine/dsl/decl"
)

// The manifest's Meta section as the engine gets it: full names without
// namespaces, values as yaml.safe_load reads them (expressions in
// package-meta.txtar of the differential corpus, against the oracle).
func TestPackageMeta(t *testing.T) {
	open := func(meta string) (*Package, error) {
		return Open(folder("manifest.yaml", "FullName: com.ex.P\nType: Library\nClasses: {}\n"+meta))
	}
	tests := []struct {
		meta  string
		names []string
		kinds []decl.Kind // of each entry's property values
		err   string
	}{
		{meta: "", names: nil},
		{meta: "Meta:\n", names: nil},
		{meta: "Meta: com.ex.M\n", names: []string{"com.ex.M"}, kinds: []decl.Kind{0}},
		{meta: "Meta:\n  - M: {v: $.x}\n  - a.b.M: {v: 1}\n", names: []string{"M", "a.b.M"}, kinds: []decl.Kind{decl.Map, decl.Map}},
		{meta: "Meta: {a.M: {}, b.M: {}}\n", err: "ValueError: Invalid Meta format"},
	}
	for _, tc := range tests {
		p, err := open(tc.meta)
		if err != nil {
			t.Fatalf("%q: %v", tc.meta, err)
		}
		m, err := p.Meta()
		if tc.err != "" {
			if err == nil || !slices.Contains(messages(t, err), tc.err) {
				t.Errorf("%q: error %v, want %s", tc.meta, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.meta, err)
			continue
		}
		var names []string
		for i, e := range m.Entries {
			names = append(names, e.Type.Name)
			var kind decl.Kind
			if e.Props != nil {
				kind = e.Props.Kind
				if v := e.Props.Get("v"); v != nil && v.Kind == decl.Expr {
					t.Errorf("%q: entry %d: an expression in a manifest", tc.meta, i)
				}
			}
			if kind != tc.kinds[i] {
				t.Errorf("%q: entry %d props %v, want %v", tc.meta, i, kind, tc.kinds[i])
			}
		}
		if !slices.Equal(names, tc.names) {
			t.Errorf("%q: names %v, want %v", tc.meta, names, tc.names)
		}
	}
	// The reference's load_from_dir reads the manifest with
	// yaml.safe_load, which knows no !yaql: the package does not load.
	if _, err := open("Meta: [{a.M: {v: !yaql '$.x'}}]\n"); err == nil || !strings.Contains(err.Error(),
		"manifest.yaml:4:18: PackageLoadError: Unable to load due to 'could not determine a constructor for the tag '!yaql''") {
		t.Errorf("a !yaql tag in the manifest: %v", err)
	}
	hot, err := Open(folder("manifest.yaml", "Format: Heat.HOT/1.0\nFullName: com.ex.H\nType: Application\nMeta: com.ex.M\n",
		"template.yaml", "resources: {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if m, err := hot.Meta(); err != nil || len(m.Entries) != 0 {
		t.Errorf("Heat.HOT meta: %v, %v; the reference ignores it", m.Entries, err)
	}
}
