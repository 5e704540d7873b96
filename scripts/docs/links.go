// This file checks the links of the rendered pages: a link to a page
// must name a page of the site, a fragment an id of its page, and a
// link out of the docs only the playground itself (../, with a state or
// a view in its fragment) or its repository.

package main

import (
	"fmt"
	"html"
	"regexp"
	"strings"
)

var (
	hrefRE = regexp.MustCompile(`\shref="([^"]*)"`)
	idRE   = regexp.MustCompile(`\sid="([^"]*)"`)
)

// checkLinks returns an error for every link that leads nowhere.
func (s *docsSite) checkLinks() []error {
	ids := map[string]map[string]bool{}
	for _, p := range s.pages {
		ids[p.name] = map[string]bool{}
		for _, m := range idRE.FindAllStringSubmatch(p.html, -1) {
			ids[p.name][html.UnescapeString(m[1])] = true
		}
	}
	var errs []error
	for _, p := range s.pages {
		for _, m := range hrefRE.FindAllStringSubmatch(p.html, -1) {
			if err := checkLink(p.name, html.UnescapeString(m[1]), ids); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", p.src, err))
			}
		}
	}
	return errs
}

func checkLink(from, href string, ids map[string]map[string]bool) error {
	switch {
	case strings.HasPrefix(href, "data:"):
		return nil
	case strings.HasPrefix(href, "https://"), strings.HasPrefix(href, "http://"):
		return fmt.Errorf("a link leaves the site: %s (the docs link only to themselves and the playground)", href)
	case strings.HasPrefix(href, "../"):
		rest := strings.TrimPrefix(href, "../")
		file, _, _ := strings.Cut(rest, "#")
		if file == "" || file == "index.html" || strings.HasPrefix(file, "repo/") || strings.HasSuffix(file, ".css") || strings.HasSuffix(file, ".png") {
			return nil
		}
		return fmt.Errorf("a link to %s, which is not the playground", href)
	}
	file, frag, _ := strings.Cut(href, "#")
	if file == "" {
		file = from
	}
	target, ok := ids[file]
	if !ok {
		return fmt.Errorf("a link to %s: there is no page %s", href, file)
	}
	if frag != "" && !target[frag] {
		return fmt.Errorf("a link to %s: %s has no #%s", href, file, frag)
	}
	return nil
}
