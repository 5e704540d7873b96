// This file defines io.murano.system.NetworkExplorer: the default router
// (created when allowed, retried while it has no gateway), a free subnet
// range for a new network, and Neutron's lists.

package system

import (
	"encoding/hex"
	"fmt"
	"math"
	"net/netip"
	"strconv"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/hashes"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// Neutron is the network service as NetworkExplorer uses it: resources
// as Neutron's JSON, lists filtered by field values.
type Neutron interface {
	ListRouters(filters map[string]string) ([]*value.Dict, error)
	ListNetworks(filters map[string]string) ([]*value.Dict, error)
	ListSubnets() ([]*value.Dict, error)
	ListPorts(filters map[string]string) ([]*value.Dict, error)
	ListExtensions() ([]*value.Dict, error)
	ShowRouter(id string) (*value.Dict, error)
	ShowNetwork(id string) (*value.Dict, error)
	CreateRouter(body *value.Dict) (*value.Dict, error)
}

// Networking is murano's [networking] configuration.
type Networking struct {
	RouterName      string
	CreateRouter    bool
	ExternalNetwork string
	EnvIPTemplate   string
	MaxEnvironments int
	MaxHosts        int
	DefaultDNS      []string
}

// DefaultNetworking is murano's default [networking] configuration.
func DefaultNetworking() Networking {
	return Networking{RouterName: "murano-default-router", CreateRouter: true, ExternalNetwork: "ext-net",
		EnvIPTemplate: "10.0.0.0", MaxEnvironments: 250, MaxHosts: 250}
}

// routerRetryLimit is how long getDefaultRouter keeps retrying a router
// without a gateway, in seconds; each retry waits 1 to 10 seconds.
const routerRetryLimit = 30

func networkExplorerClass(h *Host) *dsl.NativeClass {
	list := func(name string, fetch func() ([]*value.Dict, error)) dsl.NativeMethodSpec {
		return dsl.NativeMethodSpec{Name: name, Impl: func(*dsl.NativeCall) (value.Value, error) {
			items, err := fetch()
			return dictList(items), err
		}}
	}
	return &dsl.NativeClass{
		Name:       "io.murano.system.NetworkExplorer",
		InitParams: []string{"regionName"},
		Init:       func(*dsl.NativeCall) (value.Value, error) { return value.Null, nil },
		Methods: []dsl.NativeMethodSpec{
			{Name: "getDefaultRouter", Impl: func(nc *dsl.NativeCall) (value.Value, error) { return defaultRouter(nc, h) }},
			{Name: "getAvailableCidr", Params: []yaql.Param{yaql.P("routerId", yaql.Any), yaql.P("netId", yaql.Any), yaql.Opt("ipVersion", yaql.Any, value.Int(4))},
				Impl: func(nc *dsl.NativeCall) (value.Value, error) {
					return availableCidr(h, nc.Arg(0), value.Str(nc.Arg(1)), nc.Arg(2))
				}},
			{Name: "getDefaultDns", Params: []yaql.Param{yaql.Opt("ipVersion", yaql.Any, value.Int(4))}, Impl: func(nc *dsl.NativeCall) (value.Value, error) {
				version := value.Str(nc.Arg(0))
				var out []value.Value
				for _, ip := range h.Networking.DefaultDNS {
					if a, err := netip.ParseAddr(ip); err == nil && (version == "6" && a.Is6() || version == "4" && a.Is4()) {
						out = append(out, value.String(ip))
					}
				}
				return value.NewPyList(out), nil
			}},
			{Name: "getExternalNetworkIdForRouter", Params: []yaql.Param{yaql.P("routerId", yaql.Any)}, Impl: func(nc *dsl.NativeCall) (value.Value, error) {
				return externalNetworkOfRouter(h, value.Str(nc.Arg(0)))
			}},
			{Name: "getExternalNetworkIdForNetwork", Params: []yaql.Param{yaql.P("networkId", yaql.Any)}, Impl: func(nc *dsl.NativeCall) (value.Value, error) {
				return externalNetworkOfNetwork(h, value.Str(nc.Arg(0)))
			}},
			list("listNetworks", func() ([]*value.Dict, error) { return h.Neutron.ListNetworks(nil) }),
			list("listSubnetworks", func() ([]*value.Dict, error) { return h.Neutron.ListSubnets() }),
			list("listPorts", func() ([]*value.Dict, error) { return h.Neutron.ListPorts(nil) }),
			list("listNeutronExtensions", func() ([]*value.Dict, error) { return h.Neutron.ListExtensions() }),
		},
	}
}

func dictList(items []*value.Dict) value.Value {
	out := make([]value.Value, len(items))
	for i, d := range items {
		out[i] = d
	}
	return value.NewPyList(out)
}

func field(d *value.Dict, key string) value.Value {
	if d == nil {
		return value.Null
	}
	if v, ok := d.GetString(key); ok {
		return v
	}
	return value.Null
}

// defaultRouter finds the project's default router or creates it,
// retrying while it has no external gateway.
func defaultRouter(nc *dsl.NativeCall, h *Host) (value.Value, error) {
	start := nc.Executor().Now()
	for {
		id, err := findRouter(h)
		pe, retry := err.(*dsl.PyError)
		if !retry || pe.Class != "RouterInfoException" {
			return id, err
		}
		if nc.Executor().Now()-start >= routerRetryLimit {
			return nil, err
		}
		if err := nc.Sleep(1 + 9*h.Random.Float()); err != nil {
			return nil, err
		}
	}
}

func findRouter(h *Host) (value.Value, error) {
	name := h.Networking.RouterName
	routers, err := h.Neutron.ListRouters(map[string]string{"tenant_id": h.ProjectID, "name": name})
	if err != nil {
		return nil, err
	}
	if len(routers) > 0 {
		if value.IsNull(field(routers[0], "external_gateway_info")) {
			return nil, &dsl.PyError{Module: exceptionModule, Class: "RouterInfoException", Msg: "Please set external gateway for the router " + name + " "}
		}
		return field(routers[0], "id"), nil
	}
	if !h.Networking.CreateRouter {
		return nil, dsl.PyErr("KeyError", "'Router "+name+" was not found'")
	}
	filter := map[string]string{"name": h.Networking.ExternalNetwork}
	if isUUIDLike(h.Networking.ExternalNetwork) {
		filter = map[string]string{"id": h.Networking.ExternalNetwork}
	}
	networks, err := h.Neutron.ListNetworks(filter)
	if err != nil {
		return nil, err
	}
	for _, n := range networks {
		if value.Truth(field(n, "router:external")) {
			gateway := value.NewDict(1)
			gateway.SetString("network_id", field(n, "id"))
			router := value.NewDict(3)
			router.SetString("name", value.String(name))
			router.SetString("external_gateway_info", gateway)
			router.SetString("admin_state_up", value.Bool(true))
			body := value.NewDict(1)
			body.SetString("router", router)
			created, err := h.Neutron.CreateRouter(body)
			if err != nil {
				return nil, err
			}
			return field(created, "id"), nil
		}
	}
	return nil, dsl.PyErr("KeyError", "'Router "+name+" could not be created, no external network found'")
}

// isUUIDLike is oslo's is_uuid_like: 32 hex digits, dashes anywhere.
func isUUIDLike(s string) bool {
	n := 0
	for _, r := range s {
		switch {
		case r == '-':
		case r >= '0' && r <= '9', r >= 'a' && r <= 'f', r >= 'A' && r <= 'F':
			n++
		default:
			return false
		}
	}
	return n == 32
}

// availableCidr picks a subnet of the environments' range that overlaps
// none of the router's: the candidates in order from a hash of the
// network's id (the deploy harness's md5 for Python's per-process str
// hash), null when every one is taken.
func availableCidr(h *Host, routerID value.Value, netID string, ipVersion value.Value) (value.Value, error) {
	taken, err := routerCidrs(h, routerID)
	if err != nil {
		return nil, err
	}
	candidates, err := cidrCandidates(h.Networking)
	if err != nil {
		return nil, err
	}
	sum := hashes.MD5([]byte(netID))
	hash, _ := strconv.ParseUint(hex.EncodeToString(sum[:4]), 16, 64)
	for fails := 0; fails < len(candidates); fails++ {
		c := candidates[(int(hash%uint64(len(candidates)))+fails)%len(candidates)]
		if !overlapsAny(c, taken) {
			if value.Str(ipVersion) == "6" {
				return value.String(fmt.Sprintf("::ffff:%s/%d", c.Addr(), 96+c.Bits())), nil
			}
			return value.String(c.String()), nil
		}
	}
	return value.Null, nil
}

func overlapsAny(c netip.Prefix, taken []netip.Prefix) bool {
	for _, t := range taken {
		if c.Overlaps(t) {
			return true
		}
	}
	return false
}

// cidrCandidates splits the environments' range into one subnet per
// environment.
func cidrCandidates(n Networking) ([]netip.Prefix, error) {
	envBits := int(math.Ceil(math.Log2(float64(n.MaxEnvironments))))
	hostBits := int(math.Ceil(math.Log2(float64(n.MaxHosts))))
	base, err := netip.ParsePrefix(fmt.Sprintf("%s/%d", n.EnvIPTemplate, 32-hostBits-envBits))
	if err != nil {
		return nil, dsl.PyErr("ValueError", err.Error())
	}
	start := base.Masked().Addr().As4()
	first := uint32(start[0])<<24 | uint32(start[1])<<16 | uint32(start[2])<<8 | uint32(start[3])
	out := make([]netip.Prefix, 1<<envBits)
	for i := range out {
		a := first + uint32(i)<<hostBits
		out[i] = netip.PrefixFrom(netip.AddrFrom4([4]byte{byte(a >> 24), byte(a >> 16), byte(a >> 8), byte(a)}), 32-hostBits)
	}
	return out, nil
}

// routerCidrs are the ranges of the subnets the router has ports on.
func routerCidrs(h *Host, routerID value.Value) ([]netip.Prefix, error) {
	if !value.Truth(routerID) {
		return nil, nil
	}
	ports, err := h.Neutron.ListPorts(map[string]string{"device_id": value.Str(routerID)})
	if err != nil {
		return nil, err
	}
	subnetIDs := map[string]bool{}
	for _, p := range ports {
		ips, _ := value.Slice(field(p, "fixed_ips"))
		for _, ip := range ips {
			if d, ok := ip.(*value.Dict); ok {
				subnetIDs[value.Str(field(d, "subnet_id"))] = true
			}
		}
	}
	subnets, err := h.Neutron.ListSubnets()
	if err != nil {
		return nil, err
	}
	var out []netip.Prefix
	for _, s := range subnets {
		if subnetIDs[value.Str(field(s, "id"))] {
			if p, err := netip.ParsePrefix(value.Str(field(s, "cidr"))); err == nil {
				out = append(out, p)
			}
		}
	}
	return out, nil
}

func externalNetworkOfRouter(h *Host, id string) (value.Value, error) {
	router, err := h.Neutron.ShowRouter(id)
	if err != nil {
		return nil, err
	}
	if router == nil {
		return value.Null, nil
	}
	gateway, ok := router.GetString("external_gateway_info")
	if !ok {
		return value.Null, nil
	}
	g, ok := gateway.(*value.Dict)
	if !ok {
		return nil, dsl.PyErr("AttributeError", "'NoneType' object has no attribute 'get'")
	}
	return field(g, "network_id"), nil
}

func externalNetworkOfNetwork(h *Host, id string) (value.Value, error) {
	network, err := h.Neutron.ShowNetwork(id)
	if err != nil {
		return nil, err
	}
	if value.Truth(field(network, "router:external")) {
		return value.String(id), nil
	}
	ports, err := h.Neutron.ListPorts(map[string]string{"device_owner": "network:router_interface", "network_id": id})
	if err != nil {
		return nil, err
	}
	for _, p := range ports {
		ext, err := externalNetworkOfRouter(h, value.Str(field(p, "device_id")))
		if err != nil {
			return nil, err
		}
		if value.Truth(ext) {
			return ext, nil
		}
	}
	return value.Null, nil
}
