"""The frame every picture page shares: one self-contained HTML document (styles, drawings and
script inline, nothing fetched), a navigation bar, and the keys that move between frames.

A page is a list of blocks, each a ``<section class="frame">``. The script marks one frame as
current; the arrow keys, ``j``/``k``, ``n``/``p``, Home and End move it, so does a swipe on a
touch screen, scrolling (the frame at the top of the window becomes current) and the address
(``#step-4``, also when it changes on an open page), and a slider (when the page asks for one)
follows. A step that holds its moves one by one can be walked move by move (its button, or
``m``). A page of many frames shown one at a time (a replay) keeps each in a ``<template>``
and draws only the one shown, filling its places from drawings each defined once. On a phone
the views stack, the controls are large enough for a finger and the key hint is left out.
Printing drops the bar and keeps each frame on one block.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from conjure.text import Text
from conjure.view import svg

_WORDS = {
    "prev": Text("previous", zh="上一步"),
    "next": Text("next", zh="下一步"),
    "keys": Text(
        "keys: ← → (or j k), Home, End, m: move by move",
        zh="按键：← →（或 j k）、Home、End，m：逐个动作",
    ),
    "keys single": Text("keys: ← → (or j k), Home, End", zh="按键：← →（或 j k）、Home、End"),
}

_CSS = """
:root{--ink:#1d1d1d;--dim:#666;--line:#d8d8d8;--mark:#1565c0;--bad:#c62828;--good:#2e7d32}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:FONTS;color:var(--ink);background:#fafaf7;line-height:1.45;
 font-size:14px;overflow-x:hidden}
main{max-width:1160px;margin:0 auto;padding:16px 16px 80px}
header h1{font-size:22px;margin:4px 0}
header p{margin:4px 0;color:var(--dim)}
.frame{background:#fff;border:1px solid var(--line);border-radius:8px;margin:14px 0;
 padding:12px 14px;scroll-margin-top:12px;min-width:0}
.banner~.frame{scroll-margin-top:84px}
.frame.current{border-color:var(--mark);box-shadow:0 0 0 2px rgba(21,101,192,.25)}
.frame.failed{border-color:var(--bad);box-shadow:0 0 0 2px rgba(198,40,40,.25)}
.frame h2{font-size:15px;font-weight:400;margin:0 0 6px}
.frame h2 .num{color:var(--mark);font-weight:700;margin-right:8px}
.failure{color:var(--bad);font-weight:700;margin:6px 0}
.banner{position:sticky;top:0;z-index:6;background:#fdecea;border:2px solid var(--bad);
 border-radius:8px;padding:8px 12px;margin:8px 0;color:#7f1d1d}
.banner a{color:var(--bad);font-weight:700}
.views{display:flex;flex-wrap:wrap;gap:12px;margin:8px 0}
.views figure{margin:0;flex:1 1 400px;max-width:560px;min-width:0}
.views figcaption{font-size:13px;font-weight:700;color:var(--dim);margin-bottom:2px}
.views svg.scene{width:100%;height:auto;background:#fff;display:block}
section.position svg.scene,svg.cj.seen{max-width:100%;height:auto}
ul.moves,ul.plain{margin:4px 0 4px 18px;padding:0}
.label{font-weight:700}
.choices,.notes,.believes,.seen,.patter,.effect{margin:4px 0}
.notes{font-style:italic;color:#444}
.patter{color:#6a1b9a;font-style:italic}
.effect{color:var(--good);font-weight:600}
.ok{color:var(--good)}.bad{color:var(--bad)}
.facts{color:#0b5d6b;font-weight:600}
.bymove{font:inherit;margin:4px 0;padding:4px 10px}
.moveframe h3{font-size:14px;margin:6px 0 2px}
.moveframe .of{color:var(--dim);font-weight:400}
.frame.by-move>.views,.frame.by-move>.seen{display:none}
details.legend{margin:6px 0;color:#333}
details.legend summary{cursor:pointer;font-weight:700}
details.legend dl{display:grid;grid-template-columns:auto 1fr;gap:4px 10px;margin:6px 0;
 align-items:center}
details.legend dd{margin:0}
nav.bar{position:fixed;left:0;right:0;bottom:0;background:rgba(255,255,255,.96);
 border-top:1px solid var(--line);padding:8px 16px;display:flex;gap:12px;align-items:center;
 font-size:14px;z-index:5}
nav.bar button{font:inherit;padding:2px 10px;flex:none}
nav.bar input[type=range]{flex:1;min-width:60px}
nav.bar #where{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0;
 flex:0 1 auto}
nav.bar .hint{color:var(--dim);font-size:12px;white-space:nowrap}
@media (max-width:700px){
 main{padding:10px 8px 96px}
 .frame{padding:10px 8px}
 .views figure{flex-basis:100%;max-width:100%}
 nav.bar{padding:6px 8px;gap:8px}
 nav.bar #where{flex:1 1 0}
}
@media (hover:none),(pointer:coarse),(max-width:700px){
 nav.bar button,.bymove{min-height:44px;min-width:44px;padding:6px 12px}
 nav.bar input[type=range]{height:44px}
 nav.bar .hint{display:none}
}
@media print{
 nav.bar,.banner{display:none}
 .views{flex-wrap:nowrap}
 .views figure{flex:1 1 0;min-width:0}
 body{background:#fff}
 main{padding:0}
 .frame{break-inside:avoid;page-break-inside:avoid;box-shadow:none!important;
  border-color:#999!important}
 .moveframe,.bymove{display:none!important}
}
""".replace("FONTS", svg.FONTS)

# The navigation: one frame is current; keys, buttons, the slider, a swipe, the address and
# scrolling move it. A frame kept in a template is drawn when shown, its places filled in from
# the drawings it names. A step that holds its moves can be walked move by move (its button,
# or m; then the arrows walk its moves, and past the last one on to the next step).
_SCRIPT = """
(function(){
  var tpl=[].slice.call(document.querySelectorAll('template.frame-t'));
  var stage=document.getElementById('stage');
  var frames=tpl.length?[]:[].slice.call(document.querySelectorAll('main > .frame'));
  var count=tpl.length||frames.length;
  var slider=document.getElementById('slider');
  var where=document.getElementById('where');
  var at=-1,jumpY=-1;
  function fill(node){
    [].forEach.call(node.querySelectorAll('[data-cells]'),function(round){
      var areas={};
      round.dataset.cells.split(';').forEach(function(cell){
        if(!cell)return;
        var p=cell.split('='),a=areas[p[0]];
        if(!a){a=areas[p[0]]=document.createElement('div');a.className='area '+p[0];
          round.appendChild(a);}
        var box=p[1]===''?a:a.querySelector('[data-seat="'+p[1]+'"]');
        if(!box){box=document.createElement('div');box.className='seat';
          box.dataset.seat=p[1];a.appendChild(box);}
        var zone=document.createElement('div');
        zone.className='zone';zone.dataset.zone=p[2];
        var d=document.getElementById(p[3]);
        if(d)zone.appendChild(d.content.cloneNode(true));
        box.appendChild(zone);
      });
    });
  }
  function show(i){
    if(tpl.length){
      var node=tpl[i].content.firstElementChild.cloneNode(true);
      fill(node);
      node.classList.add('current');
      stage.replaceChildren(node);
      return node;
    }
    frames.forEach(function(f,k){f.classList.toggle('current',k===i);});
    return frames[i];
  }
  function jump(f){
    f.scrollIntoView({block:'start'});
    jumpY=scrollY;  // where the page put itself: a scroll that ends elsewhere is the reader's
  }
  function go(i,scroll){
    if(!count)return;
    i=Math.max(0,Math.min(count-1,i));
    if(i===at){if(scroll&&!tpl.length)jump(frames[i]);return;}
    at=i;
    var f=show(at);
    if(slider)slider.value=String(at);
    if(where)where.textContent=(at+1)+' / '+count+' · '+(f.dataset.label||'');
    document.body.dataset.current=String(at);
    if(scroll&&!tpl.length)jump(f);
    if(history.replaceState)history.replaceState(null,'','#'+f.id);
  }
  function moves(f){return [].slice.call(f.querySelectorAll('.moveframe'));}
  function showMove(f,k){
    var m=moves(f);
    m.forEach(function(x,j){x.hidden=j!==k;});
    f.dataset.move=String(k);
    document.body.dataset.move=String(k);
  }
  function toggle(f){
    if(!f||!moves(f).length)return;
    if(f.classList.toggle('by-move')){showMove(f,0);}
    else{moves(f).forEach(function(x){x.hidden=true;});delete document.body.dataset.move;}
  }
  function step(d){
    var f=tpl.length?null:frames[at];
    if(f&&f.classList.contains('by-move')){
      var k=parseInt(f.dataset.move||'0',10)+d;
      if(k>=0&&k<moves(f).length){showMove(f,k);return;}
      toggle(f);
    }
    go(at+d,true);
  }
  document.addEventListener('keydown',function(e){
    if(e.altKey||e.ctrlKey||e.metaKey)return;
    var k=e.key;
    if(k==='ArrowRight'||k==='j'||k==='n'){step(1);}
    else if(k==='ArrowLeft'||k==='k'||k==='p'){step(-1);}
    else if(k==='Home'){go(0,true);}
    else if(k==='End'){go(count-1,true);}
    else if(k==='m'&&!tpl.length){toggle(frames[at]);}
    else return;
    e.preventDefault();
  });
  var prev=document.getElementById('prev'),next=document.getElementById('next');
  if(prev)prev.addEventListener('click',function(){step(-1);});
  if(next)next.addEventListener('click',function(){step(1);});
  if(slider)slider.addEventListener('input',function(){go(parseInt(slider.value,10),false);});
  frames.forEach(function(f,k){
    f.addEventListener('click',function(){go(k,false);});
    var b=f.querySelector('button.bymove');
    if(b)b.addEventListener('click',function(e){e.stopPropagation();go(k,false);toggle(f);});
  });
  // a swipe left or right moves on or back, as the arrow keys do
  var x0=null,y0=0;
  document.addEventListener('touchstart',function(e){
    if(e.touches.length!==1||e.target.closest('input,button,a')){x0=null;return;}
    x0=e.touches[0].clientX;y0=e.touches[0].clientY;},{passive:true});
  document.addEventListener('touchend',function(e){
    if(x0===null)return;
    var dx=e.changedTouches[0].clientX-x0,dy=e.changedTouches[0].clientY-y0;x0=null;
    if(Math.abs(dx)>50&&Math.abs(dx)>1.5*Math.abs(dy))step(dx<0?1:-1);
  });
  // scrolling: the frame nearest the top of the window becomes the current one
  function follow(){
    if(Math.abs(scrollY-jumpY)<2)return;
    var best=-1,gap=Infinity;
    frames.forEach(function(f,k){
      var r=f.getBoundingClientRect();
      if(r.bottom>80&&r.top<innerHeight*0.5){var g=Math.abs(r.top-40);
        if(g<gap){gap=g;best=k;}}
    });
    if(best>=0&&best!==at)go(best,false);
  }
  if(frames.length){
    var ticking=false;
    addEventListener('scroll',function(){
      if(ticking)return;ticking=true;
      requestAnimationFrame(function(){ticking=false;follow();});
    },{passive:true});
  }
  function index(id){
    var ids=tpl.length?tpl.map(function(t){return t.dataset.id;})
                      :frames.map(function(f){return f.id;});
    return ids.indexOf(id);
  }
  addEventListener('hashchange',function(){
    var k=index(location.hash.slice(1));if(k>=0)go(k,true);});
  var start=0,want=location.hash.slice(1)||document.body.dataset.start||'';
  if(want&&index(want)>=0)start=index(want);
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
    css: str = "",
    start: str = "",
) -> str:
    """A whole page: ``header`` (HTML), then the ``frames`` (each a ``<section class="frame">``),
    then the navigation bar; ``sheet`` holds the card drawings the frames refer to; ``single``
    shows one frame at a time (a replay); ``css`` adds the page's own styles; ``start`` names
    the frame the page opens on when its address names none (a counter-example's failing
    step)."""
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
    keys = _WORDS["keys single" if single else "keys"]
    bar.append(f'<span class="hint">{esc(keys.get(lang))}</span>')
    body_attrs = ' class="single"' if single else ""
    if start:
        body_attrs += f' data-start="{esc(start)}"'
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
        f"<title>{esc(title)}</title><style>{_CSS}{svg.style()}{css}</style></head>"
        f"<body{body_attrs}>{sheet.defs()}<main>{header}{''.join(frames)}</main>"
        f'<nav class="bar">{"".join(bar)}</nav><script>{_SCRIPT}</script></body></html>\n'
    )
