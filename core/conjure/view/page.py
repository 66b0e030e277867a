"""The frame every picture page shares: one self-contained HTML document (styles, drawings and
script inline, nothing fetched), a navigation bar, and the keys that move between frames.

A page is a list of blocks, each a ``<section class="frame">``. The script marks one frame as
current; the arrow keys, ``j``/``k``, ``n``/``p``, Home and End move it, and a slider (when the
page asks for one) follows. A page of many frames shown one at a time (a replay) keeps each in
a ``<template>`` and draws only the one shown. Printing drops the bar and keeps each frame on
one block.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from conjure.text import Text
from conjure.view import svg

_WORDS = {
    "prev": Text("previous", zh="上一步"),
    "next": Text("next", zh="下一步"),
    "keys": Text("keys: ← → (or j k), Home, End", zh="按键：← →（或 j k）、Home、End"),
}

_CSS = """
:root{--ink:#1d1d1d;--dim:#666;--line:#d8d8d8;--mark:#1565c0;--bad:#c62828;--good:#2e7d32}
*{box-sizing:border-box}
body{margin:0;font-family:FONTS;color:var(--ink);background:#fafaf7;line-height:1.45;
 font-size:14px}
main{max-width:1160px;margin:0 auto;padding:16px 16px 80px}
header h1{font-size:22px;margin:4px 0}
header p{margin:4px 0;color:var(--dim)}
.frame{background:#fff;border:1px solid var(--line);border-radius:8px;margin:14px 0;
 padding:12px 14px;scroll-margin-top:12px}
.frame.current{border-color:var(--mark);box-shadow:0 0 0 2px rgba(21,101,192,.25)}
.frame.failed{border-color:var(--bad);box-shadow:0 0 0 2px rgba(198,40,40,.25)}
.frame h2{font-size:15px;font-weight:400;margin:0 0 6px}
.frame h2 .num{color:var(--mark);font-weight:700;margin-right:8px}
.failure{color:var(--bad);font-weight:700;margin:6px 0}
.views{display:flex;flex-wrap:wrap;gap:12px;margin:8px 0}
.views figure{margin:0;flex:1 1 540px;max-width:560px}
.views figcaption{font-size:13px;font-weight:700;color:var(--dim);margin-bottom:2px}
.views svg.scene{width:100%;height:auto;background:#fff}
section.position svg.scene{max-width:100%;height:auto}
ul.moves,ul.plain{margin:4px 0 4px 18px;padding:0}
.label{font-weight:700}
.choices,.notes,.believes,.seen{margin:4px 0}
.notes{font-style:italic;color:#444}
.ok{color:var(--good)}.bad{color:var(--bad)}
.facts{color:#0b5d6b;font-weight:600}
nav.bar{position:fixed;left:0;right:0;bottom:0;background:rgba(255,255,255,.96);
 border-top:1px solid var(--line);padding:8px 16px;display:flex;gap:12px;align-items:center;
 font-size:14px;z-index:5}
nav.bar button{font:inherit;padding:2px 10px}
nav.bar input[type=range]{flex:1}
nav.bar .hint{color:var(--dim);font-size:12px}
@media print{
 nav.bar{display:none}
 .views{flex-wrap:nowrap}
 .views figure{flex:1 1 0;min-width:0}
 body{background:#fff}
 main{padding:0}
 .frame{break-inside:avoid;page-break-inside:avoid;box-shadow:none!important;
  border-color:#999!important}
}
""".replace("FONTS", svg.FONTS)

# The navigation: one frame is current; keys, buttons and the slider move it.
_SCRIPT = """
(function(){
  var tpl=[].slice.call(document.querySelectorAll('template.frame-t'));
  var stage=document.getElementById('stage');
  var frames=tpl.length?[]:[].slice.call(document.querySelectorAll('.frame'));
  var count=tpl.length||frames.length;
  var slider=document.getElementById('slider');
  var where=document.getElementById('where');
  var at=-1;
  function show(i){
    if(tpl.length){
      var node=tpl[i].content.firstElementChild.cloneNode(true);
      node.classList.add('current');
      stage.replaceChildren(node);
      return node;
    }
    frames.forEach(function(f,k){f.classList.toggle('current',k===i);});
    return frames[i];
  }
  function go(i,scroll){
    if(!count)return;
    i=Math.max(0,Math.min(count-1,i));
    if(i===at)return;
    at=i;
    var f=show(at);
    if(slider)slider.value=String(at);
    if(where)where.textContent=(at+1)+' / '+count+' · '+(f.dataset.label||'');
    document.body.dataset.current=String(at);
    if(scroll&&!tpl.length)f.scrollIntoView({block:'start'});
    if(history.replaceState)history.replaceState(null,'','#'+f.id);
  }
  document.addEventListener('keydown',function(e){
    if(e.altKey||e.ctrlKey||e.metaKey)return;
    var k=e.key;
    if(k==='ArrowRight'||k==='j'||k==='n'){go(at+1,true);}
    else if(k==='ArrowLeft'||k==='k'||k==='p'){go(at-1,true);}
    else if(k==='Home'){go(0,true);}
    else if(k==='End'){go(count-1,true);}
    else return;
    e.preventDefault();
  });
  var prev=document.getElementById('prev'),next=document.getElementById('next');
  if(prev)prev.addEventListener('click',function(){go(at-1,true);});
  if(next)next.addEventListener('click',function(){go(at+1,true);});
  if(slider)slider.addEventListener('input',function(){go(parseInt(slider.value,10),false);});
  frames.forEach(function(f,k){f.addEventListener('click',function(){go(k,false);});});
  var start=0,want=location.hash.slice(1);
  if(want){
    var ids=tpl.length?tpl.map(function(t){return t.dataset.id;})
                      :frames.map(function(f){return f.id;});
    if(ids.indexOf(want)>=0)start=ids.indexOf(want);
  }
  go(start,start>0);
})();
"""


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _section_id(frame: str) -> str:
    start = frame.index(' id="') + 5
    return frame[start : frame.index('"', start)]


def document(
    title: str,
    header: str,
    frames: Sequence[str],
    lang: str,
    sheet: svg.Sheet,
    slider: bool = False,
    single: bool = False,
) -> str:
    """A whole page: ``header`` (HTML), then the ``frames`` (each a ``<section class="frame">``),
    then the navigation bar; ``sheet`` holds the card drawings the frames refer to; ``single``
    shows one frame at a time (a replay)."""
    n = len(frames)
    bar = [
        f'<button id="prev" type="button">◀ {esc(_WORDS["prev"].get(lang))}</button>',
        f'<button id="next" type="button">{esc(_WORDS["next"].get(lang))} ▶</button>',
        '<span id="where"></span>',
    ]
    if slider:
        bar.append(
            f'<input id="slider" type="range" min="0" max="{max(0, n - 1)}" value="0" '
            f'aria-label="{esc(title)}">'
        )
    bar.append(f'<span class="hint">{esc(_WORDS["keys"].get(lang))}</span>')
    body_class = ' class="single"' if single else ""
    if single:
        # one frame at a time: each kept in a template, drawn only when it is shown
        frames = [
            f'<template class="frame-t" data-id="{_section_id(f)}">{f}</template>' for f in frames
        ]
        frames.append('<div id="stage"></div>')
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{"zh-CN" if lang == "zh" else esc(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{_CSS}{svg.style()}</style></head>"
        f"<body{body_class}>{sheet.defs()}<main>{header}{''.join(frames)}</main>"
        f'<nav class="bar">{"".join(bar)}</nav><script>{_SCRIPT}</script></body></html>\n'
    )
