package system_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/system"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/formgen/pyrand"
)

// fakeNeutron holds routers, networks, subnets and ports as Neutron
// shows them.
type fakeNeutron struct {
	routers, networks, subnets, ports []*value.Dict
	created                           []string
}

func matches(d *value.Dict, filters map[string]string) bool {
	for k, v := range filters {
		got, _ := d.GetString(k)
		if got == nil || value.Str(got) != v {
			return false
		}
	}
	return true
}

func filtered(items []*value.Dict, filters map[string]string) []*value.Dict {
	var out []*value.Dict
	for _, d := range items {
		if matches(d, filters) {
			out = append(out, d)
		}
	}
	return out
}

func (n *fakeNeutron) ListRouters(f map[string]string) ([]*value.Dict, error) {
	return filtered(n.routers, f), nil
}
func (n *fakeNeutron) ListNetworks(f map[string]string) ([]*value.Dict, error) {
	return filtered(n.networks, f), nil
}
func (n *fakeNeutron) ListSubnets() ([]*value.Dict, error) { return n.subnets, nil }
func (n *fakeNeutron) ListPorts(f map[string]string) ([]*value.Dict, error) {
	return filtered(n.ports, f), nil
}
func (n *fakeNeutron) ListExtensions() ([]*value.Dict, error) { return nil, nil }
func (n *fakeNeutron) ShowRouter(id string) (*value.Dict, error) {
	return filtered(n.routers, map[string]string{"id": id})[0], nil
}
func (n *fakeNeutron) ShowNetwork(id string) (*value.Dict, error) {
	return filtered(n.networks, map[string]string{"id": id})[0], nil
}
func (n *fakeNeutron) CreateRouter(body *value.Dict) (*value.Dict, error) {
	n.created = append(n.created, jsonText(body))
	return mustDictOf(`{"id": "new-router"}`), nil
}

func mustDictOf(text string) *value.Dict {
	v, err := value.FromJSON([]byte(text))
	if err != nil {
		panic(err)
	}
	return v.(*value.Dict)
}

const explorerProbe = `
Namespaces:
  =: com.example.sys
  sys: io.murano.system
Name: Explorer
Methods:
  router:
    Scope: Public
    Body:
      - Return: new(sys:NetworkExplorer).getDefaultRouter()
  cidr:
    Scope: Public
    Arguments:
      - router: {Contract: $}
      - net: {Contract: $}
    Body:
      - Return: new(sys:NetworkExplorer).getAvailableCidr($router, $net)
  external:
    Scope: Public
    Arguments:
      - net: {Contract: $}
    Body:
      - Return: new(sys:NetworkExplorer).getExternalNetworkIdForNetwork($net)
`

func newExplorer(t *testing.T, n *fakeNeutron, networking system.Networking) (*dsl.Executor, *dsl.Object) {
	core, err := pkg.Open(corelib.FS())
	if err != nil {
		t.Fatal(err)
	}
	app, err := pkg.Open(fstest.MapFS{
		"manifest.yaml":         {Data: []byte("Format: 1.4\nType: Application\nFullName: com.example.sys\nClasses:\n  com.example.sys.Explorer: Explorer.yaml\n")},
		"Classes/Explorer.yaml": {Data: []byte(explorerProbe)},
	})
	if err != nil {
		t.Fatal(err)
	}
	host := &system.Host{Neutron: n, Networking: networking, ProjectID: "proj-1", Random: pyrand.NewString("42:1")}
	ex := dsl.NewExecutor(context.Background(), pkg.NewLoader(core, app), dsl.Options{
		Natives: system.Natives(host), Epoch: 1704067200, IdleClock: true,
	})
	ex.AddPackage(core)
	ex.AddPackage(app)
	root, err := ex.LoadModel(mustDictOf(`{"Objects": {"?": {"type": "com.example.sys.Explorer", "id": "x"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	return ex, root
}

// The range of a new network: the /24 at the md5 hash of its id (152 for
// "abc", 51 for "net-1", by Python's hashlib), the next free one when
// the router already has it.
func TestAvailableCidr(t *testing.T) {
	n := &fakeNeutron{
		ports:   []*value.Dict{mustDictOf(`{"id": "p1", "device_id": "r1", "fixed_ips": [{"subnet_id": "s1"}]}`)},
		subnets: []*value.Dict{mustDictOf(`{"id": "s1", "cidr": "10.0.51.0/24"}`), mustDictOf(`{"id": "s2", "cidr": "10.0.152.0/24"}`)},
	}
	ex, root := newExplorer(t, n, system.DefaultNetworking())
	for _, tt := range []struct{ router, net, want string }{
		{"r1", "abc", "10.0.152.0/24"},
		{"r1", "net-1", "10.0.52.0/24"},
		{"", "net-1", "10.0.51.0/24"},
	} {
		got, err := ex.Call(root, "cidr", []value.Value{value.String(tt.router), value.String(tt.net)}, nil)
		if err != nil || value.Str(got) != tt.want {
			t.Errorf("getAvailableCidr(%q, %q) = %v, %v; want %s", tt.router, tt.net, got, err, tt.want)
		}
	}
}

func TestDefaultRouter(t *testing.T) {
	withGateway := mustDictOf(`{"id": "r1", "name": "murano-default-router", "tenant_id": "proj-1", "external_gateway_info": {"network_id": "ext"}}`)
	noGateway := mustDictOf(`{"id": "r1", "name": "murano-default-router", "tenant_id": "proj-1", "external_gateway_info": null}`)
	public := mustDictOf(`{"id": "ext", "name": "public", "router:external": true}`)
	create := system.DefaultNetworking()
	create.ExternalNetwork = "public"
	noCreate := create
	noCreate.CreateRouter = false
	tests := []struct {
		name       string
		neutron    *fakeNeutron
		networking system.Networking
		want, err  string
		waited     bool
	}{
		{"found", &fakeNeutron{routers: []*value.Dict{withGateway}}, create, "r1", "", false},
		{"created", &fakeNeutron{networks: []*value.Dict{public}}, create, "new-router", "", false},
		{"not allowed", &fakeNeutron{}, noCreate, "", "[KeyError]: 'Router murano-default-router was not found'", false},
		{"no external network", &fakeNeutron{}, create, "", "[KeyError]: 'Router murano-default-router could not be created, no external network found'", false},
		{"no gateway", &fakeNeutron{routers: []*value.Dict{noGateway}}, create, "", "[murano.common.exceptions.RouterInfoException]: Please set external gateway for the router murano-default-router ", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex, root := newExplorer(t, tt.neutron, tt.networking)
			start := ex.Now()
			got, err := ex.Call(root, "router", nil, nil)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, want %s", err, tt.err)
				}
			} else if err != nil || value.Str(got) != tt.want {
				t.Errorf("getDefaultRouter() = %v, %v; want %s", got, err, tt.want)
			}
			if waited := ex.Now() - start; (waited >= 30) != tt.waited || waited > 40 {
				t.Errorf("waited %v s", waited)
			}
		})
	}
	if n := tests[1].neutron; fmt.Sprint(n.created) != `[{"router": {"name": "murano-default-router", "external_gateway_info": {"network_id": "ext"}, "admin_state_up": true}}]` {
		t.Errorf("created %v", n.created)
	}
}
