/*
 * The vendored Unicode data is byte-exact: every line of data/ucd/17.0.0/SHA256SUMS names
 * an existing file whose SHA-256 matches, and every file of the folder (recursively,
 * except SHA256SUMS, LICENSE.txt and README.md) is listed.
 *
 * SHA-256 is implemented here from FIPS 180-4 §6.2 and checked first against its
 * published test vectors.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testlib.h"

/* ------------------------------------------------------------------ SHA-256 (FIPS 180-4) */

typedef struct sha256 {
    uint32_t h[8];
    unsigned char block[64];
    size_t used;     /* bytes in block */
    uint64_t length; /* message length in bytes */
} sha256;

/* §4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

/* §6.2.2: one 512-bit block. */
static void sha256_block(sha256 *c, const unsigned char *p)
{
    uint32_t w[64], a, b, cc, d, e, f, g, h;
    for (int t = 0; t < 16; t++)
        w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 |
               (uint32_t)p[4 * t + 2] << 8 | (uint32_t)p[4 * t + 3];
    for (int t = 16; t < 64; t++) {
        uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = s1 + w[t - 7] + s0 + w[t - 16];
    }
    a = c->h[0], b = c->h[1], cc = c->h[2], d = c->h[3];
    e = c->h[4], f = c->h[5], g = c->h[6], h = c->h[7];
    for (int t = 0; t < 64; t++) {
        uint32_t S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        uint32_t ch = (e & f) ^ (~e & g);
        uint32_t t1 = h + S1 + ch + K[t] + w[t];
        uint32_t S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        uint32_t maj = (a & b) ^ (a & cc) ^ (b & cc);
        uint32_t t2 = S0 + maj;
        h = g, g = f, f = e, e = d + t1;
        d = cc, cc = b, b = a, a = t1 + t2;
    }
    c->h[0] += a, c->h[1] += b, c->h[2] += cc, c->h[3] += d;
    c->h[4] += e, c->h[5] += f, c->h[6] += g, c->h[7] += h;
}

static void sha256_init(sha256 *c)
{
    /* §5.3.3: the first 32 bits of the fractional parts of the square roots of the first
     * 8 primes. */
    static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(c->h, h0, sizeof h0);
    c->used = 0;
    c->length = 0;
}

static void sha256_update(sha256 *c, const void *data, size_t n)
{
    const unsigned char *p = data;
    c->length += n;
    while (n > 0) {
        if (c->used == 0 && n >= 64) {
            sha256_block(c, p);
            p += 64;
            n -= 64;
            continue;
        }
        size_t k = 64 - c->used < n ? 64 - c->used : n;
        memcpy(c->block + c->used, p, k);
        c->used += k;
        p += k;
        n -= k;
        if (c->used == 64) {
            sha256_block(c, c->block);
            c->used = 0;
        }
    }
}

/* §5.1.1: append 1, zeros to 448 mod 512 bits, then the bit length as 64 bits. */
static void sha256_final(sha256 *c, char hex[65])
{
    uint64_t bits = c->length * 8;
    unsigned char pad[72] = {0x80};
    size_t padlen = (c->used < 56 ? 56 : 120) - c->used;
    for (int i = 0; i < 8; i++)
        pad[padlen + (size_t)i] = (unsigned char)(bits >> (56 - 8 * i));
    sha256_update(c, pad, padlen + 8);
    for (int i = 0; i < 8; i++)
        snprintf(hex + 8 * i, 9, "%08x", c->h[i]);
}

static void sha256_hex(const void *data, size_t n, char hex[65])
{
    sha256 c;
    sha256_init(&c);
    sha256_update(&c, data, n);
    sha256_final(&c, hex);
}

static int sha256_vectors(void)
{
    int ok = 1;
    char hex[65];
    /* FIPS 180-4 examples (NIST "Cryptographic Standards and Guidelines", SHA-256). */
    static const struct {
        const char *msg;
        const char *digest;
    } v[] = {
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
         "klmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        sha256_hex(v[i].msg, strlen(v[i].msg), hex);
        ok &= CHECK(strcmp(hex, v[i].digest) == 0, "SHA-256(\"%s\") = %s", v[i].msg, hex);
        /* the same message fed one byte at a time */
        sha256 c;
        sha256_init(&c);
        for (size_t k = 0; v[i].msg[k]; k++)
            sha256_update(&c, v[i].msg + k, 1);
        sha256_final(&c, hex);
        ok &= CHECK(strcmp(hex, v[i].digest) == 0, "SHA-256 bytewise(\"%s\") = %s", v[i].msg, hex);
    }
    /* one million 'a', in uneven pieces */
    static char a[1000000];
    memset(a, 'a', sizeof a);
    sha256 c;
    sha256_init(&c);
    for (size_t off = 0, step = 1; off < sizeof a; off += step, step = step * 3 % 1013 + 1)
        sha256_update(&c, a + off, off + step <= sizeof a ? step : sizeof a - off);
    sha256_final(&c, hex);
    ok &= CHECK(strcmp(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0") == 0,
                "SHA-256(1,000,000 x 'a') = %s", hex);
    return ok;
}

/* ------------------------------------------------------------------ SHA256SUMS */

typedef struct entry {
    char digest[65];
    char path[256];
    int seen; /* found on disk by the directory walk */
} entry;

static entry entries[256];
static size_t n_entries;

static int is_hex_lower(char ch) { return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'); }

/* "<64 hex>  <path>" per line (sha256sum's text mode; "*" marks binary mode). */
static void parse_sums(char *text)
{
    size_t lineno = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        lineno++;
        size_t n = strlen(line);
        if (n && line[n - 1] == '\r')
            line[--n] = '\0';
        if (n == 0)
            continue;
        int ok = n > 66 && line[64] == ' ' && (line[65] == ' ' || line[65] == '*');
        for (int i = 0; ok && i < 64; i++)
            ok = is_hex_lower(line[i]);
        const char *path = line + 66;
        /* paths stay inside the folder */
        ok = ok && path[0] != '/' && !strstr(path, "..") && strlen(path) < sizeof entries[0].path;
        if (!CHECK(ok, "SHA256SUMS line %zu is malformed: %s", lineno, line))
            continue;
        if (!CHECK(n_entries < sizeof entries / sizeof entries[0], "too many entries"))
            return;
        for (size_t j = 0; j < n_entries; j++)
            CHECK(strcmp(entries[j].path, path) != 0, "%s listed twice", path);
        entry *e = &entries[n_entries++];
        memcpy(e->digest, line, 64);
        e->digest[64] = '\0';
        strcpy(e->path, path);
        e->seen = 0;
    }
}

static int hash_file(const char *path, char hex[65])
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    sha256 c;
    static unsigned char buf[65536];
    size_t got;
    sha256_init(&c);
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        sha256_update(&c, buf, got);
    int ok = !ferror(f);
    fclose(f);
    sha256_final(&c, hex);
    return ok;
}

static size_t walked;

/* Every regular file under dir/rel must be listed (except the three files that describe
 * the folder itself). */
static void walk(const char *root, const char *rel)
{
    char dirpath[1024];
    snprintf(dirpath, sizeof dirpath, "%s%s", root, rel);
    DIR *d = opendir(dirpath);
    if (!CHECK(d != NULL, "cannot open folder %s", dirpath))
        return;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        char sub[512], full[1536];
        snprintf(sub, sizeof sub, "%s%s", rel, de->d_name);
        snprintf(full, sizeof full, "%s%s", root, sub);
        struct stat st;
        if (!CHECK(stat(full, &st) == 0, "cannot stat %s", full))
            continue;
        if (S_ISDIR(st.st_mode)) {
            char subdir[520];
            snprintf(subdir, sizeof subdir, "%s/", sub);
            walk(root, subdir);
            continue;
        }
        if (strcmp(sub, "SHA256SUMS") == 0 || strcmp(sub, "LICENSE.txt") == 0 ||
            strcmp(sub, "README.md") == 0)
            continue;
        walked++;
        size_t j;
        for (j = 0; j < n_entries; j++)
            if (strcmp(entries[j].path, sub) == 0)
                break;
        if (CHECK(j < n_entries, "%s%s is not listed in SHA256SUMS", root, sub))
            entries[j].seen = 1;
    }
    closedir(d);
}

/* Checks one vendored folder: every file listed in its SHA256SUMS, and listed when found. */
static void check_folder(const char *root)
{
    char path_sums[1100];
    size_t len, compared = 0;
    char *sums;
    n_entries = 0;
    walked = 0;
    snprintf(path_sums, sizeof path_sums, "%sSHA256SUMS", root);
    sums = t_read_file(path_sums, &len);
    if (!CHECK(sums != NULL, "cannot read %s", path_sums))
        return;
    parse_sums(sums);
    free(sums);
    CHECK(n_entries > 0, "%s lists no file", path_sums);

    for (size_t i = 0; i < n_entries; i++) {
        char path[1536], hex[65];
        snprintf(path, sizeof path, "%s%s", root, entries[i].path);
        if (!CHECK(hash_file(path, hex), "%s is listed but cannot be read", path))
            continue;
        compared++;
        CHECK(strcmp(hex, entries[i].digest) == 0, "%s: SHA-256 %s, SHA256SUMS says %s", path,
              hex, entries[i].digest);
    }
    walk(root, "");
    for (size_t i = 0; i < n_entries; i++)
        CHECK(entries[i].seen, "%s is listed but was not found as a regular file", entries[i].path);
    printf("compared %zu files with SHA256SUMS (%zu files in %s)\n", compared, walked, root);
}

int main(void)
{
    char root[1024], psl[1100], samples[1100];
    if (!sha256_vectors()) /* a wrong SHA-256 would make every comparison meaningless */
        return t_summary();
    snprintf(root, sizeof root, "%s", t_data_path("")); /* "data/ucd/17.0.0/" */
    check_folder(root);
    /* The Public Suffix List sits two folders up, in data/psl/. */
    snprintf(psl, sizeof psl, "%s../../psl/", root);
    check_folder(psl);
    /* The bundled samples (data/samples/), which the demo and the scan tests read. */
    snprintf(samples, sizeof samples, "%s../../samples/", root);
    check_folder(samples);
    return t_summary();
}
