// This file saves a PNG of the playground page as headless Chromium shows it.

package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
)

func screenshotCommand(ctx context.Context, outPath, view string, width, height int) error {
	if !fileExists(chromiumPath) {
		return fmt.Errorf("needs %s: apt-get install -y chromium", chromiumPath)
	}
	s, err := buildSite(ctx, os.Stdout)
	if err != nil {
		return err
	}
	return withServer(ctx, s.dir, func(url string) error {
		if view != "" {
			url += "#" + view
		}
		return run(ctx, os.Stdout, nil, "node", "web/tests/screenshot.mjs", url, outPath, strconv.Itoa(width), strconv.Itoa(height))
	})
}
