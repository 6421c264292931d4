package chess

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
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

// TestConformanceTableRows: every row of CONFORMANCE.md's tables is a Markdown table row, "|"
// first and last, with as many cells as its table's header, so that a test name cannot stand
// outside the row's last cell (where the renderer drops it).
func TestConformanceTableRows(t *testing.T) {
	table, err := os.ReadFile("CONFORMANCE.md")
	if err != nil {
		t.Fatal(err)
	}
	cells := 0 // the header's cell count, 0 outside a table
	for i, line := range strings.Split(string(table), "\n") {
		if !strings.HasPrefix(line, "|") {
			cells = 0
			continue
		}
		n := strings.Count(line, "|") - strings.Count(line, "\\|") - 1
		if cells == 0 {
			cells = n
		}
		if !strings.HasSuffix(strings.TrimSpace(line), "|") || n != cells {
			t.Errorf("CONFORMANCE.md:%d: %d cells, want %d and a closing \"|\": %.80s", i+1, n, cells, line)
		}
	}
}
