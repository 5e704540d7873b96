package dsl

import (
	"strings"
	"testing"

	"murano.dev/playground/engine/value"
)

// TestDestructionGroups checks the destruction order against the
// reference's ObjectStore._destroy_garbage run on the same graphs (objects
// sentenced in the order listed; "owner" may be an object that stays
// alive, p).
func TestDestructionGroups(t *testing.T) {
	type spec struct{ name, owner, subscribers string }
	tests := []struct {
		name    string
		objects []spec
		want    string // the groups, signalled in this order and destroyed in the reverse one
	}{
		{"chain", []spec{{"a", "", ""}, {"b", "a", ""}, {"c", "b", ""}}, "a|b|c"},
		{"cycle", []spec{{"a", "", "d"}, {"b", "a", ""}, {"c", "b", "a"}, {"d", "", "c"}}, "a|b|c|d"},
		{"siblings", []spec{{"r", "", ""}, {"x", "r", ""}, {"y", "r", "x"}, {"z", "r", ""}}, "r|x z|y"},
		{"alive owner and subscriber", []spec{{"y", "", "p"}, {"x", "p", ""}}, "y x"},
		{"mutual subscribers", []spec{{"a", "", "b"}, {"b", "", "a"}, {"c", "a", ""}}, "b|a|c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			objs := map[string]*Object{"p": {id: "p"}}
			var sentenced []*Object
			for _, s := range tt.objects {
				o := &Object{id: s.name, owner: objs[s.owner]}
				objs[s.name] = o
				sentenced = append(sentenced, o)
			}
			for _, s := range tt.objects {
				for _, sub := range strings.Fields(s.subscribers) {
					objs[s.name].dependencies = append(objs[s.name].dependencies, destructionDependency{subscriber: objs[sub], handler: "h"})
				}
			}
			var groups []string
			for _, g := range destructionGroups(sentenced) {
				var names []string
				for _, o := range g {
					names = append(names, o.id)
				}
				groups = append(groups, strings.Join(names, " "))
			}
			if got := strings.Join(groups, "|"); got != tt.want {
				t.Errorf("groups %s, want %s", got, tt.want)
			}
		})
	}
}

// TestPatchDict checks patchDict against helpers.patch_dict.
func TestPatchDict(t *testing.T) {
	tests := []struct {
		data, path string
		set        bool // set 0 instead of removing
		want       string
	}{
		{`{"a": 1, "b": 2}`, "a", false, `{"b": 2}`},
		{`{"a": {"x": 1, "y": 2}}`, "a.y", false, `{"a": {"x": 1}}`},
		{`{"a": {"x": 1}}`, "a.z", true, `{"a": {"x": 1, "z": 0}}`},
		{`{"a": {"x": 1}}`, "b.x", false, `{"a": {"x": 1}}`},
		{`{"a": [1]}`, "a.x", false, `{"a": [1]}`},
		{`{"a": {"x": 1}}`, "a.z", false, `KeyError: 'z'`},
	}
	for _, tt := range tests {
		data := mustJSON(t, tt.data)
		var v value.Value
		if tt.set {
			v = value.Int(0)
		}
		got, err := patchDict(data, value.String(tt.path), v)
		text := ""
		if err != nil {
			text = err.Error()
		} else {
			out, _, _ := value.ToJSON(got)
			text = string(out)
		}
		if text != tt.want {
			t.Errorf("patch %s at %s: %s, want %s", tt.data, tt.path, text, tt.want)
		}
		if before, _, _ := value.ToJSON(data); string(before) != tt.data {
			t.Errorf("patch %s changed its argument to %s", tt.data, before)
		}
	}
}

func mustJSON(t *testing.T, text string) value.Value {
	t.Helper()
	v, err := value.FromJSON([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return v
}
