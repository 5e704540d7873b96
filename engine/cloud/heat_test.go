package cloud

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// scenario is a list of Heat calls; each step's template is given, or
// the previous one of the stack patched (dotted paths set, resources and
// outputs removed).
type scenario struct {
	Seed  int64
	Steps []struct {
		Op, Stack     string
		Template      json.RawMessage
		Parameters    json.RawMessage
		Files         map[string]string
		Faults        []Fault
		Patch         json.RawMessage
		Remove        []string
		RemoveOutputs []string `json:"removeOutputs"`
	}
}

// TestHeatScenario runs a scenario of Heat calls and compares the whole
// cloud after each step with what the reference's fake cloud recorded
// for the same calls (testdata/heat-scenario.golden.json): ids, MACs,
// addresses, statuses and reasons, outputs, attributes, validation
// messages and the Neutron lists.
func TestHeatScenario(t *testing.T) {
	var sc scenario
	readJSON(t, "testdata/heat-scenario.json", &sc)
	var want []any
	readJSON(t, "testdata/heat-scenario.golden.json", &want)
	c := New(Options{Seed: sc.Seed})
	last := map[string]*Map{}
	for i, step := range sc.Steps {
		c.faults = step.Faults
		var tmpl *Map
		if len(step.Template) > 0 {
			tmpl = mustDecode(t, step.Template).(*Map)
		} else {
			tmpl = clone(last[step.Stack]).(*Map)
			if len(step.Patch) > 0 {
				patch := mustDecode(t, step.Patch).(*Map)
				for _, k := range patch.Keys() {
					setPath(tmpl, strings.Split(k, "."), patch.Value(k))
				}
			}
			for _, r := range step.Remove {
				tmpl.Value("resources").(*Map).Delete(r)
			}
			for _, o := range step.RemoveOutputs {
				tmpl.Value("outputs").(*Map).Delete(o)
			}
		}
		var params any
		if len(step.Parameters) > 0 {
			params = mustDecode(t, step.Parameters)
		}
		req := StackRequest{Template: tmpl, Parameters: params, Files: step.Files}
		var err error
		switch step.Op {
		case "create":
			_, err = c.CreateStack(step.Stack, req)
		case "update":
			err = c.UpdateStack(step.Stack, req)
		default:
			err = c.DeleteStack(step.Stack)
		}
		if step.Op != "delete" && err == nil {
			last[step.Stack] = tmpl
		}
		got := roundTrip(t, snapshot(t, c, err))
		if !reflect.DeepEqual(got, want[i]) {
			gb, _ := json.MarshalIndent(got, "", " ")
			wb, _ := json.MarshalIndent(want[i], "", " ")
			t.Fatalf("step %d (%s %s) differs from the reference:\n%s", i, step.Op, step.Stack, firstDiff(string(gb), string(wb)))
		}
	}
}

func setPath(m *Map, keys []string, v any) {
	for _, k := range keys[:len(keys)-1] {
		next, ok := m.Value(k).(*Map)
		if !ok {
			next = NewMap()
			m.Set(k, next)
		}
		m = next
	}
	m.Set(keys[len(keys)-1], clone(v))
}

// snapshot is the recorder's view of the cloud after a step.
func snapshot(t *testing.T, c *Cloud, err error) map[string]any {
	t.Helper()
	var errText any
	if he, ok := err.(*HeatError); ok {
		name := map[int]string{400: "HeatBadRequest", 404: "HeatNotFound"}[he.Status]
		errText = name + ": " + he.Message
	} else if err != nil {
		t.Fatalf("unexpected error %v", err)
	}
	call := c.Record().Heat[len(c.Record().Heat)-1]
	status := call.Status
	if status == "" {
		status = "None"
	}
	out := map[string]any{"error": errText, "heat": call.Op + " " + call.Stack + " " + status,
		"counter": c.st.Counter, "next_mac": c.st.NextMAC,
		"networks": c.st.Networks, "subnets": c.st.Subnets, "ports": c.st.Ports, "routers": c.st.Routers,
		"floatingips": c.st.FloatingIPs, "volumes": c.st.Volumes}
	stacks := []any{}
	for _, st := range c.Stacks() {
		info, err := c.GetStack(st.Name)
		if err != nil {
			t.Fatal(err)
		}
		var updated any
		if info.UpdatedTime != "" {
			updated = info.UpdatedTime
		}
		resources := []any{}
		for _, r := range st.Resources {
			resources = append(resources, map[string]any{"name": r.Name, "type": r.Type, "id": r.ID, "attrs": r.Attrs, "props": r.Props})
		}
		stacks = append(stacks, map[string]any{"name": st.Name, "id": st.ID, "status": info.Status, "reason": info.Reason,
			"outputs": st.Outputs, "created": info.CreationTime, "updated": updated, "params": info.Parameters,
			"resources": resources})
	}
	out["stacks"] = stacks
	var servers []any
	for _, s := range c.Servers() {
		var image any
		if s.Image != "" {
			image = s.Image
		}
		servers = append(servers, map[string]any{"id": s.ID, "name": s.Name, "image": image, "flavor": s.Flavor,
			"availability_zone": s.Zone, "ports": s.Ports, "implicit_ports": s.ImplicitPorts, "stack": s.Stack,
			"resource": s.Resource})
	}
	out["servers"] = servers
	if servers == nil {
		out["servers"] = []any{}
	}
	return out
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func mustDecode(t *testing.T, data []byte) any {
	t.Helper()
	v, err := DecodeJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// roundTrip returns v as encoding/json decodes its JSON text.
func roundTrip(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// firstDiff shows the lines around the first difference of two texts.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		if i >= len(g) || i >= len(w) || g[i] != w[i] {
			lo := max(0, i-8)
			return fmt.Sprintf("got:\n%s\nwant:\n%s", strings.Join(g[lo:min(len(g), i+4)], "\n"), strings.Join(w[lo:min(len(w), i+4)], "\n"))
		}
	}
	return "(equal text)"
}

// Validation beyond the recorded scenario: types Heat does not know,
// Ref to a declared parameter (CFN), templates that are not objects.
func TestHeatValidation(t *testing.T) {
	for _, tt := range []struct{ template, err string }{
		{`{"resources": {"a": {"type": "Foo::Bar"}}}`, "ERROR: The Resource Type (Foo::Bar) could not be found."},
		{`{"resources": {"a": {"type": "OS::Heat::None", "properties": {"x": {"Ref": "p"}}}}, "parameters": {"p": {"default": 1}}}`, ""},
		{`{"resources": {"a": {"type": "OS::Heat::None", "properties": {"x": {"Ref": "q"}}}}}`, `ERROR: The specified reference "q" (in a) is incorrect.`},
		{`{"resources": {"a": {"type": "nested.yaml"}}}`, ""},
		{`[1, 2]`, "ERROR: The template is not a JSON object or YAML mapping."},
	} {
		c := New(Options{})
		_, err := c.CreateStack("s", StackRequest{Template: mustDecode(t, []byte(tt.template))})
		got := ""
		if err != nil {
			got = err.Error()
			if err.(*HeatError).ExceptionName() != "heatclient.exc.HTTPBadRequest" {
				t.Errorf("%s: %s", tt.template, err.(*HeatError).ExceptionName())
			}
		}
		if got != tt.err {
			t.Errorf("%s: error %q, want %q", tt.template, got, tt.err)
		}
	}
}
