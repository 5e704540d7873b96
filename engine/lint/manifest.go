package lint

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"murano.dev/playground/engine/internal/pyyaml"

	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/versions"
)

const manifestFile = "manifest.yaml"

var manifestKeys = []string{"Format", "Author", "Version", "FullName", "Name", "Classes", "Tags", "Require", "Type", "Description", "UI", "Logo"}

// semverStart is what a version must start with for murano-pkg-check's
// SemVer coercion to accept it.
var semverStart = regexp.MustCompile(`^\d+(\.\d+(\.\d+)?)?`)

// manifest checks manifest.yaml field by field.
func (c *checker) manifest() {
	c.format = "1.0"
	docs := c.readYAML(manifestFile, false)
	if len(docs) == 0 {
		return
	}
	d := docs[0]
	if !isMap(d.root) {
		c.report(pos(d.file, d.root), "E002", "Yaml Error: the manifest is a %s, not a mapping", d.root.PyType())
		return
	}
	c.man = &d
	c.keywords(d, manifestKeys, []string{"FullName", "Type", "Description"})
	at := func(n *pyyaml.Node) source.Pos { return pos(manifestFile, n) }

	if _, f := get(d.root, "Format"); f != nil {
		v := f.Text()
		name, ver, ok := strings.Cut(v, "/")
		if !ok {
			ver = v
		}
		c.format = ver
		switch {
		case ok && name != "MuranoPL":
			c.report(at(f), "W030", "Not supported format %q", v)
		case !slices.Contains([]string{"1.0", "1.1", "1.2", "1.3", "1.4"}, ver):
			c.report(at(f), "W030", "Not supported format version %q", v)
		}
	}
	for _, key := range []string{"Author", "Name"} {
		if _, v := get(d.root, key); v != nil && !isStr(v) {
			c.report(at(v), "E040", "Value is not a string %q", v.Text())
		}
	}
	if _, v := get(d.root, "Version"); v != nil {
		s := v.Text()
		if _, err := versions.Parse(s); err != nil || !semverStart.MatchString(s) {
			c.report(at(v), "E071", "Version format should be compatible with SemVer not %q", s)
		}
	}
	if _, v := get(d.root, "FullName"); v != nil && !isFQN(v) {
		c.report(at(v), "E073", "Invalid FullName %q", v.Text())
	}
	if _, v := get(d.root, "Tags"); v != nil && !isList(v) {
		c.report(at(v), "E070", "Tags should be a list")
	}
	if _, v := get(d.root, "Require"); v != nil {
		if !isMap(v) {
			c.report(at(v), "E005", "Require is not a dict type")
		}
		for _, e := range entries(v) {
			if !isFQN(e.Key) {
				c.report(at(e.Key), "E005", "Require key is not valid FQN %q", e.Key.Text())
			}
		}
	}
	if _, v := get(d.root, "Type"); v != nil {
		c.appType = v.Text()
		if !isStr(v) || (v.Text() != "Application" && v.Text() != "Library") {
			c.report(at(v), "E071", "Type is invalid %q", v.Text())
		}
	}
	if _, v := get(d.root, "Description"); v != nil && !isStr(v) {
		c.report(at(v), "E030", "Value is not valid string %q", v.Text())
	}
	c.manifestFiles(d)
}

// manifestFiles checks the files the manifest names: classes, UI, logo.
func (c *checker) manifestFiles(d doc) {
	at := func(n *pyyaml.Node) source.Pos { return pos(manifestFile, n) }
	if k, v := get(d.root, "Classes"); k != nil {
		if !isMap(v) {
			c.report(at(v), "E074", "Classes section should be a dict")
		} else {
			c.classFiles = map[string]string{}
			listed := map[string]bool{}
			for _, e := range entries(v) {
				c.classFiles[e.Key.Text()] = e.Value.Text()
				if listed[e.Value.Text()] {
					continue
				}
				listed[e.Value.Text()] = true
				if !slices.Contains(c.files, "Classes/"+e.Value.Text()) {
					c.report(at(e.Value), "E050", "File %q is present in Manifest, but not in filesystem", e.Value.Text())
				}
			}
			for _, f := range c.files {
				if rel, ok := strings.CutPrefix(f, "Classes/"); ok && !listed[rel] {
					c.report(source.Pos{File: f, Line: 1, Col: 1}, "W020", "File %q is not present in Manifest, but it is in filesystem", rel)
				}
			}
		}
	}
	library := c.appType == "Library"
	for _, f := range []struct{ key, dir, def, missing, notString, what string }{
		{"UI", "UI", "ui.yaml", "W073", "E072", "UI"},
		{"Logo", "", "logo.png", "W074", "E074", "Logo"},
	} {
		k, v := get(d.root, f.key)
		name := f.def
		p := at(d.root)
		if k != nil {
			if !isStr(v) {
				c.report(at(v), f.notString, "%s is not a string", f.what)
				continue
			}
			name, p = v.Text(), at(v)
		}
		if !library && !c.exists(path.Join(f.dir, name)) {
			c.report(p, f.missing, "There is no %s file %q", f.what, name)
		}
	}
}

var (
	knownTopFiles    = []string{"manifest.yaml", "UI", "LICENSE", "Classes", "images.lst", "README.rst"}
	requiredTopFiles = []string{"manifest.yaml", "LICENSE"}
)

// layout checks the files at the root of the package.
func (c *checker) layout() {
	logo := "logo.png"
	if c.man != nil {
		if _, v := get(c.man.root, "Logo"); v != nil {
			logo = v.Text()
		}
	}
	for _, f := range c.files {
		if !strings.Contains(f, "/") && !slices.Contains(knownTopFiles, f) && f != logo {
			c.report(source.Pos{File: f, Line: 1, Col: 1}, "W120", "Unknown %q in the package", f)
		}
	}
	for _, f := range requiredTopFiles {
		if !slices.Contains(c.files, f) {
			c.report(source.Pos{File: f}, "W121", "Missing %q in the package", f)
		}
	}
}
