package cloud

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestNeutronCalls makes the calls NetworkExplorer makes and compares
// the answers with the reference's fake cloud's (testdata/neutron.golden.json),
// faults included.
func TestNeutronCalls(t *testing.T) {
	var want []struct {
		Call   string
		Result any
	}
	readJSON(t, "testdata/neutron.golden.json", &want)
	c := New(Options{Seed: 7})
	wrap := func(key string, v any) any { return map[string]any{key: v} }
	fail := func(err error) any {
		return map[string]any{"error": "NeutronNotFound: " + err.Error()}
	}
	calls := []func() any{
		func() any {
			return wrap("routers", c.ListRouters(Filters{"name": "murano-default-router", "tenant_id": "proj-1"}))
		},
		func() any { return wrap("networks", c.ListNetworks(Filters{"router:external": true})) },
		func() any { return wrap("subnets", c.ListSubnets(Filters{"network_id": "net-multi"})) },
		func() any { return wrap("ports", c.ListPorts(Filters{"device_id": "router-default"})) },
		func() any {
			return wrap("ports", c.ListPorts(Filters{"device_owner": []any{"network:router_gateway", "compute:nova"}}))
		},
		func() any { return wrap("extensions", c.ListExtensions()) },
		func() any {
			_, err := c.ShowNetwork("nope")
			return fail(err)
		},
		func() any {
			s, _ := c.ShowSubnet("subnet-a")
			return wrap("subnet", s)
		},
		func() any { return wrap("security_groups", c.ListSecurityGroups(Filters{"name": "web"})) },
		func() any {
			c.faults = []Fault{{Kind: FaultNoRouter, Create: true}, {Kind: FaultNoSecurityGroups}}
			return wrap("routers", c.ListRouters(Filters{"name": "murano-default-router"}))
		},
		func() any { return wrap("extensions", c.ListExtensions()) },
		func() any {
			body := NewMap("router", NewMap("name", "murano-default-router",
				"external_gateway_info", NewMap("network_id", "net-public"), "admin_state_up", true))
			return wrap("router", c.CreateRouter(body))
		},
		func() any { return wrap("routers", c.ListRouters(Filters{"name": "murano-default-router"})) },
		func() any {
			_, err := c.ShowRouter("router-default")
			return fail(err)
		},
		func() any {
			c.faults = []Fault{{Kind: FaultRouterWithoutGateway}}
			return wrap("routers", c.ListRouters(Filters{"id": "router-default"}))
		},
		func() any { return wrap("floatingips", c.ListFloatingIPs(nil)) },
	}
	if len(calls) != len(want) {
		t.Fatalf("%d calls, %d recorded", len(calls), len(want))
	}
	for i, call := range calls {
		got := roundTrip(t, call())
		if !reflect.DeepEqual(got, want[i].Result) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want[i].Result)
			t.Errorf("%s:\ngot  %s\nwant %s", want[i].Call, g, w)
		}
	}
	if c.RouterCreationAllowed() != true {
		t.Error("no-router with create: true forbids creating the router")
	}
	c.faults = []Fault{{Kind: FaultNoRouter}}
	if c.RouterCreationAllowed() {
		t.Error("no-router allows creating the router")
	}
}
