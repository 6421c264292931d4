package chess

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestConformanceTable: every test that CONFORMANCE.md names exists, so the table of rules
// and their proofs cannot name a test that was renamed or removed.
func TestConformanceTable(t *testing.T) {
	table, err := os.ReadFile("CONFORMANCE.md")
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	files, _ := filepath.Glob("*_test.go")
	more, _ := filepath.Glob(filepath.Join("cmd", "chess", "*_test.go"))
	for _, sub := range []string{"polyglot", "opening"} {
		tests, _ := filepath.Glob(filepath.Join(sub, "*_test.go"))
		more = append(more, tests...)
	}
	decl := regexp.MustCompile(`(?m)^func ((?:Test|Example|Fuzz)\w*)\(`)
	for _, f := range append(files, more...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range decl.FindAllStringSubmatch(string(src), -1) {
			defined[m[1]] = true
		}
	}
	named := regexp.MustCompile("`((?:Test|Example|Fuzz)\\w*)`").FindAllStringSubmatch(string(table), -1)
	if len(named) < 50 {
		t.Fatalf("CONFORMANCE.md names %d tests; is it complete?", len(named))
	}
	for _, m := range named {
		if !defined[m[1]] {
			t.Errorf("CONFORMANCE.md names %s, which no test file defines", m[1])
		}
	}
}
