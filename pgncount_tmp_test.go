package chess

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestPGNCountTmp(t *testing.T) {
	files, _ := filepath.Glob("../shared/testdata/pgn/*/*.pgn")
	for _, fn := range files {
		f, err := os.Open(fn)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		games, plies, errs, warns := 0, 0, 0, 0
		r := NewPGNReader(f)
		r.NoTree = os.Getenv("TREE") == ""
		var first error
		for g, err := range r.All() {
			games++
			plies += g.Plies
			warns += len(g.Warnings)
			if err != nil {
				errs++
				if first == nil {
					first = err
				}
			}
		}
		f.Close()
		t.Logf("%-70s games %5d errs %4d plies %7d warns %5d %v %v", fn[len("../shared/testdata/pgn/"):], games, errs, plies, warns, time.Since(start).Round(time.Millisecond), first)
	}
}
