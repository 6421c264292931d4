package chess_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/ox88/chess"
)

// readGame reads the first game of a PGN text; the examples' inputs are valid.
func readGame(text string) *chess.PGNGame {
	g, err := chess.NewPGNReader(strings.NewReader(text)).Read()
	if err != nil {
		panic(err)
	}
	return g
}

// writeMovetext prints a game's movetext without its tags.
func writeMovetext(g *chess.PGNGame) {
	g.RemoveTag("Result")
	g.WritePGN(os.Stdout, chess.PGNWriteOptions{})
}

func ExamplePGNGame_SetTag() {
	g := readGame("[Event \"Club\"]\n[Annotator \"Zed\"]\n\n1. e4 *")
	g.SetTag("White", "Anna") // a roster tag goes to its place, before the others
	g.SetTag("Event", "Club championship")
	err := g.SetTag("Black\"] [Site", "x") // a name that would break the file
	fmt.Println(err)
	for _, t := range g.Tags {
		fmt.Printf("%s=%q\n", t.Name, t.Value)
	}
	// Output:
	// chess: tag "Black\"] [Site": a tag name is letters, digits and _ and starts with a letter
	// Event="Club championship"
	// White="Anna"
	// Annotator="Zed"
}

func ExamplePGNGame_RemoveTag() {
	g := readGame("[Event \"E\"]\n[PlyCount \"1\"]\n\n1. e4 *")
	fmt.Println(g.RemoveTag("PlyCount"), g.RemoveTag("PlyCount"), len(g.Tags))
	// Output: true false 1
}

func ExamplePGNGame_TagResult() {
	g := readGame("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1")
	r, ok := g.TagResult()
	fmt.Println(r, ok, r.Winner())
	g.SetResult(chess.ResultUnknown)
	fmt.Println(g.Tag("Result"), g.Result)
	// Output:
	// 0-1 true black
	// * *
}

func ExamplePGNGame_AddSAN() {
	g := readGame("1. e4 e5 2. Nf3 *")
	e4 := g.Root.Children[0]
	c5, _ := g.AddSAN(e4, "c5") // e4 has a continuation: c5 is a variation
	g.AddSAN(c5, "Nf3")
	_, err := g.AddSAN(c5, "Ke7") // refused: illegal here
	fmt.Println(err)
	writeMovetext(g)
	// Output:
	// chess: PGNGame.AddSAN: illegal move "Ke7": no king can move to e7
	// 1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *
}

func ExamplePGNGame_AddUCI() {
	g := readGame("[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 40\"]\n\n*")
	n, _ := g.AddUCI(g.Root, "a7a8q")
	fmt.Println(n.Label(), g.Plies, g.Final.FEN())
	// Output: 40.a8=Q+ 1 Q3k3/8/8/8/8/8/8/4K3 b - - 0 40
}

func ExamplePGNGame_AddMove() {
	g := readGame("1. d4 *")
	m, _ := g.Root.Position.ParseUCI("g1f3")
	n, _ := g.AddMove(g.Root, m)
	fmt.Println(n.Label(), len(g.Root.Children))
	// Output: 1.Nf3 2
}

func ExamplePGNGame_Promote() {
	g := readGame("1. e4 (1. d4) (1. c4) *")
	g.Promote(g.Root.Children[2]) // c4 before d4
	writeMovetext(g)
	g.Promote(g.Root.Children[1]) // c4 becomes the main line
	writeMovetext(g)
	// Output:
	// 1. e4 (1. c4) (1. d4) *
	//
	// 1. c4 (1. e4) (1. d4) *
}

func ExamplePGNGame_PromoteToMain() {
	g := readGame("1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) 2. Nf3 *")
	nc3 := g.Root.Children[0].Children[1].Children[1]
	g.PromoteToMain(nc3)
	writeMovetext(g)
	fmt.Println(g.Plies, g.Final.FEN())
	// Output:
	// 1. e4 c5 (1... e5 2. Nf3) 2. Nc3 (2. Nf3 d6) 2... Nc6 *
	//
	// 4 r1bqkbnr/pp1ppppp/2n5/2p5/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3
}

func ExamplePGNGame_Demote() {
	g := readGame("1. e4 (1. d4) *")
	g.Demote(g.Root.Children[0])
	writeMovetext(g)
	// Output: 1. d4 (1. e4) *
}

func ExamplePGNGame_Remove() {
	g := readGame("1. e4 e5 (1... c5) 2. Nf3 Nc6 *")
	g.Remove(g.Root.Children[0].Children[0]) // e5 and all after it; c5 takes its place
	writeMovetext(g)
	fmt.Println(g.Plies)
	// Output:
	// 1. e4 c5 *
	//
	// 2
}

func ExamplePGNGame_Check() {
	g := readGame("1. e4 *")
	e4 := g.Root.Children[0]
	e4.Move = chess.NewMove(chess.SquareAt(12), chess.SquareAt(36), chess.NoPieceType) // e2e5 by hand
	_, err := g.WritePGN(os.Stdout, chess.PGNWriteOptions{})
	fmt.Println(err)
	// Output: chess: PGNGame.Check: e2e5: illegal move: the pawn on e2 cannot move to e5
}

func ExamplePGNNode_Label() {
	g := readGame("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. e4 *")
	for n := range g.Root.MainLine() {
		num, side := n.MoveNumber()
		fmt.Println(n.Label(), num, side, n.Ply())
	}
	// Output:
	// 12...Kd7 12 black 1
	// 13.e4 13 white 2
}

func ExamplePGNNode_SetClock() {
	g := readGame("1. e4 { book } *")
	e4 := g.Root.Children[0]
	e4.SetClock(2*time.Minute + 58*time.Second + 500*time.Millisecond)
	e4.SetEval(chess.Eval{Centipawns: 32}, 24)
	clk, _ := e4.Clock()
	fmt.Println(e4.Comments[0], clk)
	// Output: book [%clk 0:02:58.5] [%eval 0.32,24] 2m58.5s
}

func ExamplePGNNode_SetEval() {
	g := readGame("1. f3 e5 2. g4 *")
	g4 := g.Root.Children[0].Children[0].Children[0]
	g4.SetEval(chess.Eval{Mate: -1}, 0)
	e, _ := g4.Eval()
	fmt.Println(g4.Comments[0], e.Mate)
	// Output: [%eval #-1] -1
}

func ExamplePGNNode_SetArrows() {
	g := readGame("1. e4 *")
	e4 := g.Root.Children[0]
	e2, _ := chess.ParseSquare("e2")
	e4sq, _ := chess.ParseSquare("e4")
	e4.SetArrows([]chess.Arrow{{Color: chess.MarkGreen, From: e2, To: e4sq}})
	e4.SetHighlights([]chess.Highlight{{Color: chess.MarkRed, Square: e4sq}})
	fmt.Println(e4.Comments[0])
	for _, a := range e4.Arrows() {
		fmt.Println(a.Color, a.From, a.To)
	}
	// Output:
	// [%cal Ge2e4] [%csl Re4]
	// G e2 e4
}

func ExamplePGNNode_SetComment() {
	g := readGame("1. e4 { old } *")
	e4 := g.Root.Children[0]
	e4.SetComment("the best\nby test")
	e4.AddComment("Fischer")
	writeMovetext(g)
	// Output: 1. e4 { the best by test } { Fischer } *
}

func ExamplePGNNode_Game() {
	g := readGame("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *")
	game := g.Game() // the main line's whole history
	fmt.Println(game.RepetitionCount(), game.CanClaimThreefold())
	fmt.Println(strings.Join(game.SANMoves(), " "))
	// Output:
	// 3 true
	// Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8
}

func ExamplePGNWriteOptions() {
	g := readGame("[Event \"E\"]\n\n1. e4 $1 { best by test } e5 (1... c5) 2. Nf3 *")
	g.WritePGN(os.Stdout, chess.PGNWriteOptions{NoComments: true, NoVariations: true, NoNAGs: true})
	// Output:
	// [Event "E"]
	//
	// 1. e4 e5 2. Nf3 *
}

func ExamplePGNNode_SetCommand() {
	g := readGame("1. e4 { book [%clk 0:03:00] } *")
	e4 := g.Root.Children[0]
	e4.SetCommand("clk", "0:02:55") // replaced where it stands
	e4.SetCommand("tqu", "\"Which move?\",\"\",\"\",,d4,10")
	fmt.Println(e4.Comments[0])
	e4.RemoveCommand("clk")
	fmt.Println(e4.Comments[0])
	// Output:
	// book [%clk 0:02:55] [%tqu "Which move?","","",,d4,10]
	// book [%tqu "Which move?","","",,d4,10]
}

func ExamplePGNNode_RemoveComments() {
	g := readGame("1. e4 (1. d4 { queen's pawn } d5) e5 *")
	d4 := g.Root.Children[1]
	d4.RemoveComments()
	writeMovetext(g)
	// Output: 1. e4 (1. d4 d5) 1... e5 *
}

func ExamplePGNNode_SetElapsedMoveTime() {
	g := readGame("1. e4 *")
	e4 := g.Root.Children[0]
	e4.SetElapsedMoveTime(3*time.Second + 250*time.Millisecond)
	emt, _ := e4.ElapsedMoveTime()
	fmt.Println(e4.Comments[0], emt)
	// Output: [%emt 0:00:03.25] 3.25s
}

func ExamplePGNGame_SetResult() {
	g := readGame("[Event \"E\"]\n\n1. e4 e5 *")
	g.SetResult(chess.ResultDraw)
	g.WritePGN(os.Stdout, chess.PGNWriteOptions{})
	// Output:
	// [Event "E"]
	// [Result "1/2-1/2"]
	//
	// 1. e4 e5 1/2-1/2
}

func ExampleGame_SANMoves() {
	game := chess.NewGame(chess.StartingPosition())
	game.PlaySAN("e4")
	game.PlaySAN("e5")
	game.PlaySAN("Qh5")
	fmt.Println(game.SANMoves())
	// Output: [e4 e5 Qh5]
}

func ExamplePGNNode_AddComment() {
	g := readGame("1. e4 { book } *")
	e4 := g.Root.Children[0]
	e4.AddComment("  the king's\r\npawn  ") // folded and trimmed as a reader reads it back
	e4.AddComment("")                       // adds nothing
	fmt.Printf("%q\n", e4.Comments)
	writeMovetext(g)
	// Output:
	// ["book" "the king's pawn"]
	// 1. e4 { book } { the king's pawn } *
}

func ExamplePGNNode_SetHighlights() {
	g := readGame("1. e4 { open [%csl Ya1] } *")
	e4 := g.Root.Children[0]
	d5, _ := chess.ParseSquare("d5")
	f5, _ := chess.ParseSquare("f5")
	e4.SetHighlights([]chess.Highlight{{Color: chess.MarkRed, Square: d5}, {Color: chess.MarkGreen, Square: f5}})
	fmt.Println(e4.Comments[0])
	for _, h := range e4.Highlights() {
		fmt.Println(h.Color, h.Square)
	}
	err := e4.SetHighlights([]chess.Highlight{{Color: 'X', Square: d5}}) // refused, unchanged
	fmt.Println(err, errors.Is(err, chess.ErrBadCommand))
	e4.SetHighlights(nil) // none removes the command
	fmt.Println(e4.Comments[0])
	// Output:
	// open [%csl Rd5,Gf5]
	// R d5
	// G f5
	// chess: [%csl]: highlight MarkColor(88) d5: bad comment command true
	// open
}

func ExamplePGNGame_Game() {
	g := readGame("[Result \"1-0\"]\n\n1. e4 e5 (1... c5) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")
	game := g.Game() // the main line, not the variation
	fmt.Println(strings.Join(game.SANMoves(), " "))
	fmt.Println(game.Outcome())
	// Output:
	// e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#
	// 1-0 checkmate
}

func ExamplePGNNode_RemoveCommand() {
	g := readGame("1. e4 { [%clk 0:03:00] fast [%emt 0:00:02] } *")
	e4 := g.Root.Children[0]
	fmt.Println(e4.RemoveCommand("clk"), e4.RemoveCommand("clk"))
	fmt.Printf("%q\n", e4.Comments)
	e4.RemoveCommand("emt")
	fmt.Printf("%q\n", e4.Comments)
	// Output:
	// true false
	// ["fast [%emt 0:00:02]"]
	// ["fast"]
}

func ExamplePGNNode_EvalDepth() {
	g := readGame("1. e4 { [%eval 0.35,22] } e5 { [%eval 0.30] } *")
	e4 := g.Root.Children[0]
	fmt.Println(e4.EvalDepth())
	fmt.Println(e4.Children[0].EvalDepth())
	// Output:
	// 22 true
	// 0 false
}

func ExamplePGNNode_MoveNumber() {
	g := readGame("1. e4 e5 *")
	e5 := g.Root.Children[0].Children[0]
	fmt.Println(e5.MoveNumber())
	// Output: 1 black
}

func ExamplePGNGame_MarkerResult() {
	g := readGame("[Result \"1-0\"]\n\n1. e4 e5 *") // the tag and the marker disagree
	tag, _ := g.TagResult()
	marker, ok := g.MarkerResult()
	fmt.Println(tag, marker, ok)
	// Output: 1-0 * true
}

func ExampleCheckTag() {
	fmt.Println(chess.CheckTag("WhiteElo", "2750"))
	fmt.Println(chess.CheckTag("Annotator", "Zed\n[Site \"x\"]"))
	err := chess.CheckTag("Result", "1:0")
	fmt.Println(err, errors.Is(err, chess.ErrBadTag))
	// Output:
	// <nil>
	// chess: tag "Annotator": a tag value cannot hold a line break
	// chess: tag "Result": Result must be 1-0, 0-1, 1/2-1/2 or * true
}

func ExampleParseResult() {
	r, ok := chess.ParseResult("1/2-1/2")
	fmt.Println(r, ok, r.IsDecided(), r.Winner(), r.Outcome())
	_, ok = chess.ParseResult("½-½")
	fmt.Println(ok)
	// Output:
	// 1/2-1/2 true true none 1/2-1/2 unknown
	// false
}

func ExampleResultOf() {
	game := chess.NewGame(chess.StartingPosition())
	for _, san := range []string{"f3", "e5", "g4", "Qh4#"} {
		game.PlaySAN(san)
	}
	fmt.Println(chess.ResultOf(game.Outcome()), chess.ResultOf(chess.Outcome{}))
	// Output: 0-1 *
}

func ExamplePGNNode_Highlights() {
	g := readGame("1. e4 { [%csl Gd4,Xe5,Rf9,Yd5] } *") // X and f9 do not parse
	for _, h := range g.Root.Children[0].Highlights() {
		fmt.Println(h.Color, h.Square)
	}
	// Output:
	// G d4
	// Y d5
}

func ExamplePGNNode_Arrows() {
	g := readGame("1. e4 { [%cal Ge2e4,Re4e4,Bg1f3] } *") // an arrow from e4 to e4 is skipped
	for _, a := range g.Root.Children[0].Arrows() {
		fmt.Println(a.Color, a.From, a.To)
	}
	// Output:
	// G e2 e4
	// B g1 f3
}

func ExampleMarkColor_IsValid() {
	fmt.Println(chess.MarkBlue.IsValid(), chess.MarkBlue, chess.MarkColor('g').IsValid(), chess.MarkColor('g'))
	// Output: true B false MarkColor(103)
}

func ExampleResult_Outcome() {
	g := readGame("[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 0-1") // Black won off the board
	game := g.Game()
	fmt.Println(game.Outcome().IsOver())
	r, _ := g.TagResult()
	game.SetOutcome(r.Outcome()) // record the result the tags know
	fmt.Println(game.Outcome(), r.Winner(), r.IsDecided())
	// Output:
	// false
	// 0-1 unknown black true
}

func ExamplePGNGame_WritePGN() {
	g := readGame("[Black \"B\"]\n[ECO \"C20\"]\n[White \"W\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *")
	g.WritePGN(os.Stdout, chess.PGNWriteOptions{KeepTagOrder: true, LineWidth: 20})
	g.WritePGN(os.Stdout, chess.PGNWriteOptions{}) // the roster first, then the others by name
	// Output:
	// [Black "B"]
	// [ECO "C20"]
	// [White "W"]
	//
	// 1. e4 e5 2. Nf3 Nc6
	// 3. Bb5 a6 4. Ba4 Nf6
	// *
	//
	// [White "W"]
	// [Black "B"]
	// [ECO "C20"]
	//
	// 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *
}
