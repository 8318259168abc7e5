-- How to show an identifier (ibidi show --json): each label in Unicode or as its A-label,
-- the string to show and the reasons. The issue's cases under the default policy:
-- 123.אבג.com and אבג.123.com break the Bidi Rule across their labels (B1), ססו.com
-- displays like a protected loo.com, pаypal.com mixes scripts.
SELECT n, ibidi_show(n)->>'show' AS show, ibidi_show(n)->'unicode' AS in_unicode,
       (SELECT string_agg(r->>'code', ', ') FROM jsonb_array_elements(ibidi_show(n)->'reasons') r)
           AS reasons
FROM (VALUES ('123.אבג.com'), ('אבג.123.com'), ('pаypal.com'), ('مثال.إختبار'),
             ('example.com')) AS t(n);
SELECT ibidi_show('ססו.com', 'default', 'ltr', ARRAY['loo.com'])->>'show' AS protected_show,
       (SELECT string_agg(r->>'code', ', ')
        FROM jsonb_array_elements(ibidi_show('ססו.com', 'default', 'ltr',
                                             ARRAY['loo.com'])->'reasons') r) AS reasons;
-- Chromium checks the Bidi Rule label by label: both show in Unicode there
SELECT ibidi_show('123.אבג.com', 'chromium')->>'show' AS chromium_show;
-- the labels, and a mail address (its domain decided, its local part kept)
SELECT l->>'label' AS label, l->>'shown' AS shown, l->>'as' AS shown_as
FROM jsonb_array_elements(ibidi_show('user@ססו.com')->'labels') l;
-- one record for every input: ill-formed or unknown arguments are errors, an input that
-- is no identifier a record that says so
SELECT ibidi_show('http://[::1')->'error'->>'status' AS no_identifier;
SELECT ibidi_show('a.com', 'edge');
SELECT ibidi_show('a.com', 'default', 'up');
SELECT ibidi_show('a.com', 'default', 'ltr', ARRAY['a..b']);
SELECT ibidi_show(NULL) IS NULL AS null_in_null_out;
