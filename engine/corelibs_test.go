package engine

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/corelib/apps"
	"murano.dev/playground/engine/pkg"
)

// The archive the site gives the WebAssembly engine holds both libraries
// as they are embedded here, and gives them back.
func TestProvideCoreLibraries(t *testing.T) {
	t.Cleanup(func() {
		corelib.Provide(nil)
		apps.Provide(nil)
	})
	var archive bytes.Buffer
	if err := CoreLibrariesArchive(&archive); err != nil {
		t.Fatal(err)
	}
	embedded, _ := fs.ReadFile(corelib.FS(), "Classes/Environment.yaml")
	if err := ProvideCoreLibraries(archive.Bytes()); err != nil {
		t.Fatal(err)
	}
	given, err := fs.ReadFile(OwnCoreLibrary(), "Classes/Environment.yaml")
	if err != nil || len(given) == 0 || !bytes.Equal(given, embedded) {
		t.Errorf("io.murano's Environment.yaml as given: %d bytes, %v; embedded: %d bytes", len(given), err, len(embedded))
	}
	if _, err := fs.Stat(OwnApplicationsLibrary(), "manifest.yaml"); err != nil {
		t.Errorf("io.murano.applications as given: %v", err)
	}
	var one bytes.Buffer
	pkg.ExportFolders(&one, map[string]fs.FS{corelib.Name: corelib.FS()})
	for _, tt := range []struct {
		archive []byte
		want    string
	}{
		{[]byte("not a zip"), "the core libraries:"},
		{one.Bytes(), "the core libraries: io.murano.applications"},
	} {
		if err := ProvideCoreLibraries(tt.archive); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ProvideCoreLibraries: %v, want %q", err, tt.want)
		}
	}
}
