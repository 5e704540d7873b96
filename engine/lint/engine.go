package lint

import (
	"errors"
	"io/fs"
	"regexp"
	"slices"
	"strings"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/versions"
)

// The problems only the engine sees.
const (
	codeLoad          = "L001" // murano cannot load the package (manifest)
	codeSyntax        = "L002" // YAML, YAQL or contract syntax in a class file
	codeDecl          = "L003" // a declaration the engine rejects
	codeMissingClass  = "L004" // the manifest's file does not define the class
	codeUnresolved    = "L010" // no available package provides the class
	codeUnchecked     = "L011" // the class may come from a package that is not available
	codeBadSpec       = "L020" // a version spec that does not parse
	codeUnsatisfiable = "L021" // no available version satisfies the requirement
	codeUnusedField   = "L030" // a UI field nothing refers to
	codeForm          = "L031" // a form murano-pkg-check fails on (E000)
)

// engine loads the package as the MuranoPL engine does and checks what it
// refers to.
func (c *checker) engine() {
	p, err := c.opened, error(nil)
	if p == nil {
		p, err = pkg.Open(c.fsys)
	}
	if err != nil {
		c.diags(manifestFile, codeLoad, err)
		return
	}
	var core *pkg.Package
	if c.core != nil {
		core, _ = pkg.Open(c.core)
	}
	known := map[string]bool{}
	for _, n := range p.ClassNames() {
		known[n] = true
	}
	if core != nil {
		for _, n := range core.ClassNames() {
			known[n] = true
		}
	}
	others := c.requirements(p, core)
	reported := map[string]bool{}
	for _, f := range c.decodeClassFiles(p) {
		for _, cls := range f.Classes {
			for _, ref := range references(cls) {
				if known[ref.name] || reported[ref.name] {
					continue
				}
				reported[ref.name] = true
				switch {
				case core == nil && strings.HasPrefix(ref.name, "io.murano."):
					c.reportAs(Warning, ref.pos, codeUnchecked, "class %s is not in the package; unchecked: the core library is not available", ref.name)
				case len(others) > 0:
					c.reportAs(Warning, ref.pos, codeUnchecked, "class %s is neither in the package nor in the core library; unchecked: it may come from %s", ref.name, strings.Join(others, ", "))
				default:
					c.reportAs(Error, ref.pos, codeUnresolved, "class %s is not found: neither the package nor the core library defines it, and no other package is required", ref.name)
				}
			}
		}
	}
}

// decodeClassFiles decodes the class files of the package with the
// engine's decoder, reporting what it rejects, and checks that each file
// the manifest names defines its class.
func (c *checker) decodeClassFiles(p *pkg.Package) []*decl.File {
	var files []*decl.File
	byPath := map[string]*decl.File{}
	for _, name := range c.files {
		if !strings.HasPrefix(name, "Classes/") || !strings.HasSuffix(name, ".yaml") {
			continue
		}
		src, err := fs.ReadFile(c.fsys, name)
		if err != nil {
			continue
		}
		f, errs := p.DecodeClassFile(name, src)
		for _, e := range errs {
			if e.Kind == diag.Syntax && strings.HasPrefix(e.Msg, "YAMLError") && c.reportedAt(name, "E002") {
				continue
			}
			code := codeDecl
			if e.Kind == diag.Syntax {
				code = codeSyntax
				if c.reportedOnLine(e.Pos.Start, codeSyntax) {
					continue
				}
			}
			c.reportAs(Error, e.Pos.Start, code, "%s", e.Msg)
		}
		files = append(files, f)
		byPath[name] = f
	}
	if c.man == nil {
		return files
	}
	_, classes := get(c.man.root, "Classes")
	for _, e := range entries(classes) {
		path := "Classes/" + e.Value.Text()
		f := byPath[path]
		if f == nil || c.reportedAt(path, "E002") {
			continue
		}
		if cls, _ := f.Lookup(e.Key.Text()); cls == nil {
			c.reportAs(Error, pos(manifestFile, e.Key), codeMissingClass, "class %s is not defined in Classes/%s", e.Key.Text(), e.Value.Text())
		}
	}
	return files
}

func (c *checker) reportedAt(file, code string) bool {
	return slices.ContainsFunc(c.problems, func(p Problem) bool { return p.Pos.File == file && p.Code == code })
}

func (c *checker) reportedOnLine(at source.Pos, code string) bool {
	return slices.ContainsFunc(c.problems, func(p Problem) bool {
		return p.Pos.File == at.File && p.Pos.Line == at.Line && p.Code == code
	})
}

// requirements checks the manifest's Require section and returns the
// required packages that are not available to check against.
func (c *checker) requirements(p *pkg.Package, core *pkg.Package) []string {
	if c.man == nil {
		return nil
	}
	available := []*pkg.Package{p}
	if core != nil {
		available = append(available, core)
	}
	loader := pkg.NewLoader(available...)
	var others []string
	_, req := get(c.man.root, "Require")
	for _, e := range entries(req) {
		name, spec := e.Key.Text(), ""
		if e.Value.PyType() != "NoneType" {
			spec = e.Value.Text()
		}
		at := pos(manifestFile, e.Value)
		if e.Value == nil || e.Value.PyType() == "NoneType" {
			at = pos(manifestFile, e.Key)
		}
		if _, err := versions.ParseSpec(spec); err != nil {
			c.reportAs(Error, at, codeBadSpec, "requirement %s: invalid version spec %q: %v", name, spec, err)
			continue
		}
		if name == "io.murano" && core == nil {
			continue
		}
		if name != p.Name() && name != "io.murano" {
			others = append(others, name)
			continue
		}
		if _, err := loader.Load(name, spec); err != nil {
			have := p.Version()
			if name != p.Name() {
				have = core.Version()
			}
			c.reportAs(Error, at, codeUnsatisfiable, "requirement %s %q cannot be satisfied: the available version is %s", name, spec, have)
		}
	}
	return others
}

// diags reports the errors of loading the package.
func (c *checker) diags(file, code string, err error) {
	var list diag.List
	if !errors.As(err, &list) {
		c.reportAs(Error, source.Pos{File: file}, code, "the package does not load: %v", err)
		return
	}
	for _, e := range list {
		p := e.Pos.Start
		if p.File == "" {
			p.File = file
		}
		c.reportAs(Error, p, code, "the package does not load: %s", e.Msg)
	}
}

// classRef is a class a declaration or an expression refers to.
type classRef struct {
	name string
	pos  source.Pos
}

// literalClass finds class('ns:Name') and new(ns:Name, …) with a literal
// class name in an expression.
var literalClass = regexp.MustCompile(`\b(?:class|new)\(\s*(['"]?)([A-Za-z_][\w.]*(?::[A-Za-z_][\w.]*)?)(['"]?)\s*[,)]`)

// references lists the classes a class refers to: what it extends and
// imports, its meta-classes, and the literal class names of its
// contracts and bodies.
func references(cls *decl.Class) []classRef {
	var refs []classRef
	add := func(t decl.TypeRef) {
		if t.Name != "" && t.Node != nil {
			refs = append(refs, classRef{t.Name, t.Node.Span.Start})
		}
	}
	meta := func(m decl.Meta) {
		for _, e := range m.Entries {
			add(e.Type)
		}
	}
	for _, t := range cls.Extends {
		add(t)
	}
	for _, t := range cls.Import {
		add(t)
	}
	meta(cls.Meta)
	var walk func(n *decl.Node)
	walk = func(n *decl.Node) {
		if n == nil {
			return
		}
		if n.Expr != nil {
			for _, m := range literalClass.FindAllStringSubmatchIndex(n.Expr.Source, -1) {
				if n.Expr.Source[m[2]:m[3]] != n.Expr.Source[m[6]:m[7]] {
					continue
				}
				name := n.Expr.Source[m[4]:m[5]]
				if full, err := cls.Namespaces.Resolve(name); err == nil {
					refs = append(refs, classRef{full, n.Expr.Pos(m[4])})
				}
			}
		}
		for _, x := range n.Items {
			walk(x)
		}
		for _, e := range n.Entries {
			walk(e.Key)
			walk(e.Value)
		}
	}
	for _, p := range cls.Properties {
		meta(p.Meta)
		walk(p.Contract)
	}
	for _, m := range cls.Methods {
		meta(m.Meta)
		walk(m.Body)
		for _, a := range m.Arguments {
			meta(a.Meta)
			walk(a.Contract)
		}
	}
	return refs
}
