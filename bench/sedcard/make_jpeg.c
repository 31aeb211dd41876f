/* make_jpeg.c: writes a noisy RGB JPEG of WIDTH × HEIGHT at quality Q (the sedcard bench's 5 MB
 * upload). Noise compresses badly, so the file is large for its size in pixels.
 * Usage: make_jpeg OUT.jpg WIDTH HEIGHT Q */
#include <stdio.h>
#include <stdlib.h>
#include <vips/vips.h>

int main(int argc, char** argv) {
    if (argc != 5 || VIPS_INIT(argv[0])) return 2;
    int w = atoi(argv[2]), h = atoi(argv[3]), q = atoi(argv[4]);
    VipsImage *r, *g, *b, *rgb, *u8;
    VipsImage* bands[3];
    if (vips_gaussnoise(&r, w, h, "mean", 128.0, "sigma", 60.0, NULL) || vips_gaussnoise(&g, w, h, "mean", 128.0, "sigma", 60.0, NULL) ||
        vips_gaussnoise(&b, w, h, "mean", 128.0, "sigma", 60.0, NULL))
        return 1;
    bands[0] = r, bands[1] = g, bands[2] = b;
    if (vips_bandjoin(bands, &rgb, 3, NULL) || vips_cast_uchar(rgb, &u8, NULL)) return 1;
    VipsImage* srgb;
    if (vips_copy(u8, &srgb, "interpretation", VIPS_INTERPRETATION_sRGB, NULL)) return 1;
    if (vips_jpegsave(srgb, argv[1], "Q", q, NULL)) {
        fprintf(stderr, "%s\n", vips_error_buffer());
        return 1;
    }
    return 0;
}
