package cloud

import (
	"testing"
	"time"
)

// With Durations a stack stays in progress for its longest chain of
// changed resources (net 1 s → subnet 1 s → port 2 s → server 45 s),
// and an agent's result comes when the server has booted and the plan
// has run.
func TestDurations(t *testing.T) {
	now := Epoch
	c := New(Options{Seed: 1, Durations: true, Clock: func() time.Time { return now }})
	tmpl, err := DecodeJSON([]byte(`{"heat_template_version": "2013-05-23", "resources": {
		"net": {"type": "OS::Neutron::Net"},
		"sub": {"type": "OS::Neutron::Subnet", "properties": {"network": {"get_resource": "net"}, "cidr": "10.0.0.0/24"}},
		"port": {"type": "OS::Neutron::Port", "properties": {"network": {"get_resource": "net"}, "fixed_ips": [{"subnet": {"get_resource": "sub"}}]}},
		"vm": {"type": "OS::Nova::Server", "properties": {"flavor": "m1.small", "image": "img-cirros", "networks": [{"port": {"get_resource": "port"}}]}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateStack("s", StackRequest{Template: tmpl}); err != nil {
		t.Fatal(err)
	}
	status := func() string {
		info, err := c.GetStack("s")
		if err != nil {
			t.Fatal(err)
		}
		return info.Status
	}
	for _, tt := range []struct {
		after time.Duration
		want  string
	}{{0, "CREATE_IN_PROGRESS"}, {48 * time.Second, "CREATE_IN_PROGRESS"}, {49 * time.Second, "CREATE_COMPLETE"}} {
		now = Epoch.Add(tt.after)
		if got := status(); got != tt.want {
			t.Errorf("after %v: %s, want %s", tt.after, got, tt.want)
		}
	}

	c.st.Queues["results"] = []*Message{{ID: "late", VisibleAt: unix(now) + 10}}
	if _, ok := c.Consume("results"); ok {
		t.Error("a message was taken before its time")
	}
	if wait, ok := c.Due("results"); !ok || wait != 10 {
		t.Errorf("Due = %v, %v; want 10 s", wait, ok)
	}
	now = now.Add(10 * time.Second)
	if m, ok := c.Consume("results"); !ok || m.ID != "late" {
		t.Errorf("at its time: %v, %v", m, ok)
	}
	if _, ok := c.Due("results"); ok {
		t.Error("an empty queue has something due")
	}
}
