// This file defines the catalog: what exists in the cloud before anything
// is deployed, the same lists the forms offer and the cloud serves.

package cloud

// Catalog is what the cloud holds, in the order its APIs list it.
type Catalog struct {
	Region         string
	Project        Project
	User           User
	Flavors        []Flavor
	Images         []Image
	Keypairs       []string
	Zones          []Zone
	Networks       []Network
	SecurityGroups []string
	Volumes        []Volume
	Snapshots      []Volume
	// Router is the default router murano finds by name.
	Router Router
	// Extensions are the aliases of the Neutron extensions.
	Extensions []string
	// Environments are the names of the Murano environments.
	Environments []string
}

// Flavor is a Nova flavor: RAM in MB, disk in GB.
type Flavor struct {
	ID, Name         string
	VCPUs, RAM, Disk int
}

// Image is a Glance image. MuranoType and MuranoTitle come from its
// murano_image_info metadata; HasMurano is false for images without it.
// ImageType is Glance's image_type property ("snapshot" for snapshots).
// Agent tells whether the murano agent is installed on it.
type Image struct {
	ID, Name, Status        string
	HasMurano               bool
	MuranoType, MuranoTitle string
	ImageType               string
	Agent                   bool
}

// Project is the Keystone project the environment belongs to.
type Project struct {
	ID, Name, Domain, Description string
}

// User is the Keystone user that owns the environment.
type User struct {
	ID, Name, Domain, Email string
}

// Router is a Neutron router: its gateway on an external network and its
// interfaces on subnets (by subnet id).
type Router struct {
	ID, Name        string
	ExternalNetwork string
	Interfaces      []string
}

// Zone is an availability zone.
type Zone struct {
	Name      string
	Available bool
}

// Network is a Neutron network with its subnets.
type Network struct {
	ID, Name string
	External bool
	Subnets  []Subnet
}

// Subnet is a subnet of a network.
type Subnet struct {
	ID, Name, CIDR string
}

// Volume is a Cinder volume or volume snapshot; Size in GB.
type Volume struct {
	ID, Name string
	Size     int
}

// Flavor returns the flavor with the id.
func (c *Catalog) Flavor(id string) (Flavor, bool) {
	for _, f := range c.Flavors {
		if f.ID == id {
			return f, true
		}
	}
	return Flavor{}, false
}

// FlavorByName returns the flavor with the name.
func (c *Catalog) FlavorByName(name string) (Flavor, bool) {
	for _, f := range c.Flavors {
		if f.Name == name {
			return f, true
		}
	}
	return Flavor{}, false
}

// Image returns the image with the id or the name.
func (c *Catalog) Image(ref string) (Image, bool) {
	for _, im := range c.Images {
		if im.ID == ref || im.Name == ref {
			return im, true
		}
	}
	return Image{}, false
}

// Zone returns the availability zone with the name.
func (c *Catalog) Zone(name string) (Zone, bool) {
	for _, z := range c.Zones {
		if z.Name == name {
			return z, true
		}
	}
	return Zone{}, false
}

// DefaultCatalog returns the playground's cloud: the fake lists the
// Dynamic UI oracle stubs the dashboard with and the deploy oracle's
// cloud holds, so that goldens agree.
func DefaultCatalog() *Catalog {
	return &Catalog{
		Region:  "RegionOne",
		Project: Project{ID: "proj-1", Name: "demo", Domain: "default", Description: "Simulated project"},
		User:    User{ID: "user-1", Name: "demo", Domain: "default", Email: "demo@example.com"},
		Flavors: []Flavor{
			{"1", "m1.tiny", 1, 512, 1},
			{"2", "m1.small", 1, 2048, 20},
			{"3", "m1.medium", 2, 4096, 40},
			{"4", "m1.large", 4, 8192, 80},
			{"5", "m1.xlarge", 8, 16384, 160},
		},
		Images: []Image{
			{ID: "img-ubuntu", Name: "ubuntu-16.04", Status: "active", HasMurano: true, Agent: true, MuranoTitle: "Ubuntu 16.04 (murano agent)", MuranoType: "linux"},
			{ID: "img-debian", Name: "debian-9", Status: "active", HasMurano: true, Agent: true, MuranoTitle: "Debian 9", MuranoType: "linux.debian"},
			{ID: "img-centos", Name: "centos-7", Status: "queued", HasMurano: true, Agent: true, MuranoTitle: "CentOS 7", MuranoType: "linux"},
			{ID: "img-windows", Name: "ws2012", Status: "active", HasMurano: true, Agent: true, MuranoTitle: "Windows Server 2012", MuranoType: "windows.2012"},
			{ID: "img-cirros", Name: "cirros", Status: "active"},
			{ID: "img-snap", Name: "ubuntu-snap", Status: "active", HasMurano: true, Agent: true, MuranoTitle: "Snapshot", MuranoType: "linux", ImageType: "snapshot"},
		},
		Keypairs: []string{"demo-key"},
		Zones:    []Zone{{"nova", true}, {"broken-az", false}},
		Networks: []Network{
			{ID: "net-private", Name: "private", Subnets: []Subnet{{"subnet-private", "private-subnet", "10.0.0.0/24"}}},
			{ID: "net-multi", Name: "multi", Subnets: []Subnet{{"subnet-a", "sub-a", "10.1.0.0/24"}, {"subnet-b", "sub-b", "10.1.1.0/24"}}},
			{ID: "net-murano", Name: "quick-env-1-network-5f2c", Subnets: []Subnet{{"subnet-murano", "quick-env-1-subnet-5f2c", "10.2.0.0/24"}}},
			{ID: "net-public", Name: "public", External: true, Subnets: []Subnet{{"subnet-public", "public-subnet", "172.24.4.0/24"}}},
		},
		SecurityGroups: []string{"default", "web", "murano--quick-env-1-sg"},
		Volumes:        []Volume{{"vol-1", "data-volume", 10}},
		Snapshots:      []Volume{{ID: "snap-1", Name: "data-snapshot"}},
		Environments:   []string{"quick-env-1"},
		Router: Router{ID: "router-default", Name: "murano-default-router", ExternalNetwork: "net-public",
			Interfaces: []string{"subnet-private", "subnet-a", "subnet-b", "subnet-murano"}},
		Extensions: []string{"router", "external-net", "security-group", "port-security", "allowed-address-pairs", "quotas"},
	}
}
