"""A font with Chinese characters for the charts, so a chart drawn in Chinese shows no empty boxes.

Matplotlib's own font, DejaVu Sans, has no Chinese characters. The Noto Sans CJK SC font comes
with the `mplfonts` package (a plain `pip install` brings it; no system font is needed); a Noto
CJK that the system already has is used as it is. The CJK font is put after the usual family, so
Latin letters and digits look as they do in English and only the Chinese falls through to it.
"""

from __future__ import annotations

import logging
from importlib.resources import files

CJK_FAMILY = "Noto Sans CJK SC"
BUNDLED_FONT = "fonts/NotoSansCJKsc-Regular.otf"


def use_chinese_font() -> str:
    """Make matplotlib draw Chinese from now on; returns the family it falls back to."""
    import matplotlib
    from matplotlib import font_manager

    known = {font.name for font in font_manager.fontManager.ttflist}
    if CJK_FAMILY not in known:
        font_manager.fontManager.addfont(str(files("mplfonts").joinpath(BUNDLED_FONT)))
    # Only the regular weight is bundled, so a bold title's Chinese is drawn regular; matplotlib
    # would log that on every bold title, into the notebook's output.
    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
    families = list(matplotlib.rcParams["font.family"])
    if CJK_FAMILY not in families:  # matplotlib falls back along this list, glyph by glyph
        matplotlib.rcParams["font.family"] = [*families, CJK_FAMILY]
    return CJK_FAMILY
