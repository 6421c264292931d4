package chess

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// walk is a game of random legal moves: from the standard start (Start < 0) or from Chess960
// start number Start, Plies moves chosen by Seed.
type walk struct {
	Start int
	Seed  int64
	Plies int
}

// positions returns the positions of the walk, the start included; it ends early at mate or
// stalemate.
func (w walk) positions() []Position {
	p := StartingPosition()
	if w.Start >= 0 {
		p = MustParseFEN(chess960FEN(w.Start))
	}
	r := rand.New(rand.NewSource(w.Seed))
	out := []Position{p}
	for i := 0; i < w.Plies; i++ {
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		next, err := p.Play(moves[r.Intn(len(moves))])
		if err != nil {
			panic(err)
		}
		p = next
		out = append(out, p)
	}
	return out
}

func genWalk(chess960 bool) gopter.Gen {
	start := gen.Const(-1)
	if chess960 {
		start = gen.IntRange(0, 959)
	}
	return gopter.CombineGens(start, gen.Int64(), gen.IntRange(0, 160)).Map(func(v []interface{}) walk {
		return walk{Start: v[0].(int), Seed: v[1].(int64), Plies: v[2].(int)}
	})
}

// sanStats counts what checkSANAllMoves checked.
type sanStats struct {
	positions, moves int
}

// checkSANAllMoves checks the SAN properties for every legal move of p and returns the first
// violation, or "".
//
//   - SAN equals an independent writer built from LegalMoves, and AppendSAN equals SAN;
//   - SAN strings are unique in the position;
//   - ParseSANDeviation(SAN(m)) == m with no deviation, ParseSANStrict(SAN(m)) == m;
//   - "#" iff the position after m is checkmate, "+" iff it is check and not mate;
//   - disambiguation is minimal: dropping it, or any part of it, or giving the file instead
//     of the rank, makes the string ambiguous;
//   - ParseSAN(LAN(m)) == m and ParseSAN(m.String()) == m (UCI);
//   - every lenient spelling of sanVariants names m with exactly its deviation, and
//     ParseSANStrict takes it only when that deviation is at most a missing suffix.
func checkSANAllMoves(p Position, st *sanStats) string {
	moves := p.LegalMoves()
	st.positions++
	seen := make(map[string]Move, len(moves))
	var buf []byte
	for _, m := range moves {
		st.moves++
		san := p.SAN(m)
		fail := func(format string, args ...interface{}) string {
			return fmt.Sprintf("%s: move %v (SAN %q): ", p.FEN(), m, san) + fmt.Sprintf(format, args...)
		}
		if prev, dup := seen[san]; dup {
			return fail("same SAN as %v", prev)
		}
		seen[san] = m
		if want := oracleSAN(p, moves, m); san != want {
			return fail("independent writer says %q", want)
		}
		if buf = p.AppendSAN(buf[:0], m); string(buf) != san {
			return fail("AppendSAN wrote %q", buf)
		}

		if got, dev, err := p.ParseSANDeviation(san); err != nil || got != m || dev != 0 {
			return fail("ParseSANDeviation = %v, [%v], %v", got, dev, err)
		}
		if got, err := p.ParseSANStrict(san); err != nil || got != m {
			return fail("ParseSANStrict = %v, %v", got, err)
		}

		// The suffix against the position after the move.
		q, err := p.Play(m)
		if err != nil {
			return fail("Play: %v", err)
		}
		check := q.InCheck()
		mate := check && len(q.LegalMoves()) == 0
		switch {
		case strings.HasSuffix(san, "#") != mate:
			return fail("mate = %v", mate)
		case strings.HasSuffix(san, "+") != (check && !mate):
			return fail("check = %v, mate = %v", check, mate)
		}

		// Minimal disambiguation.
		for _, shorter := range lessDisambiguated(san, m.From()) {
			got, err := p.ParseSAN(shorter)
			if err == nil && got == m || err != nil && !errors.Is(err, ErrAmbiguousMove) {
				return fail("%q, with less disambiguation, gives %v, %v; want ErrAmbiguousMove", shorter, got, err)
			}
		}

		lan := p.LAN(m)
		if got, err := p.ParseSAN(lan); err != nil || got != m {
			return fail("ParseSAN(LAN %q) = %v, %v", lan, got, err)
		}
		if got, err := p.ParseSAN(m.String()); err != nil || got != m {
			return fail("ParseSAN(UCI %q) = %v, %v", m.String(), got, err)
		}

		// Every lenient spelling names the move and reports exactly its deviation.
		for _, v := range sanVariants(p, m, san, lan) {
			got, dev, err := p.ParseSANDeviation(v.in)
			if err != nil || got != m || dev != v.dev {
				return fail("ParseSANDeviation(%q) = %v, [%v], %v; want [%v]", v.in, got, dev, err, v.dev)
			}
			if _, err := p.ParseSANStrict(v.in); (err == nil) != (v.dev&^SANMissingCheck == 0) {
				return fail("ParseSANStrict(%q): %v", v.in, err)
			}
		}
	}
	return ""
}

// sanVariant is a lenient spelling of a move and the deviation it must report.
type sanVariant struct {
	in  string
	dev SANDeviation
}

// sanVariants returns the lenient spellings of the move m, whose SAN is san and LAN lan:
// suffixes missing or wrong, glyphs, zeros for castling, promotion spellings, the pawn
// letter, a missing or extra "x", over-disambiguation, "e.p.", LAN and UCI.
func sanVariants(p Position, m Move, san, lan string) []sanVariant {
	body, suffix := san, ""
	if n := len(san); san[n-1] == '+' || san[n-1] == '#' {
		body, suffix = san[:n-1], san[n-1:]
	}
	wrong := map[string]string{"": "+", "+": "#", "#": "+"}[suffix]
	out := []sanVariant{
		{body + suffix + "!", SANGlyph},
		{body + suffix + "?!", SANGlyph},
		{body + wrong, SANWrongCheck},
		{body + wrong + "??", SANWrongCheck | SANGlyph},
	}
	missing := SANDeviation(0)
	if suffix != "" {
		missing = SANMissingCheck
		out = append(out, sanVariant{body, SANMissingCheck}, sanVariant{body + suffix + suffix, SANWrongCheck})
	}
	out = append(out, sanVariant{m.String(), SANUCI | missing})
	if m.IsCastle() {
		return append(out, sanVariant{strings.ReplaceAll(body, "O", "0") + suffix, SANZeroCastling},
			sanVariant{lan, 0})
	}

	core, promo := body, ""
	if i := strings.IndexByte(body, '='); i >= 0 {
		core, promo = body[:i], body[i+1:]
		lower := strings.ToLower(promo)
		out = append(out, sanVariant{core + promo + suffix, SANPromotionForm},
			sanVariant{core + "(" + promo + ")" + suffix, SANPromotionForm},
			sanVariant{core + "=" + lower + suffix, SANPromotionForm},
			sanVariant{core + lower + suffix, SANPromotionForm})
		promo = "=" + promo
	}
	dest := core[len(core)-2:]
	pre := core[:len(core)-2]
	capture := strings.HasSuffix(pre, "x")
	pre = strings.TrimSuffix(pre, "x")
	x := ""
	if capture {
		x = "x"
		out = append(out, sanVariant{pre + dest + promo + suffix, SANMissingCapture},
			sanVariant{pre + ":" + dest + promo + suffix, SANMissingCapture})
	} else {
		out = append(out, sanVariant{pre + "x" + dest + promo + suffix, SANWrongCapture})
	}
	from := m.From().String()
	pawn := p.PieceAt(m.From()).Type() == Pawn
	long := SANOverDisambiguation
	if pawn {
		out = append(out, sanVariant{"P" + body + suffix, SANPawnLetter})
		if capture {
			out = append(out, sanVariant{pre + from[1:] + x + dest + promo + suffix, SANOverDisambiguation})
		} else {
			out = append(out, sanVariant{from[:1] + dest + promo + suffix, SANOverDisambiguation})
		}
	} else {
		letter, dis := pre[:1], pre[1:]
		switch len(dis) {
		case 0:
			out = append(out, sanVariant{letter + from[:1] + x + dest + suffix, SANOverDisambiguation},
				sanVariant{letter + from[1:] + x + dest + suffix, SANOverDisambiguation},
				sanVariant{letter + from + x + dest + suffix, SANOverDisambiguation})
		case 1:
			out = append(out, sanVariant{letter + from + x + dest + suffix, SANOverDisambiguation})
		case 2:
			long = 0 // the LAN's origin is SAN's disambiguation
		}
	}
	if !capture {
		long |= SANLongAlgebraic
	}
	out = append(out, sanVariant{lan, long})
	if m.IsEnPassant() {
		out = append(out, sanVariant{body + " e.p." + suffix, SANEnPassantSuffix},
			sanVariant{body + "e.p." + suffix, SANEnPassantSuffix})
	}
	return out
}

// oracleSAN writes SAN from the rules of PGN Standard §8.2.3 and the list of legal moves,
// without the package's shortcuts.
func oracleSAN(p Position, legal []Move, m Move) string {
	var sb strings.Builder
	from := m.From()
	pt := p.PieceAt(from).Type()
	switch {
	case m.IsCastle():
		if m.CastlingRook().File() > from.File() {
			sb.WriteString("O-O")
		} else {
			sb.WriteString("O-O-O")
		}
	default:
		to := m.To()
		capture := p.PieceAt(to) != NoPiece || m.IsEnPassant()
		if pt == Pawn {
			if capture {
				sb.WriteByte('a' + byte(from.File()))
			}
		} else {
			sb.WriteByte(pt.Letter())
			var others []Square
			for _, o := range legal {
				if o != m && !o.IsCastle() && o.To() == to && o.From() != from && p.PieceAt(o.From()).Type() == pt &&
					o.Promotion() == NoPieceType {
					others = append(others, o.From())
				}
			}
			sameFile, sameRank := false, false
			for _, o := range others {
				sameFile = sameFile || o.File() == from.File()
				sameRank = sameRank || o.Rank() == from.Rank()
			}
			switch {
			case len(others) == 0:
			case !sameFile:
				sb.WriteByte('a' + byte(from.File()))
			case !sameRank:
				sb.WriteByte('1' + byte(from.Rank()))
			default:
				sb.WriteString(from.String())
			}
		}
		if capture {
			sb.WriteByte('x')
		}
		sb.WriteString(to.String())
		if pr := m.Promotion(); pr != NoPieceType {
			sb.WriteByte('=')
			sb.WriteByte(pr.Letter())
		}
	}
	q, _ := p.Play(m)
	if q.InCheck() {
		if len(q.LegalMoves()) == 0 {
			sb.WriteByte('#')
		} else {
			sb.WriteByte('+')
		}
	}
	return sb.String()
}

// lessDisambiguated returns the spellings of the SAN of a piece move from the square from
// with less or other disambiguation than SAN chose, each of which must be ambiguous: for
// "Qh4e1" "Qe1", "Qhe1" and "Q4e1"; for "Nbd2" "Nd2"; for "R1a3" (a rook on a1) "Ra3" and,
// since the file comes first in the standard's order, "Raa3".
func lessDisambiguated(san string, from Square) []string {
	if len(san) < 3 || !strings.ContainsRune("NBRQ", rune(san[0])) {
		return nil
	}
	body := strings.TrimRight(san, "+#")
	letter, dest := body[:1], body[len(body)-2:]
	dis, x := body[1:len(body)-2], ""
	if strings.HasSuffix(dis, "x") {
		dis, x = dis[:len(dis)-1], "x"
	}
	switch len(dis) {
	case 1:
		out := []string{letter + x + dest}
		if isRank(dis[0]) {
			out = append(out, letter+from.String()[:1]+x+dest)
		}
		return out
	case 2:
		return []string{letter + x + dest, letter + dis[:1] + x + dest, letter + dis[1:] + x + dest}
	}
	return nil
}

func sanProperties(t *testing.T, chess960 bool, runs int) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = runs
	properties := gopter.NewProperties(params)
	var st sanStats
	properties.Property("SAN round trip, uniqueness, suffix, minimal disambiguation, LAN, UCI, lenient spellings", prop.ForAll(
		func(w walk) string {
			for _, p := range w.positions() {
				if msg := checkSANAllMoves(p, &st); msg != "" {
					return msg
				}
			}
			return ""
		},
		genWalk(chess960),
	))
	properties.TestingRun(t)
	t.Logf("%d runs: %d positions, %d moves", runs, st.positions, st.moves)
}

func TestSANPropertiesStandard(t *testing.T) {
	runs := 200
	if testing.Short() {
		runs = 20
	}
	sanProperties(t, false, runs)
}

func TestSANPropertiesChess960(t *testing.T) {
	runs := 200
	if testing.Short() {
		runs = 20
	}
	sanProperties(t, true, runs)
}

// TestSANPerftSuites checks the SAN properties on every position of the perft suites; files
// with 960 in the name are Chess960.
func TestSANPerftSuites(t *testing.T) {
	if testing.Short() {
		t.Skip("the perft suites are long")
	}
	dir := sharedTestdata(t, "perft/normalized")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no perft suites in %s: %v", dir, err)
	}
	var st sanStats
	for _, file := range files {
		chess960 := strings.Contains(filepath.Base(file), "960")
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		line := 0
		for sc.Scan() {
			line++
			text := strings.TrimSpace(sc.Text())
			if text == "" || strings.HasPrefix(text, "#") {
				continue
			}
			fen, _, _ := strings.Cut(text, ";")
			p, err := ParseFEN(strings.TrimSpace(fen))
			if err != nil {
				t.Errorf("%s:%d: %v", file, line, err)
				continue
			}
			if chess960 {
				p = p.WithChess960(true)
			}
			if msg := checkSANAllMoves(p, &st); msg != "" {
				t.Errorf("%s:%d: %s", file, line, msg)
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d files: %d positions, %d moves", len(files), st.positions, st.moves)
}

// TestSANGolden replays golden/moves.tsv (python-chess 1.11.2, one line per ply: file, game,
// ply, FEN before, UCI, SAN, FEN after) and checks for every ply the SAN written and read,
// the UCI and the FEN after the move; within a game each ply must start from the position
// the previous one reached. Null moves ("0000", "--") are played with Play(NullMove).
func TestSANGolden(t *testing.T) {
	path := sharedTestdata(t, "golden/moves.tsv")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var prevGame string
	var prev Position
	plies, bad := 0, 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		c := strings.Split(text, "\t")
		if len(c) != 7 {
			t.Fatalf("%s:%d: %d columns, want 7", path, line, len(c))
		}
		plies++
		errorf := func(format string, args ...interface{}) {
			bad++
			t.Errorf("%s:%d (%s game %s ply %s): %s", path, line, c[0], c[1], c[2], fmt.Sprintf(format, args...))
			if bad > 20 {
				t.Fatal("too many failures")
			}
		}
		p, err := ParseFEN(c[3])
		if err != nil {
			errorf("%v", err)
			continue
		}
		if strings.Contains(c[0], "960") {
			p = p.WithChess960(true)
		}
		game := c[0] + "\t" + c[1]
		if game == prevGame && prev != p {
			errorf("the previous ply reached %s, this one starts from %s", prev.FEN(), p.FEN())
		}
		prevGame = game
		var m Move
		if c[4] != "0000" {
			if m, err = p.ParseUCI(c[4]); err != nil {
				errorf("%v", err)
				continue
			}
		}
		if san := p.SAN(m); san != c[5] {
			errorf("SAN(%s) = %q, want %q", c[4], san, c[5])
		}
		if m != NullMove {
			if got, err := p.ParseSANStrict(c[5]); err != nil || got != m {
				errorf("ParseSANStrict(%q) = %v, %v; want %v", c[5], got, err, m)
			}
			if uci := p.UCI(m); uci != c[4] {
				errorf("UCI = %q, want %q", uci, c[4])
			}
		}
		q, err := p.Play(m)
		if err != nil {
			errorf("Play(%s): %v", c[4], err)
			continue
		}
		if fen := q.FEN(); fen != c[6] {
			errorf("FEN after %s = %q, want %q", c[5], fen, c[6])
		}
		prev = q
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if plies != 62208 {
		t.Errorf("%d plies, want 62208", plies)
	}
	t.Logf("%d plies", plies)
}
