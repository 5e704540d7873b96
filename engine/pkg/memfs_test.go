package pkg

import (
	"testing"
	"testing/fstest"
)

func TestMemFS(t *testing.T) {
	fsys := MemFS(map[string][]byte{
		"manifest.yaml":        []byte("Format: 1.4\n"),
		"Classes/App.yaml":     []byte("Name: App\n"),
		"Classes/sub/B.yaml":   []byte("Name: B\n"),
		"Resources/x.template": nil,
	})
	if err := fstest.TestFS(fsys, "manifest.yaml", "Classes/App.yaml", "Classes/sub/B.yaml", "Resources/x.template"); err != nil {
		t.Fatal(err)
	}
	if _, err := fsys.Open("../x"); err == nil {
		t.Error("Open(../x) succeeded")
	}
	if _, err := fsys.Open("Classes/none.yaml"); err == nil {
		t.Error("Open of a missing file succeeded")
	}
}
