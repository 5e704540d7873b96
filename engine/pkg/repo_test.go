package pkg

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os/exec"
	"strings"
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine/enginetest"
)

// repoZip builds a package zip: the manifest for name/version with the
// Require lines, and extra files as path, content pairs.
func repoZip(t *testing.T, name, version string, require []string, extra ...string) *fstest.MapFile {
	t.Helper()
	m := "Format: 1.4\nType: Library\nFullName: " + name + "\nVersion: " + version + "\n"
	if len(require) > 0 {
		m += "Require:\n"
		for _, r := range require {
			m += "  " + r + "\n"
		}
	}
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	files := append([]string{"manifest.yaml", m}, extra...)
	for i := 0; i+1 < len(files); i += 2 {
		f, err := w.Create(files[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(files[i+1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return &fstest.MapFile{Data: buf.Bytes()}
}

func importNames(im *Import) string { return names(im.Packages) }

func TestRepositoryPaths(t *testing.T) {
	for _, c := range []struct{ name, version, want, err string }{
		{"com.ex.App", "", "apps/com.ex.App.zip", ""},
		{"com.ex.App", "1.2.3", "apps/com.ex.App.1.2.3.zip", ""},
		{"io.murano", ">=0.0.3", "apps/io.murano.>=0.0.3.zip", ""}, // verbatim, as the client
		{"a/b", "", "", "Invalid filename path supplied: a/b"},
		{"..", "", "", "Invalid filename path supplied: .."},
		{"a", "../x", "", "Invalid filename path supplied: a"},
	} {
		got, err := PackagePath(c.name, c.version)
		if got != c.want || (err == nil) != (c.err == "") || err != nil && err.Error() != c.err {
			t.Errorf("PackagePath(%q, %q) = %q, %v", c.name, c.version, got, err)
		}
	}
	if got, _ := BundlePath("web"); got != "bundles/web.bundle" {
		t.Errorf("BundlePath = %q", got)
	}
}

func TestParseBundle(t *testing.T) {
	want := []BundleEntry{{Name: "com.example.ApacheHttpServer"}, {Name: "com.example.Nginx"}, {Name: "com.example.Lighttpd", Version: "0.0.1"}}
	jsonBundle := `{"Packages": [{"Name": "com.example.ApacheHttpServer"}, {"Version": "", "Name": "com.example.Nginx"},
	 {"Version": "0.0.1", "Name": "com.example.Lighttpd"}, {"Version": "1"}]}`
	yamlBundle := "Packages:\n- Name: com.example.ApacheHttpServer\n- {Version: '', Name: com.example.Nginx}\n- Name: com.example.Lighttpd\n  Version: 0.0.1\n"
	for _, src := range []string{jsonBundle, yamlBundle} {
		got, err := ParseBundle([]byte(src))
		if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("ParseBundle(%q) = %v, %v", src, got, err)
		}
	}
	for _, bad := range []string{"[]", "Packages: 3", "{", "Packages: [3]"} {
		if _, err := ParseBundle([]byte(bad)); err == nil || err.Error() != "Can't parse bundle contents" {
			t.Errorf("ParseBundle(%q): %v", bad, err)
		}
	}
}

func testRepo(t *testing.T) fstest.MapFS {
	images := "Images:\n- Name: ubuntu.qcow2\n  DiskFormat: qcow2\n  ContainerFormat: bare\n  Meta: {title: Ubuntu}\n" +
		"- Name: cirros\n  Url: http://img.example/cirros.img\n  DiskFormat: raw\n  ContainerFormat: bare\n" +
		"- Name: incomplete\n"
	return fstest.MapFS{
		"apps/io.murano.zip":          repoZip(t, "io.murano", "0.0.0", nil),
		"apps/com.ex.Lib.zip":         repoZip(t, "com.ex.Lib", "2.1", nil),
		"apps/com.ex.Lib.1.5.zip":     repoZip(t, "com.ex.Lib", "1.5", nil),
		"apps/com.ex.Lib.1.0.zip":     repoZip(t, "com.ex.Lib", "1.0", nil),
		"apps/com.ex.LibExtra.zip":    repoZip(t, "com.ex.LibExtra", "1.0", nil),
		"apps/com.ex.Util.zip":        repoZip(t, "com.ex.Util", "1.3", []string{"com.ex.Lib: '<2'"}),
		"apps/com.ex.App.zip":         repoZip(t, "com.ex.App", "1.0", []string{"com.ex.Lib: '>=1'", "com.ex.Util: 1"}, "images.lst", images),
		"apps/com.ex.Bad.zip":         repoZip(t, "com.ex.Bad", "1.0", []string{"com.ex.Lib: '>=2'", "com.ex.Util: 1"}),
		"apps/com.ex.Broken.zip":      {Data: []byte("not a zip")},
		"apps/com.ex.NeedsBroken.zip": repoZip(t, "com.ex.NeedsBroken", "1.0", []string{"com.ex.Broken: 1"}),
		"bundles/web.bundle":          {Data: []byte(`{"Packages": [{"Name": "com.ex.Util"}, {"Name": "com.ex.Lib", "Version": "1.0"}, {"Name": "com.ex.Missing"}]}`)},
		"bundles/bad.bundle":          {Data: []byte("- 1")},
	}
}

func TestRepositoryImportPackage(t *testing.T) {
	repo := NewRepository(testRepo(t))
	im, err := repo.ImportPackage("com.ex.App", "")
	if err != nil {
		t.Fatal(err)
	}
	// One version of Lib satisfies both App and Util: 1.5.
	if got := importNames(im); got != "io.murano/0.0.0 com.ex.Lib/1.5.0 com.ex.Util/1.3.0 com.ex.App/1.0.0" {
		t.Errorf("ImportPackage(App) = %s", got)
	}
	if len(im.Images) != 2 || im.Images[0].URL != "images/ubuntu.qcow2" || im.Images[1].URL != "http://img.example/cirros.img" ||
		im.Images[0].DiskFormat != "qcow2" || fmt.Sprint(im.Images[0].Meta) != "map[title:Ubuntu]" {
		t.Errorf("images: %+v", im.Images)
	}

	// A conflict names both chains.
	_, err = repo.ImportPackage("com.ex.Bad", "")
	want := "com.ex.Bad 1.0.0 requires com.ex.Lib >=2 (chosen 2.1.0) but com.ex.Bad 1.0.0 → com.ex.Util 1.3.0 requires com.ex.Lib <2, and no version satisfies both"
	if err == nil || err.Error() != want {
		t.Errorf("ImportPackage(Bad): %v\nwant %s", err, want)
	}
	// Side by side it imports two versions of Lib.
	side := NewRepository(testRepo(t))
	side.SideBySide = true
	im, err = side.ImportPackage("com.ex.Bad", "")
	if err != nil || importNames(im) != "io.murano/0.0.0 com.ex.Lib/2.1.0 com.ex.Lib/1.5.0 com.ex.Util/1.3.0 com.ex.Bad/1.0.0" {
		t.Errorf("side by side: %v %v", im, err)
	}

	// Versions of the root.
	im, err = repo.ImportPackage("com.ex.Lib", "<1.5")
	if err != nil || importNames(im) != "io.murano/0.0.0 com.ex.Lib/1.0.0" {
		t.Errorf("ImportPackage(Lib <1.5): %v %v", im, err)
	}
	if _, err = repo.ImportPackage("com.ex.Lib", ">=3"); err == nil || err.Error() != "the import requires com.ex.Lib >=3 but only 1.0.0, 1.5.0, 2.1.0 are available" {
		t.Errorf("ImportPackage(Lib >=3): %v", err)
	}
	if _, err = repo.ImportPackage("com.ex.Nope", ""); err == nil || err.Error() != "the import requires com.ex.Nope * but no version of it is available" {
		t.Errorf("ImportPackage(Nope): %v", err)
	}
	if _, err = repo.ImportPackage("../x", ""); err == nil {
		t.Error("ImportPackage(../x): no error")
	}
	// A dependency that does not open is a warning, then unmet.
	_, err = repo.ImportPackage("com.ex.NeedsBroken", "")
	if err == nil || !strings.Contains(err.Error(), "requires com.ex.Broken 1 but no version of it is available") {
		t.Errorf("ImportPackage(NeedsBroken): %v", err)
	}
}

func TestRepositoryImportBundle(t *testing.T) {
	repo := NewRepository(testRepo(t))
	im, err := repo.ImportBundle("web")
	if err != nil {
		t.Fatal(err)
	}
	// The bundle's Lib 1.0 is chosen first and satisfies Util's <2; the
	// missing entry is a warning.
	if got := importNames(im); got != "io.murano/0.0.0 com.ex.Lib/1.0.0 com.ex.Util/1.3.0" {
		t.Errorf("ImportBundle(web) = %s", got)
	}
	if len(im.Warnings) != 1 || !strings.Contains(im.Warnings[0], "com.ex.Missing") {
		t.Errorf("ImportBundle(web) warnings: %q", im.Warnings)
	}
	if _, err := repo.ImportBundle("bad"); err == nil || err.Error() != "Failed to create bundle for 'bad', reason: Can't parse bundle contents" {
		t.Errorf("ImportBundle(bad): %v", err)
	}
	if _, err := repo.ImportBundle("none"); err == nil || !strings.Contains(err.Error(), "Failed to create bundle for 'none'") {
		t.Errorf("ImportBundle(none): %v", err)
	}
}

// A repository behind URLs cannot be listed: a dependency is fetched as
// apps/<FQN>.<spec>.zip, then apps/<FQN>.zip.
func TestFetcherRepository(t *testing.T) {
	files := testRepo(t)
	var fetched []string
	repo := NewFetcherRepository(func(p string) ([]byte, error) {
		fetched = append(fetched, p)
		f, ok := files[p]
		if !ok {
			return nil, fmt.Errorf("GET %s: 404: %w", p, fs.ErrNotExist)
		}
		return f.Data, nil
	})
	_, err := repo.ImportPackage("com.ex.Util", "")
	want := "com.ex.Util 1.3.0 requires com.ex.Lib <2 but only 2.1.0 is available"
	if err == nil || err.Error() != want {
		t.Errorf("fetcher, Util: %v", err)
	}
	if got := strings.Join(fetched, " "); got != "apps/com.ex.Util.zip apps/io.murano.zip apps/com.ex.Lib.<2.zip apps/com.ex.Lib.zip" {
		t.Errorf("fetched %s", got)
	}
	files["apps/com.ex.Pinned.zip"] = repoZip(t, "com.ex.Pinned", "1", []string{"com.ex.Lib: 1.5"})
	im, err := repo.ImportPackage("com.ex.Pinned", "")
	if err != nil || importNames(im) != "io.murano/0.0.0 com.ex.Lib/1.5.0 com.ex.Pinned/1.0.0" {
		t.Errorf("fetcher, Pinned: %v %v", im, err)
	}
	im, err = repo.ImportBundle("web")
	if err != nil || importNames(im) != "io.murano/0.0.0 com.ex.Lib/1.0.0 com.ex.Util/1.3.0" {
		t.Errorf("fetcher, bundle: %v %v", im, err)
	}
}

// The reference's client (python-muranoclient's to_url and
// Bundle.package_specs) on the same inputs, when it is installed.
func TestRepositoryMatchesClient(t *testing.T) {
	const client = "/usr/lib/python3/dist-packages/muranoclient/common/utils.py"
	enginetest.Reference(t, client)
	paths := [][2]string{{"com.ex.App", ""}, {"com.ex.App", "1.2.3"}, {"io.murano", ">=0.0.3"}, {"a/b", ""}, {"..", ""}, {".", ""}}
	bundles := []string{
		`{"Packages": [{"Name": "A"}, {"Version": "", "Name": "B"}, {"Version": "0.0.1", "Name": "C", "Url": "http://x/c.zip"}, {"Version": "1"}]}`,
		`[]`, `{"Packages": 3}`, `{"Packages": [3]}`, `{`,
	}
	in, _ := json.Marshal(map[string]any{"paths": paths, "bundles": bundles})
	script := `
import io, json, sys
from muranoclient.common import utils
data = json.load(sys.stdin)
out = {"paths": [], "bundles": []}
for f, v in data["paths"]:
    try:
        out["paths"].append(utils.to_url(f, base_url="http://h/", version=v, path="apps/", extension=".zip")[len("http://h/"):])
    except Exception as e:
        out["paths"].append("error: " + str(e))
for b in data["bundles"]:
    try:
        specs = list(utils.Bundle.from_file(io.StringIO(b)).package_specs())
        out["bundles"].append([[s.get("Name") or "", s.get("Version") or "", s.get("Url") or ""] for s in specs])
    except Exception as e:
        out["bundles"].append("error")
print(json.dumps(out))
`
	cmd := exec.Command("/usr/bin/python3", "-W", "ignore", "-c", script)
	cmd.Stdin = bytes.NewReader(in)
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("reference client: %v", err)
	}
	var ref struct {
		Paths   []string
		Bundles []any
	}
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	for i, p := range paths {
		got, err := PackagePath(p[0], p[1])
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != ref.Paths[i] {
			t.Errorf("PackagePath(%q, %q) = %q, client %q", p[0], p[1], got, ref.Paths[i])
		}
	}
	for i, b := range bundles {
		var got any = "error"
		if entries, err := ParseBundle([]byte(b)); err == nil {
			list := []any{}
			for _, e := range entries {
				list = append(list, []any{e.Name, e.Version, e.URL})
			}
			got = list
		}
		if fmt.Sprint(got) != fmt.Sprint(ref.Bundles[i]) {
			t.Errorf("ParseBundle(%s) = %v, client %v", b, got, ref.Bundles[i])
		}
	}
}
