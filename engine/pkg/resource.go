// This file gives access to a package's resources, the files under
// Resources/ that MuranoPL code reads through io.murano.system.Resources.

package pkg

import (
	"io/fs"
	"path"

	"murano.dev/playground/engine/dsl/decl"
)

const resourcesDir = "Resources"

// ResourceContents is implemented by the [Contents] of formats that put
// files of their own among the package's resources.
type ResourceContents interface {
	// Resource returns the resource at name, a clean path under
	// Resources/ ("Resources/x.sh"); ok is false when the format has
	// nothing there and the package's own file applies.
	Resource(name string) (src []byte, ok bool, err error)
}

// Resource returns the content of the resource name: the file
// Resources/<name>, name a slash-separated path that must stay inside
// Resources/ (the reference's get_resource and its secure_join: "../x",
// "/x", "" and "." are ValueErrors). A Heat.HOT package also has its
// template as Resources/<FullName>, which the reference copies there when
// it generates the class (before the class is used). A file that does not
// exist is an error wrapping [fs.ErrNotExist].
func (p *Package) Resource(name string) ([]byte, error) {
	full := path.Join(resourcesDir, name)
	if name == "" || name[0] == '/' || !fs.ValidPath(full) || !isUnder(full, resourcesDir) {
		return nil, &decl.PyError{Class: "ValueError", Msg: "path " + resourcesDir + "/" + name + " is not allowed"}
	}
	if rc, ok := p.contents.(ResourceContents); ok {
		if src, ok, err := rc.Resource(full); ok {
			return src, err
		}
	}
	return fs.ReadFile(p.fsys, full)
}
