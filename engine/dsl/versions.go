// This file adapts version specs (engine/versions) to the engine: a bad
// spec is the reference's ValueError, versions are matched as text.

package dsl

import "murano.dev/playground/engine/versions"

// VersionSpec is a parsed version spec.
type VersionSpec struct{ spec versions.Spec }

// ParseVersionSpec parses a spec such as "", "1", "==1.2", ">=1,<2" as
// the reference's parse_version_spec does.
func ParseVersionSpec(s string) (VersionSpec, error) {
	sp, err := versions.ParseSpec(s)
	if err != nil {
		return VersionSpec{}, builtinError("ValueError", "%s", err.Error())
	}
	return VersionSpec{sp}, nil
}

// Match reports whether the version (as the reference coerces it)
// satisfies the spec.
func (s VersionSpec) Match(version string) bool {
	v, err := versions.Parse(version)
	return err == nil && s.spec.Match(v)
}
