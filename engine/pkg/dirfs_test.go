package pkg

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDirFSSymlinks(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "Secret.yaml")
	if err := os.WriteFile(secret, []byte("Name: com.ex.App\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "Classes"), 0o755)
	os.WriteFile(filepath.Join(dir, "manifest.yaml"), []byte(zipManifest[:len(zipManifest)-len("Classes: {com.ex.App: App.yaml}\n")]+
		"Classes: {com.ex.App: App.yaml, com.ex.Inside: Inside.yaml, com.ex.Secret: Secret.yaml, com.ex.Up: Up.yaml}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "Classes", "Real.yaml"), []byte("Name: com.ex.Inside\n"), 0o644)
	links := map[string]string{"App.yaml": secret, "Inside.yaml": "Real.yaml", "Secret.yaml": "../../" + filepath.Base(outside) + "/Secret.yaml", "Up.yaml": "../Classes/../../x"}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, "Classes", name)); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	fsys, err := DirFS(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Open(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if f, err := p.ClassFile("com.ex.Inside"); err != nil || f == nil {
		t.Errorf("a link inside the folder: %v, %v", f, err)
	}
	for _, class := range []string{"com.ex.App", "com.ex.Secret", "com.ex.Up"} {
		f, err := p.ClassFile(class)
		if err == nil || !strings.Contains(err.Error(), "PackageClassLoadError") || !strings.Contains(err.Error(), "path escapes from parent") {
			t.Errorf("%s, a link out of the folder: %v, %v", class, f, err)
		}
	}
	if _, err := DirFS(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing folder opened")
	}
}
