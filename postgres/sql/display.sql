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
