package pkg

import (
	"strings"
	"testing"
	"testing/fstest"
)

// Expected values are facts from the reference (murano 14.0.0,
// load_from_dir then the logo / supplier_logo / supplier properties on
// the same files); its missing-file message names the absolute path
// where this one names the package path.
func TestLogosAndManifestFields(t *testing.T) {
	big := "\x89PNG\r\n\x1a\n" + strings.Repeat("\x00", 600000)
	p, err := Open(fstest.MapFS{
		"manifest.yaml":   {Data: []byte("FullName: a.b\nType: Library\nLogo: nope.png\nSupplier:\n  Name: S\n  Logo: sup.txt\nMeta: {x: 1}\nUI: f.yaml\n")},
		"sup.txt":         {Data: []byte("hello\n")},
		"Resources/r.txt": {Data: []byte("r")},
		"images.lst":      {Data: []byte("Images: []\n")},
	})
	if err != nil {
		t.Fatal(err)
	}
	m := p.Manifest
	if m.Supplier["Name"] != "S" || m.Supplier["Logo"] != "sup.txt" || m.SupplierLogo != "sup.txt" || m.Logo != "nope.png" || m.UI != "f.yaml" {
		t.Errorf("manifest = %+v", m)
	}
	if meta, ok := m.Meta.(map[string]any); !ok || meta["x"] != 1 {
		t.Errorf("Meta = %#v", m.Meta)
	}
	if _, err := p.Logo(); err == nil || !strings.Contains(err.Error(), "manifest.yaml:3:7: PackageLoadError: Unable to load logo: [Errno 2] No such file or directory: 'nope.png'") {
		t.Errorf("logo: %v", err)
	}
	if _, err := p.SupplierLogo(); err == nil || !strings.Contains(err.Error(), "manifest.yaml:6:9: PackageLoadError: Unable to load supplier logo: supplier logo: Unsupported Format. Only png, jpeg, gif allowed") {
		t.Errorf("supplier logo: %v", err)
	}
	if !p.HasFile("Resources/") || p.HasFile("Resources/r.txt/") || !p.HasFile("images.lst") || p.HasFile("logo.png") {
		t.Error("HasFile")
	}
	if ui, err := p.UI(); ui != nil || err != nil {
		t.Errorf("UI = %q, %v", ui, err)
	}

	p, err = Open(fstest.MapFS{
		"manifest.yaml":     {Data: []byte("FullName: a.b\nType: Library\n")},
		"logo.png":          {Data: []byte("GIF89a....")},
		"supplier_logo.png": {Data: []byte(big)},
	})
	if err != nil {
		t.Fatal(err)
	}
	if logo, err := p.Logo(); string(logo) != "GIF89a...." || err != nil {
		t.Errorf("logo = %q, %v", logo, err)
	}
	if _, err := p.SupplierLogo(); err == nil || !strings.Contains(err.Error(), "PackageLoadError: Unable to load supplier logo: supplier logo: Uploaded image size 600008 is too large. Max allowed size is 512000") {
		t.Errorf("supplier logo: %v", err)
	}
	if p.Manifest.Supplier != nil || p.Manifest.Meta != nil || p.Manifest.UI != "ui.yaml" {
		t.Errorf("defaults: %+v", p.Manifest)
	}

	// Without logos: nil, no error.
	p, _ = Open(fstest.MapFS{"manifest.yaml": {Data: []byte("FullName: a.b\nType: Library\n")}})
	if l, err := p.Logo(); l != nil || err != nil {
		t.Errorf("no logo: %q, %v", l, err)
	}
	if l, err := p.SupplierLogo(); l != nil || err != nil {
		t.Errorf("no supplier logo: %q, %v", l, err)
	}
}
