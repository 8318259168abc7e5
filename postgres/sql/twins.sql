-- Display twins: every other domain name showing the same glyphs, valid ones first.
SELECT * FROM ibidi_twins('אב.12.com');
SELECT * FROM ibidi_twins('אב.12.com', 'rtl');
SELECT count(*) AS twins FROM ibidi_twins('example.com');
SELECT * FROM ibidi_twins('xn--4db.12.com');
