package chess

// The values a PGN read gives: games, their move trees, tags, NAGs, and the comment commands
// of a node. Where the rest of the PGN code is: pgn_errors.go (sentinels, PGNError),
// pgn_scan.go (the tokenizer: bytes to tokens), pgn_parse.go (the parser, its events and
// their consumers), pgn_tagsection.go (§8.1, §9.7), pgn_movetext.go (§8.2: tokens to
// events), pgn_replay.go (the validator: playing the moves, the game's end), pgn_build.go
// (the tree builder), pgn_reader.go (PGNReader), pgn_parallel.go (Workers), pgn_write.go
// (export format).

import (
	"iter"
	"math"
	"strconv"
	"strings"
	"time"
)

// Tag is a tag pair of a PGN game (PGN Standard §8.1): a name such as "White" and its value
// with the escapes \" and \\ undone.
type Tag struct {
	Name  string
	Value string
}

// NAG is a Numeric Annotation Glyph, $0 to $255 (PGN Standard §10). The import suffixes
// !, ?, !!, ??, !? and ?! read as NAGs 1 to 6 (§8.2.3.8).
type NAG uint8

// PGNNode is a move of a PGN game tree, or the tree's root. The root holds the starting
// position, no move, and in Comments the comment before the first move. Every other node
// holds a legal Move, the Position after it, the comments before it (StartingComments: at
// the start of a variation) and after it (Comments), its NAGs, and its continuations:
// Children[0] is the line that goes on, Children[1:] are the variations (RAV, §8.2.5) that
// replace this node's first child, in file order.
type PGNNode struct {
	Parent           *PGNNode
	Children         []*PGNNode
	Move             Move     // NullMove at the root and for a null move ("--")
	Position         Position // the position after Move; at the root the starting position
	StartingComments []string
	Comments         []string
	NAGs             []NAG
	Line, Column     int // where the move's token is in the input (0 at the root)
}

// SAN returns the node's move in SAN as played from its parent's position ("" at the root).
func (n *PGNNode) SAN() string {
	if n.Parent == nil {
		return ""
	}
	return n.Parent.Position.SAN(n.Move)
}

// Ply returns the number of halfmoves from the game's starting position to this node.
func (n *PGNNode) Ply() int {
	ply := 0
	for m := n; m.Parent != nil; m = m.Parent {
		ply++
	}
	return ply
}

// MainLine yields the nodes of the line that goes on from n, following Children[0]; n
// itself is not included.
func (n *PGNNode) MainLine() iter.Seq[*PGNNode] {
	return func(yield func(*PGNNode) bool) {
		for m := n; len(m.Children) > 0 && m.Children[0] != nil; {
			m = m.Children[0]
			if !yield(m) {
				return
			}
		}
	}
}

// PGNGame is a game read from PGN: its tags in file order, the move tree, the result, and
// where it was in the input. Final and Plies describe the main line even when the reader
// kept no tree (PGNReader.NoTree).
type PGNGame struct {
	Index  int   // 1 for the first game of the input
	Line   int   // line where the game's first token is
	Offset int64 // byte offset of that token
	// End is the byte offset just past the game's text: past its termination marker, or for a
	// game without one or one a budget cut short (ErrBudget), where its reading stopped (the
	// next game's tag section, the end of the input). What follows the marker on its line,
	// which the reader ignores with a warning (ErrTextAfterResult), and what lies between End
	// and the next game's Offset (escape lines, comments before a tag section) belong to no
	// game.
	End    int64
	Tags   []Tag
	Root   *PGNNode // the tree; Root.Position is the starting position
	Result string   // the termination marker: "1-0", "0-1", "1/2-1/2", "*", or "" when missing
	Final  Position // the position at the end of the main line
	Plies  int      // the number of halfmoves of the main line
	// BoardEnd is how the main line ended on the board by a rule that ends the game by itself
	// (FIDE Laws 5.1.1 checkmate, 5.2.1 stalemate, 5.2.2 insufficient material or dead
	// position, 9.6.1 fivefold repetition, 9.6.2 seventy-five moves), the first one reached;
	// NoTermination when the game did not end so. It is decided by the same function as
	// Game.Outcome, the starting position included (a position set up already over, or
	// repeated later). Moves played after it are warnings, except after a starting position
	// that is already over (a set-up position, as in a study: its moves are read as they come).
	BoardEnd Termination
	Warnings ErrorList
	// Problems holds the game's errors (those of the ErrorList Read returns) and its Warnings
	// together, in input order (an error before a warning at the same place); each says its
	// severity (PGNError.Warning, Severity) and class (PGNError.Class).
	Problems ErrorList
}

// Tag returns the value of the first tag named name, or "".
func (g *PGNGame) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// Moves returns the moves of the main line.
func (g *PGNGame) Moves() []Move {
	var out []Move
	if g.Root == nil {
		return nil
	}
	for n := range g.Root.MainLine() {
		out = append(out, n.Move)
	}
	return out
}

// Command returns the argument of the first embedded command [%name …] in the node's
// comments, the form lichess and ChessBase write ([%clk 0:03:00], [%eval -1.25],
// [%csl Ga4], [%cal Ga1a8]), with the white space around it trimmed.
func (n *PGNNode) Command(name string) (string, bool) {
	ci, start, end, ok := findCommand(n.Comments, name)
	if !ok {
		return "", false
	}
	return strings.TrimSpace(n.Comments[ci][start+2+len(name) : end-1]), true
}

// Clock returns the player's remaining time after the move, from [%clk H:MM:SS] (fractions
// of a second allowed), and false when there is none or it does not parse.
func (n *PGNNode) Clock() (time.Duration, bool) {
	s, ok := n.Command("clk")
	if !ok {
		return 0, false
	}
	return parseClockTime(s)
}

// ElapsedMoveTime returns the time the move took, from [%emt H:MM:SS].
func (n *PGNNode) ElapsedMoveTime() (time.Duration, bool) {
	s, ok := n.Command("emt")
	if !ok {
		return 0, false
	}
	return parseClockTime(s)
}

func parseClockTime(s string) (time.Duration, bool) {
	parts := strings.Split(s, ":")
	if len(parts) > 3 {
		return 0, false
	}
	var d time.Duration
	for i, p := range parts {
		unit := time.Duration(1)
		for j := i; j < len(parts)-1; j++ {
			unit *= 60
		}
		if i == len(parts)-1 {
			f, err := strconv.ParseFloat(p, 64)
			if err != nil || f < 0 {
				return 0, false
			}
			d += time.Duration(math.Round(f * float64(time.Second)))
			continue
		}
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return 0, false
		}
		d += time.Duration(v) * unit * time.Second
	}
	return d, true
}
