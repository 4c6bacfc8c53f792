"""The RISC OS 3 Wimp's 16 standard colours (the default desktop palette), in Wimp colour
order. Pure data: no pygame, so rules-free code and tools can import it.

    0 white, 1-6 greys (light to dark), 7 black, 8 dark blue, 9 yellow, 10 green, 11 red,
    12 cream, 13 army green, 14 orange, 15 light blue
"""

WHITE = (0xFF, 0xFF, 0xFF)
GREY1 = (0xDD, 0xDD, 0xDD)
GREY2 = (0xBB, 0xBB, 0xBB)
GREY3 = (0x99, 0x99, 0x99)
GREY4 = (0x77, 0x77, 0x77)
GREY5 = (0x55, 0x55, 0x55)
GREY6 = (0x33, 0x33, 0x33)
BLACK = (0x00, 0x00, 0x00)
DARK_BLUE = (0x00, 0x44, 0x99)
YELLOW = (0xEE, 0xEE, 0x00)
GREEN = (0x00, 0xCC, 0x00)
RED = (0xDD, 0x00, 0x00)
CREAM = (0xEE, 0xEE, 0xBB)
ARMY_GREEN = (0x55, 0x88, 0x00)
ORANGE = (0xFF, 0xBB, 0x00)
LIGHT_BLUE = (0x00, 0xBB, 0xFF)

WIMP = [WHITE, GREY1, GREY2, GREY3, GREY4, GREY5, GREY6, BLACK,
        DARK_BLUE, YELLOW, GREEN, RED, CREAM, ARMY_GREEN, ORANGE, LIGHT_BLUE]
NAMES = ["white", "grey1", "grey2", "grey3", "grey4", "grey5", "grey6", "black",
         "dark blue", "yellow", "green", "red", "cream", "army green", "orange", "light blue"]
