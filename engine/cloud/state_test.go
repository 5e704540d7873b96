package cloud

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

func demoTemplate(t *testing.T, extra string) *Map {
	t.Helper()
	return mustDecode(t, []byte(`{"resources": {
	  "net": {"type": "OS::Neutron::Net", "properties": {"name": "n"}},
	  "sub": {"type": "OS::Neutron::Subnet", "properties": {"network": {"get_resource": "net"}, "cidr": "10.0.7.0/24"}},
	  "port": {"type": "OS::Neutron::Port", "properties": {"network": {"get_resource": "net"}}},
	  "fip": {"type": "OS::Neutron::FloatingIP", "properties": {"floating_network": "public", "port_id": {"get_resource": "port"}}}`+extra+`},
	  "outputs": {"ip": {"value": {"get_attr": ["port", "fixed_ips", 0, "ip_address"]}},
	              "fip": {"value": {"get_attr": ["fip", "floating_ip_address"]}}}}`)).(*Map)
}

// A saved cloud loads back to the same state, and goes on exactly as the
// cloud it was saved from.
func TestSaveLoad(t *testing.T) {
	a := New(Options{Seed: 3})
	if _, err := a.CreateStack("s", StackRequest{Template: demoTemplate(t, "")}); err != nil {
		t.Fatal(err)
	}
	a.DeclareQueue("q")
	a.Publish("q", "m1", map[string]any{"b": 1, "a": []any{"x"}})
	saved, err := a.Save()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Load(saved, Options{})
	if err != nil {
		t.Fatal(err)
	}
	again, _ := b.Save()
	if !bytes.Equal(saved, again) {
		t.Errorf("state changed through Load:\n%s\n%s", saved, again)
	}
	for _, c := range []*Cloud{a, b} {
		tmpl := demoTemplate(t, `, "port2": {"type": "OS::Neutron::Port", "properties": {"network": {"get_resource": "net"}}}`)
		tmpl.Value("outputs").(*Map).Set("ip2", NewMap("value", NewMap("get_attr", []any{"port2", "fixed_ips", int64(0), "ip_address"})))
		if err := c.UpdateStack("s", StackRequest{Template: tmpl}); err != nil {
			t.Fatal(err)
		}
	}
	sa, _ := a.Save()
	sb, _ := b.Save()
	if !bytes.Equal(sa, sb) {
		t.Errorf("the loaded cloud went on differently:\n%s\n%s", sa, sb)
	}
	info, _ := b.GetStack("s")
	outs := map[string]any{}
	for _, o := range info.Outputs {
		outs[str(o.Value("output_key"))] = o.Value("output_value")
	}
	// .3 for the first port, .4 for the second; the floating IP after the
	// router's gateway (172.24.4.3).
	if outs["ip"] != "10.0.7.3" || outs["ip2"] != "10.0.7.4" || outs["fip"] != "172.24.4.4" {
		t.Errorf("outputs = %v", outs)
	}
	if msg, ok := b.Consume("q"); !ok || msg.ID != "m1" || msg.Body.(*Map).Keys()[0] != "a" {
		t.Errorf("queue after Load: %v %v", msg, ok)
	}
}

// A picture is the saved state without the stacks' templates,
// parameters and files and without the queues; it changes nothing.
func TestPicture(t *testing.T) {
	c := New(Options{Seed: 3})
	if _, err := c.CreateStack("s", StackRequest{Template: demoTemplate(t, "")}); err != nil {
		t.Fatal(err)
	}
	c.DeclareQueue("q")
	c.Publish("q", "m1", map[string]any{"b": 1})
	before, _ := c.Save()
	picture, err := c.Picture()
	if err != nil {
		t.Fatal(err)
	}
	var got, want map[string]any
	if err := json.Unmarshal(picture, &got); err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(before, &want)
	for _, s := range want["stacks"].([]any) {
		st := s.(map[string]any)
		st["template"], st["parameters"], st["files"] = nil, nil, nil
	}
	want["queues"] = nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("picture:\n%s\nsaved:\n%s", picture, before)
	}
	if after, _ := c.Save(); !bytes.Equal(before, after) {
		t.Error("taking a picture changed the state")
	}
}

func TestLoadRejectsOtherFormats(t *testing.T) {
	for _, tt := range []struct{ state, want string }{
		{`{"format": "murano-playground-cloud/0"}`, `format "murano-playground-cloud/0", this cloud reads "murano-playground-cloud/1"`},
		{`{"counter": 3}`, "no format version"},
		{`[1]`, "cloud state:"},
		{`{"format": "murano-playground-cloud/1", "stacks": 3}`, "cloud state:"},
	} {
		_, err := Load([]byte(tt.state), Options{})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Load(%s) = %v, want %q", tt.state, err, tt.want)
		}
	}
}

// Stack times come from the injected clock; an update gets a new
// updated_time even when the clock has not moved (the engine waits for
// it to change).
func TestStackTimesFollowTheClock(t *testing.T) {
	now := Epoch.Add(90 * time.Minute)
	c := New(Options{Clock: func() time.Time { return now }})
	if _, err := c.CreateStack("s", StackRequest{Template: demoTemplate(t, "")}); err != nil {
		t.Fatal(err)
	}
	info, _ := c.GetStack("s")
	if info.CreationTime != "2024-01-01T01:30:00Z" || info.UpdatedTime != "" {
		t.Errorf("created %q updated %q", info.CreationTime, info.UpdatedTime)
	}
	var updates []string
	for range 2 {
		if err := c.UpdateStack("s", StackRequest{Template: demoTemplate(t, "")}); err != nil {
			t.Fatal(err)
		}
		info, _ = c.GetStack("s")
		updates = append(updates, info.UpdatedTime)
	}
	if updates[0] != "2024-01-01T01:30:01Z" || updates[1] != "2024-01-01T01:30:02Z" {
		t.Errorf("updated times %v", updates)
	}
	now = now.Add(time.Hour)
	_ = c.UpdateStack("s", StackRequest{Template: demoTemplate(t, "")})
	if info, _ = c.GetStack("s"); info.UpdatedTime != "2024-01-01T02:30:00Z" {
		t.Errorf("updated after an hour: %q", info.UpdatedTime)
	}
}

func TestParseFaults(t *testing.T) {
	fs, err := ParseFaults([]byte(`[{"kind": "script-exit", "script": "^run", "code": 3, "stdout": "out"}, {"kind": "no-router", "create": true}]`))
	if err != nil || len(fs) != 2 || *fs[0].Code != 3 || !fs[1].Create {
		t.Fatalf("ParseFaults = %+v, %v", fs, err)
	}
	if f, ok := faults(fs).scriptExit("runCommand", "x.sh", ""); !ok || *f.Stdout != "out" {
		t.Errorf("runCommand does not meet the fault")
	}
	if _, ok := faults(fs).scriptExit("deploy", "setup.sh", ""); ok {
		t.Errorf("deploy/setup.sh meets ^run")
	}
	for _, bad := range []string{`{}`, `[{"kind": "flood"}]`, `[{"kind": "quota", "bogus": 1}]`, `[3]`} {
		if _, err := ParseFaults([]byte(bad)); err == nil {
			t.Errorf("ParseFaults(%s) accepted", bad)
		}
	}
}
