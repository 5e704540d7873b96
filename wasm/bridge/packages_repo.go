// This file defines repositories for the bridge: packages and bundles
// imported from a base URL (apps/<FQN>.zip, bundles/<name>.bundle) through
// a fetcher the host injects, and requirements resolved against them.

package bridge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"slices"
	"strings"
	"sync"

	"murano.dev/playground/engine"
)

func init() {
	methods["repo.import"] = repoImport
}

// Fetch returns the body at a URL (relative URLs are relative to the
// page). A missing file is an error wrapping fs.ErrNotExist. In the
// browser it is JavaScript's fetch, limited to the page's origin.
type Fetch func(ctx context.Context, url string) ([]byte, error)

// MaxFetchSize is the largest body a Fetch needs to return: the size
// limit of a package archive.
const MaxFetchSize = engine.MaxPackageSize

var fetcher struct {
	sync.Mutex
	fetch Fetch
}

// SetFetcher sets how repositories are read; without one, repository
// requests fail.
func SetFetcher(f Fetch) {
	fetcher.Lock()
	defer fetcher.Unlock()
	fetcher.fetch = f
}

// remoteRepo is a repository at a base URL for the time of one request:
// it keeps the files fetched, so that a package is fetched once and its
// bytes can be opened as a workspace.
type remoteRepo struct {
	base *url.URL // nil for a folder
	// label names the repository to the user: its base URL or the folder.
	label    string
	repo     *engine.Repository
	warnings []string
	// failures are the fetches that failed other than with "not found"
	// (another origin, a server error), which the import only logs.
	failures []error

	mu      sync.Mutex
	fetched map[string][]byte // by path relative to base, or absolute URL
	opened  map[string]*engine.Package
}

// openRepo prepares a repository at a base URL: http(s) or a path on the
// page's origin. A base without a trailing slash gets one, with a
// warning, since muranoclient would drop its last segment.
func openRepo(ctx context.Context, raw string) (*remoteRepo, error) {
	fetcher.Lock()
	fetch := fetcher.fetch
	fetcher.Unlock()
	if fetch == nil {
		return nil, errors.New("repositories cannot be read here (no fetcher)")
	}
	base, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, fmt.Errorf("repository URL %q: %w", raw, err)
	}
	if base.Scheme != "" && base.Scheme != "http" && base.Scheme != "https" || base.Scheme == "" && base.Host != "" {
		return nil, fmt.Errorf("repository URL %q: only http(s) URLs and paths are supported", raw)
	}
	r := &remoteRepo{base: base, fetched: map[string][]byte{}, opened: map[string]*engine.Package{}}
	if !strings.HasSuffix(base.Path, "/") {
		base.Path += "/"
		r.warnings = append(r.warnings, fmt.Sprintf(
			"the repository URL %q has no trailing slash: muranoclient would replace its last segment; %q is used", raw, base.String()))
	}
	r.label = base.String()
	r.repo = engine.NewFetcherRepository(func(name string) ([]byte, error) {
		r.mu.Lock()
		data, ok := r.fetched[name]
		r.mu.Unlock()
		if ok {
			return data, nil
		}
		ref, err := url.Parse(name)
		if err != nil {
			return nil, err
		}
		data, err = fetch(ctx, r.base.ResolveReference(ref).String())
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				r.mu.Lock()
				r.failures = append(r.failures, err)
				r.mu.Unlock()
			}
			return nil, err
		}
		r.mu.Lock()
		r.fetched[name] = data
		r.mu.Unlock()
		return data, nil
	})
	return r, nil
}

// failure answers a failed import: its error, then the fetches that
// failed on the way, which are often the reason.
func (r *remoteRepo) failure(err error) []byte {
	ps := problemsOf("repository", err)
	for _, f := range r.failures {
		ps = append(ps, problemsOf("repository", f)...)
	}
	return respond(map[string]any{"ok": false, "error": ps[0], "errors": ps})
}

// zipOf returns the bytes of a package the repository was read for.
func (r *remoteRepo) zipOf(p *engine.Package) []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, name := range sortedPaths(r.fetched) {
		if !strings.HasSuffix(name, ".zip") {
			continue
		}
		q, seen := r.opened[name]
		if !seen {
			q, _, _ = engine.OpenPackageZip(r.fetched[name])
			r.opened[name] = q
		}
		if q != nil && q.Name() == p.Name() && q.Version() == p.Version() {
			return r.fetched[name]
		}
	}
	return nil
}

// requirement is one requirement of a package and how it is met.
type requirement struct {
	Name     string  `json:"name"`
	Spec     *string `json:"spec"` // null: major version 0
	Implicit bool    `json:"implicit,omitempty"`
	// Status is "resolved" (Version is chosen), "platform" (io.murano,
	// which the platform provides), "missing" (Message says why) or
	// "unchecked" (no repository).
	Status  string `json:"status"`
	Version string `json:"version,omitempty"`
	Message string `json:"message,omitempty"`
}

type pkgRef struct {
	FullName string `json:"fullName"`
	Version  string `json:"version"`
}

// resolveRequirements lists the package's requirements and, with a
// repository, meets them there as an import would (one version per
// package): the closure, dependencies first, or the error.
func resolveRequirements(p *engine.Package, repo *remoteRepo) map[string]any {
	explicit := p.Requirements()
	reqs := []requirement{}
	for _, r := range engine.RequirementsOf(p) {
		_, named := explicit[r.Package]
		req := requirement{Name: r.Package, Implicit: !named, Status: "unchecked"}
		if r.Spec != "" {
			spec := r.Spec
			req.Spec = &spec
		}
		reqs = append(reqs, req)
	}
	out := map[string]any{"repository": nil, "packages": reqs, "closure": []pkgRef{}, "error": nil}
	if repo == nil {
		return out
	}
	out["repository"] = repo.label
	var available []*engine.Package
	for i, r := range engine.RequirementsOf(p) {
		im, err := repo.repo.ImportPackage(r.Package, r.Spec)
		switch {
		case err != nil && r.Package == engine.CoreLibrary:
			reqs[i].Status = "platform"
		case err != nil:
			reqs[i].Status, reqs[i].Message = "missing", err.Error()
		default:
			available = append(available, im.Packages...)
			repo.warnings = append(repo.warnings, im.Warnings...)
			for _, q := range im.Packages {
				if q.Name() == r.Package {
					reqs[i].Status, reqs[i].Version = "resolved", q.Version()
				}
			}
		}
	}
	order, err := engine.Resolve([]*engine.Package{p}, available, engine.ResolveOptions{SingleVersion: true})
	if err != nil {
		out["error"] = err.Error()
		var re *engine.ResolveError
		if errors.As(err, &re) && len(re.Chain) == 1 {
			for i := range reqs {
				if reqs[i].Name == re.Name {
					reqs[i].Status, reqs[i].Version, reqs[i].Message = "missing", "", err.Error()
				}
			}
		}
		return out
	}
	closure := []pkgRef{}
	for _, q := range order {
		if q == p {
			continue
		}
		closure = append(closure, pkgRef{q.Name(), q.Version()})
		for i := range reqs {
			if reqs[i].Name == q.Name() {
				reqs[i].Status, reqs[i].Version = "resolved", q.Version()
			}
		}
	}
	out["closure"] = closure
	return out
}

type repoImportParams struct {
	URL string `json:"url"`
	// Handle is a repository folder opened with repo.open, instead of URL.
	Handle  string `json:"handle"`
	Package string `json:"package"`
	Version string `json:"version"`
	Bundle  string `json:"bundle"`
}

// repoImport imports a package (with "package") or the packages of a
// bundle (with "bundle") from the repository at "url" (or the folder
// opened as "handle") with their Require
// closure. The packages named are opened as workspaces: a package import
// answers as package.open, plus "imported" (the closure, dependencies
// first), "images" and the import's warnings; a bundle import answers
// {"packages": [as package.open…], "imported", "images", "warnings"}.
func repoImport(ctx context.Context, raw []byte) []byte {
	var p repoImportParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	if (p.Package == "") == (p.Bundle == "") {
		return failure("request", `repo.import takes either "package" or "bundle"`)
	}
	var repo *remoteRepo
	var err error
	if p.Handle != "" {
		repo, err = openFolderRepo(p.Handle)
	} else {
		repo, err = openRepo(ctx, p.URL)
	}
	if err != nil {
		return packageFailure("repository", err)
	}
	var im *engine.PackageImport
	var roots []string
	if p.Package != "" {
		im, err = repo.repo.ImportPackage(p.Package, p.Version)
		roots = []string{p.Package}
	} else {
		im, err = repo.repo.ImportBundle(p.Bundle)
		if err == nil {
			path, _ := engine.BundlePath(p.Bundle)
			entries, _ := engine.ParseBundle(repo.fetched[path])
			for _, e := range entries {
				roots = append(roots, e.Name)
			}
		}
	}
	if err != nil {
		if p.Package != "" {
			repo.failures = append(repo.failures, repo.brokenPackages(p.Package)...)
		}
		return repo.failure(err)
	}
	repo.warnings = append(repo.warnings, im.Warnings...)
	imported := []pkgRef{}
	var opened []map[string]any
	for _, q := range im.Packages {
		imported = append(imported, pkgRef{q.Name(), q.Version()})
		if !slices.Contains(roots, q.Name()) {
			continue
		}
		data := repo.zipOf(q)
		if data == nil {
			return failure("repository", "the bytes of "+q.Name()+" were not kept")
		}
		w, err := openZipWorkspace(data)
		if err != nil {
			return packageFailure("package", err)
		}
		w.Handle = workspaces.keep(w)
		opened = append(opened, describeWorkspace(w, repo))
	}
	images := []map[string]string{}
	for _, img := range im.Images {
		images = append(images, map[string]string{"name": img.Name, "url": img.URL})
	}
	if p.Package != "" {
		resp := opened[0]
		resp["imported"], resp["images"] = imported, images
		return respond(resp)
	}
	return respond(map[string]any{"ok": true, "packages": opened, "imported": imported, "images": images, "warnings": append([]string{}, repo.warnings...)})
}
