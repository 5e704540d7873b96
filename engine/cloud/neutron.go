// This file defines Neutron: networks, subnets with their address
// allocation, ports, routers, floating IPs and extensions, as
// python-neutronclient lists them (Heat-created ones included).

package cloud

import (
	"fmt"
	"net/netip"
	"slices"
)

// loadCatalog creates the catalog's networks, subnets, router (with its
// gateway and interface ports) and volumes.
func (c *Cloud) loadCatalog() {
	cat := c.catalog
	for _, n := range cat.Networks {
		tenant := cat.Project.ID
		if n.External {
			tenant = "admin"
		}
		var subnets []any
		for _, s := range n.Subnets {
			subnets = append(subnets, s.ID)
		}
		c.st.Networks = append(c.st.Networks, NewMap("id", n.ID, "name", n.Name, "router:external", n.External,
			"tenant_id", tenant, "project_id", tenant, "status", "ACTIVE", "admin_state_up", true,
			"shared", n.External, "subnets", orEmpty(subnets)))
		for _, s := range n.Subnets {
			c.addSubnet(s.ID, s.Name, n.ID, s.CIDR, nil, true, 4, "")
		}
	}
	if r := cat.Router; r.ID != "" {
		router := NewMap("id", r.ID, "name", r.Name, "tenant_id", cat.Project.ID, "project_id", cat.Project.ID,
			"status", "ACTIVE", "admin_state_up", true, "external_gateway_info", nil)
		c.st.Routers = append(c.st.Routers, router)
		if sn := c.firstSubnetOf(r.ExternalNetwork); sn != nil {
			gw, _ := c.allocIP(sn)
			router.Set("external_gateway_info", NewMap("network_id", r.ExternalNetwork,
				"external_fixed_ips", []any{NewMap("subnet_id", sn.Value("id"), "ip_address", gw)}))
			c.addPort("port-router-gateway", r.ExternalNetwork, str(sn.Value("id")), gw, r.ID, "network:router_gateway", nil)
		}
		for _, sid := range r.Interfaces {
			sn := c.subnet(sid)
			if sn == nil {
				continue
			}
			name := sid
			if len(name) > len("subnet-") && name[:len("subnet-")] == "subnet-" {
				name = name[len("subnet-"):]
			}
			c.addPort("port-router-"+name, str(sn.Value("network_id")), sid, str(sn.Value("gateway_ip")), r.ID,
				"network:router_interface", nil)
		}
	}
	for _, v := range cat.Volumes {
		c.st.Volumes = append(c.st.Volumes, NewMap("id", v.ID, "name", v.Name, "size", int64(v.Size),
			"status", "available", "attachments", []any{}))
	}
}

func orEmpty(l []any) []any {
	if l == nil {
		return []any{}
	}
	return l
}

// addSubnet adds a subnet: the gateway is .1 unless given, the pool
// starts at .2 (the DHCP server), ports get addresses from .3 up.
func (c *Cloud) addSubnet(id, name, networkID, cidr string, dns []any, dhcp bool, ipVersion int64, gateway string) (*Map, error) {
	prefix, err := netip.ParsePrefix(cidr)
	if err != nil {
		return nil, err
	}
	prefix = prefix.Masked()
	first := prefix.Addr()
	if gateway == "" {
		gateway = first.Next().String()
	}
	last := lastAddr(prefix)
	tenant := c.catalog.Project.ID
	if n := c.network(networkID); n != nil {
		tenant = str(n.Value("tenant_id"))
	}
	sn := NewMap("id", id, "name", name, "network_id", networkID, "cidr", prefix.String(),
		"gateway_ip", gateway, "ip_version", ipVersion, "dns_nameservers", orEmpty(slices.Clone(dns)),
		"enable_dhcp", dhcp, "tenant_id", tenant,
		"allocation_pools", []any{NewMap("start", first.Next().Next().String(), "end", last.Prev().String())})
	c.st.Subnets = append(c.st.Subnets, sn)
	c.st.NextHost[id] = 3
	return sn, nil
}

// lastAddr returns the broadcast address of a prefix.
func lastAddr(p netip.Prefix) netip.Addr {
	b := p.Addr().AsSlice()
	bits := p.Bits()
	for i := range b {
		for j := 0; j < 8; j++ {
			if i*8+j >= bits {
				b[i] |= 0x80 >> j
			}
		}
	}
	a, _ := netip.AddrFromSlice(b)
	return a
}

// allocIP returns the subnet's next free address, counting up from .3.
func (c *Cloud) allocIP(sn *Map) (string, error) {
	id := str(sn.Value("id"))
	prefix, err := netip.ParsePrefix(str(sn.Value("cidr")))
	if err != nil {
		return "", err
	}
	n, ok := c.st.NextHost[id]
	if !ok {
		n = 3
	}
	c.st.NextHost[id] = n + 1
	hostBits := prefix.Addr().BitLen() - prefix.Bits()
	if hostBits < 63 && n >= (int64(1)<<hostBits)-1 {
		return "", fmt.Errorf("IpAddressGenerationFailureClient: No more IP addresses available on network %s.",
			str(sn.Value("network_id")))
	}
	a := prefix.Addr()
	for range n {
		a = a.Next()
	}
	return a.String(), nil
}

// addPort adds a port with one fixed address (none when subnetID is "").
func (c *Cloud) addPort(id, networkID, subnetID, ip, deviceID, deviceOwner string, extra *Map) *Map {
	fixed := []any{}
	if subnetID != "" {
		fixed = append(fixed, NewMap("subnet_id", subnetID, "ip_address", ip))
	}
	p := NewMap("id", id, "network_id", networkID, "device_id", deviceID, "device_owner", deviceOwner,
		"mac_address", c.newMAC(), "fixed_ips", fixed, "status", "ACTIVE", "tenant_id", c.catalog.Project.ID)
	for _, k := range extra.Keys() {
		p.Set(k, extra.Value(k))
	}
	c.st.Ports = append(c.st.Ports, p)
	return p
}

// byID returns the record with the id.
func byID(list []*Map, id string) *Map {
	for _, m := range list {
		if str(m.Value("id")) == id {
			return m
		}
	}
	return nil
}

// byRef returns the record with the id, else the first with the name.
func byRef(list []*Map, ref string) *Map {
	if m := byID(list, ref); m != nil {
		return m
	}
	for _, m := range list {
		if str(m.Value("name")) == ref {
			return m
		}
	}
	return nil
}

func removeID(list []*Map, id string) []*Map {
	return slices.DeleteFunc(list, func(m *Map) bool { return str(m.Value("id")) == id })
}

func (c *Cloud) network(ref string) *Map { return byRef(c.st.Networks, ref) }
func (c *Cloud) subnet(ref string) *Map  { return byRef(c.st.Subnets, ref) }
func (c *Cloud) port(id string) *Map     { return byID(c.st.Ports, id) }

// subnetsOf returns the subnets of a network, in the network's order.
func (c *Cloud) subnetsOf(net *Map) []*Map {
	var out []*Map
	ids, _ := net.Value("subnets").([]any)
	for _, id := range ids {
		if sn := byID(c.st.Subnets, str(id)); sn != nil {
			out = append(out, sn)
		}
	}
	return out
}

func (c *Cloud) firstSubnetOf(networkID string) *Map {
	for _, sn := range c.st.Subnets {
		if str(sn.Value("network_id")) == networkID {
			return sn
		}
	}
	return nil
}

// Filters select records by field: a record matches when every field
// equals the filter's value, or is one of its values when the filter is
// a list.
type Filters map[string]any

func (f Filters) match(m *Map) bool {
	for k, want := range f {
		have := m.Value(k)
		if list, ok := Normalize(want).([]any); ok {
			if !slices.ContainsFunc(list, func(w any) bool { return equal(w, have) }) {
				return false
			}
		} else if !equal(Normalize(want), have) {
			return false
		}
	}
	return true
}

func list(records []*Map, f Filters) []*Map {
	out := []*Map{}
	for _, m := range records {
		if f.match(m) {
			out = append(out, clone(m).(*Map))
		}
	}
	return out
}

// NeutronError is a Neutron API error (HTTP 404 for a missing object).
type NeutronError struct {
	Status  int
	Message string
}

func (e *NeutronError) Error() string { return e.Message }

// ListNetworks returns the networks that match the filters.
func (c *Cloud) ListNetworks(f Filters) []*Map { return list(c.st.Networks, f) }

// ShowNetwork returns the network with the id.
func (c *Cloud) ShowNetwork(id string) (*Map, error) {
	if n := byID(c.st.Networks, id); n != nil {
		return clone(n).(*Map), nil
	}
	return nil, &NeutronError{404, fmt.Sprintf("Network %s could not be found.", id)}
}

// ListSubnets returns the subnets that match the filters.
func (c *Cloud) ListSubnets(f Filters) []*Map { return list(c.st.Subnets, f) }

// ShowSubnet returns the subnet with the id.
func (c *Cloud) ShowSubnet(id string) (*Map, error) {
	if s := byID(c.st.Subnets, id); s != nil {
		return clone(s).(*Map), nil
	}
	return nil, &NeutronError{404, fmt.Sprintf("Subnet %s could not be found.", id)}
}

// ListPorts returns the ports that match the filters.
func (c *Cloud) ListPorts(f Filters) []*Map { return list(c.st.Ports, f) }

// ListFloatingIPs returns the floating IPs that match the filters.
func (c *Cloud) ListFloatingIPs(f Filters) []*Map { return list(c.st.FloatingIPs, f) }

// ListSecurityGroups returns the catalog's security groups that match.
func (c *Cloud) ListSecurityGroups(f Filters) []*Map {
	var groups []*Map
	for _, n := range c.catalog.SecurityGroups {
		groups = append(groups, NewMap("id", "sg-"+n, "name", n, "tenant_id", c.catalog.Project.ID))
	}
	return list(groups, f)
}

// ListExtensions returns the Neutron extensions ({alias, name}); the
// no-security-groups fault hides security-group.
func (c *Cloud) ListExtensions() []*Map {
	out := []*Map{}
	for _, e := range c.catalog.Extensions {
		if e == "security-group" && c.faults.has(FaultNoSecurityGroups) {
			continue
		}
		out = append(out, NewMap("alias", e, "name", e))
	}
	return out
}

// ListRouters returns the routers that match the filters. The no-router
// fault hides the catalog's router, router-without-gateway its gateway.
func (c *Cloud) ListRouters(f Filters) []*Map {
	out := []*Map{}
	for _, r := range c.st.Routers {
		isDefault := str(r.Value("id")) == c.catalog.Router.ID
		if isDefault && c.faults.has(FaultNoRouter) {
			continue
		}
		r = clone(r).(*Map)
		if isDefault && c.faults.has(FaultRouterWithoutGateway) {
			r.Set("external_gateway_info", nil)
		}
		if f.match(r) {
			out = append(out, r)
		}
	}
	return out
}

// ShowRouter returns the router with the id, as ListRouters shows it.
func (c *Cloud) ShowRouter(id string) (*Map, error) {
	if r := byID(c.ListRouters(nil), id); r != nil {
		return r, nil
	}
	return nil, &NeutronError{404, fmt.Sprintf("Router %s could not be found", id)}
}

// CreateRouter creates a router from Neutron's request body
// {"router": {name, external_gateway_info: {network_id}, admin_state_up}},
// its gateway on the first subnet of the external network.
func (c *Cloud) CreateRouter(body *Map) *Map {
	spec, _ := body.Value("router").(*Map)
	id := c.newID(true)
	up := true
	if v, ok := spec.Get("admin_state_up"); ok {
		up, _ = v.(bool)
	}
	router := NewMap("id", id, "name", spec.Value("name"), "tenant_id", c.catalog.Project.ID,
		"project_id", c.catalog.Project.ID, "status", "ACTIVE", "admin_state_up", up, "external_gateway_info", nil)
	gwInfo, _ := spec.Value("external_gateway_info").(*Map)
	if ext := str(gwInfo.Value("network_id")); ext != "" {
		ips := []any{}
		if sn := c.firstSubnetOf(ext); sn != nil {
			if ip, err := c.allocIP(sn); err == nil {
				c.addPort(c.newID(true), ext, str(sn.Value("id")), ip, id, "network:router_gateway", nil)
				ips = append(ips, NewMap("subnet_id", sn.Value("id"), "ip_address", ip))
			}
		}
		router.Set("external_gateway_info", NewMap("network_id", ext, "external_fixed_ips", ips))
	}
	c.st.Routers = append(c.st.Routers, router)
	return clone(router).(*Map)
}
