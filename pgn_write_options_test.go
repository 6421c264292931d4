package chess

import (
	"strings"
	"testing"
)

// The export choices: without comments, variations or NAGs, and the line width (79 by
// default, §8.2.1); the black move number after a dropped comment or variation goes with it.
func TestPGNWriteOptions(t *testing.T) {
	const in = "[Event \"E\"]\n\n{start} 1. e4 $1 {best by test} e5 (1... c5 $2 {Sicilian}) 2. Nf3 Nc6 *"
	tests := []struct {
		name string
		opts PGNWriteOptions
		want string
	}{
		{"all", PGNWriteOptions{}, "{ start } 1. e4 $1 { best by test } 1... e5 (1... c5 $2 { Sicilian }) 2. Nf3\nNc6 *"},
		{"NoComments", PGNWriteOptions{NoComments: true}, "1. e4 $1 e5 (1... c5 $2) 2. Nf3 Nc6 *"},
		{"NoVariations", PGNWriteOptions{NoVariations: true}, "{ start } 1. e4 $1 { best by test } 1... e5 2. Nf3 Nc6 *"},
		{"NoNAGs", PGNWriteOptions{NoNAGs: true}, "{ start } 1. e4 { best by test } 1... e5 (1... c5 { Sicilian }) 2. Nf3 Nc6 *"},
		{"all three", PGNWriteOptions{NoComments: true, NoVariations: true, NoNAGs: true}, "1. e4 e5 2. Nf3 Nc6 *"},
		{"LineWidth 20", PGNWriteOptions{LineWidth: 20}, "{ start } 1. e4 $1 {\nbest by test }\n1... e5 (1... c5 $2\n{ Sicilian }) 2. Nf3\nNc6 *"},
	}
	for _, tt := range tests {
		g := readOnePGN(t, in)
		var sb strings.Builder
		if _, err := g.WritePGN(&sb, tt.opts); err != nil {
			t.Fatal(err)
		}
		got := strings.TrimSpace(strings.TrimPrefix(sb.String(), "[Event \"E\"]\n\n"))
		if got != tt.want {
			t.Errorf("%s:\n%s\nwant:\n%s", tt.name, got, tt.want)
		}
	}
	// the default width is 79: a long main line breaks before column 80
	g := readOnePGN(t, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. Nf3 Nf6 10. Ng1 Ng8 *")
	lines := strings.Split(g.String(), "\n")
	if len(lines[0]) != 76 || !strings.HasPrefix(lines[1], "8. Ng1") {
		t.Errorf("default width: %q", lines[:2])
	}
}
