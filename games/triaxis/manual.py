"""TriAxis's help pages: the rules pages of the original's manual (TRIAXIS.DAT, in
/work/shared/originals/triaxis-dat.txt), told for this version's keys, mouse and pad; and
the field of hexes its welcome page is drawn with. Pure text.

On a cabinet the lines that name keys, the mouse or the pad give way to lines that name the
panel's controls (the stick, Button 1...): a customer there has nothing else."""

from __future__ import annotations


def hex_field(cols: int, rows: int) -> list:
    """A field of hexes drawn with / \\ and _, ``cols`` characters by ``rows`` lines."""
    a, b = "/  \\__", "\\__/  "
    return [((a if r % 2 else b) * (cols // 6 + 2))[:cols] for r in range(rows)]


SECTIONS = [
    ("THE BIOSPHERE", [
        "The island is made of hexagonal zones in six colours of terrain: forest,",
        "grass, desert, hills, marsh and tundra. Play is a little like checkers,",
        "but in six directions, and your survival depends on the land you stand on",
        "and on keeping your population in check.",
        "",
        "Two to six seats play; the computer can play any of them. Each game starts",
        "on a new Biosphere: ask for another until you like it, then accept it.",
        "Then each person chooses a habitat colour; the computer's seats take the",
        "colours left. At most eighty markers share the island:",
        "",
        "   2 seats: 40 each          3 seats: 28, 28 and 24",
        "   4 seats: 20 each          5 seats: 16 each         6 seats: 13 each",
        "",
        "With one to four people the computer usually plays one more seat.",
    ]),
    ("RULES FOR SURVIVAL", [
        "1. First each seat places half its markers, one at a time, on empty",
        ("   zones anywhere. R lets the computer place the rest of yours at random.",
         "   zones anywhere. {random} lets the computer place the rest at random."),
        "",
        "2. A marker captures an opponent's marker by jumping over it to the empty",
        "   zone beyond, if the opponent is not bigger. The jumper grows by one.",
        "   A marker that grows past six is lost to over-population.",
        "",
        "3. Every turn starts with the spinner: 1 to 6, HARVEST or FAMINE. On your",
        ("   turn press Space or Enter, click, or press A to set it going (the",
         "   turn press {confirm} to set it going. A number gives that many move"),
        ("   status line says which). A number gives that many move points, and",
         "   points, and they must be used while a move fits. Captures are never"),
        ("   they must be used while a move fits. Captures are never forced. New",
         "   forced. New markers come only with a HARVEST."),
        ("   markers come only with a HARVEST.", None),
    ]),
    ("RULES FOR SURVIVAL", [
        ("4. Move the cursor circle to one of your markers and press Enter (or the",
         "4. Move the cursor circle with the {move} to one of your markers and"),
        ("   left button) to choose it; its destinations are marked. Then move the",
         "   press {confirm} to choose it; its destinations are marked. Then move"),
        ("   cursor there and press Enter or Space, or click it. The right button",
         "   the cursor there and press {confirm}. {back} puts the marker"),
        ("   puts the marker down again. The corner keys of the keypad ([7] [9]",
         "   down again."),
        ("   [1] [3], or Home, PgUp, End, PgDn) move the cursor diagonally.", None),
        "",
        "5. A step or a jump costs the marker's size: with a five, move a 5 one",
        ("   zone, a 1 five zones, or five 1s one zone each. U takes back a step",
         "   zone, a 1 five zones, or five 1s one zone each. Undo in the menu"),
        ("   of your turn (never the spin).",
         "   ({menu}) takes back a step of your turn (never the spin)."),
    ]),
    ("RULES FOR SURVIVAL", [
        "6. Jump over your own marker to cross the island faster, or over an",
        "   opponent to capture it. Captured and over-populated markers vanish.",
        "",
        "7. HARVEST spins again for a colour. For each size point of your markers",
        "   on that colour you add a new marker on any empty zone, or grow one of",
        "   yours by one. A careless harvest can over-populate you off the island.",
        "",
        "8. FAMINE spins again for a colour: every marker on it perishes. Do not",
        "   keep all your markers on one colour.",
        "",
        ("9. Esc, or both mouse buttons at once, asks whether you concede.",
         "9. After your spin, {back} (no marker chosen) asks whether you end the"),
        (None, "   turn or concede; before it, whether you quit."),
    ]),
    ("RULES FOR SURVIVAL", [
        "10. Small markers boxed in by big ones can leave you with no move: then",
        "    the turn passes by itself.",
        "",
        "11. A marker too big to capture? Hope for a FAMINE on its colour, or let",
        "    it jump until it grows past six.",
        "",
        ("12. (Y/n) questions: Y or N; Enter takes the answer in capitals; Esc,",
         "12. (Y/n) questions: the {move} chooses an answer, {confirm} takes it,"),
        ("    Space or the right button is no. The left button clicks an answer.",
         "    {back} is no."),
        ("    The left and right buttons pressed together are Esc, everywhere.", None),
        "",
        "13. Ten score files keep the games played, won and the best population",
        ("    of each player. Compare scores at the end and press 0 to 9 for a file.",
         "    of each player. Compare scores at the end and choose a file."),
    ]),
]


def pages(panel: bool = False) -> list:
    """The help pages for the look's pages modal: each its heading, a blank line, its text.
    A line that names the keyboard, the mouse or the pad is a pair (that line, the line
    for a cabinet's panel; None where one of them has no such line); ``panel`` picks the
    second. The panel's lines name controls by placeholders ({confirm}, {back}, {move},
    {menu}, a command's name), named by the pages box as shown."""
    out = []
    for title, lines in SECTIONS:
        page = [title, ""]
        for line in lines:
            if isinstance(line, tuple):
                line = line[1] if panel else line[0]
            if line is not None:
                page.append(line)
        out.append(page)
    return out
