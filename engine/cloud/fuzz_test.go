package cloud

import (
	"os"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// FuzzHeatTemplate feeds any JSON or YAML document to Heat as a template
// to create, update and delete: each call returns an error or leaves a
// stack in a final state; nothing panics or hangs.
func FuzzHeatTemplate(f *testing.F) {
	if data, err := os.ReadFile("testdata/heat-scenario.json"); err == nil {
		f.Add(string(data))
	}
	for _, s := range []string{
		`{"resources": {"a": {"type": "OS::Neutron::Net"}, "b": {"type": "OS::Neutron::Port", "properties": {"network": {"get_resource": "a"}}, "depends_on": "b"}}}`,
		`{"resources": {"s": {"type": "OS::Nova::Server", "properties": {"flavor": {"get_param": ["x", 0]}, "image": {"str_replace": {"template": 3, "params": {"3": null}}}}}}, "parameters": {"x": {"default": ["m1.tiny"]}}}`,
		`{"resources": {"c": {"type": "OS::Heat::MultipartMime", "properties": {"parts": [{"config": {"get_resource": "c"}}]}}, "s": {"type": "OS::Nova::Server", "properties": {"flavor": "1", "image": "img-ubuntu", "user_data": {"get_resource": "c"}}}}}`,
		`{"resources": {"a": {"type": "Foo::Bar"}}}`,
		`{"resources": {"a": {"type": "OS::Heat::None", "properties": {"x": {"Fn::Select": [-1, {"list_join": [",", [1, 2.5, null, true]]}]}}}}, "outputs": {"o": {"value": {"get_attr": ["a", "x", "y"]}}, "p": 3}}`,
		"resources:\n  n: {type: OS::Neutron::Net}\n  s:\n    type: OS::Neutron::Subnet\n    properties: {network: {get_resource: n}, cidr: 10.0.0.0/8}\n",
		`[]`, `"text"`, `null`, `{"Resources": {"x": {"Type": "AWS::EC2::SecurityGroup"}}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		start := time.Now()
		defer func() {
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("the template took %v", d)
			}
		}()
		tmpl, err := DecodeJSON([]byte(doc))
		if err != nil {
			var y any
			if yaml.Unmarshal([]byte(doc), &y) != nil {
				return
			}
			tmpl = Normalize(y)
		}
		c := New(Options{Seed: 1})
		if _, err := c.CreateStack("s", StackRequest{Template: tmpl, Environment: tmpl}); err != nil {
			if _, ok := err.(*HeatError); !ok {
				t.Fatalf("create: %T %v", err, err)
			}
			return
		}
		checkFinal(t, c)
		if err := c.UpdateStack("s", StackRequest{Template: tmpl}); err != nil {
			if _, ok := err.(*HeatError); !ok {
				t.Fatalf("update: %T %v", err, err)
			}
		}
		checkFinal(t, c)
		if err := c.UpdateStack("s", StackRequest{Template: NewMap("resources", NewMap())}); err != nil {
			t.Fatalf("update to nothing: %v", err)
		}
		if _, err := c.Save(); err != nil {
			t.Fatalf("save: %v", err)
		}
		if err := c.DeleteStack("s"); err != nil {
			t.Fatalf("delete: %v", err)
		}
		if len(c.Servers()) != 0 || len(c.ListFloatingIPs(nil)) != 0 {
			t.Fatalf("delete left servers or floating IPs")
		}
	})
}

func checkFinal(t *testing.T, c *Cloud) {
	info, err := c.GetStack("s")
	if err != nil {
		t.Fatal(err)
	}
	switch info.Status {
	case "CREATE_COMPLETE", "CREATE_FAILED", "UPDATE_COMPLETE", "UPDATE_FAILED":
	default:
		t.Fatalf("status %s", info.Status)
	}
}

// Strings that functions build are bounded: a replacement of "" inside
// a replacement would otherwise double without end.
func TestStringFunctionsAreBounded(t *testing.T) {
	big := make([]byte, 1<<12)
	for i := range big {
		big[i] = 'x'
	}
	tmpl := NewMap("resources", NewMap(
		"a", NewMap("type", "OS::Heat::SoftwareConfig", "properties", NewMap("config",
			NewMap("str_replace", NewMap("template", string(big), "params", NewMap("", string(big))))))))
	c := New(Options{})
	if _, err := c.CreateStack("s", StackRequest{Template: tmpl}); err != nil {
		t.Fatal(err)
	}
	info, _ := c.GetStack("s")
	if info.Status != "CREATE_FAILED" || !strings.Contains(info.Reason, `The result of "str_replace" is longer than 1048576 bytes`) {
		t.Errorf("%s: %s", info.Status, info.Reason)
	}
}
