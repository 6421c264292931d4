package chess

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

func TestGoldenMovesTmp(t *testing.T) {
	f, err := os.Open("../shared/testdata/golden/moves.tsv")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n, bad := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		c := strings.Split(line, "\t")
		p, err := ParseFEN(c[3])
		if err != nil {
			t.Errorf("%s: %v", line, err)
			bad++
			continue
		}
		if strings.Contains(c[0], "960") {
			p = p.WithChess960(true)
		}
		m, err := p.ParseUCI(c[4])
		n++
		if err != nil {
			t.Errorf("%s: %v", line, err)
			bad++
		} else if san := p.SAN(m); san != c[5] {
			t.Errorf("%s: SAN %s", line, san)
			bad++
		} else if q, _ := p.Play(m); q.FEN() != c[6] {
			t.Errorf("%s: FEN %s", line, q.FEN())
			bad++
		}
		if bad > 20 {
			t.Fatal("too many")
		}
	}
	t.Log(n, bad)
}
