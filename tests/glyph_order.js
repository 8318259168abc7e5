// Test-only, put before tests/web_drive.js and tests/scan_html_measure.js into the pages
// they drive: where the browser drew each character of an element. glyphOrder(el,
// skipMarks) gives {text, oneLine}: the characters left to right by the middle of their
// box, and whether all stand on one line. A character without width (ZWNJ, a bidi
// control) has no place of its own and is left out; with skipMarks, so is a combining
// mark, which is drawn on its base (whose box it shares).
function glyphOrder(el, skipMarks) {
  'use strict';
  var chars = [];
  var walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  var node;
  while ((node = walk.nextNode())) {
    var t = node.data;
    for (var k = 0; k < t.length;) {
      var n = t.codePointAt(k) > 0xFFFF ? 2 : 1;
      var r = document.createRange();
      r.setStart(node, k);
      r.setEnd(node, k + n);
      var b = r.getBoundingClientRect();
      var c = t.substr(k, n);
      if (b.width > 0 && !(skipMarks && /\p{M}/u.test(c)))
        chars.push({c: c, x: b.left + b.width / 2, y: b.top});
      k += n;
    }
  }
  var oneLine = chars.every(function (c) { return Math.abs(c.y - chars[0].y) < 1; });
  chars.sort(function (a, b) { return a.x - b.x; });
  return {text: chars.map(function (c) { return c.c; }).join(''), oneLine: oneLine};
}
