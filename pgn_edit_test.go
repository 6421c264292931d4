package chess

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func readOnePGN(t *testing.T, text string) *PGNGame {
	t.Helper()
	g, err := NewPGNReader(strings.NewReader(text)).Read()
	if err != nil {
		t.Fatalf("reading %q: %v", text, err)
	}
	return g
}

// movetext returns the game's movetext as written, on one line.
func movetext(t *testing.T, g *PGNGame) string {
	t.Helper()
	var sb strings.Builder
	if _, err := g.WritePGN(&sb, PGNWriteOptions{LineWidth: 1 << 20}); err != nil {
		t.Fatalf("WritePGN: %v", err)
	}
	s := sb.String()
	if i := strings.Index(s, "\n\n"); i >= 0 && strings.HasPrefix(s, "[") {
		s = s[i+2:]
	}
	return strings.TrimSpace(s)
}

// nodeAt follows SAN moves from the root, each among the children of the node before.
func nodeAt(t *testing.T, g *PGNGame, sans ...string) *PGNNode {
	t.Helper()
	n := g.Root
next:
	for _, s := range sans {
		for _, c := range n.Children {
			if c.SAN() == s {
				n = c
				continue next
			}
		}
		t.Fatalf("no move %s after %q", s, n.Label())
	}
	return n
}

// checkFinal asserts that Final and Plies describe the main line.
func checkFinal(t *testing.T, g *PGNGame, plies int) {
	t.Helper()
	last := g.Root
	for n := range g.Root.MainLine() {
		last = n
	}
	if g.Plies != plies || g.Final != last.Position {
		t.Errorf("Plies %d Final %s, want %d and %s", g.Plies, g.Final.FEN(), plies, last.Position.FEN())
	}
}

// §8.2.5: moves and variations added by Move, SAN and UCI from any node.
func TestPGNEditAddRAV(t *testing.T) {
	g := readOnePGN(t, "1. e4 e5 2. Nf3 *")
	if _, err := g.AddSAN(nodeAt(t, g, "e4", "e5", "Nf3"), "Nc6"); err != nil {
		t.Fatal(err)
	}
	checkFinal(t, g, 4)
	if _, err := g.AddUCI(nodeAt(t, g, "e4"), "c7c5"); err != nil {
		t.Fatal(err)
	}
	m, _ := nodeAt(t, g, "e4").Position.ParseUCI("e7e6")
	if _, err := g.AddMove(nodeAt(t, g, "e4"), m); err != nil {
		t.Fatal(err)
	}
	n, err := g.AddSAN(nodeAt(t, g, "e4", "c5"), "Nf3")
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := g.AddSAN(nodeAt(t, g, "e4", "c5"), "Nf3"); again != n {
		t.Error("adding a move that is there added it again")
	}
	if _, err := g.AddSAN(n, "--"); err != nil {
		t.Fatal(err)
	}
	if got, want := movetext(t, g), "1. e4 e5 (1... c5 2. Nf3 --) (1... e6) 2. Nf3 Nc6 *"; got != want {
		t.Errorf("movetext %q, want %q", got, want)
	}
	checkFinal(t, g, 4)
}

// An illegal move is refused with the error that explains it, and the tree is unchanged.
func TestPGNEditIllegalRefused(t *testing.T) {
	g := readOnePGN(t, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *")
	before := g.String()
	at := nodeAt(t, g, "e4", "e5", "Qh5", "Nc6", "Bc4")
	_, err := g.AddSAN(at, "Kf7")
	var se *SANError
	var te *PGNTreeError
	if !errors.Is(err, ErrIllegalMove) || !errors.As(err, &se) || !errors.As(err, &te) || te.Op != "AddSAN" {
		t.Errorf("AddSAN(Kf7) = %v, want a *PGNTreeError wrapping a *SANError and ErrIllegalMove", err)
	}
	_, err = g.AddUCI(at, "e8f7")
	var me *MoveError
	if !errors.Is(err, ErrIllegalMove) || !errors.As(err, &me) {
		t.Errorf("AddUCI(e8f7) = %v, want a *MoveError", err)
	}
	if _, err = g.AddMove(at, NewMove(SquareAt(4), SquareAt(12), NoPieceType)); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("AddMove(e1e2 for Black) = %v", err)
	}
	mate := nodeAt(t, g, "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6")
	n, _ := g.AddSAN(mate, "Qxf7#")
	if _, err = g.AddSAN(n, "--"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("a null move in check = %v", err)
	}
	if _, err = g.AddSAN(&PGNNode{Position: StartingPosition()}, "e4"); !errors.Is(err, ErrNotInTree) {
		t.Errorf("a node of another tree = %v", err)
	}
	g.Remove(n)
	if after := g.String(); after != before {
		t.Errorf("refused edits changed the game:\n%s\nwas:\n%s", after, before)
	}
	for _, op := range []func(*PGNNode) error{g.Promote, g.PromoteToMain, g.Demote, g.Remove} {
		if err := op(g.Root); !errors.Is(err, ErrNotInTree) {
			t.Errorf("editing the root: %v, want ErrNotInTree", err)
		}
	}
}

// §8.2.5: promotion and demotion of variations, and removal; Final, Plies, BoardEnd follow.
func TestPGNEditPromoteDemoteRemove(t *testing.T) {
	const text = "1. e4 e5 (1... c5 2. Nf3 (2. Nc3) 2... d6) (1... e6 2. d4) 2. Nf3 *"
	tests := []struct {
		name  string
		edit  func(g *PGNGame) error
		want  string
		plies int
	}{
		{"promote the first variation", func(g *PGNGame) error { return g.Promote(nodeAt(t, g, "e4", "c5")) },
			"1. e4 c5 (1... e5 2. Nf3) (1... e6 2. d4) 2. Nf3 (2. Nc3) 2... d6 *", 4},
		{"promote the second variation", func(g *PGNGame) error { return g.Promote(nodeAt(t, g, "e4", "e6")) },
			"1. e4 e5 (1... e6 2. d4) (1... c5 2. Nf3 (2. Nc3) 2... d6) 2. Nf3 *", 3},
		{"promote the main line: nothing", func(g *PGNGame) error { return g.Promote(nodeAt(t, g, "e4", "e5")) },
			"1. e4 e5 (1... c5 2. Nf3 (2. Nc3) 2... d6) (1... e6 2. d4) 2. Nf3 *", 3},
		{"promote a nested variation to the main line", func(g *PGNGame) error { return g.PromoteToMain(nodeAt(t, g, "e4", "c5", "Nc3")) },
			"1. e4 c5 (1... e5 2. Nf3) (1... e6 2. d4) 2. Nc3 (2. Nf3 d6) *", 3},
		{"demote the main line", func(g *PGNGame) error { return g.Demote(nodeAt(t, g, "e4", "e5")) },
			"1. e4 c5 (1... e5 2. Nf3) (1... e6 2. d4) 2. Nf3 (2. Nc3) 2... d6 *", 4},
		{"demote the last: nothing", func(g *PGNGame) error { return g.Demote(nodeAt(t, g, "e4", "e6")) },
			"1. e4 e5 (1... c5 2. Nf3 (2. Nc3) 2... d6) (1... e6 2. d4) 2. Nf3 *", 3},
		{"remove the main line's move", func(g *PGNGame) error { return g.Remove(nodeAt(t, g, "e4", "e5")) },
			"1. e4 c5 (1... e6 2. d4) 2. Nf3 (2. Nc3) 2... d6 *", 4},
		{"remove a variation", func(g *PGNGame) error { return g.Remove(nodeAt(t, g, "e4", "c5")) },
			"1. e4 e5 (1... e6 2. d4) 2. Nf3 *", 3},
		{"remove the first move", func(g *PGNGame) error { return g.Remove(nodeAt(t, g, "e4")) }, "*", 0},
	}
	for _, tt := range tests {
		g := readOnePGN(t, text)
		if err := tt.edit(g); err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := movetext(t, g); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
		checkFinal(t, g, tt.plies)
		if err := g.Check(); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	// §8.2.5: comments before a variation's first move go after the parent's move when the
	// variation becomes the main continuation, where a reader finds them.
	g0 := readOnePGN(t, "1. e4 {x} ({before} 1. d4 {after}) *")
	if err := g0.Promote(nodeAt(t, g0, "d4")); err != nil {
		t.Fatal(err)
	}
	if got, want := movetext(t, g0), "{ before } 1. d4 { after } (1. e4 { x }) *"; got != want {
		t.Errorf("promoted with comments: %q, want %q", got, want)
	}
	if d := sameGame(g0, readOnePGN(t, g0.String())); d != "" {
		t.Error(d)
	}
	// BoardEnd follows the main line: a mate promoted to the main line ends the game.
	g := readOnePGN(t, "1. f3 e5 2. g4 (2. Kf2) *")
	if _, err := g.AddSAN(nodeAt(t, g, "f3", "e5", "g4"), "Qh4#"); err != nil || g.BoardEnd != Checkmate {
		t.Errorf("after Qh4#: BoardEnd %v, %v", g.BoardEnd, err)
	}
	g.PromoteToMain(nodeAt(t, g, "f3", "e5", "Kf2"))
	if g.BoardEnd != NoTermination || g.Plies != 3 {
		t.Errorf("after promoting Kf2: BoardEnd %v, Plies %d", g.BoardEnd, g.Plies)
	}
}

// §8.2.2: a move's number and label count from the starting position's fullmove number and
// side to move, so a game from a FEN with Black to move starts with "12...".
func TestPGNMoveNumberFromFEN(t *testing.T) {
	g := readOnePGN(t, "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. e4 Ke6 *")
	var labels []string
	for n := range g.Root.MainLine() {
		num, c := n.MoveNumber()
		labels = append(labels, n.Label()+"/"+c.String()+"/"+string(rune('0'+num%10))+"/"+string(rune('0'+n.Ply())))
	}
	if got, want := strings.Join(labels, " "), "12...Kd7/black/2/1 13.e4/white/3/2 13...Ke6/black/3/3"; got != want {
		t.Errorf("labels %q, want %q", got, want)
	}
	if num, c := g.Root.MoveNumber(); num != 12 || c != Black || g.Root.Label() != "" {
		t.Errorf("root: %d %v %q", num, c, g.Root.Label())
	}
}

// A tree changed by hand is checked when written: nothing is written for it, and the error
// names the node (the hand-built node of the issue wrote "1... e7e4" before).
func TestPGNWriteRefusesInvalidTree(t *testing.T) {
	e2e4, _ := StartingPosition().ParseUCI("e2e4")
	afterE4, _ := StartingPosition().Play(e2e4)
	tests := []struct {
		name  string
		build func(g *PGNGame)
		label string
	}{
		{"an illegal move", func(g *PGNGame) {
			g.Root.Children = append(g.Root.Children, &PGNNode{Parent: g.Root, Move: NewMove(SquareAt(52), SquareAt(36), NoPieceType), Position: StartingPosition()})
		}, "e7e5"},
		{"a stale position", func(g *PGNGame) {
			g.Root.Children = append(g.Root.Children, &PGNNode{Parent: g.Root, Move: e2e4, Position: StartingPosition()})
		}, "1.e4"},
		{"a wrong parent", func(g *PGNGame) {
			g.Root.Children = append(g.Root.Children, &PGNNode{Move: e2e4, Position: afterE4})
		}, "e2e4"},
		{"comments before a main continuation", func(g *PGNGame) {
			g.Root.Children = append(g.Root.Children, &PGNNode{Parent: g.Root, Move: e2e4, Position: afterE4, StartingComments: []string{"x"}})
		}, "1.e4"},
		{"a null move in check", func(g *PGNGame) {
			p := MustParseFEN("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")
			g.Root.Position = p
			g.SetTag("FEN", p.FEN())
			g.Root.Children = append(g.Root.Children, &PGNNode{Parent: g.Root, Move: NullMove, Position: p})
		}, "--"},
	}
	for _, tt := range tests {
		g := &PGNGame{Tags: []Tag{{"Event", "E"}}, Root: &PGNNode{Position: StartingPosition()}}
		tt.build(g)
		var sb strings.Builder
		n, err := g.WritePGN(&sb, PGNWriteOptions{})
		var te *PGNTreeError
		if !errors.Is(err, ErrInvalidTree) || !errors.As(err, &te) || te.Label != tt.label || n != 0 || sb.Len() != 0 {
			t.Errorf("%s: WritePGN = %d, %v (label %q), wrote %q", tt.name, n, err, tt.label, sb.String())
		}
	}
}

// From a node of a read game to a Game with the line's whole history: repetition claims work.
func TestPGNNodeGame(t *testing.T) {
	g := readOnePGN(t, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 (3... e5) 4. Ng1 Ng8 *")
	game := g.Game()
	if !game.CanClaimThreefold() || game.RepetitionCount() != 3 || len(game.Moves()) != 8 {
		t.Errorf("main line: threefold %v, count %d, %d moves", game.CanClaimThreefold(), game.RepetitionCount(), len(game.Moves()))
	}
	side := nodeAt(t, g, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "e5").Game()
	if got := strings.Join(side.SANMoves(), " "); got != "Nf3 Nf6 Ng1 Ng8 Nf3 e5" || side.CanClaimThreefold() {
		t.Errorf("variation: %q, threefold %v", got, side.CanClaimThreefold())
	}
	if root := g.Root.Game(); len(root.Moves()) != 0 || root.Position() != StartingPosition() {
		t.Error("the root's game is not the empty game")
	}
	// Game to PGNGame to Game: the same moves and positions
	played := NewGame(StartingPosition())
	for _, san := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"} {
		played.PlaySAN(san)
	}
	again := NewPGNGame(played).Game()
	if !slices.Equal(again.Moves(), played.Moves()) || again.Position() != played.Position() || !slices.Equal(again.SANMoves(), played.SANMoves()) {
		t.Errorf("Game round trip: %q, then %q", played.SANMoves(), again.SANMoves())
	}
	fen := readOnePGN(t, "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/5k2/8/4K2R w K - 99 80\"]\n\n80. Rh2 *").Game()
	if !fen.CanClaimFiftyMoves() || fen.Position().FullmoveNumber() != 80 {
		t.Errorf("from a FEN: fifty %v", fen.CanClaimFiftyMoves())
	}
}

// §9.7: the start that Check expects from the tags is the reader's own set-up, for every game
// of the shared files and the fixtures (differential); the 25,000-game corpus without -short.
func TestPGNTagStartAgreesWithReader(t *testing.T) {
	dir := sharedTestdata(t, "pgn")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.pgn"))
	if testing.Short() {
		files = slices.DeleteFunc(files, func(f string) bool { return filepath.Base(filepath.Dir(f)) == "corpus" })
	}
	fixtures, _ := filepath.Glob(filepath.Join("testdata", "pgn", "*.pgn"))
	games := 0
	for _, path := range append(files, fixtures...) {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		for g := range Games(f) {
			if g == nil || g.Root == nil {
				continue
			}
			if start, ok := g.tagStart(); ok && start != g.Root.Position {
				t.Errorf("%s game %d: tags give %s, the reader set up %s", path, g.Index, start.FEN(), g.Root.Position.FEN())
			}
			games++
		}
		f.Close()
	}
	if games < 1000 {
		t.Errorf("only %d games compared", games)
	}
}

// A tree whose root is not the tags' start cannot be written: it would read back from
// another position. Parent links made into a cycle by hand are refused, not followed forever.
func TestPGNCheckStartAndCycles(t *testing.T) {
	g := readOnePGN(t, "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *")
	g.SetTag("FEN", "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1")
	if err := g.Check(); !errors.Is(err, ErrInvalidTree) || !strings.Contains(err.Error(), "not the one the tags give") {
		t.Errorf("FEN tag changed under the tree: %v", err)
	}
	g.RemoveTag("FEN")
	if err := g.Check(); !errors.Is(err, ErrInvalidTree) {
		t.Errorf("FEN tag removed: %v", err)
	}
	g.SetTag("FEN", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	if err := g.Check(); err != nil {
		t.Errorf("FEN tag back: %v", err)
	}
	g.SetTag("Variant", "Crazyhouse") // not replayed by a reader: no start to compare
	if err := g.Check(); err != nil {
		t.Errorf("unsupported variant: %v", err)
	}
	a, b := &PGNNode{}, &PGNNode{}
	a.Parent, b.Parent = b, a
	if _, err := g.AddSAN(a, "e4"); !errors.Is(err, ErrNotInTree) {
		t.Errorf("a node on a cycle of parents: %v", err)
	}
	c := &PGNNode{}
	c.Parent = c
	if err := g.Remove(c); !errors.Is(err, ErrNotInTree) {
		t.Errorf("a node that is its own parent: %v", err)
	}
}
