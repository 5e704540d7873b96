// This file checks the Version of a UI definition as the dashboard does
// with semantic_version's coerce.

package dynui

import (
	"fmt"
	"regexp"
	"strconv"
)

// FormatVersion is a coerced Dynamic UI format version.
type FormatVersion struct {
	Major, Minor, Patch int
	// Pre is a prerelease suffix ("beta" of 2.4.0-beta), which sorts
	// before the release.
	Pre string
}

// LatestVersion is the newest format the dashboard supports, and the
// version of a definition without Version.
var LatestVersion = FormatVersion{2, 4, 0, ""}

func (v FormatVersion) String() string {
	s := fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
	if v.Pre != "" {
		s += "-" + v.Pre
	}
	return s
}

// Compare orders versions as semantic_version does (a prerelease before
// its release).
func (v FormatVersion) Compare(w FormatVersion) int {
	for _, d := range []int{v.Major - w.Major, v.Minor - w.Minor, v.Patch - w.Patch} {
		if d != 0 {
			return d
		}
	}
	switch {
	case v.Pre == w.Pre:
		return 0
	case v.Pre == "":
		return 1
	case w.Pre == "":
		return -1
	case v.Pre < w.Pre:
		return -1
	}
	return 1
}

var coerceRE = regexp.MustCompile(`^(\d+)(?:\.(\d+)(?:\.(\d+))?)?`)

// CoerceVersion is semantic_version.Version.coerce of the text.
func CoerceVersion(text string) (FormatVersion, error) {
	m := coerceRE.FindStringSubmatchIndex(text)
	if m == nil {
		return FormatVersion{}, fmt.Errorf("Version string lacks a numerical component: %s", pyRepr(text))
	}
	num := func(i int) int {
		if m[2*i] < 0 {
			return 0
		}
		n, _ := strconv.Atoi(text[m[2*i]:m[2*i+1]])
		return n
	}
	v := FormatVersion{Major: num(1), Minor: num(2), Patch: num(3)}
	if rest := text[m[1]:]; len(rest) > 1 && rest[0] == '-' {
		v.Pre = rest[1:]
	}
	return v, nil
}

// checkVersion is the dashboard's version.check_version.
func checkVersion(text string) (FormatVersion, error) {
	v, err := CoerceVersion(text)
	if err != nil {
		return v, err
	}
	if v.Major != LatestVersion.Major {
		return v, fmt.Errorf("Unsupported Dynamic UI format version: requested format version %s is not compatible with the supported family %d", v, LatestVersion.Major)
	}
	if v.Compare(LatestVersion) > 0 {
		return v, fmt.Errorf("Unsupported Dynamic UI format version: requested format version %s is newer than latest supported %s", v, LatestVersion)
	}
	return v, nil
}
