package chess

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ErrBadCommand: a comment command ([%clk], [%eval], [%csl], [%cal], …) was given a value it
// cannot write, like a negative clock or an arrow of an unknown colour.
var ErrBadCommand = errors.New("bad comment command")

// SetComment makes text the node's only comment after its move (at the root: before the first
// move), with its line breaks folded to spaces and the white space at its ends trimmed, as a
// reader reads it back; "" removes the comments. The commands in the comments it replaces go
// with them.
func (n *PGNNode) SetComment(text string) {
	n.Comments = nil
	n.AddComment(text)
}

// AddComment adds text as a comment after the node's move, after those it has (folded and
// trimmed as SetComment does); an empty text adds nothing.
func (n *PGNNode) AddComment(text string) {
	if text = foldComment([]byte(text)); text != "" {
		n.Comments = append(n.Comments, text)
	}
}

// RemoveComments removes the node's comments, before and after its move.
func (n *PGNNode) RemoveComments() {
	n.Comments, n.StartingComments = nil, nil
}

// findCommand returns where the first command [%name …] of the comments is: the comment's
// index and the command's bounds in it, from "[%" to "]" included.
func findCommand(comments []string, name string) (ci, start, end int, ok bool) {
	for ci, c := range comments {
		for off := 0; ; {
			i := strings.Index(c[off:], "[%")
			if i < 0 {
				break
			}
			start := off + i
			j := strings.IndexByte(c[start+2:], ']')
			if j < 0 {
				break
			}
			end := start + 2 + j + 1
			if k := strings.LastIndex(c[start+2:end-1], "[%"); k >= 0 {
				start += 2 + k // an unclosed "[%" before: the command is the last one opened
			}
			cmd := c[start+2 : end-1]
			off = end
			if strings.HasPrefix(cmd, name) && len(cmd) > len(name) && (cmd[len(name)] == ' ' || cmd[len(name)] == '\t') {
				return ci, start, end, true
			}
		}
	}
	return 0, 0, 0, false
}

// validCommandName reports whether name can stand in [%name …]: letters, digits and "_".
func validCommandName(name string) bool {
	return name != "" && validTagName([]byte(name))
}

// SetCommand sets the argument of the embedded command [%name arg] in the node's comments: it
// replaces the first [%name …] where it stands, or adds the command at the end of the first
// comment (a new comment when there is none). The rest of the comments is kept as it was. A
// name that is not letters, digits and "_", or an arg with "]" or a line break, is refused with
// an error wrapping ErrBadCommand.
func (n *PGNNode) SetCommand(name, arg string) error {
	arg = strings.TrimSpace(arg)
	if !validCommandName(name) || arg == "" || strings.ContainsAny(arg, "[]\r\n") {
		return fmt.Errorf("chess: [%%%s %s]: %w", cutText(name, maxQuoted), cutText(arg, maxQuoted), ErrBadCommand)
	}
	cmd := "[%" + name + " " + arg + "]"
	if ci, start, end, ok := findCommand(n.Comments, name); ok {
		c := n.Comments[ci]
		n.Comments[ci] = c[:start] + cmd + c[end:]
		return nil
	}
	switch {
	case len(n.Comments) == 0:
		n.Comments = []string{cmd}
	case n.Comments[0] == "":
		n.Comments[0] = cmd
	default:
		n.Comments[0] += " " + cmd
	}
	return nil
}

// RemoveCommand removes every command [%name …] from the node's comments, with a space next
// to it, and a comment it leaves empty; it reports whether there was one.
func (n *PGNNode) RemoveCommand(name string) bool {
	found := false
	for {
		ci, start, end, ok := findCommand(n.Comments, name)
		if !ok {
			return found
		}
		found = true
		c := n.Comments[ci]
		switch {
		case end < len(c) && c[end] == ' ':
			end++
		case start > 0 && c[start-1] == ' ':
			start--
		}
		c = strings.TrimSpace(c[:start] + c[end:]) // as a reader would read it back
		if c == "" {
			n.Comments = slices.Delete(n.Comments, ci, ci+1)
			if len(n.Comments) == 0 {
				n.Comments = nil
			}
			continue
		}
		n.Comments[ci] = c
	}
}

// formatClockTime writes d as H:MM:SS, with the fraction of a second after a point when there
// is one (up to milliseconds: d is rounded to the millisecond).
func formatClockTime(d time.Duration) string {
	d = d.Round(time.Millisecond)
	h := d / time.Hour
	m := d % time.Hour / time.Minute
	s := d % time.Minute / time.Second
	ms := d % time.Second / time.Millisecond
	out := fmt.Sprintf("%d:%02d:%02d", h, m, s)
	if ms != 0 {
		out += strings.TrimRight(fmt.Sprintf(".%03d", ms), "0")
	}
	return out
}

// SetClock writes the player's remaining time after the move as [%clk H:MM:SS] (a fraction of
// a second as ".5", rounded to the millisecond), as lichess and ChessBase do; Clock reads it
// back. A negative d is refused with an error wrapping ErrBadCommand.
func (n *PGNNode) SetClock(d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("chess: [%%clk %v]: a negative clock: %w", d, ErrBadCommand)
	}
	return n.SetCommand("clk", formatClockTime(d))
}

// SetElapsedMoveTime writes the time the move took as [%emt H:MM:SS], as SetClock does;
// ElapsedMoveTime reads it back.
func (n *PGNNode) SetElapsedMoveTime(d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("chess: [%%emt %v]: a negative time: %w", d, ErrBadCommand)
	}
	return n.SetCommand("emt", formatClockTime(d))
}

// SetEval writes an engine evaluation as Eval.String writes it: [%eval 0.35] (pawns, from
// White's point of view, two decimals), [%eval #-3] (mate in 3) or [%eval #0] (mate
// delivered), followed by ",DEPTH" when depth > 0 ("[%eval 0.35,22]"); Eval and EvalDepth
// read it back (White's mate delivered is "#+0" where White is to move, since Eval credits
// "#0" to the side that moved). A negative depth, or an Eval beyond what ParseEval reads (a million pawns), is
// refused with an error wrapping ErrBadCommand, and the node is unchanged.
func (n *PGNNode) SetEval(e Eval, depth int) error {
	if depth < 0 {
		return fmt.Errorf("chess: [%%eval]: a negative depth %d: %w", depth, ErrBadCommand)
	}
	arg := e.String()
	if back, err := ParseEval(arg); err != nil || back.String() != arg {
		return fmt.Errorf("chess: [%%eval %s]: an evaluation ParseEval cannot read back: %w", cutText(arg, maxQuoted), ErrBadCommand)
	}
	if arg == "#0" && n.Position.IsValid() && n.Position.Turn() == White {
		arg = "#+0" // Eval credits an unsigned #0 to the side that moved, here Black
	}
	if depth > 0 {
		arg += "," + strconv.Itoa(depth)
	}
	return n.SetCommand("eval", arg)
}

// EvalDepth returns the search depth written after the evaluation, the 22 of
// [%eval 0.35,22], and false when there is none.
func (n *PGNNode) EvalDepth() (int, bool) {
	s, ok := n.Command("eval")
	if !ok {
		return 0, false
	}
	i := strings.IndexByte(s, ',')
	if i < 0 {
		return 0, false
	}
	d, err := strconv.Atoi(strings.TrimSpace(s[i+1:]))
	if err != nil || d < 0 {
		return 0, false
	}
	return d, true
}

// MarkColor is the colour of a square highlight or an arrow of the [%csl] and [%cal] commands:
// the letters R, G, Y and B that ChessBase and lichess write.
type MarkColor byte

// The colours.
const (
	MarkRed    MarkColor = 'R'
	MarkGreen  MarkColor = 'G'
	MarkYellow MarkColor = 'Y'
	MarkBlue   MarkColor = 'B'
)

// IsValid reports whether c is one of the four colours.
func (c MarkColor) IsValid() bool {
	return c == MarkRed || c == MarkGreen || c == MarkYellow || c == MarkBlue
}

// String returns the colour's letter, "R", "G", "Y" or "B", or "MarkColor(N)" for another value.
func (c MarkColor) String() string {
	if c.IsValid() {
		return string(rune(c))
	}
	return "MarkColor(" + strconv.Itoa(int(c)) + ")"
}

// Highlight is a coloured square of [%csl Ga4,Rb5].
type Highlight struct {
	Color  MarkColor
	Square Square
}

// Arrow is a coloured arrow of [%cal Ga1a8,Rb2b4], from one square to another.
type Arrow struct {
	Color    MarkColor
	From, To Square
}

// marks splits the argument of [%csl] or [%cal] into its items, each a colour letter and
// squares; items that do not parse are skipped.
func marks(arg string, squares int, each func(c MarkColor, sq []Square)) {
	for _, item := range strings.Split(arg, ",") {
		item = strings.TrimSpace(item)
		if len(item) != 1+2*squares || !MarkColor(item[0]).IsValid() {
			continue
		}
		var sq []Square
		for i := 0; i < squares; i++ {
			s, ok := squareOf(item[1+2*i], item[2+2*i])
			if !ok {
				sq = nil
				break
			}
			sq = append(sq, s)
		}
		if sq != nil {
			each(MarkColor(item[0]), sq)
		}
	}
}

// Highlights returns the coloured squares of the node's first [%csl …] command, in their
// order, skipping items that do not parse; nil when there is none.
func (n *PGNNode) Highlights() []Highlight {
	arg, ok := n.Command("csl")
	if !ok {
		return nil
	}
	var out []Highlight
	marks(arg, 1, func(c MarkColor, sq []Square) { out = append(out, Highlight{c, sq[0]}) })
	return out
}

// Arrows returns the arrows of the node's first [%cal …] command, in their order, skipping
// items that do not parse and arrows from a square to itself; nil when there is none.
func (n *PGNNode) Arrows() []Arrow {
	arg, ok := n.Command("cal")
	if !ok {
		return nil
	}
	var out []Arrow
	marks(arg, 2, func(c MarkColor, sq []Square) {
		if sq[0] != sq[1] { // an arrow needs two squares
			out = append(out, Arrow{c, sq[0], sq[1]})
		}
	})
	return out
}

// SetHighlights writes the coloured squares as [%csl Ga4,Rb5] (see SetCommand); none removes
// the command. A colour or square that is not valid is refused with an error wrapping
// ErrBadCommand, and the node is unchanged.
func (n *PGNNode) SetHighlights(h []Highlight) error {
	if len(h) == 0 {
		n.RemoveCommand("csl")
		return nil
	}
	items := make([]string, len(h))
	for i, x := range h {
		if !x.Color.IsValid() || !x.Square.IsValid() {
			return fmt.Errorf("chess: [%%csl]: highlight %v %v: %w", x.Color, x.Square, ErrBadCommand)
		}
		items[i] = string(rune(x.Color)) + x.Square.String()
	}
	return n.SetCommand("csl", strings.Join(items, ","))
}

// SetArrows writes the arrows as [%cal Ga1a8,Rb2b4] (see SetCommand); none removes the
// command. A colour or square that is not valid, or an arrow from a square to itself, is
// refused with an error wrapping ErrBadCommand, and the node is unchanged.
func (n *PGNNode) SetArrows(a []Arrow) error {
	if len(a) == 0 {
		n.RemoveCommand("cal")
		return nil
	}
	items := make([]string, len(a))
	for i, x := range a {
		if !x.Color.IsValid() || !x.From.IsValid() || !x.To.IsValid() || x.From == x.To {
			return fmt.Errorf("chess: [%%cal]: arrow %v %v-%v: %w", x.Color, x.From, x.To, ErrBadCommand)
		}
		items[i] = string(rune(x.Color)) + x.From.String() + x.To.String()
	}
	return n.SetCommand("cal", strings.Join(items, ","))
}
