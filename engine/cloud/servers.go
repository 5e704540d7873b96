// This file defines Nova servers as Heat creates them: boot checks,
// network attachment, the addresses Heat reports, and cloud-init reading
// the user data for the murano agent's configuration.

package cloud

import (
	"fmt"
	"slices"
	"strings"

	"murano.dev/playground/engine/cloud/agent"
)

// Server is a Nova server. Agent is the murano agent it runs (nil: none).
type Server struct {
	ID            string       `json:"id"`
	Name          string       `json:"name"`
	Stack         string       `json:"stack"`
	Resource      string       `json:"resource"`
	Image         string       `json:"image"`
	Flavor        string       `json:"flavor"`
	Zone          string       `json:"availability_zone"`
	Status        string       `json:"status"`
	ImplicitPorts []string     `json:"implicit_ports"`
	Ports         []string     `json:"ports"`
	Agent         *agent.Agent `json:"agent"`
	// Booted is when the server's agent starts, Busy when it is done with
	// the plans it took (seconds since 1970; with Durations).
	Booted float64 `json:"booted,omitempty"`
	Busy   float64 `json:"busy,omitempty"`
}

func (c *Cloud) server(id string) *Server {
	for _, s := range c.st.Servers {
		if s.ID == id {
			return s
		}
	}
	return nil
}

// Servers returns the servers, in the order they were created.
func (c *Cloud) Servers() []*Server { return c.st.Servers }

func (c *Cloud) createServer(st *Stack, r *Resource) error {
	var image *Image
	if v := r.Props.Value("image"); v != nil {
		if im, ok := c.catalog.Image(pyStr(v)); ok {
			image = &im
		}
	}
	flavor, ok := c.flavor(pyStr(r.Props.Value("flavor")))
	if !ok {
		return failf("BadRequest: resources.%s: Flavor %s could not be found. (HTTP 400)", r.Name, pyStr(r.Props.Value("flavor")))
	}
	zoneName := ref(r.Props, "availability_zone")
	zone, zoneOK := c.catalog.Zone(zoneName)
	if zoneName != "" && !zoneOK {
		return failf("BadRequest: resources.%s: The requested availability zone is not available (HTTP 400)", r.Name)
	}
	if image != nil && image.Status != "active" {
		return failf("BadRequest: resources.%s: Image %s is not active. (HTTP 400)", r.Name, image.ID)
	}
	if zoneName != "" && !zone.Available {
		return failf(`ResourceInError: resources.%s: Went to status ERROR due to "Message: No valid host was found. There are not enough hosts available., Code: 500"`, r.Name)
	}
	if zoneName == "" {
		zoneName = "nova"
	}
	name := ref(r.Props, "name")
	if name == "" {
		name = r.Name
	}
	srv := &Server{ID: r.ID, Name: name, Stack: st.Name, Resource: r.Name, Flavor: flavor.ID, Zone: zoneName,
		Status: "ACTIVE", ImplicitPorts: []string{}}
	if image != nil {
		srv.Image = image.ID
	}
	if err := c.connectServer(srv, r.Props, true); err != nil {
		return err
	}
	if c.durations {
		srv.Booted = unix(c.Now()) + bootSeconds
	}
	c.st.Servers = append(c.st.Servers, srv)
	r.Attrs = NewMap("name", name, "addresses", NewMap(), "networks", NewMap(), "first_address", "",
		"accessIPv4", "", "accessIPv6", "", "instance_name", fmt.Sprintf("instance-%08x", len(c.st.Servers)),
		"console_urls", NewMap())
	if image != nil && image.Agent && !c.faults.imageWithoutAgent(*image) {
		budget := configBudget
		userData := c.configText(st, r.Props.Value("user_data"), 0, &budget)
		if cfg, ok, err := agent.ParseUserData(userData, st.Files); ok && err == nil {
			srv.Agent = agent.New(cfg)
		}
	}
	return nil
}

// connectServer attaches the server to the ports of its networks
// property; at creation, {network: ...} entries get a port of their own.
func (c *Cloud) connectServer(srv *Server, props *Map, create bool) error {
	ports := []string{}
	for _, n := range asList(props.Value("networks")) {
		m, ok := n.(*Map)
		if !ok {
			continue
		}
		if pid := ref(m, "port"); pid != "" {
			ports = append(ports, pid)
			continue
		}
		netRef := ref(m, "network", "uuid")
		if netRef == "" || !create {
			continue
		}
		net := c.network(netRef)
		if net == nil {
			return failf("BadRequest: resources.%s: Network %s could not be found. (HTTP 400)", srv.Name, netRef)
		}
		subnets := c.subnetsOf(net)
		ip, subnetID := ref(m, "fixed_ip"), ""
		if len(subnets) > 0 {
			subnetID = str(subnets[0].Value("id"))
			if ip == "" {
				var err error
				if ip, err = c.allocIP(subnets[0]); err != nil {
					return failf("%v", err)
				}
			}
		}
		port := c.addPort(c.newID(true), str(net.Value("id")), subnetID, ip, "", "", nil)
		srv.ImplicitPorts = append(srv.ImplicitPorts, str(port.Value("id")))
	}
	srv.Ports = append(ports, srv.ImplicitPorts...)
	for _, pid := range srv.Ports {
		if p := c.port(pid); p != nil {
			p.Set("device_id", srv.ID)
			p.Set("device_owner", "compute:"+srv.Zone)
		}
	}
	return nil
}

// configBudget bounds the values configText visits: parts that refer
// to one another would otherwise multiply.
const configBudget = 10000

// configText is the text cloud-init sees for a server's user_data:
// references to config resources are followed through MultipartMime
// parts to the configs they hold (5 levels deep).
func (c *Cloud) configText(st *Stack, v any, depth int, budget *int) string {
	if depth > 5 || v == nil || *budget <= 0 {
		return ""
	}
	*budget--
	join := func(items []any) string {
		parts := make([]string, len(items))
		for i, e := range items {
			parts[i] = c.configText(st, e, depth+1, budget)
		}
		return strings.Join(parts, "\n")
	}
	switch x := v.(type) {
	case string:
		for _, r := range st.Resources {
			if r.ID != x || !strings.HasPrefix(r.Type, "OS::Heat::") {
				continue
			}
			cfg := r.Attrs.Value("config")
			if r.Type == "OS::Heat::MultipartMime" {
				var configs []any
				for _, p := range asList(cfg) {
					pm, _ := p.(*Map)
					configs = append(configs, pm.Value("config"))
				}
				return join(configs)
			}
			return c.configText(st, cfg, depth+1, budget)
		}
		return x
	case *Map:
		var vals []any
		for _, k := range x.Keys() {
			vals = append(vals, x.Value(k))
		}
		return join(vals)
	case []any:
		return join(x)
	}
	return pyStr(v)
}

// refreshServers sets the addresses, networks and first_address of the
// stack's servers from their ports and floating IPs.
func (c *Cloud) refreshServers(st *Stack) {
	assoc := map[string][]string{}
	for _, r := range st.Resources {
		if r.Type != "OS::Nova::FloatingIPAssociation" {
			continue
		}
		fip := r.Props.Value("floating_ip")
		var ip any
		for _, x := range st.Resources {
			if x.Type == "OS::Nova::FloatingIP" && (equal(x.ID, fip) || equal(x.Attrs.Value("ip"), fip)) {
				ip = x.Attrs.Value("ip")
			}
		}
		if !isFalsy(ip) {
			key := pyStr(r.Props.Value("server_id"))
			assoc[key] = append(assoc[key], pyStr(ip))
		}
	}
	for _, r := range st.Resources {
		if r.Type != "OS::Nova::Server" {
			continue
		}
		srv := c.server(r.ID)
		if srv == nil {
			continue
		}
		addresses, networks := NewMap(), NewMap()
		add := func(m *Map, key string, v any) {
			l, _ := m.Value(key).([]any)
			m.Set(key, append(l, v))
		}
		for _, pid := range srv.Ports {
			port := c.port(pid)
			if port == nil {
				continue
			}
			netName := str(port.Value("network_id"))
			if net := byID(c.st.Networks, netName); net != nil {
				netName = str(net.Value("name"))
			}
			if !hasKey(addresses, netName) {
				addresses.Set(netName, []any{})
			}
			mac := port.Value("mac_address")
			fixed, _ := port.Value("fixed_ips").([]any)
			for _, f := range fixed {
				ip := f.(*Map).Value("ip_address")
				add(addresses, netName, NewMap("addr", ip, "version", int64(4), "OS-EXT-IPS:type", "fixed",
					"OS-EXT-IPS-MAC:mac_addr", mac, "port", pid))
				add(networks, netName, ip)
			}
			for _, fip := range c.st.FloatingIPs {
				if equal(fip.Value("port_id"), pid) {
					ip := fip.Value("floating_ip_address")
					add(addresses, netName, NewMap("addr", ip, "version", int64(4), "OS-EXT-IPS:type", "floating",
						"OS-EXT-IPS-MAC:mac_addr", mac, "port", pid))
					add(networks, netName, ip)
				}
			}
		}
		for _, ip := range assoc[r.ID] {
			if networks.Len() > 0 {
				first := networks.Keys()[0]
				add(networks, first, ip)
				add(addresses, first, NewMap("addr", ip, "version", int64(4), "OS-EXT-IPS:type", "floating"))
			}
		}
		r.Attrs.Set("addresses", addresses)
		r.Attrs.Set("networks", networks)
		first := ""
		for _, k := range addresses.Keys() {
			if l, _ := addresses.Value(k).([]any); len(l) > 0 && first == "" {
				first = pyStr(l[0].(*Map).Value("addr"))
			}
		}
		r.Attrs.Set("first_address", first)
		r.Attrs.Set("accessIPv4", first)
	}
}

// dropServer forgets a server (its agent dies with it).
func (c *Cloud) dropServer(srv *Server) {
	c.st.Servers = slices.DeleteFunc(c.st.Servers, func(s *Server) bool { return s == srv })
}
