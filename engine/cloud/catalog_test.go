package cloud

import "testing"

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
