package cloud

import (
	"slices"
	"testing"
)

// The oracle's stub lists (oracle/dynui/README.md).
func TestDefaultCatalogMatchesTheOracleStubs(t *testing.T) {
	c := DefaultCatalog()
	if c.Region != "RegionOne" || len(c.Flavors) != 5 || len(c.Images) != 6 || len(c.Networks) != 4 {
		t.Fatalf("unexpected catalog sizes: %+v", c)
	}
	f, ok := c.Flavor("3")
	if !ok || f.Name != "m1.medium" || f.VCPUs != 2 || f.RAM != 4096 || f.Disk != 40 {
		t.Errorf("flavor 3 = %+v", f)
	}
	if f, ok := c.FlavorByName("m1.xlarge"); !ok || f.ID != "5" || f.RAM != 16384 {
		t.Errorf("m1.xlarge = %+v", f)
	}
	if _, ok := c.Flavor("9"); ok {
		t.Error("flavor 9 exists")
	}
	if c.Images[2].Status != "queued" || c.Images[4].HasMurano || c.Images[5].ImageType != "snapshot" {
		t.Errorf("images = %+v", c.Images)
	}
	if !c.Networks[3].External || len(c.Networks[1].Subnets) != 2 {
		t.Errorf("networks = %+v", c.Networks)
	}
}

// The deploy oracle's cloud (its README, "The simulated cloud"): the same
// catalog serves the forms and the simulated cloud.
func TestDefaultCatalogMatchesTheDeployOracle(t *testing.T) {
	c := DefaultCatalog()
	if c.Project.ID != "proj-1" || c.Project.Name != "demo" || c.Project.Domain != "default" || c.User.ID != "user-1" {
		t.Errorf("project/user = %+v %+v", c.Project, c.User)
	}
	for ref, want := range map[string]struct {
		id, status string
		agent      bool
	}{
		"img-ubuntu": {"img-ubuntu", "active", true}, "centos-7": {"img-centos", "queued", true},
		"cirros": {"img-cirros", "active", false}, "ws2012": {"img-windows", "active", true},
	} {
		if im, ok := c.Image(ref); !ok || im.ID != want.id || im.Status != want.status || im.Agent != want.agent {
			t.Errorf("image %s = %+v", ref, im)
		}
	}
	if z, ok := c.Zone("broken-az"); !ok || z.Available {
		t.Errorf("broken-az = %+v", z)
	}
	if r := c.Router; r.ID != "router-default" || r.Name != "murano-default-router" || r.ExternalNetwork != "net-public" || len(r.Interfaces) != 4 {
		t.Errorf("router = %+v", r)
	}
	want := []string{"router", "external-net", "security-group", "port-security", "allowed-address-pairs", "quotas"}
	if !slices.Equal(c.Extensions, want) {
		t.Errorf("extensions = %v", c.Extensions)
	}
	if c.Volumes[0] != (Volume{"vol-1", "data-volume", 10}) || !slices.Equal(c.Keypairs, []string{"demo-key"}) {
		t.Errorf("volumes %v keypairs %v", c.Volumes, c.Keypairs)
	}
}
