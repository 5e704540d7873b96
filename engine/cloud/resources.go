// This file defines what each resource type does when Heat creates,
// updates or deletes it, and the attributes get_attr reads.

package cloud

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"sync"
)

// creators maps the resource types the cloud gives behaviour and
// attributes to their makers; made on first use, so that only a program
// that runs Heat links them.
func creators() map[string]func(c *Cloud, st *Stack, r *Resource) error {
	creatorsOnce.Do(func() { creatorTable = makeCreators() })
	return creatorTable
}

var (
	creatorsOnce sync.Once
	creatorTable map[string]func(c *Cloud, st *Stack, r *Resource) error
)

func makeCreators() map[string]func(c *Cloud, st *Stack, r *Resource) error {
	return map[string]func(c *Cloud, st *Stack, r *Resource) error{
		"OS::Neutron::Net":                (*Cloud).createNet,
		"OS::Neutron::Subnet":             (*Cloud).createSubnet,
		"OS::Neutron::RouterInterface":    (*Cloud).createRouterInterface,
		"OS::Neutron::Port":               (*Cloud).createPort,
		"OS::Neutron::FloatingIP":         (*Cloud).createFloatingIP,
		"OS::Neutron::SecurityGroup":      (*Cloud).createSecurityGroup,
		"OS::Nova::Server":                (*Cloud).createServer,
		"OS::Nova::FloatingIP":            (*Cloud).createNovaFloatingIP,
		"OS::Nova::FloatingIPAssociation": func(*Cloud, *Stack, *Resource) error { return nil },
		"OS::Heat::CloudConfig":           (*Cloud).createConfig,
		"OS::Heat::SoftwareConfig":        (*Cloud).createConfig,
		"OS::Heat::StructuredConfig":      (*Cloud).createConfig,
		"OS::Heat::MultipartMime":         (*Cloud).createConfig,
		"OS::Heat::SoftwareDeployment":    (*Cloud).createDeployment,
		"OS::Heat::StructuredDeployment":  (*Cloud).createDeployment,
		"OS::Cinder::Volume":              (*Cloud).createVolume,
		"OS::Cinder::VolumeAttachment":    (*Cloud).createVolumeAttachment,
		"AWS::EC2::SecurityGroup":         (*Cloud).createEC2SecurityGroup,
	}
}

// otherTypes are resource types of Heat the cloud creates with no
// behaviour and no attributes.
var otherTypes = []string{
	"OS::Nova::ServerGroup", "OS::Nova::KeyPair", "OS::Nova::Flavor",
	"OS::Neutron::Router", "OS::Neutron::RouterGateway", "OS::Neutron::SecurityGroupRule",
	"OS::Neutron::FloatingIPAssociation", "OS::Neutron::ProviderNet", "OS::Neutron::AddressScope",
	"OS::Neutron::SubnetPool", "OS::Neutron::QoSPolicy", "OS::Neutron::Trunk",
	"OS::Heat::None", "OS::Heat::Value", "OS::Heat::RandomString", "OS::Heat::TestResource",
	"OS::Heat::WaitCondition", "OS::Heat::WaitConditionHandle", "OS::Heat::ResourceGroup",
	"OS::Heat::AutoScalingGroup", "OS::Heat::ScalingPolicy", "OS::Heat::ResourceChain",
	"OS::Heat::SoftwareComponent", "OS::Heat::SoftwareDeploymentGroup", "OS::Heat::StructuredDeploymentGroup",
	"OS::Heat::Stack", "OS::Heat::DeployedServer", "OS::Heat::UpdateWaitConditionHandle",
	"OS::Cinder::VolumeType", "OS::Cinder::EncryptedVolumeType", "OS::Glance::Image", "OS::Swift::Container",
	"AWS::EC2::Instance", "AWS::EC2::EIP", "AWS::EC2::EIPAssociation", "AWS::EC2::Volume",
	"AWS::EC2::VolumeAttachment", "AWS::EC2::VPC", "AWS::EC2::Subnet", "AWS::EC2::NetworkInterface",
	"AWS::CloudFormation::WaitCondition", "AWS::CloudFormation::WaitConditionHandle", "AWS::CloudFormation::Stack",
	"AWS::AutoScaling::AutoScalingGroup", "AWS::AutoScaling::LaunchConfiguration", "AWS::AutoScaling::ScalingPolicy",
	"AWS::IAM::User", "AWS::IAM::AccessKey", "AWS::S3::Bucket",
}

// knownType reports whether Heat knows a resource type: a modelled or
// other Heat type, a template resource (a file name), or a type the
// environment's resource_registry maps (an environment given as the text
// of its file maps the types it names).
func knownType(t string, env any) bool {
	if _, ok := creators()[t]; ok || slices.Contains(otherTypes, t) {
		return true
	}
	for _, ext := range []string{".yaml", ".yml", ".template", ".json"} {
		if strings.HasSuffix(t, ext) {
			return true
		}
	}
	switch e := Normalize(env).(type) {
	case string:
		return t != "" && strings.Contains(e, t)
	case *Map:
		registry, _ := e.Value("resource_registry").(*Map)
		return hasKey(registry, t)
	}
	return false
}

func (c *Cloud) createResource(st *Stack, name, typ string, props *Map) error {
	if msg := c.faults.quota(typ, name); msg != "" {
		return failf("%s", msg)
	}
	r := &Resource{Name: name, Type: typ, ID: c.newID(true), Props: props, Attrs: NewMap(), Status: "CREATE_COMPLETE"}
	if create := creators()[typ]; create != nil {
		if err := create(c, st, r); err != nil {
			return err
		}
	}
	st.Resources = append(st.Resources, r)
	return nil
}

func (c *Cloud) updateResource(st *Stack, r *Resource, props *Map) {
	r.Props = props
	switch r.Type {
	case "OS::Heat::SoftwareConfig", "OS::Heat::CloudConfig", "OS::Heat::StructuredConfig", "OS::Heat::MultipartMime":
		r.Attrs.Set("config", configOf(r.Type, props))
	case "OS::Nova::Server":
		if srv := c.server(r.ID); srv != nil {
			c.connectServer(srv, props, false)
		}
	}
}

// release deletes a resource and what it made in the cloud.
func (c *Cloud) release(st *Stack, name string) {
	r := st.removeResource(name)
	if r == nil {
		return
	}
	switch r.Type {
	case "OS::Neutron::Net":
		c.st.Networks = removeID(c.st.Networks, r.ID)
	case "OS::Neutron::Subnet":
		c.st.Subnets = removeID(c.st.Subnets, r.ID)
		if net := byID(c.st.Networks, str(r.Attrs.Value("network_id"))); net != nil {
			ids, _ := net.Value("subnets").([]any)
			net.Set("subnets", slices.DeleteFunc(slices.Clone(ids), func(v any) bool { return v == r.ID }))
		}
	case "OS::Neutron::Port", "OS::Neutron::RouterInterface":
		c.st.Ports = removeID(c.st.Ports, r.ID)
	case "OS::Neutron::FloatingIP":
		c.st.FloatingIPs = removeID(c.st.FloatingIPs, r.ID)
	case "OS::Nova::Server":
		srv := c.server(r.ID)
		for _, p := range c.st.Ports {
			if str(p.Value("device_id")) == r.ID {
				p.Set("device_id", "")
				p.Set("device_owner", "")
			}
		}
		if srv != nil {
			for _, pid := range srv.ImplicitPorts {
				c.st.Ports = removeID(c.st.Ports, pid)
			}
			c.dropServer(srv)
		}
	case "OS::Cinder::Volume":
		c.st.Volumes = removeID(c.st.Volumes, r.ID)
	case "OS::Cinder::VolumeAttachment":
		if vol := byID(c.st.Volumes, str(r.Props.Value("volume_id"))); vol != nil {
			atts, _ := vol.Value("attachments").([]any)
			vol.Set("attachments", slices.DeleteFunc(slices.Clone(atts), func(a any) bool {
				m, _ := a.(*Map)
				return str(m.Value("attachment_id")) == r.ID
			}))
		}
	}
}

// generatedName is the name Heat gives a resource without one.
func generatedName(st *Stack, name, id string) string {
	return fmt.Sprintf("%s-%s-%s", st.Name, name, id[:12])
}

// ref returns the first of the properties that is set, as a string.
func ref(props *Map, keys ...string) string {
	for _, k := range keys {
		if v := props.Value(k); !isFalsy(v) {
			return pyStr(v)
		}
	}
	return ""
}

func (c *Cloud) createNet(st *Stack, r *Resource) error {
	name := ref(r.Props, "name")
	if name == "" {
		name = generatedName(st, r.Name, r.ID)
	}
	up := true
	if v, ok := r.Props.Get("admin_state_up"); ok {
		up = !isFalsy(v)
	}
	c.st.Networks = append(c.st.Networks, NewMap("id", r.ID, "name", name, "router:external", false,
		"tenant_id", c.catalog.Project.ID, "project_id", c.catalog.Project.ID, "status", "ACTIVE",
		"admin_state_up", up, "shared", !isFalsy(r.Props.Value("shared")), "subnets", []any{}))
	r.Attrs = NewMap("name", name, "status", "ACTIVE", "subnets", []any{}, "admin_state_up", true,
		"tenant_id", c.catalog.Project.ID)
	return nil
}

func (c *Cloud) createSubnet(st *Stack, r *Resource) error {
	netRef := ref(r.Props, "network", "network_id")
	net := c.network(netRef)
	if net == nil {
		return failf("NotFound: resources.%s: Unable to find network with name or id '%s'", r.Name, netRef)
	}
	cidr := r.Props.Value("cidr")
	if isFalsy(cidr) {
		return failf("BadRequest: resources.%s: Bad subnets request: a subnetpool must be specified in the absence of a cidr.", r.Name)
	}
	if _, err := netip.ParsePrefix(pyStr(cidr)); err != nil {
		if _, err := netip.ParseAddr(pyStr(cidr)); err != nil {
			return failf("BadRequest: resources.%s: Invalid input for cidr. Reason: '%s' is not a valid IP subnet.", r.Name, pyStr(cidr))
		}
		cidr = pyStr(cidr) + "/32"
	}
	name := ref(r.Props, "name")
	if name == "" {
		name = generatedName(st, r.Name, r.ID)
	}
	dhcp := true
	if v, ok := r.Props.Get("enable_dhcp"); ok {
		dhcp = !isFalsy(v)
	}
	version := int64(4)
	if v, ok := r.Props.Value("ip_version").(int64); ok {
		version = v
	}
	dns, _ := r.Props.Value("dns_nameservers").([]any)
	sn, err := c.addSubnet(r.ID, name, str(net.Value("id")), pyStr(cidr), dns, dhcp, version, ref(r.Props, "gateway_ip"))
	if err != nil {
		return failf("BadRequest: resources.%s: Invalid input for cidr. Reason: '%s' is not a valid IP subnet.", r.Name, pyStr(cidr))
	}
	ids, _ := net.Value("subnets").([]any)
	net.Set("subnets", append(slices.Clone(ids), r.ID))
	r.Attrs = NewMap("cidr", sn.Value("cidr"), "gateway_ip", sn.Value("gateway_ip"), "network_id", net.Value("id"),
		"name", sn.Value("name"), "ip_version", sn.Value("ip_version"), "allocation_pools", clone(sn.Value("allocation_pools")),
		"dns_nameservers", clone(sn.Value("dns_nameservers")), "enable_dhcp", sn.Value("enable_dhcp"))
	return nil
}

func (c *Cloud) createRouterInterface(st *Stack, r *Resource) error {
	router := ref(r.Props, "router", "router_id")
	if byID(c.st.Routers, router) == nil {
		// Heat finds a router by name too.
		var named []*Map
		for _, rt := range c.st.Routers {
			if str(rt.Value("name")) == router {
				named = append(named, rt)
			}
		}
		if len(named) != 1 {
			return failf("NotFound: resources.%s: Router %s could not be found", r.Name, router)
		}
		router = str(named[0].Value("id"))
	}
	subnetRef := ref(r.Props, "subnet", "subnet_id")
	sn := c.subnet(subnetRef)
	if sn == nil {
		return failf("NotFound: resources.%s: Unable to find subnet with name or id '%s'", r.Name, subnetRef)
	}
	c.addPort(r.ID, str(sn.Value("network_id")), str(sn.Value("id")), str(sn.Value("gateway_ip")), router,
		"network:router_interface", nil)
	return nil
}

func (c *Cloud) createPort(st *Stack, r *Resource) error {
	netRef := ref(r.Props, "network", "network_id")
	net := c.network(netRef)
	if net == nil {
		return failf("NotFound: resources.%s: Unable to find network with name or id '%s'", r.Name, netRef)
	}
	subnets := c.subnetsOf(net)
	requests := asList(r.Props.Value("fixed_ips"))
	if isFalsy(r.Props.Value("fixed_ips")) {
		requests = []any{NewMap()}
	}
	fixed := []any{}
	for _, req := range requests {
		m, _ := req.(*Map)
		subnetRef := ref(m, "subnet", "subnet_id")
		var cands []*Map
		if subnetRef != "" {
			for _, s := range subnets {
				if str(s.Value("id")) == subnetRef || str(s.Value("name")) == subnetRef {
					cands = append(cands, s)
				}
			}
			if len(cands) == 0 {
				return failf("NotFound: resources.%s: Unable to find subnet with name or id '%s'", r.Name, subnetRef)
			}
		} else if len(subnets) > 0 {
			cands = subnets[:1]
		}
		if len(cands) == 0 {
			continue
		}
		ip := ref(m, "ip_address")
		if ip == "" {
			var err error
			if ip, err = c.allocIP(cands[0]); err != nil {
				return failf("%v", err)
			}
		}
		fixed = append(fixed, NewMap("subnet_id", cands[0].Value("id"), "ip_address", ip))
	}
	groups := r.Props.Value("security_groups")
	if isFalsy(groups) {
		groups = []any{}
	}
	pairs := r.Props.Value("allowed_address_pairs")
	if isFalsy(pairs) {
		pairs = []any{}
	}
	port := c.addPort(r.ID, str(net.Value("id")), "", "", "", "", NewMap("name", nonEmpty(r.Props.Value("name")),
		"security_groups", groups, "allowed_address_pairs", pairs))
	port.Set("fixed_ips", fixed)
	r.Attrs = NewMap("fixed_ips", clone(fixed), "mac_address", port.Value("mac_address"), "network_id", net.Value("id"),
		"name", port.Value("name"), "status", "ACTIVE", "device_id", "", "device_owner", "",
		"allowed_address_pairs", pairs, "security_groups", groups)
	return nil
}

// nonEmpty is Python's "v or ”".
func nonEmpty(v any) any {
	if isFalsy(v) {
		return ""
	}
	return v
}

func (c *Cloud) createFloatingIP(st *Stack, r *Resource) error {
	netRef := ref(r.Props, "floating_network", "floating_network_id")
	net := c.network(netRef)
	if net == nil || net.Value("router:external") != true {
		return failf("NotFound: resources.%s: Unable to find network with name or id '%s'", r.Name, netRef)
	}
	subnets := c.subnetsOf(net)
	if len(subnets) == 0 {
		return failf("BadRequest: resources.%s: Bad floatingip request: Network %s does not contain any IPv4 subnet.", r.Name, net.Value("id"))
	}
	ip, err := c.allocIP(subnets[0])
	if err != nil {
		return failf("%v", err)
	}
	portID := r.Props.Value("port_id")
	var fixed, router any
	if !isFalsy(portID) {
		port := c.port(pyStr(portID))
		if port == nil {
			return failf("NotFound: resources.%s: Port %s could not be found.", r.Name, pyStr(portID))
		}
		if ips, _ := port.Value("fixed_ips").([]any); len(ips) > 0 {
			fixed = ips[0].(*Map).Value("ip_address")
		}
		router = c.catalog.Router.ID
	}
	c.st.FloatingIPs = append(c.st.FloatingIPs, NewMap("id", r.ID, "floating_ip_address", ip,
		"floating_network_id", net.Value("id"), "port_id", portID, "fixed_ip_address", fixed, "router_id", router,
		"status", "ACTIVE", "tenant_id", c.catalog.Project.ID))
	r.Attrs = NewMap("floating_ip_address", ip, "port_id", portID, "floating_network_id", net.Value("id"),
		"fixed_ip_address", fixed)
	return nil
}

func (c *Cloud) createNovaFloatingIP(st *Stack, r *Resource) error {
	var ext *Map
	for _, n := range c.st.Networks {
		if n.Value("router:external") == true {
			ext = n
			break
		}
	}
	var subnets []*Map
	if ext != nil {
		subnets = c.subnetsOf(ext)
	}
	if len(subnets) == 0 {
		return failf("NotFound: resources.%s: no floating IP pool", r.Name)
	}
	ip, err := c.allocIP(subnets[0])
	if err != nil {
		return failf("%v", err)
	}
	pool := r.Props.Value("pool")
	if isFalsy(pool) {
		pool = ext.Value("name")
	}
	r.Attrs = NewMap("ip", ip, "pool", pool)
	return nil
}

func (c *Cloud) createSecurityGroup(st *Stack, r *Resource) error {
	rules := r.Props.Value("rules")
	if isFalsy(rules) {
		rules = []any{}
	}
	name := r.Props.Value("name")
	if isFalsy(name) {
		name = r.Name
	}
	r.Attrs = NewMap("rules", rules, "name", name)
	return nil
}

func (c *Cloud) createEC2SecurityGroup(st *Stack, r *Resource) error {
	r.Attrs = NewMap("GroupId", r.ID)
	return nil
}

// configOf returns what a software config resource holds.
func configOf(typ string, props *Map) any {
	switch typ {
	case "OS::Heat::CloudConfig":
		return props.Value("cloud_config")
	case "OS::Heat::MultipartMime":
		return props.Value("parts")
	}
	return props.Value("config")
}

func (c *Cloud) createConfig(st *Stack, r *Resource) error {
	r.Attrs = NewMap("config", configOf(r.Type, r.Props))
	return nil
}

func (c *Cloud) createDeployment(st *Stack, r *Resource) error {
	r.Attrs = NewMap("deploy_stdout", nil, "deploy_stderr", nil, "deploy_status_code", int64(0))
	return nil
}

func (c *Cloud) createVolume(st *Stack, r *Resource) error {
	name, size := r.Props.Value("name"), r.Props.Value("size")
	c.st.Volumes = append(c.st.Volumes, NewMap("id", r.ID, "name", name, "size", size, "status", "available",
		"attachments", []any{}))
	r.Attrs = NewMap("attachments_list", []any{}, "size", size, "status", "available", "display_name", name)
	return nil
}

func (c *Cloud) createVolumeAttachment(st *Stack, r *Resource) error {
	volID := pyStr(r.Props.Value("volume_id"))
	vol := byID(c.st.Volumes, volID)
	if vol == nil {
		return failf("NotFound: resources.%s: Volume %s could not be found.", r.Name, volID)
	}
	server := pyStr(r.Props.Value("instance_uuid"))
	if c.server(server) == nil {
		return failf("NotFound: resources.%s: Instance %s could not be found.", r.Name, server)
	}
	atts, _ := vol.Value("attachments").([]any)
	vol.Set("attachments", append(slices.Clone(atts), NewMap("server_id", server, "attachment_id", r.ID,
		"device", r.Props.Value("mountpoint"), "volume_id", vol.Value("id"))))
	return nil
}

// refreshVolumes copies every volume's attachments to its resources.
func (c *Cloud) refreshVolumes() {
	for _, st := range c.st.Stacks {
		for _, r := range st.Resources {
			if r.Type != "OS::Cinder::Volume" {
				continue
			}
			if vol := byID(c.st.Volumes, r.ID); vol != nil {
				atts, _ := vol.Value("attachments").([]any)
				r.Attrs.Set("attachments_list", clone(orEmpty(atts)))
				status := "available"
				if len(atts) > 0 {
					status = "in-use"
				}
				r.Attrs.Set("status", status)
			}
		}
	}
}
