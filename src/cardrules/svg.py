"""
Pictures of positions: any state or view as standalone SVG, and a whole game as one
self-contained HTML page that steps through it.

Each game draws its own table through :attr:`~cardrules.GameSpec.render_svg` (in its
own package, like its text drawing); a game without one gets :func:`render_generic_svg`,
its text drawing set as a picture, so a plug-in game has pictures too. States, views and
records of the built-in games show as pictures in Jupyter (``_repr_svg_`` and
``_repr_html_``), without importing IPython.

The picture of a view shows only what the view holds: it is drawn from the view alone.
Drawing is deterministic (the same input gives the same bytes) and every piece of the
picture has a ``<title>`` that says what it is.

>>> import cardrules
>>> from cardrules import beggar
>>> state = beggar.new_game(seed=1)
>>> svg = render_svg(state)
>>> svg.startswith("<svg") and "seat 0" in svg
True
>>> render_svg(state, seat=1) == render_svg(beggar.view(state, 1))
True
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import textwrap
from collections.abc import Callable
from typing import Any

from cardrules._registry import GAMES, get_game
from cardrules._render import render_generic, render_move, render_outcome, render_view
from cardrules._svg import Canvas, esc
from cardrules.errors import CardrulesError, WrongTypeError
from cardrules.game import AnyGame
from cardrules.serialize import Record, _start

__all__ = [
    "RASTER_EXTRA",
    "game_of",
    "record_html",
    "render_generic_svg",
    "render_svg",
    "replay_html",
    "to_rgb_array",
]

_SvgHook = Callable[..., str]
"""``render_svg(state_or_view, *, last_move=None, mover=None) -> str``: a game's drawing."""


def game_of(obj: object) -> AnyGame:
    """
    The registered game whose ``State`` or ``View`` ``obj`` is.

    Raises:
        WrongTypeError: ``obj`` is neither a state nor a view of a registered game.

    >>> from cardrules import beggar
    >>> game_of(beggar.new_game(seed=2)).name
    'beggar'
    """
    for game in GAMES.values():
        if isinstance(obj, (game.State, game.View)):
            return game
    raise WrongTypeError(
        f"cannot draw {type(obj).__name__}: not a state or view of a registered game"
    )


def _resolve(game: AnyGame | str | None, obj: object) -> AnyGame:
    if game is None:
        return game_of(obj)
    if isinstance(game, str):
        return get_game(game)
    return game


def render_svg(
    obj: object,
    *,
    game: AnyGame | str | None = None,
    seat: int | None = None,
    last_move: object = None,
    mover: int | None = None,
) -> str:
    """
    A state or a view as a standalone SVG picture.

    Args:
        obj: a state (the whole table, every card) or a view (what one seat knows).
        game: the game, or its name; by default the game whose class ``obj`` is.
        seat: draw that seat's view of the state ``obj`` (``game.view(obj, seat)``).
        last_move: the move that led to ``obj``, marked on the picture.
        mover: the seat that made ``last_move``.

    Returns:
        The SVG document as text (no XML declaration), deterministic.

    Raises:
        WrongTypeError: ``obj`` is not a state or view of the game, or ``seat`` is
            given with a view.

    >>> from cardrules import biggenbende as bb
    >>> state = bb.new_game(bb.Rules(players=3), seed=4)
    >>> "<title>" in render_svg(state, seat=0)
    True
    """
    found = _resolve(game, obj)
    if seat is not None:
        if not isinstance(obj, found.State):
            raise WrongTypeError(f"seat= needs a {found.name} state, not {type(obj).__name__}")
        obj = found.view(obj, seat)
    elif not isinstance(obj, (found.State, found.View)):
        raise WrongTypeError(f"cannot draw {type(obj).__name__}: not a {found.name} state or view")
    hook: _SvgHook | None = getattr(found, "render_svg", None)
    if hook is not None:
        return hook(obj, last_move=last_move, mover=mover)
    return render_generic_svg(found, obj, last_move=last_move, mover=mover)


_WRAP = 62
"""The longest line of the generic picture, so that it reads at 400 pixels wide."""


def render_generic_svg(
    game: AnyGame, obj: object, *, last_move: object = None, mover: int | None = None
) -> str:
    """
    The picture of a game that draws none of its own: its text drawing, line by line.

    A view is drawn with the game's ``render_view`` (else its fields), a state with its
    fields; the seat to move and the last move are named at the top.

    >>> from cardrules import beggar
    >>> svg = render_generic_svg(beggar.GAME, beggar.new_game(seed=1))
    >>> "stacks" in svg
    True
    """
    is_view = isinstance(obj, game.View)
    text = render_view(game, obj) if is_view else render_generic(obj)
    lines = [
        wrapped
        for line in text.splitlines()[:80]
        for wrapped in textwrap.wrap(
            line,
            _WRAP,
            initial_indent="",
            subsequent_indent=" " * (len(line) - len(line.lstrip()) + 2),
            drop_whitespace=False,
        )
        or [""]
    ]
    kind = "view" if is_view else "state"
    head: list[str] = []
    if not is_view and isinstance(obj, game.State):
        turn = game.to_move(obj)
        head.append("the game is over" if turn is None else f"seat {turn} to move")
    if last_move is not None:
        who = "" if mover is None else f"seat {mover}: "
        head.append(f"last move: {who}{render_move(game, last_move)}")
    width = max(320, 16 + 7 * max((len(line) for line in lines), default=0))
    height = 34 + 18 * (len(lines) + len(head))
    canvas = Canvas(width, height, f"{game.name} {kind}")
    canvas.text(8, 20, f"{game.name} \u00b7 {kind}", size=14, bold=True)
    y = 38.0
    for line in head:
        canvas.text(8, y, line, bold=True, title=line)
        y += 18
    for line in lines:
        canvas.raw(
            f'<text x="8" y="{y:g}" font-size="11" xml:space="preserve" '
            f'style="font-family:DejaVu Sans Mono,monospace">'
            f"<title>{esc(line.strip() or 'blank line')}</title>{esc(line)}</text>"
        )
        y += 18
    return canvas.render()


# --------------------------------------------------------------------------- records


def _told(game: AnyGame, before: Any, move: Any, after: Any, seat: int, reader: int) -> str:
    """What ``seat`` saw ``move`` do, told to ``reader`` (-1: to nobody in particular, in
    the third person): its events as text, else the move's text."""
    if game.events is not None:
        render = game.render_event
        events = game.events(before, move, after, seat)
        try:
            texts = [str(event) if render is None else render(event, reader) for event in events]
        except (IndexError, KeyError, ValueError, TypeError):  # a game that knows no -1
            texts = [str(event) if render is None else render(event, seat) for event in events]
        if texts:
            return "; ".join(texts)
    return render_move(game, move)


def _said(mover: int, text: str) -> str:
    """A move's line in the list: its text, after the mover's seat unless it names it."""
    if text.startswith((f"seat {mover} ", f"seat {mover}:", "you ")):
        return text
    return f"seat {mover}: {text}"


def _frames(record: Record) -> dict[str, Any]:
    """Every position of a record drawn for the table and for each seat, with the text."""
    if not isinstance(record, Record):
        raise WrongTypeError(f"expected a Record, got {type(record).__name__}")
    game = get_game(record.game)
    state = _start(record, game)
    origin = "from a saved position" if record.start is not None else f"seed {record.seed}"
    players = game.players(state)
    seats = range(players)
    # Pictures of one game repeat most of their pieces from one move to the next: each
    # piece is kept once, and a picture is the list of its pieces' numbers.
    pieces: dict[str, int] = {}

    def numbered(svg: str) -> list[int]:
        first, *rest = svg.split(_CUT)
        ids = [pieces.setdefault(first, len(pieces))]
        ids += [pieces.setdefault(_CUT + piece, len(pieces)) for piece in rest]
        return ids

    def drawn(state: Any, move: Any = None, mover: int | None = None) -> list[list[int]]:
        table = render_svg(state, game=game, last_move=move, mover=mover)
        views = (
            render_svg(game.view(state, s), game=game, last_move=move, mover=mover) for s in seats
        )
        return [numbered(table), *(numbered(view) for view in views)]

    frames = [drawn(state)]
    moves: list[dict[str, Any]] = []
    for index, move in enumerate(record.moves):
        mover = game.to_move(state)
        try:
            after = game.apply(state, move)
        except CardrulesError as exc:
            raise CardrulesError(f"move {index + 1} of the record: {exc}") from exc
        assert mover is not None  # apply accepted it: the game was not over
        # The whole table is told what the mover saw; each seat what it saw itself.
        table = _told(game, state, move, after, mover, -1)
        texts = [
            _said(mover, text)
            for text in (table, *(_told(game, state, move, after, s, s) for s in seats))
        ]
        moves.append({"seat": mover, "text": texts})
        frames.append(drawn(after, move, mover))
        state = after
    outcome = game.outcome(state)
    end = (
        render_outcome(outcome)
        if outcome is not None
        else f"the record ends before the game is over; seat {game.to_move(state)} to move"
    )
    return {
        "game": game.name,
        "players": players,
        "origin": origin,
        "pieces": list(pieces),
        "frames": frames,
        "moves": moves,
        "end": end,
    }


_CUT = "<g "
"""Where a picture is cut into pieces: before each group (a card, a seat, a label)."""


def _packed(data: dict[str, Any]) -> str:
    """The data as gzip (no time stamp: the same data, the same bytes) in base64."""
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=True).encode()
    return base64.b64encode(gzip.compress(raw, compresslevel=6, mtime=0)).decode("ascii")


_CSS = """
.crr{font-family:DejaVu Sans,Verdana,Arial,sans-serif;color:#1f2933;max-width:1100px}
.crr h2{font-size:18px;margin:4px 0}
.crr .bar{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:6px 0}
.crr button{font-size:15px;padding:3px 10px;cursor:pointer}
.crr select{font-size:14px;padding:2px}
.crr .pos{font-weight:bold;min-width:9em}
.crr .main{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
.crr .pic{flex:1 1 420px;min-width:300px}
.crr .pic svg{max-width:100%;height:auto}
.crr .side{flex:1 1 280px;min-width:240px}
.crr .now{background:#fff4e6;border:1px solid #e8590c;border-radius:4px;padding:6px;
 min-height:2.6em;margin-bottom:6px}
.crr ol{max-height:420px;overflow:auto;margin:0;padding-left:3.2em;font-size:13px;
 border:1px solid #d0d7de;border-radius:4px}
.crr li{padding:1px 2px;cursor:pointer}
.crr li.cur{background:#ffe8cc;font-weight:bold}
.crr .end{white-space:pre;font-family:DejaVu Sans Mono,monospace;font-size:13px;margin-top:6px}
.crr .help{font-size:12px;color:#5f6b7a}
.crr:focus{outline:2px solid #74c0fc}
"""

_JS = """
(function(){
var root=document.getElementById(%(id)s);
var q=function(s){return root.querySelector(s);};
function show(msg){q('.now').textContent=msg;}
if(typeof DecompressionStream==='undefined'){
 show('This browser cannot unpack the game (it lacks DecompressionStream).');return;}
var b=atob(q('script.crr-data').textContent.trim());
var bytes=new Uint8Array(b.length);for(var i=0;i<b.length;i++)bytes[i]=b.charCodeAt(i);
var s=new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
new Response(s).text().then(function(t){start(JSON.parse(t));});
function start(d){
 var at=0,mode=0,n=d.moves.length,sel=q('select'),list=q('ol');
 var opts=['full table'];
 for(var p=0;p<d.players;p++)opts.push('seat '+p+"'s view");
 opts.forEach(function(o,i){var e=document.createElement('option');e.value=i;
  e.textContent=o;sel.appendChild(e);});
 function fill(){list.innerHTML='';d.moves.forEach(function(m,i){
  var li=document.createElement('li');li.textContent=m.text[mode];
  li.dataset.i=i+1;list.appendChild(li);});}
 function draw(){
  q('.pic').innerHTML=d.frames[at][mode].map(function(i){return d.pieces[i];}).join('');
  q('.pos').textContent=at===0?'start ('+n+' moves)':'move '+at+' of '+n;
  var m=at>0?d.moves[at-1]:null;
  show(at===0?'The start of the game: press \\u2192 or \\u25b6 to step.':
   'Move '+at+': '+m.text[mode]);
  q('.end').textContent=at===n?d.end:'';
  var old=list.querySelector('li.cur');if(old)old.className='';
  if(at>0){var li=list.children[at-1];li.className='cur';
   var top=li.offsetTop-list.offsetTop;
   if(top<list.scrollTop||top>list.scrollTop+list.clientHeight-20)
    list.scrollTop=top-list.clientHeight/2;}
  root.dataset.at=at;root.dataset.mode=mode;}
 function go(i){at=Math.max(0,Math.min(n,i));draw();}
 function view(v){mode=(v+opts.length)%%opts.length;sel.value=mode;fill();draw();}
 q('.first').onclick=function(){go(0);};q('.prev').onclick=function(){go(at-1);};
 q('.next').onclick=function(){go(at+1);};q('.last').onclick=function(){go(n);};
 sel.onchange=function(){view(+sel.value);};
 list.onclick=function(e){if(e.target.dataset.i)go(+e.target.dataset.i);};
 root.tabIndex=0;
 root.addEventListener('keydown',function(e){
  if(e.target.tagName==='SELECT')return;
  var k={ArrowRight:1,ArrowLeft:-1,PageDown:10,PageUp:-10}[e.key];
  if(k){go(at+k);}else if(e.key==='Home'){go(0);}else if(e.key==='End'){go(n);}
  else if(e.key==='v'){view(mode+1);}else return;
  e.preventDefault();});
 %(global)s
 fill();draw();root.dataset.ready='1';}
})();
"""


def record_html(record: Record) -> str:
    """
    A record as an HTML fragment that steps through the game: what a notebook shows.

    The fragment holds every picture (gzip-packed) and a small script; it needs no
    network. The buttons and the arrow keys step, the menu switches between the full
    table and one seat's view; the moves and what the chosen seat saw are listed beside
    the picture. :func:`replay_html` wraps it in a whole page.

    >>> from cardrules import Record, beggar
    >>> record = Record(game="beggar", rules=beggar.Rules(), seed=3, moves=(beggar.Turn(),) * 3)
    >>> html = record_html(record)
    >>> html.startswith('<div class="crr"') and "<script" in html
    True
    """
    return _fragment(_frames(record), keys_on_page=False)


def _fragment(data: dict[str, Any], *, keys_on_page: bool) -> str:
    packed = _packed(data)
    ident = "crr-" + hashlib.sha1(packed.encode(), usedforsecurity=False).hexdigest()[:12]
    # On a page of its own the keys work wherever the focus is; in a notebook only
    # when the widget has the focus (click it), so that the notebook keeps its keys.
    hook = (
        "document.addEventListener('keydown',function(e){if(e.target===document.body)"
        "root.dispatchEvent(new KeyboardEvent('keydown',{key:e.key}));});"
        if keys_on_page
        else ""
    )
    script = _JS % {"id": json.dumps(ident), "global": hook}
    title = f"{data['game']}: {data['players']} players, {data['origin']}"
    return (
        f'<div class="crr" id="{ident}"><style>{_CSS}</style>'
        f"<h2>{esc(title)}</h2>"
        '<div class="bar">'
        '<button class="first" title="the start (Home)">|\u25c0</button>'
        '<button class="prev" title="one move back (\u2190)">\u25c0</button>'
        '<button class="next" title="one move on (\u2192)">\u25b6</button>'
        '<button class="last" title="the end (End)">\u25b6|</button>'
        '<span class="pos"></span>'
        '<label>show <select aria-label="whose picture"></select></label>'
        '<span class="help">keys: \u2190 \u2192, Home, End, v: next view</span></div>'
        '<div class="main"><div class="pic"></div>'
        '<div class="side"><div class="now">(the game is being unpacked)</div>'
        '<ol></ol><div class="end"></div></div></div>'
        f'<script type="application/octet-stream" class="crr-data">{packed}</script>'
        f"<script>{script}</script></div>"
    )


def replay_html(record: Record) -> str:
    """
    A record as one self-contained HTML page that steps through the game.

    Nothing is fetched: the pictures, the style and the script are all in the page.
    ``cardrules replay FILE --html OUT`` writes it.

    Raises:
        WrongTypeError: ``record`` is not a :class:`~cardrules.Record`.
        CardrulesError: a move of the record breaks a rule.

    >>> from cardrules import Record, beggar
    >>> page = replay_html(Record(game="beggar", rules=beggar.Rules(), seed=3))
    >>> page.startswith("<!DOCTYPE html>") and "http://" not in page.split("<svg")[0]
    True
    """
    data = _frames(record)
    title = f"cardrules replay: {data['game']}, {data['origin']}"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{esc(title)}</title>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "</head><body>"
        f"{_fragment(data, keys_on_page=True)}"
        "</body></html>\n"
    )


# --------------------------------------------------------------------------- raster

RASTER_EXTRA = "raster"
"""The extra that :func:`to_rgb_array` needs: ``pip install 'cardrules[raster]'`` (CairoSVG,
which needs the cairo library of the system, and numpy)."""


def _rasteriser() -> tuple[Any, Any, Any]:
    """CairoSVG, Pillow's ``Image`` and numpy, or a clear error naming the extra."""
    try:
        import cairosvg
        import numpy
        from PIL import Image
    except (ImportError, OSError) as exc:  # OSError: CairoSVG without the cairo library
        raise CardrulesError(
            f"drawing pictures as pixels needs the {RASTER_EXTRA} extra: pip install "
            f"'cardrules[{RASTER_EXTRA}]' (CairoSVG needs the system's cairo library); {exc}"
        ) from None
    return cairosvg, Image, numpy


def to_rgb_array(svg: str, *, scale: float = 1.0) -> Any:
    """
    An SVG picture as pixels: a ``numpy`` array of shape ``(height, width, 3)``, ``uint8``.

    Needs the ``raster`` extra (CairoSVG); the PettingZoo environments use it for
    ``render_mode="rgb_array"``.

    Raises:
        CardrulesError: the extra is not installed.

    >>> from cardrules import beggar
    >>> try:
    ...     pixels = to_rgb_array(render_svg(beggar.new_game(seed=1)))
    ... except CardrulesError:  # without the raster extra
    ...     pixels = None
    >>> pixels is None or (pixels.shape, str(pixels.dtype)) == ((344, 420, 3), "uint8")
    True
    """
    cairosvg, image, numpy = _rasteriser()
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    import io

    with image.open(io.BytesIO(png)) as picture:
        return numpy.asarray(picture.convert("RGB"))
