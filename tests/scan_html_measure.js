// Test-only (tests/test_scan_html.sh injects it into a copy of an `ibidi scan --html`
// page): the order in which the browser put the glyphs of each shown name, left to right
// on the screen, and what the page's filters do. The results go into the DOM as <pre>
// elements, which `chromium --headless --dump-dom` prints.
(function () {
  'use strict';
  var lines = [];
  var shown = document.querySelectorAll('p.shown');
  for (var i = 0; i < shown.length; i++) {
    var p = shown[i];
    var group = p.closest('section.group');
    var g = glyphOrder(p, false); /* tests/glyph_order.js */
    var own = group.getAttribute('data-kind') === p.getAttribute('dir');
    lines.push(['shown', p.getAttribute('dir'), p.textContent,
                g.text,
                p.hasAttribute('data-ibidi') ? p.getAttribute('data-ibidi') : '-',
                own ? group.getAttribute('data-key') : '-', g.oneLine ? 'line' : 'lines'
               ].join('\t'));
  }
  // the filters: how many groups each setting leaves
  var valid = document.getElementById('f-valid'), kind = document.getElementById('f-kind');
  var text = document.getElementById('f-text');
  function visible() {
    return Array.prototype.filter.call(document.querySelectorAll('section.group'),
                                       function (g) { return !g.hidden; }).length;
  }
  function fire(e, type) { e.dispatchEvent(new Event(type)); }
  lines.push('filter\tnone\t' + visible());
  valid.checked = true; fire(valid, 'change');
  lines.push('filter\tvalid\t' + visible());
  valid.checked = false; fire(valid, 'change');
  for (var o = 1; o < kind.options.length; o++) {
    kind.value = kind.options[o].value; fire(kind, 'change');
    lines.push('filter\tkind=' + kind.value + '\t' + visible());
  }
  kind.value = ''; fire(kind, 'change');
  text.value = window.IBIDI_TEST_SEARCH || ''; fire(text, 'input');
  lines.push('filter\ttext\t' + visible());
  lines.push('filters\t' + (document.getElementById('filters').hidden ? 'hidden' : 'shown'));
  var pre = document.createElement('pre');
  pre.id = 'ibidi-test';
  pre.textContent = '\n' + lines.join('\n') + '\n';
  document.body.appendChild(pre);
})();
