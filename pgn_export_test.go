package chess

import (
	"strings"
	"testing"
)

// TestPGNExportBlackMoveNumbers8_2_2_2: a black move number indication ("12...") is written
// only where §8.2.2.2 asks for it: before the first move of a game or variation when Black
// plays it, and before a black move after a comment or a variation; never between a white
// move and the black reply that follows it directly, at any depth of nesting.
func TestPGNExportBlackMoveNumbers8_2_2_2(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"a reply with variations, inside a variation",
			"1. e4 e5 2. Nf3 (2. Nc3 Nc6 (2... Nf6) 3. f4) 2... Nc6 *",
			"1. e4 e5 2. Nf3 (2. Nc3 Nc6 (2... Nf6) 3. f4) 2... Nc6 *"},
		{"three deep",
			"1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6 (2... d6 3. f4 (3. g3 g6 (3... Nf6) 4. Bg2) 3... Nc6) 3. g3) 2... d6) 2. Nf3 *",
			"1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6 (2... d6 3. f4 (3. g3 g6 (3... Nf6) 4. Bg2) 3... Nc6) 3. g3) 2... d6) 2. Nf3 *"},
		{"after a comment and at a black start",
			"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 1\"]\n\n1... Kd7 2. Kd2 {c} 2... Kc7 (2... Ke7 3. Ke2) 3. Kc2 *",
			"1... Kd7 2. Kd2 { c } 2... Kc7 (2... Ke7 3. Ke2) 3. Kc2 *"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewPGNReader(strings.NewReader(tc.in + "\n")).Read()
			if err != nil {
				t.Fatal(err)
			}
			var movetext []string
			for _, line := range strings.Split(g.String(), "\n") {
				if !strings.HasPrefix(line, "[") {
					movetext = append(movetext, line)
				}
			}
			got := strings.ReplaceAll(strings.Join(strings.Fields(strings.Join(movetext, " ")), " "), " )", ")") // a line may break before ")"
			if got != tc.want {
				t.Errorf("movetext\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
