//go:build !js

package apps

import "embed"

//go:embed manifest.yaml Classes
var embedded embed.FS
