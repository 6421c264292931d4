package chess

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// genGameSpec is what a generated game is made of: a seed for its moves and branch points,
// and the texts gopter generates for its comments and tag values.
type genGameSpec struct {
	Seed     int64
	Plies    int
	Comments []string
	Values   []string
}

// commentText generates what a comment may hold once read: printable text with single or
// double spaces, braces (a comment with "}" is written as ";" comments), quotes, backslashes,
// non-ASCII letters; no line breaks, no white space at either end (reading folds and trims).
func commentText() gopter.Gen {
	chars := []rune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?()[]{}<>%$#@&*+-=/\\\"'_~|^`é♔…")
	return gen.SliceOf(gen.IntRange(0, len(chars)-1)).Map(func(idx []int) string {
		var sb strings.Builder
		for _, i := range idx {
			sb.WriteRune(chars[i])
		}
		return strings.TrimSpace(sb.String())
	})
}

// tagText generates tag values: printable ASCII with quotes and backslashes.
func tagText() gopter.Gen {
	return gen.SliceOf(gen.IntRange(0x20, 0x7e)).Map(func(cs []int) string {
		b := make([]byte, len(cs))
		for i, c := range cs {
			b[i] = byte(c)
		}
		return string(b)
	})
}

var pgnPropertyStarts = []struct {
	tags []Tag
	pos  Position
}{
	{nil, StartingPosition()},
	{[]Tag{{"SetUp", "1"}, {"FEN", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17"}},
		MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17")},
	{[]Tag{{"Variant", "Chess960"}, {"SetUp", "1"}, {"FEN", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"}},
		MustParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").WithChess960(true)},
	{[]Tag{{"SetUp", "1"}, {"FEN", "8/2k5/8/8/8/8/1P6/K7 w - - 0 60"}}, MustParseFEN("8/2k5/8/8/8/8/1P6/K7 w - - 0 60")},
}

// buildGame makes a game from spec: random legal moves (sometimes a null move), comments
// before and after moves, NAGs, variations branching at random points and nested up to three
// deep, the Seven Tag Roster and other tags in random order.
func buildGame(spec genGameSpec) *PGNGame {
	rnd := rand.New(rand.NewSource(spec.Seed))
	comments, values := spec.Comments, spec.Values
	comment := func() string {
		if len(comments) == 0 {
			return "c"
		}
		c := comments[rnd.Intn(len(comments))]
		return c
	}
	value := func() string {
		if len(values) == 0 {
			return "?"
		}
		return values[rnd.Intn(len(values))]
	}
	start := pgnPropertyStarts[rnd.Intn(len(pgnPropertyStarts))]
	g := &PGNGame{Root: &PGNNode{Position: start.pos}}
	if rnd.Intn(4) == 0 {
		g.Root.Comments = []string{comment()}
	}
	annotate := func(n *PGNNode) {
		for rnd.Intn(4) == 0 {
			n.Comments = append(n.Comments, comment())
		}
		for rnd.Intn(5) == 0 {
			n.NAGs = append(n.NAGs, NAG(rnd.Intn(256)))
		}
	}
	// child plays one move after parent: a random legal move, or now and then a null move.
	child := func(parent *PGNNode) *PGNNode {
		p := parent.Position
		moves := p.LegalMoves()
		if len(moves) == 0 {
			return nil
		}
		n := &PGNNode{Parent: parent}
		if !p.InCheck() && rnd.Intn(40) == 0 {
			n.Move = NullMove
			n.Position, _ = p.PlayNull()
		} else {
			n.Move = moves[rnd.Intn(len(moves))]
			n.Position, _ = p.Play(n.Move)
		}
		parent.Children = append(parent.Children, n)
		annotate(n)
		return n
	}
	var line func(from *PGNNode, plies, depth int)
	line = func(from *PGNNode, plies, depth int) {
		for i := 0; i < plies; i++ {
			n := child(from)
			if n == nil {
				return
			}
			if depth < 3 && rnd.Intn(6) == 0 {
				// variations replace n: more children of from, each a line of its own
				for k := 1 + rnd.Intn(2); k > 0; k-- {
					v := child(from)
					if v == nil {
						break
					}
					if rnd.Intn(3) == 0 {
						v.StartingComments = []string{comment()}
					}
					line(v, rnd.Intn(6), depth+1)
				}
			}
			from = n
		}
	}
	line(g.Root, spec.Plies, 0)

	// tags: some of the roster, some others, all in random order
	result := []string{"1-0", "0-1", "1/2-1/2", "*"}[rnd.Intn(4)]
	if gameOverOnBoard(g.Root) {
		result = "*" // a random result could contradict an automatic ending
	}
	g.Result = result
	for _, name := range sevenTagRoster {
		switch {
		case name == "Result":
			g.Tags = append(g.Tags, Tag{name, result})
		case rnd.Intn(5) > 0:
			g.Tags = append(g.Tags, Tag{name, value()})
		}
	}
	for i := rnd.Intn(4); i > 0; i-- {
		g.Tags = append(g.Tags, Tag{fmt.Sprintf("%c%s_%d", 'A'+rnd.Intn(26), "Tag", i), value()})
	}
	g.Tags = append(g.Tags, start.tags...)
	rnd.Shuffle(len(g.Tags), func(i, j int) { g.Tags[i], g.Tags[j] = g.Tags[j], g.Tags[i] })
	return g
}

// Property: a generated game, written and read back, has the same tags and tree; writing it
// again gives the same text; every line is at most 79 bytes or one unbreakable token.
func TestPGNWriteReadProperty(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 500
	if testing.Short() {
		params.MinSuccessfulTests = 100
	}
	params.MaxSize = 40
	properties := gopter.NewProperties(params)
	spec := gopter.CombineGens(gen.Int64(), gen.IntRange(0, 120), gen.SliceOf(commentText()), gen.SliceOf(tagText())).
		Map(func(v []any) genGameSpec {
			return genGameSpec{v[0].(int64), v[1].(int), v[2].([]string), v[3].([]string)}
		})
	properties.Property("write, read: same game", prop.ForAll(func(spec genGameSpec) string {
		g := buildGame(spec)
		text := g.String()
		rec := &recorder{}
		checkLineWidths(rec, text)
		checkRoundTrip(rec, g, text)
		if rec.msg != "" {
			return rec.msg
		}
		g2, _ := NewPGNReader(strings.NewReader(text)).Read()
		if again := g2.String(); again != text {
			return fmt.Sprintf("written again:\n%s\nfirst:\n%s", again, text)
		}
		return ""
	}, spec))
	properties.TestingRun(t)
}

// recorder is a testing.TB that keeps the first failure, for checks used inside a property.
type recorder struct {
	testing.TB
	msg string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	if r.msg == "" {
		r.msg = fmt.Sprintf(format, args...)
	}
}
func (r *recorder) Failed() bool { return r.msg != "" }

// gameOverOnBoard reports whether the main line from root reaches an automatic ending of the
// FIDE Laws (Game.Outcome), where only the matching result may be declared.
func gameOverOnBoard(root *PGNNode) bool {
	g := NewGame(root.Position)
	for n := range root.MainLine() {
		if g.Outcome().IsOver() {
			return true
		}
		if err := g.Play(n.Move); err != nil {
			return true
		}
	}
	return g.Outcome().IsOver()
}
