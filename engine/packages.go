// This file is the facade over application packages: what `muranopl
// inspect` and the playground show of a package.

package engine

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strconv"

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/corelib/apps"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/lint"
	"murano.dev/playground/engine/pkg"
)

// PackageInfo is what a package's manifest and files say, as the
// reference (murano.packages.load_utils.load_from_dir) reads them.
type PackageInfo struct {
	FullName    string
	Name        string // display name (FullName when absent)
	Type        string // Application or Library
	Format      string // "MuranoPL/1.4.0", "Heat.HOT/1.0.0"
	Version     string // SemVer, "0.0.0" when absent
	Description string
	Author      string
	Tags        []string
	Classes     map[string]string // class → file under Classes/ ("" when generated)
	Require     map[string]string // package → version spec
	UI          bool              // the package has a UI definition
	UIVersion   *string           // the UI definition's Version, nil when absent
}

// Package is an application package opened by the engine: a MuranoPL
// package, a Heat template package or the core library. Its methods and
// fields (Name, Version, Manifest, UI, Images, Logo …) are what the
// engine read from the package's files.
type Package = pkg.Package

// Limits on a package, so that a zip bomb or a huge folder fails with a
// clear error instead of exhausting memory: entries of an archive (or
// files of a folder), bytes of all files uncompressed, bytes of one file.
const (
	MaxPackageEntries  = pkg.MaxZipEntries
	MaxPackageSize     = pkg.MaxZipSize
	MaxPackageFileSize = pkg.MaxZipFileSize
)

// ErrTooLarge is wrapped by the error for a package archive on disk
// larger than [MaxPackageSize].
var ErrTooLarge = fmt.Errorf("larger than %d bytes", MaxPackageSize)

// OpenPackage opens the package at the root of fsys. Errors are lists of
// errors with file:line:col (see [Problems]).
func OpenPackage(fsys fs.FS) (*Package, error) { return pkg.Open(fsys) }

// OpenPackageZip opens a package from the bytes of a .zip archive within
// the limits above. The warnings are what Murano would object to although
// the package opens here (a zipped folder, backslashes in entry names).
func OpenPackageZip(data []byte) (*Package, []string, error) {
	p, warnings, err := pkg.OpenZipWithWarnings(data)
	var msgs []string
	for _, w := range warnings {
		msgs = append(msgs, w.Msg)
	}
	return p, msgs, err
}

// PackagePath is a package folder or .zip archive on disk.
type PackagePath struct {
	path   string
	folder fs.FS  // the folder's files, or nil
	zip    []byte // the archive's bytes, or nil
}

// ReadPackagePath reads the package folder or .zip archive at path: a
// folder's files stay on disk (no link may lead out of it, see [DirFS]),
// an archive no larger than [MaxPackageSize] is read into memory (else
// the error wraps [ErrTooLarge]).
func ReadPackagePath(path string) (*PackagePath, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		folder, err := DirFS(path)
		if err != nil {
			return nil, err
		}
		return &PackagePath{path: path, folder: folder}, nil
	}
	if st.Size() > MaxPackageSize {
		return nil, fmt.Errorf("%s: %w", path, ErrTooLarge)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return &PackagePath{path: path, zip: data}, nil
}

// Open opens the package (see [OpenPackage] and [OpenPackageZip]).
func (p *PackagePath) Open() (*Package, error) {
	if p.folder != nil {
		return OpenPackage(p.folder)
	}
	pk, _, err := OpenPackageZip(p.zip)
	return pk, err
}

// Files returns the files of the folder or of the archive as they are,
// for checks that look at a package that may not open ([LintPackage]).
func (p *PackagePath) Files() (fs.FS, error) {
	if p.folder != nil {
		return p.folder, nil
	}
	zr, err := zip.NewReader(bytes.NewReader(p.zip), int64(len(p.zip)))
	if err != nil {
		return nil, fmt.Errorf("%s: not a package folder or zip: %w", p.path, err)
	}
	if len(zr.File) > MaxPackageEntries {
		return nil, fmt.Errorf("%s: more than %d entries", p.path, MaxPackageEntries)
	}
	return zr, nil
}

// DirFS returns the files of a folder on disk; a symbolic link that leads
// out of the folder fails to open.
func DirFS(dir string) (fs.FS, error) { return pkg.DirFS(dir) }

// OwnCoreLibrary is the project's own io.murano core library
// (engine/corelib), which runs and deploys use unless given another.
func OwnCoreLibrary() fs.FS { return corelib.FS() }

// OwnApplicationsLibrary is the project's own io.murano.applications
// (engine/corelib/apps), which deploys use unless a package of that name
// is given.
func OwnApplicationsLibrary() fs.FS { return apps.FS() }

// CoreLibrariesArchive writes the archive of the project's core
// libraries that [ProvideCoreLibraries] reads.
func CoreLibrariesArchive(w io.Writer) error {
	return pkg.ExportFolders(w, map[string]fs.FS{corelib.Name: corelib.FS(), apps.Name: apps.FS()})
}

// ProvideCoreLibraries gives a build that does not embed the project's
// core libraries (the WebAssembly engine) an archive of them: io.murano
// and io.murano.applications, each in a folder of its name, as
// pkg.ExportFolders writes it.
func ProvideCoreLibraries(archive []byte) error {
	files, err := pkg.ZipFiles(archive)
	if err != nil {
		return fmt.Errorf("the core libraries: %w", err)
	}
	root := pkg.MemFS(files)
	for name, provide := range map[string]func(fs.FS){corelib.Name: corelib.Provide, apps.Name: apps.Provide} {
		lib, err := fs.Sub(root, name)
		if err == nil {
			_, err = fs.Stat(lib, "manifest.yaml")
		}
		if err != nil {
			return fmt.Errorf("the core libraries: %s: %w", name, err)
		}
		provide(lib)
	}
	return nil
}

// LocateCoreLibrary finds the io.murano core library and returns its
// files and where they are (see the command line's documentation).
func LocateCoreLibrary() (fs.FS, string, error) { return pkg.LocateCoreLibrary() }

// LintProblem is a finding of [LintPackage]: its position (File relative
// to the package root), severity ("error" or "warning"), code and
// message; its String method gives "file:line:col: severity: CODE
// message".
type LintProblem = lint.Problem

// LintPackage checks the package at the root of fsys as `muranopl lint`
// does; core is the io.murano core library, nil when it is not at hand.
func LintPackage(fsys, core fs.FS) ([]LintProblem, error) { return lint.Check(fsys, core) }

// LintOpenedPackage is [LintPackage] of a package opened from fsys
// already, sharing its decoded class files.
func LintOpenedPackage(p *Package, fsys, core fs.FS) ([]LintProblem, error) {
	return lint.CheckOpened(p, fsys, core)
}

// LintFailed reports whether a problem is an error.
func LintFailed(problems []LintProblem) bool { return lint.HasErrors(problems) }

// DescribePackage describes an opened package as `muranopl inspect`
// prints it.
func DescribePackage(p *Package) (*PackageInfo, error) {
	m := p.Manifest
	info := &PackageInfo{
		FullName:    m.FullName,
		Name:        m.Name,
		Type:        m.Type,
		Format:      m.ID.String(),
		Version:     m.Version,
		Description: m.Description,
		Author:      m.Author,
		Tags:        m.Tags,
		Classes:     map[string]string{},
		Require:     p.Requirements(),
	}
	if info.Tags == nil {
		info.Tags = []string{}
	}
	if m.Classes != nil {
		for k, v := range m.Classes {
			info.Classes[k] = v
		}
	} else {
		for _, c := range p.ClassNames() {
			info.Classes[c] = ""
		}
	}
	ui, err := p.UI()
	if err != nil {
		return nil, err
	}
	if ui != nil {
		info.UI = true
		info.UIVersion = uiVersion(ui)
	}
	return info, nil
}

// uiVersion returns the Version of a UI definition as the dashboard reads
// it (YAML 1.1, Python's str() of the value); nil when the definition
// has none or does not parse, which the reference's package loading does
// not check.
func uiVersion(ui []byte) *string {
	_, docs, errs := decl.DecodeYAML("UI/ui.yaml", ui, decl.YAQLRule{})
	if len(errs) > 0 || len(docs) == 0 || docs[0].Kind != decl.Map {
		return nil
	}
	v := docs[0].Get("Version")
	if v == nil || v.Kind == decl.Null {
		return nil
	}
	s := v.Text()
	return &s
}

// JSON returns the description as a JSON object with the keys in the
// order fullName, name, type, format, version, description, author, tags,
// classes, require, ui, uiVersion (classes and require sorted by key; a
// null version spec is null), spaced as Python's json.dumps, followed by
// a newline.
func (i *PackageInfo) JSON() []byte {
	var b bytes.Buffer
	str := func(s string) {
		var q bytes.Buffer
		enc := json.NewEncoder(&q)
		enc.SetEscapeHTML(false)
		enc.Encode(s)
		b.Write(bytes.TrimSuffix(q.Bytes(), []byte("\n")))
	}
	dict := func(m map[string]string, nullEmpty bool) {
		keys := slices.Sorted(maps.Keys(m))
		b.WriteString("{")
		for n, k := range keys {
			if n > 0 {
				b.WriteString(", ")
			}
			str(k)
			b.WriteString(": ")
			if m[k] == "" && nullEmpty {
				b.WriteString("null")
			} else {
				str(m[k])
			}
		}
		b.WriteString("}")
	}
	key := func(k string) {
		if k != "fullName" {
			b.WriteString(", ")
		}
		str(k)
		b.WriteString(": ")
	}
	b.WriteString("{")
	for _, f := range []struct{ k, v string }{
		{"fullName", i.FullName}, {"name", i.Name}, {"type", i.Type}, {"format", i.Format},
		{"version", i.Version}, {"description", i.Description}, {"author", i.Author},
	} {
		key(f.k)
		str(f.v)
	}
	key("tags")
	b.WriteString("[")
	for n, t := range i.Tags {
		if n > 0 {
			b.WriteString(", ")
		}
		str(t)
	}
	b.WriteString("]")
	key("classes")
	dict(i.Classes, false)
	key("require")
	dict(i.Require, true)
	key("ui")
	b.WriteString(strconv.FormatBool(i.UI))
	key("uiVersion")
	if i.UIVersion == nil {
		b.WriteString("null")
	} else {
		str(*i.UIVersion)
	}
	b.WriteString("}\n")
	return b.Bytes()
}
