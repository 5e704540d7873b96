// This file reads murano package repositories: apps/, bundles/ and the
// images packages list (packages.md §6, seed 002 "Murano package
// repository").

package pkg

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"murano.dev/playground/engine/internal/pyyaml"
	"murano.dev/playground/engine/versions"
)

// Fetcher returns the file at a path relative to a repository's base
// (such as "apps/com.ex.App.zip"), or at an absolute http(s) URL given by
// a bundle entry. A missing file should be an error wrapping
// [fs.ErrNotExist].
type Fetcher func(path string) ([]byte, error)

// Repository is a murano package repository: a folder or a base URL
// serving apps/<FQN>.zip and apps/<FQN>.<version>.zip, bundles/<name>.bundle
// and images/<file>, as python-muranoclient fetches them.
type Repository struct {
	fetch Fetcher
	// list returns the names of the files in a folder; nil when the
	// repository cannot be listed (URLs).
	list func(dir string) ([]string, error)

	// SideBySide lets an import hold several versions of one package (a
	// Glare catalog); by default it holds one version per name, as the
	// murano API's own catalog, which does not store versions, and a
	// conflict between requirements is an error (see [Resolve]).
	SideBySide bool
}

// NewRepository returns the repository at the root of fsys. Every version
// of a package found in apps/ is a candidate.
func NewRepository(fsys fs.FS) *Repository {
	return &Repository{
		fetch: func(name string) ([]byte, error) { return fs.ReadFile(fsys, name) },
		list: func(dir string) ([]string, error) {
			entries, err := fs.ReadDir(fsys, dir)
			var names []string
			for _, e := range entries {
				if !e.IsDir() {
					names = append(names, e.Name())
				}
			}
			return names, err
		},
	}
}

// NewFetcherRepository returns a repository read through fetch (for
// example HTTP requests under a base URL). It cannot be listed, so a
// required package is looked for where the reference's client looks:
// apps/<FQN>.<spec>.zip (the spec written verbatim), then apps/<FQN>.zip.
func NewFetcherRepository(fetch Fetcher) *Repository {
	return &Repository{fetch: fetch}
}

// repoPath is the reference client's to_url for a relative file name:
// dir + filename [+ "." + version] + extension, where the file name may
// not contain "/" nor be "." or "..". A version with "/" is refused too.
func repoPath(dir, filename, version, ext string) (string, error) {
	if filename == "" || strings.Contains(filename, "/") || filename == "." || filename == ".." ||
		strings.Contains(version, "/") {
		return "", fmt.Errorf("Invalid filename path supplied: %s", filename)
	}
	if version != "" {
		filename += "." + version
	}
	return dir + filename + ext, nil
}

// PackagePath returns where a repository keeps a package: apps/<FQN>.zip,
// or apps/<FQN>.<version>.zip (a dot, not a dash).
func PackagePath(name, version string) (string, error) {
	return repoPath("apps/", name, version, ".zip")
}

// BundlePath returns where a repository keeps a bundle: bundles/<name>.bundle.
func BundlePath(name string) (string, error) { return repoPath("bundles/", name, "", ".bundle") }

// Import is what importing a package or bundle brings in.
type Import struct {
	// Packages are the packages named and their Require closure,
	// dependencies before dependents.
	Packages []*Package
	// Images are the images the packages list in images.lst.
	Images []Image
	// Warnings are files that could not be read or opened and bundle
	// entries that were skipped; the reference's client logs them and
	// carries on.
	Warnings []string
}

// candidates returns the versions of the package the repository has for
// a spec (see [NewRepository] and [NewFetcherRepository]), identified by
// the FullName of their manifests.
func (r *Repository) candidates(name, spec string, cache map[string]*Package, warn func(string)) []*Package {
	var files []string
	if r.list != nil {
		all, _ := r.list("apps")
		for _, f := range all {
			if f == name+".zip" || strings.HasPrefix(f, name+".") && strings.HasSuffix(f, ".zip") {
				files = append(files, "apps/"+f)
			}
		}
	} else {
		if spec != "" {
			if f, err := PackagePath(name, spec); err == nil {
				files = append(files, f)
			}
		}
		if f, err := PackagePath(name, ""); err == nil {
			files = append(files, f)
		} else {
			warn(err.Error())
		}
	}
	var found []*Package
	for _, f := range files {
		p, seen := cache[f]
		if !seen {
			p = r.open(f, warn)
			cache[f] = p
		}
		if p != nil && p.name == name && !slices.Contains(found, p) {
			found = append(found, p)
		}
	}
	return found
}

// open reads and opens a package file; nil when it cannot.
func (r *Repository) open(file string, warn func(string)) *Package {
	data, err := r.fetch(file)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			warn(fmt.Sprintf("%s: %v", file, err))
		}
		return nil
	}
	p, err := OpenZip(data)
	if err != nil {
		warn(fmt.Sprintf("%s: %v", file, err))
		return nil
	}
	return p
}

// pick returns the highest candidate satisfying the spec; an empty spec
// takes the highest candidate, as the client imports whatever
// apps/<FQN>.zip holds.
func pick(name, spec string, cands []*Package) (*Package, error) {
	if spec == "" {
		spec = "*"
	}
	s, err := versions.ParseSpec(spec)
	if err != nil {
		return nil, &ResolveError{Name: name, Spec: spec, Err: err}
	}
	if i := s.Select(versionsOf(cands)); i >= 0 {
		return cands[i], nil
	}
	e := &ResolveError{Name: name, Spec: spec}
	for _, c := range cands {
		e.Available = append(e.Available, c.Version())
	}
	return nil, e
}

// ImportPackage imports the package (the highest version the repository
// has that satisfies spec; "" takes any) with its Require closure (see
// [Resolve]; an io.murano the repository does not have is left to the
// platform).
func (r *Repository) ImportPackage(name, spec string) (*Import, error) {
	im := &Import{}
	cache := map[string]*Package{}
	warn := func(s string) { im.Warnings = append(im.Warnings, s) }
	if _, err := PackagePath(name, ""); err != nil {
		return nil, err
	}
	root, err := pick(name, spec, r.candidates(name, spec, cache, warn))
	if err != nil {
		return nil, err
	}
	return r.finish(im, []*Package{root}, cache, warn)
}

// finish fetches the candidates for every requirement reachable from the
// roots, resolves and lists the images.
func (r *Repository) finish(im *Import, roots []*Package, cache map[string]*Package, warn func(string)) (*Import, error) {
	var available []*Package
	looked := map[[2]string]bool{}
	queue := slices.Clone(roots)
	seen := map[*Package]bool{}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		for _, req := range RequirementsOf(p) {
			key := [2]string{req.Package, req.Spec}
			if r.list != nil {
				key[1] = ""
			}
			if looked[key] {
				continue
			}
			looked[key] = true
			spec := req.Spec
			if req.Package == CoreLibrary && !slices.ContainsFunc(p.Manifest.Require, func(m Requirement) bool { return m.Package == CoreLibrary }) {
				spec = "" // the implicit requirement, which the client does not fetch by spec
			}
			for _, c := range r.candidates(req.Package, spec, cache, warn) {
				if !slices.Contains(available, c) {
					available = append(available, c)
					queue = append(queue, c)
				}
			}
		}
	}
	pkgs, err := Resolve(roots, available, ResolveOptions{SingleVersion: !r.SideBySide})
	if err != nil {
		return nil, err
	}
	im.Packages = pkgs
	for _, p := range pkgs {
		im.Images = append(im.Images, p.Images()...)
	}
	return im, nil
}

// BundleEntry is a package a bundle names.
type BundleEntry struct {
	Name    string // a full name (or a file name)
	Version string // optional
	URL     string // optional: where to fetch the package instead
}

// ParseBundle reads a bundle as the reference's client does: JSON, else
// YAML; a mapping whose Packages is a list of entries; entries without a
// Name are skipped. Anything else is "Can't parse bundle contents".
//
// The client never actually reads a YAML bundle: json.load leaves the file
// at its end and yaml.safe_load then reads nothing (checked on
// python-muranoclient 2.5.0). YAML is read here anyway, as seed 002 says.
func ParseBundle(data []byte) ([]BundleEntry, error) {
	bad := errors.New("Can't parse bundle contents")
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		_, docs, errs := pyyaml.Decode("bundle", data, nil)
		if len(errs) > 0 || len(docs) != 1 {
			return nil, bad
		}
		doc = plain(docs[0])
	}
	m, ok := doc.(map[string]any)
	if !ok {
		return nil, bad
	}
	list, ok := m["Packages"].([]any)
	if !ok {
		return nil, bad
	}
	var entries []BundleEntry
	for _, e := range list {
		em, ok := e.(map[string]any)
		if !ok {
			return nil, bad
		}
		str := func(k string) string {
			switch v := em[k].(type) {
			case nil:
				return ""
			case string:
				return v
			default:
				return fmt.Sprint(v)
			}
		}
		if str("Name") == "" {
			continue
		}
		entries = append(entries, BundleEntry{Name: str("Name"), Version: str("Version"), URL: str("Url")})
	}
	return entries, nil
}

// ImportBundle imports the packages bundles/<name>.bundle names, each with
// its Require closure. An entry that cannot be found is a warning and is
// skipped, as in the reference's client.
func (r *Repository) ImportBundle(name string) (*Import, error) {
	file, err := BundlePath(name)
	if err != nil {
		return nil, err
	}
	data, err := r.fetch(file)
	if err != nil {
		return nil, fmt.Errorf("Failed to create bundle for '%s', reason: %w", name, err)
	}
	entries, err := ParseBundle(data)
	if err != nil {
		return nil, fmt.Errorf("Failed to create bundle for '%s', reason: %w", name, err)
	}
	im := &Import{}
	cache := map[string]*Package{}
	warn := func(s string) { im.Warnings = append(im.Warnings, s) }
	var roots []*Package
	for _, e := range entries {
		var root *Package
		if e.URL != "" {
			root = r.open(e.URL, warn)
			if root == nil {
				warn(fmt.Sprintf("bundle %s: %s: cannot fetch %s", name, e.Name, e.URL))
				continue
			}
		} else {
			if _, err := PackagePath(e.Name, e.Version); err != nil {
				warn(fmt.Sprintf("bundle %s: %v", name, err))
				continue
			}
			root, err = pick(e.Name, e.Version, r.candidates(e.Name, e.Version, cache, warn))
			if err != nil {
				warn(fmt.Sprintf("bundle %s: %v", name, err))
				continue
			}
		}
		if !slices.Contains(roots, root) {
			roots = append(roots, root)
		}
	}
	return r.finish(im, roots, cache, warn)
}

// Image is an image a package's images.lst asks for.
type Image struct {
	Name, DiskFormat, ContainerFormat string
	// URL is where the image is fetched: images/<Url or Name> in the
	// repository, or an absolute http(s) URL.
	URL  string
	Meta any
}

// Images returns the images the package's images.lst lists (see
// [ParseImages]); none when it has no images.lst.
func (p *Package) Images() []Image {
	if p.fsys == nil {
		return nil
	}
	data, err := readFile(p.fsys, "images.lst")
	if err != nil {
		return nil
	}
	return ParseImages(data)
}

// ParseImages reads an images.lst as the reference's client does: none
// when it does not parse or is not a mapping with Images; an image without
// Name, DiskFormat or ContainerFormat is skipped.
func ParseImages(data []byte) []Image {
	_, docs, errs := pyyaml.Decode("images.lst", data, nil)
	if len(errs) > 0 || len(docs) != 1 || docs[0].Get("Images") == nil {
		return nil
	}
	var images []Image
	for _, spec := range docs[0].Get("Images").Items {
		str := func(k string) string { return text(spec.Get(k)) }
		var meta any
		if m := spec.Get("Meta"); m != nil {
			meta = plain(m)
		}
		img := Image{Name: str("Name"), DiskFormat: str("DiskFormat"), ContainerFormat: str("ContainerFormat"), Meta: meta}
		if img.Name == "" || img.DiskFormat == "" || img.ContainerFormat == "" {
			continue
		}
		img.URL = str("Url")
		if img.URL == "" {
			img.URL = img.Name
		}
		if !strings.HasPrefix(img.URL, "http://") && !strings.HasPrefix(img.URL, "https://") {
			img.URL = path.Join("images", img.URL)
		}
		images = append(images, img)
	}
	return images
}
