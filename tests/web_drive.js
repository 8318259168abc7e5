// Test-only (tests/test_web.sh puts it, after window.IBIDI_TEST's data, into a copy of the
// playground page, build/web/index.html): types each identifier into the page's field as
// a user would (the input event the page listens to), then reads what the page shows:
// where the browser put each glyph of the identifier in the left-to-right and the
// right-to-left paragraph (sorted by x), ibidi's predicted visual order beside them, the
// verdict's JSON; times the wasm calls; loads an LGR through the file field (a File made
// of the document's text, as a file chosen from the disk arrives) and checks labels with
// it; scans a list. In a page of its own (T.docsOnly), it loads each LGR document of the
// test (its bytes) and checks labels under each one loaded. The results go into a pre
// element of id ibidi-test, which `chromium --headless --dump-dom` prints.
(function () {
  'use strict';
  var T = window.IBIDI_TEST;
  var out = [];
  function line() { out.push(Array.prototype.join.call(arguments, '\t')); }
  function glyphs(p) { /* tests/glyph_order.js */
    var g = glyphOrder(p, true);
    return [g.text, g.oneLine ? 'line' : 'lines'];
  }
  function type(text) {
    var f = document.getElementById('ident');
    f.focus();
    f.value = text;
    f.dispatchEvent(new Event('input', {bubbles: true}));
  }
  function median(v) { v = v.slice().sort(function (a, b) { return a - b; }); return v[v.length >> 1]; }
  // the wasm calls one keystroke makes, timed over several runs (the page's own timer), and
  // those of the exact part that follows when typing pauses
  function timeKeystroke(text, runs) {
    var pg = window.playground, m = {check: [], show: [], total: [], exact: [], twins: []};
    for (var i = 0; i < runs; i++) {
      pg.update();
      ['check', 'show', 'total'].forEach(function (k) { m[k].push(pg.last.ms[k]); });
      pg.finish();
      m.exact.push(pg.last.ms.exact_check);
      m.twins.push(pg.last.ms.twins);
    }
    return m;
  }
  function run() {
    var pg = window.playground;
    T.ids.forEach(function (id) {
      type(id);
      pg.finish(); /* the exact verdict, as the command gives it */
      var last = pg.last;
      ['ltr', 'rtl'].forEach(function (dir) {
        var g = glyphs(document.getElementById('shown-' + dir));
        line('shown', dir, id, g[0], document.getElementById('visual-' + dir).textContent, g[1]);
      });
      line('check', id, last.check);
    });
    // the keystroke's cost: each sample, and names of up to 253 bytes
    T.timed.forEach(function (id) {
      type(id);
      var m = timeKeystroke(id, 15);
      line('time', new TextEncoder().encode(id).length, median(m.check).toFixed(2),
           median(m.show).toFixed(2), median(m.total).toFixed(2),
           Math.max.apply(null, m.total).toFixed(2), median(m.exact).toFixed(2),
           median(m.twins).toFixed(2), id);
    });
    // notation: the field's text read as Bidi Notation
    var sel = document.getElementById('notation');
    sel.value = 'notation';
    sel.dispatchEvent(new Event('change'));
    type(T.notation);
    line('notation', T.notation, pg.last.input);
    sel.value = 'utf8';
    sel.dispatchEvent(new Event('change'));
    // the page's own direction
    document.getElementById('uidir').click();
    line('uidir', document.documentElement.dir, document.getElementById('uidir').getAttribute('aria-pressed'));
    document.getElementById('uidir').click();
    // a list
    document.getElementById('list').value = T.list;
    document.getElementById('scan').click();
    line('scan', pg.lastScan);
    // an LGR from "the disk": a File in the file field, as a chosen one arrives
    var input = document.getElementById('lgr-file');
    var dt = new DataTransfer();
    dt.items.add(new File([T.lgr], 'toy.xml', {type: 'text/xml'}));
    input.files = dt.files;
    input.dispatchEvent(new Event('change'));
    var waited = 0;
    (function wait() {
      if (!pg.lgrStatus && waited++ < 200) { setTimeout(wait, 10); return; }
      line('lgr-load', pg.lgrStatus || 'never');
      T.labels.forEach(function (l) {
        type(l + '.com');
        line('lgr', l, pg.lastLgr || '');
      });
      finish();
    })();
  }
  function finish() {
    var pre = document.createElement('pre');
    pre.id = 'ibidi-test';
    pre.textContent = out.join('\n');
    document.body.appendChild(pre);
  }
  // A page of its own (T.docsOnly): every LGR document of the test, its bytes as a chosen
  // file brings them, read by the page's loader (expat compiled to wasm); under each one it
  // loads, the labels. Apart from the run above, whose timing it would disturb: with this
  // work in the same page, the virtual clock of Chromium often stood still during the
  // timing, which then printed zeros.
  function bytes(b64) {
    var bin = atob(b64), b = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) b[i] = bin.charCodeAt(i);
    return b;
  }
  function readDoc(name, b) {
    var pg = window.playground, r = pg.call('lgr_load', [b]);
    line('doc', name, r.text);
    if (r.json.loaded) {
      T.docLabels.forEach(function (l) { line('doccheck', name, l, pg.call('lgr_check', [l, 0]).text); });
    }
  }
  function readDocs() {
    T.docs.forEach(function (d) { readDoc(d.name, bytes(d.b64)); });
    // the sample cut short: its first AT bytes, named as the test's files of them
    var whole = bytes(T.cuts.b64);
    T.cuts.at.forEach(function (at) {
      readDoc(T.cuts.dir + '/' + ('0000' + at).slice(-5) + '.xml', whole.subarray(0, at));
    });
    finish();
  }
  window.onPlaygroundReady = T.docsOnly ? readDocs : run;
})();
