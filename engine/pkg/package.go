// This file defines packages and their class files, and the class folders
// of murano's test foundation.

package pkg

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/Masterminds/semver/v3"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/source"
)

// Package is a MuranoPL package: a package with a manifest ([Open]) or a
// class folder ([ClassFolder]). It implements [decl.Package]; class files
// are decoded once, on first use, and may be asked for concurrently.
type Package struct {
	// Manifest is what manifest.yaml says; nil for a class folder.
	Manifest *Manifest

	name    string
	version *semver.Version
	runtime decl.Version
	// anyVersion: a class folder, which murano's test foundation finds
	// whatever version is asked for.
	anyVersion bool
	fsys       fs.FS
	classes    map[string]classRef
	// contents: a package of a format other than MuranoPL.
	contents Contents

	mu    sync.Mutex
	files map[string]*classFile // by path in fsys
}

var (
	_ decl.Package          = (*Package)(nil)
	_ decl.MetaPackage      = (*Package)(nil)
	_ decl.ResourcePackage  = (*Package)(nil)
	_ decl.RequirementOrder = (*Package)(nil)
)

// classRef is where a class is defined.
type classRef struct {
	file string     // the path in the package, or the manifest's value
	pos  source.Pos // where the manifest names the file; zero for class folders
}

// classFile is a decoded class file.
type classFile struct {
	src  []byte
	file *decl.File
	// all are every error of the decoding, in its order.
	all diag.List
	// errs are the errors that fail every class of the file (YAML,
	// documents that are not maps, namespaces, class names); the errors
	// of each class's declarations are in its Errs.
	errs diag.List
	err  error // the file could not be read
}

// Name returns the package's full name.
func (p *Package) Name() string { return p.name }

// Version returns the package's SemVer version, "0.0.0" when it has none.
func (p *Package) Version() string { return p.version.String() }

// Runtime returns the MuranoPL format of the package's classes.
func (p *Package) Runtime() decl.Version { return p.runtime }

// Requirements returns the manifest's Require section: package full name
// → version spec ("" for a null spec, which means major version 0). The
// requirements every package has implicitly (itself and io.murano) are
// not included, nor does a class folder have any.
func (p *Package) Requirements() map[string]string {
	reqs := map[string]string{}
	if p.contents != nil {
		for k, v := range p.contents.Requirements() {
			reqs[k] = v
		}
		return reqs
	}
	if p.Manifest != nil {
		for _, r := range p.Manifest.Require {
			reqs[r.Package] = r.Spec
		}
	}
	return reqs
}

// RequirementNames returns the keys of [Package.Requirements] in the
// manifest's order, in which the engine searches them for classes as the
// reference does ([decl.RequirementOrder]).
func (p *Package) RequirementNames() []string {
	if p.contents != nil || p.Manifest == nil {
		names := slices.Collect(maps.Keys(p.Requirements()))
		slices.Sort(names)
		return names
	}
	names := make([]string, 0, len(p.Manifest.Require))
	for _, r := range p.Manifest.Require {
		names = append(names, r.Package)
	}
	return names
}

// ClassNames returns the full names of the package's classes, sorted.
func (p *Package) ClassNames() []string {
	if p.contents != nil {
		names := slices.Clone(p.contents.Classes())
		slices.Sort(names)
		return names
	}
	names := make([]string, 0, len(p.classes))
	for name := range p.classes {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// ClassFile returns the decoded file that defines the class, as the
// reference reads it when the class is first used. The error is a
// [diag.List] of the errors that fail every class of the file and the
// errors of the declarations of the class [decl.File.Lookup] picks for
// the name; with no error, Lookup(name) returns a class. A class the
// package does not have, or whose file turns out not to define it, is
// (nil, nil).
func (p *Package) ClassFile(name string) (*decl.File, error) {
	var cf *classFile
	if p.contents != nil {
		if !slices.Contains(p.contents.Classes(), name) {
			return nil, nil
		}
		cf = p.generatedClassFile(name)
	} else {
		ref, ok := p.classes[name]
		if !ok {
			return nil, nil
		}
		cf = p.classFile(name, ref)
	}
	if cf.err != nil {
		return nil, cf.err
	}
	errs := slices.Clone(cf.errs)
	cls, lookupErr := cf.file.Lookup(name)
	switch {
	case lookupErr != nil:
		errs.Add(lookupErr)
	case cls != nil:
		for _, e := range cls.Errs {
			errs.Add(e)
		}
	}
	if len(errs) > 0 {
		return cf.file, errs
	}
	if cls == nil {
		return nil, nil
	}
	return cf.file, nil
}

// classFile returns the decoded file of a class, decoding it on first use
// (a file that cannot be read is tried again next time).
func (p *Package) classFile(class string, ref classRef) *classFile {
	p.mu.Lock()
	defer p.mu.Unlock()
	name, err := p.classPath(class, ref)
	if err != nil {
		return &classFile{err: err}
	}
	if cf, ok := p.files[name]; ok {
		return cf
	}
	src, err := readFile(p.fsys, name)
	switch {
	case err != nil && p.Manifest == nil:
		return &classFile{err: err}
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, errIsDir):
		return &classFile{err: loadError(ref.pos, "PackageClassLoadError",
			`Unable to load class "`+class+`" from package: File with class definition not found`)}
	case err != nil:
		return &classFile{err: loadError(ref.pos, "PackageClassLoadError",
			`Unable to load class "`+class+`" from package: `+err.Error())}
	}
	cf := decodeClassFile(name, src, p.runtime)
	p.files[name] = cf
	return cf
}

// DecodeClassFile decodes the class file at name whose source is src,
// with every error of the decoding, as the package decodes it to load its
// classes: the two share one decoding (the linter decodes every class
// file of a package the engine then loads).
func (p *Package) DecodeClassFile(name string, src []byte) (*decl.File, diag.List) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if cf, ok := p.files[name]; ok && cf.err == nil && bytes.Equal(cf.src, src) {
		return cf.file, cf.all
	}
	cf := decodeClassFile(name, src, p.runtime)
	if len(src) <= decl.MaxFileSize {
		p.files[name] = cf
	}
	return cf.file, cf.all
}

// generatedClassFile returns the decoded source of a class that the
// package's format plug-in gives, decoding it on first use.
func (p *Package) generatedClassFile(class string) *classFile {
	p.mu.Lock()
	defer p.mu.Unlock()
	key := "\x00class:" + class
	if cf, ok := p.files[key]; ok {
		return cf
	}
	src, file, err := p.contents.GetClass(class)
	if err != nil {
		return &classFile{err: err}
	}
	cf := decodeClassFile(file, src, p.runtime)
	p.files[key] = cf
	return cf
}

// classPath returns the path in the package of the file that defines a
// class: the manifest's value under Classes/, which must stay there.
func (p *Package) classPath(class string, ref classRef) (string, error) {
	if p.Manifest == nil {
		return ref.file, nil
	}
	name := path.Join(classesDir, ref.file)
	if ref.file == "" || ref.file[0] == '/' || !fs.ValidPath(name) || !isUnder(name, classesDir) {
		return "", loadError(ref.pos, "PackageClassLoadError",
			`Unable to load class "`+class+`" from package: path `+ref.file+` is not allowed`)
	}
	return name, nil
}

const classesDir = "Classes"

// isUnder reports whether the clean path name is strictly inside dir.
func isUnder(name, dir string) bool {
	return len(name) > len(dir)+1 && name[:len(dir)+1] == dir+"/"
}

// decodeClassFile decodes a class file and sets apart the errors that
// fail all of its classes.
func decodeClassFile(name string, src []byte, runtime decl.Version) *classFile {
	f, errs := decl.DecodeFile(name, src, runtime)
	ofClass := map[*diag.Error]bool{}
	for _, c := range f.Classes {
		for _, e := range c.Errs {
			ofClass[e] = true
		}
	}
	cf := &classFile{src: src, file: f, all: errs}
	for _, e := range errs {
		if !ofClass[e] {
			cf.errs = append(cf.errs, e)
		}
	}
	return cf
}

var errIsDir = errors.New("is a directory")

// readFile reads a file of a package. Files larger than a class file may
// be are cut just past that size, so that decoding reports them.
func readFile(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil {
		return nil, err
	} else if info.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errIsDir}
	}
	return io.ReadAll(io.LimitReader(f, decl.MaxFileSize+1))
}

// ClassFolder loads a folder of class files as murano's test foundation
// does (its TestPackageLoader): every *.yaml file under fsys except those
// named manifest.yaml, in lexical order, is decoded for the runtime;
// every document with a Name key defines the class of that name resolved
// with the document's namespaces, and when two files define a class the
// later one wins. File names are the paths in fsys ("Classes/Foo.yaml").
//
// As in the foundation, an error that the foundation meets while reading
// the files fails the whole folder: YAML errors, documents that are not
// maps, invalid namespaces, invalid class names (a null or empty Name
// included); the error is a [diag.List] of all of them. Errors in a
// class's declarations come with the class from [Package.ClassFile].
//
// The package is version 0.0.0 with no requirements, and a [Loader] finds
// it whatever version spec is asked for, as the foundation does.
func ClassFolder(name string, fsys fs.FS, runtime decl.Version) (*Package, error) {
	p := &Package{
		name:       name,
		version:    semver.New(0, 0, 0, "", ""),
		runtime:    runtime,
		anyVersion: true,
		fsys:       fsys,
		classes:    map[string]classRef{},
		files:      map[string]*classFile{},
	}
	var errs diag.List
	err := fs.WalkDir(fsys, ".", func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || d.Name() == manifestFile {
			return nil
		}
		if ok, _ := path.Match("*.yaml", d.Name()); !ok {
			return nil
		}
		src, err := readFile(fsys, file)
		if err != nil {
			return err
		}
		cf := decodeClassFile(file, src, runtime)
		p.files[file] = cf
		for _, e := range cf.errs {
			errs.Add(e)
		}
		for _, c := range cf.file.Classes {
			switch {
			case c.Name != nil && c.FullName != "":
				p.classes[c.FullName] = classRef{file: file}
			case c.Name == nil && c.Doc.Has("Name"):
				n := c.Doc.Get("Name")
				err := &decl.PyError{Class: "ValueError", Msg: `Invalid type name "` + n.Text() + `"`}
				errs.Add(&diag.Error{Kind: diag.Load, Pos: n.Span, Msg: err.Error(), Err: err})
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return p, nil
}

// loadError is an error of the reference's class with its message at a
// position of a package file.
func loadError(pos source.Pos, class, msg string) diag.List {
	err := &decl.PyError{Class: class, Msg: msg}
	return diag.List{{Kind: diag.Load, Pos: source.At(pos), Msg: err.Error(), Err: err}}
}

// UI returns the package's UI definition: for MuranoPL the file
// UI/<manifest UI, default ui.yaml>, nil when it is not a file (as the
// reference, no error); for another format what its plug-in gives. A UI
// path that leaves UI/ is an error, as the reference's secure_join.
func (p *Package) UI() ([]byte, error) {
	if p.Manifest == nil {
		return nil, nil
	}
	if p.contents != nil {
		return p.contents.UI()
	}
	name := path.Join("UI", p.Manifest.UI)
	if !fs.ValidPath(name) || !isUnder(name, "UI") || p.Manifest.UI == "" || p.Manifest.UI[0] == '/' {
		return nil, loadError(posOf(p.Manifest.root.Get("UI")), "ValueError", "path "+p.Manifest.UI+" is not allowed")
	}
	src, err := readFile(p.fsys, name)
	if err != nil {
		return nil, nil
	}
	return src, nil
}

// HasFile reports whether the package has a regular file (logo.png,
// images.lst, …) or, for a name ending in "/", a folder (Resources/).
func (p *Package) HasFile(name string) bool {
	info, err := fs.Stat(p.fsys, strings.TrimSuffix(name, "/"))
	if err != nil {
		return false
	}
	return info.IsDir() == strings.HasSuffix(name, "/")
}

// Meta returns the Meta section of a MuranoPL package's manifest for the
// engine ([decl.MetaPackage]): as yaml.safe_load reads it (no
// expressions), meta class names taken as full names. Class folders and
// other formats have none, as in the reference.
func (p *Package) Meta() (decl.Meta, error) {
	if p.Manifest == nil || p.contents != nil {
		return decl.Meta{}, nil
	}
	m, errs := decl.DecodeMeta(p.Manifest.root.Get("Meta"))
	if len(errs) > 0 {
		return decl.Meta{}, errs
	}
	return m, nil
}

// Library is a library every task loads (the core libraries): its files,
// embedded in the build or provided to one that does not embed them, and
// the package opened from them once, kept with the class files it decodes.
type Library struct {
	embedded fs.FS

	mu       sync.Mutex
	provided fs.FS
	p        *Package
	err      error
}

// NewLibrary returns the library of the embedded files.
func NewLibrary(embedded fs.FS) *Library { return &Library{embedded: embedded} }

// Provide gives the library's files (a package folder), used instead of
// the embedded ones; the package opened from those is forgotten.
func (l *Library) Provide(files fs.FS) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.provided, l.p, l.err = files, nil, nil
}

// FS returns the library's files as a package folder.
func (l *Library) FS() fs.FS {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.fs()
}

func (l *Library) fs() fs.FS {
	if l.provided != nil {
		return l.provided
	}
	return l.embedded
}

// Package returns the library opened as a package, on the first call.
func (l *Library) Package() (*Package, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.p == nil && l.err == nil {
		l.p, l.err = Open(l.fs())
	}
	return l.p, l.err
}
