package chess

import (
	"go/build"
	"strings"
	"testing"
)

// The developers' guide: the package chess uses the Go standard library only (the command
// and the subpackages may depend on more). Test files are not counted.
func TestRootImportsStandardLibraryOnly(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range pkg.Imports {
		// a standard library path has no dot in its first element (golang.org/x is not std)
		if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
			t.Errorf("package chess imports %s, outside the standard library", path)
		}
	}
	if len(pkg.Imports) == 0 {
		t.Error("no imports found: the test reads the wrong directory")
	}
}
