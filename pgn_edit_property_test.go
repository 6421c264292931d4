package chess

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// allNodes returns the nodes of the tree, the root first.
func allNodes(root *PGNNode) []*PGNNode {
	out := []*PGNNode{root}
	for i := 0; i < len(out); i++ {
		out = append(out, out[i].Children...)
	}
	return out
}

// illegalMove returns a move that is not legal in p: a square pair no legal move has.
func illegalMove(rnd *rand.Rand, p Position) Move {
	for {
		m := NewMove(SquareAt(rnd.Intn(64)), SquareAt(rnd.Intn(64)), NoPieceType)
		if m.From() != m.To() && !p.IsLegal(m) {
			return m
		}
	}
}

// randomEdit makes one edit of g at a random node, and checks that an illegal one is refused
// and leaves the game as it was. It returns a failure, or "".
func randomEdit(rnd *rand.Rand, g *PGNGame, comment func() string) string {
	nodes := allNodes(g.Root)
	n := nodes[rnd.Intn(len(nodes))]
	moves := n.Position.LegalMoves()
	var err error
	op := rnd.Intn(13)
	switch op {
	case 0, 1, 2:
		if len(moves) == 0 {
			return ""
		}
		m := moves[rnd.Intn(len(moves))]
		switch op {
		case 0:
			_, err = g.AddMove(n, m)
		case 1:
			_, err = g.AddSAN(n, n.Position.SAN(m))
		case 2:
			_, err = g.AddUCI(n, n.Position.UCI(m))
		}
	case 3:
		if n.Parent != nil {
			err = g.Promote(n)
		}
	case 4:
		if n.Parent != nil {
			err = g.PromoteToMain(n)
		}
	case 5:
		if n.Parent != nil {
			err = g.Demote(n)
		}
	case 6:
		if n.Parent != nil && rnd.Intn(3) == 0 {
			err = g.Remove(n)
		}
	case 7:
		n.SetComment(comment())
	case 8:
		err = n.SetClock(time.Duration(rnd.Int63n(int64(3 * time.Hour))))
	case 9:
		e := Eval{Centipawns: rnd.Intn(2001) - 1000}
		if rnd.Intn(4) == 0 {
			e = Eval{Mate: rnd.Intn(20) + 1}
		}
		err = n.SetEval(e, rnd.Intn(40))
	case 10:
		err = n.SetArrows([]Arrow{{MarkGreen, SquareAt(rnd.Intn(32)), SquareAt(32 + rnd.Intn(32))}})
		if err == nil {
			err = n.SetHighlights([]Highlight{{MarkRed, SquareAt(rnd.Intn(64))}})
		}
	case 11:
		if n.Parent != nil {
			n.NAGs = append(n.NAGs, NAG(rnd.Intn(256)))
		}
	case 12:
		// illegal edits: refused, and nothing changes
		before, final, plies := g.String(), g.Final, g.Plies
		bad := illegalMove(rnd, n.Position)
		_, e1 := g.AddMove(n, bad)
		_, e2 := g.AddUCI(n, bad.String())
		_, e3 := g.AddSAN(n, "Kz9")
		if e1 == nil || e2 == nil || e3 == nil {
			return fmt.Sprintf("illegal %v at %q accepted: %v %v %v", bad, n.Label(), e1, e2, e3)
		}
		if g.String() != before || g.Final != final || g.Plies != plies {
			return fmt.Sprintf("a refused edit of %v at %q changed the game", bad, n.Label())
		}
	}
	if err != nil {
		return fmt.Sprintf("edit %d at %q: %v", op, n.Label(), err)
	}
	return ""
}

// checkInvariants checks the tree after an edit: every node follows from its parent, and
// Final, Plies and BoardEnd describe the main line.
func checkInvariants(g *PGNGame) string {
	if err := g.Check(); err != nil {
		return err.Error()
	}
	game := g.Game()
	if g.Final != game.Position() || g.Plies != len(game.Moves()) {
		return fmt.Sprintf("Final %s Plies %d, main line ends at %s after %d", g.Final.FEN(), g.Plies, game.Position().FEN(), len(game.Moves()))
	}
	return ""
}

// Property: random games with random edits (add by Move, SAN and UCI, promote, demote, remove,
// comment, clock, eval, arrows, NAGs, tags) keep a valid tree with Final and Plies up to date;
// written and read back they give the same tree, the tags in export order (§8.1.1), the same
// Final and Plies; an illegal edit is refused and leaves the game as it was; written without
// comments, variations and NAGs in another width, the main line alone reads back.
func TestPGNEditProperty(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 300
	if testing.Short() {
		params.MinSuccessfulTests = 60
	}
	params.MaxSize = 30
	properties := gopter.NewProperties(params)
	spec := gopter.CombineGens(gen.Int64(), gen.IntRange(0, 60), gen.SliceOf(commentText()), gen.SliceOf(tagText()), gen.IntRange(0, 40)).
		Map(func(v []any) []any { return v })
	properties.Property("edit, write, read: same game", prop.ForAll(func(v []any) string {
		g := buildGame(genGameSpec{v[0].(int64), v[1].(int), v[2].([]string), v[3].([]string)})
		g.refresh() // buildGame leaves Final and Plies to the reader
		comments := v[2].([]string)
		comment := func() string {
			if len(comments) == 0 {
				return "c"
			}
			return comments[0]
		}
		rnd := rand.New(rand.NewSource(v[0].(int64) ^ 0x5eed))
		for i := v[4].(int); i > 0; i-- {
			if msg := randomEdit(rnd, g, comment); msg != "" {
				return msg
			}
			if msg := checkInvariants(g); msg != "" {
				return msg
			}
			if rnd.Intn(8) == 0 {
				name := []string{"White", "Event", "Annotator", "ECO", "Round"}[rnd.Intn(5)]
				if err := g.SetTag(name, comment()); err != nil {
					return err.Error()
				}
			}
		}
		if g.BoardEnd != NoTermination {
			g.SetResult(ResultUnknown) // a random result could contradict the end on the board
		}
		text := g.String()
		rec := &recorder{}
		checkRoundTrip(rec, g, text)
		if rec.msg != "" {
			return rec.msg
		}
		g2, _ := NewPGNReader(strings.NewReader(text)).Read()
		if !slices.Equal(g2.Tags, exportTagOrder(g.Tags)) {
			return fmt.Sprintf("tags %q, want %q", g2.Tags, exportTagOrder(g.Tags))
		}
		if g2.Final != g.Final || g2.Plies != g.Plies || g2.BoardEnd != g.BoardEnd {
			return fmt.Sprintf("read back Final %s Plies %d BoardEnd %v, edited %s %d %v", g2.Final.FEN(), g2.Plies, g2.BoardEnd, g.Final.FEN(), g.Plies, g.BoardEnd)
		}
		return checkExportChoices(g)
	}, spec))
	properties.TestingRun(t)
}

// checkExportChoices writes g without comments, variations and NAGs, in a random width, and
// reads back the main line alone, with nothing of what was left out.
func checkExportChoices(g *PGNGame) string {
	var sb strings.Builder
	opts := PGNWriteOptions{NoComments: true, NoVariations: true, NoNAGs: true, LineWidth: 20 + len(g.Tags)%60}
	if _, err := g.WritePGN(&sb, opts); err != nil {
		return err.Error()
	}
	back, _ := NewPGNReader(strings.NewReader(sb.String())).Read()
	if back == nil || back.Root == nil || !slices.Equal(back.Moves(), g.Moves()) || back.Final != g.Final {
		return "export choices: another main line:\n" + sb.String()
	}
	for _, n := range allNodes(back.Root) {
		if len(n.Children) > 1 || n.Comments != nil || n.StartingComments != nil || n.NAGs != nil {
			return "export choices: a variation, comment or NAG left:\n" + sb.String()
		}
	}
	for _, line := range strings.Split(sb.String(), "\n") {
		if len(line) > opts.LineWidth && strings.Contains(line, " ") && !strings.HasPrefix(line, "[") {
			return fmt.Sprintf("export choices: a line over %d bytes: %q", opts.LineWidth, line)
		}
	}
	return ""
}
