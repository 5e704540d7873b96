package pkg

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/enginetest"
)

const coreManifest = "Format: 1.4\nType: Library\nFullName: io.murano\nClasses: {io.murano.Object: Object.yaml}\n"

// writeFiles writes name, content pairs under dir.
func writeFiles(t *testing.T, dir string, pairs ...string) {
	t.Helper()
	for i := 0; i+1 < len(pairs); i += 2 {
		name := filepath.Join(dir, pairs[i])
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(pairs[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// isolate points every place LocateCoreLibrary looks at into t's temporary
// folders and returns the user's cache folder.
func isolate(t *testing.T) string {
	t.Helper()
	cache := t.TempDir()
	t.Setenv("MURANO_CORE_LIBRARY", "")
	t.Setenv("XDG_CACHE_HOME", cache)
	saved := systemCoreLibrary
	systemCoreLibrary = filepath.Join(t.TempDir(), "absent", "io.murano.zip")
	t.Cleanup(func() { systemCoreLibrary = saved })
	return cache
}

// fullName opens what LocateCoreLibrary returned and returns its FullName.
func fullName(t *testing.T, fsys fs.FS) string {
	t.Helper()
	p, err := Open(fsys)
	if err != nil {
		t.Fatal(err)
	}
	return p.Name()
}

func TestLocateCoreLibraryEnv(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	writeFiles(t, dir, "folder/manifest.yaml", coreManifest)
	zipFile := filepath.Join(dir, "io.murano.zip")
	if err := os.WriteFile(zipFile, archive(t, entry{name: "manifest.yaml", data: coreManifest}), 0o644); err != nil {
		t.Fatal(err)
	}
	deb := filepath.Join(dir, "deb", "usr", "share", "murano-common", "io.murano.zip")
	writeFiles(t, dir, "deb/usr/share/murano-common/io.murano.zip", "")
	if err := os.WriteFile(deb, archive(t, entry{name: "manifest.yaml", data: coreManifest}), 0o644); err != nil {
		t.Fatal(err)
	}
	for env, where := range map[string]string{
		filepath.Join(dir, "folder"): filepath.Join(dir, "folder"),
		zipFile:                      zipFile,
		filepath.Join(dir, "deb"):    deb,
	} {
		t.Setenv("MURANO_CORE_LIBRARY", env)
		fsys, got, err := LocateCoreLibrary()
		if err != nil || got != where || fullName(t, fsys) != "io.murano" {
			t.Errorf("MURANO_CORE_LIBRARY=%s: found %q, %v; want %s", env, got, err, where)
		}
	}
	t.Setenv("MURANO_CORE_LIBRARY", filepath.Join(dir, "nothing"))
	if _, _, err := LocateCoreLibrary(); err == nil || !strings.HasPrefix(err.Error(), "MURANO_CORE_LIBRARY="+filepath.Join(dir, "nothing")+": ") {
		t.Errorf("MURANO_CORE_LIBRARY of nothing: error = %v", err)
	}
}

func TestLocateCoreLibraryCache(t *testing.T) {
	cache := isolate(t)
	zipFile := filepath.Join(cache, "murano-playground", "io.murano.zip")
	if got, err := CoreLibraryCache(); err != nil || got != zipFile {
		t.Errorf("CoreLibraryCache() = %q, %v; want %s", got, err, zipFile)
	}
	_, _, err := LocateCoreLibrary()
	if err == nil || !strings.Contains(err.Error(), "`go run ./scripts corelib`") ||
		!strings.Contains(err.Error(), "MURANO_CORE_LIBRARY") || !strings.Contains(err.Error(), zipFile) {
		t.Errorf("nothing anywhere: error = %v", err)
	}

	writeFiles(t, cache, "murano-playground/io.murano.zip", "")
	if err := os.WriteFile(zipFile, archive(t, entry{name: "manifest.yaml", data: coreManifest}), 0o644); err != nil {
		t.Fatal(err)
	}
	if fsys, where, err := LocateCoreLibrary(); err != nil || where != zipFile || fullName(t, fsys) != "io.murano" {
		t.Errorf("cached zip: found %q, %v; want %s", where, err, zipFile)
	}

	if err := os.WriteFile(zipFile, []byte("not a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := LocateCoreLibrary(); err == nil || strings.Contains(err.Error(), "not found") {
		t.Errorf("a broken cached zip: error = %v, want the zip's error", err)
	}
}

// The real core library (Debian murano-common's io.murano.zip, found by
// LocateCoreLibrary): it opens as a package, and every class of its
// manifest decodes without error, also when its Classes folder is loaded
// as murano's test foundation loads it.
func TestCoreLibrary(t *testing.T) {
	fsys, where, err := LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	p, err := Open(fsys)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if p.Name() != "io.murano" || p.Runtime() != decl.V1_4 || p.Version() != "0.0.0" || p.Manifest.Type != "Library" {
		t.Errorf("%s: %s/%s runtime %s type %s, want io.murano/0.0.0 runtime 1.4 Library",
			where, p.Name(), p.Version(), p.Runtime(), p.Manifest.Type)
	}
	names := p.ClassNames()
	if len(names) < 59 {
		t.Errorf("%s has %d classes, want the 59 of murano-common 14.0.0 or more", where, len(names))
	}
	files := map[*decl.File]bool{}
	for _, name := range names {
		f, err := p.ClassFile(name)
		if err != nil || f == nil {
			t.Errorf("%s: ClassFile(%s) = %v, %v", where, name, f, err)
			continue
		}
		files[f] = true
	}
	t.Logf("%s: %d classes in %d files", where, len(names), len(files))

	classes, err := fs.Sub(fsys, "Classes")
	if err != nil {
		t.Fatal(err)
	}
	folder, err := ClassFolder("io.murano", classes, decl.V1_0)
	if err != nil {
		t.Fatalf("%s/Classes as a class folder: %v", where, err)
	}
	for _, name := range names {
		if f, err := folder.ClassFile(name); err != nil || f == nil {
			t.Errorf("%s/Classes as a class folder: ClassFile(%s) = %v, %v", where, name, f, err)
		}
	}
}
