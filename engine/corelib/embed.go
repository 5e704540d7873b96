//go:build !js

package corelib

import "embed"

//go:embed manifest.yaml Classes Resources
var embedded embed.FS
