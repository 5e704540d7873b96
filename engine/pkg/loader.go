// This file finds packages by name and version spec.

package pkg

import (
	"github.com/Masterminds/semver/v3"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/versions"
)

// Loader is a [dsl.Loader] over a fixed set of packages.
type Loader struct {
	byName map[string][]*Package // in the order given
}

var _ dsl.Loader = (*Loader)(nil)

// NewLoader returns a loader over the packages. Several versions of a
// package may be given; of two with the same name and version, the later
// one is used.
func NewLoader(pkgs ...*Package) *Loader {
	l := &Loader{byName: map[string][]*Package{}}
	for _, p := range pkgs {
		l.byName[p.name] = append(l.byName[p.name], p)
	}
	return l
}

// Load returns the highest version of the named package that satisfies
// the version spec (see [versions.ParseSpec]: "" means major version 0,
// "*" any version). A class folder matches any spec, as in murano's test
// foundation. An invalid spec is a ValueError [decl.PyError]; no match is
// a [*NotFoundError].
func (l *Loader) Load(name, spec string) (dsl.Package, error) {
	candidates := l.byName[name]
	var found *Package
	for i := len(candidates) - 1; i >= 0; i-- {
		if p := candidates[i]; p.anyVersion {
			found = p
			break
		}
	}
	if found == nil && len(candidates) > 0 {
		s, err := versions.ParseSpec(spec)
		if err != nil {
			return nil, &decl.PyError{Class: "ValueError", Msg: err.Error()}
		}
		vs := make([]*semver.Version, len(candidates))
		for i, p := range candidates {
			vs[i] = p.version
		}
		if i := s.Select(vs); i >= 0 {
			found = candidates[i]
		}
	}
	if found == nil {
		return nil, &NotFoundError{Name: name, Spec: spec}
	}
	return found, nil
}

// NotFoundError is the reference's NoPackageFound: no package has the
// name, or none of its versions satisfies the spec.
type NotFoundError struct {
	Name, Spec string
}

// Error returns the reference's message, which does not name the spec.
func (e *NotFoundError) Error() string { return `Package "` + e.Name + `" is not found` }
