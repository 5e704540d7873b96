// This file is the facade over package repositories and workspaces: what
// the playground imports packages from, how their requirements resolve,
// and the files of a package held in memory.

package engine

import (
	"io"
	"io/fs"

	"murano.dev/playground/engine/pkg"
)

// CoreLibrary is the full name of the core library, which the platform
// provides rather than a repository.
const CoreLibrary = pkg.CoreLibrary

// A Repository is a murano package repository (apps/<FQN>.zip,
// bundles/<name>.bundle, images/), as python-muranoclient reads one;
// importing a package or a bundle gives a [PackageImport]: the packages
// with their Require closure, the images they list, and warnings.
type (
	Repository    = pkg.Repository
	PackageImport = pkg.Import
)

// NewRepository returns the repository whose files are fsys.
func NewRepository(fsys fs.FS) *Repository { return pkg.NewRepository(fsys) }

// NewFetcherRepository returns a repository read through fetch: the file
// at a path relative to the repository's base ("apps/com.ex.App.zip"), or
// at an absolute http(s) URL a bundle names; a missing file is an error
// wrapping fs.ErrNotExist.
func NewFetcherRepository(fetch func(path string) ([]byte, error)) *Repository {
	return pkg.NewFetcherRepository(fetch)
}

// BundleEntry is a package a bundle names; Image is an image a package's
// or a repository's images.lst asks for.
type (
	BundleEntry = pkg.BundleEntry
	Image       = pkg.Image
)

// BundlePath returns where a repository keeps a bundle:
// bundles/<name>.bundle.
func BundlePath(name string) (string, error) { return pkg.BundlePath(name) }

// ParseBundle reads a bundle (JSON or YAML).
func ParseBundle(data []byte) ([]BundleEntry, error) { return pkg.ParseBundle(data) }

// ParseImages reads an images.lst.
func ParseImages(data []byte) []Image { return pkg.ParseImages(data) }

// Requirement is a package required and its version spec ("" for null:
// major version 0).
type Requirement = pkg.Requirement

// RequirementsOf lists the requirements of a package as the reference
// builds them: the implicit io.murano first (unless the manifest names
// it), then the manifest's Require section.
func RequirementsOf(p *Package) []Requirement { return pkg.RequirementsOf(p) }

// ResolveOptions tune [Resolve]; a [ResolveError] is a requirement it
// cannot meet.
type (
	ResolveOptions = pkg.ResolveOptions
	ResolveError   = pkg.ResolveError
)

// Resolve returns the roots and their Require closure over the available
// packages, dependencies first, as the reference's package loader meets
// requirements.
func Resolve(roots, available []*Package, opts ResolveOptions) ([]*Package, error) {
	return pkg.Resolve(roots, available, opts)
}

// ZipFiles returns the files of a package archive by slash path, within
// the limits of [OpenPackageZip] and failing as it does beyond them.
func ZipFiles(data []byte) (map[string][]byte, error) { return pkg.ZipFiles(data) }

// FilesFS returns a read-only file system of files held in memory, keyed
// by slash paths relative to its root; the map must not change while the
// file system is in use.
func FilesFS(files map[string][]byte) fs.FS { return pkg.MemFS(files) }

// ExportPackage writes files held in memory (slash path → content) as a
// deterministic .zip archive that Murano accepts.
func ExportPackage(w io.Writer, files map[string][]byte) error { return pkg.ExportFiles(w, files) }
