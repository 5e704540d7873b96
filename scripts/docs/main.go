// Command docs builds the documentation site of the playground: the pages
// of docs/site (Markdown, in the order of docs/site/nav.txt) rendered as
// HTML, each live example run in the engine natively and its output
// written into the page (so that it reads without JavaScript), checked
// against the output its source says, and the reference pages generated
// from the engine's YAQL function tables and the command line's flags.
// `go run ./scripts build` runs it and serves the pages under /docs/.
//
//	go run ./scripts/docs [-src docs/site] [-out DIR] [-assets JSON] [-update]
//
// It fails when an example gives another output than its page says, raises
// where it should not, or when a link between pages (or to a heading)
// leads nowhere. With -update (or MURANO_UPDATE=1) it rewrites the
// outputs in the sources instead. -assets is the JSON the site build
// gives: the content-hashed names of the docs' script and style and of
// the engine's files.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	src := flag.String("src", "docs/site", "the folder of the pages' sources")
	out := flag.String("out", "", "write the pages into this folder (none: only check)")
	assets := flag.String("assets", "", "the site's assets (JSON): docs.js, docs.css and the engine's")
	update := flag.Bool("update", os.Getenv("MURANO_UPDATE") == "1", "rewrite the outputs of the examples in the sources")
	cmdDir := flag.String("cmd", "cmd/muranopl", "the command line's source folder, for its reference")
	flag.Parse()
	if err := chdirToModuleRoot(); err != nil {
		fatal(err)
	}
	var a siteAssets
	if *assets != "" {
		if err := json.Unmarshal([]byte(*assets), &a); err != nil {
			fatal(fmt.Errorf("-assets: %w", err))
		}
	}
	s, err := buildDocs(context.Background(), options{src: *src, cmd: *cmdDir, assets: a, update: *update})
	if err != nil {
		fatal(err)
	}
	if *out != "" {
		if err := s.write(*out); err != nil {
			fatal(err)
		}
	}
	fmt.Printf("docs: %d pages, %d examples\n", len(s.pages), s.examples())
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "docs:", err)
	os.Exit(1)
}

func chdirToModuleRoot() error {
	dir, err := os.Getwd()
	if err != nil {
		return err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return os.Chdir(dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return fmt.Errorf("go.mod not found above %s", strings.TrimSpace(dir))
		}
		dir = parent
	}
}
