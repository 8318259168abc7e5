-- The visual form and the display key (the key ibidi scan groups on).
SELECT ibidi_display('שלום.com') AS ltr, ibidi_display('שלום.com', 'rtl') AS rtl,
       ibidi_display('example.com') AS ascii;
-- Arabic with Arabic-Indic digits, and the name as written (no ToUnicode: the key maps)
SELECT ibidi_display('مثال١٢.com') AS arabic, ibidi_display('Example.COM') AS as_written;
-- 123.ABC.com and ABC.123.com (RFC 5893 §2's example) show the same glyphs: one key
SELECT n, ibidi_display_key(n, 'ltr') AS ltr_key, ibidi_display_key(n, 'rtl') AS rtl_key
FROM (VALUES ('אבג.123.com'), ('123.אבג.com'), ('שלום.com'), ('XN--9DBNE9B.COM'),
             ('Example.COM')) AS t(n);
SELECT ibidi_display_key('אבג.123.com', 'ltr') = ibidi_display_key('123.אבג.com', 'ltr')
       AS same_ltr,
       ibidi_display_key('אבג.123.com', 'rtl') = ibidi_display_key('123.אבג.com', 'rtl')
       AS same_rtl;
-- a form that is no domain name has no display key
SELECT ibidi_display_key('a b.com', 'ltr') IS NULL AS no_key,
       ibidi_display_key(repeat('a', 300), 'ltr') IS NULL AS too_long;
-- the root's dot: the name אב.com. is אב.com, one key (ibidi scan strips it too)
SELECT ibidi_display_key('אב.com.', 'ltr') AS fqdn_key,
       ibidi_display_key('אב.com.', 'ltr') = ibidi_display_key('אב.com', 'ltr') AS same_key;
-- The 2012 bidi IRI guidelines' section 2 test: an IRI with right-to-left labels needs an
-- embedding in a right-to-left line, not between Latin words in a left-to-right one
SELECT ibidi_needs_embedding('http://ab.גדה.וזח/ij', 'rtl', 'x ', ' y') AS rtl_line,
       ibidi_needs_embedding('http://ab.גדה.וזח/ij', 'ltr', 'see ', ' now') AS ltr_line,
       ibidi_needs_embedding('example.com') AS alone,
       ibidi_needs_embedding('אב.com', 'rtl', '', '', 'domain') AS domain_rtl;
SELECT ibidi_needs_embedding('a b', 'ltr', '', '', 'domain');
SELECT ibidi_needs_embedding('a.com', 'ltr', '', '', 'url');
-- Look-alikes (UTS #39 §4): the skeleton, and the bidi skeleton in each paragraph
-- direction. pаypal.com (U+0430) has paypal.com's skeleton; ססו.com (samekh samekh vav)
-- has loo.com's bidi skeleton in a left-to-right paragraph, not its plain skeleton; an
-- A-label is judged by its U-label.
SELECT n, ibidi_skeleton(n) AS skeleton, ibidi_skeleton(n, 'ltr') AS ltr,
       ibidi_skeleton(n, 'rtl') AS rtl
FROM (VALUES ('pаypal.com'), ('paypal.com'), ('ססו.com'), ('loo.com'),
             ('xn--pypal-4ve.com')) AS t(n);
SELECT ibidi_skeleton('pаypal.com') = ibidi_skeleton('paypal.com') AS confusable,
       ibidi_skeleton('ססו.com', 'ltr') = ibidi_skeleton('loo.com', 'ltr') AS ltr_lookalike,
       ibidi_skeleton('ססו.com') = ibidi_skeleton('loo.com') AS plain_lookalike;
