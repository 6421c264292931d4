package chess

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func treeSig(n *PGNNode, sb *strings.Builder) {
	sb.WriteString(n.Move.String())
	sb.WriteString("|" + n.Position.FEN())
	sb.WriteString("|" + strings.Join(n.StartingComments, "\x00"))
	sb.WriteString("|" + strings.Join(n.Comments, "\x00"))
	for _, g := range n.NAGs {
		sb.WriteString("$" + string(rune('0'+g)))
	}
	sb.WriteString("(")
	for _, c := range n.Children {
		treeSig(c, sb)
	}
	sb.WriteString(")")
}

func TestRoundTripTmp(t *testing.T) {
	files, _ := filepath.Glob("../shared/testdata/pgn/*/*.pgn")
	total, ok := 0, 0
	for _, fn := range files {
		if strings.Contains(fn, "corpus") && testing.Short() {
			continue
		}
		f, _ := os.Open(fn)
		for g, err := range Games(f) {
			if err != nil || g.Root == nil || strings.Contains(g.Warnings.Error(), "Result tag says") {
				continue
			}
			total++
			text := g.String()
			for i, line := range strings.Split(text, "\n") {
				if len(line) > 79 && !strings.HasPrefix(line, "[") && !strings.Contains(line, ";") && strings.Count(line, " ") > 0 {
					t.Errorf("%s game %d line %d too long: %q", fn, g.Index, i, line)
				}
			}
			g2, err := NewPGNReader(strings.NewReader(text)).Read()
			if err != nil {
				t.Errorf("%s game %d: reread: %v\n%s", fn, g.Index, err, text)
				continue
			}
			var a, b strings.Builder
			treeSig(g.Root, &a)
			treeSig(g2.Root, &b)
			if a.String() != b.String() || !reflect.DeepEqual(exportTagOrder(g.Tags), g2.Tags) && len(g.Tags) > 0 {
				t.Errorf("%s game %d: round trip differs\n%s", fn, g.Index, text)
				continue
			}
			ok++
		}
		f.Close()
	}
	t.Log(total, ok)
}
